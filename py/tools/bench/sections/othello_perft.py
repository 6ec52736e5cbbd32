"""Othello perft benchmark: perft(1..10) from the start position, with timings.

    PYTHONPATH=py .venv/bin/python -m tools.bench.sections.othello_perft [MAX_DEPTH]

Native only, not part of the wheel. Each depth is a fresh run (its own transposition table). Expected counts: 4, 12, 56,
244, 1396, 8200, 55092, 390216, 3005288, 24571284. Target: perft(9) <= 1 s natively.
"""

from __future__ import annotations

import sys
import time

from flipside.othello import Board, perft

EXPECTED = [1, 4, 12, 56, 244, 1396, 8200, 55092, 390216, 3005288, 24571284]


def run(max_depth: int = 10) -> list[tuple[int, int, float, float]]:
    """``(depth, count, wall seconds, CPU seconds)`` for perft(1..max_depth) from the start."""
    rows = []
    for depth in range(1, max_depth + 1):
        wall, cpu = time.perf_counter(), time.process_time()
        count = perft(Board(), depth)
        rows.append((depth, count, time.perf_counter() - wall, time.process_time() - cpu))
        if depth < len(EXPECTED) and count != EXPECTED[depth]:
            raise SystemExit(f"othello perft({depth}) = {count}, expected {EXPECTED[depth]}")
    return rows


def pyodide_code(depth: int = 9) -> str:
    """Python code timing perft(depth) whose last expression is a result line, for
    ``node tests/pyodide/run_python.mjs "<code>"`` (the same run inside Pyodide)."""
    return (
        "import time\n"
        "from flipside.othello import Board, perft\n"
        "t = time.perf_counter()\n"
        f"n = perft(Board(), {depth})\n"
        f"f'othello perft({depth}) = {{n}} in {{time.perf_counter() - t:.3f}} s (pyodide)'\n"
    )


def rows() -> list[tuple[str, object, str]]:
    """Bench-table rows: perft(8..10) from the start, wall and CPU time natively."""
    return [
        (f"perft({depth}) = {count}", round(wall, 3), f"s native wall (cpu {cpu:.3f} s)")
        for depth, count, wall, cpu in run(10)
        if depth >= 8
    ]


def main(max_depth: int = 10) -> None:
    """Print one line per depth: the count, wall time and CPU time of perft from the start."""
    for depth, count, wall, cpu in run(max_depth):
        print(f"othello perft({depth}) = {count} in {wall:.3f} s (cpu {cpu:.3f} s)")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 10)
