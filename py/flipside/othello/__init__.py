"""Othello rules core: board, moves, notation and perft (standard library only).

>>> from flipside.othello import Board
>>> board = Board()
>>> board.push_str("f5")
Move('f5')
>>> board.legal_moves()
[Move('f4'), Move('d6'), Move('f6')]
"""

from typing import TYPE_CHECKING

from flipside.othello.board import (
    HANDICAP_CORNERS,
    SUPPLY,
    Board,
    IllegalMoveError,
    Result,
    score_discs,
)
from flipside.othello.notation import (
    PASS,
    PASS_MOVE,
    Color,
    Move,
    format_position,
    parse_position,
    parse_square,
    square_name,
)
from flipside.othello.perft import perft

if TYPE_CHECKING:
    from flipside.othello.ai.engine import Engine, solve


def __getattr__(name: str) -> object:
    """``Engine`` and ``solve`` load the AI (and its evaluation weights) on first use."""
    if name in ("Engine", "solve"):
        from flipside.othello.ai import engine

        return getattr(engine, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = [
    "HANDICAP_CORNERS",
    "PASS",
    "PASS_MOVE",
    "SUPPLY",
    "Board",
    "Color",
    "Engine",
    "IllegalMoveError",
    "Move",
    "Result",
    "format_position",
    "parse_position",
    "parse_square",
    "perft",
    "score_discs",
    "solve",
    "square_name",
]
