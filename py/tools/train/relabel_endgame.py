"""Exact labels for the endgame positions of WTHOR games (native; for train_evaluation.py).

    PYTHONPATH=py .venv/bin/python -m tools.train.relabel_endgame --solve-from 12 --games 39800 --workers 2

A game's positions with ``--solve-from`` empties or fewer are solved exactly
(``endgame.Solver``); its positions from there up to 23 empties get the exact value of the
game's position at ``--solve-from`` empties, backed up along the moves actually played (the
players' mistakes before that point are not corrected, those after it are). Positions with
24 or more empties already have WTHOR's perfect-play score. Games are taken in a fixed
interleaved order across all the files (the held-out ones, ``i % 20 == 19``, first), so
the first N games are a uniform sample and ``--games N`` writes the same file every time
(``--minutes`` stops early instead and prints how many games it did). Writes an .npz of P, O (side to
move first), the label for the side to move, whether it is exact and whether the game is held
out.
"""

from __future__ import annotations

import argparse
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import numpy as np

from flipside.othello.ai.endgame import Solver
from flipside.othello.wthor import parse_wthor
from tools import ROOT
from tools.train.train_evaluation import HOLDOUT_MOD, THEORY_EMPTIES, WTHOR_DIR, replay

CHUNK = 200  # games per task


def game_order() -> list[tuple[str, int]]:
    """(file, game index) of every game: held-out games first, then round robin over files."""
    files = sorted(WTHOR_DIR.glob("WTH_*.wtb"))
    counts = {f.name: len(parse_wthor(f.read_bytes())[1]) for f in files}
    order = []
    for held in (True, False):
        for i in range(max(counts.values())):
            if (i % HOLDOUT_MOD == HOLDOUT_MOD - 1) != held:
                continue
            order += [(name, i) for name, n in counts.items() if i < n]
    return order


def relabel(task: tuple[list[tuple[str, int]], int]) -> list[tuple[int, int, int, int, bool]]:
    """(P, O, label for the side to move, exact?, held out?) for the games of one chunk."""
    games, solve_from = task
    cache: dict[str, list] = {}
    out = []
    for name, i in games:
        if name not in cache:
            cache[name] = parse_wthor((WTHOR_DIR / name).read_bytes())[1]
        result = replay(cache[name][i].moves)
        if result is None or not result[2]:
            continue
        held = i % HOLDOUT_MOD == HOLDOUT_MOD - 1
        positions = result[0]
        anchor: int | None = None  # exact value at solve_from empties, for Black
        for b, w, colour in reversed(positions):  # from the end: the anchor comes first
            P, O = (b, w) if colour == 0 else (w, b)
            empties = 64 - (b | w).bit_count()
            if empties >= THEORY_EMPTIES:
                break
            if empties <= solve_from:
                value = Solver().search(P, O)
                if empties == solve_from or anchor is None:
                    anchor = value if colour == 0 else -value
                out.append((P, O, value, True, held))
            elif anchor is not None:
                out.append((P, O, anchor if colour == 0 else -anchor, False, held))
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--solve-from", type=int, default=12)
    parser.add_argument("--games", type=int, help="relabel this many games (default: all)")
    parser.add_argument("--minutes", type=float, help="or stop handing out work after this")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--out", type=Path, default=ROOT / ".cache" / "endgame-labels.npz")
    args = parser.parse_args()
    order = game_order()
    order = order[: args.games]
    chunks = [order[k : k + CHUNK] for k in range(0, len(order), CHUNK)]
    t0 = time.monotonic()
    rows: list[tuple[int, int, int, int, bool]] = []
    done = 0
    with ProcessPoolExecutor(args.workers) as pool:
        pending = [pool.submit(relabel, (c, args.solve_from)) for c in chunks[: args.workers]]
        nxt = args.workers
        while pending:
            rows += pending.pop(0).result()
            done += 1
            in_time = args.minutes is None or time.monotonic() - t0 < 60 * args.minutes
            if in_time and nxt < len(chunks):
                pending.append(pool.submit(relabel, (chunks[nxt], args.solve_from)))
                nxt += 1
            print(
                f"{min(done * CHUNK, len(order))} games, {len(rows)} positions, {time.monotonic() - t0:.0f} s",
                file=sys.stderr,
                flush=True,
            )
    args.out.parent.mkdir(exist_ok=True)
    np.savez(
        args.out,
        P=np.array([r[0] for r in rows], dtype=np.uint64),
        O=np.array([r[1] for r in rows], dtype=np.uint64),
        label=np.array([r[2] for r in rows], dtype=np.int8),
        exact=np.array([r[3] for r in rows], dtype=bool),
        holdout=np.array([r[4] for r in rows], dtype=bool),
    )
    print(f"wrote {args.out}: {done * CHUNK} games, {len(rows)} positions")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
