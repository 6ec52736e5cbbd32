"""Board, Move and transcript behaviour of flipside.othello."""

from __future__ import annotations

import json

import pytest

from flipside.othello import (
    PASS_MOVE,
    Board,
    Color,
    IllegalMoveError,
    Move,
    perft,
)

START = "---------------------------OX------XO--------------------------- X"


def test_start_position() -> None:
    board = Board()
    assert board.position() == START
    assert board.turn is Color.BLACK
    assert [str(m) for m in board.legal_moves()] == ["d3", "c4", "f5", "e6"]
    assert board.piece_at("d4") is Color.WHITE and board.piece_at("e4") is Color.BLACK
    assert Board.from_position(START) == board


def test_move_parse_and_print() -> None:
    assert str(Move.parse("F5")) == "f5"
    assert Move.parse("a1").square == 0 and Move.parse("H8").square == 63
    for text in ("pass", "PA", "ps", "Pass"):
        assert Move.parse(text) == PASS_MOVE and str(Move.parse(text)) == "pass"
    with pytest.raises(ValueError, match="g9 is not a square"):
        Move.parse("g9")


def test_push_pop_flips() -> None:
    board = Board()
    assert board.flips(Move.parse("f5")) == [Move.parse("e5").square]
    board.push_str("f5")
    assert board.count(Color.BLACK) == 4 and board.count(Color.WHITE) == 1
    assert board.turn is Color.WHITE
    assert board.pop() == Move.parse("f5")
    assert board.position() == START
    with pytest.raises(IllegalMoveError, match="a1 is not legal for Black"):
        board.push(Move.parse("a1"))
    with pytest.raises(IllegalMoveError, match="pass"):
        board.push(PASS_MOVE)
    with pytest.raises(IndexError):
        board.pop()


def test_copy_equality_hash() -> None:
    a = Board.from_transcript("f5d6")
    b = Board.from_transcript("f5 D6")
    c = a.copy()
    c.push_str("c3")
    assert a == b and hash(a) == hash(b) and a != c
    assert {a: 1}[b] == 1
    assert c.pop() == Move.parse("c3") and c == a


def test_transcript_round_trip_and_formats() -> None:
    text = "f5d6c3d3c4f4f6f3e6e7"
    board = Board.from_transcript(text)
    assert board.transcript() == text
    assert Board.from_transcript("1. F5 D6 2. c3 d3 3.c4 f4 f6 f3 E6 e7") == board


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("f5d6c3g9", "move 4: g9 is not a square"),
        ("f5d6i3", "move 3: i3 is not a square"),
        ("f5 d6 c3 d3 c4 f4 c3", "move 7: c3 is not legal for Black"),
        ("f5d6c3d3c4f4f6f3e6e7 pass", "move 11: pass is not legal for Black"),
        ("f5 ?", "move 2: '?' is not a move"),
    ],
)
def test_transcript_errors(text: str, message: str) -> None:
    with pytest.raises(ValueError, match=message.replace("?", r"\?")):
        Board.from_transcript(text)


def test_perft_shallow() -> None:
    assert [perft(Board(), d) for d in range(1, 6)] == [4, 12, 56, 244, 1396]


def test_history_helpers_and_json_view() -> None:
    board = Board.from_transcript("f5 d6")
    assert board.ply == 2 and board.peek() == Move.parse("d6")
    assert board.root() == Board() and board.root().disc_supply() == (30, 30)
    assert Board().peek() is None
    view = board.to_dict()
    assert view["position"] == board.position() and view["turn"] == "Black"
    assert view["legal_moves"] == ["c3", "c4", "c5", "c6", "c7"]
    assert view["transcript"] == "f5d6" and view["moves"] == ["f5", "d6"]
    assert (view["black"], view["white"]) == (3, 3)
    assert view["supply"] == {"black": 29, "white": 29}
    assert view["game_over"] is False
    assert json.loads(json.dumps(view)) == view
    # From a position string the history is unknown: discs are assumed placed alternately.
    again = Board.from_position(board.position())
    assert again.disc_supply() == (29, 29) and again.ply == 0 and again.transcript() == ""


def test_bad_positions() -> None:
    with pytest.raises(ValueError, match="64 squares"):
        Board.from_position("X" * 63 + " X")
    with pytest.raises(ValueError, match="square c1: 'Z' is not X, O or -"):
        Board.from_position("--Z" + "-" * 61 + " X")
    with pytest.raises(ValueError, match="not a colour"):
        Board.from_position("-" * 64 + " Q")
    with pytest.raises(ValueError, match="both"):
        Board.from_bits(1, 1, Color.BLACK)
    accepted = Board.from_position(START.replace("X", "*").replace("O", "w").replace("-", "."))
    assert accepted == Board()
