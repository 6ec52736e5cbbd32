"""Stable discs: discs that no later move can flip, which bound the final score.

A disc is stable when, on each of its four lines (rank, file, two diagonals), the line is
full or one of its two neighbours on that line is off the board or a stable disc of the same
colour. Starting from none, the rule is applied until nothing is added (corners first, then
what leans on them). This finds most, not all, stable discs (an edge's own stable runs
between opponent discs are not found); every disc it finds is stable, which is what a bound
needs. The endgame solver uses it for a cutoff: with ``s`` stable opponent discs, the side to
move ends with at most ``64 - 2 * s``.
"""

from __future__ import annotations


def _lines(df: int, dr: int) -> list[int]:
    """Every line of the board in the direction (df, dr), as bit sets."""
    lines = []
    for start in range(64):
        f, r = start % 8, start // 8
        if 0 <= f - df < 8 and 0 <= r - dr < 8:
            continue  # not the first square of its line
        mask = 0
        while 0 <= f < 8 and 0 <= r < 8:
            mask |= 1 << (8 * r + f)
            f, r = f + df, r + dr
        lines.append(mask)
    return lines


RANKS = _lines(1, 0)
DIAGONALS_9 = [m for m in _lines(1, 1) if m & (m - 1)]  # a1-h8 way, two squares or more
DIAGONALS_7 = [m for m in _lines(-1, 1) if m & (m - 1)]  # h1-a8 way

BORDER = 0xFF000000000000FF | 0x8181818181818181
"""The squares on the edge of the board: each has a diagonal neighbour off the board."""
RANK_EDGES = 0xFF000000000000FF  # ranks 1 and 8: a vertical neighbour off the board
FILE_EDGES = 0x8181818181818181  # files a and h: a horizontal neighbour off the board


def full_lines(filled: int) -> tuple[int, int, int, int]:
    """The squares whose rank, file, a1-h8 diagonal, h1-a8 diagonal is full."""
    rank = 0
    for line in RANKS:
        if filled & line == line:
            rank |= line
    column = filled & (filled >> 32)
    column &= column >> 16
    column &= column >> 8
    column = (column & 0xFF) * 0x0101010101010101
    d9 = 0
    for line in DIAGONALS_9:
        if filled & line == line:
            d9 |= line
    d7 = 0
    for line in DIAGONALS_7:
        if filled & line == line:
            d7 |= line
    return rank, column, d9, d7


def safe_lines(filled: int) -> tuple[int, int, int, int]:
    """Per line direction (rank, file, a1-h8, h1-a8), the squares whose line in that
    direction is full or that have a neighbour off the board in it."""
    rank, column, d9, d7 = full_lines(filled)
    return rank | FILE_EDGES, column | RANK_EDGES, d9 | BORDER, d7 | BORDER


def stable(own: int, filled: int, safe: tuple[int, int, int, int] | None = None) -> int:
    """The stable discs among ``own`` (a side's discs) with the squares ``filled``;
    ``safe`` is ``safe_lines(filled)`` when the caller has it already."""
    rank, column, d9, d7 = safe_lines(filled) if safe is None else safe
    found = 0
    while True:
        # A shift that wraps round the board lands on an edge square, safe on every line
        # already: no masks needed.
        more = (
            own
            & (rank | (found << 1) | (found >> 1))
            & (column | (found << 8) | (found >> 8))
            & (d9 | (found << 9) | (found >> 9))
            & (d7 | (found << 7) | (found >> 7))
        )
        if more == found:
            return found
        found = more
