"""The command line's worker processes: one search split over several cores, or the moves of
a review spread over them (``--workers N``).

A :class:`Pool` holds ``N`` worker processes, each a ``ProcessPoolExecutor`` of one process
(started with ``spawn``), so that a task goes to the worker its coordinator chose (that
worker's tables hold the move's tree from the depth before) and a worker that is lost (its
process killed) is started again on its own while the others go on. :meth:`Pool.search`
drives a split search's coordinator (:mod:`flipside.split`: a game AI's ``split_start`` /
``split_step``, the same steps the page's pool of web workers goes through) with the
elapsed seconds of this process's clock; a lost worker's task is handed back to the
coordinator, which gives its work out again. :meth:`Pool.map` runs independent calls (a
review's moves) on whichever worker is free, in order of the results' indexes.

The pool names what it runs by module (a game AI's module, ``flipside.review``), so it
imports nothing of the games and sits below them: a game's own commands use it too.
"""

from __future__ import annotations

import importlib
import multiprocessing
import time
from collections.abc import Callable, Iterable
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool
from typing import Any, Self

from flipside.i18n import tr

JSON = Any
MAX_WORKERS = 64


def checked_workers(value: object) -> int:
    """A number of workers from the command line (``"2"``): 1..``MAX_WORKERS``; ValueError
    with a readable message otherwise."""
    text = str(value).strip()
    if not text.isdigit() or not 1 <= int(text) <= MAX_WORKERS:
        raise ValueError(
            tr(
                "--workers must be a whole number from 1 to {most}, got {value!r}",
                most=MAX_WORKERS,
                value=value,
            )
        )
    return int(text)


def _warm(module: str) -> int:
    """A worker's first task: import a game's computer player and run a short search, so
    that its first real task does not pay for the imports and data."""
    import os

    ai = importlib.import_module(module)
    ai.think(ai.WARM_RECORD, "max", 0.05, None, lambda _: None)
    return os.getpid()


def _search_task(module: str, task: JSON) -> JSON:
    """A split search's task, answered by the game AI ``module`` in this worker."""
    result: JSON = importlib.import_module(module).search_task(task)
    return result


def _call(module: str, name: str, args: tuple[Any, ...]) -> Any:
    return getattr(importlib.import_module(module), name)(*args)


class Pool:
    """``workers`` worker processes (see the module's text); a context manager."""

    def __init__(self, workers: int, warm: str | None = None) -> None:
        self.size = workers
        self._context = multiprocessing.get_context("spawn")
        self._executors = [self._new() for _ in range(workers)]
        self.pids: list[int] = []
        self.restarts = 0
        if warm is not None:
            futures = [e.submit(_warm, warm) for e in self._executors]
            self.pids = [f.result() for f in futures]

    def _new(self) -> ProcessPoolExecutor:
        return ProcessPoolExecutor(max_workers=1, mp_context=self._context)

    def submit(self, worker: int, func: Callable[..., Any], *args: Any) -> Future[Any]:
        """Run ``func(*args)`` on ``worker`` (a lost worker is started again first)."""
        try:
            return self._executors[worker].submit(func, *args)
        except BrokenProcessPool:
            self._restart(worker)
            return self._executors[worker].submit(func, *args)

    def _restart(self, worker: int) -> None:
        self._executors[worker].shutdown(wait=False, cancel_futures=True)
        self._executors[worker] = self._new()
        self.restarts += 1

    def search(
        self,
        module: str,
        first: JSON,
        on_report: Callable[[JSON], object] | None = None,
    ) -> JSON:
        """The answer of the split search whose first step is ``first`` (from ``module``'s
        ``split_start``): each task started on its worker, the finished ones handed to
        ``split_step`` until there is an answer. ``on_report`` gets each progress report."""
        ai = importlib.import_module(module)
        start = time.perf_counter()
        found = first
        running: dict[Future[Any], JSON] = {}
        while True:
            for report in found["reports"]:
                if on_report is not None:
                    on_report(report)
            if found["answer"] is not None:
                return found["answer"]
            for task in found["tasks"]:
                running[self.submit(task["worker"], _search_task, module, task)] = task
            if not running:
                raise RuntimeError("a split search stopped with no task running and no answer")
            finished, _ = wait(running, return_when=FIRST_COMPLETED)
            done = []
            for future in finished:
                task = running.pop(future)
                try:
                    done.append({"task": task, "result": future.result()})
                except BrokenProcessPool:
                    self._restart(task["worker"])
                    done.append({"task": task, "error": "the worker was lost"})
            found = ai.split_step(found["state"], done, time.perf_counter() - start)

    def map(
        self,
        module: str,
        name: str,
        calls: Iterable[tuple[Any, ...]],
        on_result: Callable[[int, Any], object] | None = None,
    ) -> list[Any]:
        """``module.name(*args)`` for each ``args`` of ``calls``, each on a free worker; the
        results in the order of ``calls``. ``on_result(index, result)`` as each comes (in
        the order they finish). A call whose worker was lost runs again."""
        todo = list(enumerate(calls))
        todo.reverse()
        results: dict[int, Any] = {}
        running: dict[Future[Any], tuple[int, int, tuple[Any, ...]]] = {}
        free = list(range(self.size))
        while todo or running:
            while todo and free:
                index, args = todo.pop()
                worker = free.pop(0)
                future = self.submit(worker, _call, module, name, args)
                running[future] = (worker, index, args)
            finished, _ = wait(running, return_when=FIRST_COMPLETED)
            for future in finished:
                worker, index, args = running.pop(future)
                free.append(worker)
                try:
                    results[index] = future.result()
                except BrokenProcessPool:
                    self._restart(worker)
                    todo.append((index, args))
                    continue
                if on_result is not None:
                    on_result(index, results[index])
        return [results[i] for i in range(len(results))]

    def close(self) -> None:
        """End the worker processes (a task still running is waited for)."""
        for executor in self._executors:
            executor.shutdown(wait=True, cancel_futures=True)

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
