"""The Themisto Board object: its JSON view, printing, move info and argument checks."""

from __future__ import annotations

import pytest

from flipside.squares import parse_square
from flipside.themisto import Board, IllegalMoveError, Move

ONGOING = {"result": "ongoing", "winner": 0, "row": (), "reason": ""}


def board(picture: str, player: int = 1) -> Board:
    """A board from an 8-line picture (ranks 1..8 top to bottom; missing ranks empty)."""
    rows = [r.replace(" ", "") for r in picture.strip().splitlines()]
    rows += ["........"] * (8 - len(rows))
    return Board.from_position("".join(rows).replace(".", "-") + f" {player} 0 0")


def sq(name: str) -> int:
    return parse_square(name)


def test_json_view_after_a_capture() -> None:
    # a6 slides to a4 and turns white; b4 c4 are then flanked by a4 and d4: captured.
    b = board("........\n........\n........\n.XXO....\n........\nX.......")
    assert b.to_dict()["last_move"] is None
    b.push_str("a6-a4x")
    assert b.to_dict() == {
        "position": "-" * 24 + "OOOO----" + "-" * 32 + " 2 0 0",
        "turn": 2,
        "pending_lost_turns": [0, 0],
        "status": ONGOING,
        "moves": ["a6-a4x"],
        "move_limit": 200,
        "last_move": {
            "move": "a6-a4x",
            "player": 1,
            "flipped": (sq("a4"), sq("b4"), sq("c4")),
            "captured": (sq("b4"), sq("c4")),
            "lost_turn": False,
            "pending_lost_turns": (0, 0),
            "status": ONGOING,
        },
    }


def test_move_info_of_a_pass() -> None:
    b = board("...X....")  # a lone disk has nowhere to go: player one passes
    b.push(Move.PASS)
    info = b.last_move_info()
    assert info is not None
    assert (info.move, info.player, info.flipped, info.captured) == (Move.PASS, 1, (), ())
    assert info.status == b.status and not info.lost_turn


def test_a_finished_game_prints_its_result() -> None:
    b = board("XXXX....\n........\n....O...")
    assert not b.is_game_over()
    b.push_str("e3-e1")
    assert b.is_game_over()
    expected = """\
  a b c d e f g h
1 X X X X X . . .
2 . . . . . . . .
3 . . . . . . . .
4 . . . . . . . .
5 . . . . . . . .
6 . . . . . . . .
7 . . . . . . . .
8 . . . . . . . .
player 2 to move
pending lost turns: player 1: 0, player 2: 0
game over: player 1 wins with a1 b1 c1 d1 e1"""
    assert str(b) == expected
    assert not Board().is_game_over()


def test_from_moves_keeps_the_move_limit_with_a_start_position() -> None:
    b = Board.from_moves("b1-b3", position=Board().position(), move_limit=5)
    assert b.move_limit == 5 and b.ply == 1


@pytest.mark.parametrize(("frm", "to"), [(64, 1), (1, 64), (1, -1)])
def test_a_move_off_the_board_is_refused(frm: int, to: int) -> None:
    b = Board()
    move = Move(frm, to, False)
    assert not b.is_legal(move)
    with pytest.raises(IllegalMoveError, match="is not a move between squares 0..63"):
        b.push(move)


def test_pop_of_a_new_board_says_so() -> None:
    with pytest.raises(IndexError, match="pop from a board with no moves played"):
        Board().pop()


def test_bad_move_limits_and_popping_nothing_are_named_exactly() -> None:
    with pytest.raises(ValueError, match=r"^bad move limit 0: expected 1 or more$"):
        Board(0)
    with pytest.raises(IndexError, match=r"^pop from a board with no moves played$"):
        Board().pop()
