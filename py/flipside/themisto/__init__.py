"""Themisto rules core: board, moves, notation and perft (standard library only).

>>> from flipside.themisto import Board
>>> board = Board()
>>> len(board.legal_moves())
160
>>> board.push_str("b1-b3")
Move('b1-b3')
>>> board.turn
2
"""

from flipside.themisto.board import DEFAULT_MOVE_LIMIT, Board, IllegalMoveError
from flipside.themisto.notation import Move, format_position, parse_position
from flipside.themisto.perft import divide, perft
from flipside.themisto.status import MoveInfo, Status

__all__ = [
    "DEFAULT_MOVE_LIMIT",
    "Board",
    "IllegalMoveError",
    "Move",
    "MoveInfo",
    "Status",
    "divide",
    "format_position",
    "parse_position",
    "perft",
]
