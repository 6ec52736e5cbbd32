"""Perft: count the leaves of the game tree to a fixed depth.

A pass counts as a ply, and a finished game counts as one leaf at every deeper depth (the
usual published table: 4, 12, 56, 244, 1396, 8200, 55092, 390216, 3005288, 24571284).
"""

from __future__ import annotations

from flipside.othello.bitboard import flips, legal_moves


def perft_bits(P: int, O: int, depth: int) -> int:
    """Leaf count from bit sets (``P`` = side to move)."""
    if depth == 0:
        return 1
    moves = legal_moves(P, O)
    if depth == 1:
        return moves.bit_count() or 1
    if not moves:
        if legal_moves(O, P):
            return perft_bits(O, P, depth - 1)
        return 1
    total = 0
    while moves:
        low = moves & -moves
        moves ^= low
        f = flips(P, O, low.bit_length() - 1)
        total += perft_bits(O ^ f, P | f | low, depth - 1)
    return total


def perft(board: object, depth: int) -> int:
    """Leaf count of ``board`` (a :class:`~flipside.othello.Board`) to ``depth`` plies."""
    from flipside.othello.board import Board

    if not isinstance(board, Board):
        raise TypeError("perft expects a Board")
    if depth < 0:
        raise ValueError(f"perft depth must be >= 0, got {depth}")
    P, O = board.bits()
    return perft_bits(P, O, depth)
