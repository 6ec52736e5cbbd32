"""The trained pattern evaluation: fast gathers, symmetry, weights file, quality on held-out games."""

from __future__ import annotations

import random
import struct
import zlib
from importlib import resources
from pathlib import Path

import pytest

from flipside.othello.ai import evaluation as ev
from flipside.othello.ai.endgame import Solver
from flipside.othello.bitboard import flips, legal_moves
from flipside.othello.wthor import read_wthor

WTHOR = Path(__file__).resolve().parents[1] / ".." / "shared" / "data" / "wthor"
START = ((1 << 28) | (1 << 35), (1 << 27) | (1 << 36))  # black e4 d5, white d4 e5


def transform(bb: int, g: int) -> int:
    """Image of a bitboard under symmetry g (0..7): optional transpose, then mirrors."""
    out = 0
    for sq in range(64):
        if bb >> sq & 1:
            f, r = sq % 8, sq // 8
            if g & 4:
                f, r = r, f
            if g & 1:
                f = 7 - f
            if g & 2:
                r = 7 - r
            out |= 1 << (8 * r + f)
    return out


def random_positions(count: int, seed: int) -> list[tuple[int, int]]:
    """Positions met in random games (side to move first), all stages."""
    rnd = random.Random(seed)
    out: list[tuple[int, int]] = []
    while len(out) < count:
        P, O = START
        passes = 0
        while passes < 2:
            moves = legal_moves(P, O)
            if not moves:
                P, O = O, P
                passes += 1
                continue
            passes = 0
            if rnd.random() < 0.3:
                out.append((P, O))
            squares = [sq for sq in range(64) if moves >> sq & 1]
            sq = rnd.choice(squares)
            f = flips(P, O, sq)
            P, O = O & ~f, P | f | (1 << sq)
    return out[:count]


def test_fast_gathers_equal_square_by_square_reference() -> None:
    rnd = random.Random(1)
    boards = random_positions(150, 2)
    for _ in range(150):  # arbitrary disjoint bitboards too, including full rows of one side
        P = rnd.getrandbits(64)
        O = rnd.getrandbits(64) & ~P
        boards.append((P, O))
    boards.append((0xFFFFFFFFFFFFFFFF, 0))
    boards.append((0, 0xFFFFFFFFFFFFFFFF))
    for P, O in boards:
        assert ev.pattern_indices(P, O) == ev.pattern_indices_slow(P, O)
        assert ev.evaluate(P, O) == ev.evaluate_slow(P, O)


def test_placements_cover_each_pattern_symmetrically() -> None:
    counts: dict[int, int] = {}
    for c, order in ev.PLACEMENTS:
        counts[c] = counts.get(c, 0) + 1
        assert len(set(order)) == len(order)
    assert len(ev.PLACEMENTS) >= 40
    assert all(n in (2, 4, 8) for n in counts.values())


def test_evaluation_is_invariant_under_the_eight_symmetries() -> None:
    for P, O in random_positions(60, 3):
        value = ev.evaluate(P, O)
        for g in range(1, 8):
            assert ev.evaluate(transform(P, g), transform(O, g)) == value


def test_owning_corners_and_edges_scores_strongly() -> None:
    edges = 0xFF818181818181FF
    centre = 0x00003C3C3C3C0000  # 16 squares c3..f6
    value = ev.evaluate(edges, centre)
    assert value > 10 * ev.SCALE
    assert ev.evaluate(centre, edges) < -10 * ev.SCALE
    # estimates stay strictly inside the range of final scores
    full = 0xFFFFFFFFFFFFFFFF
    assert ev.evaluate(full, 0) == 64 * ev.SCALE - 1
    assert ev.evaluate(0, full) == -(64 * ev.SCALE - 1)
    # a lone corner is worth more to its owner than a lone X-square (b2)
    P, O = START
    assert ev.evaluate(P | 1, O) > ev.evaluate(P | 1 << 9, O)


def test_weights_file_matches_its_header() -> None:
    blob = resources.files("flipside.othello.ai").joinpath(ev.WEIGHTS_FILE).read_bytes()
    assert len(blob) < 2 * 1024 * 1024
    data = zlib.decompress(blob)
    magic, version, scale, n_classes, n_stages = struct.unpack_from("<4sHHHH", data)
    assert (magic, version, scale) == (b"FSEV", 1, ev.SCALE)
    w = ev.Weights(data)
    assert len(w.tables) == n_stages == max(w.stage_of_empties) + 1
    assert len(w.images) == n_classes
    for row in w.tables:
        assert [len(t) for t in row] == [3 ** len(imgs[0]) for imgs in w.images]
    assert len(w.bias) == 61
    # the tables are not blank: every stage has many non-zero weights
    for row in w.tables:
        assert sum(1 for t in row for v in t if v) > 500
    with pytest.raises(ValueError):
        ev.Weights(b"XXXX" + data[4:])
    with pytest.raises(ValueError):
        ev.Weights(data + b"\0\0")
    with pytest.raises(ValueError):
        ev.Weights(data[:-2])
    with pytest.raises(ValueError):
        ev.Weights(data[:40])


def test_stage_selection_by_empties() -> None:
    stages = [ev.stage(e) for e in range(61)]
    assert stages[0] == 0
    assert stages == sorted(stages)
    assert stages[60] == max(stages) >= 10
    assert ev.stage(20) != ev.stage(40)
    with pytest.raises(ValueError):
        ev.stage(61)
    # a position uses its own stage's tables
    P, O = START
    assert ev.evaluate(P, O) == ev.evaluate_slow(P, O)


def heldout_positions(year: int, games: int) -> list[tuple[int, int, int]]:
    """(P, O, target) of held-out WTHOR games (index % 20 == 19, as in the training script),
    target = final disc difference for the side to move; the recorded perfect-play score
    from 24 empties is used for positions with 24 or more empties."""
    records = read_wthor(WTHOR / f"WTH_{year}.wtb")
    out: list[tuple[int, int, int]] = []
    used = 0
    for game in records[19::20]:
        P, O = START
        black_to_move = True
        seen: list[tuple[int, int, bool]] = []
        for sq in game.moves:
            f = flips(P, O, sq)
            if not f:
                P, O, black_to_move = O, P, not black_to_move
                f = flips(P, O, sq)
            assert f, "corrupt game record"
            seen.append((P, O, black_to_move))
            P, O = O & ~f, P | f | (1 << sq)
            black_to_move = not black_to_move
        if legal_moves(P, O) or legal_moves(O, P):
            continue  # stopped early
        final, theory = 2 * game.black_score - 64, 2 * game.theoretical_score - 64
        for p, o, black in seen:
            empties = 64 - (p | o).bit_count()
            score = theory if empties >= 24 and len(seen) > 36 else final
            out.append((p, o, score if black else -score))
        used += 1
        if used == games:
            break
    return out


def test_beats_disc_count_on_held_out_games() -> None:
    positions = heldout_positions(2000, 200)
    assert len(positions) > 10000
    by_part: dict[bool, list[tuple[float, float, float]]] = {True: [], False: []}
    for P, O, target in positions:
        empties = 64 - (P | O).bit_count()
        err_eval = abs(ev.evaluate(P, O) / ev.SCALE - target)
        err_discs = abs(P.bit_count() - O.bit_count() - target)
        by_part[empties >= 30].append((err_eval, err_discs, abs(target)))
    for errors in by_part.values():
        mae_eval, mae_discs, mae_draw = (sum(col) / len(errors) for col in zip(*errors))
        # (on this sample: 11.7 vs 15.1 and 13.7 at 30+ empties, 8.3 vs 19.7
        # and 17.4 below 30)
        assert mae_eval < 0.85 * mae_discs, (mae_eval, mae_discs)
        assert mae_eval < 0.9 * mae_draw, (mae_eval, mae_draw)  # better than "a draw"


@pytest.mark.native
def test_predicts_exact_endgame_values_of_held_out_games() -> None:
    """Against the exact value (not the players' result) of held-out positions with 10 and
    12 empties, the evaluation errs far less than the disc count and than "a draw"."""
    errors: dict[int, list[tuple[float, float, float]]] = {10: [], 12: []}
    for P, O, _ in heldout_positions(2001, 60):
        empties = 64 - (P | O).bit_count()
        if empties in errors:
            exact = Solver().search(P, O)
            err_eval = abs(ev.evaluate(P, O) / ev.SCALE - exact)
            err_discs = abs(P.bit_count() - O.bit_count() - exact)
            errors[empties].append((err_eval, err_discs, abs(exact)))
    for errs in errors.values():
        assert len(errs) >= 50
        mae_eval, mae_discs, mae_draw = (sum(col) / len(errs) for col in zip(*errs))
        # (on this sample: 8.1 and 8.3 discs against 22.5 and 22.7 and 20.2 and 20.0)
        assert mae_eval < 0.6 * mae_discs, (mae_eval, mae_discs)
        assert mae_eval < 0.6 * mae_draw, (mae_eval, mae_draw)
