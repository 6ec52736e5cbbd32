"""Othello bitboard primitives on Python ints.

A board side is a 64-bit int; bit ``8 * rank + file`` is the square with file a..h = 0..7 and
rank 1..8 = 0..7, so bit 0 is a1 (top-left), bit 7 is h1 and bit 63 is h8: the same order as
the 64-character position string. ``P`` is the side to move, ``O`` its opponent.

The hot functions use the shift-and-mask ("Kogge-Stone style") fill over all squares at once:
no per-square loops.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

FULL = 0xFFFFFFFFFFFFFFFF
NOT_A = 0xFEFEFEFEFEFEFEFE  # every square except the a-file
NOT_H = 0x7F7F7F7F7F7F7F7F  # every square except the h-file
INNER = NOT_A & NOT_H  # files b..g: a horizontal or diagonal run cannot wrap through them
CORNERS = (1 << 0) | (1 << 7) | (1 << 56) | (1 << 63)


def legal_moves(P: int, O: int, full: int = FULL, inner: int = INNER) -> int:
    """Bit set of the empty squares where the side owning ``P`` may place a disc.

    ``full`` and ``inner`` are the board's masks; perft passes the masks of several boards
    laid side by side in one int ("lanes") to get all their move sets in one call.

    Per direction, the runs of opponent discs next to ``P`` are grown by doubling (as in
    Edax): one step, one more, then two steps twice using ``pre`` (opponent squares whose
    neighbour in that direction is an opponent square too), so runs of up to 6 discs in
    four steps; the opposite direction reuses ``pre`` shifted.
    """
    empty = ~(P | O) & full
    m = inner & O
    # +1/-1: along a rank; +8/-8: along a file; +7/-7 and +9/-9: the diagonals.
    pre = m & (m << 1)
    t = m & (P << 1)
    t |= m & (t << 1)
    t |= pre & (t << 2)
    t |= pre & (t << 2)
    moves = t << 1
    pre >>= 1
    t = m & (P >> 1)
    t |= m & (t >> 1)
    t |= pre & (t >> 2)
    t |= pre & (t >> 2)
    moves |= t >> 1
    pre = O & (O << 8)
    t = O & (P << 8)
    t |= O & (t << 8)
    t |= pre & (t << 16)
    t |= pre & (t << 16)
    moves |= t << 8
    pre >>= 8
    t = O & (P >> 8)
    t |= O & (t >> 8)
    t |= pre & (t >> 16)
    t |= pre & (t >> 16)
    moves |= t >> 8
    pre = m & (m << 7)
    t = m & (P << 7)
    t |= m & (t << 7)
    t |= pre & (t << 14)
    t |= pre & (t << 14)
    moves |= t << 7
    pre >>= 7
    t = m & (P >> 7)
    t |= m & (t >> 7)
    t |= pre & (t >> 14)
    t |= pre & (t >> 14)
    moves |= t >> 7
    pre = m & (m << 9)
    t = m & (P << 9)
    t |= m & (t << 9)
    t |= pre & (t << 18)
    t |= pre & (t << 18)
    moves |= t << 9
    pre >>= 9
    t = m & (P >> 9)
    t |= m & (t >> 9)
    t |= pre & (t >> 18)
    t |= pre & (t >> 18)
    moves |= t >> 9
    return moves & empty


def _flip_function_source(sq: int) -> str:
    """Source of a function ``(P, O) -> flipped discs`` for a move on ``sq``, rays unrolled.

    For each ray leaving ``sq`` (two squares or more) whose first square holds an opponent
    disc, find the ray's first square that is not an opponent disc: the lowest such bit when
    the ray runs towards higher bits, else the highest. If that square is ours, the ray's
    squares before it are all opponent discs and flip. Unrolling with constant masks avoids
    a Python loop and tuple unpacking per ray (about twice as fast as a loop over the rays).
    """
    lines = [f"def _flips_{sq}(P: int, O: int) -> int:", "    r = 0"]
    f0, r0 = sq % 8, sq // 8
    for df, dr in ((1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (-1, -1), (1, -1), (-1, 1)):
        f, r = f0 + df, r0 + dr
        bits = []
        while 0 <= f < 8 and 0 <= r < 8:
            bits.append(8 * r + f)
            f, r = f + df, r + dr
        if len(bits) < 2:
            continue
        ray = sum(1 << b for b in bits)
        lines.append(f"    if O & {1 << bits[0]:#x}:")
        lines.append(f"        s = {ray:#x} & ~O")
        if bits[0] > sq:
            lines.append("        s &= -s")
            lines.append(f"        if s & P: r |= {ray:#x} & (s - 1)")
        else:
            lines.append("        if s:")
            lines.append("            s = 1 << (s.bit_length() - 1)")
            lines.append(f"            if s & P: r |= {ray:#x} & -(s << 1)")
    lines.append("    return r")
    return "\n".join(lines) + "\n"


def _compile_flips(sq: int) -> Callable[[int, int], int]:
    """Compile ``sq``'s function and put it in ``FLIPS`` in place of its stand-in."""
    namespace: dict[str, Any] = {}
    exec(_flip_function_source(sq), namespace)  # noqa: S102 - our own generated code
    function: Callable[[int, int], int] = namespace[f"_flips_{sq}"]
    FLIPS[sq] = function
    return function


def _compiled_on_first_call(sq: int) -> Callable[[int, int], int]:
    def first_call(P: int, O: int) -> int:
        return _compile_flips(sq)(P, O)

    return first_call


#: ``FLIPS[sq](P, O)``: discs flipped by a move on the empty square ``sq`` (0 if none).
#: The caller must know that ``sq`` is empty; ``flips`` checks it. Each square's function
#: is compiled on its first call (compiling all 64 at import took 0.2 s of the web page's
#: start in Pyodide); callers index ``FLIPS`` at each call, so they get the compiled one.
FLIPS: list[Callable[[int, int], int]] = [_compiled_on_first_call(sq) for sq in range(64)]


def flips(P: int, O: int, sq: int) -> int:
    """Bit set of the opponent discs flipped by the side owning ``P`` placing on ``sq``.

    Zero when the move is not legal (the square is taken or flips nothing).
    """
    if (P | O) >> sq & 1:
        return 0
    return FLIPS[sq](P, O)


def popcount(x: int) -> int:
    """Number of set bits."""
    return x.bit_count()
