"""Perft: count the leaves of the game tree to a fixed depth.

A pass counts as a ply, and a finished game counts as one leaf at every deeper depth (the
usual published table from the start: 4, 12, 56, 244, 1396, 8200, 55092, 390216, 3005288,
24571284 for depths 1..10).

Speed comes from three things: bulk counting (a node two plies above the leaves counts its
children's moves instead of visiting them), a transposition table keyed on the position and
the remaining depth, and the board's symmetries (the eight rotations and reflections give
the same count, so the table key is the smallest image of the position).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from flipside.othello.bitboard import FLIPS, legal_moves

if TYPE_CHECKING:
    from flipside.othello.board import Board

# Reverse the bits of every byte: mirrors each rank (a <-> h).
_REVERSE_BYTE = bytes(int(f"{b:08b}"[::-1], 2) for b in range(256))


def _transpose(x: int) -> int:
    """Reflect a bit set in the a1-h8 diagonal (square file,rank -> rank,file)."""
    t = 0x00AA00AA00AA00AA & (x ^ (x >> 7))
    x ^= t ^ (t << 7)
    t = 0x0000CCCC0000CCCC & (x ^ (x >> 14))
    x ^= t ^ (t << 14)
    t = 0x00000000F0F0F0F0 & (x ^ (x >> 28))
    return x ^ t ^ (t << 28)


def symmetries(x: int) -> list[int]:
    """The eight images of a bit set under the board's rotations and reflections.

    Index 0 is ``x`` itself. The order is the same for every input, so images of two bit
    sets at the same index come from the same transformation.
    """
    out = []
    for y in (x, _transpose(x)):
        raw = y.to_bytes(8, "little")
        mirrored = raw.translate(_REVERSE_BYTE)
        out.append(y)
        out.append(int.from_bytes(mirrored, "little"))  # mirror files
        out.append(int.from_bytes(raw, "big"))  # flip ranks
        out.append(int.from_bytes(mirrored, "big"))  # rotate 180 degrees
    return out


def canonical(P: int, O: int) -> tuple[int, int]:
    """The smallest ``(P, O)`` image of a position under the eight symmetries."""
    return min(zip(symmetries(P), symmetries(O), strict=True))


def _perft(P: int, O: int, depth: int, table: dict[tuple[int, int, int], int]) -> int:
    """Leaf count for ``depth >= 2`` (bulk counting at depth 2, table lookups above)."""
    p, o = canonical(P, O)
    key = (p, o, depth)
    found = table.get(key)
    if found is not None:
        return found
    moves = legal_moves(P, O)
    total = 0
    if not moves:
        reply = legal_moves(O, P)
        if not reply:
            total = 1  # game over: one leaf at every depth
        elif depth == 2:
            total = reply.bit_count()
        else:
            total = _perft(O, P, depth - 1, table)
    elif depth == 2:
        while moves:
            low = moves & -moves
            moves ^= low
            f = FLIPS[low.bit_length() - 1](P, O)
            after = O ^ f
            count = legal_moves(after, P | f | low).bit_count()
            # No reply: White passes (1 leaf) or the game is over (1 leaf); either way 1.
            total += count or 1
    else:
        while moves:
            low = moves & -moves
            moves ^= low
            f = FLIPS[low.bit_length() - 1](P, O)
            total += _perft(O ^ f, P | f | low, depth - 1, table)
    table[key] = total
    return total


def perft_bits(P: int, O: int, depth: int) -> int:
    """Leaf count from bit sets (``P`` = side to move's discs, ``O`` = the opponent's)."""
    if depth < 0:
        raise ValueError(f"perft depth must be >= 0, got {depth}")
    if depth == 0:
        return 1
    if depth == 1:
        return legal_moves(P, O).bit_count() or 1
    return _perft(P, O, depth, {})


def perft(board: Board, depth: int) -> int:
    """Leaf count of the game tree of ``board`` to ``depth`` plies (see module docstring)."""
    P, O = board.bits()
    return perft_bits(P, O, depth)


def perft_divide(board: Board, depth: int) -> list[tuple[str, int]]:
    """Leaf count below each legal move (``depth >= 1``), as ``[(move name, count), ...]``."""
    if depth < 1:
        raise ValueError(f"perft divide depth must be >= 1, got {depth}")
    out = []
    for move in board.legal_moves():
        board.push(move)
        try:
            P, O = board.bits()
            out.append((str(move), perft_bits(P, O, depth - 1)))
        finally:
            board.pop()
    return out
