"""Fit Multi-ProbCut (Buro) for the midgame search: deep value ~ a * shallow value + b.

    PYTHONPATH=py .venv/bin/python -m tools.train.fit_mpc [--positions 300] [--depth 9] [--out FILE]

Positions: one per sampled WTHOR game (``../shared/data/wthor``), taken after a seeded random
number of moves, spread evenly over 14..54 empty squares. Each position is searched by this
engine's own midgame search (``Searcher.run``, iterative deepening, no selectivity) to
``--depth``; the value of every finished depth is kept (depth 0: the evaluation itself). For
each deep depth ``d`` (3..``--depth``) and its check depth ``shallow_depth(d)``, and each
group of empties, a least-squares line ``v_d = a * v_shallow + b`` and the deviation of its
residuals ``sigma`` are written to ``py/flipside/othello/ai/mpc.json`` (discs), which
``flipside.othello.ai.search`` reads with the standard library.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import math
import random
import sys
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import TypeVar

from flipside.othello.ai.evaluation import SCALE, evaluate
from flipside.othello.ai.search import MPC_FILE, Searcher, shallow_depth
from flipside.othello.bitboard import FLIPS, legal_moves
from flipside.othello.wthor import read_wthor
from tools import ROOT, SHARED_DATA

WTHOR = SHARED_DATA / "wthor"
OUT = ROOT / "py" / "flipside" / "othello" / "ai" / MPC_FILE
GROUPS = ((14, 23), (24, 33), (34, 43), (44, 54))
MIN_PAIRS = 10  # fewer pairs make no line
"""Groups of empty squares fitted separately (the search uses the group of a node)."""


def replay(moves: tuple[int, ...], count: int) -> tuple[int, int] | None:
    """Side to move and opponent bitboards after the first ``count`` moves of a game (a move
    illegal for the side to move means that side passed); None for a broken record."""
    P, O = 0x0000000810000000, 0x0000001008000000  # Black (to move): d5 e4; White: d4 e5
    for sq in moves[:count]:
        if not legal_moves(P, O) >> sq & 1:
            P, O = O, P
            if not legal_moves(P, O) >> sq & 1:
                return None
        f = FLIPS[sq](P, O)
        P, O = O ^ f, P | f | (1 << sq)
    if not legal_moves(P, O):
        P, O = O, P
        if not legal_moves(P, O):
            return None
    return P, O


def sample_positions(count: int, seed: int, wthor: Path) -> list[tuple[int, int]]:
    """``count`` positions from distinct random games, empties spread over 14..54."""
    paths = [wthor] if wthor.is_file() else sorted(wthor.glob("WTH_*.wtb"))
    games = [g for path in paths for g in read_wthor(path)]
    rnd = random.Random(seed)
    out: list[tuple[int, int]] = []
    lo, hi = GROUPS[0][0], GROUPS[-1][1]
    for index in rnd.sample(range(len(games)), min(len(games), 4 * count)):
        if len(out) == count:
            break
        empties = lo + len(out) % (hi - lo + 1)
        moves = games[index].moves
        if len(moves) < 60 - empties:
            continue
        position = replay(moves, 60 - empties)
        if position is not None:
            out.append(position)
    return out


def depth_values(position: tuple[int, int], depth: int) -> list[float]:
    """The search's value (discs) at every depth 0..``depth`` (fewer near the game's end)."""
    P, O = position
    values = [evaluate(P, O) / SCALE]
    Searcher().run(P, O, depth, on_depth=lambda r: values.append(r.score))
    return values


def fit(pairs: list[tuple[float, float]]) -> tuple[float, float, float]:
    """Least-squares ``y = a x + b`` over (x, y) pairs and the residuals' deviation."""
    n = len(pairs)
    mx = sum(x for x, _ in pairs) / n
    my = sum(y for _, y in pairs) / n
    sxx = sum((x - mx) ** 2 for x, _ in pairs)
    sxy = sum((x - mx) * (y - my) for x, y in pairs)
    a = sxy / sxx if sxx > 0 else 1.0
    b = my - a * mx
    sigma = math.sqrt(sum((y - a * x - b) ** 2 for x, y in pairs) / max(1, n - 2))
    return a, b, sigma


T = TypeVar("T")


def search_all[T](
    function: Callable[[tuple[int, int], int], T],
    positions: list[tuple[int, int]],
    depths: list[int],
    workers: int,
) -> list[T]:
    """``function(position, depth)`` for every position, in ``workers`` processes (one: in
    this process, also where there are none, as in Pyodide), with progress on stderr."""
    out: list[T] = []
    with contextlib.ExitStack() as stack:
        if workers > 1:
            pool = stack.enter_context(ProcessPoolExecutor(max_workers=workers))
            searched = pool.map(function, positions, depths)
        else:
            searched = map(function, positions, depths)
        for result in searched:
            out.append(result)
            if len(out) % 20 == 0:
                print(f"  {len(out)}/{len(positions)} positions searched", file=sys.stderr)
    return out


def fit_row(
    empties: tuple[int, int], pairs: list[tuple[float, float]], **keys: int
) -> dict[str, object]:
    """The fitted line of ``pairs`` as a row of the output: ``empties``, then ``keys`` (which
    depths), then ``a``, ``b``, ``sigma`` and the number of pairs ``n``."""
    a, b, sigma = fit(pairs)
    rounded = {"a": round(a, 4), "b": round(b, 3), "sigma": round(sigma, 3)}
    return {"empties": list(empties), **keys, **rounded, "n": len(pairs)}


def fit_all(
    positions: list[tuple[int, int]], values: list[list[float]], depth: int
) -> list[dict[str, object]]:
    """One line per group of empties and deep depth 3..``depth``."""
    rows: list[dict[str, object]] = []
    for lo, hi in GROUPS:
        for d in range(3, depth + 1):
            s = shallow_depth(d)
            pairs = [
                (v[s], v[d])
                for (P, O), v in zip(positions, values)
                if lo <= 64 - (P | O).bit_count() <= hi and len(v) > d
            ]
            if len(pairs) >= MIN_PAIRS:
                rows.append(fit_row((lo, hi), pairs, depth=d, shallow=s))
    return rows


def add_run_options(parser: argparse.ArgumentParser, seed: int) -> None:
    """The options of both fits (this one and ``fit_endcut``): seed, workers, games, output."""
    parser.add_argument("--seed", type=int, default=seed)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--wthor", type=Path, default=WTHOR, help="a folder or one .wtb file")
    parser.add_argument("--out", type=Path, default=OUT)


def print_fits(rows: list[dict[str, object]], positions: int, start: float) -> None:
    """One line per fitted line (``depth`` rows from this fit, exact ones from
    ``fit_endcut``), then the positions and the CPU time since ``start``."""
    for row in rows:
        target = f"depth {row['depth']}" if "depth" in row else "exact"
        print(
            f"empties {row['empties']} {target} from {row['shallow']}: a {row['a']:.3f} "
            f"b {row['b']:+.2f} sigma {row['sigma']:.2f} (n {row['n']})"
        )
    print(f"{positions} positions, {time.process_time() - start:.1f} s CPU (main process)")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--positions", type=int, default=300)
    parser.add_argument("--depth", type=int, default=9, help="deepest fitted depth")
    add_run_options(parser, seed=1)
    args = parser.parse_args(argv)
    start = time.process_time()
    positions = sample_positions(args.positions, args.seed, args.wthor)
    depths = [args.depth] * len(positions)
    values = search_all(depth_values, positions, depths, args.workers)
    rows = fit_all(positions, values, args.depth)
    data = {
        "version": 1,
        "about": "Multi-ProbCut lines deep = a * shallow + b (discs), tools.train.fit_mpc",
        "positions": len(positions),
        "fits": rows,
    }
    args.out.write_text(json.dumps(data, indent=1) + "\n")
    print_fits(rows, len(positions), start)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
