"""Would more or larger patterns pay? Held-out error of the pattern fit with candidate classes.

    PYTHONPATH=py .venv/bin/python -m tools.train.eval_pattern_check --cache /tmp/wthor.npz 3 5 7 9 11

For each stage given, fits the patterns + bias of ``train_evaluation.py`` (same targets,
same held-out games) with today's classes, with today's classes plus each class of
``CANDIDATES`` (in all its placements under the 8 symmetries, one shared table, like the
others), and with all candidates together. Prints the held-out mean absolute error of each fit
in discs (unrounded weights); then per candidate the placements it adds, the weights-file size
it would add (its rounded tables at the fitted stages, compressed, scaled to 15 stages) and the
CPU time per ``evaluate`` call of the generated evaluation with it (zero tables, positions of
random games as in ``bench_eval.py``).
"""

from __future__ import annotations

import argparse
import tempfile
import time
import zlib
from pathlib import Path

import numpy as np

from tools.bench.sections import othello_eval as bench_eval
from tools.train import train_evaluation as te

# Squares in index order (cell i weighs 3**i); at most 10 so a table per stage stays 3**10.
CANDIDATES: list[tuple[str, list[str]]] = [
    ("triangle", ["a1", "b1", "c1", "d1", "a2", "b2", "c2", "a3", "b3", "a4"]),
    ("corner_edges", ["a1", "b1", "c1", "d1", "e1", "a2", "b2", "a3", "a4", "a5"]),
    ("edge_block", ["a1", "c1", "d1", "e1", "f1", "h1", "c2", "d2", "e2", "f2"]),
    ("cross", ["a1", "b1", "a2", "b2", "c2", "b3", "c3", "d3", "c4", "d4"]),
]


class WithPatterns(te.Features):
    """Today's pattern features plus extra classes (their tables and columns after the bias)."""

    def __init__(self, extra: list[tuple[str, list[str]]]) -> None:
        super().__init__()
        self.extra = [[te.square(s) for s in squares] for _, squares in extra]
        self.extra_placements = [te.placements(sq) for sq in self.extra]
        sizes = [3 ** len(sq) for sq in self.extra]
        self.extra_offsets = self.count + np.concatenate([[0], np.cumsum(sizes)]).astype(int)
        self.count = int(self.extra_offsets[-1])
        self.extra_column_class = [c for c, pl in enumerate(self.extra_placements) for _ in pl]

    def column_range(self, j: int) -> tuple[int, int]:
        n = len(self.column_class) + 1  # placements and the bias
        if j < n:
            return super().column_range(j)
        c = self.extra_column_class[j - n]
        return int(self.extra_offsets[c]), int(self.extra_offsets[c + 1])

    def extra_columns(self, indices: list[np.ndarray]) -> list[np.ndarray]:
        """Weight ids of the extra placements from their canonical indices (one (rows,
        placements) array per extra class, as ``class_indices`` gives)."""
        return [idx + int(self.extra_offsets[c]) for c, idx in enumerate(indices)]


def class_indices(P: np.ndarray, O: np.ndarray, squares: list[int]) -> np.ndarray:
    """int32 (positions, placements) canonical base-3 indices of a class's placements."""
    places = te.placements(squares)
    canon = te.canonical_map(squares).astype(np.int32)
    powers = 3 ** np.arange(len(squares), dtype=np.int32)
    cols = []
    for place in places:
        idx = np.zeros(len(P), dtype=np.int32)
        for i, sq in enumerate(place):
            cell = ((P >> np.uint64(sq)) & np.uint64(1)) + 2 * ((O >> np.uint64(sq)) & np.uint64(1))
            idx += cell.astype(np.int32) * powers[i]
        cols.append(canon[idx])
    return np.stack(cols, axis=1)


def stored_bytes(w: np.ndarray, lo: int, squares: list[int]) -> tuple[int, int]:
    """(raw, zlib-compressed) bytes of one class's stage table as the weights file stores it:
    rounded int16 weights of the canonical indices only."""
    canon = te.canonical_map(squares)
    own = canon == np.arange(len(canon))
    q = np.clip(np.round(w[lo : lo + len(canon)] * te.SCALE), -32768, 32767).astype("<i2")
    raw = q[own].tobytes()
    return len(raw), len(zlib.compress(raw, 9))


def evaluate_time(extra: list[list[int]], positions: list[tuple[int, int]]) -> float:
    """CPU seconds per call (best of 5) of the generated evaluation with today's classes plus
    ``extra``, zero tables; checks its fast indices against a square-by-square reading."""
    from flipside.othello.ai import evaluation as ev

    feats = te.Features()
    feats.classes = feats.classes + extra
    feats.sizes = [3 ** len(sq) for sq in feats.classes]
    feats.canon = feats.canon + [te.canonical_map(sq) for sq in extra]
    tables = [[np.zeros(n, dtype=np.int16) for n in feats.sizes] for _ in range(te.N_STAGES)]
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "w.bin"
        te.write_weights(path, feats, tables, np.zeros(61))
        weights = ev.Weights(zlib.decompress(path.read_bytes()))
    evaluate, indices, plan = ev._build(weights)
    for P, O in positions[:200]:
        slow = [
            sum((1 if P >> sq & 1 else 2 if O >> sq & 1 else 0) * 3**i for i, sq in enumerate(o))
            for _, o in plan
        ]
        assert indices(P, O) == slow, "fast gathers differ from the reference"
    best = float("inf")
    for _ in range(5):
        t = time.process_time()
        for P, O in positions:
            evaluate(P, O)
        best = min(best, time.process_time() - t)
    return best / len(positions)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--cache", type=Path, required=True, help="train_evaluation's .npz")
    parser.add_argument("--no-timing", action="store_true", help="skip the evaluate() timing")
    parser.add_argument("stages", type=int, nargs="+")
    args = parser.parse_args()
    t0 = time.perf_counter()
    data = te.load_data(args.cache, 1)
    P, O = data["P"], data["O"]
    empties, target = te.game_targets(data)
    held = data["holdout"]
    stages = np.array([te.stage_of(e) for e in range(61)])[empties]
    plain = te.Features()
    variants = [(name, [k]) for k, (name, _) in enumerate(CANDIDATES)]
    variants.append(("all", list(range(len(CANDIDATES)))))
    feats = [WithPatterns([CANDIDATES[k] for k in ks]) for _, ks in variants]
    squares = [[te.square(s) for s in sq] for _, sq in CANDIDATES]
    sizes: dict[str, list[tuple[int, int]]] = {name: [] for name, _ in CANDIDATES + [("", [])]}
    print("held-out MAE in discs, today's classes vs. today's + candidate")
    print(f"stage empties     today {''.join(f'{name:>13s}' for name, _ in variants)}")
    for s in args.stages:
        lo, hi = te.stage_range(s)
        rows = (empties >= lo - te.WINDOW) & (empties <= hi + te.WINDOW)
        Pr, Or, er, yr = P[rows], O[rows], empties[rows], target[rows]
        sel, test = ~held[rows], held[rows] & (stages[rows] == s)
        X = plain.matrix(Pr, Or, er)
        indices = [class_indices(Pr, Or, sq) for sq in squares]
        rw = np.ones(int(sel.sum()))
        w = te.fit(X[sel], yr[sel], plain, rw)
        maes = [float(np.abs(w[X[test]].sum(axis=1) - yr[test]).mean())]
        own = [stored_bytes(w, int(plain.offsets[c]), sq) for c, sq in enumerate(plain.classes)]
        sizes[""].append((sum(r for r, _ in own), sum(z for _, z in own)))
        for (name, ks), f in zip(variants, feats):
            M = np.concatenate([X, *f.extra_columns([indices[k] for k in ks])], axis=1)
            w = te.fit(M[sel], yr[sel], f, rw)
            maes.append(float(np.abs(w[M[test]].sum(axis=1) - yr[test]).mean()))
            if len(ks) == 1:
                sizes[name].append(stored_bytes(w, int(f.extra_offsets[0]), squares[ks[0]]))
        line = "".join(f"{m:13.3f}" for m in maes[1:])
        print(f"{s:5d} {lo:3d}-{hi:<3d} {maes[0]:9.3f}{line}", flush=True)
    fit_time = time.perf_counter() - t0
    today_kb = 15 * np.mean([z for _, z in sizes[""]]) / 1000
    print(
        f"\ntoday's tables, same size estimate: {today_kb:.0f} KB for 15 stages "
        "(the shipped file's own compression: 671 KB)"
    )
    positions = bench_eval._positions(2000)
    base_us = 0.0 if args.no_timing else evaluate_time([], positions) * 1e6
    print(f"evaluate() with today's classes: {base_us:.1f} us CPU per call")
    print("candidate     placements  raw KB  zlib KB (15 stages)  evaluate() us  (+us)")
    for k, (name, _) in enumerate(CANDIDATES):
        raw = 15 * np.mean([r for r, _ in sizes[name]]) / 1000
        packed = 15 * np.mean([z for _, z in sizes[name]]) / 1000
        us = 0.0 if args.no_timing else evaluate_time([squares[k]], positions) * 1e6
        print(
            f"{name:13s} {len(te.placements(squares[k])):10d} {raw:7.0f} {packed:8.0f}"
            f"{'':13s}{us:14.1f} {us - base_us:+6.1f}"
        )
    if not args.no_timing:
        us = evaluate_time(squares, positions) * 1e6
        n = sum(len(te.placements(sq)) for sq in squares)
        print(f"{'all':13s} {n:10d} {'':30s}{us:14.1f} {us - base_us:+6.1f}")
    print(f"fits {fit_time:.0f} s, total {time.perf_counter() - t0:.0f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
