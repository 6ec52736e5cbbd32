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

from flipside.i18n import tr
from flipside.othello.bitboard import FLIPS, legal_moves

if TYPE_CHECKING:
    from flipside.othello.board import Board

# Reverse the bits of every byte: mirrors each rank (a <-> h).
_REVERSE_BYTE = bytes(int(f"{b:08b}"[::-1], 2) for b in range(256))
_from_bytes = int.from_bytes


def _transpose(x: int) -> int:
    """Reflect a bit set in the a1-h8 diagonal (square file,rank -> rank,file)."""
    t = 0x00AA00AA00AA00AA & (x ^ (x >> 7))
    x ^= t ^ (t << 7)
    t = 0x0000CCCC0000CCCC & (x ^ (x >> 14))
    x ^= t ^ (t << 14)
    t = 0x00000000F0F0F0F0 & (x ^ (x >> 28))
    return x ^ t ^ (t << 28)


def symmetries(x: int) -> tuple[int, int, int, int, int, int, int, int]:
    """The eight images of a bit set under the board's rotations and reflections.

    In order: itself, files mirrored, ranks flipped, rotated 180 degrees, then the same four
    applied after a reflection in the a1-h8 diagonal. The order is the same for every input,
    so images of two bit sets at the same index come from the same transformation.
    """
    t = _transpose(x)
    a = x.to_bytes(8, "little")
    b = a.translate(_REVERSE_BYTE)
    c = t.to_bytes(8, "little")
    d = c.translate(_REVERSE_BYTE)
    fb = _from_bytes
    return (
        x,
        fb(b, "little"),
        fb(a, "big"),
        fb(b, "big"),
        t,
        fb(d, "little"),
        fb(c, "big"),
        fb(d, "big"),
    )


def _image(x: int, index: int) -> int:
    """``symmetries(x)[index]`` computing only that image."""
    if index >= 4:
        x = _transpose(x)
        index -= 4
    if index == 0:
        return x
    raw = x.to_bytes(8, "little")
    if index == 2:
        return _from_bytes(raw, "big")
    return _from_bytes(raw.translate(_REVERSE_BYTE), "little" if index == 1 else "big")


def canonical(P: int, O: int) -> tuple[int, int]:
    """The smallest ``(P, O)`` image of a position under the eight symmetries."""
    images = symmetries(P)
    best = min(images)
    if images.count(best) == 1:  # the usual case: P alone decides the transformation
        return best, _image(O, images.index(best))
    return min(zip(images, symmetries(O), strict=True))


# Lanes: several boards side by side in one int, board i in bits 80*i .. 80*i+63. The 16 spare
# bits between boards absorb the shifts (at most 9) of one fill step, and masks clear them.
_LANE = 80
_FULL64 = (1 << 64) - 1
_LANES_FULL = [0]  # [n]: the 64 board bits of lanes 0..n-1
_LANES_INNER = [0]  # [n]: files b..g of lanes 0..n-1
_LANES_BIT64 = [0]  # [n]: bit 64 (the first spare bit) of lanes 0..n-1
for _i in range(34):  # no position has more than 33 legal moves
    _LANES_FULL.append(_LANES_FULL[-1] | _FULL64 << (_LANE * _i))
    _LANES_INNER.append(_LANES_INNER[-1] | 0x7E7E7E7E7E7E7E7E << (_LANE * _i))
    _LANES_BIT64.append(_LANES_BIT64[-1] | 1 << (_LANE * _i + 64))


def _perft(P: int, O: int, moves: int, depth: int, table: dict[tuple[int, int, int], int]) -> int:
    """Leaf count for ``depth >= 2``; ``moves`` is ``legal_moves(P, O)``.

    The children are generated side by side in lanes, so one ``legal_moves`` call gives the
    move sets of all of them: their counts at depth 2 (bulk counting), their ``moves``
    argument above.
    """
    p, o = canonical(P, O)
    key = (p, o, depth)
    found = table.get(key)
    if found is not None:
        return found
    if not moves:
        reply = legal_moves(O, P)
        if not reply:
            total = 1  # game over: one leaf at every depth
        elif depth == 2:
            total = reply.bit_count()
        else:
            total = _perft(O, P, reply, depth - 1, table)
        table[key] = total
        return total
    children = []
    packed_p = packed_o = 0
    shift = 0
    while moves:
        low = moves & -moves
        moves ^= low
        f = FLIPS[low.bit_length() - 1](P, O)
        cp, co = O ^ f, P | f | low
        children.append((cp, co))
        packed_p |= cp << shift
        packed_o |= co << shift
        shift += _LANE
    n = len(children)
    replies = legal_moves(packed_p, packed_o, _LANES_FULL[n], _LANES_INNER[n])
    if depth == 2:
        # Each child counts its moves, or 1 (a pass or the end of the game) if it has none;
        # lane i has a move when bit 64 of (lane + 2**64 - 1) is set.
        with_moves = ((replies + _LANES_FULL[n]) & _LANES_BIT64[n]).bit_count()
        total = replies.bit_count() + n - with_moves
    else:
        total = 0
        for cp, co in children:
            total += _perft(cp, co, replies & _FULL64, depth - 1, table)
            replies >>= _LANE
    table[key] = total
    return total


def perft_bits(P: int, O: int, depth: int) -> int:
    """Leaf count from bit sets (``P`` = side to move's discs, ``O`` = the opponent's)."""
    if depth < 0:
        raise ValueError(tr("perft depth must be >= 0, got {depth}", depth=depth))
    if depth == 0:
        return 1
    if depth == 1:
        return legal_moves(P, O).bit_count() or 1
    return _perft(P, O, legal_moves(P, O), depth, {})


def perft(board: Board, depth: int) -> int:
    """Leaf count of the game tree of ``board`` to ``depth`` plies (see module docstring)."""
    P, O = board.bits()
    return perft_bits(P, O, depth)


def perft_divide(board: Board, depth: int) -> list[tuple[str, int]]:
    """Leaf count below each legal move (``depth >= 1``), as ``[(move name, count), ...]``."""
    if depth < 1:
        raise ValueError(tr("perft divide depth must be >= 1, got {depth}", depth=depth))
    out = []
    for move in board.legal_moves():
        board.push(move)
        try:
            P, O = board.bits()
            out.append((str(move), perft_bits(P, O, depth - 1)))
        finally:
            board.pop()
    return out
