"""Benchmark of the Othello pattern evaluation: calls per second and import time.

``rows()`` is collected by the bench table (``tools.bench.table``); run this module alone to print the rows.
"""

from __future__ import annotations

import os
import random
import subprocess
import sys
import time

from flipside.othello.bitboard import flips, legal_moves
from tools import ROOT


def _positions(count: int, seed: int = 7) -> list[tuple[int, int]]:
    """Positions from random games, every stage represented."""
    rnd = random.Random(seed)
    out: list[tuple[int, int]] = []
    while len(out) < count:
        P, O = (1 << 28) | (1 << 35), (1 << 27) | (1 << 36)
        passes = 0
        while passes < 2:
            moves = legal_moves(P, O)
            if not moves:
                P, O, passes = O, P, passes + 1
                continue
            passes = 0
            out.append((P, O))
            sq = rnd.choice([s for s in range(64) if moves >> s & 1])
            f = flips(P, O, sq)
            P, O = O & ~f, P | f | (1 << sq)
    return out[:count]


def _import_seconds() -> float:
    """Best of 3 fresh interpreters importing the evaluation module."""
    code = (
        "import time; t = time.process_time(); "
        "import flipside.othello.ai.evaluation; print(time.process_time() - t)"
    )
    runs = [
        float(
            subprocess.run(
                [sys.executable, "-c", code],
                check=True,
                env={**os.environ, "PYTHONPATH": str(ROOT / "py")},
                capture_output=True,
                text=True,
            ).stdout
        )
        for _ in range(3)
    ]
    return min(runs)


def rows() -> list[tuple[str, float, str]]:
    """(name, value, unit) rows for the benchmark table."""
    from flipside.othello.ai.evaluation import evaluate

    positions = _positions(2000)
    best = float("inf")
    for _ in range(5):
        t = time.process_time()  # CPU time: robust to other jobs on the machine
        for P, O in positions:
            evaluate(P, O)
        best = min(best, time.process_time() - t)
    return [
        (
            "othello evaluate()",
            round(len(positions) / best),
            "calls/s (CPU time, random-game positions, best of 5)",
        ),
        ("othello evaluate() per call", round(best / len(positions) * 1e6, 1), "us CPU"),
        (
            "othello evaluation import",
            round(_import_seconds() * 1000, 1),
            "ms CPU (fresh interpreter, best of 3)",
        ),
    ]


if __name__ == "__main__":
    for name, value, unit in rows():
        print(f"{name:32s} {value:12.1f}  {unit}")
