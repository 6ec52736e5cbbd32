"""Opening names: every named line is legal and recognised in all four orientations."""

from __future__ import annotations

from pathlib import Path

import pytest

from flipside.othello.bitboard import legal_moves
from flipside.othello.board import Board
from flipside.othello.engine import MAX_LEVEL, Engine
from flipside.othello.notation import Move, square_name
from flipside.othello.openings import (
    book,
    book_move,
    map_bits,
    map_square,
    named_lines,
    opening_of,
    recognise,
)

SHARED = Path(__file__).resolve().parents[1] / ".." / "shared" / "data" / "openings"


def test_shipped_copy_matches_the_reference_list() -> None:
    packaged = Path(__file__).resolve().parents[1] / "py" / "flipside" / "othello"
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
    assert info["book"] is True and info["move"] in {"d6", "f4", "f6"}
    assert "book" not in Engine(level=3).think(Board.from_transcript("f5"))
    assert book_move(*random_position_out_of_book().bits()) is None


def random_position_out_of_book() -> Board:
    # Where the book's own Diagonal line ends: fewer than 30 archive games reach it.
    return Board.from_transcript("f5f6e6f4g6c5f3g5")
