"""Themisto notation: moves, move lists, position strings and their error messages."""

from __future__ import annotations

import pytest

from flipside.squares import DIRECTIONS, parse_square, ray, square_name
from flipside.themisto import Board, IllegalMoveError, Move

START = "XOXOXOXOO------XX------OO------XX------OO------XX------OOXOXOXOX"


def test_square_names_follow_the_othello_layout() -> None:
    assert [square_name(s) for s in (0, 7, 8, 63)] == ["a1", "h1", "a2", "h8"]
    assert all(parse_square(square_name(s)) == s for s in range(64))
    assert parse_square("H8") == 63
    for bad in ("i1", "a9", "a", "a10", ""):
        with pytest.raises(ValueError, match="bad square"):
            parse_square(bad)


def test_directions_pair_with_their_opposites() -> None:
    for d, (df, dr) in enumerate(DIRECTIONS):
        assert DIRECTIONS[d ^ 1] == (-df, -dr)
    assert ray(0, 0) == (1, 2, 3, 4, 5, 6, 7)
    assert ray(0, 1) == ()
    assert ray(27, 4) == (36, 45, 54, 63)


def test_moves_print_with_a_dash_and_x_for_a_capture() -> None:
    assert str(Move(1, 25)) == "b1-b4"
    assert str(Move(2, 18, True)) == "c1-c3x"
    assert str(Move.PASS) == "pass" and Move.PASS.is_pass


@pytest.mark.parametrize("text", ["c1-c3x", "C1-C3X", "c1c3x", " C1c3X "])
def test_move_parse_accepts_case_and_no_dash(text: str) -> None:
    assert Move.parse(text) == Move(2, 18, True)


@pytest.mark.parametrize("text", ["", "c1", "c1-c3y", "c1--c3", "i1-c3", "c1-c3xx", "c1 c3"])
def test_move_parse_rejects_bad_text_naming_it(text: str) -> None:
    with pytest.raises(ValueError, match="bad move"):
        Move.parse(text)


def test_moves_sort_by_from_then_to_non_capturing_first() -> None:
    moves = [Move(9, 1, True), Move(1, 9), Move(9, 1), Move(0, 63)]
    assert sorted(moves) == [Move(0, 63), Move(1, 9), Move(9, 1), Move(9, 1, True)]


def test_position_string_of_the_start_and_back() -> None:
    assert Board().position() == f"{START} 1 0 0"
    board = Board.from_position(f"{START.lower()} 2 1 0")
    assert board.turn == 2 and board.pending_lost_turns == (1, 0)
    assert board.position() == f"{START} 2 1 0"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (START, "expected '<64 of X/O/->"),
        (f"{START} 1 0", "expected '<64 of X/O/->"),
        (f"{START[:-1]} 1 0 0", "63 squares, not 64"),
        (f"{START[:-1]}Z 1 0 0", "h8 holds 'Z'"),
        (f"{START} 3 0 0", "player to move '3'"),
        (f"{START} 1 0 2", "pending lost turns"),
        (f"{START} 2 0 1", "player 2 is to move but has a lost turn pending"),
    ],
)
def test_bad_position_strings_say_what_is_wrong(text: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        Board.from_position(text)


def test_from_moves_replays_from_the_start_or_a_position() -> None:
    board = Board.from_moves("b1-b3 G8G6  h2-g3")
    assert [str(m) for m in board.move_stack] == ["b1-b3", "g8-g6", "h2-g3"]
    assert board.moves_text() == "b1-b3 g8-g6 h2-g3"
    again = Board.from_moves("h2-g3", position=Board.from_moves("b1-b3 g8-g6").position())
    assert again.position() == board.position() and again.ply == 1


@pytest.mark.parametrize(
    ("moves", "message"),
    [
        ("b1-b3 g8-g6 a1-a1", "move 3: a1-a1 does not move"),
        ("b1-b3 zz", "move 2: bad move 'zz'"),
        ("b1-b3 d4-d5", "move 2: d4-d5: there is no disk on d4"),
        ("a2-c2x", "move 1: a2-c2x captures nothing"),
        ("b1-b3 g8-g6 b3-b1 g6-g8", ""),  # legal: the board before *the previous* move differs
        ("b1-b3 b3-b1", "move 2: b3-b1 repeats the position before the previous move"),
        ("pass", "move 1: pass: player 1 has a legal move"),
    ],
)
def test_from_moves_errors_name_the_move_number(moves: str, message: str) -> None:
    if not message:
        Board.from_moves(moves)
        return
    with pytest.raises(ValueError, match=message):
        Board.from_moves(moves)


def test_rule_errors_are_illegal_move_errors_and_value_errors() -> None:
    with pytest.raises(IllegalMoveError):
        Board.from_moves("b1-b3 b3-b1")
    assert issubclass(IllegalMoveError, ValueError)


def test_state_serialises_to_plain_data() -> None:
    board = Board.from_moves("b1-b3")
    data = board.to_dict()
    assert data["turn"] == 2 and data["moves"] == ["b1-b3"]
    assert data["status"] == {"result": "ongoing", "winner": 0, "row": (), "reason": ""}
    last = data["last_move"]
    assert isinstance(last, dict)
    assert last["move"] == "b1-b3" and last["flipped"] == (parse_square("b3"),)
    assert last["lost_turn"] is False and last["pending_lost_turns"] == (0, 0)
    assert "X O X O" in str(board) and "player 2 to move" in str(board)
