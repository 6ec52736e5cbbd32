"""Themisto's searches spread over several workers: the computer's move and hints.

The coordinator (:func:`start` and :func:`step`: pure, no clock, no I/O; the pool hands in
the seconds elapsed since the start) is one search of ``Searcher.run``: depths below
``SPLIT_DEPTH`` on one worker as one task (``deepen``), then each depth split at the root
(:mod:`flipside.split`) until the budget's deadline or a result that deeper searches cannot
change. A worker answers each task with ``tasks.run_task``.

With one worker the tasks come one after the other, in a single search's order and windows:
the same moves and values at a fixed depth.
"""

from __future__ import annotations

import os
from typing import Any

import flipside.split as shared_split
from flipside.themisto.ai.engine import Engine
from flipside.themisto.ai.ladder import LEVELS
from flipside.themisto.ai.search import INF, PROVEN, WIN, proven_of
from flipside.themisto.ai.threats import winning_moves
from flipside.themisto.board import Board

JSON = Any
GUESS = True
"""Idle workers search the other root moves against a guess (the depth before's value)
while the first is searched."""
SPLIT_DEPTH = 3
"""Depths from this one on are split over the workers; the shallower ones are one task
(a Themisto node costs far more than an Othello one: depth 3 is already thousands)."""


def board_spec(board: Board) -> JSON:
    """What a worker rebuilds ``board`` from, history included (the rules' repetitions and
    move limit): the start position, the moves and the move limit."""
    start = board.copy()
    moves = [str(m) for m in start.move_stack]
    while start.ply:
        start.pop()
    return {"start": start.position(), "moves": moves, "limit": board.move_limit}


def start(
    kind: str,
    board: Board,
    level: int,
    budget: float,
    workers: int,
    engine: Engine | None = None,
    seed: int | None = None,
) -> JSON:
    """The first step of a split ``think`` or ``hints`` of ``board`` at ``level`` within
    ``budget`` seconds. A move with no search to split (a forced move, a win now, a level
    with noise) is answered at once by ``engine`` (default: a new one at the level, with
    ``seed``), as ``think`` would."""
    shared_split.pool_state(workers)  # a ValueError for a bad number of workers
    settings = LEVELS[level]
    if kind == "think":
        noisy = settings.noise > 0 or settings.random_moves > 0
        if noisy or len(board.legal_moves()) < 2 or winning_moves(board, True):
            engine = engine or Engine(level, seed=seed)
            reports: list[JSON] = []
            info = engine.think(board, seconds=budget, on_depth=reports.append)
            return shared_split.step(None, [], reports, info)
    state = {
        **shared_split.pool_state(workers),
        "game": "themisto",
        "kind": kind,
        "session": os.urandom(8).hex(),  # not random's: a restored snapshot repeats it
        "board": board_spec(board),
        "turn": board.turn,
        "level": level,
        "budget": budget,
        "max_depth": max(settings.depth, 1),
        "all": kind == "hints",
        "nodes": 0,
        "order": [],
        "result": None,
        "it": None,
        "issued": False,
        "over": False,
        "stopped": False,
        "serial": 1,
    }
    return _advance(state, 0.0, [])


def pool_think(
    pool: Any,
    engine: Engine,
    board: Board,
    seconds: float | None = None,
    on_depth: Any = None,
) -> JSON:
    """``engine.think(board, seconds, on_depth=on_depth)`` searched over a pool of worker
    processes (:class:`flipside.workers.Pool`): the same kind of answer and reports."""
    budget = engine.settings.seconds if seconds is None else seconds
    first = start("think", board, engine.level, budget, pool.size, engine)
    answer: JSON = pool.search("flipside.themisto.ai.tasks", first, step, on_depth)
    return answer


def step(state: JSON, done: list[JSON], elapsed: float) -> JSON:
    """The next step after the tasks in ``done`` (each ``{task, result}``, or ``{task,
    error}`` when its worker was lost: its work is handed out again) at ``elapsed`` seconds
    since the start."""
    reports: list[JSON] = []
    for item in done:
        task = item["task"]
        if not shared_split.release(state, task) or state["over"]:
            continue
        if "result" not in item:
            if task["kind"] == "move":
                shared_split.give_back(state["it"], task["worker"])
            else:
                state["issued"] = False
            continue
        result = item["result"]
        state["nodes"] += result.get("nodes", 0)
        if result.get("stopped"):
            state["over"] = state["stopped"] = True
        elif task["kind"] == "deepen":
            _deepened(state, task, result, reports)
        else:
            shared_split.take(state["it"], task["worker"], result["values"], result.get("pvs"))
    return _advance(state, elapsed, reports)


def _deepened(state: JSON, task: JSON, result: JSON, reports: list[JSON]) -> None:
    before = state["nodes"] - result["nodes"]
    for depth in result["depths"]:
        depth["nodes"] += before
        depth["seconds"] = round(task["began"] + depth["seconds"], 3)
        reports.append(depth)
    state["order"] = result["order"]
    state["result"] = result["depths"][-1]
    if state["result"]["depth"] < task["depth"]:
        state["over"] = True  # out of time, or settled


def _settled(result: JSON) -> bool:
    """A proven result that deeper searches cannot change (as ``Searcher.run`` stops)."""
    alpha, depth, scores = result["score"], result["depth"], result["scores"]
    settled = alpha > 0 or all(v <= -PROVEN for v in scores.values())
    return abs(alpha) >= PROVEN and settled and WIN - abs(alpha) <= depth + 1


def _advance(state: JSON, elapsed: float, reports: list[JSON]) -> JSON:
    tasks: list[JSON] = []
    if not state["over"]:
        _tasks(state, elapsed, tasks, reports)
    if not state["over"]:
        return shared_split.step(state, tasks, reports)
    return shared_split.step(state, [], reports, _answer(state, elapsed))


def _task(state: JSON, worker: int, fields: JSON, seconds: float) -> JSON:
    return shared_split.task(
        state,
        worker,
        {
            "game": "themisto",
            "session": state["session"],
            "board": state["board"],
            "level": state["level"],
            "play": state["kind"] == "think",
            "seconds": round(seconds, 4),
            **fields,
        },
    )


def _tasks(state: JSON, elapsed: float, tasks: list[JSON], reports: list[JSON]) -> None:
    seconds = state["budget"] - elapsed
    idle = shared_split.idle(state)
    if state["result"] is None:
        if not state["issued"] and idle:
            state["issued"] = True
            depth = min(state["max_depth"], SPLIT_DEPTH - 1)
            fields = {"kind": "deepen", "depth": depth, "all": state["all"], "began": elapsed}
            tasks.append(_task(state, idle[0], fields, seconds))
        return
    it = state["it"]
    if it is not None and shared_split.finished(it):
        result = {
            "depth": it["depth"],
            "move": it["best"],
            "score": it["alpha"],
            "pv": shared_split.line(it),
            "nodes": state["nodes"],
            "exact": False,
            "proven": proven_of(it["alpha"], state["turn"]),
            "seconds": round(elapsed, 3),
            "scores": {m: it["values"][m] for m in it["order"]},
        }
        result["exact"] = result["proven"] is not None
        reports.append(result)
        state["result"] = result
        state["order"] = shared_split.ordered(it)
        it = state["it"] = None
    result = state["result"]
    if it is None:
        if result["depth"] >= state["max_depth"] or _settled(result):
            state["over"] = True
            return
        mode = "all" if state["all"] else "pvs"
        guess = result["score"] if GUESS else None
        it = shared_split.iteration(state["order"], result["depth"] + 1, mode, INF, guess)
        state["it"] = it
    if seconds <= 0:
        state["over"] = state["stopped"] = True
        return
    for worker, job in shared_split.assign(
        it, idle, state["owner"], shared_split.chunk_size(it, state["workers"])
    ):
        window = {"alpha": job["alpha"], "beta": job["beta"]}
        pv = job["kind"] != "null"
        fields = {"kind": "move", "moves": job["moves"], "job": job["kind"], **window, "pv": pv}
        tasks.append(_task(state, worker, {**fields, "depth": it["depth"]}, seconds))


def _answer(state: JSON, elapsed: float) -> JSON:
    """The last finished depth's answer; an abandoned depth's move when it was proven better
    than that (as ``Searcher.run``)."""
    result: JSON = dict(state["result"])
    it = state["it"]
    if state["stopped"] and it is not None and it["improved"] and not state["all"]:
        move = it["improved"]
        result["move"], result["score"], result["pv"] = move, it["alpha"], it["pvs"][move]
        result["scores"] = {**result["scores"], **it["values"]}
        result["proven"] = proven_of(it["alpha"], state["turn"])
        result["exact"] = result["proven"] is not None
    result["nodes"] = state["nodes"]
    result["seconds"] = round(elapsed, 3)
    return result
