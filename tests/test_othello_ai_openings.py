"""Opening names: every named line is legal and recognised in all four orientations."""

from __future__ import annotations

from pathlib import Path

import pytest

from flipside.othello.board import Board
from flipside.othello.notation import square_name
from flipside.othello.openings import map_square, named_lines, opening_of, recognise

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
