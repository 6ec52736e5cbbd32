"""Exact endgame solver: FFO #1-#19 scores and best-move sets, FFO #20-#39 (the data and the
smaller ones), and a brute-force check."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from flipside.othello.ai.endgame import (
    PRIORITY,
    Solver,
    Stopped,
    empties_in_order,
    final_score,
    solve,
)
from flipside.othello.bitboard import flips, legal_moves
from flipside.othello.notation import square_name

FFO = Path(__file__).resolve().parents[1] / ".." / "shared" / "data" / "ffo" / "ffo-1-19.tsv"
FFO_20_39 = Path(__file__).resolve().parent / "data" / "ffo-20-39.tsv"


def ffo_rows() -> list[list[str]]:
    lines = FFO.read_text().splitlines()[1:]
    return [line.split("\t") for line in lines if line.strip()]


def own_bits(board64: str, side: str) -> tuple[int, int]:
    black = sum(1 << i for i, c in enumerate(board64) if c == "X")
    white = sum(1 << i for i, c in enumerate(board64) if c == "O")
    return (black, white) if side == "X" else (white, black)


def minimax(P: int, O: int) -> int:
    """Plain full-width negamax, the reference for small positions."""
    moves = legal_moves(P, O)
    if not moves:
        if not legal_moves(O, P):
            return final_score(P, O)
        return -minimax(O, P)
    best = -100
    for sq in range(64):
        if moves >> sq & 1:
            f = flips(P, O, sq)
            best = max(best, -minimax(O ^ f, P | f | (1 << sq)))
    return best


def random_position(rnd: random.Random, empties: int) -> tuple[int, int]:
    P, O = (1 << 28) | (1 << 35), (1 << 27) | (1 << 36)
    while 64 - (P | O).bit_count() > empties:
        moves = legal_moves(P, O)
        if not moves:
            if not legal_moves(O, P):
                return random_position(rnd, empties)
            P, O = O, P
            continue
        sq = rnd.choice([s for s in range(64) if moves >> s & 1])
        f = flips(P, O, sq)
        P, O = O ^ f, P | f | (1 << sq)
    return P, O


@pytest.mark.slow
@pytest.mark.parametrize("row", ffo_rows(), ids=lambda row: row[0])
def test_ffo_score_and_best_moves(row: list[str]) -> None:
    ident, board64, side, empties, score, best_moves = row[:6]
    P, O = own_bits(board64, side)
    assert 64 - (P | O).bit_count() == int(empties)
    got_score, got_best = solve(P, O)
    assert got_score == int(score), ident
    assert {square_name(sq) for sq in got_best} == set(best_moves.split(",")), ident


@pytest.mark.parametrize("ident", ["ffo1", "ffo5", "ffo7"])
def test_ffo_every_move_score(ident: str) -> None:
    row = next(r for r in ffo_rows() if r[0] == ident)
    P, O = own_bits(row[1], row[2])
    expected = {m.split(":")[0]: int(m.split(":")[1]) for m in row[6].split()}
    got = {square_name(sq): v for sq, v in Solver().move_scores(P, O).items()}
    assert got == expected


def test_ffo_20_39_data_lists_every_legal_move_of_its_positions() -> None:
    rows = [line.split("\t") for line in FFO_20_39.read_text().splitlines()[1:]]
    assert [row[0] for row in rows] == [f"ffo{i}" for i in range(20, 40)]
    for ident, board64, side, empties, score, best, scores in rows:
        P, O = own_bits(board64, side)
        assert 64 - (P | O).bit_count() == int(empties), ident
        listed = {m.split(":")[0]: int(m.split(":")[1]) for m in scores.split()}
        moves = legal_moves(P, O)
        assert set(listed) == {square_name(sq) for sq in range(64) if moves >> sq & 1}, ident
        top = max(listed.values())
        assert int(score) == top and set(best.split(",")) == {
            m for m, v in listed.items() if v == top
        }


@pytest.mark.parametrize("ident", ["ffo20", "ffo21"])
def test_ffo_20_39_smallest_solve_to_the_file(ident: str) -> None:
    row = next(r.split("\t") for r in FFO_20_39.read_text().splitlines() if r.startswith(ident))
    P, O = own_bits(row[1], row[2])
    score, best = solve(P, O)
    assert score == int(row[4]) and {square_name(sq) for sq in best} == set(row[5].split(","))


@pytest.mark.native
def test_solver_matches_minimax_on_random_small_endgames() -> None:
    rnd = random.Random(11)
    for i in range(36):
        P, O = random_position(rnd, 3 + i % 6)
        expected = minimax(P, O)
        solver = Solver()
        assert solver.search(P, O) == expected
        score, best = solver.solve(P, O)
        assert score == expected
        moves = legal_moves(P, O)
        for sq in range(64):
            if moves >> sq & 1:
                f = flips(P, O, sq)
                value = -minimax(O ^ f, P | f | (1 << sq))
                assert (sq in best) == (value == expected)


def test_list_search_tries_squares_by_priority() -> None:
    # Every square once; corners first, X-squares just before the four centre squares.
    assert sorted(PRIORITY) == list(range(64))
    assert [square_name(sq) for sq in PRIORITY[:4]] == ["a1", "h1", "a8", "h8"]
    assert {square_name(sq) for sq in PRIORITY[56:60]} == {"b2", "g2", "b7", "g7"}
    empty = (1 << 9) | (1 << 0) | (1 << 2) | (1 << 63)  # b2 a1 c1 h8
    assert [square_name(sq) for sq in empties_in_order(empty)] == ["a1", "h8", "c1", "b2"]


@pytest.mark.native
def test_solver_matches_minimax_with_deep_search_and_passes() -> None:
    # 9-10 empties exercise the hash-table search above the list-based one.
    rnd = random.Random(3)
    for _ in range(3):
        P, O = random_position(rnd, 9)
        assert Solver().search(P, O) == minimax(P, O)


def test_fail_soft_bounds_are_bounds() -> None:
    rnd = random.Random(8)
    for _ in range(20):
        P, O = random_position(rnd, 10)
        exact = Solver().search(P, O)
        for alpha, beta in ((exact - 1, exact), (exact, exact + 1), (-64, exact - 4)):
            v = Solver().search(P, O, alpha, beta)
            if v <= alpha:
                assert exact <= v
            elif v >= beta:
                assert exact >= v
            else:
                assert v == exact


def test_game_over_and_full_board() -> None:
    full_p = (1 << 40) - 1
    full_o = ((1 << 64) - 1) ^ full_p
    assert solve(full_p, full_o) == (16, [])
    # Black alone on the board with empties: the game is over, empties go to Black.
    assert solve(1 << 10, 0) == (64, [])


def test_stop_callback_raises() -> None:
    row = ffo_rows()[18]
    P, O = own_bits(row[1], row[2])
    calls = []

    def stop() -> bool:
        calls.append(1)
        return len(calls) > 2

    solver = Solver(should_stop=stop)
    with pytest.raises(Stopped):
        solver.search(P, O)
    assert 2 * 2048 <= solver.nodes <= 4 * 2048 + 100


def test_principal_variation_plays_out_to_the_exact_score() -> None:
    for row in ffo_rows()[:3]:
        P, O = own_bits(row[1], row[2])
        solver = Solver()
        score, best = solver.best(P, O)
        line = solver.principal_variation(P, O, best, limit=64)
        me, you = P, O  # replay, tracking whose discs are the root player's
        mine_to_move = True
        for sq in line:
            mover, other = (me, you) if mine_to_move else (you, me)
            if not legal_moves(mover, other):
                mine_to_move = not mine_to_move
                mover, other = other, mover
            assert legal_moves(mover, other) >> sq & 1
            f = flips(mover, other, sq)
            mover, other = mover | f | (1 << sq), other ^ f
            me, you = (mover, other) if mine_to_move else (other, mover)
            mine_to_move = not mine_to_move
        assert not legal_moves(me, you) and not legal_moves(you, me)
        assert final_score(me, you) == score == int(row[4])


@pytest.mark.native
def test_outcome_move_finds_a_win_else_a_draw() -> None:
    rnd = random.Random(12)
    seen = set()
    for _ in range(40):
        P, O = random_position(rnd, 10)
        moves = legal_moves(P, O)
        if not moves:
            continue
        exact = Solver().move_scores(P, O)
        order = sorted(exact)
        rnd.shuffle(order)
        value, sq = Solver().outcome_move(P, O, order)
        best = max(exact.values())
        assert (value > 0) == (best > 0) and (value == 0) == (best == 0)
        if value >= 0:
            assert exact[sq] > 0 if value > 0 else exact[sq] == 0
            assert value <= exact[sq]  # a proven lower bound
        else:
            assert sq == order[0]
        seen.add((value > 0) - (value < 0))
    assert seen == {-1, 0, 1}


@pytest.mark.native
def test_best_with_an_order_and_a_guess_stays_exact() -> None:
    """A given root order and a first window around a guess (right, too low, too high)
    change the work, never the score; the move found reaches the score."""
    rnd = random.Random(21)
    for _ in range(12):
        P, O = random_position(rnd, 11)
        if not legal_moves(P, O):
            continue
        exact = Solver().move_scores(P, O)
        score = max(exact.values())
        order = sorted(exact)
        rnd.shuffle(order)
        for guess in (score, score - 20, score + 20, None):
            got, sq = Solver().best(P, O, order, guess)
            assert got == score and exact[sq] == score


@pytest.mark.parametrize("ident", ["ffo1", "ffo10"])
def test_ffo_best_with_a_wrong_guess(ident: str) -> None:
    row = next(r for r in ffo_rows() if r[0] == ident)
    P, O = own_bits(row[1], row[2])
    for guess in (int(row[4]) - 12, int(row[4]) + 12):
        score, sq = Solver().best(P, O, None, guess)
        assert score == int(row[4]) and square_name(sq) in row[5].split(",")
