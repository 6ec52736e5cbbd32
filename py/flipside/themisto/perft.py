"""Perft for Themisto: the number of move sequences of a given length (reference counts from
the start: perft(1) = 160, perft(2) = 27544).

Every legal move counts, a slide that can capture twice (with and without ``x``); a pass is a
move; a finished game has no moves. The last ply is counted with ``Board.count_moves`` without
playing it, and the board is walked with push/pop, never copied.
"""

from __future__ import annotations

from flipside.i18n import tr
from flipside.themisto.board import Board
from flipside.themisto.notation import Move


def perft(board: Board, depth: int) -> int:
    """Number of legal move sequences of ``depth`` moves from ``board`` (left unchanged)."""
    if depth < 0:
        raise ValueError(tr("bad perft depth {depth}: expected 0 or more", depth=depth))
    if depth == 0:
        return 1
    if depth == 1:
        return board.count_moves()
    total = 0
    for move in board.legal_moves():
        board._play(move)
        total += perft(board, depth - 1)
        board.pop()
    return total


def divide(board: Board, depth: int) -> list[tuple[Move, int]]:
    """perft(depth - 1) after each legal move: (move, count) pairs in move order."""
    if depth < 1:
        raise ValueError(tr("bad divide depth {depth}: expected 1 or more", depth=depth))
    out = []
    for move in board.legal_moves():
        board._play(move)
        out.append((move, perft(board, depth - 1)))
        board.pop()
    return out
