"""The eight symmetries of the 8x8 board, on bit sets (bit ``8 * rank + file``).

Both games' opening explorers store a position once for all its symmetric forms
(:mod:`flipside.tree_file`). The order is that of ``flipside.othello.ai.openings``:
identity, the reflections in the a1-h8 and h1-a8 diagonals, the half turn, the files
mirrored, the ranks mirrored, the two quarter turns. A rank of the board is a byte of the bit
set, so mirrors are byte operations and only the diagonal needs bit shuffling.
"""

from __future__ import annotations

_REVERSE_BITS = bytes(int(f"{i:08b}"[::-1], 2) for i in range(256))


def _transpose(x: int) -> int:
    """Reflection in the a1-h8 diagonal: square (file, rank) to (rank, file)."""
    t = 0x0F0F0F0F00000000 & (x ^ (x << 28))
    x ^= t ^ (t >> 28)
    t = 0x3333000033330000 & (x ^ (x << 14))
    x ^= t ^ (t >> 14)
    t = 0x5500550055005500 & (x ^ (x << 7))
    return x ^ t ^ (t >> 7)


def images(x: int) -> tuple[int, int, int, int, int, int, int, int]:
    """The bit set ``x`` under each of the eight symmetries."""
    t = _transpose(x)
    low, low_t = x.to_bytes(8, "little"), t.to_bytes(8, "little")
    rev, rev_t = low.translate(_REVERSE_BITS), low_t.translate(_REVERSE_BITS)
    return (
        x,
        t,
        int.from_bytes(rev_t, "big"),  # the other diagonal: the half turn of the transpose
        int.from_bytes(rev, "big"),  # the half turn: every bit reversed
        int.from_bytes(rev, "little"),  # files mirrored
        int.from_bytes(low, "big"),  # ranks mirrored
        int.from_bytes(rev_t, "little"),  # a quarter turn: the transpose, files mirrored
        int.from_bytes(low_t, "big"),  # the other: the transpose, ranks mirrored
    )


SQUARES = tuple(tuple(images(1 << sq)[s].bit_length() - 1 for sq in range(64)) for s in range(8))
"""``SQUARES[s][sq]``: the image of square ``sq`` under symmetry ``s``."""
INVERSE = (0, 1, 2, 3, 4, 5, 7, 6)
"""The symmetry that undoes each one (each is its own but the quarter turns)."""
