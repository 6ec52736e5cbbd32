"""The exact line of the engine's last endgame solve: a later position on it is answered at
once, with the same certainty.

Every move of a solve's principal variation is an exact best move for the side that plays
it, so when the game reaches one of the line's positions (the player answered as the solve
expected, or had to pass), its move there needs no new search. This keeps the computer's
moves in a row after a pass within one reply's time, and makes an endgame's later replies
quick when the player follows the best line.
"""

from __future__ import annotations

from dataclasses import dataclass

from flipside.othello.bitboard import FLIPS, legal_moves


@dataclass(frozen=True)
class LineMove:
    """A position's exact best move, its exact value (discs, the side to move's view) and the
    line from it."""

    move: int
    score: float
    line: list[int]


class SolvedLine:
    """The positions of the last solved line, each with its :class:`LineMove`."""

    def __init__(self) -> None:
        self.positions: dict[tuple[int, int], LineMove] = {}

    def keep(self, P: int, O: int, line: list[int], score: float) -> None:
        """Remember the exact ``line`` (squares, passes left out) from ``(P, O)``, whose exact
        value for ``P`` is ``score``; it replaces the line kept before."""
        self.positions = {}
        sign = 1
        for i, sq in enumerate(line):
            self.positions[(P, O)] = LineMove(sq, sign * score, line[i:])
            f = FLIPS[sq](P, O)
            P, O = O ^ f, P | f | (1 << sq)
            sign = -sign
            if not legal_moves(P, O):
                if not legal_moves(O, P):
                    break
                P, O = O, P  # a pass: the same side moves again
                sign = -sign

    def at(self, P: int, O: int) -> LineMove | None:
        """The kept line's move in ``(P, O)`` (``P`` to move), or None when it is not on it."""
        return self.positions.get((P, O))
