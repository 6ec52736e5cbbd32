"""Long jobs in resumable chunks on Dask distributed (labelling, the book's searches).

A job is a list of chunks and a task (a module-level function, so that workers import it)
that turns one chunk into a :class:`ChunkResult`. Every finished chunk is written to its own
file under the job's folder (``chunk-00042.npz``) by this process, so a job that is stopped
goes on where it was when started again: chunks whose file exists are not sent. A text
progress bar on stderr shows chunks, items (positions), the rate per core and the time left.

Where it runs: a local cluster of ``workers`` processes on this machine (one thread each: the
engine is pure Python), or any running Dask cluster given by its scheduler's address
(``tcp://host:8786``); its workers need this repository's ``py/`` on their ``PYTHONPATH``.
Chunk files are written where this process runs, so workers need no shared disk.

Why Dask rather than Ray: Dask distributed is pure Python (a few small wheels, no daemon
outside the processes it starts), its local cluster is a few processes, and a remote cluster
is one ``dask scheduler`` and ``dask worker ADDRESS`` per machine; Ray brings a large binary
runtime with its own object store and dashboard for what is a plain map over chunks here.
Run the whole job under ``nice -n 19`` on a shared machine: the workers inherit it.
"""

from __future__ import annotations

import io
import os
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np


@dataclass
class ChunkResult:
    """What one chunk produced: named arrays (one row per item), its item count and the CPU
    seconds the worker spent on it (for the rate per core)."""

    arrays: dict[str, np.ndarray]
    items: int
    cpu: float
    extra: dict[str, float] = field(default_factory=dict)


def chunk_path(folder: Path, index: int) -> Path:
    """The file of chunk ``index`` in a job's folder."""
    return folder / f"chunk-{index:05d}.npz"


def write_chunk(folder: Path, index: int, result: ChunkResult) -> None:
    """Write a finished chunk atomically (a temporary file renamed), with its counts."""
    buffer = io.BytesIO()
    np.savez_compressed(
        buffer,
        _items=np.array(result.items),
        _cpu=np.array(result.cpu),
        **result.arrays,  # type: ignore[arg-type]  # arrays by name
    )
    target = chunk_path(folder, index)
    tmp = target.with_suffix(".tmp")
    tmp.write_bytes(buffer.getvalue())
    os.replace(tmp, target)


def read_job(folder: Path) -> dict[str, np.ndarray]:
    """Every finished chunk of a job, concatenated per array name (chunk order)."""
    parts: list[dict[str, np.ndarray]] = []
    for path in sorted(folder.glob("chunk-*.npz")):
        with np.load(path) as z:
            parts.append({k: z[k] for k in z.files if not k.startswith("_")})
    if not parts:
        raise ValueError(f"{folder}: no finished chunks")
    return {k: np.concatenate([p[k] for p in parts]) for k in parts[0]}


def job_totals(folder: Path) -> tuple[int, int, float]:
    """(finished chunks, items, CPU seconds) of a job's folder."""
    chunks = items = 0
    cpu = 0.0
    for path in folder.glob("chunk-*.npz"):
        with np.load(path) as z:
            chunks += 1
            items += int(z["_items"])
            cpu += float(z["_cpu"])
    return chunks, items, cpu


class Progress:
    """A text progress bar on stderr: one line, rewritten on a terminal, else printed at
    most every ``every`` seconds."""

    def __init__(self, total: int, done: int, label: str, every: float = 30.0) -> None:
        self.total, self.done, self.label, self.every = total, done, label, every
        self.items = 0
        self.cpu = 0.0
        self.start = time.monotonic()
        self.started_with = done
        self.last = 0.0
        self.tty = sys.stderr.isatty()

    def update(self, items: int, cpu: float) -> None:
        self.done += 1
        self.items += items
        self.cpu += cpu
        now = time.monotonic()
        if self.tty or now - self.last >= self.every or self.done == self.total:
            self.last = now
            print(self.line(now), end="\r" if self.tty else "\n", file=sys.stderr, flush=True)

    def line(self, now: float) -> str:
        width = 30
        filled = width * self.done // max(self.total, 1)
        elapsed = now - self.start
        fresh = self.done - self.started_with
        left = (self.total - self.done) * elapsed / fresh if fresh else float("nan")
        per_core = self.items / self.cpu if self.cpu else float("nan")
        return (
            f"[{'#' * filled}{'.' * (width - filled)}] {self.done}/{self.total} chunks, "
            f"{self.items} {self.label}, {self.items / max(elapsed, 1e-9):.1f}/s, "
            f"{per_core:.2f}/s per core, {elapsed / 60:.1f} min, ~{left / 60:.0f} min left"
        )


def run(
    task: Callable[[Any], ChunkResult],
    chunks: Sequence[Any],
    folder: Path,
    workers: int = 2,
    scheduler: str | None = None,
    label: str = "items",
) -> tuple[int, float]:
    """Run ``task`` on every chunk that has no file in ``folder`` yet; returns the items and
    CPU seconds of the chunks done by this call."""
    from dask.distributed import Client, LocalCluster, as_completed

    folder.mkdir(parents=True, exist_ok=True)
    todo = [i for i in range(len(chunks)) if not chunk_path(folder, i).exists()]
    progress = Progress(len(chunks), len(chunks) - len(todo), label)
    if not todo:
        return 0, 0.0
    cluster = None
    if scheduler:
        client = Client(scheduler)  # type: ignore[no-untyped-call]
    else:
        cluster = LocalCluster(  # type: ignore[no-untyped-call]
            n_workers=workers, threads_per_worker=1, processes=True, dashboard_address=":0"
        )
        client = Client(cluster)  # type: ignore[no-untyped-call]
    try:
        futures = client.map(
            task, [chunks[i] for i in todo], key=[f"{folder.name}-{i}" for i in todo]
        )
        index = {future.key: i for future, i in zip(futures, todo)}
        for future in as_completed(futures):  # type: ignore[no-untyped-call]
            result: ChunkResult = future.result()
            write_chunk(folder, index[future.key], result)
            progress.update(result.items, result.cpu)
            future.release()
    finally:
        client.close()  # type: ignore[no-untyped-call]
        if cluster is not None:
            cluster.close()
    if progress.tty:
        print(file=sys.stderr)
    return progress.items, progress.cpu


def rate_report(items: int, cpu: float, total: int, cores: Sequence[int] = (2, 8, 64)) -> str:
    """Items per CPU second (per core) and the projected wall time of ``total`` items on
    N cores."""
    if not items or cpu <= 0:
        return "no items measured"
    rate = items / cpu
    lines = [f"{rate:.2f} items per second per core ({items} items in {cpu:.0f} CPU s)"]
    for n in cores:
        hours = total / (rate * n) / 3600
        lines.append(f"  {total} items on {n} cores: {hours:.1f} h")
    return "\n".join(lines)
