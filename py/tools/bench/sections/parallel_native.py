"""A search and a review spread over worker processes, natively (``flipside.workers``).

    PYTHONPATH=py .venv/bin/python -m tools.bench.sections.parallel_native

In one run, each with one worker (the single search in this process) and with two worker
processes (the root split, ``flipside.split``):

- the review of a 60-move game (the first game of the 1980 WTHOR file) at a fixed depth
  per move: seconds, and the ratio (the pool's start included);
- Othello's top level (selective) and Themisto's top level searched to a fixed depth on a
  few middle-game positions: nodes (the extra nodes the split searches: each worker has its
  own hash table), seconds, the speed-up, nodes per CPU second (alone; in the workers'
  tasks), and the workers' busy share (CPU time in tasks / (2 x the wall time): the rest is
  waiting for the first move's bound and for the last task of a depth, or, on a loaded
  machine, for a core); the first move's share of a split depth's work with one worker
  (what the others wait for without the guess);
- Othello's top level to the same depth by two processes on one shared table (the command
  line's midgame move, ``othello/ai/shared_search.py``): seconds and the speed-up;
- nodes per second per worker at the top level's budget per move (1 and 2 workers; with 2,
  Othello's midgame moves are searched on the shared table).

Wall-clock figures on a shared machine: compare the ratios of one run (the same searches on
a virtual clock, as an idle machine would run them: ``python -m tools.play.virtual_pool``).
"""

from __future__ import annotations

import dataclasses
import random
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from flipside import review, workers
from flipside.othello.ai import engine as othello_engine
from flipside.othello.ai import search as othello_search
from flipside.othello.ai import split as othello_split
from flipside.othello.ai import tasks as othello_tasks
from flipside.othello.board import Board
from flipside.themisto.ai import ladder
from flipside.themisto.ai import split as themisto_split
from flipside.themisto.ai import tasks as themisto_tasks
from flipside.themisto.ai.engine import Engine as ThemistoEngine
from flipside.themisto.board import Board as ThemistoBoard
from tools.bench.sections.review import othello_game
from tools.bench.table import Row, print_rows
from tools.play.shared_search import SharedSearch
from tools.play.themisto_selfplay import opening

REVIEW_DEPTH = 5
OTHELLO_DEPTH = 9
THEMISTO_DEPTH = 4
POSITIONS = 5
FOREVER = 1000.0  # a budget no fixed-depth search reaches: no time rules


def othello_positions() -> list[Board]:
    """Seeded random games of 16-24 moves (out of the book), the side to move with a choice."""
    out = []
    rnd = random.Random(1)
    while len(out) < POSITIONS:
        board = Board()
        for _ in range(rnd.randrange(16, 25)):
            if board.is_game_over():
                break
            board.push(rnd.choice(board.legal_moves()))
        if not board.is_game_over() and len(board.legal_moves()) > 1:
            out.append(board)
    return out


def themisto_positions() -> list[ThemistoBoard]:
    """Seeded openings of safe moves (as the self-play tool deals them), 6-14 moves."""
    boards = [opening(random.Random(seed), 6 + 2 * seed) for seed in range(POSITIONS + 3)]
    return [b for b in boards if b is not None and len(b.legal_moves()) > 1][:POSITIONS]


@contextmanager
def fixed(levels: dict[int, Any], level: int, **changes: Any) -> Iterator[None]:
    """A level's settings changed for a while (this process: the coordinator's side)."""
    before = levels[level]
    levels[level] = dataclasses.replace(before, **changes)
    try:
        yield
    finally:
        levels[level] = before


def busy_of(step: Callable[..., Any], busy: list[float]) -> Callable[..., Any]:
    """``step`` that adds each finished task's busy seconds to ``busy``."""

    def counted(state: Any, done: list[Any], elapsed: float) -> Any:
        busy.extend(d["result"]["busy"] for d in done if "result" in d)
        return step(state, done, elapsed)

    return counted


def first_share(start: Any, step: Any, run: Any) -> tuple[float, float]:
    """With one worker in this process: (seconds of the first moves' tasks, seconds of every
    root-move task) over the split depths."""
    found, first, total = start, 0.0, 0.0
    while found["answer"] is None:
        task = found["tasks"][0]
        result = run(task)
        if task["kind"] == "move":
            total += result["busy"]
            first += result["busy"] if task["job"] == "first" else 0.0
        found = step(found["state"], [{"task": task, "result": result}], 0.0)
    return first, total


def search_rows(
    name: str,
    boards: list[Any],
    single: Callable[[Any], dict[str, Any]],
    start: Callable[[Any, int], Any],
    step: Any,
    module: str,
    run: Any,
    warm: str,
) -> list[Row]:
    """One worker against two on ``boards`` to a fixed depth."""
    began, cpu = time.perf_counter(), time.process_time()
    alone = [single(board) for board in boards]
    alone_seconds, alone_cpu = time.perf_counter() - began, time.process_time() - cpu
    first = every = 0.0
    for board in boards:
        a, b = first_share(start(board, 1), step, run)
        first, every = first + a, every + b
    busy: list[float] = []
    with workers.Pool(2, warm=warm) as pool:
        began = time.perf_counter()
        split = [pool.search(module, start(board, 2), busy_of(step, busy)) for board in boards]
        split_seconds = time.perf_counter() - began
    nodes1 = sum(int(r["nodes"]) for r in alone)
    nodes2 = sum(int(r["nodes"]) for r in split)
    same = sum(r["score"] == s["score"] for r, s in zip(alone, split, strict=True))
    return [
        (
            f"{name}, 1 worker",
            round(alone_seconds, 2),
            f"s, {nodes1:,} nodes, {nodes1 / alone_cpu:,.0f} nodes per CPU second",
        ),
        (
            f"{name}, 2 workers",
            round(split_seconds, 2),
            (
                f"s, {nodes2:,} nodes ({100 * (nodes2 / nodes1 - 1):+.0f}%), "
                f"speed-up {alone_seconds / split_seconds:.2f}x, "
                f"{same} of {len(boards)} scores equal"
            ),
        ),
        (
            f"{name}, busy share (2 workers)",
            round(sum(busy) / (2 * split_seconds), 2),
            f"CPU in tasks / (2 x wall); {nodes2 / sum(busy):,.0f} nodes per CPU second in tasks",
        ),
        (
            f"{name}, first move's share (1 worker)",
            round(first / max(every, 1e-9), 2),
            "of the split depths' root-move work",
        ),
    ]


def shared_rows(boards: list[Board]) -> list[Row]:
    """Othello's top level to ``OTHELLO_DEPTH`` by two processes on one shared table (the
    command line's midgame move, ``othello/ai/shared_search.py``) against the single search."""
    selectivity = othello_engine.LEVELS[6].selectivity
    positions = [board.bits() for board in boards]
    began = time.perf_counter()
    for P, O in positions:
        othello_search.Searcher(selectivity=selectivity).run(P, O, OTHELLO_DEPTH)
    alone = time.perf_counter() - began
    two = SharedSearch(2)
    try:
        seconds = sum(two.search(P, O, OTHELLO_DEPTH, selectivity)[0] for P, O in positions)
    finally:
        two.close()
    return [
        (
            f"othello top level, depth {OTHELLO_DEPTH}, 2 workers on a shared table",
            round(seconds, 2),
            f"s (1 worker: {alone:.2f} s), speed-up {alone / seconds:.2f}x",
        )
    ]


def rate_rows(
    name: str, boards: list[Any], think: Callable[[Any, Any], dict[str, Any]], warm: str
) -> list[Row]:
    """Nodes per second per worker at the top level's budget, 1 and 2 workers."""
    out: list[Row] = []
    for count in (1, 2):
        with workers.Pool(count, warm=warm) if count > 1 else _none() as pool:
            began = time.perf_counter()
            found = [think(board, pool) for board in boards]
            seconds = time.perf_counter() - began
        nodes = sum(int(r["nodes"]) for r in found)
        depth = sum(int(r["depth"]) for r in found) / len(found)
        out.append(
            (
                f"{name} nodes/s per worker, {count} worker{'s' if count > 1 else ''}",
                round(nodes / seconds / count),
                f"{nodes:,} nodes in {seconds:.1f} s, mean depth {depth:.1f}",
            )
        )
    return out


@contextmanager
def _none() -> Iterator[None]:
    yield None


def rows() -> list[Row]:
    out: list[Row] = []
    record = othello_game()
    began = time.perf_counter()
    one = review.review(record, depth=REVIEW_DEPTH)
    alone = time.perf_counter() - began
    began = time.perf_counter()
    two = review.review(record, depth=REVIEW_DEPTH, workers=2)
    shared = time.perf_counter() - began
    same = "the same rows" if one.to_json() == two.to_json() else "DIFFERENT rows"
    out += [
        (f"review, 60-move game, depth {REVIEW_DEPTH}, 1 worker", round(alone, 2), "s"),
        (
            f"review, 60-move game, depth {REVIEW_DEPTH}, 2 workers",
            round(shared, 2),
            f"s (pool start included): {alone / shared:.2f}x as fast, {same}",
        ),
    ]
    boards = othello_positions()
    with fixed(othello_engine.LEVELS, 6, depth=OTHELLO_DEPTH, book=False):
        othello_engine.engine_at.cache_clear()
        out += search_rows(
            f"othello top level, depth {OTHELLO_DEPTH}",
            boards,
            lambda b: othello_engine.Engine(6).think(b, seconds=FOREVER),
            lambda b, k: othello_split.start("think", b, 6, FOREVER, k),
            othello_split.step,
            "flipside.othello.ai.tasks",
            othello_tasks.run_task,
            "flipside.othello.ai.api",
        )
    out += shared_rows(boards)
    tboards = themisto_positions()
    with fixed(ladder.LEVELS, 4, depth=THEMISTO_DEPTH):
        out += search_rows(
            f"themisto top level, depth {THEMISTO_DEPTH}",
            tboards,
            lambda b: ThemistoEngine(4).think(b, seconds=FOREVER),
            lambda b, k: themisto_split.start("think", b, 4, FOREVER, k),
            themisto_split.step,
            "flipside.themisto.ai.tasks",
            themisto_tasks.run_task,
            "flipside.themisto.ai.api",
        )

    def othello_think(board: Board, pool: Any) -> dict[str, Any]:
        engine = othello_engine.Engine(6)
        if pool is None:
            return engine.think(board)
        found: dict[str, Any] = othello_split.pool_think(pool, engine, board)
        return found

    def themisto_think(board: ThemistoBoard, pool: Any) -> dict[str, Any]:
        engine = ThemistoEngine(4)
        if pool is None:
            return engine.think(board)
        found: dict[str, Any] = themisto_split.pool_think(pool, engine, board)
        return found

    with fixed(othello_engine.LEVELS, 6, book=False):
        out += rate_rows("othello top level", boards, othello_think, "flipside.othello.ai.api")
    out += rate_rows("themisto top level", tboards, themisto_think, "flipside.themisto.ai.api")
    return out


if __name__ == "__main__":
    print_rows(rows())
