"""Themisto perft benchmark: perft(1..3) from the start position, with timings.

    PYTHONPATH=py .venv/bin/python -m tools.bench.sections.themisto_perft

Native only, not part of the wheel. Reference counts from the spec: perft(1) = 160,
perft(2) = 27544.
"""

from __future__ import annotations

import time

from flipside.themisto import Board, perft


def rows() -> list[tuple[str, object, str]]:
    """Bench-table rows: perft(1..3) from the start, count and wall time."""
    out: list[tuple[str, object, str]] = []
    board = Board()
    for depth in (1, 2, 3):
        start = time.perf_counter()
        count = perft(board, depth)
        seconds = time.perf_counter() - start
        out.append((f"perft({depth}) = {count}", round(seconds, 3), "s native (aim <= 10 s at 3)"))
    return out


def main() -> None:
    """Print one line per depth: the count and the wall time of perft from the start."""
    board = Board()
    for depth in (1, 2, 3):
        start = time.perf_counter()
        count = perft(board, depth)
        seconds = time.perf_counter() - start
        print(f"themisto perft({depth}) = {count} in {seconds:.3f} s")


if __name__ == "__main__":
    main()
