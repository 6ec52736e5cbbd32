"""The set-at-once bitboard primitives of flipside.themisto.bitboard against square-by-square walks."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from flipside.squares import DIRECTIONS, ray
from flipside.themisto.bitboard import (
    FULL,
    NEIGHBOURS,
    _shift_spec,
    adjacency,
    capture_sets,
    captured,
    slides,
)

boards = st.tuples(st.integers(0, FULL), st.integers(0, FULL), st.integers(0, FULL))
SETTINGS = settings(database=None, deadline=None, max_examples=200)


def bit(sq: int) -> int:
    return 1 << sq


@SETTINGS
@given(boards)
def test_slides_match_a_walk(b: tuple[int, int, int]) -> None:
    occupied = b[0] & b[1]
    sources = occupied & b[2]
    empty = ~occupied & FULL
    for d in range(len(DIRECTIONS)):
        near = far = 0
        for sq in range(64):
            if not sources >> sq & 1:
                continue
            for step, s in enumerate(ray(sq, d)):
                if occupied >> s & 1:
                    break
                if step == 0:
                    near |= bit(s)
                else:
                    far |= bit(s)
        assert slides(sources, empty, d) == (near, far)


@SETTINGS
@given(boards)
def test_adjacency_counts_neighbouring_disks(b: tuple[int, int, int]) -> None:
    occupied = b[0] & b[1]
    one, two = adjacency(occupied)
    for sq in range(64):
        n = (NEIGHBOURS[sq] & occupied).bit_count()
        assert (one >> sq & 1, two >> sq & 1) == (n >= 1, n >= 2)


@SETTINGS
@given(boards, st.sampled_from([3, 6]))
def test_capture_sets_match_captured(b: tuple[int, int, int], limit: int) -> None:
    occupied = b[0] & b[1]
    lines, enders = occupied & b[2], occupied & ~b[2]
    empty = ~occupied & FULL
    sets = capture_sets(lines, enders, empty, limit)
    for sq in range(64):
        if not empty >> sq & 1:
            continue
        for d in range(8):
            squares = ray(sq, d)
            run = 0
            while run < len(squares) and lines >> squares[run] & 1:
                run += 1
            ended = run < len(squares) and enders >> squares[run] & 1
            assert (sets[d] >> sq & 1) == (1 <= run <= limit and ended)
        assert bool(captured(lines, enders, sq, limit)) == any(s >> sq & 1 for s in sets)


@SETTINGS
@given(st.integers(0, FULL))
def test_shift_specs_move_every_square_one_step(x: int) -> None:
    # _shift_spec builds SHIFTS at import time; called here, a mistake in it shows.
    for d, (df, dr) in enumerate(DIRECTIONS):
        amount, mask = _shift_spec(df, dr)
        got = (x << amount) & mask if amount > 0 else (x >> -amount) & mask
        expected = 0
        for sq in range(64):
            if x >> sq & 1 and ray(sq, d):
                expected |= bit(ray(sq, d)[0])
        assert got == expected
