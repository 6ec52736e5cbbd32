"""The puzzle sets (web/puzzles/*.json): every puzzle proved again, ids and sizes, and the
generator (tools.build.puzzles) deterministic."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from flipside.othello import Board
from flipside.othello.ai.endgame import Solver
from flipside.othello.notation import Move
from flipside.themisto.ai.threats import winning_moves
from flipside.themisto.board import Board as ThemistoBoard
from flipside.themisto.notation import Move as ThemistoMove
from test_facade_themisto_ai import wins_at_once
from tools.build import puzzles as generator
from tools.build import themisto_puzzles

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


# The proofs below take every puzzle, in PARTS tests of every PARTS-th puzzle each, so that
# the native layer's xdist workers share them (no part is the layer's last long test).
PARTS = 4


def othello_board(puzzle: dict) -> Board:
    return Board.from_position(puzzle["position"][:64] + " " + puzzle["position"][64:])


@pytest.mark.parametrize("part", range(PARTS))
def test_every_othello_endgame_puzzle_has_one_best_move_by_the_exact_solver(part: int) -> None:
    endgames = [p for p in puzzle_set("othello") if p["kind"] == "endgame"]
    assert len(endgames) == generator.OTHELLO_COUNT
    for puzzle in endgames[part::PARTS]:
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


@pytest.mark.parametrize("part", range(PARTS))
def test_every_othello_midgame_puzzle_has_one_clearly_best_move(part: int) -> None:
    """The same move leads by MIDGAME_GAP discs or more at both search depths."""
    midgames = [p for p in puzzle_set("othello") if p["kind"] == "midgame"]
    assert len(midgames) >= 50
    for puzzle in midgames[part::PARTS]:
        board = othello_board(puzzle)
        assert str(board.turn).lower() == puzzle["toMove"]
        assert generator.clearly_best(board) == (puzzle["best"], puzzle["value"], puzzle["gap"])
        assert puzzle["gap"] >= generator.MIDGAME_GAP and 20 <= puzzle["empties"] <= 30


def wins_in_two(board: ThemistoBoard) -> list[str]:
    """Every move after which each reply leaves the mover a win at once (no shortcut: every
    reply of every move is tried until one defends)."""
    me = board.turn
    out = []
    for move in board.legal_moves():
        board.push(move)
        forced = not board.is_game_over() and board.turn != me
        for reply in board.legal_moves() if forced else []:
            board.push(reply)
            forced = board.turn == me and bool(winning_moves(board, first_only=True))
            board.pop()
            if not forced:
                break
        board.pop()
        if forced:
            out.append(str(move))
    return out


def test_the_themisto_set_has_each_kind() -> None:
    kinds = {puzzle["kind"] for puzzle in puzzle_set("themisto")}
    assert kinds == {"win in one", "save the game", "win in two"}


@pytest.mark.parametrize("part", range(PARTS))
def test_every_themisto_puzzle_has_one_answer_by_the_rules(part: int) -> None:
    for puzzle in puzzle_set("themisto")[part::PARTS]:
        board = ThemistoBoard.from_position(puzzle["position"].replace("_", " "))
        assert ("one" if board.turn == 1 else "two") == puzzle["toMove"]
        winning = sorted(wins_at_once(board))
        if puzzle["kind"] == "win in one":
            assert winning == [puzzle["best"]], puzzle["id"]
            continue
        if puzzle["kind"] == "win in two":
            assert winning == [] and board.pending_lost_turns == (0, 0)
            assert wins_in_two(board) == [puzzle["best"]], puzzle["id"]
            board.push(ThemistoMove.parse(puzzle["best"]))
            board.push(ThemistoMove.parse(puzzle["defence"]))  # legal
            assert puzzle["win"] in wins_at_once(board), puzzle["id"]
            continue
        assert puzzle["kind"] == "save the game" and winning == []
        safe = []
        for move in board.legal_moves():
            after = board.copy()
            after.push(move)
            if after.is_game_over() or not wins_at_once(after):
                safe.append(str(move))
        assert safe == [puzzle["best"]], puzzle["id"]


def test_the_generator_is_deterministic() -> None:
    assert generator.othello_puzzles(stop=4) == puzzle_set("othello")[:4]
    first_midgames = [p for p in puzzle_set("othello") if p["kind"] == "midgame"][:2]
    again = generator.midgame_puzzles(stop=2)
    assert [
        {"id": d["id"]} | p for p, d in zip(again, first_midgames, strict=True)
    ] == first_midgames
    assert generator.themisto_puzzles(stop=4) == puzzle_set("themisto")[:4]
    deep = [p for p in puzzle_set("themisto") if p["kind"] != "win in one"]
    seed = int(str(deep[0]["source"]).split("seed ")[1].split(",")[0])
    found = themisto_puzzles.deep_puzzles_of(seed)
    assert (
        found
        and [p | {"id": d["id"]} for p, d in zip(found, deep, strict=False)] == deep[: len(found)]
    )
