"""The unrolled ``flips`` agrees with a plain walk along the eight rays."""

from __future__ import annotations

import random

from flipside.othello import bitboard
from flipside.othello.bitboard import FLIPS, _compile_flips, flips, legal_moves

DIRECTIONS = ((1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (-1, -1), (1, -1), (-1, 1))


def reference_flips(P: int, O: int, sq: int) -> int:
    if (P | O) >> sq & 1:
        return 0
    result = 0
    for df, dr in DIRECTIONS:
        f, r = sq % 8 + df, sq // 8 + dr
        run = 0
        while 0 <= f < 8 and 0 <= r < 8 and O >> (8 * r + f) & 1:
            run |= 1 << (8 * r + f)
            f, r = f + df, r + dr
        if run and 0 <= f < 8 and 0 <= r < 8 and P >> (8 * r + f) & 1:
            result |= run
    return result


def test_flips_matches_reference_on_random_games() -> None:
    rnd = random.Random(5)
    checked = 0
    for _ in range(40):
        P, O = (1 << 28) | (1 << 35), (1 << 27) | (1 << 36)
        while True:
            moves = legal_moves(P, O)
            for sq in range(64):
                expected = reference_flips(P, O, sq)
                assert flips(P, O, sq) == expected
                assert bool(moves >> sq & 1) == bool(expected)
                if not (P | O) >> sq & 1:
                    assert FLIPS[sq](P, O) == expected
                checked += 1
            if not moves:
                if not legal_moves(O, P):
                    break
                P, O = O, P
                continue
            sq = rnd.choice([s for s in range(64) if moves >> s & 1])
            f = flips(P, O, sq)
            P, O = O ^ f, P | f | (1 << sq)
    assert checked > 100_000


def test_flips_on_random_bit_patterns() -> None:
    rnd = random.Random(9)
    for _ in range(20_000):
        P = rnd.getrandbits(64)
        O = rnd.getrandbits(64) & ~P
        sq = rnd.randrange(64)
        P &= ~(1 << sq) if rnd.random() < 0.8 else -1
        O &= ~(1 << sq) if rnd.random() < 0.8 else -1
        O &= ~P
        assert flips(P, O, sq) == reference_flips(P, O, sq)


def test_generated_flip_functions_match_reference() -> None:
    # FLIPS is generated on first use; generating it again here lets a mistake in the
    # generator show (and lets mutation testing see the generator run).
    fresh = [_compile_flips(sq) for sq in range(64)]
    rnd = random.Random(13)
    for sq in range(64):
        for _ in range(60):
            filled = (rnd.getrandbits(64) | rnd.getrandbits(64)) & ~(1 << sq)  # ~3/4 taken
            P = filled & rnd.getrandbits(64)
            O = filled & ~P
            assert fresh[sq](P, O) == reference_flips(P, O, sq)


def test_each_flip_function_is_compiled_on_its_first_call_and_kept() -> None:
    """Importing the module compiles nothing (a normal start in the page saves 0.2 s); the
    first call of a square installs its compiled function in FLIPS, which later calls use."""
    P, O = (1 << 28) | (1 << 35), (1 << 27) | (1 << 36)  # the start, black to move on d3 (19)
    saved = FLIPS[19]
    try:
        FLIPS[19] = bitboard._compiled_on_first_call(19)
        stand_in = FLIPS[19]
        assert FLIPS[19](P, O) == 1 << 27
        compiled = FLIPS[19]
        assert compiled is not stand_in and compiled.__name__ == "_flips_19"
        assert FLIPS[19](P, O) == 1 << 27 and FLIPS[19] is compiled
    finally:
        FLIPS[19] = saved
