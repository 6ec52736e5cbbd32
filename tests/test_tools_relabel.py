"""tools.train.relabel_endgame: exact labels and labels backed up along the game (native only)."""

from __future__ import annotations

from flipside.othello.ai.endgame import Solver
from tools.train import relabel_endgame as tool


def test_labels_are_exact_below_the_solve_point_and_backed_up_above_it() -> None:
    rows = tool.relabel(([("WTH_2000.wtb", 19), ("WTH_2000.wtb", 20)], 8))
    by_game: list[list[tuple[int, int, int, int, bool]]] = [[], []]
    game = -1
    for row in rows:
        if 64 - (row[0] | row[1]).bit_count() == 1:  # each game's rows start at its end
            game += 1
        by_game[game].append(row)
    assert [len(g) for g in by_game] == [23, 23]
    for rows_of_game, held in zip(by_game, (True, False)):
        empties = [64 - (P | O).bit_count() for P, O, *_ in rows_of_game]
        assert empties == list(range(1, 24))
        anchor = rows_of_game[7]  # the position at 8 empties
        for (P, O, label, exact, held_out), e in zip(rows_of_game, empties):
            assert held_out == held
            assert exact == (e <= 8)
            if exact:
                assert label == Solver().search(P, O)
            else:
                assert abs(label) == abs(anchor[2])
        # one move above the solve point: the move played is one of the options, so the
        # exact value is at least the backed-up label
        P9, O9, label9, *_ = rows_of_game[8]
        assert Solver().search(P9, O9) >= label9


def test_game_order_puts_held_out_games_first_and_visits_every_game_once() -> None:
    order = tool.game_order()
    assert len(order) == len(set(order)) > 100_000
    held = [i % 20 == 19 for _, i in order]
    first_kept = held.index(False)
    assert all(held[:first_kept]) and not any(held[first_kept:])
    assert len({name for name, _ in order[:200]}) > 30  # interleaved across the files
