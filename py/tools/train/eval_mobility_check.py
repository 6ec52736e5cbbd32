"""Would a mobility feature pay? Held-out error of the pattern fit with and without it.

    PYTHONPATH=py .venv/bin/python -m tools.train.eval_mobility_check --cache /tmp/wthor.npz 3 5 7 9 11

For each stage given, fits the patterns + bias of ``train_evaluation.py`` (same targets,
same held-out games) twice: as they are, and with two more one-hot features, the side to
move's and the opponent's number of legal moves (0..29, more counted as 29). Prints the
held-out mean absolute error of both fits, in discs (unrounded weights).
"""

from __future__ import annotations

import argparse
from pathlib import Path

import numpy as np

from tools.train import train_evaluation as te

U = np.uint64
INNER = U(0x7E7E7E7E7E7E7E7E)  # without the a and h files (no wrap-around)


def legal_moves(P: np.ndarray, O: np.ndarray) -> np.ndarray:
    """Legal-move bitboards of the side owning ``P``, for arrays of positions."""
    empty = ~(P | O)
    out = np.zeros_like(P)
    for d, mask in ((1, INNER), (7, INNER), (9, INNER), (8, U(0xFFFFFFFFFFFFFFFF))):
        for left in (True, False):
            shift = (lambda x, d=d: x << U(d)) if left else (lambda x, d=d: x >> U(d))
            x = shift(P) & O & mask
            for _ in range(5):
                x |= shift(x) & O & mask
            out |= shift(x) & empty
    return out


class WithMobility(te.Features):
    """The pattern features plus the two move counts (columns after the bias)."""

    def __init__(self) -> None:
        super().__init__()
        self.mobility_offset = self.count
        self.count += 60

    def column_range(self, j: int) -> tuple[int, int]:
        n = len(self.column_class) + 1  # placements and the bias
        if j < n:
            return super().column_range(j)
        lo = self.mobility_offset + 30 * (j - n)
        return lo, lo + 30


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--cache", type=Path, required=True, help="train_evaluation's .npz")
    parser.add_argument("stages", type=int, nargs="+")
    args = parser.parse_args()
    data = te.load_data(args.cache, 2)
    P, O = data["P"], data["O"]
    empties, target = te.game_targets(data)
    plain = te.Features()
    X = plain.matrix(P, O, empties)
    more = WithMobility()
    counts = [
        np.minimum(np.bitwise_count(legal_moves(a, b)).astype(np.int32), 29)
        for a, b in ((P, O), (O, P))
    ]
    X2 = np.concatenate(
        [
            X,
            *[
                (more.mobility_offset + 30 * k + c).astype(np.int32)[:, None]
                for k, c in enumerate(counts)
            ],
        ],
        axis=1,
    )
    held = data["holdout"]
    stages = np.array([te.stage_of(e) for e in range(61)])[empties]
    rw = np.ones(len(P))
    print("stage empties  held-out MAE: patterns  + mobility")
    for s in args.stages:
        lo, hi = te.stage_range(s)
        sel = ~held & (empties >= lo - te.WINDOW) & (empties <= hi + te.WINDOW)
        test = held & (stages == s)
        maes = []
        for M, feats in ((X, plain), (X2, more)):
            w = te.fit(M[sel], target[sel], feats, rw[sel])
            maes.append(float(np.abs(w[M[test]].sum(axis=1) - target[test]).mean()))
        print(f"{s:5d} {lo:3d}-{hi:<3d} {maes[0]:20.3f} {maes[1]:11.3f}", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
