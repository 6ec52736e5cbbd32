"""The puzzle sets (web/puzzles/*.json): every puzzle proved again, ids and sizes, and the
generator (tools.build.puzzles) deterministic."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from flipside.othello import Board
from flipside.othello.ai.endgame import Solver
from flipside.othello.notation import Move
from flipside.themisto.board import Board as ThemistoBoard
from test_facade_themisto_ai import wins_at_once
from tools.build import puzzles as generator

ROOT = Path(__file__).resolve().parents[1]


def puzzle_set(game: str) -> list[dict]:
    data = json.loads((ROOT / "web" / "puzzles" / f"{game}.json").read_text())
    assert data["game"] == game
    return data["puzzles"]  # type: ignore[no-any-return]


@pytest.mark.parametrize("game", ["othello", "themisto"])
def test_a_set_has_several_hundred_puzzles_numbered_from_one(game: str) -> None:
    puzzles = puzzle_set(game)
    assert len(puzzles) >= 200
    assert [p["id"] for p in puzzles] == list(range(1, len(puzzles) + 1))
    assert len({p["position"] for p in puzzles}) == len(puzzles)


def test_every_othello_puzzle_has_one_best_move_by_the_exact_solver() -> None:
    for puzzle in puzzle_set("othello"):
        board = Board.from_position(puzzle["position"][:64] + " " + puzzle["position"][64:])
        assert str(board.turn).lower() == puzzle["toMove"]
        P, O = board.bits()
        assert 64 - (P | O).bit_count() == puzzle["empties"]
        scores = Solver().move_scores(P, O)
        ranked = sorted(scores.values(), reverse=True)
        best = [str(Move(sq)) for sq, v in scores.items() if v == ranked[0]]
        assert best == [puzzle["best"]], puzzle["id"]
        assert (ranked[0], ranked[0] - ranked[1]) == (puzzle["score"], puzzle["gap"])
        assert puzzle["gap"] >= generator.MIN_GAP


def test_every_themisto_puzzle_has_one_answer_by_the_rules() -> None:
    kinds = set()
    for puzzle in puzzle_set("themisto"):
        board = ThemistoBoard.from_position(puzzle["position"].replace("_", " "))
        assert ("one" if board.turn == 1 else "two") == puzzle["toMove"]
        winning = sorted(wins_at_once(board))
        kinds.add(puzzle["kind"])
        if puzzle["kind"] == "win in one":
            assert winning == [puzzle["best"]], puzzle["id"]
            continue
        assert puzzle["kind"] == "save the game" and winning == []
        safe = []
        for move in board.legal_moves():
            after = board.copy()
            after.push(move)
            if after.is_game_over() or not wins_at_once(after):
                safe.append(str(move))
        assert safe == [puzzle["best"]], puzzle["id"]
    assert "win in one" in kinds and kinds <= {"win in one", "save the game"}


def test_the_generator_is_deterministic() -> None:
    assert generator.othello_puzzles(stop=4) == puzzle_set("othello")[:4]
    assert generator.themisto_puzzles(stop=4) == puzzle_set("themisto")[:4]
