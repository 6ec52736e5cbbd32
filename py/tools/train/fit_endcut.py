"""Fit the selective endgame's ProbCut: exact score ~ a * shallow search value + b.

    PYTHONPATH=py .venv/bin/python -m tools.train.fit_endcut [--per-empties 30] [--low 10] [--high 18]

Positions: ``--per-empties`` per number of empty squares from ``--low`` to ``--high``, each
from a distinct WTHOR game (``../shared/data/wthor``, as in ``tools.train.fit_mpc``). Each is solved
exactly (``Solver.search``) and searched by the midgame search (``Searcher.run``, full
width) to depth ``--depth``, keeping every depth's value (depth 0: the evaluation). For each
group of empties and check depth, a least-squares line ``exact = a * shallow + b`` and its
residual deviation ``sigma`` (discs) go to the ``"endgame"`` rows of
``py/flipside/othello/ai/mpc.json`` (its midgame ``"fits"`` are kept), which
``flipside.othello.ai.endgame`` reads for its selective search.
"""

from __future__ import annotations

import argparse
import json
import random
import time
from pathlib import Path

from flipside.othello.ai.endgame import Solver
from flipside.othello.ai.evaluation import SCALE, evaluate
from flipside.othello.ai.search import Searcher
from flipside.othello.wthor import read_wthor
from tools.train.fit_mpc import (
    MIN_PAIRS,
    add_run_options,
    fit_row,
    print_fits,
    replay,
    search_all,
)

GROUPS = ((10, 12), (13, 15), (16, 18))
"""Groups of empty squares fitted separately."""


def sample_positions(
    per_empties: int, low: int, high: int, seed: int, wthor: Path
) -> list[tuple[int, int]]:
    """``per_empties`` positions per number of empties ``low..high``, distinct games."""
    paths = [wthor] if wthor.is_file() else sorted(wthor.glob("WTH_*.wtb"))
    games = [g for path in paths for g in read_wthor(path)]
    rnd = random.Random(seed)
    count = per_empties * (high - low + 1)
    out: list[tuple[int, int]] = []
    for index in rnd.sample(range(len(games)), min(len(games), 4 * count)):
        if len(out) == count:
            break
        empties = low + len(out) % (high - low + 1)
        moves = games[index].moves
        if len(moves) < 60 - empties:
            continue
        position = replay(moves, 60 - empties)
        if position is not None and 64 - (position[0] | position[1]).bit_count() == empties:
            out.append(position)
    return out


def values_of(position: tuple[int, int], depth: int) -> tuple[int, list[float]]:
    """The exact score and the midgame search's value (discs) at depths 0..``depth``."""
    P, O = position
    values = [evaluate(P, O) / SCALE]
    Searcher().run(P, O, depth, on_depth=lambda r: values.append(r.score))
    return Solver().search(P, O), values


def fit_rows(
    positions: list[tuple[int, int]], results: list[tuple[int, list[float]]], depth: int
) -> list[dict[str, object]]:
    """One line per group of empties and check depth 0..``depth``."""
    rows: list[dict[str, object]] = []
    for lo, hi in GROUPS:
        for shallow in range(depth + 1):
            pairs = [
                (v[shallow], float(exact))
                for (P, O), (exact, v) in zip(positions, results)
                if lo <= 64 - (P | O).bit_count() <= hi and len(v) > shallow
            ]
            if len(pairs) >= MIN_PAIRS:
                rows.append(fit_row((lo, hi), pairs, shallow=shallow))
    return rows


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--per-empties", type=int, default=30)
    parser.add_argument("--low", type=int, default=10)
    parser.add_argument("--high", type=int, default=18)
    parser.add_argument("--depth", type=int, default=6, help="deepest check depth fitted")
    add_run_options(parser, seed=2)
    args = parser.parse_args(argv)
    start = time.process_time()
    positions = sample_positions(args.per_empties, args.low, args.high, args.seed, args.wthor)
    depths = [args.depth] * len(positions)
    results = search_all(values_of, positions, depths, args.workers)
    rows = fit_rows(positions, results, args.depth)
    data = json.loads(args.out.read_text()) if args.out.exists() else {"version": 1, "fits": []}
    data["endgame"] = rows
    data["endgame_positions"] = len(positions)
    args.out.write_text(json.dumps(data, indent=1) + "\n")
    print_fits(rows, len(positions), start)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
