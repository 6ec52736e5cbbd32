"""Root splitting: one search's root moves spread over several workers ("young brothers wait").

Pure functions over plain-JSON dicts, no clock and no I/O, so that any pool can drive them:
the command line's processes (:mod:`flipside.workers`) and the page's web workers, which
share no memory and cannot be interrupted. A game's coordinator (``<game>/ai/split.py``)
keeps its phases in a *state* dict and hands out *tasks*, each a self-contained request
(record, move, depth, window, seconds) that a worker answers on its own.

One depth of iterative deepening (an *iteration*, :func:`iteration`):

* ``pvs``: the first (best-ordered) move is searched with a full window: its value is the
  bound. The others go to whichever workers are idle, each as a null-window search
  ``(alpha, alpha + 1)`` against the best value so far; a move that fails high is searched
  again with ``(alpha, inf)`` (first in line, on the worker that searched it), and when its
  value beats the bound it is the new best. With one worker this is exactly the principal
  variation search of a single search's root. With a ``guess`` of the value (the depth
  before's), idle workers do not wait for the first move: they search the others against
  the guess, and once the first move's value is known each bound found is kept (the move is
  proven worse), or the move is searched again.
* ``ties``: the same with windows one lower, ``(alpha - 1, alpha)`` and ``(alpha - 1, inf)``,
  so that every move as good as the best gets its exact value (an exact solve's every best
  move).
* ``all``: every move with a full window, in any order (hints: a value for every move).

Moves a worker searched before go back to it when it is idle (``owner``): its hash table
holds their trees from the depth before.

This module sits below the games, as :mod:`flipside.protocol` does: it knows no game and
imports nothing but :mod:`flipside.i18n`, so each game's ``ai/split.py`` and ``ai/api.py``
build on it without an arrow pointing up (``tools.check.modules``).
"""

from __future__ import annotations

import sys
from typing import Any

from flipside.i18n import tr

JSON = Any

MODES = ("pvs", "ties", "all")
CHUNKS = 4 if sys.platform == "emscripten" else 0
"""Null-window jobs per worker and depth in the page (0: one move per job); see
:func:`chunk_size` and docs/notes/2026-11-27-parallel-search.md."""


def iteration(order: list[str], depth: int, mode: str, inf: int, guess: int | None = None) -> JSON:
    """A new iteration searching the root moves ``order`` (best first) ``depth`` plies deep;
    values are ints of the game's search, ``inf`` beyond any of them. ``guess`` (the depth
    before's value, say), when given, lets idle workers begin the other moves' null-window
    searches against it while the first move is still being searched."""
    if mode not in MODES:
        raise ValueError(f"mode must be one of {MODES}, got {mode!r}")
    kind = "all" if mode == "all" else "null"
    queue = [{"move": m, "kind": kind} for m in order]
    if mode != "all":
        queue[0]["kind"] = "first"
    return {
        "depth": depth,
        "order": order,
        "mode": mode,
        "inf": inf,
        "guess": guess,
        "alpha": None,
        "best": None,
        "values": {},
        "pvs": {},
        "exact": [],
        "bounds": {},
        "queue": queue,
        "running": {},
        "improved": None,
    }


def _low(it: JSON) -> int:
    """How far below the best value a move must be proven: 1 in ``ties`` (a tie is a best
    move), else 0."""
    return 1 if it["mode"] == "ties" else 0


def window(it: JSON, kind: str) -> tuple[int, int]:
    """The window of a job of ``kind`` handed out now (a null window against the best value
    so far, or against the guess while the first move is being searched)."""
    inf, low = it["inf"], _low(it)
    bound = it["guess"] if it["alpha"] is None else it["alpha"]
    if kind in ("first", "all"):
        return -inf, inf
    if kind == "null":
        return bound - low, bound - low + 1
    return bound - low, inf  # "again"


def assign(
    it: JSON, idle: list[int], owner: dict[str, int], chunk: int = 1
) -> list[tuple[int, JSON]]:
    """Jobs for the ``idle`` workers: ``(worker, {moves, kind, alpha, beta})``, each marked
    as running on its worker. The first move goes out first, to the worker that searched it
    before when that one is idle; until its value is known the other moves go out only
    against a ``guess``. Each worker takes a move it searched before when one is waiting,
    else one no other idle worker searched before, else the next; a null-window job holds up
    to ``chunk`` moves (chosen the same way), searched one after the other."""
    out: list[tuple[int, JSON]] = []
    queue = it["queue"]
    idle = list(idle)
    if queue and queue[0]["kind"] == "first" and idle:
        first_owner = owner.get(queue[0]["move"])
        idle.sort(key=lambda w: w != first_owner)
    idle_set = set(idle)
    for worker in idle:
        if not queue:
            break
        waiting = it["mode"] != "all" and it["alpha"] is None
        if waiting and queue[0]["kind"] != "first" and it["guess"] is None:
            break  # the first move is being searched: the others wait for its bound
        if queue[0]["kind"] == "first":
            chosen = [0]
        else:
            own: list[int] = []  # searched before by this worker
            free: list[int] = []  # by none of the idle workers
            rest: list[int] = []  # by another idle worker
            for i, job in enumerate(queue):
                searched_by = owner.get(job["move"])
                if searched_by == worker:
                    own.append(i)
                elif searched_by not in idle_set:
                    free.append(i)
                else:
                    rest.append(i)
            ranked = own + free + rest
            chosen = ranked[:1]
            if queue[chosen[0]]["kind"] == "null":
                nulls = [i for i in ranked if queue[i]["kind"] == "null"]
                chosen = nulls[:chunk]
        kind = queue[chosen[0]]["kind"]
        moves = [queue[i]["move"] for i in chosen]
        for i in sorted(chosen, reverse=True):
            del queue[i]
        alpha, beta = window(it, kind)
        job = {"moves": moves, "kind": kind, "alpha": alpha, "beta": beta}
        it["running"][str(worker)] = job
        for move in moves:
            owner[move] = worker
        out.append((worker, job))
    return out


def chunk_size(it: JSON, workers: int) -> int:
    """How many null-window searches a job holds: in the page the waiting ones spread over
    about ``CHUNKS`` jobs per worker (a task's round trip costs milliseconds there); one
    natively (where it costs 0.15 ms, and a chunk searched against an older bound costs
    more nodes than it saves) and with a single worker (a single search's order)."""
    if workers == 1 or CHUNKS == 0:
        return 1
    nulls = len([job for job in it["queue"] if job["kind"] == "null"])
    return max(1, -(-nulls // (CHUNKS * workers)))


def take(
    it: JSON, worker: int, values: dict[str, int], pvs: dict[str, list[str]] | None = None
) -> None:
    """The values ``worker`` found for its running job's moves (fail-soft, within the job's
    window) and, for an exact value, the line it found (``pvs``, each starting with its
    move). A job stopped half-way gives the values it has: the others go back in line."""
    job = it["running"].pop(str(worker))
    kind = job["kind"]
    _put_back(it, [m for m in job["moves"] if m not in values], kind)
    for move in job["moves"]:
        if move not in values:
            continue
        value = values[move]
        if kind in ("first", "all") or (kind == "again" and value > job["alpha"]):
            it["values"][move] = value
            it["exact"].append(move)
            it["pvs"][move] = (pvs or {}).get(move) or [move]
            if kind != "all" and (it["alpha"] is None or value > it["alpha"]):
                if it["alpha"] is not None:
                    it["improved"] = move  # proven better than the first move
                it["alpha"], it["best"] = value, move
        else:
            it["bounds"][move] = ["upper" if value <= job["alpha"] else "lower", value]
    _settle(it)


def _settle(it: JSON) -> None:
    """Once the best value is known, each move with only a bound is done (proven worse),
    searched again in full (proven better than the best: first in line) or again with a
    null window (its bound was against a guess or an older best)."""
    if it["alpha"] is None or not it["bounds"]:
        return
    limit = it["alpha"] - _low(it)
    again = []
    for move in [m for m in it["order"] if m in it["bounds"]]:
        side, value = it["bounds"].pop(move)
        if side == "upper" and value <= limit:
            it["values"][move] = value
        elif side == "lower" and value > limit:
            again.append({"move": move, "kind": "again"})
        else:
            it["queue"].append({"move": move, "kind": "null"})
    it["queue"][:0] = again


def settle_first(it: JSON, move: str, value: int, pv: list[str]) -> None:
    """The first move's exact value found elsewhere (its replies split as an iteration of
    their own, whose first job was taken off this one's queue)."""
    it["values"][move] = value
    it["exact"].append(move)
    it["pvs"][move] = pv
    it["alpha"], it["best"] = value, move
    _settle(it)


def give_back(it: JSON, worker: int) -> None:
    """A job whose worker was lost goes back to the front of the queue."""
    job = it["running"].pop(str(worker))
    _put_back(it, job["moves"], job["kind"])


def _put_back(it: JSON, moves: list[str], kind: str) -> None:
    """``moves`` back in line: first, behind the moves waiting to be searched again (those
    may become the best)."""
    queue = it["queue"]
    at = 0
    while kind not in ("again", "first") and at < len(queue) and queue[at]["kind"] == "again":
        at += 1
    queue[at:at] = [{"move": move, "kind": kind} for move in moves]


def finished(it: JSON) -> bool:
    """Every root move has its value (exact or a bound) at this depth; an ``all``
    iteration's best is then the first move of the root order with the highest value."""
    done = not it["queue"] and not it["running"] and not it["bounds"]
    if done and it["mode"] == "all" and it["best"] is None:
        values = it["values"]
        it["best"] = max(it["order"], key=lambda m: values[m])
        it["alpha"] = values[it["best"]]
    return done


def line(it: JSON) -> list[str]:
    """The best move's line."""
    best: list[str] = it["pvs"].get(it["best"], [it["best"]])
    return best


def ordered(it: JSON) -> list[str]:
    """The root moves best first by this iteration's values (ties keep their order)."""
    values = it["values"]
    return sorted(it["order"], key=lambda m: -values[m])


def best_moves(it: JSON) -> list[str]:
    """A ``ties`` iteration's moves whose exact value is the best (in the root order)."""
    return [m for m in it["order"] if m in it["exact"] and it["values"][m] == it["alpha"]]


# -- the pool's side of a state -------------------------------------------------------------


def pool_state(workers: int) -> JSON:
    """What every coordinator's state holds about the pool: busy workers (worker -> task id),
    which worker last searched each move, and the next task id."""
    if isinstance(workers, bool) or not isinstance(workers, int) or not 1 <= workers <= 64:
        raise ValueError(tr("workers must be 1..64, got {workers!r}", workers=workers))
    return {"workers": workers, "busy": {}, "owner": {}, "next_id": 1}


def idle(state: JSON) -> list[int]:
    """The workers with no task."""
    return [w for w in range(state["workers"]) if str(w) not in state["busy"]]


def task(state: JSON, worker: int, fields: JSON) -> JSON:
    """A new task for ``worker`` (marked busy): ``fields`` plus ``id`` and ``worker``."""
    made = {**fields, "id": state["next_id"], "worker": worker}
    state["next_id"] += 1
    state["busy"][str(worker)] = made["id"]
    return made


def release(state: JSON, finished_task: JSON) -> bool:
    """Mark the worker of ``finished_task`` idle; False when the task was not running (a
    result that came too late for a phase that is over, or a duplicate)."""
    worker = str(finished_task["worker"])
    if state["busy"].get(worker) != finished_task["id"]:
        return False
    del state["busy"][worker]
    return True


def step(state: JSON, tasks: list[JSON], reports: list[JSON], answer: JSON = None) -> JSON:
    """What ``split_start`` and ``split_step`` answer: the state to hand back next time, the
    tasks to start now, progress reports, and the answer once there is one (then no tasks)."""
    return {"state": state, "tasks": tasks, "reports": reports, "answer": answer}
