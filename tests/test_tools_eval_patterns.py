"""tools.train.eval_pattern_check: candidate pattern indices and their feature columns."""

from __future__ import annotations

import random

import numpy as np

from tools.train import eval_pattern_check as tool


def test_candidate_indices_read_every_placement_square_by_square() -> None:
    te = tool.te
    rnd = random.Random(4)
    boards = []
    for _ in range(50):
        P = O = 0
        for sq in range(64):
            cell = rnd.randrange(3)
            P |= (cell == 1) << sq
            O |= (cell == 2) << sq
        boards.append((P, O))
    P = np.array([p for p, _ in boards], dtype=np.uint64)
    O = np.array([o for _, o in boards], dtype=np.uint64)
    for _, names in tool.CANDIDATES:
        squares = [te.square(s) for s in names]
        canon = te.canonical_map(squares)
        got = tool.class_indices(P, O, squares)
        places = te.placements(squares)
        assert got.shape == (len(boards), len(places))
        for row, (p, o) in enumerate(boards):
            for col, place in enumerate(places):
                raw = sum(
                    (1 if p >> sq & 1 else 2 if o >> sq & 1 else 0) * 3**i
                    for i, sq in enumerate(place)
                )
                assert got[row, col] == canon[raw]


def test_candidate_columns_follow_the_bias_without_overlap() -> None:
    feats = tool.WithPatterns(tool.CANDIDATES)
    plain = tool.te.Features()
    n = len(plain.column_class) + 1
    assert [feats.column_range(j) for j in range(n)] == [plain.column_range(j) for j in range(n)]
    ranges = [feats.column_range(n + j) for j in range(len(feats.extra_column_class))]
    starts = sorted({lo for lo, _ in ranges})
    assert starts[0] == plain.count and ranges[-1][1] == feats.count
    assert all(hi - lo == 3**10 for lo, hi in ranges)
    assert len(starts) == len(tool.CANDIDATES)
