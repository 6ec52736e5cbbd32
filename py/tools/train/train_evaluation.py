"""Train the Othello pattern evaluation from the WTHOR archive (native only, needs numpy).

    PYTHONPATH=py .venv/bin/python -m tools.train.train_evaluation

reads ``<repo>/../shared/data/wthor/*.wtb`` (with ``flipside.othello.wthor``), replays every game played to its end, fits one
table of weights per pattern class and game stage by regularised least squares, prints the
held-out mean absolute error per stage, and writes ``py/flipside/othello/ai/eval_weights.bin``.
Below 24 empties a game's result is a noisy target (the players' endgame mistakes): with
``--labels FILE`` (written by ``relabel_endgame.py``) the exact labels of those positions
weigh 1 and the game results 0.2, and the held-out relabelled positions give each stage's
error against them, next to today's. The shipped weights are trained without: the exact
labels did not lower that error (docs/othello-evaluation.md).
The result is deterministic: the held-out games are fixed by their index in their file and
the solver has no randomness. See docs/othello-evaluation.md for the method and the file format.
"""

from __future__ import annotations

import argparse
import struct
import time
import zlib
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import numpy as np

from flipside.othello.bitboard import flips, legal_moves
from flipside.othello.wthor import parse_wthor
from tools import ROOT, SHARED_DATA

WTHOR_DIR = SHARED_DATA / "wthor"
OUT = ROOT / "py" / "flipside" / "othello" / "ai" / "eval_weights.bin"
NOISY_WEIGHT = 0.2  # weight of a game result below 24 empties next to exact labels

SCALE = 16  # weight units per disc
HOLDOUT_MOD = 20  # a game is held out when its index in its yearly file % 20 == 19 (5%)
STAGE_WIDTH = 4  # empties per stage: stage = min(empties, 59) // 4, 15 stages
N_STAGES = 15
WINDOW = 2  # a stage also trains on positions up to this many empties outside it
LAMBDA = 16.0  # ridge penalty, in "positions" (added to every weight's count)
CG_ITERATIONS = 30
THEORY_EMPTIES = 24  # header field P of every WTHOR file here

# Pattern classes: the canonical placement, squares in index order (cell i has weight 3**i).
PATTERNS: list[tuple[str, list[str]]] = [
    ("corner3x3", ["a1", "b1", "c1", "a2", "b2", "c2", "a3", "b3", "c3"]),
    ("corner2x5", ["a1", "b1", "c1", "d1", "e1", "a2", "b2", "c2", "d2", "e2"]),
    ("edge2x", ["a1", "b1", "c1", "d1", "e1", "f1", "g1", "h1", "b2", "g2"]),
    ("line2", ["a2", "b2", "c2", "d2", "e2", "f2", "g2", "h2"]),
    ("line3", ["a3", "b3", "c3", "d3", "e3", "f3", "g3", "h3"]),
    ("line4", ["a4", "b4", "c4", "d4", "e4", "f4", "g4", "h4"]),
    ("diag8", ["a1", "b2", "c3", "d4", "e5", "f6", "g7", "h8"]),
    ("diag7", ["b1", "c2", "d3", "e4", "f5", "g6", "h7"]),
    ("diag6", ["c1", "d2", "e3", "f4", "g5", "h6"]),
    ("diag5", ["d1", "e2", "f3", "g4", "h5"]),
]


def square(name: str) -> int:
    """Bit index of a square name such as ``b3``."""
    return 8 * (int(name[1]) - 1) + "abcdefgh".index(name[0])


def symmetries(sq: int) -> list[int]:
    """The images of ``sq`` under the 8 symmetries of the board, in a fixed order."""
    f, r = sq % 8, sq // 8
    out = []
    for a, b in ((f, r), (r, f)):
        for fa, fb in ((a, b), (7 - a, b), (a, 7 - b), (7 - a, 7 - b)):
            out.append(8 * fb + fa)
    return out


def images(squares: list[int]) -> list[list[int]]:
    """The 8 ordered images of a placement (some may cover the same squares)."""
    per_square = [symmetries(s) for s in squares]
    return [[img[g] for img in per_square] for g in range(8)]


def placements(squares: list[int]) -> list[list[int]]:
    """Distinct placements (by square set) of a pattern, first image order kept."""
    seen: set[frozenset[int]] = set()
    out = []
    for img in images(squares):
        key = frozenset(img)
        if key not in seen:
            seen.add(key)
            out.append(img)
    return out


def canonical_map(squares: list[int]) -> np.ndarray:
    """For each index of a pattern, the smallest index of the configurations it must share
    a weight with (same squares read in another image order of the same placement)."""
    n = len(squares)
    idx = np.arange(3**n)
    digits = (idx[:, None] // 3 ** np.arange(n)) % 3
    best = idx.copy()
    for img in images(squares):
        if frozenset(img) != frozenset(squares):
            continue
        perm = [squares.index(s) for s in img]  # cell i of img is cell perm[i] of squares
        other = (digits[:, perm] * 3 ** np.arange(n)).sum(axis=1)
        best = np.minimum(best, other)
    return best


# ---------------------------------------------------------------- reading and replaying games


def replay(moves: tuple[int, ...]) -> tuple[list[tuple[int, int, int]], int, bool] | None:
    """Positions (black, white, colour to move: 0 black) before each move, the final disc
    difference for Black (empties to the winner) and whether the game was played to its end.
    None when a move is illegal for both sides (a corrupt record)."""
    black, white = 0x0000000810000000, 0x0000001008000000
    P, O, colour = black, white, 0
    positions = []
    for sq in moves:
        f = flips(P, O, sq)
        if not f:
            P, O, colour = O, P, 1 - colour  # the side to move had to pass
            f = flips(P, O, sq)
            if not f:
                return None
        positions.append((P, O, colour) if colour == 0 else (O, P, colour))
        P, O = O & ~f, P | f | (1 << sq)
        colour = 1 - colour
    finished = not legal_moves(P, O) and not legal_moves(O, P)
    b, w = (P, O) if colour == 0 else (O, P)
    nb, nw = b.bit_count(), w.bit_count()
    empties = 64 - nb - nw
    diff = nb - nw + (empties if nb > nw else -empties if nw > nb else 0)
    return positions, diff, finished


def replay_file(path: Path) -> dict[str, np.ndarray | int]:
    """All positions of the finished games of one file, as arrays (one row per position)."""
    header, games = parse_wthor(path.read_bytes())
    if header.depth != THEORY_EMPTIES:
        raise ValueError(f"{path}: perfect-play depth {header.depth}, expected {THEORY_EMPTIES}")
    Ps, Os, movers, finals, theos, holdout = [], [], [], [], [], []
    skipped = mismatched = corrupt = 0
    for i, game in enumerate(games):
        result = replay(game.moves)
        if result is None:
            corrupt += 1
            continue
        positions, diff, finished = result
        if not finished:
            skipped += 1
            continue
        if diff != 2 * game.black_score - 64:
            mismatched += 1
        th = 2 * game.theoretical_score - 64 if len(positions) > 60 - THEORY_EMPTIES else diff
        for b, w, colour in positions:
            Ps.append(b if colour == 0 else w)
            Os.append(w if colour == 0 else b)
            movers.append(colour)
            finals.append(diff)
            theos.append(th)
            holdout.append(i % HOLDOUT_MOD == HOLDOUT_MOD - 1)
    return {
        "P": np.array(Ps, dtype=np.uint64),
        "O": np.array(Os, dtype=np.uint64),
        "sign": 1 - 2 * np.array(movers, dtype=np.int8),
        "final": np.array(finals, dtype=np.int8),
        "theory": np.array(theos, dtype=np.int8),
        "holdout": np.array(holdout, dtype=bool),
        "games": len(games),
        "skipped": skipped,
        "mismatched": mismatched,
        "corrupt": corrupt,
    }


def load_positions(workers: int) -> dict[str, np.ndarray]:
    """Replay every WTHOR file (in parallel) and concatenate the positions."""
    files = sorted(WTHOR_DIR.glob("WTH_*.wtb"))
    if not files:
        raise SystemExit(f"no WTHOR files in {WTHOR_DIR}")
    with ProcessPoolExecutor(workers) as pool:
        parts = list(pool.map(replay_file, files))
    stats = {
        k: sum(int(p[k]) for p in parts) for k in ("games", "skipped", "mismatched", "corrupt")
    }
    print(
        f"games {stats['games']}, stopped early (skipped) {stats['skipped']}, corrupt "
        f"{stats['corrupt']}, recorded score differs from replay {stats['mismatched']}"
    )
    return {
        k: np.concatenate([p[k] for p in parts])
        for k in ("P", "O", "sign", "final", "theory", "holdout")
    }


# ------------------------------------------------------------------------------- features


class Features:
    """Global weight ids of every pattern placement, shared by symmetric configurations."""

    def __init__(self) -> None:
        self.classes = [[square(s) for s in sq] for _, sq in PATTERNS]
        self.placements = [placements(sq) for sq in self.classes]
        self.sizes = [3 ** len(sq) for sq in self.classes]
        self.canon = [canonical_map(sq) for sq in self.classes]
        self.offsets = np.concatenate([[0], np.cumsum(self.sizes)])
        self.bias_offset = int(self.offsets[-1])  # then one intercept per number of empties
        self.count = self.bias_offset + 61
        self.column_class = [c for c, places in enumerate(self.placements) for _ in places]

    def column_range(self, j: int) -> tuple[int, int]:
        """Range of weight ids column j of the matrix can take."""
        if j == len(self.column_class):
            return self.bias_offset, self.bias_offset + 61
        c = self.column_class[j]
        return int(self.offsets[c]), int(self.offsets[c + 1])

    def matrix(self, P: np.ndarray, O: np.ndarray, empties: np.ndarray) -> np.ndarray:
        """int32 array (positions, placements + 1) of weight ids."""
        state = np.zeros((len(P), 64), dtype=np.int8)
        for sq in range(64):
            state[:, sq] = ((P >> np.uint64(sq)) & np.uint64(1)).astype(np.int8) + 2 * (
                ((O >> np.uint64(sq)) & np.uint64(1)).astype(np.int8)
            )
        cols = []
        for c, places in enumerate(self.placements):
            powers = 3 ** np.arange(len(self.classes[c]), dtype=np.int32)
            for place in places:
                idx = state[:, place].astype(np.int32) @ powers
                cols.append(self.canon[c][idx].astype(np.int32) + int(self.offsets[c]))
        cols.append(empties.astype(np.int32) + self.bias_offset)
        return np.stack(cols, axis=1)


def fit(X: np.ndarray, y: np.ndarray, feats: Features, rw: np.ndarray) -> np.ndarray:
    """Weighted ridge least squares min sum rw (Xw - y)^2 + LAMBDA |w|^2 (``rw``: weight of each
    row) by Jacobi-preconditioned conjugate gradient on the normal equations. Row k of the 0/1 design matrix has a 1 in each column
    X[k, j]; ``X`` is column-major so that each placement's column is contiguous."""
    n_features = feats.count
    cols = [(np.ascontiguousarray(X[:, j]), feats.column_range(j)) for j in range(X.shape[1])]

    def transpose_times(r: np.ndarray) -> np.ndarray:
        out = np.zeros(n_features)
        for col, (lo, hi) in cols:
            out[lo:hi] += np.bincount(col - lo, weights=r, minlength=hi - lo)
        return out

    def times(w: np.ndarray) -> np.ndarray:
        r = np.zeros(len(y))
        for col, _ in cols:
            r += w[col]
        return r

    counts = transpose_times(rw)
    diag = counts + LAMBDA
    b = transpose_times(rw * y)
    w = np.zeros(n_features)
    r = b.copy()
    z = r / diag
    p = z.copy()
    rz = r @ z
    for _ in range(CG_ITERATIONS):
        q = transpose_times(rw * times(p)) + LAMBDA * p
        alpha = rz / (p @ q)
        w += alpha * p
        r -= alpha * q
        z = r / diag
        rz_new = r @ z
        p = z + (rz_new / rz) * p
        rz = rz_new
    return w


def stage_of(empties: int) -> int:
    return min(empties, 59) // STAGE_WIDTH


def stage_range(s: int) -> tuple[int, int]:
    """The numbers of empties (lowest, highest) of stage ``s``."""
    return s * STAGE_WIDTH, (s + 1) * STAGE_WIDTH - 1 if s < N_STAGES - 1 else 60


def load_data(cache: Path | None, workers: int) -> dict[str, np.ndarray]:
    """The replayed WTHOR positions, read from ``cache`` when it exists, else replayed (and
    written there when given)."""
    if cache and cache.exists():
        with np.load(cache) as z:
            return dict(z)
    data = load_positions(workers)
    if cache:
        np.savez(cache, **data)  # type: ignore[arg-type]  # arrays by name
    return data


def game_targets(data: dict[str, np.ndarray]) -> tuple[np.ndarray, np.ndarray]:
    """Per position, its number of empties and the fit's target for the side to move: the
    perfect-play score from ``THEORY_EMPTIES`` empties on, else the game's result."""
    empties = 64 - np.bitwise_count(data["P"] | data["O"]).astype(np.int32)
    final = np.where(empties >= THEORY_EMPTIES, data["theory"], data["final"]).astype(np.int32)
    return empties, final * data["sign"].astype(np.int32)


def write_weights(
    path: Path, feats: Features, tables: list[list[np.ndarray]], bias: np.ndarray
) -> int:
    """Write the zlib-compressed weights file; returns its size in bytes.

    Only configurations that are their own canonical form are stored (in increasing index
    order); the reader rebuilds the full tables from the patterns' symmetries."""
    head = bytearray(b"FSEV")
    head += struct.pack("<HHHH", 1, SCALE, len(feats.classes), N_STAGES)
    head += bytes(stage_of(e) for e in range(61))
    for squares in feats.classes:
        head += bytes([len(squares)])
        for img in images(squares):
            head += bytes(img)
    body = bytearray(head)
    for stage in range(N_STAGES):
        for c in range(len(feats.classes)):
            own = feats.canon[c] == np.arange(feats.sizes[c])
            body += tables[stage][c][own].astype("<i2").tobytes()
    body += bias.astype("<i2").tobytes()
    blob = zlib.compress(bytes(body), 9)
    path.write_bytes(blob)
    return len(blob)


def today_predictions(P: np.ndarray, O: np.ndarray) -> np.ndarray:
    """Today's evaluation (the weights file the package holds now) of positions, in discs."""
    from flipside.othello.ai.evaluation import SCALE as TODAY_SCALE
    from flipside.othello.ai.evaluation import evaluate

    return np.array([evaluate(int(p), int(o)) for p, o in zip(P, O)]) / TODAY_SCALE


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=OUT, help="weights file to write")
    parser.add_argument("--workers", type=int, default=2, help="processes for replaying games")
    parser.add_argument("--cache", type=Path, help="keep the replayed positions in this .npz")
    parser.add_argument(
        "--labels",
        type=Path,
        help="exact endgame labels from relabel_endgame.py (e.g. .cache/endgame-labels.npz)",
    )
    parser.add_argument(
        "--noisy-weight",
        type=float,
        default=NOISY_WEIGHT,
        help="weight of positions labelled by the game's result when --labels is given",
    )
    args = parser.parse_args()
    t0 = time.perf_counter()
    data = load_data(args.cache, args.workers)
    t1 = time.perf_counter()
    empties, target = game_targets(data)
    P, O, holdout = data["P"], data["O"], data["holdout"]
    rw = np.ones(len(P))
    relabelled = np.zeros(len(P), dtype=bool)
    if args.labels:
        with np.load(args.labels) as z:
            lab = dict(z)
        rw[empties < THEORY_EMPTIES] = args.noisy_weight
        P, O = np.concatenate([P, lab["P"]]), np.concatenate([O, lab["O"]])
        target = np.concatenate([target, lab["label"].astype(np.int32)])
        holdout = np.concatenate([holdout, lab["holdout"]])
        rw = np.concatenate([rw, np.ones(len(lab["P"]))])
        relabelled = np.concatenate([relabelled, np.ones(len(lab["P"]), dtype=bool)])
        empties = 64 - np.bitwise_count(P | O).astype(np.int32)
        print(
            f"{len(lab['P'])} relabelled positions ({int(lab['exact'].sum())} solved exactly, "
            f"{int(lab['holdout'].sum())} held out); game results weigh {args.noisy_weight}"
        )
    n = len(P)
    disc_diff = np.bitwise_count(P).astype(np.int32) - np.bitwise_count(O)
    print(f"{n} positions in {t1 - t0:.1f} s, held out {int(holdout.sum())}")
    checked = holdout & relabelled
    today = today_predictions(P[checked], O[checked]) if checked.any() else np.zeros(0)
    feats = Features()
    X = feats.matrix(P, O, empties)
    t2 = time.perf_counter()
    print(f"feature matrix {X.shape} in {t2 - t1:.1f} s")
    train = ~holdout
    stages = np.array([stage_of(int(e)) for e in range(61)])[empties]
    tables: list[list[np.ndarray]] = []
    bias = np.zeros(61)
    print(
        "stage empties    train held-out  MAE: eval  disc-diff  zero  (discs, held-out games)"
        "  | relabelled held-out: n  new  today's"
    )
    for s in range(N_STAGES):
        lo, hi = stage_range(s)
        sel = train & (empties >= lo - WINDOW) & (empties <= hi + WINDOW)
        w = fit(X[sel], target[sel], feats, rw[sel])
        q = np.round(w * SCALE)
        q = np.clip(q, -32768, 32767).astype(np.int16)
        tables.append(
            [
                q[feats.offsets[c] : feats.offsets[c + 1]][feats.canon[c]]
                for c in range(len(feats.classes))
            ]
        )
        for e in range(lo, hi + 1):
            bias[e] = q[feats.bias_offset + e]
        test = holdout & ~relabelled & (stages == s)
        pred = q[X[test]].astype(np.int64).sum(axis=1) / SCALE
        mae = np.abs(pred - target[test]).mean()
        base = np.abs(disc_diff[test] - target[test]).mean()
        zero = np.abs(target[test]).mean()
        line = (
            f"{s:5d} {lo:3d}-{hi:<3d} {int(sel.sum()):9d} {int(test.sum()):8d} "
            f"{mae:10.2f} {base:10.2f} {zero:5.2f}"
        )
        mine = stages[checked] == s
        if mine.any():
            rows = checked & (stages == s)
            new = q[X[rows]].astype(np.int64).sum(axis=1) / SCALE
            limit = 64 - 1 / SCALE
            new_mae = np.abs(np.clip(new, -limit, limit) - target[rows]).mean()
            old_mae = np.abs(today[mine] - target[rows]).mean()
            line += f"  | {int(mine.sum()):7d} {new_mae:5.2f} {old_mae:5.2f}"
        print(line, flush=True)
    size = write_weights(args.out, feats, tables, bias)
    print(f"wrote {args.out} ({size} bytes); total time {time.perf_counter() - t0:.0f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
