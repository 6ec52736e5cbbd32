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
    score_discs,
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


def test_result_json_names_every_field() -> None:
    assert score_discs(32, 32).to_dict() == {
        "black": 32,
        "white": 32,
        "empty": 0,
        "winner": None,
        "margin": 0,
        "black_final": 32,
        "score": 0,
        "over": True,
    }
    assert score_discs(20, 30, over=False).to_dict() == {
        "black": 20,
        "white": 30,
        "empty": 14,
        "winner": "White",
        "margin": 10,
        "black_final": 20,
        "score": -24,
        "over": False,
    }


def test_board_json_view_of_an_uneven_position() -> None:
    # f5 flips e5, d6 flips d5, c3 flips d4: Black c3 d4 e4 e5 f5, White d5 d6.
    view = Board.from_transcript("f5d6c3").to_dict()
    assert (view["black"], view["white"], view["turn"]) == (5, 2, "White")
    assert view["supply"] == {"black": 28, "white": 29}
    assert view["result"] == {
        "black": 5,
        "white": 2,
        "empty": 57,
        "winner": "Black",
        "margin": 3,
        "black_final": 62,
        "score": 60,
        "over": False,
    }


def test_root_and_peek_with_an_uneven_history() -> None:
    board = Board.from_transcript("f5d6c3")
    assert board.peek() == Move.parse("c3")
    for root in (board.root(), board.copy().root()):
        assert root == Board() and root.ply == 0 and root.disc_supply() == (30, 30)
    # A history with a pass: White passes, Black plays c1; the root is the position before.
    start = Board.from_position("XO" + "-" * 62 + " O")
    board = Board.from_transcript("c1", start=start)
    assert [str(m) for m in board.move_stack] == ["pass", "c1"]
    assert board.root() == start and board.root().disc_supply() == start.disc_supply()
    assert board.disc_supply() == (start.disc_supply()[0] - 1, start.disc_supply()[1])


@pytest.mark.parametrize(
    ("discs", "supply"), [(4, (30, 30)), (5, (29, 30)), (6, (29, 29)), (7, (28, 29))]
)
def test_supply_of_a_position_without_history(discs: int, supply: tuple[int, int]) -> None:
    # Discs beyond the first four are taken as placed alternately, Black first.
    black = sum(1 << sq for sq in range(0, 2 * discs, 2)[: (discs + 1) // 2])
    white = sum(1 << sq for sq in range(1, 2 * discs, 2)[: discs // 2])
    got = Board.from_bits(black, white, Color.BLACK).disc_supply()
    assert got == supply and all(type(n) is int for n in got)


def test_from_bits_and_pop_errors_say_what_is_wrong() -> None:
    with pytest.raises(ValueError, match="a square cannot hold both a black and a white disc"):
        Board.from_bits(1, 1, Color.BLACK)
    with pytest.raises(ValueError, match="bit sets must fit in 64 bits"):
        Board.from_bits(0, 1 << 64, Color.BLACK)
    with pytest.raises(IndexError, match="pop from a board with no moves played"):
        Board().pop()


def test_implied_pass_followed_by_an_illegal_move_names_it() -> None:
    # White cannot move, so h8 is read as Black's move after White's pass: not legal either.
    start = Board.from_position("XO" + "-" * 62 + " O")
    with pytest.raises(IllegalMoveError, match=r"^move 1: h8 is not legal for Black$"):
        Board.from_transcript("h8", start=start)
    assert start.ply == 0 and start.turn is Color.WHITE


def test_flips_by_name_and_of_a_pass() -> None:
    assert Board().flips("e6") == [Move.parse("e5").square]
    assert Board().flips(PASS_MOVE) == []


def test_board_prints_as_a_grid() -> None:
    expected = """\
  a b c d e f g h
1 - - - - - - - -
2 - - - - - - - -
3 - - - - - - - -
4 - - - O X - - -
5 - - - X X X - -
6 - - - - - - - -
7 - - - - - - - -
8 - - - - - - - -"""
    assert str(Board.from_transcript("f5")) == expected


# -- written against mutants that survived ./build.sh mutate ------------------------------


def test_bad_boards_and_handicaps_are_named_exactly() -> None:
    with pytest.raises(ValueError, match=r"^handicap is 0 to 4 corners, got 5$"):
        Board(5)
    with pytest.raises(ValueError, match=r"^bit sets must fit in 64 bits$"):
        Board.from_bits(1 << 64, 0, Color.BLACK)
    with pytest.raises(IndexError, match=r"^pop from a board with no moves played$"):
        Board().pop()
    assert Board(4).count(Color.BLACK) == 2 + 4  # four corners


def test_an_illegal_square_is_not_legal() -> None:
    board = Board()
    assert not board.is_legal(Move.parse("a1")) and not board.is_legal(Move.parse("d4"))
    assert board.is_legal(Move.parse("f5"))


def test_a_pass_pushed_and_popped_leaves_the_board_as_it_was() -> None:
    board = Board.from_transcript("d3c3e6d2d1e1b2c1")  # Black has no move here
    assert board.legal_moves() == [PASS_MOVE]
    before = (board.position(), board.disc_supply())
    board.push(PASS_MOVE)
    board.pop()
    assert (board.position(), board.disc_supply()) == before
    assert board.legal_moves() == [PASS_MOVE]
