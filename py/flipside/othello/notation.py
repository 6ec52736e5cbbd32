"""Othello notation: squares, colours, moves, positions and transcripts (text only, no rules).

Squares are numbered 0..63 as ``8 * rank + file``: a1 = 0 (top-left), h1 = 7, a2 = 8, h8 = 63.
A position string is 64 characters a1..h1, a2..h2, ..., h8 (``X`` black, ``O`` white, ``-``
empty) followed by the side to move, e.g. ``"---...--- X"``.
"""

from __future__ import annotations

import enum
import re
from dataclasses import dataclass

from flipside.i18n import N_, tr

PASS = 64
"""The ``square`` value of the pass move."""

FILES = "abcdefgh"


_SIDE_WORDS = (N_("Black"), N_("White"))


class Color(enum.IntEnum):
    """A side: Black (moves first, ``X``) or White (``O``). ``str(color)`` is its name."""

    BLACK = 0
    WHITE = 1

    def __str__(self) -> str:
        return self.name.capitalize()

    def word(self) -> str:
        """The side's name in the language in use (``str(color)`` stays English: a value)."""
        return tr(_SIDE_WORDS[self])

    @property
    def opponent(self) -> Color:
        """The other side."""
        return Color.WHITE if self is Color.BLACK else Color.BLACK

    @property
    def letter(self) -> str:
        """``X`` for Black, ``O`` for White (the position-string letter)."""
        return "X" if self is Color.BLACK else "O"

    @classmethod
    def parse(cls, text: str) -> Color:
        """Read ``X``/``B``/``*``/``black`` or ``O``/``W``/``white`` (any case)."""
        key = text.strip().lower()
        if key in ("x", "b", "*", "black"):
            return cls.BLACK
        if key in ("o", "w", "white"):
            return cls.WHITE
        raise ValueError(tr("{text!r} is not a colour (use X or O)", text=text))


def square_name(square: int) -> str:
    """``0`` -> ``"a1"``, ``63`` -> ``"h8"``."""
    if not 0 <= square < 64:
        raise ValueError(tr("{square} is not a square number (0..63)", square=square))
    return FILES[square % 8] + str(square // 8 + 1)


def parse_square(text: str) -> int:
    """``"a1"`` -> ``0``, ``"H8"`` -> ``63``; raises ``ValueError`` naming the text."""
    key = text.strip().lower()
    if len(key) == 2 and key[0] in FILES and key[1] in "12345678":
        return FILES.index(key[0]) + 8 * (int(key[1]) - 1)
    raise ValueError(tr("{text} is not a square", text=text.strip() or repr(text)))


_PASS_WORDS = ("pass", "pa", "ps")


@dataclass(frozen=True, slots=True, order=True)
class Move:
    """A move: a square 0..63, or :data:`PASS`. Prints as ``f5`` or ``pass``."""

    square: int

    def __post_init__(self) -> None:
        if not (0 <= self.square <= PASS):
            raise ValueError(
                tr("{square} is not a square number (0..63) or PASS (64)", square=self.square)
            )

    @property
    def is_pass(self) -> bool:
        """True for the pass move."""
        return self.square == PASS

    def __str__(self) -> str:
        return "pass" if self.square == PASS else square_name(self.square)

    def __repr__(self) -> str:
        return f"Move({str(self)!r})"

    @classmethod
    def parse(cls, text: str) -> Move:
        """Read ``f5``, ``F5``, or a pass written ``pass``/``pa``/``ps`` (any case)."""
        key = text.strip().lower()
        if key in _PASS_WORDS:
            return PASS_MOVE
        return cls(parse_square(key))


PASS_MOVE = Move(PASS)
"""The pass move."""

_CELL = {"x": 0, "b": 0, "*": 0, "o": 1, "w": 1, "-": 2, ".": 2}


def parse_position(text: str) -> tuple[int, int, Color]:
    """Read ``"<64 chars> X|O"`` into ``(black bits, white bits, side to move)``.

    Cells: ``X x B b *`` black, ``O o W w`` white, ``- .`` empty. Whitespace is ignored.
    """
    compact = "".join(text.split())
    if len(compact) != 65:
        raise ValueError(
            tr(
                "a position is 64 squares and the side to move (X or O), got {n} characters",
                n=len(compact),
            )
        )
    black = white = 0
    for square, ch in enumerate(compact[:64]):
        kind = _CELL.get(ch.lower())
        if kind is None:
            raise ValueError(
                tr(
                    "position square {square}: {ch!r} is not X, O or -",
                    square=square_name(square),
                    ch=ch,
                )
            )
        if kind == 0:
            black |= 1 << square
        elif kind == 1:
            white |= 1 << square
    return black, white, Color.parse(compact[64])


def format_position(black: int, white: int, turn: Color) -> str:
    """Write the ``"<64 chars> X|O"`` form (``X`` black, ``O`` white, ``-`` empty)."""
    cells = ["X" if black >> sq & 1 else "O" if white >> sq & 1 else "-" for sq in range(64)]
    return "".join(cells) + " " + turn.letter


_TOKEN = re.compile(
    r"(?P<skip>[\s,;.]+)|(?P<number>\d+\.*)|(?P<pass>pass|pa|ps|--)|(?P<move>[a-z]\d+)|(?P<bad>\S)",
    re.IGNORECASE,
)


def split_transcript(text: str) -> list[str]:
    """Split a transcript into move tokens (lower case): squares like ``f5`` and ``pass``.

    Accepts ``f5d6c3``, ``F5 D6 C3``, ``1. f5 2. d6``, and passes written ``pa``/``ps``/``pass``.
    Tokens that are not squares are kept as text (e.g. ``"g9"``) so the caller can report them.
    Raises ``ValueError`` on characters that cannot start a move.
    """
    tokens: list[str] = []
    pos = 0
    while pos < len(text):
        m = _TOKEN.match(text, pos)
        assert m is not None  # the last alternative matches any non-space character
        kind = m.lastgroup
        value = m.group()
        if kind == "pass":
            tokens.append("pass")
        elif kind == "move":
            tokens.append(value.lower())
        elif kind == "bad":
            end = pos
            while end < len(text) and not text[end].isspace():
                end += 1
            raise ValueError(
                tr(
                    "move {number}: {text!r} is not a move",
                    number=len(tokens) + 1,
                    text=text[pos:end],
                )
            )
        pos = m.end()
    return tokens
