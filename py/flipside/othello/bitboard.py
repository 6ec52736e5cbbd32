"""Othello bitboard primitives on Python ints.

A board side is a 64-bit int; bit ``8 * rank + file`` is the square with file a..h = 0..7 and
rank 1..8 = 0..7, so bit 0 is a1 (top-left), bit 7 is h1 and bit 63 is h8: the same order as
the 64-character position string. ``P`` is the side to move, ``O`` its opponent.

The hot functions use the shift-and-mask ("Kogge-Stone style") fill over all squares at once:
no per-square loops.
"""

from __future__ import annotations

FULL = 0xFFFFFFFFFFFFFFFF
NOT_A = 0xFEFEFEFEFEFEFEFE  # every square except the a-file
NOT_H = 0x7F7F7F7F7F7F7F7F  # every square except the h-file
INNER = NOT_A & NOT_H  # files b..g: a horizontal or diagonal run cannot wrap through them
CORNERS = (1 << 0) | (1 << 7) | (1 << 56) | (1 << 63)


def legal_moves(P: int, O: int) -> int:
    """Bit set of the empty squares where the side owning ``P`` may place a disc."""
    empty = ~(P | O) & FULL
    inner = O & INNER
    moves = 0
    # +1/-1: along a rank; +8/-8: along a file; +7/-7 and +9/-9: the diagonals.
    t = inner & (P << 1)
    t |= inner & (t << 1)
    t |= inner & (t << 1)
    t |= inner & (t << 1)
    t |= inner & (t << 1)
    t |= inner & (t << 1)
    moves |= t << 1
    t = inner & (P >> 1)
    t |= inner & (t >> 1)
    t |= inner & (t >> 1)
    t |= inner & (t >> 1)
    t |= inner & (t >> 1)
    t |= inner & (t >> 1)
    moves |= t >> 1
    t = O & (P << 8)
    t |= O & (t << 8)
    t |= O & (t << 8)
    t |= O & (t << 8)
    t |= O & (t << 8)
    t |= O & (t << 8)
    moves |= t << 8
    t = O & (P >> 8)
    t |= O & (t >> 8)
    t |= O & (t >> 8)
    t |= O & (t >> 8)
    t |= O & (t >> 8)
    t |= O & (t >> 8)
    moves |= t >> 8
    t = inner & (P << 7)
    t |= inner & (t << 7)
    t |= inner & (t << 7)
    t |= inner & (t << 7)
    t |= inner & (t << 7)
    t |= inner & (t << 7)
    moves |= t << 7
    t = inner & (P >> 7)
    t |= inner & (t >> 7)
    t |= inner & (t >> 7)
    t |= inner & (t >> 7)
    t |= inner & (t >> 7)
    t |= inner & (t >> 7)
    moves |= t >> 7
    t = inner & (P << 9)
    t |= inner & (t << 9)
    t |= inner & (t << 9)
    t |= inner & (t << 9)
    t |= inner & (t << 9)
    t |= inner & (t << 9)
    moves |= t << 9
    t = inner & (P >> 9)
    t |= inner & (t >> 9)
    t |= inner & (t >> 9)
    t |= inner & (t >> 9)
    t |= inner & (t >> 9)
    t |= inner & (t >> 9)
    moves |= t >> 9
    return moves & empty


# Per square, the rays leaving it (at least two squares long), each as its bits in order.
_RAY_BITS: list[list[list[int]]] = []
for _sq in range(64):
    _lists = []
    f0, r0 = _sq % 8, _sq // 8
    for df, dr in ((1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (-1, -1), (1, -1), (-1, 1)):
        f, r = f0 + df, r0 + dr
        bits = []
        while 0 <= f < 8 and 0 <= r < 8:
            bits.append(1 << (8 * r + f))
            f, r = f + df, r + dr
        if len(bits) >= 2:
            _lists.append(bits)
    _RAY_BITS.append(_lists)
del _sq, _lists, f0, r0, df, dr, f, r, bits


def flips(P: int, O: int, sq: int) -> int:
    """Bit set of the opponent discs flipped by the side owning ``P`` placing on ``sq``.

    Zero when the move is not legal (the square is taken or flips nothing).
    """
    if (P | O) >> sq & 1:
        return 0
    result = 0
    for ray in _RAY_BITS[sq]:
        run = 0
        for bit in ray:
            if O & bit:
                run |= bit
            else:
                if P & bit:
                    result |= run
                break
    return result


def popcount(x: int) -> int:
    """Number of set bits."""
    return x.bit_count()
