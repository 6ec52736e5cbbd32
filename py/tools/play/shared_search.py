"""The shared-table search of ``flipside.othello.ai.shared_search`` timed to a fixed depth
against the single search (native only, not in the wheel).

``python -m tools.play.shared_search --depth 12 [--processes 2] [--share-depth 3]``: per
position of the bench's stages (three seeded games after 20, 28, 36 and 44 moves), the
seconds to finish the depth with the single search (a ``dict`` table), with one process on
the shared table, and with N processes (the first to finish the depth ends the others);
then the totals and the speed-up. The helpers are started before the timing.
"""

from __future__ import annotations

import argparse
import multiprocessing
import time
from concurrent.futures import Future, ProcessPoolExecutor
from multiprocessing import shared_memory
from typing import Any

from flipside.othello.ai.endgame import Stopped
from flipside.othello.ai.search import Searcher
from flipside.othello.ai.shared_search import BLOCK_SIZE, SHARE_DEPTH, SharingSearcher, views
from flipside.othello.notation import square_name
from flipside.workers import attach

DONE = 3
"""The signal word in which the first process to finish the depth writes it."""


def search_shared(
    block: Any, P: int, O: int, depth: int, selectivity: float, run: int, share_depth: int
) -> tuple[int, int, int] | None:
    """Search ``(P, O)`` to ``depth`` on the shared ``block`` (its buffer) until a process
    finishes the depth or the search's number (signal 0) is no longer ``run``: (best
    square, value, nodes) when this process finished first, else None."""
    table, busy = views(block)
    try:
        searcher = SharingSearcher(
            busy,
            share_depth,
            selectivity=selectivity,
            table=table,
            should_stop=lambda: table.signal(0) != run or table.signal(DONE) >= depth,
        )
        try:
            result = searcher.run(P, O, depth)
        except Stopped:
            return None
        if result.depth < depth:
            return None
        table.set_signal(DONE, depth)
        return result.move, round(result.score * searcher.scale), searcher.nodes
    finally:
        busy.release()
        table.view.release()


def _helper(
    name: str, P: int, O: int, depth: int, selectivity: float, run: int, share_depth: int
) -> tuple[int, int, int] | None:
    return search_shared(attach(name).buf, P, O, depth, selectivity, run, share_depth)


class SharedSearch:
    """A shared block and ``processes - 1`` helper processes; :meth:`search` times one
    position with all of them."""

    def __init__(self, processes: int, share_depth: int = SHARE_DEPTH) -> None:
        self.share_depth = share_depth
        self.shm = shared_memory.SharedMemory(create=True, size=BLOCK_SIZE)
        self.helpers = processes - 1
        self.pool = ProcessPoolExecutor(
            max(1, self.helpers), mp_context=multiprocessing.get_context("spawn")
        )
        self.runs = 0

    def search(self, P: int, O: int, depth: int, selectivity: float) -> tuple[float, int, int]:
        """(Seconds, best square, value) of the first process to finish ``depth``."""
        block = self.shm.buf
        assert block is not None
        block[:] = bytes(self.shm.size)
        self.runs += 1
        views(block)[0].set_signal(0, self.runs)
        began = time.perf_counter()
        args = (self.shm.name, P, O, depth, selectivity, self.runs, self.share_depth)
        futures: list[Future[tuple[int, int, int] | None]] = [
            self.pool.submit(_helper, *args) for _ in range(self.helpers)
        ]
        mine = search_shared(block, *args[1:])
        seconds = time.perf_counter() - began
        views(block)[0].set_signal(0, 0)
        answers = [mine] + [future.result() for future in futures]
        first = next(answer for answer in answers if answer is not None)
        return seconds, first[0], first[1]

    def close(self) -> None:
        self.pool.shutdown()
        self.shm.close()
        self.shm.unlink()


def _single(P: int, O: int, depth: int, selectivity: float) -> tuple[float, int, int]:
    searcher = Searcher(selectivity=selectivity)
    began = time.perf_counter()
    result = searcher.run(P, O, depth)
    return time.perf_counter() - began, result.move, round(result.score * searcher.scale)


def main(argv: list[str] | None = None) -> int:
    from tools.bench.othello_profile import STAGES, midgame_positions

    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--depth", type=int, default=11)
    parser.add_argument("--processes", type=int, default=2)
    parser.add_argument("--share-depth", type=int, default=SHARE_DEPTH)
    parser.add_argument("--selectivity", type=float, default=1.0, help="as level 6 (1.0)")
    parser.add_argument("--stages", type=int, nargs="*", default=list(STAGES[1:]))
    args = parser.parse_args(argv)
    one = SharedSearch(1, args.share_depth)
    many = SharedSearch(args.processes, args.share_depth)
    many.search(*midgame_positions(args.stages[0])[0], 4, args.selectivity)  # start helpers
    totals = [0.0, 0.0, 0.0]
    print(f"plies  single  shared-1  shared-{args.processes}  moves")
    try:
        for plies in args.stages:
            for P, O in midgame_positions(plies):
                rows = [
                    _single(P, O, args.depth, args.selectivity),
                    one.search(P, O, args.depth, args.selectivity),
                    many.search(P, O, args.depth, args.selectivity),
                ]
                for i, row in enumerate(rows):
                    totals[i] += row[0]
                seconds = "  ".join(f"{row[0]:6.2f}" for row in rows)
                moves = " ".join(square_name(row[1]) for row in rows)
                print(f"{plies:5}  {seconds}  {moves}", flush=True)
    finally:
        one.close()
        many.close()
    print(
        f"total  {totals[0]:6.2f}  {totals[1]:6.2f}  {totals[2]:6.2f}  speed-up "
        f"{totals[0] / totals[2]:.2f}x (against shared-1 {totals[1] / totals[2]:.2f}x)"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
