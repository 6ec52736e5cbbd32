"""Themisto bitboard primitives on Python ints (bit ``sq`` set = a disk of that colour on ``sq``).

Directions are indexed as in ``flipside.squares.DIRECTIONS`` (``d ^ 1`` is the opposite).
The set functions work on all squares at once: one call gives, for a colour and a direction,
every destination of every disk of that colour sliding that way, so move generation and
move counting never copy a board or loop over single moves.
"""

from __future__ import annotations

from flipside.squares import DIRECTIONS, ray

FULL = 0xFFFFFFFFFFFFFFFF
NOT_A = 0xFEFEFEFEFEFEFEFE  # every square except the a-file
NOT_H = 0x7F7F7F7F7F7F7F7F  # every square except the h-file


def _shift_spec(df: int, dr: int) -> tuple[int, int]:
    """(bit shift, mask after shifting) that moves every square one step (df, dr)."""
    mask = NOT_A if df == 1 else NOT_H if df == -1 else FULL
    return df + 8 * dr, mask


#: ``SHIFTS[d] = (amount, mask)``: every square of ``x`` one step in direction ``d`` is
#: ``(x << amount) & mask`` (``x >> -amount`` if amount < 0); squares leaving the board drop.
SHIFTS: tuple[tuple[int, int], ...] = tuple(_shift_spec(df, dr) for df, dr in DIRECTIONS)

#: ``RAY_SQUARES[d][sq]``: the squares from ``sq`` (excluded) to the edge in direction ``d``.
RAY_SQUARES: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(ray(sq, d) for sq in range(64)) for d in range(8)
)
#: ``RAYS[d][sq]``: the same squares as a bit set.
RAYS: tuple[tuple[int, ...], ...] = tuple(
    tuple(sum(1 << s for s in RAY_SQUARES[d][sq]) for sq in range(64)) for d in range(8)
)
#: ``NEIGHBOURS[sq]``: the (up to 8) squares adjacent to ``sq``.
NEIGHBOURS: tuple[int, ...] = tuple(
    sum(1 << RAY_SQUARES[d][sq][0] for d in range(8) if RAY_SQUARES[d][sq]) for sq in range(64)
)


def adjacency(occupied: int) -> tuple[int, int]:
    """(squares next to at least one disk, squares next to at least two disks)."""
    ones = twos = 0
    for amount, mask in SHIFTS:
        s = (occupied << amount) & mask if amount > 0 else (occupied >> -amount) & mask
        twos |= ones & s
        ones |= s
    return ones, twos


def capture_sets(lines: int, enders: int, empty: int, limit: int) -> list[int]:
    """Per direction ``d``: the empty squares ``x`` from which, in direction ``d``, a run of
    1..``limit`` disks of ``lines`` is ended directly by a disk of ``enders``.

    A disk of the ``lines`` colour that arrives on ``x`` flipped (so it is now ``enders``)
    could capture that run. ``t`` grows backwards from the enders: after ``k`` rounds it holds
    the ``lines`` disks that start a run of at most ``k`` ending on an ender.
    """
    out = []
    for d in range(8):
        amount, mask = SHIFTS[d ^ 1]  # one step back, against d
        if amount > 0:
            t = frontier = lines & (enders << amount) & mask
            for _ in range(limit - 1):
                frontier = lines & (frontier << amount) & mask
                if not frontier:
                    break
                t |= frontier
            out.append(empty & (t << amount) & mask)
        else:
            back = -amount
            t = frontier = lines & (enders >> back) & mask
            for _ in range(limit - 1):
                frontier = lines & (frontier >> back) & mask
                if not frontier:
                    break
                t |= frontier
            out.append(empty & (t >> back) & mask)
    return out


def slides(sources: int, empty: int, d: int) -> tuple[int, int]:
    """(squares one step from a source disk, squares two or more steps away) that a disk of
    ``sources`` reaches sliding in direction ``d`` through empty squares.

    Each empty square is reached from at most one disk in a given direction: the first disk
    met looking back from it. The fill is the occluded (Kogge-Stone) fill: ``g`` grows by 1,
    then 2, then 4 steps through ``p``, the squares whose last 1, 2, 4 steps back are empty.
    """
    amount, mask = SHIFTS[d]
    p = empty & mask  # the mask drops squares a step would reach by wrapping round an edge
    if amount > 0:
        near = (sources << amount) & p
        g = sources | near
        p &= p << amount
        g |= p & (g << 2 * amount)
        p &= p << 2 * amount
        g |= p & (g << 4 * amount)
        return near, (g << amount) & empty & mask & ~near
    amount = -amount
    near = (sources >> amount) & p
    g = sources | near
    p &= p >> amount
    g |= p & (g >> 2 * amount)
    p &= p >> 2 * amount
    g |= p & (g >> 4 * amount)
    return near, (g >> amount) & empty & mask & ~near


def origin(to: int, d: int, occupied: int) -> int:
    """The square of the disk that reached ``to`` sliding in direction ``d``: the first
    occupied square looking back from ``to`` (the caller knows there is one)."""
    back = d ^ 1
    hits = RAYS[back][to] & occupied
    if SHIFTS[back][0] > 0:
        return (hits & -hits).bit_length() - 1
    return hits.bit_length() - 1


def run_length(bits: int, sq: int, d: int) -> int:
    """Length of the maximal run of ``bits`` through ``sq`` along the line ``d``/``d ^ 1``
    (``sq`` counts as part of the run whatever it holds)."""
    n = 1
    for e in (d, d ^ 1):
        for s in RAY_SQUARES[e][sq]:
            if not bits >> s & 1:
                break
            n += 1
    return n


def run_squares(bits: int, sq: int, d: int) -> list[int]:
    """The squares of the maximal run of ``bits`` through ``sq`` along the line ``d``/``d ^ 1``."""
    out = [sq]
    for e in (d, d ^ 1):
        for s in RAY_SQUARES[e][sq]:
            if not bits >> s & 1:
                break
            out.append(s)
    return sorted(out)


def captured(lines: int, enders: int, to: int, limit: int) -> int:
    """Bit set of every run of 1..``limit`` ``lines`` disks leading from ``to`` (in any of the
    eight directions) directly to an ``enders`` disk: what a capture on ``to`` flips."""
    total = 0
    for d in range(8):
        run = 0
        n = 0
        for s in RAY_SQUARES[d][to]:
            bit = 1 << s
            if lines & bit:
                run |= bit
                n += 1
                continue
            if enders & bit and 0 < n <= limit:
                total |= run
            break
    return total


def targets(black: int, white: int, limit: int) -> list[tuple[int, int, int, int]]:
    """``(direction, near, far, taking)`` for each direction and disk colour with a slide:
    the destinations one step from their disk (``near``) and further (``far``), and those of
    them where a capture of at most ``limit`` disks is possible; before the no-repetition
    rule. Both the rules core and the search's generator list their moves from these.

    A destination one step from its disk needs two neighbouring disks (the moving disk is one
    of them); further away, one. A capture on a destination one step away must not use the
    line back through the origin, which the moving disk has just emptied.
    """
    occupied = black | white
    empty = ~occupied & FULL
    one, two = adjacency(occupied)
    out = []
    for own, other in ((black, white), (white, black)):
        caps: list[int] | None = None
        every = 0
        for d in range(8):
            near, far = slides(own, empty, d)
            near &= two
            far &= one
            if not near | far:
                continue
            if caps is None:
                caps = capture_sets(own, other, empty, limit)
                for c in caps:
                    every |= c
            taking = far & every
            if near & every:
                back = d ^ 1
                others = 0
                for e in range(8):
                    if e != back:
                        others |= caps[e]
                taking |= near & others
            out.append((d, near, far, taking))
    return out
