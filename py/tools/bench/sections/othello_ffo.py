"""Othello exact solver on the FFO endgame positions #20-#39 (``tests/data/ffo-20-39.tsv``).

``rows()`` returns ``(name, value, unit/note)`` tuples for the bench table; run the module to
print them: ``PYTHONPATH=py .venv/bin/python -m tools.bench.sections.othello_ffo [--cap S]
[--only 21,22]``. Each position is solved from a fresh solver (empty hash table) for its
exact score (``Solver.search``, the time to the exact score; the best moves are not
searched), CPU time, the score checked against the file. A position that takes more than
``CAP`` CPU seconds is stopped and reported as such (``FLIPSIDE_FFO_CAP`` sets the cap; the
largest positions, 22-26 empties, take minutes natively).
"""

from __future__ import annotations

import os
import sys
import time

from flipside.othello.ai.endgame import Solver, Stopped
from tools import ROOT

FFO_20_39 = ROOT / "tests" / "data" / "ffo-20-39.tsv"
CAP = float(os.environ.get("FLIPSIDE_FFO_CAP", "120"))


def ffo_positions() -> list[tuple[str, int, int, int, int]]:
    """(id, P, O, empties, exact score) of FFO #20-#39, P the side to move."""
    out = []
    for line in FFO_20_39.read_text().splitlines()[1:]:
        ident, board64, side, empties, score = line.split("\t")[:5]
        black = sum(1 << i for i, c in enumerate(board64) if c == "X")
        white = sum(1 << i for i, c in enumerate(board64) if c == "O")
        P, O = (black, white) if side == "X" else (white, black)
        out.append((ident[3:], P, O, int(empties), int(score)))
    return out


Row = tuple[str, float | str | int, str]


def solve_row(ident: str, P: int, O: int, empties: int, score: int, cap: float) -> Row:
    """One position's row: CPU seconds to the exact score (or the cap), nodes, the check."""
    wall_clock = time.perf_counter
    time.perf_counter = time.process_time  # the solver's deadline in CPU time
    solver = Solver(deadline=time.process_time() + cap)
    start = time.process_time()
    try:
        got: int | None = solver.search(P, O)
    except Stopped:
        got = None
    finally:
        time.perf_counter = wall_clock
    cpu = time.process_time() - start
    name = f"othello FFO #{ident} ({empties} empties) exact score"
    if got is None:
        return (name, f">{cap:.0f}", f"s CPU, stopped at the cap ({solver.nodes:,} nodes)")
    check = f"{got:+d}" + ("" if got == score else f" WRONG (file: {score:+d})")
    rate = solver.nodes / max(cpu, 1e-9)
    return (name, round(cpu, 2), f"s CPU, {solver.nodes:,} nodes, {rate:,.0f} nodes/s, {check}")


def rows(only: set[str] | None = None, cap: float = CAP) -> list[Row]:
    """A row per FFO position #20-#39 (or those in ``only``) and the total of those solved."""
    out: list[Row] = []
    total = 0.0
    solved = 0
    for ident, P, O, empties, score in ffo_positions():
        if only and ident not in only:
            continue
        row = solve_row(ident, P, O, empties, score, cap)
        out.append(row)
        print(*row, file=sys.stderr, flush=True)
        if isinstance(row[1], float):
            total += row[1]
            solved += 1
    out.append(("othello FFO #20-#39 solved", solved, f"positions within {cap:.0f} s CPU each"))
    out.append(("othello FFO #20-#39 total", round(total, 1), "s CPU of the solved positions"))
    return out


if __name__ == "__main__":
    import argparse

    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--cap", type=float, default=CAP, help="CPU seconds per position")
    parser.add_argument("--only", help="comma-separated numbers, e.g. 21,22")
    args = parser.parse_args()
    only = set(args.only.split(",")) if args.only else None
    for name, value, note in rows(only, args.cap):
        print(f"{name:45} {value!s:>10} {note}")
