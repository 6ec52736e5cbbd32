"""Training cards (flipside.training, the facade's training_cards and opening_lines): a
reviewed game's mistakes as cards, the moves each accepts taken from the review's own values
(checked against an independent exact solve), the played move refused, the sides kept, a
review made before the rows held every move's value, Themisto's proven blunders, bad input."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest

from flipside import facade, games, review, training
from flipside.othello import Board
from flipside.othello.ai import api as othello_ai
from flipside.othello.ai.endgame import Solver
from flipside.othello.notation import Move
from flipside.record import Record
from test_review import endgame_line, exact_values


def call(method: str, **params: Any) -> Any:
    answer = json.loads(facade.handle(json.dumps({"id": 1, "method": method, "params": params})))
    if "error" in answer:
        raise ValueError(answer["error"]["message"])
    return answer["result"]


def solved_values(board: Board) -> dict[str, int]:
    """Every legal move's exact value by the engine's solver (fast; the tests here check the
    cards against ``exact_values``, plain negamax)."""
    P, O = board.bits()
    return {str(Move(sq)): v for sq, v in Solver().move_scores(P, O).items()}


def blundered(
    seed: int, empties: int = 10, values_of: Callable[[Board], dict[str, int]] | None = None
) -> tuple[str, Board, str, dict[str, int]]:
    """A random game down to ``empties`` empty squares, then its side to move's worst move:
    (the game's record, the board before the move, the move, every move's exact value)."""
    for s in range(seed, seed + 50):
        board = endgame_line(s, empties)
        values = (values_of or solved_values)(board)
        if len(values) < 3:
            continue
        worst = min(values, key=lambda m: values[m])
        if max(values.values()) - values[worst] >= othello_ai.MARKS[2]:
            moves = board.transcript() + worst
            return Record("othello", moves).text(), board, worst, values
    raise AssertionError("no blunder found")


@pytest.mark.parametrize("seed", [1, 2])
def test_a_blunder_card_accepts_the_moves_the_review_would_not_mark(seed: int) -> None:
    record, board, worst, values = blundered(seed * 100, empties=8, values_of=exact_values)
    ply = len(board.move_stack)
    rows = [call("judge", record=record, ply=ply)]
    assert rows[0]["mark"] == "blunder" and rows[0]["exact"]
    assert rows[0]["values"] == values  # the review keeps every move's exact value
    (card,) = call("training_cards", record=record, rows=rows)
    best = max(values.values())
    good = {m for m, v in values.items() if best - v < othello_ai.MARKS[0]}
    assert card["accepted"][0] == rows[0]["best"]
    assert set(card["accepted"]) == good
    assert worst not in card["accepted"]
    assert card["move"] == worst and card["loss"] == best - values[worst]
    assert card["mark"] == "blunder" and card["unit"] == "discs"
    assert card["ply"] == ply and card["by"] == rows[0]["by"]
    # The card's position is the game before the move: it opens on its own.
    state = call("state", record=card["record"])
    assert len(state["moves"]) == ply and worst in state["legalNames"]


def test_a_review_without_every_value_accepts_the_best_move_alone() -> None:
    record, board, _, _ = blundered(500)
    row = call("judge", record=record, ply=len(board.move_stack))
    del row["values"]
    (card,) = call("training_cards", record=record, rows=[row])
    assert card["accepted"] == [row["best"]] and card["values"] is None


def test_only_mistakes_and_blunders_of_the_sides_asked_become_cards() -> None:
    record, board, _, _ = blundered(700)
    ply = len(board.move_stack)
    row = call("judge", record=record, ply=ply)
    by = row["by"]
    other = next(side for side in games.adapter("othello").SIDES if side != by)
    assert call("training_cards", record=record, rows=[row], sides=[other]) == []
    assert len(call("training_cards", record=record, rows=[row], sides=[by])) == 1
    small = {**row, "mark": "inaccuracy"}
    assert call("training_cards", record=record, rows=[small]) == []
    none = {**row, "mark": None}
    assert training.mistake_cards(record, [none]) == []


def test_a_themisto_move_that_gives_up_a_proven_win_is_never_accepted() -> None:
    ai = games.ai("themisto")
    row = {
        "move": "a1-a2",
        "best": "b1-b2",
        "bestValue": 8.0,
        "values": {"b1-b2": 8.0, "c1-c2": 7.5, "d1-d2": 7.8, "a1-a2": 1.0},
    }
    # 7.5 and 7.8 lose less than the first threshold (1 point) but give up the proven win.
    assert ai.blunder_by_proof({"bestValue": 8.0, "value": 7.8})
    assert training.accepted_moves(ai, row) == ["b1-b2"]
    row = {**row, "bestValue": 3.0, "values": {"b1-b2": 3.0, "c1-c2": 2.5, "a1-a2": 0.0}}
    assert training.accepted_moves(ai, row) == ["b1-b2", "c1-c2"]


def test_bad_rows_are_refused_by_name() -> None:
    record, board, _, _ = blundered(900)
    row = call("judge", record=record, ply=len(board.move_stack))
    with pytest.raises(ValueError, match="rows must be a list"):
        call("training_cards", record=record, rows="no")
    with pytest.raises(ValueError, match="is not a move of this game"):
        call("training_cards", record=record, rows=[{**row, "move": "a1"}])
    with pytest.raises(ValueError, match="rows must be a list"):
        call(
            "training_cards",
            record=record,
            rows=[{"ply": row["ply"], "move": row["move"], "mark": "blunder"}],
        )
    with pytest.raises(ValueError, match="sides"):
        call("training_cards", record=record, rows=[row], sides="black")


def test_the_named_openings_for_a_repertoire() -> None:
    lines = call("opening_lines", game="othello")
    assert len(lines) > 80
    assert all(line["moves"][0] == "f5" for line in lines)
    tiger = next(line for line in lines if line["name"] == "Tiger")
    assert tiger["moves"] == ["f5", "d6", "c3", "d3", "c4"]
    assert call("opening_lines", game="themisto") == []


def test_a_whole_review_gives_its_cards_in_move_order() -> None:
    record, board, _, _ = blundered(1100)
    last = len(board.move_stack)
    rows = [review.judge(record, ply, depth=1) for ply in range(last - 12, last)]
    rows.append(review.judge(record, last))  # solved: a blunder
    cards = training.mistake_cards(record, rows)
    marked = [r for r in rows if r["mark"] in training.TRAINED_MARKS]
    assert marked  # the last move at least: a blunder by the exact solve
    assert [c["ply"] for c in cards] == [r["ply"] for r in marked]
    assert [c["move"] for c in cards] == [r["move"] for r in marked]
    assert all(c["accepted"][0] == r["best"] for c, r in zip(cards, marked, strict=True))
