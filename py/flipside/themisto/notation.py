"""Themisto notation: moves (``b1-b4``, ``c1-c3x``, ``pass``), move lists and position strings.

A position string is ``<64 chars> <player> <P1 pending> <P2 pending>``: the squares a1..h1,
a2..h2, ..., h8 (``X`` black, ``O`` white, ``-`` empty), the player to move (1 or 2) and the
lost turns each player has pending (0 or 1), e.g.
``XOXOXOXOO------XX------OO------XX------OO------XX------OOXOXOXOX 1 0 0``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import ClassVar

from flipside.i18n import tr
from flipside.squares import parse_square, square_name

_MOVE = re.compile(r"([a-h][1-8])-?([a-h][1-8])(x?)")


@dataclass(frozen=True, slots=True, order=True)
class Move:
    """A slide from ``from_sq`` to ``to_sq``, with or without the custodian capture.

    Moves sort by from square, then to square, the non-capturing form first.
    ``Move.PASS`` (printed ``pass``) is the only move of a player who has no legal move.
    """

    from_sq: int
    to_sq: int
    capture: bool = False

    PASS: ClassVar[Move]

    @property
    def is_pass(self) -> bool:
        """True for ``Move.PASS``."""
        return self.from_sq < 0

    def __str__(self) -> str:
        if self.from_sq < 0:
            return "pass"
        mark = "x" if self.capture else ""
        return f"{square_name(self.from_sq)}-{square_name(self.to_sq)}{mark}"

    def __repr__(self) -> str:
        return f"Move({str(self)!r})"

    @classmethod
    def parse(cls, text: str) -> Move:
        """Read ``b1-b4``, ``c1-c3x``, ``B1B4``, ``pass``; ValueError naming the text if bad."""
        t = text.strip().lower()
        if t == "pass":
            return cls.PASS
        m = _MOVE.fullmatch(t)
        if m is None:
            raise ValueError(
                tr("bad move {text!r}: expected <from>-<to>[x] such as b1-b4 or c1-c3x", text=text)
            )
        return cls(parse_square(m.group(1)), parse_square(m.group(2)), m.group(3) == "x")


Move.PASS = Move(-1, -1, False)


def split_moves(text: str) -> list[str]:
    """The move tokens of a space-separated move list (commas are accepted as spaces)."""
    return text.replace(",", " ").split()


def format_position(black: int, white: int, turn: int, pending: tuple[int, int]) -> str:
    """Position string of the bit sets ``black``/``white``, the player to move and the
    pending lost turns (player one's, player two's)."""
    cells = "".join("X" if black >> sq & 1 else "O" if white >> sq & 1 else "-" for sq in range(64))
    return f"{cells} {turn} {pending[0]} {pending[1]}"


def parse_position(text: str) -> tuple[int, int, int, tuple[int, int]]:
    """(black, white, player to move, pending lost turns) of a position string.

    ValueError with the reason when the text is not ``<64 of X O -> <1|2> <0|1> <0|1>`` or
    when the player to move has a lost turn pending (that turn would already be skipped).
    """
    fields = text.split()
    if len(fields) != 4:
        raise ValueError(
            tr(
                "bad position {text!r}: expected '<64 of X/O/-> <player 1|2> <P1 pending 0|1> <P2 pending 0|1>'",
                text=text.strip(),
            )
        )
    cells, player, p1, p2 = fields
    if len(cells) != 64:
        raise ValueError(tr("bad position: the board has {n} squares, not 64", n=len(cells)))
    black = white = 0
    for sq, ch in enumerate(cells.upper()):
        if ch == "X":
            black |= 1 << sq
        elif ch == "O":
            white |= 1 << sq
        elif ch not in "-.":
            raise ValueError(
                tr(
                    "bad position: {square} holds {ch!r}, expected X, O or -",
                    square=square_name(sq),
                    ch=ch,
                )
            )
    if player not in ("1", "2"):
        raise ValueError(
            tr("bad position: player to move {player!r}, expected 1 or 2", player=player)
        )
    if p1 not in ("0", "1") or p2 not in ("0", "1"):
        raise ValueError(
            tr("bad position: pending lost turns {p1!r} {p2!r}, expected 0 or 1 each", p1=p1, p2=p2)
        )
    pending = (int(p1), int(p2))
    turn = int(player)
    if pending[turn - 1]:
        raise ValueError(
            tr("bad position: player {player} is to move but has a lost turn pending", player=turn)
        )
    return black, white, turn, pending


def format_board(black: int, white: int) -> str:
    """The board as text: a file header, then one line per rank (``.`` for empty)."""
    lines = ["  a b c d e f g h"]
    for rank in range(8):
        row = " ".join(
            "X" if black >> sq & 1 else "O" if white >> sq & 1 else "."
            for sq in range(8 * rank, 8 * rank + 8)
        )
        lines.append(f"{rank + 1} {row}")
    return "\n".join(lines)
