"""Label positions by Flipside's own deeper searches, as a distributed, resumable job.

    PYTHONPATH=py nice -n 19 .venv/bin/python -m tools.train.label_positions \
        --wthor-games 10000 --selfplay-games 10000 [--workers 2 | --scheduler tcp://host:8786]

Positions come from two sources, in chunks of games (``--chunk`` games each):

* WTHOR games (``../shared/data/wthor``), in a fixed order interleaving the yearly files;
  a game is held out when its index in its file % 20 == 19, as in ``train_evaluation``;
* self-play games of seed 0, 1, 2, ...: 4-12 random moves, then each move random with
  probability 0.1, else the best by a 2-ply search after adding N(0, 3 discs) to each
  move's value (games like those in a search tree, not only like the experts'); a game is
  held out when its seed % 20 == 19.

From each game ``--per-game`` positions with distinct numbers of empties in
``--low``..``--high`` are drawn (seeded by the game), skipping positions where the side to
move must pass. Each is labelled from the side to move's view, in discs: exactly
(``endgame.Solver``) up to ``--exact`` empties, else by the top level's selective midgame
search (Multi-ProbCut, ``t`` 1.0) to ``--depth`` plies, with a fresh hash table (so a label
does not depend on the chunk). Chunk files go to ``.cache/labels/<name>/`` (see
``tools.train.jobs``); run again to go on. ``--report`` prints what a folder holds, the rate
per core and the projected time for ``--project`` positions.
"""

from __future__ import annotations

import argparse
import random
import time
import zlib
from typing import Any

import numpy as np

from flipside.othello.ai.endgame import Solver
from flipside.othello.ai.search import Searcher
from flipside.othello.bitboard import FLIPS, legal_moves
from flipside.othello.wthor import WthorGame, parse_wthor
from tools import ROOT
from tools.train.jobs import ChunkResult, job_totals, rate_report, read_job, run
from tools.train.train_evaluation import HOLDOUT_MOD, WTHOR_DIR

START = (0x0000000810000000, 0x0000001008000000)  # Black (to move), White
SELECTIVITY = 1.0

Chunk = tuple[str, list[Any], dict[str, int]]
"""A chunk: its source ("wthor" or "self"), its games and the labelling options."""


def wthor_order() -> list[tuple[str, int]]:
    """(file name, game index) of every WTHOR game, round robin over the yearly files."""
    files = sorted(WTHOR_DIR.glob("WTH_*.wtb"))
    counts = {f.name: len(parse_wthor(f.read_bytes())[1]) for f in files}
    return [(n, i) for i in range(max(counts.values())) for n, c in counts.items() if i < c]


def game_positions(moves: tuple[int, ...]) -> list[tuple[int, int]]:
    """(P, O) before each move of a recorded game (an illegal move means a pass); stops at a
    broken record."""
    P, O = START
    out: list[tuple[int, int]] = []
    for sq in moves:
        if not legal_moves(P, O) >> sq & 1:
            P, O = O, P
            if not legal_moves(P, O) >> sq & 1:
                break
        out.append((P, O))
        f = FLIPS[sq](P, O)
        P, O = O ^ f, P | f | (1 << sq)
    return out


def selfplay_positions(seed: int) -> list[tuple[int, int]]:
    """(P, O) before each move of self-play game ``seed`` (see the module's docstring)."""
    rnd = random.Random(seed)
    P, O = START
    out: list[tuple[int, int]] = []
    opening = rnd.randint(4, 12)
    ply = 0
    while True:
        moves = legal_moves(P, O)
        if not moves:
            if not legal_moves(O, P):
                return out
            P, O = O, P
            continue
        out.append((P, O))
        squares = [sq for sq in range(64) if moves >> sq & 1]
        if ply < opening or rnd.random() < 0.1 or len(squares) == 1:
            sq = rnd.choice(squares)
        else:
            scores = Searcher().run(P, O, 2, all_values=True).scores
            sq = max(squares, key=lambda s: scores[s] + rnd.gauss(0.0, 3.0))
        f = FLIPS[sq](P, O)
        P, O = O ^ f, P | f | (1 << sq)
        ply += 1


def pick(
    positions: list[tuple[int, int]], count: int, low: int, high: int, seed: int
) -> list[tuple[int, int]]:
    """Up to ``count`` positions with distinct empties in low..high where a move exists."""
    fit = [
        (P, O)
        for P, O in positions
        if low <= 64 - (P | O).bit_count() <= high and legal_moves(P, O)
    ]
    return random.Random(seed).sample(fit, min(count, len(fit)))


def label(P: int, O: int, exact: int, depth: int) -> tuple[float, bool]:
    """The position's value for the side to move, in discs, and whether it is exact."""
    if 64 - (P | O).bit_count() <= exact:
        return float(Solver().search(P, O)), True
    return Searcher(selectivity=SELECTIVITY).run(P, O, depth).score, False


def label_chunk(spec: Chunk) -> ChunkResult:
    """Label the positions drawn from one chunk of games (a Dask task)."""
    source, games, opts = spec
    cpu = time.process_time()
    files: dict[str, list[WthorGame]] = {}
    rows: list[tuple[int, int, float, bool, bool, int]] = []
    for game in games:
        if source == "wthor":
            name, index = game
            if name not in files:
                files[name] = parse_wthor((WTHOR_DIR / name).read_bytes())[1]
            positions = game_positions(files[name][index].moves)
            seed = zlib.crc32(f"{name}:{index}".encode())
            held = index % HOLDOUT_MOD == HOLDOUT_MOD - 1
            kind = 0
        else:
            positions = selfplay_positions(game)
            seed, held, kind = game, game % HOLDOUT_MOD == HOLDOUT_MOD - 1, 1
        for P, O in pick(positions, opts["per_game"], opts["low"], opts["high"], seed):
            value, exact = label(P, O, opts["exact"], opts["depth"])
            rows.append((P, O, value, exact, held, kind))
    arrays: dict[str, np.ndarray] = {
        "P": np.array([r[0] for r in rows], dtype=np.uint64),
        "O": np.array([r[1] for r in rows], dtype=np.uint64),
        "label": np.array([r[2] for r in rows], dtype=np.float32),
        "exact": np.array([r[3] for r in rows], dtype=bool),
        "holdout": np.array([r[4] for r in rows], dtype=bool),
        "source": np.array([r[5] for r in rows], dtype=np.int8),
    }
    return ChunkResult(arrays, len(rows), time.process_time() - cpu)


def chunks(args: argparse.Namespace) -> list[Chunk]:
    """The job's chunks: WTHOR games first, then self-play seeds."""
    opts = {
        "per_game": args.per_game,
        "low": args.low,
        "high": args.high,
        "exact": args.exact,
        "depth": args.depth,
    }
    out: list[Chunk] = []
    games = wthor_order()[: args.wthor_games] if args.wthor_games else []
    for k in range(0, len(games), args.chunk):
        out.append(("wthor", games[k : k + args.chunk], opts))
    seeds = list(range(args.selfplay_games))
    for k in range(0, len(seeds), args.chunk):
        out.append(("self", seeds[k : k + args.chunk], opts))
    # Interleave the two sources so that a job stopped early has some of each.
    wthor = [c for c in out if c[0] == "wthor"]
    own = [c for c in out if c[0] == "self"]
    mixed: list[Chunk] = []
    for i in range(max(len(wthor), len(own))):
        mixed += wthor[i : i + 1] + own[i : i + 1]
    return mixed


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--name", default="depth8", help="job folder under .cache/labels/")
    parser.add_argument("--wthor-games", type=int, default=10_000)
    parser.add_argument("--selfplay-games", type=int, default=10_000)
    parser.add_argument("--per-game", type=int, default=4)
    parser.add_argument("--low", type=int, default=14, help="fewest empties labelled")
    parser.add_argument("--high", type=int, default=58, help="most empties labelled")
    parser.add_argument("--exact", type=int, default=14, help="solve exactly up to this")
    parser.add_argument("--depth", type=int, default=8, help="midgame search depth")
    parser.add_argument("--chunk", type=int, default=25, help="games per chunk")
    parser.add_argument("--workers", type=int, default=2, help="local cluster processes")
    parser.add_argument("--scheduler", help="a running Dask scheduler's address instead")
    parser.add_argument("--report", action="store_true", help="only report the folder")
    parser.add_argument("--project", type=int, default=1_000_000, help="positions projected")
    args = parser.parse_args(argv)
    folder = ROOT / ".cache" / "labels" / args.name
    if not args.report:
        work = chunks(args)
        print(f"{len(work)} chunks of {args.chunk} games -> {folder}")
        run(label_chunk, work, folder, args.workers, args.scheduler, "positions")
    done, items, cpu = job_totals(folder)
    data = read_job(folder)
    print(
        f"{done} chunks, {items} positions ({int(data['exact'].sum())} exact, "
        f"{int(data['holdout'].sum())} held out, {int((data['source'] == 1).sum())} self-play)"
    )
    print(rate_report(items, cpu, args.project))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
