"""GGF read and write (flipside.othello.ggf) against games written by hand from the format's
description: tags, the BO start board, passes written ``pa``, evaluations after ``/``."""

from __future__ import annotations

import re

import pytest

from flipside.othello import ggf
from flipside.othello.board import Board

# A 1977 tournament game (WTHOR), written out by hand: Black passes before White's last move.
PASS_GAME = (
    "(;GM[Othello]PC[Paris]DT[1977.06.01]PB[Alice]PW[Bob]RB[1800]RW[1750]TI[30:00]TY[8]"
    "RE[-32.000]BO[8 ---------------------------O*------*O--------------------------- *]"
    "B[f5]W[f6]B[e6]W[f4]B[c3]W[d6]B[f3]W[c5]B[f7]W[g5]B[h6]W[f8]B[e7]W[g6]B[b6]W[e8]"
    "B[c6]W[h4]B[g4]W[e3]B[d7]W[c4]B[d2]W[a6]B[c7]W[h3]B[d3]W[d8]B[h5]W[c8]B[h2]W[g3]"
    "B[f2]W[f1]B[e1]W[b5]B[e2]W[d1]B[c1]W[b1]B[c2]W[g1]B[a5]W[a4]B[b3]W[b4]B[b7]W[a3]"
    "B[b2]W[a1]B[a2]W[b8]B[a8]W[a7]B[g8]W[g7]B[g2]W[h1]B[pa]W[h7];)"
)
# A set-up board, White to move, with evaluations and times after the moves and comments.
SETUP_GAME = """(;GM[Othello]PC[NBoard]PB[me]PW[you]TY[8]
BO[8 -------- -------- ---O---- ---OO--- ---***-- -------- -------- -------- O]
W[f6/1.50/2.1]C[white takes f6]B[f7//0.4]W[c6];)"""


def test_reads_every_tag_and_move_of_a_hand_written_game() -> None:
    game = ggf.read_game(PASS_GAME)
    assert game.tags["PB"] == "Alice" and game.tags["PW"] == "Bob"
    assert game.tags["RB"] == "1800" and game.tags["RE"] == "-32.000"
    assert game.tags["DT"] == "1977.06.01" and game.tags["PC"] == "Paris"
    assert game.is_standard_start()
    assert len(game.moves) == 60 and game.moves[58] == "pass" and game.moves[59] == "h7"
    board = Board.from_transcript(game.transcript())
    assert board.is_game_over() and board.result().score == -32


def test_reads_a_set_up_board_evaluations_and_comments() -> None:
    game = ggf.read_game(SETUP_GAME)
    assert not game.is_standard_start()
    assert game.start.endswith(" O") and game.start[27] == "O" and game.start[36] == "X"
    assert game.moves == ["f6", "f7", "c6"]
    assert game.comments == ["white takes f6"]


def test_a_file_of_several_games() -> None:
    games = ggf.read(PASS_GAME + "\n" + SETUP_GAME)
    assert [len(g.moves) for g in games] == [60, 3]


def test_write_then_read_gives_the_same_game() -> None:
    board = Board.from_transcript(ggf.read_game(PASS_GAME).transcript())
    text = ggf.write(board, black="A]lice", white="Bob", result=-32, clock=1800)
    assert text.startswith("(;GM[Othello]PC[Flipside]PB[A\\]lice]PW[Bob]RE[-32.000]TI[30:00]")
    assert "B[pa]W[h7];)" in text
    again = ggf.read_game(text)
    assert again.moves == ggf.read_game(PASS_GAME).moves
    assert again.tags["PB"] == "A]lice"


def test_write_keeps_a_set_up_start() -> None:
    game = ggf.read_game(SETUP_GAME)
    board = Board.from_transcript(game.transcript(), Board.from_position(game.start))
    text = ggf.write(board)
    assert "W[f6]B[f7]W[c6]" in text
    assert ggf.read_game(text).start == game.start


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("GM[Othello]B[f5]", "no game found"),
        ("(;GM[Othello]B[f5]", "never ends"),
        ("(;PB[a]B[f5];)", "no GM tag"),
        ("(;GM[chess]B[e4];)", "'chess', not Othello"),
        ("(;GM[Othello]TY[10]B[f5];)", "only 8x8"),
        ("(;GM[Othello]BO[10 ----];)", "only 8x8"),
        ("(;GM[Othello]BO[8 ------ *];)", "BO has 6 squares"),
        ("(;GM[Othello]B[f5]W[f5];)", "GGF move 2 (W[f5]): f5 is not legal for White"),
        ("(;GM[Othello]B[f5]B[d6];)", "GGF move 2 (B[d6]): it is White's turn, not Black's"),
        ("(;GM[Othello]B[z9];)", "GGF move 1 (B[z9]): 'z9' is not a square or pa"),
        ("(;GM[Othello]B[f5] junk;)", "cannot read 'junk'"),
    ],
)
def test_bad_games_are_refused_by_name(text: str, message: str) -> None:
    with pytest.raises(ValueError, match=re.escape(message)):
        ggf.read(text)
