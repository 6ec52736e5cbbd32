"""Random balanced openings: each move chosen at random among the balanced ones.

The New game dialog's "random balanced moves" (record option ``opening=random:N``); the rules
worker imports this on first use (it searches, so it is not in the start-up snapshot).
"""

from __future__ import annotations

import random

from flipside.othello.ai.engine import position_value
from flipside.othello.board import Board
from flipside.othello.notation import PASS_MOVE, Move

BALANCE_DEPTH = 4
BALANCE_MARGIN = 2.0
"""A random opening's moves keep a 4-ply search's value within 2 discs of even."""


def random_opening(plies: int, seed: int | None = None) -> str:
    """``plies`` moves from the start, each chosen at random among the moves after which a
    ``BALANCE_DEPTH``-ply search values the position within ``BALANCE_MARGIN`` discs of even
    (the closest to even when none is): a transcript."""
    rng = random.Random(seed)
    board = Board()
    placed = 0
    while placed < plies and not board.is_game_over():
        moves = board.legal_moves()
        if moves == [PASS_MOVE]:
            board.push(PASS_MOVE)
            continue
        values = {}
        for move in moves:
            board.push(move)
            values[str(move)] = position_value(board, BALANCE_DEPTH)
            board.pop()
        balanced = sorted(m for m, v in values.items() if abs(v) <= BALANCE_MARGIN)
        pool = balanced or [min(sorted(values), key=lambda m: abs(values[m]))]
        board.push(Move.parse(rng.choice(pool)))
        placed += 1
    return board.transcript()
