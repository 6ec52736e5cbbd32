"""Themisto perft against the spec's reference counts, and the move count used at the leaves."""

from __future__ import annotations

import pytest

from flipside.themisto import Board, divide, perft


def slow_perft(board: Board, depth: int) -> int:
    """Perft that plays every move, leaves included (no bulk count)."""
    if depth == 0:
        return 1
    total = 0
    for move in board.legal_moves():
        board.push(move)
        total += slow_perft(board, depth - 1)
        board.pop()
    return total


def test_reference_counts_from_the_start() -> None:
    board = Board()
    assert perft(board, 0) == 1
    assert perft(board, 1) == 160
    assert perft(board, 2) == 27544
    assert board.position() == Board().position() and board.ply == 0


def test_divide_sums_to_perft_and_lists_every_move() -> None:
    board = Board.from_moves("b1-b3")
    parts = divide(board, 2)
    assert [m for m, _ in parts] == board.legal_moves()
    assert sum(n for _, n in parts) == perft(board, 2)


@pytest.mark.parametrize("moves", ["", "b1-b3 h2-g3 c1-c3"])
def test_bulk_count_agrees_with_playing_every_leaf(moves: str) -> None:
    board = Board.from_moves(moves)
    assert perft(board, 2) == slow_perft(board, 2)


def test_a_finished_game_has_no_moves_and_a_pass_is_one() -> None:
    won = Board.from_position("XXXX" + "-" * 16 + "O" + "-" * 43 + " 1 0 0")
    won.push_str("e3-e1")  # five black in a row: player one wins
    assert won.status.result == "win"
    assert perft(won, 1) == 0 and perft(won, 2) == 0
    lonely = Board.from_position("X" + "-" * 63 + " 1 0 0")  # nobody can move
    assert [perft(lonely, d) for d in (1, 2, 3)] == [1, 1, 0]  # pass, pass, drawn


def test_bad_depth() -> None:
    with pytest.raises(ValueError, match="bad perft depth -1"):
        perft(Board(), -1)
