"""Midgame search and the Engine API: correctness of the pruned search, levels, stop, hints."""

from __future__ import annotations

import json
import random
import time
import types

import pytest

from flipside.othello.ai import search
from flipside.othello.ai.endgame import Solver, final_score
from flipside.othello.ai.engine import (
    LEVELS,
    MAX_LEVEL,
    TABLE_LIMIT,
    Engine,
    parse_level,
    position_value,
    solve,
)
from flipside.othello.ai.search import Searcher
from flipside.othello.bitboard import flips, legal_moves
from flipside.othello.board import Board
from flipside.othello.notation import PASS_MOVE, Move

CORNERS = (1 << 0) | (1 << 7) | (1 << 56) | (1 << 63)


def toy_evaluate(P: int, O: int) -> int:
    """A cheap evaluation with many distinct values, for checking the search."""
    return (
        3 * (legal_moves(P, O).bit_count() - legal_moves(O, P).bit_count())
        + 7 * ((P & CORNERS).bit_count() - (O & CORNERS).bit_count())
        + (P.bit_count() - O.bit_count())
    )


def minimax(P: int, O: int, depth: int) -> int:
    moves = legal_moves(P, O)
    if not moves:
        if not legal_moves(O, P):
            return final_score(P, O) * 16
        return -minimax(O, P, depth)
    if depth == 0:
        return toy_evaluate(P, O)
    best = -(1 << 30)
    for sq in range(64):
        if moves >> sq & 1:
            f = flips(P, O, sq)
            best = max(best, -minimax(O ^ f, P | f | (1 << sq), depth - 1))
    return best


def random_board(rnd: random.Random, plies: int) -> Board:
    board = Board()
    for _ in range(plies):
        moves = board.legal_moves()
        if not moves:
            break
        board.push(rnd.choice(moves))
    return board


@pytest.mark.native
def test_pruned_search_equals_minimax() -> None:
    rnd = random.Random(4)
    for i in range(12):
        board = random_board(rnd, 10 + 4 * i)
        if board.is_game_over():
            continue
        P, O = board.bits()
        moves = legal_moves(P, O)
        if not moves:
            continue
        depth = 3 if i % 2 else 4
        searcher = Searcher(evaluate=toy_evaluate, scale=16)
        order = [sq for sq in range(64) if moves >> sq & 1]
        best_sq, values = searcher.root(P, O, depth, order, all_values=True)
        for sq in order:
            f = flips(P, O, sq)
            assert values[sq] == -minimax(O ^ f, P | f | (1 << sq), depth - 1)
        assert values[best_sq] == max(values.values()) == minimax(P, O, depth)
        # The PVS root (null windows after the first move) finds the same best value.
        best2, values2 = Searcher(evaluate=toy_evaluate, scale=16).root(P, O, depth, order, False)
        assert values2[best2] == values[best_sq]


def test_iterative_deepening_reports_each_depth_and_a_legal_line() -> None:
    board = Board.from_transcript("f5d6c3d3c4f4f6f3e6e7")
    P, O = board.bits()
    seen: list[int] = []
    result = Searcher().run(P, O, 4, on_depth=lambda r: seen.append(r.depth))
    assert seen == [1, 2, 3, 4]
    assert result.depth == 4 and result.pv[0] == result.move
    replay = board.copy()
    for sq in result.pv:
        if not replay.has_legal_move():
            replay.push(PASS_MOVE)
        replay.push(Move(sq))  # raises if the line is not legal
    json.dumps(result.to_dict())


def test_a_selective_search_spends_the_time_up_to_its_hard_limit(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The top level's time rule (``depth_limit``): its depths may run, and start, up to the
    hard limit, a full-width search's (not critical) only up to the budget. On a clock that
    counts nodes, so that the runs are deterministic."""
    assert search.depth_limit(1.0, 1.2, critical=False, selectivity=1.0) == 1.2
    assert search.depth_limit(1.0, 1.2, critical=True, selectivity=0.0) == 1.2
    assert search.depth_limit(1.0, 1.2, critical=False, selectivity=0.0) == 1.0
    tick = 1e-5  # seconds a node
    slack = 2 * search.POLL_INTERVAL * tick  # the clock is read every POLL_INTERVAL nodes
    P, O = Board.from_transcript("f5d6c3d3c4f4f6f3e6e7").bits()
    past_budget = 0
    for budget in (0.1, 0.15, 0.2, 0.3):
        searcher = Searcher(selectivity=1.0)
        clock = types.SimpleNamespace(perf_counter=lambda s=searcher: s.nodes * tick)
        monkeypatch.setattr(search, "time", clock)
        searcher.run(P, O, 30, budget=budget, hard=1.5 * budget)
        used = searcher.nodes * tick
        assert used <= 1.5 * budget + slack
        past_budget += used > budget + slack
    assert past_budget > 0


def test_a_table_kept_from_the_last_move_saves_nodes_and_keeps_the_line_legal() -> None:
    board = Board.from_transcript("f5d6c3d3c4f4f6f3e6e7")
    first = Searcher(selectivity=1.5)
    line = first.run(*board.bits(), 7).pv
    for sq in line[:2]:  # the expected move and reply
        board.push(Move(sq))
    P, O = board.bits()
    fresh = Searcher(selectivity=1.5)
    fresh_result = fresh.run(P, O, 7)
    kept = Searcher(selectivity=1.5, table=first.table)
    kept_result = kept.run(P, O, 7)
    assert kept.table is first.table
    assert kept.nodes < 0.8 * fresh.nodes
    assert legal_moves(P, O) >> kept_result.move & 1
    assert abs(kept_result.score - fresh_result.score) < 4.0


def test_the_engine_keeps_its_table_between_moves_up_to_a_limit() -> None:
    board = random_board(random.Random(3), 24)  # out of the opening book
    engine = Engine(MAX_LEVEL)
    engine.think(board, seconds=0.1)
    table = engine.table
    size = len(table)
    assert size > 0
    board.push(Move.parse(str(engine.think(board, seconds=0.1)["move"])))
    board.push(board.legal_moves()[0])
    engine.think(board, seconds=0.1)
    assert engine.table is table and len(table) > size
    table.update({(k, k): (0, 0, 0, 0) for k in range(TABLE_LIMIT + 1 - len(table))})
    engine.think(board, seconds=0.1)
    assert engine.table is not table and 0 < len(engine.table) <= TABLE_LIMIT


def test_should_stop_returns_the_last_finished_depth() -> None:
    board = Board.from_transcript("f5d6c3d3c4f4f6f3e6e7")
    P, O = board.bits()
    result = Searcher(should_stop=lambda: True).run(P, O, 30)
    assert result.depth == 1
    assert legal_moves(P, O) >> result.move & 1


@pytest.mark.parametrize("budget", [0.3, 1.0])
def test_time_budget_is_respected_roughly(budget: float) -> None:
    # The search stops at the deadline (polled every 1,024 nodes, ~10 ms here) or does not
    # start a depth once 40% of the budget is used: so it takes between 40% and 100% of the
    # budget, plus slack. The upper bound is on the CPU time this process used: on a loaded
    # machine the wall clock also counts time other jobs had, while a search that ignored
    # its deadline would use CPU time far beyond the budget.
    board = Board.from_transcript("f5d6c3d3c4f4f6f3e6e7")
    P, O = board.bits()
    start, cpu_start = time.perf_counter(), time.process_time()
    result = Searcher().run(P, O, 60, budget=budget)
    elapsed, cpu = time.perf_counter() - start, time.process_time() - cpu_start
    assert 0.4 * budget <= elapsed and cpu <= budget + 0.5
    assert 2 <= result.depth < 30 and result.seconds <= elapsed


@pytest.mark.parametrize("level", sorted(LEVELS))
def test_every_level_plays_legal_moves_to_the_end(level: int) -> None:
    # Against a random opponent, from a random position (later for the slow levels), until
    # neither side can move: every move the engine picks, passes included, is legal.
    rnd = random.Random(level)
    board = random_board(rnd, 20 if level < 5 else 36)
    engine = Engine(level=level, seed=1)
    while not board.is_game_over():
        move = engine.best_move(board)
        assert board.is_legal(move)
        board.push(move)
        if not board.is_game_over():
            board.push(rnd.choice(board.legal_moves()))
    assert not legal_moves(*board.bits()) and not legal_moves(*board.bits()[::-1])
    assert Board.from_transcript(board.transcript()) == board


def test_beginner_is_random_but_seeded() -> None:
    board = Board.from_transcript("f5d6c3d3c4f4f6f3e6e7")
    picks = [str(Engine(level=1, seed=s).best_move(board)) for s in range(12)]
    assert picks == [str(Engine(level=1, seed=s).best_move(board)) for s in range(12)]
    assert len(set(picks)) >= 3


def test_levels_parse() -> None:
    assert parse_level("max") == MAX_LEVEL == Engine("max").level
    assert parse_level("3") == 3
    for bad in ("0", "x", str(MAX_LEVEL + 1), "-1"):
        with pytest.raises(ValueError, match="level"):
            parse_level(bad)
    assert len(LEVELS) >= 6


def test_think_with_stop_and_callbacks() -> None:
    board = random_board(random.Random(2), 24)  # out of the opening book
    infos: list[dict[str, object]] = []
    polls = []

    def stop() -> bool:
        polls.append(1)
        return len(polls) > 3

    info = Engine(level=MAX_LEVEL).think(board, seconds=30, should_stop=stop, on_depth=infos.append)
    assert board.is_legal(Move.parse(str(info["move"])))
    assert "book" not in info
    assert infos and infos[-1]["move"] == info["move"]
    assert {"depth", "move", "score", "pv", "nodes", "exact"} <= set(infos[0])
    json.dumps(infos)


def endgame_board() -> Board:
    # FFO #1, Black to move, 14 empties.
    return Board.from_position("--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X")


def test_engine_solves_when_in_reach() -> None:
    board = endgame_board()
    engine = Engine(level=MAX_LEVEL)
    # A generous budget: within the budget the solve is tried only when it is estimated to
    # fit, and a loaded machine's wall clock could make it not fit.
    info = engine.think(board, seconds=10.0)
    assert info["move"] == "g8" and info["score"] == 18 and info["exact"] is True


def test_solve_and_exact_analysis() -> None:
    board = endgame_board()
    assert solve(board) == (18, [Move.parse("g8")])
    analysis = Engine(level=MAX_LEVEL).analysis(board)
    assert analysis.exact and analysis.best == Move.parse("g8")
    P, O = board.bits()
    assert analysis.values == {Move(sq): v for sq, v in Solver().move_scores(P, O).items()}
    assert all(isinstance(v, int) for v in analysis.values.values())
    json.dumps(analysis.to_dict())


def test_estimated_analysis_covers_every_move() -> None:
    board = Board.from_transcript("f5d6c3d3c4f4f6f3e6e7")
    analysis = Engine(level=3).analysis(board)
    assert not analysis.exact
    assert set(analysis.values) == set(board.legal_moves())
    assert analysis.values[analysis.best] == max(analysis.values.values())
    assert analysis.pv[0] == analysis.best


def test_pass_and_game_over() -> None:
    # White to move has no move but Black does: the engine passes.
    board = Board.from_position("X" * 8 + "O" + "-" * 55 + " O")
    P, O = board.bits()
    assert not legal_moves(P, O) and legal_moves(O, P)
    assert Engine(level=3).best_move(board) == PASS_MOVE
    assert solve(board)[1] == [PASS_MOVE]
    over = Board.from_position("X" * 64 + " O")
    with pytest.raises(ValueError, match="over"):
        Engine(level=3).best_move(over)
    assert solve(over) == (-64, [])


def test_position_value_is_from_blacks_view() -> None:
    over = Board.from_position("X" * 40 + "O" * 24 + " O")
    assert position_value(over) == 16.0
    # White must pass, Black to play next: valued from Black's turn, still Black's view.
    must_pass = Board.from_position("X" * 8 + "O" + "-" * 55 + " O")
    black_turn = Board.from_position("X" * 8 + "O" + "-" * 55 + " X")
    assert position_value(must_pass, 1) == position_value(black_turn, 1)
    board = Board.from_transcript("f5d6c3")
    white_view = Searcher().run(*board.bits(), 2).score
    assert position_value(board, 2) == -white_view
