"""Build the opening book ``py/flipside/othello/ai/opening-book.bin``: the positions of the
WTHOR games' first moves (and of lost games, the learning loop), valued by the engine's
own deeper searches and minimaxed through the book.

    PYTHONPATH=py nice -n 19 .venv/bin/python -m tools.train.build_book \
        [--plies 20] [--min-games 10] [--depth 12] [--learn games.jsonl ...] \
        [--workers 2 | --scheduler tcp://host:8786]

1. **Positions.** Every WTHOR game is replayed for its first ``--plies`` moves; a position
   (the same under the 8 board symmetries) enters the book when at least ``--min-games``
   games reached it. With ``--learn FILE`` (games written by ``tools.play.othello_match
   --record``), every position of the first ``--plies`` moves of the games side
   ``--learn-side`` lost (A, B, or ``both`` for a match of two top levels) enters too, and
   those positions are searched ``--learn-extra``
   plies deeper: the book learns where the engine lost.
2. **Leaves.** Each book position's moves that do not lead to another book position are
   searched together by the top level's selective midgame search (iterative deepening to
   ``--depth`` plies, ``--deep-extra`` more for positions reached by ``--deep-games`` or more
   games): the best of them and its value (the position's *leaf*). This is the
   long part: a distributed, resumable job (``tools.train.jobs``) whose chunk files go to
   ``.cache/book/<--name>/`` and are kept between builds (a position searched before, as
   deep, is not searched again).
3. **Minimax.** From the fullest positions back to the start, a position's value is the
   best of its leaf and of its book children's values (negated); its moves are kept with
   their values when within ``WINDOW`` discs of the best (the lower levels choose among
   them, the top level plays the first).

Format (zlib-compressed, little-endian): ``b"FSBK"``, uint16 version 2, uint32 entry count,
then per entry (sorted): uint64 P, uint64 O (side to move, opponent; one orientation per
position: the least of its 8 images), uint8 move count n, and n times uint8 square (in that
orientation), int16 value for the side to move in 1/16 disc; the moves best first.
"""

from __future__ import annotations

import argparse
import json
import struct
import time
import zlib
from collections import defaultdict
from pathlib import Path

import numpy as np

from flipside.othello.ai.openings import BOOK_FILE
from flipside.othello.ai.search import Searcher
from flipside.othello.bitboard import FLIPS, legal_moves
from flipside.othello.board import START_BLACK, START_WHITE, Board
from flipside.othello.wthor import read_wthor
from tools import ROOT, SHARED_DATA
from tools.train.jobs import ChunkResult, rate_report, run

WTHOR = SHARED_DATA / "wthor"
OUT = ROOT / "py" / "flipside" / "othello" / "ai" / BOOK_FILE
SCALE = 16  # value units per disc in the file
WINDOW = 6.0  # discs: a position keeps its moves this close to its best
MAX_MOVES = 6  # and at most this many
CHUNK = 20  # positions per job chunk
SELECTIVITY = 1.0

Key = tuple[int, int]


# -- symmetries (fast bit forms; the run time's openings.map_bits is the reference) ---------


def _mirror(x: int) -> int:
    """Files reversed (a <-> h)."""
    x = ((x >> 1) & 0x5555555555555555) | ((x & 0x5555555555555555) << 1)
    x = ((x >> 2) & 0x3333333333333333) | ((x & 0x3333333333333333) << 2)
    return ((x >> 4) & 0x0F0F0F0F0F0F0F0F) | ((x & 0x0F0F0F0F0F0F0F0F) << 4)


def _flip(x: int) -> int:
    """Ranks reversed (1 <-> 8)."""
    return int.from_bytes(x.to_bytes(8, "little"), "big")


def _transpose(x: int) -> int:
    """Reflection in the a1-h8 diagonal."""
    t = (x ^ (x >> 7)) & 0x00AA00AA00AA00AA
    x ^= t ^ (t << 7)
    t = (x ^ (x >> 14)) & 0x0000CCCC0000CCCC
    x ^= t ^ (t << 14)
    t = (x ^ (x >> 28)) & 0x00000000F0F0F0F0
    return x ^ t ^ (t << 28)


def images(x: int) -> list[int]:
    """The 8 images of a bit set under the board symmetries (a fixed order)."""
    m, f = _mirror(x), _flip(x)
    mf = _flip(m)
    return [x, m, f, mf, _transpose(x), _transpose(m), _transpose(f), _transpose(mf)]


def canonical(P: int, O: int) -> tuple[Key, int]:
    """The least of the 8 images of a position, and the index of that image."""
    best = min(zip(images(P), images(O), range(8)))
    return (best[0], best[1]), best[2]


def image_square(index: int, sq: int) -> int:
    """Square ``sq`` under image ``index`` of :func:`images`."""
    return images(1 << sq)[index].bit_length() - 1


def play(P: int, O: int, sq: int) -> Key:
    """The position after ``P`` plays the legal move ``sq`` (the opponent to move)."""
    f = FLIPS[sq](P, O)
    return O ^ f, P | f | (1 << sq)


# -- positions ---------------------------------------------------------------------------


def wthor_counts(plies: int) -> dict[Key, int]:
    """Per canonical position of the first ``plies`` moves of every WTHOR game, how many
    games reached it (positions where the side to move must pass are left out)."""
    counts: dict[Key, int] = defaultdict(int)
    for path in sorted(WTHOR.glob("WTH_*.wtb")):
        for game in read_wthor(path):
            seen: set[Key] = set()
            P, O = START_BLACK, START_WHITE
            for sq in game.moves[:plies]:
                if not legal_moves(P, O) >> sq & 1:
                    P, O = O, P  # an implied pass
                    if not legal_moves(P, O) >> sq & 1:
                        break  # a broken record
                key, _ = canonical(P, O)
                if key not in seen:
                    seen.add(key)
                    counts[key] += 1
                P, O = play(P, O, sq)
    return counts


def lost_game_positions(paths: list[Path], side: str, plies: int) -> set[Key]:
    """Canonical positions of the first ``plies`` moves of the recorded games ``side`` lost
    (``both``: every game either side lost, for a match of two top levels)."""
    out: set[Key] = set()
    for path in paths:
        for line in path.read_text().splitlines():
            game = json.loads(line)
            margin = int(game["black_margin"])
            a_margin = margin if game["a_colour"] == "black" else -margin
            loser = "A" if a_margin < 0 else "B" if a_margin > 0 else None
            if loser is None or side not in (loser, "both"):
                continue
            board = Board.from_transcript(game["opening"])
            for move in game["moves"]:
                if board.ply >= plies:
                    break
                if board.has_legal_move():
                    out.add(canonical(*board.bits())[0])
                board.push_str(move["move"])
    return out


def book_children(positions: set[Key]) -> dict[Key, list[tuple[int, Key]]]:
    """Per book position, its moves (squares in its orientation) that lead to another book
    position, with that child's canonical key."""
    links: dict[Key, list[tuple[int, Key]]] = {}
    for P, O in positions:
        out = []
        moves = legal_moves(P, O)
        while moves:
            bit = moves & -moves
            moves ^= bit
            sq = bit.bit_length() - 1
            child, _ = canonical(*play(P, O, sq))
            if child in positions:
                out.append((sq, child))
        links[(P, O)] = out
    return links


# -- the leaf searches (a distributed job) -----------------------------------------------


def leaf(P: int, O: int, excluded: list[int], depth: int) -> tuple[int, float]:
    """The best move of (P, O) among those not ``excluded`` and its value (discs), by an
    iterative deepening of the selective search to ``depth``; (-1, 0.0) when none is left."""
    moves = legal_moves(P, O)
    order = [sq for sq in range(64) if moves >> sq & 1 and sq not in excluded]
    if not order:
        return -1, 0.0
    searcher = Searcher(selectivity=SELECTIVITY)
    empties = 64 - (P | O).bit_count()
    best, values = order[0], {order[0]: 0}
    for d in range(1, min(depth, empties) + 1):
        best, values = searcher.root(P, O, d, order, False)
        order.sort(key=lambda sq: -values[sq])
    return best, values[best] / searcher.scale


def leaf_chunk(spec: list[tuple[int, int, list[int], int]]) -> ChunkResult:
    """Leaf searches of one chunk of positions (a Dask task)."""
    cpu = time.process_time()
    rows = [(P, O, *leaf(P, O, excluded, depth), depth) for P, O, excluded, depth in spec]
    arrays = {
        "P": np.array([r[0] for r in rows], dtype=np.uint64),
        "O": np.array([r[1] for r in rows], dtype=np.uint64),
        "move": np.array([r[2] for r in rows], dtype=np.int8),
        "value": np.array([r[3] for r in rows], dtype=np.float32),
        "depth": np.array([r[4] for r in rows], dtype=np.int8),
    }
    return ChunkResult(arrays, len(rows), time.process_time() - cpu)


def known_leaves(folder: Path) -> dict[Key, tuple[int, float, int]]:
    """The leaves searched in earlier runs: (move, value, depth) by position."""
    out: dict[Key, tuple[int, float, int]] = {}
    for path in sorted(folder.glob("chunk-*.npz")):
        with np.load(path) as z:
            for P, O, move, value, depth in zip(z["P"], z["O"], z["move"], z["value"], z["depth"]):
                out[(int(P), int(O))] = (int(move), float(value), int(depth))
    return out


def search_leaves(
    positions: dict[Key, int],
    links: dict[Key, list[tuple[int, Key]]],
    folder: Path,
    workers: int,
    scheduler: str | None,
) -> dict[Key, tuple[int, float, int]]:
    """Every book position's leaf (``positions``: the depth each needs), searching those not
    known as deep (or whose leaf move now leads into the book) in new chunks."""
    folder.mkdir(parents=True, exist_ok=True)
    known = known_leaves(folder)
    todo = []
    for key, depth in sorted(positions.items()):
        excluded = sorted(sq for sq, _ in links[key])
        have = known.get(key)
        if have is None or have[2] < depth or have[0] in excluded:
            todo.append((key[0], key[1], excluded, depth))
    first = 1 + max((int(p.stem[6:]) for p in folder.glob("chunk-*.npz")), default=-1)
    chunks: list[list[tuple[int, int, list[int], int]]] = [[] for _ in range(first)]
    chunks += [todo[k : k + CHUNK] for k in range(0, len(todo), CHUNK)]
    print(f"{len(positions)} book positions, {len(todo)} to search in {len(chunks) - first} chunks")
    items, cpu = run(leaf_chunk, chunks, folder, workers, scheduler, "positions")
    if items:
        print(rate_report(items, cpu, len(positions), cores=(1, 2, 8)))
    return known_leaves(folder)


# -- minimax and the file ----------------------------------------------------------------


def minimax(
    links: dict[Key, list[tuple[int, Key]]], leaves: dict[Key, tuple[int, float, int]]
) -> dict[Key, list[tuple[int, float]]]:
    """Every book position's moves with their values (best first, within ``WINDOW`` of the
    best, at most ``MAX_MOVES``): its leaf and its book children, fullest positions first."""
    value: dict[Key, float] = {}
    out: dict[Key, list[tuple[int, float]]] = {}
    for key in sorted(links, key=lambda k: -(k[0] | k[1]).bit_count()):
        move, leaf_value, _ = leaves[key]
        options = [(-value[child], sq) for sq, child in links[key]]
        if move >= 0:
            options.append((leaf_value, move))
        options.sort(key=lambda o: (-o[0], o[1]))
        best = options[0][0]
        value[key] = best
        out[key] = [(sq, v) for v, sq in options if v >= best - WINDOW][:MAX_MOVES]
    return out


def encode(book: dict[Key, list[tuple[int, float]]]) -> bytes:
    """The compressed book file."""
    raw = bytearray(struct.pack("<4sHI", b"FSBK", 2, len(book)))
    for (P, O), moves in sorted(book.items()):
        raw += struct.pack("<QQB", P, O, len(moves))
        for sq, v in moves:
            raw += struct.pack("<Bh", sq, max(-64 * SCALE, min(64 * SCALE, round(v * SCALE))))
    return zlib.compress(bytes(raw), 9)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--plies", type=int, default=20, help="book depth in moves")
    parser.add_argument("--min-games", type=int, default=10, help="archive games per position")
    parser.add_argument("--depth", type=int, default=12, help="leaf search depth")
    parser.add_argument("--deep-games", type=int, default=0, help="positions this common...")
    parser.add_argument("--deep-extra", type=int, default=2, help="...are searched deeper")
    parser.add_argument("--learn", type=Path, nargs="*", default=[], help="match records")
    parser.add_argument("--learn-side", choices=("A", "B", "both"), default="A")
    parser.add_argument("--learn-extra", type=int, default=2, help="plies deeper for them")
    parser.add_argument("--name", default="book", help="job folder under .cache/book/")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--scheduler", help="a running Dask scheduler's address instead")
    parser.add_argument("--out", type=Path, default=OUT)
    args = parser.parse_args(argv)
    counts = wthor_counts(args.plies)
    depth_of = {
        k: args.depth + (args.deep_extra if args.deep_games and n >= args.deep_games else 0)
        for k, n in counts.items()
        if n >= args.min_games
    }
    learned = lost_game_positions(args.learn, args.learn_side, args.plies)
    for key in learned:
        depth_of[key] = args.depth + args.learn_extra
    print(
        f"{len(counts)} archive positions, {sum(n >= args.min_games for n in counts.values())} "
        f"reached by {args.min_games}+ games, {len(learned)} from lost games"
    )
    links = book_children(set(depth_of))
    leaves = search_leaves(
        depth_of, links, ROOT / ".cache" / "book" / args.name, args.workers, args.scheduler
    )
    missing = [k for k in links if k not in leaves]
    if missing:
        raise SystemExit(f"{len(missing)} positions have no leaf yet: run again")
    book = minimax(links, {k: leaves[k] for k in links})
    data = encode(book)
    args.out.write_bytes(data)
    moves = sum(len(m) for m in book.values())
    print(f"{len(book)} positions, {moves} moves, {len(data)} bytes compressed: {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
