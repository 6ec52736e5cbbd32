"""Themisto threats: the squares where a player could make five, and the moves that win now.

Bit-parallel over the bitboards; the search asks :func:`win_codes` at every node (on its own
board), the tools and tests :func:`winning_moves` (on a rules-core board).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

from flipside.themisto.ai.movegen import captured_by, decode
from flipside.themisto.bitboard import (
    FULL,
    NEIGHBOURS,
    RAY_SQUARES,
    RAYS,
    SHIFTS,
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
#: per line: (k, 2k, 3k, 4k, mask after ``<< k``, mask after ``<< 2 * k``)
_COVER_SHIFTS = tuple(
    (k, 2 * k, 3 * k, 4 * k, up, up & (up << k) & FULL) for k, up, _ in _LINE_SHIFTS
)
#: ``fives_of``'s cache, by colour
FIVES: dict[int, tuple[int, int]] = {}


def fives(colour: int, empty: int) -> tuple[int, int]:
    """(the empty squares where a disk of ``colour`` would make a maximal run of exactly five
    on some line: player one's winning squares, those where it would make five or more:
    player two's). The second set holds the first."""
    one, two = fives_of(colour)
    return one & empty, two & empty


def fives_of(colour: int) -> tuple[int, int]:
    """:func:`fives` before ``& empty``: it depends on ``colour`` alone, which is what is
    cached (sibling moves of one disk leave the other colour's set unchanged)."""
    hit = FIVES.get(colour)
    if hit is not None:
        return hit
    one = two = 0
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
        a5 = ((colour & a4) << k) & up_mask
        b5 = ((colour & b4) >> k) & down_mask
        # five or more: four or more beside the square, counting both sides
        line = b4 | (a1 & b3) | (a2 & b2) | (a3 & b1) | a4
        two |= line
        one |= line & ~(b5 | (a1 & b4) | (a2 & b3) | (a3 & b2) | (a4 & b1) | a5)  # not six
    if len(FIVES) > 50000:
        FIVES.clear()
    hit = FIVES[colour] = (one, two)
    return hit


def five_squares(colour: int, empty: int, player: int) -> int:
    """The empty squares where a disk of ``colour`` would make a winning row for ``player``:
    a maximal run of exactly five (player one) or five or more (player two) on some line."""
    return fives(colour, empty)[player - 1]


def reach(colour: int, empty: int) -> int:
    """Every empty square a disk of ``colour`` can slide to (adjacency not checked)."""
    out = 0
    for d in range(8):
        near, far = slides(colour, empty, d)
        out |= near | far
    return out


#: per square, the rays going up in square number, then those going down (the first disk met
#: on an up ray is its lowest bit, on a down ray its highest)
_UP = tuple(tuple(RAYS[d][sq] for d in range(8) if SHIFTS[d][0] > 0) for sq in range(64))
_DOWN = tuple(tuple(RAYS[d][sq] for d in range(8) if SHIFTS[d][0] < 0) for sq in range(64))
#: ``_DIRECTION[frm << 6 | to]``: the direction of a slide from ``frm`` to ``to``
_DIRECTION = {frm << 6 | to: d for d in range(8) for frm in range(64) for to in RAY_SQUARES[d][frm]}


def sliders(sq: int, occupied: int) -> int:
    """The disks that could slide onto the empty square ``sq``: the first one on each ray."""
    out = 0
    for ray in _UP[sq]:
        hits = ray & occupied
        out |= hits & -hits
    for ray in _DOWN[sq]:
        hits = ray & occupied
        if hits:
            out |= 1 << (hits.bit_length() - 1)
    return out


def reach_of(squares: int, colour: int, occupied: int) -> int:
    """The squares of ``squares`` (empty) a disk of ``colour`` can slide to: ``reach`` square
    by square, cheaper when there are few."""
    out = 0
    while squares:
        low = squares & -squares
        squares ^= low
        if sliders(low.bit_length() - 1, occupied) & colour:
            out |= low
    return out


def _five_cover(bits: int) -> int:
    """Every square of ``bits`` that is part of five in a row on some line."""
    cover = 0
    for k, k2, k3, k4, one, two in _COVER_SHIFTS:
        x = bits & (bits << k) & one  # two in a row ending here
        x &= (x << k2) & two  # four
        if x:
            x &= (x << k) & one  # the last square of each five in a row
            # the squares of a run stay on the board: no masks going back
            cover |= x | x >> k | x >> k2 | x >> k3 | x >> k4
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


def hot_squares(black: int, white: int) -> int:
    """The squares where either player could complete a row now (plain slides)."""
    occupied = black | white
    empty = ~occupied & FULL
    to_black = fives(black, empty)[1]  # player two's squares hold player one's
    to_white = fives(white, empty)[1]
    return reach_of(to_black, white, occupied) | reach_of(to_white, black, occupied)


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


#: one step back against each direction, split by the sign of the shift: (k, mask) pairs
_BACK_UP = tuple(SHIFTS[d ^ 1] for d in range(8) if SHIFTS[d ^ 1][0] > 0)
_BACK_DOWN = tuple((-SHIFTS[d ^ 1][0], SHIFTS[d ^ 1][1]) for d in range(8) if SHIFTS[d ^ 1][0] < 0)


def _capture_reach(own: int, other: int, empty: int, limit: int) -> tuple[int, int]:
    """(empty squares where a capture of ``own`` runs ending on ``other`` is possible, the
    ``own`` disks such captures would take), over all eight directions."""
    dests = runs = 0
    for k, mask in _BACK_UP:
        # t: the own disks that start a run of at most ``limit`` ending on an other disk
        t = frontier = own & (other << k) & mask
        for _ in range(limit - 1):
            frontier = own & (frontier << k) & mask
            if not frontier:
                break
            t |= frontier
        found = (t << k) & mask & empty
        dests |= found
        # the runs that start next to an empty square, walked from it to their end
        frontier = (found >> k) & t
        while frontier:
            runs |= frontier
            frontier = (frontier >> k) & t
    for k, mask in _BACK_DOWN:
        t = frontier = own & (other >> k) & mask
        for _ in range(limit - 1):
            frontier = own & (frontier >> k) & mask
            if not frontier:
                break
            t |= frontier
        found = (t >> k) & mask & empty
        dests |= found
        frontier = (found << k) & t
        while frontier:
            runs |= frontier
            frontier = (frontier << k) & t
    return dests, runs


#: ``_ZONES[n][sq]``: the squares up to ``n`` steps from ``sq`` along the eight directions
_ZONES = {
    n: tuple(sum(1 << s for d in range(8) for s in RAY_SQUARES[d][sq][:n]) for sq in range(64))
    for n in set(CAPTURE_LIMIT[1:])
}


def winning_moves(
    board: Board, first_only: bool = False, captures: bool = True, plain: bool = True
) -> list[Move]:
    """The legal moves that win at once for the player to move (with or without a capture):
    :func:`win_codes` on a rules-core board."""
    if board.is_game_over():
        return []
    black, white = board.bits()

    def legal(code: int) -> bool:
        return board.is_legal(decode(code))

    found = win_codes(black, white, board.turn, legal, first_only, captures, plain)
    return [decode(code) for code in in_board_order(found, black)]


def in_board_order(codes: list[int], black: int) -> list[int]:
    """Moves in the order the slides are looked at: black disks first, then by direction,
    destination, the plain form first."""

    def key(code: int) -> tuple[int, int, int]:
        frm, to = code >> 7, code >> 1 & 63
        return (not black >> frm & 1, _DIRECTION[frm << 6 | to], code & 127)

    return sorted(codes, key=key)


def win_codes(
    black: int,
    white: int,
    player: int,
    legal: Callable[[int], bool],
    first_only: bool = False,
    captures: bool = True,
    plain: bool = True,
) -> list[int]:
    """The moves (as ints, see ``movegen``; in no particular order) that win at once for
    ``player`` to move, each confirmed by ``legal`` (the no-repetition rule).

    The plain slides are found for all squares at once (:func:`five_squares`); only the
    destinations where a capture is possible are played out one by one (the costly part:
    ``captures=False`` skips them, ``plain=False`` looks at captures only; the search's
    leaves check the slides first and play out the captures only when it matters).
    """
    occupied = black | white
    empty = ~occupied & FULL
    out: list[int] = []
    for own, other in ((black, white), (white, black)) if plain else ():
        target = fives(other, empty)[player - 1]
        while target:
            low = target & -target
            target ^= low
            to = low.bit_length() - 1
            froms = sliders(to, occupied) & own
            while froms:
                bit = froms & -froms
                froms ^= bit
                move = (bit.bit_length() - 1) << 7 | to << 1
                if legal(move):
                    out.append(move)
                    if first_only:
                        return out
    if not captures:
        return out
    key = (black, white, player)
    known = _CAPTURES.get(key)
    if known is None and first_only:
        # the search asks whether any win exists: stop at the first legal one, and keep it
        # (the whole list is kept only when it was made to the end)
        first = _FIRST.get(key)
        if first is not None and legal(first):
            out.append(first)
            return out
        found = []
        for move in _capture_win_codes(black, white, player):
            found.append(move)
            if legal(move):
                if len(_FIRST) > 50000:
                    _FIRST.clear()
                _FIRST[key] = move
                out.append(move)
                return out
        _keep(black, white, player, found)
        return out
    if known is None:
        known = list(_capture_win_codes(black, white, player))
        _keep(black, white, player, known)
    for move in known:
        if legal(move):
            out.append(move)
            if first_only:
                return out
    return out


_CAPTURES: dict[tuple[int, int, int], list[int]] = {}
#: a capture that wins, by (black, white, player), where the search stopped at the first one
_FIRST: dict[tuple[int, int, int], int] = {}


def _keep(black: int, white: int, player: int, wins: list[int]) -> None:
    """Remember the whole list of capture wins of a position, before the no-repetition rule
    (a bounded cache: the search meets many positions more than once)."""
    if len(_CAPTURES) > 50000:
        _CAPTURES.clear()
    _CAPTURES[black, white, player] = wins


def _capture_win_codes(black: int, white: int, player: int) -> Iterator[int]:
    """The captures that would win for ``player`` to move, one by one."""
    occupied = black | white
    empty = ~occupied & FULL
    limit = CAPTURE_LIMIT[player]
    zone = _ZONES[limit]
    for own, other in ((black, white), (white, black)):  # a disk of own arrives as other
        capturing, runs = _capture_reach(own, other, empty, limit)
        changes = capturing | runs  # every square some capture here could turn ``other``
        if not _five_cover(other | changes) & changes:
            continue  # no capture of this colour can make five (about half the time)
        while capturing:
            low = capturing & -capturing
            capturing ^= low
            to = low.bit_length() - 1
            # a cheap bound first: the arriving disk and every capturable disk within reach
            # of it, all turned ``other``, would put one of them in five in a row
            changed = low | runs & zone[to]
            if not _five_cover(other | changed) & changed:
                continue
            # what a disk arriving on ``to`` captures; only a disk next to ``to`` can be part
            # of a line it would capture (then it captures less): the others all capture these
            taken = captured_by(own, other | low, to, limit)
            wins = _capture_wins(other, low, taken, player)
            froms = sliders(to, occupied) & own if wins else taken & NEIGHBOURS[to]
            while froms:
                bit = froms & -froms
                froms ^= bit
                won = wins
                if bit & taken:
                    exact = captured_by(own ^ bit, other | low, to, limit)
                    won = _capture_wins(other, low, exact, player)
                if won:
                    yield (bit.bit_length() - 1) << 7 | to << 1 | 1


def _capture_wins(other: int, arriving: int, taken: int, player: int) -> bool:
    """Whether a capture of ``taken`` by the disk ``arriving`` (both turning ``other``) is
    legal (takes something) and makes a winning row for ``player`` through a changed disk."""
    if not taken:
        return False
    changed = arriving | taken
    colour = other | changed
    return bool(_five_cover(colour) & changed) and (player == 2 or _wins(colour, changed, player))
