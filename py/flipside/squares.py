"""What the 8x8 games share: square numbers and names, and the eight directions.

Square ``sq = 8 * rank + file`` with file a..h = 0..7 and rank 1..8 = 0..7, so ``a1`` = 0 is
the top-left corner, ``h1`` = 7 and ``h8`` = 63 (the order of the 64-character position strings).
"""

from __future__ import annotations

from flipside.i18n import tr

FILES = "abcdefgh"

#: The eight directions as (file step, rank step). Index ``d ^ 1`` is the opposite of ``d``,
#: and the pairs (0, 1), (2, 3), (4, 5), (6, 7) are the four lines: horizontal, vertical,
#: the a1-h8 diagonal and the h1-a8 diagonal.
DIRECTIONS: tuple[tuple[int, int], ...] = (
    (1, 0),
    (-1, 0),
    (0, 1),
    (0, -1),
    (1, 1),
    (-1, -1),
    (1, -1),
    (-1, 1),
)


def square_name(sq: int) -> str:
    """Name of square number ``sq`` (0..63), e.g. ``square_name(0) == "a1"``."""
    if not 0 <= sq < 64:
        raise ValueError(tr("no square number {square}: expected 0..63", square=sq))
    return FILES[sq & 7] + str((sq >> 3) + 1)


def parse_square(text: str) -> int:
    """Square number of a name such as ``"c3"`` or ``"C3"``; ValueError if it is not a1..h8."""
    name = text.strip().lower()
    if len(name) != 2 or name[0] not in FILES or name[1] not in "12345678":
        raise ValueError(tr("bad square {text!r}: expected a1..h8", text=text))
    return FILES.index(name[0]) + 8 * (int(name[1]) - 1)


def ray(sq: int, direction: int) -> tuple[int, ...]:
    """Squares met going from ``sq`` (excluded) in ``DIRECTIONS[direction]`` to the edge."""
    df, dr = DIRECTIONS[direction]
    f, r = (sq & 7) + df, (sq >> 3) + dr
    out = []
    while 0 <= f < 8 and 0 <= r < 8:
        out.append(8 * r + f)
        f, r = f + df, r + dr
    return tuple(out)
