"""How far is the evaluation from the deeper searches' labels, and which extra features would
close the gap? A residual fit on the labelled positions (native, numpy).

    PYTHONPATH=py .venv/bin/python -m tools.train.eval_features [--labels .cache/labels/depth8]

Reads the positions ``label_positions.py`` labelled (a depth-8 selective search, exact from
14 empties). Per group of empties it fits, on the training positions, the label as

* the evaluation as it is (no fit),
* ``a * evaluation + b`` (the evaluation recalibrated),
* that plus one candidate feature, each in turn, and plus all of them,

and prints the mean absolute error of each, cross-validated in five folds of games (each
game's positions are consecutive rows: fold = (row // per-game) % 5), in discs. The candidates (all from the side to move's view, differences of the two sides):
mobility (legal moves), corner moves, potential mobility (empty squares next to the
opponent's discs), stable discs (``stability.stable``), and the parity of the quadrants
(how many quadrants hold an odd number of empty squares, the side to move's sign when the
number of empties is even). A feature is worth adding to the evaluation only if it lowers
the held-out error clearly, for its cost per call.
"""

from __future__ import annotations

import argparse
from pathlib import Path

import numpy as np

from flipside.othello.ai.endgame import QUADRANT
from flipside.othello.ai.evaluation import SCALE, evaluate
from flipside.othello.ai.stability import stable
from flipside.othello.bitboard import legal_moves
from tools import ROOT
from tools.train.jobs import read_job

GROUPS = ((14, 23), (24, 33), (34, 43), (44, 58))
CORNERS = (1 << 0) | (1 << 7) | (1 << 56) | (1 << 63)
FEATURES = ("mobility", "corner moves", "potential mobility", "stable discs", "parity")
FULL = 0xFFFFFFFFFFFFFFFF
NOT_A, NOT_H = 0xFEFEFEFEFEFEFEFE, 0x7F7F7F7F7F7F7F7F


def neighbours(x: int) -> int:
    """Squares next to any square of ``x`` (8 directions)."""
    side = ((x << 1) & NOT_A) | ((x >> 1) & NOT_H) | x
    return (side | (side << 8) | (side >> 8)) & FULL


def features(P: int, O: int) -> list[float]:
    """The candidate features of a position (``FEATURES`` order)."""
    empty = ~(P | O) & FULL
    mp, mo = legal_moves(P, O), legal_moves(O, P)
    filled = P | O
    parity = 0
    e = empty
    while e:
        low = e & -e
        parity ^= QUADRANT[low.bit_length() - 1]
        e ^= low
    odd = parity.bit_count() * (1 if empty.bit_count() % 2 == 0 else -1)
    return [
        mp.bit_count() - mo.bit_count(),
        (mp & CORNERS).bit_count() - (mo & CORNERS).bit_count(),
        (neighbours(O) & empty).bit_count() - (neighbours(P) & empty).bit_count(),
        stable(P, filled).bit_count() - stable(O, filled).bit_count(),
        odd,
    ]


FOLDS = 5


def mae(X: np.ndarray, y: np.ndarray, fold: np.ndarray, sel: np.ndarray) -> float:
    """Cross-validated mean absolute error of the least-squares fit of y on X over the rows
    ``sel``: each fold predicted by a fit on the others."""
    errors = []
    for k in range(FOLDS):
        train, test = sel & (fold != k), sel & (fold == k)
        w, *_ = np.linalg.lstsq(X[train], y[train], rcond=None)
        errors.append(np.abs(X[test] @ w - y[test]))
    return float(np.concatenate(errors).mean())


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--labels", type=Path, default=ROOT / ".cache" / "labels" / "depth8")
    parser.add_argument("--per-game", type=int, default=4, help="positions per game")
    args = parser.parse_args(argv)
    data = read_job(args.labels)
    P = [int(p) for p in data["P"]]
    O = [int(o) for o in data["O"]]
    y = data["label"].astype(float)
    fold = (np.arange(len(y)) // args.per_game) % FOLDS
    empties = np.array([64 - (p | o).bit_count() for p, o in zip(P, O)])
    ev = np.array([evaluate(p, o) / SCALE for p, o in zip(P, O)])
    F = np.array([features(p, o) for p, o in zip(P, O)], dtype=float)
    print(f"{len(y)} labelled positions, {FOLDS}-fold cross-validation by game")
    head = ["empties", "positions", "eval", "a*eval+b"] + [f"+{f}" for f in FEATURES]
    print(" | ".join(head + ["+all"]))
    for low, high in GROUPS:
        sel = (empties >= low) & (empties <= high)
        if sel.sum() < 100:
            continue
        base = np.column_stack([ev, np.ones(len(y))])
        cells = [
            f"{low}-{high}",
            str(int(sel.sum())),
            f"{np.abs(ev[sel] - y[sel]).mean():.2f}",
            f"{mae(base, y, fold, sel):.2f}",
        ]
        for k in range(len(FEATURES)):
            cells.append(f"{mae(np.column_stack([base, F[:, k]]), y, fold, sel):.2f}")
        cells.append(f"{mae(np.column_stack([base, F]), y, fold, sel):.2f}")
        print(" | ".join(cells))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
