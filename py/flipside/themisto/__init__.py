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

from typing import TYPE_CHECKING

from flipside.themisto.board import DEFAULT_MOVE_LIMIT, Board, IllegalMoveError
from flipside.themisto.notation import Move, format_position, parse_position
from flipside.themisto.perft import divide, perft
from flipside.themisto.status import MoveInfo, Status

if TYPE_CHECKING:
    from flipside.themisto.ai.engine import Engine


def __getattr__(name: str) -> object:
    """``Engine`` loads the AI (``flipside.themisto.ai.engine``) on first use."""
    if name == "Engine":
        from flipside.themisto.ai import engine

        return engine.Engine
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = [
    "DEFAULT_MOVE_LIMIT",
    "Board",
    "Engine",
    "IllegalMoveError",
    "Move",
    "MoveInfo",
    "Status",
    "divide",
    "format_position",
    "parse_position",
    "perft",
]
