"""Opening names: every named line is legal and recognised in all four orientations."""

from __future__ import annotations

from pathlib import Path

import pytest

from flipside.othello.ai.engine import MAX_LEVEL, Engine
from flipside.othello.ai.openings import (
    book,
    book_move,
    map_bits,
    map_square,
    named_lines,
    opening_of,
    recognise,
)
from flipside.othello.bitboard import legal_moves
from flipside.othello.board import Board
from flipside.othello.notation import Move, square_name

SHARED = Path(__file__).resolve().parents[1] / ".." / "shared" / "data" / "openings"
WTHOR = SHARED.parent / "wthor"
# The four turns of the board that keep the start position, as (file, rank) -> (file, rank):
# the one that makes a game's first move f5.
TURNS = {
    "f5": lambda f, r: (f, r),
    "e6": lambda f, r: (r, f),
    "c4": lambda f, r: (7 - f, 7 - r),
    "d3": lambda f, r: (7 - r, 7 - f),
}


def archive_replies(line: list[str]) -> dict[str, tuple[int, int]]:
    """Recount from the raw WTHOR records: after ``line`` (from f5), each move played ->
    (games, summed perfect-play outcome for the side that played it)."""
    replies: dict[str, tuple[int, int]] = {}
    for path in sorted(WTHOR.glob("WTH_*.wtb")):
        data = path.read_bytes()
        for offset in range(16, len(data), 68):
            record = data[offset : offset + 68]
            raw = record[8 : 8 + len(line) + 1]
            if len(raw) <= len(line) or 0 in raw:
                continue
            squares = [(b % 10 - 1, b // 10 - 1) for b in raw]
            turn = TURNS.get("abcdefgh"[squares[0][0]] + str(squares[0][1] + 1))
            if turn is None:
                continue
            names = ["abcdefgh"[f] + str(r + 1) for f, r in (turn(*sq) for sq in squares)]
            if names[:-1] != line:
                continue
            outcome = 2 * record[7] - 64  # Black's theoretical disc count -> Black's margin
            mover_sign = 1 if len(line) % 2 == 0 else -1  # no passes this early
            games, total = replies.get(names[-1], (0, 0))
            replies[names[-1]] = (games + 1, total + mover_sign * outcome)
    return replies


def test_shipped_copy_matches_the_reference_list() -> None:
    packaged = Path(__file__).resolve().parents[1] / "py" / "flipside" / "othello" / "ai"
    reference = (SHARED / "openings-en.tsv").read_text()
    assert (packaged / "openings-en.tsv").read_text() == reference
    assert len(named_lines()) == len(reference.splitlines()) - 1 == 87


@pytest.mark.parametrize("symmetry", range(4))
def test_every_line_is_legal_and_named_in_every_orientation(symmetry: int) -> None:
    for squares, name in named_lines().items():
        moves = [square_name(map_square(symmetry, sq)) for sq in squares]
        board = Board.from_transcript("".join(moves))  # raises if a move is illegal
        opening = opening_of(board)
        assert opening is not None and opening.name == name
        assert list(opening.moves) == moves


def test_the_four_first_moves() -> None:
    firsts = {square_name(map_square(s, 37)) for s in range(4)}
    assert firsts == {"f5", "e6", "d3", "c4"}


def test_longest_prefix_wins_and_continuations_keep_the_name() -> None:
    tiger = recognise(["f5", "d6", "c3", "d3", "c4"])
    assert tiger is not None and tiger.name == "Tiger"
    later = recognise(["f5", "d6", "c3", "d3", "c4", "f4", "c5", "b3", "c2", "h4"])
    assert later is not None and later.name == "Rose-Bill" and later.length == 9
    partial = recognise(["f5", "d6", "c3", "d3"])
    assert partial is not None and partial.name == "Perpendicular"
    assert recognise([]) is None


def test_other_starts_have_no_name() -> None:
    board = Board(handicap=1)
    board.push_str("f5")
    assert opening_of(board) is None
    assert opening_of(Board()) is None


def test_book_moves_are_legal_and_found_in_every_orientation() -> None:
    entries = book()
    assert 1000 < len(entries) < 20000
    for (P, O), (sq, mean) in entries.items():
        assert legal_moves(P, O) >> sq & 1
        assert -64 <= mean <= 64
    (P, O), (sq, _) = sorted(entries.items())[len(entries) // 2]
    for symmetry in range(8):
        hit = book_move(map_bits(symmetry, P), map_bits(symmetry, O))
        assert hit is not None and hit[0] == map_square(symmetry, sq)


def test_book_follows_a_main_line_and_only_strong_levels_use_it() -> None:
    board = Board()
    for _ in range(8):
        hit = book_move(*board.bits())
        assert hit is not None
        board.push(Move(hit[0]))
    assert opening_of(board) is not None
    info = Engine(level=MAX_LEVEL).think(Board.from_transcript("f5"))
    assert info["book"] is True and info["move"] == "d6"
    assert info["nodes"] == 0 and info["depth"] == 0  # answered with no search
    assert "book" not in Engine(level=3).think(Board.from_transcript("f5"))
    assert book_move(*random_position_out_of_book().bits()) is None


def random_position_out_of_book() -> Board:
    # Where the book's own Diagonal line ends: fewer than 30 archive games reach it.
    return Board.from_transcript("f5f6e6f4g6c5f3g5")


def test_book_moves_agree_with_a_recount_of_the_archive() -> None:
    # The book's rule (py/tools/train/build_book.py), applied here to a fresh count of the raw
    # records: among the moves played at least 12 times and at least a tenth as often as
    # the most played one, the best mean outcome shrunk towards 0 (sum / (games + 30)).
    line: list[str] = []
    for _ in range(4):
        replies = archive_replies(line)
        most = max(games for games, _ in replies.values())
        candidates = {
            move: total / (games + 30)
            for move, (games, total) in replies.items()
            if games >= 12 and games >= 0.1 * most
        }
        expected = max(candidates, key=candidates.__getitem__)
        hit = book_move(*Board.from_transcript("".join(line)).bits())
        assert hit is not None and square_name(hit[0]) == expected, (line, replies)
        line.append(expected)
    assert line[:3] == ["f5", "d6", "c3"]  # the main line: Perpendicular, then Tiger
