"""The command line's worker processes: one search split over several cores, or the moves of
a review spread over them (``--workers N``).

A :class:`Pool` holds ``N`` worker processes, each a ``ProcessPoolExecutor`` of one process
(started with ``spawn``), so that a task goes to the worker its coordinator chose (that
worker's tables hold the move's tree from the depth before) and a worker that is lost (its
process killed) is started again on its own while the others go on. :meth:`Pool.search`
drives a split search's coordinator (:mod:`flipside.split`; a game's ``<game>/ai/split.py``,
whose steps the page's pool of web workers goes through by the facade's ``split_start`` /
``split_step`` / ``search_task``) with the elapsed seconds of this process's clock; a lost
worker's task is handed back to the coordinator, which gives its work out again.
:meth:`Pool.map` runs independent calls (a review's moves) on whichever worker is free, in
order of the results' indexes. :meth:`Pool.together` runs one call on every worker at once
(Othello's midgame move, all the workers searching on a table in the pool's
:meth:`Pool.shared_block`, which a worker opens with :func:`attach`).

The pool names what it runs by module (a game AI's module, ``flipside.review``), so it
imports nothing of the games and sits below them: a game's own commands use it too. The
process machinery (``multiprocessing``, ``concurrent.futures``) is imported when a pool
starts, so the page's Python, which imports every module, never loads it.
"""

from __future__ import annotations

import importlib
import time
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any, Self

from flipside.i18n import tr

if TYPE_CHECKING:
    import argparse
    from concurrent.futures import Future, ProcessPoolExecutor

JSON = Any
MAX_WORKERS = 64


def checked_workers(value: object) -> int:
    """A number of workers from the command line (``"2"``): 1..``MAX_WORKERS``; ValueError
    with a readable message otherwise."""
    text = str(value).strip()
    if not text.isdigit() or not 1 <= int(text) <= MAX_WORKERS:
        raise ValueError(
            tr(
                "the number of workers must be a whole number from 1 to {most}, got {value!r}",
                most=MAX_WORKERS,
                value=value,
            )
        )
    return int(text)


def _argument(text: str) -> int:
    import argparse

    try:
        return checked_workers(text)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def add_option(parser: argparse.ArgumentParser, what: str) -> None:
    """Add ``--workers N`` to a command (default 1: one search in this process, exactly as
    without the option); ``what`` says what the workers share."""
    parser.add_argument(
        "--workers",
        type=_argument,
        default=1,
        metavar="N",
        help=f"{what} over N worker processes (default 1: no pool)",
    )


def _warm(module: str) -> int:
    """A worker's first task: import a game's computer player and run a short search, so
    that its first real task does not pay for the imports and data."""
    import os

    ai = importlib.import_module(module)
    ai.think(ai.WARM_RECORD, "max", 0.05, None, lambda _: None)
    return os.getpid()


def _run_task(module: str, task: JSON) -> JSON:
    """A split search's task, answered in this worker by ``module`` (a game's
    ``flipside.<game>.ai.tasks``)."""
    result: JSON = importlib.import_module(module).run_task(task)
    return result


def _call(module: str, name: str, args: tuple[Any, ...]) -> Any:
    return getattr(importlib.import_module(module), name)(*args)


_attached: dict[str, Any] = {}


def attach(name: str) -> Any:
    """The shared memory block ``name`` (a pool's :meth:`Pool.shared_block`), opened once
    per process and kept; the pool that made it frees it."""
    from multiprocessing import shared_memory

    if name not in _attached:
        try:
            block = shared_memory.SharedMemory(name=name, track=False)  # type: ignore[call-arg]
        except TypeError:  # Python 3.12 has no track: the pool's resource tracker is shared
            block = shared_memory.SharedMemory(name=name)
        _attached[name] = block
    return _attached[name]


class Pool:
    """``workers`` worker processes (see the module's text); a context manager."""

    def __init__(self, workers: int, warm: str | None = None) -> None:
        import multiprocessing

        self.size = workers
        self._context = multiprocessing.get_context("spawn")
        self._executors = [self._new() for _ in range(workers)]
        self._ran_on: dict[Future[Any], ProcessPoolExecutor] = {}
        self.pids: list[int] = []
        self.restarts = 0
        self._block: Any = None
        if warm is not None:
            futures = [e.submit(_warm, warm) for e in self._executors]
            self.pids = [f.result() for f in futures]

    def _new(self) -> ProcessPoolExecutor:
        from concurrent.futures import ProcessPoolExecutor

        return ProcessPoolExecutor(max_workers=1, mp_context=self._context)

    def submit(self, worker: int, func: Callable[..., Any], *args: Any) -> Future[Any]:
        """Run ``func(*args)`` on ``worker`` (a lost worker is started again first)."""
        from concurrent.futures.process import BrokenProcessPool

        try:
            future = self._executors[worker].submit(func, *args)
        except BrokenProcessPool:
            self._restart(worker, self._executors[worker])
            future = self._executors[worker].submit(func, *args)
        self._ran_on[future] = self._executors[worker]
        return future

    def _restart(self, worker: int, lost: ProcessPoolExecutor) -> None:
        """Start ``worker`` again, unless that was done since ``lost`` ran its task."""
        if self._executors[worker] is not lost:
            return
        lost.shutdown(wait=False, cancel_futures=True)
        self._executors[worker] = self._new()
        self.restarts += 1

    def _outcome(self, worker: int, future: Future[Any]) -> tuple[bool, Any]:
        """``(True, result)``, or ``(False, None)`` when the worker was lost (then it is
        started again)."""
        from concurrent.futures import CancelledError
        from concurrent.futures.process import BrokenProcessPool

        executor = self._ran_on.pop(future)
        try:
            return True, future.result()
        except (BrokenProcessPool, CancelledError):
            self._restart(worker, executor)
            return False, None

    def search(
        self,
        module: str,
        first: JSON,
        step: Callable[[JSON, list[JSON], float], JSON],
        on_report: Callable[[JSON], object] | None = None,
    ) -> JSON:
        """The answer of the split search whose first step is ``first``: each task started
        on its worker (answered there by ``module``'s ``run_task``: a game's
        ``flipside.<game>.ai.tasks``), the finished ones handed to ``step`` (its coordinator's
        ``step``, or a game AI's ``split_step``) with the seconds since this call, until
        there is an answer.
        ``on_report`` gets each progress report."""
        from concurrent.futures import FIRST_COMPLETED, wait

        start = time.perf_counter()
        found = first
        running: dict[Future[Any], JSON] = {}
        while True:
            for report in found["reports"]:
                if on_report is not None:
                    on_report(report)
            if found["answer"] is not None:
                for future in running:  # a phase's tasks the answer did not wait for
                    self._ran_on.pop(future, None)
                return found["answer"]
            for task in found["tasks"]:
                running[self.submit(task["worker"], _run_task, module, task)] = task
            if not running:
                raise RuntimeError("a split search stopped with no task running and no answer")
            finished, _ = wait(running, return_when=FIRST_COMPLETED)
            done = []
            for future in finished:
                task = running.pop(future)
                ok, result = self._outcome(task["worker"], future)
                done.append(
                    {"task": task, "result": result} if ok else {"task": task, "error": "lost"}
                )
            found = step(found["state"], done, time.perf_counter() - start)

    def shared_block(self, size: int) -> tuple[str, memoryview]:
        """A block of ``size`` bytes of memory shared with the workers, made on first use and
        freed by :meth:`close`: its name (a worker opens it with :func:`attach`) and this
        process's view of it."""
        if self._block is None:
            from multiprocessing import shared_memory

            self._block = shared_memory.SharedMemory(create=True, size=size)
            self._block.buf[:] = bytes(size)
        view: memoryview = self._block.buf[:size]
        return self._block.name, view

    def together(
        self, func: Callable[..., Any], calls: list[tuple[Any, ...]], stop: Callable[[], object]
    ) -> list[Any]:
        """``func(*calls[w])`` on each worker ``w`` at once: the results in the workers'
        order, None for a worker that was lost. ``stop()`` is called as soon as worker 0's
        call ends (answered or lost), to end the others', which are then waited for."""
        futures = [self.submit(w, func, *args) for w, args in enumerate(calls)]
        results: list[Any] = []
        try:
            for future in futures:
                ok, result = self._outcome(len(results), future)
                results.append(result if ok else None)
                stop()
        finally:
            stop()
        return results

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
        from concurrent.futures import FIRST_COMPLETED, wait

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
                ok, result = self._outcome(worker, future)
                if not ok:
                    todo.append((index, args))
                    continue
                results[index] = result
                if on_result is not None:
                    on_result(index, result)
        return [results[i] for i in range(len(results))]

    def close(self) -> None:
        """End the worker processes (a task still running is waited for)."""
        for executor in self._executors:
            executor.shutdown(wait=True, cancel_futures=True)
        if self._block is not None:
            self._block.close()
            self._block.unlink()
            self._block = None

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
