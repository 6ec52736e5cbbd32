"""Themisto threats: the squares where a player could make five, and the moves that win now.

Bit-parallel over the board's bitboards; the search asks :func:`winning_moves` at every node.
"""

from __future__ import annotations

from flipside.themisto.bitboard import (
    FULL,
    RAY_SQUARES,
    RAYS,
    SHIFTS,
    captured,
    origin,
    run_length,
    slides,
)
from flipside.themisto.board import CAPTURE_LIMIT, Board
from flipside.themisto.notation import Move

_LINES = (0, 2, 4, 6)


def _line_shifts() -> tuple[tuple[int, int, int], ...]:
    """Per line: (k, mask after ``<< k``, mask after ``>> k``), one step either way."""
    out = []
    for d in _LINES:
        amount, mask = SHIFTS[d]
        back_amount, back_mask = SHIFTS[d ^ 1]
        if amount > 0:
            out.append((amount, mask, back_mask))
        else:
            out.append((back_amount, back_mask, mask))
    return tuple(out)


_LINE_SHIFTS = _line_shifts()
_CACHE: dict[tuple[int, int, int], int] = {}
#: ``_QUEEN[sq]``: every square on a line through ``sq`` (``sq`` excluded).
_QUEEN = tuple(sum(RAYS[d][sq] for d in range(8)) for sq in range(64))


def five_squares(colour: int, empty: int, player: int) -> int:
    """The empty squares where a disk of ``colour`` would make a winning row for ``player``:
    a maximal run of exactly five (player one) or five or more (player two) on some line."""
    key = (colour, empty, player)
    hit = _CACHE.get(key)
    if hit is not None:
        return hit
    out = 0
    for k, up_mask, down_mask in _LINE_SHIFTS:
        # up[i]: squares with i or more disks of ``colour`` in a row beyond them (<< side)
        a1 = (colour << k) & up_mask
        a2 = ((colour & a1) << k) & up_mask
        if not a2:
            continue  # no two in a row on this line: no five can be made
        b1 = (colour >> k) & down_mask
        b2 = ((colour & b1) >> k) & down_mask
        a3 = ((colour & a2) << k) & up_mask
        b3 = ((colour & b2) >> k) & down_mask
        a4 = ((colour & a3) << k) & up_mask
        b4 = ((colour & b3) >> k) & down_mask
        if player == 1:
            a5 = ((colour & a4) << k) & up_mask
            b5 = ((colour & b4) >> k) & down_mask
            out |= (
                (~a1 & b4 & ~b5)
                | (a1 & ~a2 & b3 & ~b4)
                | (a2 & ~a3 & b2 & ~b3)
                | (a3 & ~a4 & b1 & ~b2)
                | (a4 & ~a5 & ~b1)
            )
        else:
            out |= b4 | (a1 & b3) | (a2 & b2) | (a3 & b1) | a4
    out &= empty
    if len(_CACHE) > 50000:
        _CACHE.clear()
    _CACHE[key] = out
    return out


def reach(colour: int, empty: int) -> int:
    """Every empty square a disk of ``colour`` can slide to (adjacency not checked)."""
    out = 0
    for d in range(8):
        near, far = slides(colour, empty, d)
        out |= near | far
    return out


def _five_cover(bits: int) -> int:
    """Every square of ``bits`` that is part of five in a row on some line."""
    cover = 0
    for k, up_mask, down_mask in _LINE_SHIFTS:
        x = bits & ((bits << k) & up_mask)  # two in a row ending here
        x &= (x << k) & up_mask  # three
        x &= (x << k) & up_mask  # four
        x &= (x << k) & up_mask  # x: the last square of each five in a row
        if x:
            for _ in range(4):
                cover |= x
                x = (x >> k) & down_mask
            cover |= x
    return cover


def threat_squares(board: Board, player: int) -> tuple[int, int]:
    """(squares where ``player`` could win by sliding a white disk there (it turns black),
    the same for a black disk turning white), without captures. Both sides use both colours."""
    black, white = board.bits()
    empty = ~(black | white) & FULL
    to_black = five_squares(black, empty, player)
    to_white = five_squares(white, empty, player)
    if to_black:
        to_black &= reach(white, empty)
    if to_white:
        to_white &= reach(black, empty)
    return to_black, to_white


def _wins(colour: int, squares: int, player: int) -> bool:
    while squares:
        low = squares & -squares
        squares ^= low
        sq = low.bit_length() - 1
        for d in _LINES:
            n = run_length(colour, sq, d)
            if n == 5 or (n > 5 and player == 2):
                return True
    return False


def _capture_reach(own: int, other: int, empty: int, limit: int) -> tuple[int, int]:
    """(empty squares where a capture of ``own`` runs ending on ``other`` is possible, the
    ``own`` disks of those runs), over all eight directions."""
    dests = runs = 0
    for d in range(8):
        amount, mask = SHIFTS[d ^ 1]
        if amount > 0:
            t = frontier = own & (other << amount) & mask
            for _ in range(limit - 1):
                frontier = own & (frontier << amount) & mask
                if not frontier:
                    break
                t |= frontier
            dests |= empty & (t << amount) & mask
        else:
            back = -amount
            t = frontier = own & (other >> back) & mask
            for _ in range(limit - 1):
                frontier = own & (frontier >> back) & mask
                if not frontier:
                    break
                t |= frontier
            dests |= empty & (t >> back) & mask
        runs |= t
    return dests, runs


#: ``_ZONES[n][sq]``: the squares up to ``n`` steps from ``sq`` along the eight directions
_ZONES = {
    n: tuple(sum(1 << s for d in range(8) for s in RAY_SQUARES[d][sq][:n]) for sq in range(64))
    for n in set(CAPTURE_LIMIT[1:])
}


def _may_capture_five(capturing: int, runs: int, other: int, limit: int) -> int:
    """The squares of ``capturing`` where a capture might complete five in a row: the
    arriving disk and every capturable disk within reach of it, all turned ``other``, would
    put one of them in five in a row (a cheap bound, checked exactly afterwards)."""
    zone = _ZONES[limit]
    kept = 0
    while capturing:
        low = capturing & -capturing
        capturing ^= low
        changed = low | runs & zone[low.bit_length() - 1]
        if _five_cover(other | changed) & changed:
            kept |= low
    return kept


def history_key(move: Move) -> int:
    """A move as a small int (the search's history table is keyed by it)."""
    return move.from_sq << 7 | move.to_sq << 1 | move.capture


def winning_moves(
    board: Board, first_only: bool = False, captures: bool = True, plain: bool = True
) -> list[Move]:
    """The legal moves that win at once for the player to move (with or without a capture).

    The plain slides are found for all squares at once (:func:`five_squares`); only the
    destinations where a capture is possible are played out one by one (the costly part:
    ``captures=False`` skips them, ``plain=False`` looks at captures only; the search's
    leaves check the slides first and play out the captures only when it matters).
    """
    if board.is_game_over():
        return []
    player = board.turn
    black, white = board.bits()
    occupied = black | white
    empty = ~occupied & FULL
    limit = CAPTURE_LIMIT[player]
    out: list[Move] = []
    for own, other in ((black, white), (white, black)):
        # a disk of ``own`` arrives flipped: it joins ``other``
        target = five_squares(other, empty, player) if plain else 0
        capturing, runs = _capture_reach(own, other, empty, limit) if captures else (0, 0)
        if capturing and not _five_cover(other | capturing | runs) & (capturing | runs):
            capturing = 0  # no capture could complete five in a row
        if capturing:
            capturing = _may_capture_five(capturing, runs, other, limit)
        if not target and not capturing:
            continue
        for d in range(8):
            near, far = slides(own, empty, d)
            dests = (near | far) & (target | capturing)
            while dests:
                low = dests & -dests
                dests ^= low
                to = low.bit_length() - 1
                if low & target:
                    move = Move(origin(to, d, occupied), to, False)
                    if board.is_legal(move):
                        out.append(move)
                        if first_only:
                            return out
                if low & capturing:
                    frm = origin(to, d, occupied)
                    taken = captured(own ^ (1 << frm), other | low, to, limit)
                    changed = low | taken
                    if (
                        taken
                        and _five_cover(other | changed) & changed
                        and (player == 2 or _wins(other | changed, changed, player))
                    ):
                        move = Move(frm, to, True)
                        if board.is_legal(move):
                            out.append(move)
                            if first_only:
                                return out
    return out
