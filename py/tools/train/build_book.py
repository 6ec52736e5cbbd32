"""Build the opening book ``py/flipside/othello/ai/opening-book.bin`` from the WTHOR games.

Every game is turned so that its first move is f5 (one of the four symmetries that keep the
start position), then replayed for its first ``--plies`` moves. For each position reached we
count the moves played and add up their outcome for the side that played them: the game's
perfect-play score from 24 empties (WTHOR's theoretical score, as a disc difference). A
position enters the book when at least ``--min-games`` games reached it; its book move is the
move, among those played at least ``--min-move`` times and at least ``--min-share`` times as
often as the most played one (the players' choice is strong evidence; a rare move's record
is mostly noise), with the best mean outcome after shrinking towards 0
(``sum / (count + --prior)``).

    PYTHONPATH=py .venv/bin/python -m tools.train.build_book            # writes the book, prints its size

Format (zlib-compressed): ``b"FSBK"``, uint16 version 1, uint32 entry count, then per entry
(sorted) uint64 P, uint64 O (side to move, opponent; f5 orientation), uint8 square, int8
mean outcome in discs (side to move). Little-endian.
"""

from __future__ import annotations

import argparse
import struct
import zlib
from collections import defaultdict
from pathlib import Path

from flipside.othello.ai.openings import BOOK_FILE, map_square
from flipside.othello.bitboard import flips, legal_moves
from flipside.othello.board import START_BLACK, START_WHITE
from flipside.othello.wthor import read_wthor
from tools import ROOT, SHARED_DATA

WTHOR = SHARED_DATA / "wthor"
F5 = 37


def collect(plies: int) -> dict[tuple[int, int], dict[int, list[int]]]:
    """Per position (f5 orientation): move -> [times played, summed outcome for the mover]."""
    stats: dict[tuple[int, int], dict[int, list[int]]] = defaultdict(dict)
    for path in sorted(WTHOR.glob("WTH_*.wtb")):
        for game in read_wthor(path):
            if not game.moves:
                continue
            symmetry = next((s for s in range(4) if map_square(s, game.moves[0]) == F5), None)
            if symmetry is None:
                continue
            outcome = 2 * game.theoretical_score - 64  # Black's view
            P, O, black_to_move = START_BLACK, START_WHITE, True
            for sq in game.moves[:plies]:
                sq = map_square(symmetry, sq)
                if not legal_moves(P, O) >> sq & 1:
                    P, O, black_to_move = O, P, not black_to_move  # implied pass
                    if not legal_moves(P, O) >> sq & 1:
                        break  # a corrupt record
                entry = stats[(P, O)].setdefault(sq, [0, 0])
                entry[0] += 1
                entry[1] += outcome if black_to_move else -outcome
                f = flips(P, O, sq)
                P, O, black_to_move = O ^ f, P | f | (1 << sq), not black_to_move
    return stats


def choose(
    stats: dict[tuple[int, int], dict[int, list[int]]],
    min_games: int,
    min_move: int,
    prior: int,
    min_share: float,
) -> list[tuple[int, int, int, int]]:
    """(P, O, move, mean outcome) for the positions that qualify, sorted."""
    book = []
    for (P, O), moves in stats.items():
        if sum(count for count, _ in moves.values()) < min_games:
            continue
        most = max(count for count, _ in moves.values())
        candidates = [
            (total / (count + prior), sq, total / count)
            for sq, (count, total) in moves.items()
            if count >= min_move and count >= min_share * most
        ]
        if not candidates:
            continue
        _, sq, mean = max(candidates)
        book.append((P, O, sq, max(-64, min(64, round(mean)))))
    book.sort()
    return book


def encode(book: list[tuple[int, int, int, int]]) -> bytes:
    """The compressed book file."""
    raw = bytearray(struct.pack("<4sHI", b"FSBK", 1, len(book)))
    for P, O, sq, mean in book:
        raw += struct.pack("<QQBb", P, O, sq, mean)
    return zlib.compress(bytes(raw), 9)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Build the Othello opening book from WTHOR.")
    parser.add_argument("--plies", type=int, default=20, help="book depth in moves")
    parser.add_argument("--min-games", type=int, default=30)
    parser.add_argument("--min-move", type=int, default=12)
    parser.add_argument("--prior", type=int, default=30)
    parser.add_argument("--min-share", type=float, default=0.1)
    parser.add_argument(
        "--out", type=Path, default=ROOT / "py" / "flipside" / "othello" / "ai" / BOOK_FILE
    )
    args = parser.parse_args(argv)
    stats = collect(args.plies)
    book = choose(stats, args.min_games, args.min_move, args.prior, args.min_share)
    data = encode(book)
    args.out.write_bytes(data)
    print(f"{len(stats)} positions seen, {len(book)} in the book, {len(data)} bytes: {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
