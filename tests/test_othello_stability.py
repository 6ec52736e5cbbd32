"""Stable discs (flipside.othello.ai.stability): every disc found stable keeps its colour
to the end of the game, whatever is played; the cutoff built on it leaves the solver's
scores as they were."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from flipside.othello.ai import endgame
from flipside.othello.ai.endgame import Solver
from flipside.othello.ai.stability import stable
from flipside.othello.board import Board
from flipside.othello.notation import Color


def random_board(rnd: random.Random, plies: int) -> Board:
    board = Board()
    for _ in range(plies):
        if board.is_game_over():
            break
        if not board.has_legal_move():
            board.push_str("pass")
        else:
            board.push(rnd.choice(board.legal_moves()))
    return board


def stable_squares(board: Board) -> dict[int, Color]:
    filled = board.black | board.white
    found = {sq: Color.BLACK for sq in range(64) if stable(board.black, filled) >> sq & 1}
    found |= {sq: Color.WHITE for sq in range(64) if stable(board.white, filled) >> sq & 1}
    return found


@pytest.mark.native
@settings(max_examples=300, deadline=None)
@given(st.integers(0, 2**32), st.integers(20, 60))
def test_stable_discs_never_flip(seed: int, plies: int) -> None:
    rnd = random.Random(seed)
    board = random_board(rnd, plies)
    found = stable_squares(board)
    for _ in range(3):  # three random continuations to the end
        end = board.copy()
        while not end.is_game_over():
            if not end.has_legal_move():
                end.push_str("pass")
            else:
                end.push(rnd.choice(end.legal_moves()))
            for sq, color in found.items():
                assert end.piece_at(sq) is color


def test_what_is_found_stable() -> None:
    corners = (1 << 0) | (1 << 7) | (1 << 56) | (1 << 63)
    assert stable(corners, corners) == corners  # a corner is always stable
    full = (1 << 64) - 1
    black = 0x00FF00FF00FF00FF
    assert stable(black, full) == black  # a full board: every disc
    a1_b1 = (1 << 0) | (1 << 1)
    assert stable(a1_b1, a1_b1) == a1_b1  # an edge disc leaning on its corner
    assert stable(1 << 1, 1 << 1) == 0  # alone on the edge: not stable
    for corner, along, across, inner in (
        (0, 1, 8, 9),
        (63, 62, 55, 54),
        (7, 6, 15, 14),
        (56, 57, 48, 49),
    ):
        block = (1 << corner) | (1 << along) | (1 << across) | (1 << inner)
        # the inner square's other diagonal is open: it can be flipped along it
        assert stable(block, block) == block ^ (1 << inner)
        assert stable(block, (1 << 64) - 1) == block  # every line full
    for names in (
        "a1 b1 c1 a2 b2 a3",
        "h8 g8 f8 h7 g7 h6",
        "h1 g1 f1 h2 g2 h3",
        "a8 b8 c8 a7 b7 a6",
    ):
        # a triangle in a corner: the inner disc leans on edge discs along every line
        squares = [(ord(n[0]) - 97) + 8 * (int(n[1]) - 1) for n in names.split()]
        triangle = sum(1 << sq for sq in squares)
        assert stable(triangle, triangle) == triangle
    assert stable(1 << 27, 1 << 27) == 0  # a centre disc


def test_the_cutoff_keeps_the_scores(monkeypatch: pytest.MonkeyPatch) -> None:
    """Endgames of random games (often lopsided, where the cutoff fires most): every move's
    exact score is the same with the cutoff and without it."""
    rnd = random.Random(7)
    checked = 0
    while checked < 25:
        board = random_board(rnd, 49 + rnd.randrange(4))
        if board.is_game_over() or not board.has_legal_move():
            continue
        P, O = board.bits()
        solver = Solver()
        with_cutoff = solver.move_scores(P, O)
        with monkeypatch.context() as m:
            m.setattr(endgame, "STABILITY_ALPHA", 99)
            assert Solver().move_scores(P, O) == with_cutoff
        checked += 1
