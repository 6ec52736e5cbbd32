"""Multi-ProbCut in the midgame search: the fitted lines, the selective search, the fit script."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from flipside.othello.ai.engine import LEVELS, MAX_LEVEL
from flipside.othello.ai.evaluation import SCALE
from flipside.othello.ai.search import (
    MPC_MIN_DEPTH,
    Searcher,
    load_mpc,
    next_fits,
    shallow_depth,
)
from flipside.othello.bitboard import legal_moves
from flipside.othello.board import Board
from flipside.othello.notation import PASS_MOVE
from tools.train import fit_mpc

ROOT = Path(__file__).resolve().parents[1]
WTHOR = ROOT / ".." / "shared" / "data" / "wthor"


def midgame_position(seed: int, plies: int) -> tuple[int, int]:
    rnd = random.Random(seed)
    board = Board()
    while board.ply < plies and not board.is_game_over():
        moves = board.legal_moves()
        board.push(rnd.choice(moves) if moves else PASS_MOVE)
    return board.bits()


def test_shallow_depths_keep_parity_and_stay_shallow() -> None:
    assert [shallow_depth(d) for d in range(3, 13)] == [1, 2, 3, 2, 3, 4, 5, 4, 5, 6]
    for d in range(3, 30):
        assert shallow_depth(d) % 2 == d % 2
        assert 1 <= shallow_depth(d) <= d - 2


def test_fitted_lines_cover_the_midgame() -> None:
    table = load_mpc()
    for empties in range(14, 55):
        for depth in range(MPC_MIN_DEPTH, 20):
            line = table[empties][depth]
            assert line is not None, (empties, depth)
            shallow, a, b, sigma = line
            if depth <= 8:  # fitted; deeper ones move the deepest fitted line along
                assert shallow == shallow_depth(depth)
            assert 1 <= shallow <= depth - 2 and shallow % 2 == depth % 2
            assert 0.5 < a < 1.5
            assert abs(b) < 8 * SCALE
            assert 0 < sigma < 20 * SCALE
    assert table[13][5] is None  # the exact solver's range: no lines


def test_selective_search_cuts_nodes_and_plays_legal_moves() -> None:
    cuts = full_nodes = selective_nodes = 0
    for seed in range(4):
        P, O = midgame_position(seed, 20 + 4 * seed)
        full = Searcher()
        full.run(P, O, 6)
        selective = Searcher(selectivity=1.0)
        result = selective.run(P, O, 6)
        assert legal_moves(P, O) >> result.move & 1
        assert result.depth == 6
        cuts += selective.probcuts
        full_nodes += full.nodes
        selective_nodes += selective.nodes
    assert full.probcuts == 0
    assert cuts > 0
    assert selective_nodes < full_nodes


def test_selective_search_with_a_huge_margin_is_the_full_search() -> None:
    P, O = midgame_position(7, 24)
    full = Searcher().run(P, O, 5)
    wide = Searcher(selectivity=1000.0)
    result = wide.run(P, O, 5)
    assert wide.probcuts == 0
    assert (result.move, result.score) == (full.move, full.score)


def test_top_level_is_selective_and_lower_levels_are_not() -> None:
    assert LEVELS[MAX_LEVEL].selectivity > 0
    for level in range(1, MAX_LEVEL):
        assert LEVELS[level].selectivity == 0


def test_fit_script_runs_on_a_tiny_sample(tmp_path: Path) -> None:
    out = tmp_path / "mpc.json"
    wthor = str(WTHOR / "WTH_2000.wtb")
    args = ["--positions", "12", "--depth", "4", "--out", str(out), "--wthor", wthor]
    assert fit_mpc.main(args) == 0
    data = json.loads(out.read_text())
    rows = data["fits"]
    assert data["positions"] == 12
    assert {(r["depth"], r["shallow"]) for r in rows} == {(3, 1), (4, 2)}
    for row in rows:
        assert row["n"] >= 10 and row["sigma"] > 0
    a, b, sigma = fit_mpc.fit([(0.0, 1.0), (1.0, 3.0), (2.0, 5.0)])
    assert (a, b, sigma) == pytest.approx((2.0, 1.0, 0.0))


def test_selective_search_starts_a_depth_predicted_to_end_within_the_budget() -> None:
    finished = [0.0, 0.1, 0.3]  # the last depth took 0.2 s: the next, 2.2 times that, 0.44 s
    assert next_fits(finished, 0.75, 1.5)
    assert not next_fits(finished, 0.73, 1.5)
    assert not next_fits(finished, 10.0, 0.0)  # full width: the start share alone
    # The growth is assumed, not measured from the depths before: a depth far cheaper than
    # the one before (hash table hits) predicts a cheap next one.
    assert next_fits([0.0, 0.3, 0.31], 0.333, 1.5)
    assert not next_fits([0.0, 0.3, 0.31], 0.33, 1.5)
