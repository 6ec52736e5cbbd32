"""Othello's searches spread over several workers: the computer's move, hints, exact solves.

The coordinator (:func:`start` and :func:`step`: pure, no clock, no I/O; the pool hands in
the seconds elapsed since the start) goes through the phases of one engine's search
(``Engine.think``, ``Engine.analysis``, ``Solver.solve``) and splits at the root
(:mod:`flipside.split`) the iterative deepening from ``SPLIT_DEPTH`` plies on and the exact
solves. The shallower depths run on one worker as one task (``deepen``: there a task would
cost more than its search), and so do the win/draw/loss searches (``outcome``), which end
at the first winning move. A worker answers each task with ``tasks.run_task``.

With one worker the tasks come one after the other, in a single search's order and windows:
the same moves and values at a fixed depth.
"""

from __future__ import annotations

import os
from typing import Any

import flipside.split as shared_split
from flipside.othello.ai.endgame import squares_of
from flipside.othello.ai.engine import (
    HINT_SOLVE_FACTOR,
    LEVELS,
    OUTCOME_SPEEDUP,
    PRESEARCH_SHARE,
    PROBABLE_SHARE,
    PROBABLE_SPEEDUP,
    SOLVE_CHANCE,
    Engine,
    engine_at,
    solve_estimate,
)
from flipside.othello.ai.evaluation import SCALE, evaluate
from flipside.othello.ai.openings import book_move
from flipside.othello.ai.search import (
    INF,
    START_SHARE,
    UNSTABLE_DROP,
    UNSTABLE_START_SHARE,
    DepthResult,
    depth_limit,
    next_fits,
)
from flipside.othello.bitboard import FLIPS, legal_moves
from flipside.othello.board import Board
from flipside.othello.notation import PASS_MOVE, parse_square, square_name

JSON = Any
SPLIT_DEPTH = 5
"""Depths from this one on are split over the workers; the shallower ones are one task."""
GUESS = False
"""Idle workers search the other root moves against a guess while the first is searched:
not for Othello, whose value moves with the depth's parity (measured: more nodes, no
time saved; docs/notes/2026-11-27-parallel-search.md)."""
SUB_DEPTH = 7
"""From this depth on, with several workers, the first root move's replies are split too."""
HINT_DEPTH = 4
"""Hints' midgame depth cap in the exact range (as ``Engine.analysis``)."""
KINDS = ("think", "hints", "solve")


# -- the coordinator ---------------------------------------------------------------------------


def start(
    kind: str,
    board: Board,
    level: int,
    budget: float | None,
    workers: int,
    engine: Engine | None = None,
    seed: int | None = None,
) -> JSON:
    """The first step of a split ``kind`` of search of ``board``: ``think`` at ``level``
    within ``budget`` seconds, ``hints`` (every move's value) or ``solve`` (exact score and
    every best move; at least two moves). A move with no search to split (a book move, a
    forced move, a level with noise, a position on the engine's last solved line) is
    answered at once by ``engine`` (default: this process's engine at the level; ``seed`` for
    its random choices), as ``think`` would."""
    shared_split.pool_state(workers)  # a ValueError for a bad number of workers
    P, O = board.bits()
    if kind == "think":
        engine = engine or engine_at(level)
    if kind == "think" and engine and (_at_once(P, O, level) or on_line(engine, P, O)):
        if seed is not None:
            engine.random.seed(seed)
        reports: list[JSON] = []
        info = engine.think(board, seconds=budget, on_depth=reports.append)
        return shared_split.step(None, [], reports, info)
    empties = 64 - (P | O).bit_count()
    settings = LEVELS[level]
    state = {
        **shared_split.pool_state(workers),
        "game": "othello",
        "kind": kind,
        "session": os.urandom(8).hex(),  # not random's: a restored snapshot repeats it
        "position": board.position(),
        "level": level,
        "budget": budget,
        "empties": empties,
        "selectivity": settings.selectivity if kind == "think" else 0.0,
        "nodes": 0,
        "order": [],
        "result": None,
        "likely": None,
        "probable": False,
        "tries": False,
        "estimate": 0.0,
        "phase": None,
        "serial": 0,
        "sub_owner": {},
    }
    reports = []
    if kind == "solve":
        _search(state, "presearch", 0.0, min(HINT_DEPTH, empties), None, None, False)
    elif kind == "hints":
        solving = empties <= settings.endgame
        depth = min(max(settings.depth, 2), empties, HINT_DEPTH if solving else 60)
        share = None if budget is None else budget * (0.25 if solving else 1.0)
        _search(state, "hints", 0.0, depth, share, None, True)
    else:
        assert budget is not None
        limit = settings.endgame + settings.outcome
        state["probable"] = settings.probable > 0 and empties <= limit + settings.probable
        if empties <= limit:
            depth = min(settings.depth, empties, 6)
            _search(state, "presearch", 0.0, depth, budget * PRESEARCH_SHARE, None, False)
        else:
            _midgame(state, 0.0, reports)
    return _advance(state, 0.0, reports)


def pool_think(pool: Any, engine: Engine, board: Board, seconds: float | None = None) -> JSON:
    """``engine.think(board, seconds)`` searched over a pool of worker processes
    (:class:`flipside.workers.Pool`): the same kind of answer. A midgame move is searched by
    all the workers on one shared table (``shared_search``) when the pool has shared memory
    (a virtual pool has not); the endgame's is split here."""
    from flipside.othello.ai import shared_search  # native only: the page has no such pool

    budget = engine.settings.seconds if seconds is None else seconds
    P, O = board.bits()
    shared = getattr(pool, "shared_block", None) is not None and pool.size > 1
    if shared and not _at_once(P, O, engine.level) and shared_search.shares(engine, board):
        return shared_search.pool_think(pool, engine, board, budget)
    first = start("think", board, engine.level, budget, pool.size, engine)
    answer: JSON = pool.search("flipside.othello.ai.tasks", first, step)
    keep_line(engine, board, answer)
    return answer


def on_line(engine: Engine, P: int, O: int) -> bool:
    """Whether ``(P, O)`` is on ``engine``'s last solved line (its move known, exact)."""
    return engine.solved.at(P, O) is not None


def keep_line(engine: Engine, board: Board, answer: JSON) -> None:
    """Give ``engine`` the line of a split search's exact ``answer`` in ``board`` (as its own
    solve keeps it), so that a later position on it is answered at once; a line with a move
    that is not legal where it comes raises ValueError."""
    if not answer.get("exact"):
        return
    walk = board.copy()
    squares = []
    for name in answer["pv"]:
        if name == "pass":
            continue
        if not walk.has_legal_move() and not walk.is_game_over():
            walk.push(PASS_MOVE)
        walk.push_str(name)
        squares.append(parse_square(name))
    engine.solved.keep(*board.bits(), squares, answer["score"])


def _at_once(P: int, O: int, level: int) -> bool:
    """A move with nothing to split: a forced move, a level with noise, a book move."""
    settings = LEVELS[level]
    moves = legal_moves(P, O)
    if settings.noise > 0 or not moves & (moves - 1):
        return True
    return settings.book and book_move(P, O) is not None


def step(state: JSON, done: list[JSON], elapsed: float) -> JSON:
    """The next step after the tasks in ``done`` (each ``{task, result}``, or ``{task,
    error}`` when its worker was lost: its work is handed out again) at ``elapsed`` seconds
    since the start."""
    reports: list[JSON] = []
    for item in done:
        task = item["task"]
        if not shared_split.release(state, task):
            continue
        phase = state["phase"]
        if task.get("phase") != phase["serial"]:
            continue  # a result for a phase that is over
        if "result" not in item:
            _lost(state, task)
            continue
        result = item["result"]
        state["nodes"] += result.get("nodes", 0)
        if result.get("stopped"):
            phase["over"] = phase["stopped"] = True
        elif task["kind"] == "deepen":
            _deepened(state, task, result, elapsed, reports)
        elif task["kind"] == "outcome":
            phase["found"] = result
            phase["over"] = True
        else:
            it = phase["sub"] if task.get("sub") else phase["it"]
            shared_split.take(it, task["worker"], result["values"], result.get("pvs"))
    return _advance(state, elapsed, reports)


def _lost(state: JSON, task: JSON) -> None:
    """A task whose worker was lost: a root move goes back to its iteration's queue, a
    one-worker task is given again."""
    phase = state["phase"]
    if task["kind"] in ("move", "solve"):
        shared_split.give_back(phase["sub"] if task.get("sub") else phase["it"], task["worker"])
    else:
        phase["issued"] = False


def _search(
    state: JSON,
    name: str,
    elapsed: float,
    max_depth: int,
    budget: float | None,
    hard: float | None,
    all_values: bool,
) -> None:
    """Begin an iterative-deepening phase (as ``Searcher.run``: depth 1 up to ``max_depth``
    within ``budget`` seconds, ``hard`` for an unstable position or a selective search)."""
    state["serial"] += 1
    state["phase"] = {
        "type": "search",
        "name": name,
        "serial": state["serial"],
        "t0": elapsed,
        "max_depth": max_depth,
        "budget": budget,
        "hard": budget if budget is None or hard is None else max(hard, budget),
        "all": all_values,
        "deadline": None if budget is None else elapsed + budget,
        "history": [],
        "finished": [0.0],
        "result": None,
        "it": None,
        "issued": False,
        "over": False,
        "stopped": False,
    }


def _solve(
    state: JSON,
    name: str,
    mode: str,
    order: list[str],
    deadline: float | None,
    guess: int | None = None,
) -> None:
    """Begin an exact phase: every root move solved, split as ``mode`` (``guess``: the
    midgame search's score, an aspiration window's centre for the first move)."""
    state["serial"] += 1
    it = shared_split.iteration(order, state["empties"], mode, 64, guess)
    state["phase"] = {
        "type": "solve",
        "name": name,
        "serial": state["serial"],
        "it": it,
        "deadline": deadline,
        "guess": guess,
        "over": False,
        "stopped": False,
    }


def _outcome(state: JSON, name: str, probable: bool, deadline: float) -> None:
    """Begin a win/draw/loss search on one worker (selective when ``probable``)."""
    state["serial"] += 1
    state["phase"] = {
        "type": "outcome",
        "name": name,
        "serial": state["serial"],
        "probable": probable,
        "deadline": deadline,
        "found": None,
        "issued": False,
        "over": False,
        "stopped": False,
    }


def _deepened(state: JSON, task: JSON, result: JSON, elapsed: float, reports: list[JSON]) -> None:
    """The shallow depths one worker searched: each reported, then the time rules."""
    phase = state["phase"]
    depths = result["depths"]
    before = state["nodes"] - result["nodes"]
    for depth in depths:
        depth["nodes"] += before
        depth["seconds"] = round(task["began"] + depth["seconds"], 3)
        reports.append(depth)
    for depth in depths[:-1]:
        phase["history"].append((depth["move"], depth["score"]))
        phase["finished"].append(depth["seconds"] - phase["t0"])
    state["order"] = result["order"]
    if len(depths) < task["depth"]:  # ended by the time rules
        phase["result"] = depths[-1]
        phase["over"] = True
    else:
        _depth_done(state, depths[-1], elapsed)


def _depth_done(state: JSON, result: JSON, elapsed: float) -> None:
    """After a finished depth: the time rules of ``Searcher.run`` decide whether the next
    one starts (and until when it may run)."""
    phase = state["phase"]
    phase["result"] = result
    phase["history"].append((result["move"], result["score"]))
    depth = result["depth"]
    if depth >= state["empties"] or depth >= phase["max_depth"]:
        phase["over"] = True
        return
    budget = phase["budget"]
    if budget is None:
        return
    history = phase["history"]
    unstable = len(history) >= 3 and (
        history[-1][0] != history[-2][0] or history[-1][1] < history[-3][1] - UNSTABLE_DROP
    )
    share = UNSTABLE_START_SHARE if unstable else START_SHARE
    now = elapsed - phase["t0"]
    phase["finished"].append(now)
    limit = depth_limit(budget, phase["hard"], unstable, state["selectivity"])
    if now > share * budget and not next_fits(phase["finished"], limit, state["selectivity"]):
        phase["over"] = True
        return
    phase["deadline"] = phase["t0"] + limit


def _advance(state: JSON, elapsed: float, reports: list[JSON]) -> JSON:
    """Hand out the tasks the current phase wants now, or go on to the next phase, or
    answer."""
    tasks: list[JSON] = []
    while True:
        phase = state["phase"]
        if phase["type"] == "search":
            if not phase["over"]:
                _search_tasks(state, elapsed, tasks, reports)
        elif phase["type"] == "solve":
            if not phase["over"]:
                _solve_tasks(state, elapsed, tasks)
        elif not phase["issued"] and not phase["over"]:
            seconds = phase["deadline"] - elapsed
            if seconds <= 0:
                phase["over"] = True
            elif (idle := shared_split.idle(state)) != []:
                phase["issued"] = True
                order = state["order"] or [state["result"]["move"]]
                fields = {"kind": "outcome", "order": order, "probable": phase["probable"]}
                tasks.append(_task(state, idle[0], fields, seconds))
        if not phase["over"]:
            return shared_split.step(state, tasks, reports)
        answer = _next(state, elapsed, reports)
        if answer is not None:
            return shared_split.step(state, [], reports, answer)


def _task(state: JSON, worker: int, fields: JSON, seconds: float | None) -> JSON:
    return shared_split.task(
        state,
        worker,
        {
            "game": "othello",
            "session": state["session"],
            "position": state["position"],
            "level": state["level"],
            "table": "engine" if state["kind"] == "think" else "own",
            "selectivity": state["selectivity"],
            "phase": state["phase"]["serial"],
            "seconds": None if seconds is None else round(seconds, 4),
            **fields,
        },
    )


def _search_tasks(state: JSON, elapsed: float, tasks: list[JSON], reports: list[JSON]) -> None:
    phase = state["phase"]
    idle = shared_split.idle(state)
    if phase["it"] is None and phase["result"] is None:
        if not phase["issued"] and idle:
            phase["issued"] = True
            depth = min(phase["max_depth"], SPLIT_DEPTH - 1)
            fields = {
                "kind": "deepen",
                "depth": depth,
                "all": phase["all"],
                "budget": phase["budget"],
                "hard": phase["hard"],
                "began": round(elapsed, 4),
            }
            tasks.append(_task(state, idle[0], fields, None))
        return
    it = phase["it"]
    if it is not None and phase.get("sub") is None and shared_split.finished(it):
        _iteration_done(state, elapsed, reports)
        if phase["over"]:
            return
        it = None
    if it is None:
        depth = phase["result"]["depth"] + 1
        mode = "all" if phase["all"] else "pvs"
        guess = _guess(phase["history"]) if GUESS else None
        it = phase["it"] = shared_split.iteration(state["order"], depth, mode, INF, guess)
        if mode == "pvs" and state["workers"] > 1 and depth >= SUB_DEPTH:
            _split_first(state, phase["result"]["pv"])
    seconds = None
    if phase["deadline"] is not None:
        seconds = phase["deadline"] - elapsed
        if seconds <= 0:
            phase["over"] = phase["stopped"] = True
            return
    sub = phase.get("sub")
    if sub is not None and shared_split.finished(sub):
        value, line = -sub["alpha"], [phase["sub_move"], *shared_split.line(sub)]
        shared_split.settle_first(it, phase["sub_move"], value, line)
        sub = phase["sub"] = None
    idle = shared_split.idle(state)
    if sub is not None:
        chunk = shared_split.chunk_size(sub, state["workers"])
        for worker, job in shared_split.assign(sub, idle, state["sub_owner"], chunk):
            fields = {"kind": "move", "depth": sub["depth"], "after": phase["sub_move"]}
            tasks.append(_task(state, worker, {**fields, **_job(job), "sub": True}, seconds))
            idle.remove(worker)
    for worker, job in shared_split.assign(
        it, idle, state["owner"], shared_split.chunk_size(it, state["workers"])
    ):
        fields = {"kind": "move", "depth": it["depth"], **_job(job)}
        tasks.append(_task(state, worker, fields, seconds))


def _split_first(state: JSON, pv: list[str]) -> None:
    """The first move's search split too, one ply down: its replies become an iteration of
    their own (the last line's reply first, the others in the order the search would try
    them), whose best value, negated, is the first move's value."""
    phase = state["phase"]
    first = phase["it"]["order"][0]
    P, O = Board.from_position(state["position"]).bits()
    sq = parse_square(first)
    f = FLIPS[sq](P, O)
    Q, R = O ^ f, P | f | (1 << sq)
    replies = legal_moves(Q, R)
    if not replies & (replies - 1):
        return  # a pass or a single reply: nothing to split
    ranked = []
    for reply in squares_of(replies):
        g = FLIPS[reply](Q, R)
        ranked.append((evaluate(R ^ g, Q | g | (1 << reply)), reply))
    order = [square_name(reply) for _, reply in sorted(ranked)]
    hint = pv[1] if len(pv) > 1 and pv[0] == first else None
    if hint in order:
        order.remove(hint)
        order.insert(0, hint)
    phase["it"]["queue"].pop(0)  # the first move's value comes from its replies
    phase["sub"] = shared_split.iteration(order, phase["it"]["depth"] - 1, "pvs", INF)
    phase["sub_move"] = first


def _guess(history: list[Any]) -> int:
    """The value two depths before (the same parity: an odd depth's value and an even
    one's differ by a disc or two), in the search's units."""
    value: float = history[-2 if len(history) > 1 else -1][1]
    return round(value * SCALE)


def _job(job: JSON) -> JSON:
    """Root moves' task fields: the moves, their window, and whether to find each one's line
    (not for a null-window search, whose value is only a bound)."""
    window = {"alpha": job["alpha"], "beta": job["beta"]}
    return {"moves": job["moves"], "job": job["kind"], **window, "pv": job["kind"] != "null"}


def _iteration_done(state: JSON, elapsed: float, reports: list[JSON]) -> None:
    phase = state["phase"]
    it = phase["it"]
    scores = {m: v / SCALE for m, v in it["values"].items()} if phase["all"] else {}
    result = DepthResult(
        it["depth"],
        parse_square(it["best"]),
        it["alpha"] / SCALE,
        [parse_square(m) for m in shared_split.line(it)],
        state["nodes"],
        False,
        elapsed,
        {parse_square(m): v for m, v in scores.items()},
    ).to_dict()
    state["order"] = shared_split.ordered(it)
    reports.append(result)
    phase["it"] = None
    _depth_done(state, result, elapsed)


def _solve_tasks(state: JSON, elapsed: float, tasks: list[JSON]) -> None:
    phase = state["phase"]
    it = phase["it"]
    if shared_split.finished(it):
        phase["over"] = True
        return
    seconds = None
    if phase["deadline"] is not None:
        seconds = phase["deadline"] - elapsed
        if seconds <= 0:
            phase["over"] = phase["stopped"] = True
            return
    chunk = shared_split.chunk_size(it, state["workers"])
    for worker, job in shared_split.assign(it, shared_split.idle(state), state["owner"], chunk):
        guess = phase["guess"] if job["kind"] == "first" else None
        fields = {"kind": "solve", **_job(job), "guess": guess}
        tasks.append(_task(state, worker, fields, seconds))


# -- the phases, as a single search goes through them ------------------------------------------


def _midgame(state: JSON, elapsed: float, reports: list[JSON]) -> JSON | None:
    """The midgame search of ``Engine.think`` (after a pre-search: with the time left,
    if any); None when it has begun, else what follows it."""
    settings = LEVELS[state["level"]]
    budget = state["budget"]
    until = budget * (PROBABLE_SHARE if state["probable"] else 1.0)
    left = until - elapsed
    if state["result"] is not None and left <= 0:
        return _after_midgame(state, elapsed, reports)
    hard_left = until * settings.hard_limit - elapsed
    depth = min(settings.depth, state["empties"])
    _search(state, "midgame", elapsed, depth, left, max(left, hard_left), False)
    return None


def _after_midgame(state: JSON, elapsed: float, reports: list[JSON]) -> JSON | None:
    """A selective win/draw/loss search when it fits in the time (17-22 empties at the top
    level); else the midgame search's move."""
    settings = LEVELS[state["level"]]
    solve_end = max(state["budget"], 0.01) * settings.solve_limit
    estimate = solve_estimate(state["empties"], state["nodes"] / max(elapsed, 1e-3))
    if state["probable"] and estimate / PROBABLE_SPEEDUP <= SOLVE_CHANCE * (solve_end - elapsed):
        _outcome(state, "probable", True, solve_end)
        return None
    return _finish(state, None, reports)


def _next(state: JSON, elapsed: float, reports: list[JSON]) -> JSON | None:
    """The phase after the one just over (as ``Engine.think`` goes on), or the answer."""
    phase = state["phase"]
    if phase["type"] == "search" and phase["result"] is not None:
        result, it = phase["result"], phase["it"]
        if phase["stopped"] and it is not None and it["improved"]:
            # a move proven better than the last depth's best in the abandoned depth
            result = {**result, "move": it["improved"], "pv": [it["improved"]]}
        if state["result"] is None or result["depth"] >= state["result"]["depth"]:
            state["result"] = result
    if state["kind"] == "solve":
        return _next_solve(state, elapsed)
    if state["kind"] == "hints":
        return _next_hints(state, elapsed)
    settings = LEVELS[state["level"]]
    budget = state["budget"]
    solve_end = max(budget, 0.01) * settings.solve_limit
    empties = state["empties"]
    name = phase["name"]
    if name == "presearch":
        state["estimate"] = solve_estimate(empties, state["nodes"] / max(elapsed, 1e-3))
        state["tries"] = state["probable"] and empties <= settings.endgame
        if state["tries"]:
            # a quick probable win/draw/loss first: the move if the solve runs out of time
            state["probable"] = False
            _outcome(state, "likely", True, solve_end)
            return None
    if name in ("presearch", "likely"):
        found = _found(state, elapsed) if name == "likely" else None
        state["likely"] = found
        if found is not None:
            state["order"] = [found["move"]] + [m for m in state["order"] if m != found["move"]]
        fits = SOLVE_CHANCE * (solve_end - elapsed)
        if state["tries"] or (empties <= settings.endgame and state["estimate"] <= fits):
            guess = 2 * round(state["result"]["score"] / 2)
            _solve(state, "solve", "pvs", state["order"], solve_end, guess)
            return None
        if settings.outcome and state["estimate"] / OUTCOME_SPEEDUP <= fits:
            _outcome(state, "outcome", False, solve_end)
            return None
        return _solved(state, state["likely"], elapsed, reports)
    if name == "solve":
        solved = None
        if not phase["stopped"]:
            it = phase["it"]
            line = [parse_square(m) for m in shared_split.line(it)]
            best = parse_square(it["best"])
            exact = DepthResult(empties, best, it["alpha"], line, state["nodes"], True, elapsed)
            solved = exact.to_dict()
        return _solved(state, solved or state["likely"], elapsed, reports)
    if name == "outcome":
        return _solved(state, _found(state, elapsed) or state["likely"], elapsed, reports)
    if name == "midgame":
        return _after_midgame(state, elapsed, reports)
    if name == "probable":
        found = _found(state, elapsed)
        if found is None and state["probable"] and budget > elapsed:
            # the selective search did not fit, or every move probably loses: the midgame
            # search goes on with the time left
            depth = min(settings.depth, empties)
            hard = max(budget, 0.01) * settings.hard_limit - elapsed
            _search(state, "again", elapsed, depth, budget - elapsed, hard, False)
            return None
        return _finish(state, found, reports)
    return _finish(state, None, reports)  # "again"


def _found(state: JSON, elapsed: float) -> JSON | None:
    """The move an outcome search found to win (or draw), as ``Engine._outcome`` gives it."""
    found = state["phase"].get("found")
    if found is None or found["value"] < 0:
        return None
    score = max(state["result"]["score"], 2.0) if found["value"] > 0 else 0.0
    sq = parse_square(found["move"])
    result = DepthResult(state["empties"], sq, score, [sq], state["nodes"], False, elapsed)
    return result.to_dict()


def _solved(state: JSON, solved: JSON | None, elapsed: float, reports: list[JSON]) -> JSON | None:
    """After the exact range's searches: the solved move, else the midgame search."""
    if solved is not None:
        return _finish(state, solved, reports)
    return _midgame(state, elapsed, reports)


def _finish(state: JSON, solved: JSON | None, reports: list[JSON]) -> JSON:
    if solved is not None:
        reports.append(solved)
        return solved
    result: JSON = state["result"]
    return result


def _next_hints(state: JSON, elapsed: float) -> JSON | None:
    """Hints: the midgame values, then every move solved when the level solves there."""
    phase = state["phase"]
    settings = LEVELS[state["level"]]
    budget = state["budget"]
    result = state["result"]
    if phase["name"] == "hints":
        if state["empties"] <= settings.endgame:
            deadline = max(budget if budget is not None else 0.05, 0.05) * HINT_SOLVE_FACTOR
            moves = sorted(result["scores"], key=parse_square)
            _solve(state, "exact", "all", moves, deadline)
            return None
        return _analysis(result, state["nodes"], elapsed)
    if phase["stopped"]:
        return _analysis(result, state["nodes"], elapsed)
    it = phase["it"]
    values = {m: it["values"][m] for m in it["order"]}
    exact = {**result, "scores": values, "move": it["best"], "pv": shared_split.line(it)}
    return _analysis(exact, state["nodes"], elapsed, state["empties"])


def _analysis(result: JSON, nodes: int, elapsed: float, exact_depth: int = 0) -> JSON:
    """``Analysis.to_dict`` of the last values (exact ones with the solve's depth)."""
    return {
        "values": result["scores"],
        "best": result["move"],
        "pv": result["pv"],
        "exact": exact_depth > 0,
        "depth": exact_depth or result["depth"],
        "nodes": nodes,
        "seconds": round(elapsed, 3),
    }


def _next_solve(state: JSON, elapsed: float) -> JSON | None:
    """An exact solve: the root moves ordered by a shallow search, then solved (``ties``:
    every best move)."""
    phase = state["phase"]
    if phase["name"] == "presearch":
        guess = 2 * round(state["result"]["score"] / 2)
        _solve(state, "solve", "ties", state["order"], None, guess)
        return None
    it = phase["it"]
    return {
        "score": it["alpha"],
        "best": sorted(shared_split.best_moves(it), key=parse_square),
        "empties": state["empties"],
        "nodes": state["nodes"],
        "seconds": elapsed,
    }
