"""Selective endgame search: its fitted lines, its answers on FFO #1-#19, the engine's use."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from flipside.othello.ai.endgame import Solver
from flipside.othello.ai.engine import (
    LEVELS,
    MAX_LEVEL,
    PROBABLE_SELECTIVITY,
    PROBABLE_TABLE_LIMIT,
    Engine,
)
from flipside.othello.ai.evaluation import SCALE
from flipside.othello.ai.probcut_endgame import CUT_MIN, SelectiveSolver, check_depth, load_endcut
from flipside.othello.ai.search import Searcher
from flipside.othello.board import Board
from flipside.othello.notation import Move, square_name
from flipside.othello.wthor import read_wthor
from tools.train import fit_endcut

ROOT = Path(__file__).resolve().parents[1]
FFO = ROOT / ".." / "shared" / "data" / "ffo" / "ffo-1-19.tsv"
WTHOR = ROOT / ".." / "shared" / "data" / "wthor"


def ffo_boards() -> list[tuple[Board, int, dict[str, int]]]:
    """(position, exact score, every move's exact score) of FFO #1-#19."""
    out = []
    for line in FFO.read_text().splitlines()[1:]:
        f = line.split("\t")
        scores = {m.split(":")[0]: int(m.split(":")[1]) for m in f[6].split()}
        out.append((Board.from_position(f"{f[1]} {f[2]}"), int(f[4]), scores))
    return out


def ffo() -> list[tuple[int, int, int, dict[str, int]]]:
    """(P, O, exact score, every move's exact score) of FFO #1-#19."""
    return [(*board.bits(), score, scores) for board, score, scores in ffo_boards()]


def outcome(score: int) -> int:
    return (score > 0) - (score < 0)


def test_endgame_lines_cover_the_selective_range() -> None:
    table = load_endcut()
    assert all(line is None for line in table[:CUT_MIN])
    for empties in range(CUT_MIN, 61):
        line = table[empties]
        assert line is not None, empties
        shallow, a, b, sigma = line
        assert shallow == check_depth(empties)
        assert 0.7 < a < 1.4 and abs(b) < 5 * SCALE and 0 < sigma < 15 * SCALE


def test_probable_outcome_matches_the_exact_one_on_ffo() -> None:
    """The selective win/draw/loss search agrees with the exact score's side on at least 17
    of FFO #1-#19 (measured: 18), and the move it finds reaches the best outcome on as many
    (measured: one drew where a win by 2 was possible)."""
    agree = wrong = 0
    for P, O, score, scores in ffo():
        order = Searcher(selectivity=1.5)
        order.run(P, O, 4)
        value, sq = SelectiveSolver(PROBABLE_SELECTIVITY).outcome_move(P, O, order.root_order)
        agree += outcome(value) == outcome(score)
        wrong += value >= 0 and outcome(scores[square_name(sq)]) < outcome(score)
    assert agree >= 17 and wrong <= 2


def test_selective_solver_cuts_and_saves_nodes_on_14_empties() -> None:
    selective_nodes = exact_nodes = cuts = 0
    for P, O, _, _ in ffo()[:7]:  # 14 empties each
        order = Searcher(selectivity=1.5)
        order.run(P, O, 4)
        solver = SelectiveSolver(PROBABLE_SELECTIVITY)
        solver.outcome_move(P, O, order.root_order)
        exact = Solver()
        exact.outcome_move(P, O, order.root_order)
        selective_nodes += solver.nodes
        exact_nodes += exact.nodes
        cuts += solver.probcuts
    assert cuts > 0
    assert selective_nodes < exact_nodes


def test_selective_solver_with_a_huge_margin_is_exact() -> None:
    P, O, score, scores = ffo()[4]
    solver = SelectiveSolver(1000.0)
    value, sq = solver.best(P, O)
    assert solver.probcuts == 0
    assert value == score and scores[square_name(sq)] == score


def game_position(year: int, index: int, empties: int) -> Board:
    """The position of an archive game when it had ``empties`` empty squares."""
    board = Board()
    for sq in read_wthor(WTHOR / f"WTH_{year}.wtb")[index].moves:
        if not board.has_legal_move():
            board.push_str("pass")
        board.push(Move(sq))
        if 64 - (board.black | board.white).bit_count() == empties:
            break
    return board


def exact_outcome(board: Board) -> int:
    """Sign of the exact final score for the side to move (a win/draw/loss search)."""
    P, O = board.bits()
    return outcome(Solver().search(P, O, -1, 1))


@pytest.mark.parametrize("index", [0, 2, 4])
def test_top_level_beyond_the_exact_range_keeps_a_winning_outcome(index: int) -> None:
    """Positions of 2014 archive games one empty beyond the top level's exact range, at the
    top level's budget: the move played keeps the position's exact outcome (a win on each)."""
    board = game_position(2014, index, LEVELS[MAX_LEVEL].endgame + 1)
    assert len(board.legal_moves()) > 1
    best = exact_outcome(board)
    assert best == 1
    answer = Engine(MAX_LEVEL).think(board)
    assert not answer["exact"]
    board.push(Move.parse(str(answer["move"])))
    assert -exact_outcome(board) == best


@pytest.mark.parametrize("index", [12, 16])
def test_top_level_solves_sixteen_empties_exactly(index: int) -> None:
    """FFO #13 and #17 (16 empties) are in the top level's exact range: its answer is the
    file's exact score and one of its best moves (a budget that a slow runtime, Pyodide,
    still solves in; at its own budget natively: docs/notes/2026-11-24-othello-top-level.md,
    the sixth pass)."""
    board, score, scores = ffo_boards()[index]
    assert 64 - (board.black | board.white).bit_count() == LEVELS[MAX_LEVEL].endgame
    answer = Engine(MAX_LEVEL).think(board, seconds=4.0)
    assert answer["exact"] and answer["score"] == score
    assert scores[str(answer["move"])] == score


def test_only_the_top_level_is_probable() -> None:
    assert LEVELS[MAX_LEVEL].probable > 0
    for level in range(1, MAX_LEVEL):
        assert LEVELS[level].probable == 0


def test_fit_script_runs_on_a_tiny_sample(tmp_path: Path) -> None:
    module = fit_endcut
    out = tmp_path / "mpc.json"
    out.write_text(json.dumps({"version": 1, "fits": [{"kept": True}]}))
    wthor = str(WTHOR / "WTH_2000.wtb")
    args = ["--per-empties", "4", "--low", "10", "--high", "12", "--depth", "2"]
    assert module.main([*args, "--out", str(out), "--wthor", wthor]) == 0
    data = json.loads(out.read_text())
    assert data["fits"] == [{"kept": True}]  # the midgame lines are kept
    assert data["endgame_positions"] == 12
    assert {(tuple(r["empties"]), r["shallow"]) for r in data["endgame"]} == {
        ((10, 12), 0),
        ((10, 12), 1),
        ((10, 12), 2),
    }
    for row in data["endgame"]:
        assert row["n"] == 12 and row["sigma"] > 0


def test_a_kept_table_answers_the_next_search_from_its_entries() -> None:
    """The selective search's table handed to the next search (as the engine keeps it):
    its probable bounds still hold, so the same question costs a fraction of the nodes,
    with the same answer."""
    board = ffo_boards()[13][0]  # FFO #14: 16 empties, the first search is not trivial
    P, O = board.bits()
    searcher = Searcher()
    searcher.run(P, O, 4)
    first = SelectiveSolver(PROBABLE_SELECTIVITY)
    answer = first.outcome_move(P, O, searcher.root_order)
    assert first.nodes > 1000
    kept = SelectiveSolver(PROBABLE_SELECTIVITY, table=first.table)
    assert kept.outcome_move(P, O, searcher.root_order) == answer
    assert kept.table is first.table
    assert kept.nodes < 0.1 * first.nodes


def test_the_engine_hands_its_probable_table_to_every_selective_search(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """One table for the engine's life, renewed past ``PROBABLE_TABLE_LIMIT``."""
    tables: list[object] = []
    init = SelectiveSolver.__init__

    def spy(self: SelectiveSolver, *args: object, **kwargs: object) -> None:
        init(self, *args, **kwargs)  # type: ignore[arg-type]
        tables.append(self.table)

    monkeypatch.setattr(SelectiveSolver, "__init__", spy)
    board = ffo_boards()[13][0]  # 16 empties: the selective search runs
    engine = Engine(MAX_LEVEL)
    table = engine.probable_table
    board.push(Move.parse(str(engine.think(board)["move"])))
    board.push(board.legal_moves()[0])
    engine.think(board)  # 14 empties: the quick selective search before the solve
    assert len(tables) >= 2 and all(t is table for t in tables)
    assert engine.probable_table is table
    table.update({(k, k): (0, 0, 0) for k in range(PROBABLE_TABLE_LIMIT + 1 - len(table))})
    board.pop()
    assert len(board.legal_moves()) > 1
    board.push(board.legal_moves()[-1])  # off the last solve's line, which needs no search
    engine.think(board)
    assert engine.probable_table is not table and tables[-1] is engine.probable_table
