"""A pool of workers on a virtual clock: a split search as an idle machine with N cores would
run it, measured on a shared one (native only, not in the wheel).

:class:`VirtualPool` has the interface of ``flipside.workers.Pool`` that the split searches
use (``size``, ``search``), but runs every task in this process, one after the other, and
keeps the time on a clock of its own: each task takes the CPU seconds it took here plus
``TASK_OVERHEAD`` (a task's trip to a process and back), each coordinator step its CPU
seconds, and a worker is busy from the time its task was handed out to the time it ends.
A task runs to its end here; one that took longer than its ``seconds`` counts as stopped
there, as the worker would have stopped it. This process's clock (``time.perf_counter``)
becomes CPU time, for the searches' own time rules.
The coordinator sees that clock as its elapsed seconds, so its time rules act as on an idle
machine. Each virtual worker keeps its own tables (a game's ``_here`` session and, for
Othello, its engine's hash tables are swapped in before each of its tasks), as a process
would. Other programs' load does not change the result: the budgets are CPU time.

Used by the matches at the same budget (``othello_match workers=N,virtual=1``,
``themisto_selfplay --workers-a N --virtual``) and by the speed-up model
(``python -m tools.play.virtual_pool [--overhead S] [--nodes] [--chunks N]``: nodes and
virtual seconds at a fixed depth with 1, 2, 4 and 8 workers on the bench's positions, a task
costing S seconds more; with ``--nodes`` a task's time is its nodes at the single search's
rate; ``--chunks 4`` as the page splits).
"""

from __future__ import annotations

import dataclasses
import heapq
import importlib
import sys
import time
from collections.abc import Callable
from typing import Any

TASK_OVERHEAD = 0.0002
"""Seconds a task spends going to a worker process and back (pickling, pipes), natively: a
trivial task took 0.15 ms of wall time and 0.11 ms of CPU (parent and worker) a round trip
through `flipside.workers.Pool` on the 2-core machine, under load."""

JSON = Any


class VirtualPool:
    """``size`` virtual workers on a virtual clock (see the module's text)."""

    def __init__(self, size: int, overhead: float = TASK_OVERHEAD, rate: float = 0.0) -> None:
        time.perf_counter = time.process_time  # every search's own clock counts CPU time
        self.size = size
        self.overhead = overhead
        self.rate = rate  # > 0: a task takes its nodes / rate seconds (CPU time: noisy)
        self.saved: dict[int, dict[str, Any]] = {}
        self.busy = 0.0  # the tasks' virtual seconds, summed over the searches
        self.clock = 0.0  # the searches' virtual seconds, summed

    def _swap_in(self, module: Any, worker: int, task: JSON) -> None:
        saved = self.saved.setdefault(worker, {"here": {"session": None}, "tables": None})
        module._here = saved["here"]
        if task["game"] == "othello":
            from flipside.othello.ai.engine import engine_at

            engine = engine_at(task["level"])
            if saved["tables"] is None:
                saved["tables"] = ({}, {})
            engine.table, engine.probable_table = saved["tables"]

    def _swap_out(self, module: Any, worker: int, task: JSON) -> None:
        saved = self.saved[worker]
        saved["here"] = module._here
        if task["game"] == "othello":
            from flipside.othello.ai.engine import engine_at

            engine = engine_at(task["level"])
            saved["tables"] = (engine.table, engine.probable_table)

    def search(
        self,
        module_name: str,
        first: JSON,
        step: Callable[[JSON, list[JSON], float], JSON],
        on_report: Callable[[JSON], object] | None = None,
    ) -> JSON:
        """The answer of a split search, its tasks run here on the virtual clock."""
        module = importlib.import_module(module_name)
        now = 0.0
        events: list[tuple[float, int, JSON, JSON]] = []  # (ends at, id, task, result)
        found = first
        while True:
            for report in found["reports"]:
                if on_report is not None:
                    on_report(report)
            if found["answer"] is not None:
                self.clock += now
                return found["answer"]
            for task in found["tasks"]:
                self._swap_in(module, task["worker"], task)
                began = time.process_time()
                result = module.run_task(
                    {**task, "seconds": None if task["seconds"] is None else 1e9}
                )
                took = time.process_time() - began
                if self.rate > 0:
                    took = result["nodes"] / self.rate
                took += self.overhead
                self._swap_out(module, task["worker"], task)
                self.busy += took
                limit = task.get("seconds")
                if limit is not None and took > limit and not result.get("stopped"):
                    result = {"stopped": True, "nodes": result["nodes"]}  # stopped there
                    took = limit
                heapq.heappush(events, (now + took, task["id"], task, result))
            ends, _, task, result = heapq.heappop(events)
            done = [{"task": task, "result": result}]
            while events and events[0][0] <= ends:
                _, _, other, other_result = heapq.heappop(events)
                done.append({"task": other, "result": other_result})
            now = max(now, ends)
            began = time.process_time()
            found = step(found["state"], done, now)
            now += time.process_time() - began


# -- the model: speed-up at a fixed depth -----------------------------------------------------


def fixed_depth(
    counts: tuple[int, ...] = (1, 2, 4, 8), overhead: float = TASK_OVERHEAD, by_nodes: bool = False
) -> list[str]:
    """Both games' top levels to a fixed depth on the bench's positions with 1, 2, 4 and 8
    virtual workers, each task costing ``overhead`` seconds more: virtual seconds, nodes,
    speed-up over the single search and the workers' busy share. ``by_nodes``: a task takes
    its nodes at the single search's rate (nodes per CPU second), so the speed-ups are the
    same on any load (CPU seconds vary by a tenth or two from run to run on a shared
    machine)."""
    from flipside.othello.ai import engine as othello_engine
    from flipside.othello.ai import split as othello_split
    from flipside.themisto.ai import ladder
    from flipside.themisto.ai import split as themisto_split
    from tools.bench.sections import parallel_native as bench

    lines = []
    othello = dataclasses.replace(othello_engine.LEVELS[6], depth=bench.OTHELLO_DEPTH, book=False)
    othello_engine.LEVELS[6] = othello
    themisto = dataclasses.replace(ladder.LEVELS[4], depth=bench.THEMISTO_DEPTH)
    ladder.LEVELS[4] = themisto
    games = [
        (
            f"othello depth {bench.OTHELLO_DEPTH}",
            bench.othello_positions(),
            lambda b, k: othello_split.start("think", b, 6, bench.FOREVER, k),
            "flipside.othello.ai.tasks",
            othello_split.step,
        ),
        (
            f"themisto depth {bench.THEMISTO_DEPTH}",
            bench.themisto_positions(),
            lambda b, k: themisto_split.start("think", b, 4, bench.FOREVER, k),
            "flipside.themisto.ai.tasks",
            themisto_split.step,
        ),
    ]
    for name, boards, start, module, step in games:
        base, nodes = _single(name, boards)
        lines.append(f"{name}, the single search: {base:.2f} s CPU, {nodes:,} nodes")
        for count in counts:
            pool = VirtualPool(count, overhead, nodes / base if by_nodes else 0.0)
            nodes = 0
            for board in boards:
                nodes += int(pool.search(module, start(board, count), step)["nodes"])
            lines.append(
                f"{name}, {count} worker(s): {pool.clock:.2f} s, {nodes:,} nodes, "
                f"speed-up {base / pool.clock:.2f}x, busy {pool.busy / (count * pool.clock):.2f}"
            )
            print(lines[-1], file=sys.stderr, flush=True)
    return lines


def _single(name: str, boards: list[Any]) -> tuple[float, int]:
    """CPU seconds and nodes of the single search (one engine, no pool) on ``boards``."""
    from flipside.othello.ai import engine as othello_engine
    from flipside.themisto.ai.engine import Engine as ThemistoEngine
    from tools.bench.sections import parallel_native as bench

    began, nodes = time.process_time(), 0
    for board in boards:
        if name.startswith("othello"):
            nodes += int(othello_engine.Engine(6).think(board, seconds=bench.FOREVER)["nodes"])
        else:
            nodes += int(ThemistoEngine(4).think(board, seconds=bench.FOREVER)["nodes"])
    return time.process_time() - began, nodes


if __name__ == "__main__":
    # ``--overhead S``: a task's cost in the page's pool, say (postMessage, JSON, a step)
    # ``--nodes``: a task's time from its nodes, at the single search's rate
    # ``--chunks N``: N null-window jobs per worker and depth, as in the page
    if "--chunks" in sys.argv:
        from flipside import split

        split.CHUNKS = int(sys.argv[sys.argv.index("--chunks") + 1])
    cost = float(sys.argv[sys.argv.index("--overhead") + 1]) if "--overhead" in sys.argv else None
    overhead = TASK_OVERHEAD if cost is None else cost
    print("\n".join(fixed_depth(overhead=overhead, by_nodes="--nodes" in sys.argv)))
