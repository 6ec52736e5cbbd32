"""The computer's endgame move split over workers (``endgame_start``) and a split solve's line
kept by the worker that answers the next move (``keep_line``): how the page's pool solves
Othello's endgame on every worker."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from flipside import facade
from flipside.checks import RequestError, reply_budget
from flipside.othello.ai import api as othello_ai
from flipside.othello.ai import engine as othello_engine
from flipside.othello.ai.engine import solve
from flipside.othello.board import Board
from flipside.othello.notation import Move

# 12 empty squares, White to move; its solved line has a pass (as test_othello_ai_solved_line).
GAME = (
    "f5f4c3d6d3c5b6d2c4b3e6f3e3f6g4b4g6g3c1h6d7f2g1c2h2d1b2a2a3g5h5f7e2g2g7a7g8h3h4c6a1b5b1h1"
    "e1f8e8a4"
)
MIDDLE = "othello/d3e3f6c5b5b6f3f2e2d2c1d1c3b4e1g3c2g7h4g1g4d6g2h3"
"""24 moves, out of the book: a middle-game move, the one the page's workers share."""


@pytest.fixture(autouse=True)
def fresh_engines() -> Iterator[None]:
    """This process's engines start (and end) with no kept line."""
    othello_engine.engine_at.cache_clear()
    yield
    othello_engine.engine_at.cache_clear()


def drive(found: Any) -> Any:
    """The answer of a split search whose tasks all run here, one at a time, in order."""
    queue: list[Any] = []
    while found["answer"] is None:
        queue += found["tasks"]
        task = queue.pop(0)
        found = facade.split_step(
            found["state"], [{"task": task, "result": othello_ai.search_task(task)}], 0.0
        )
    return found["answer"]


def after(board: Board, moves: list[str]) -> Board:
    """``board`` after ``moves`` (names), a forced pass played where one comes."""
    board = board.copy()
    for name in moves:
        if not board.has_legal_move():
            board.push(board.legal_moves()[0])
        board.push_str(name)
    if not board.has_legal_move() and not board.is_game_over():
        board.push(board.legal_moves()[0])
    return board


def test_a_middle_game_move_is_declined_an_endgame_move_is_split_and_solved() -> None:
    middle = facade.endgame_start(MIDDLE, 6, 2)
    assert middle["declined"] and middle["tasks"] == [] and middle["answer"] is None

    found = facade.endgame_start("othello/" + GAME, 6, 2, seconds=30)
    assert "declined" not in found and found["tasks"] and found["answer"] is None
    answer = drive(found)
    score, best = solve(Board.from_transcript(GAME))
    assert answer["exact"] and answer["score"] == score
    assert Move.parse(answer["move"]) in best and answer["record"] == "othello/" + GAME


def test_the_moves_in_a_row_share_one_replys_budget() -> None:
    record = "othello/" + GAME
    alone = facade.endgame_start(record, 6, 2, seconds=2.0)["state"]["budget"]
    after_one = facade.endgame_start(record, 6, 2, seconds=2.0, spent=1.5)["state"]["budget"]
    assert alone == 2.0 and after_one == reply_budget(2.0, 1.5) < alone


def test_a_kept_line_answers_its_later_positions_at_once() -> None:
    board = Board.from_transcript(GAME)
    answer = drive(facade.endgame_start("othello/" + GAME, 6, 2, seconds=30))
    line = answer["pv"]
    assert len(line) >= 4
    later = after(board, line[:2])
    record = "othello/" + later.transcript()
    # Not kept: this worker searches the later position again.
    assert othello_engine.engine_at(6).solved.at(*later.bits()) is None

    assert facade.keep_line("othello/" + GAME, 6, answer) is None
    at_once = facade.endgame_start(record, 6, 2, seconds=30)
    assert at_once["tasks"] == [] and at_once["answer"]["nodes"] == 0
    score, best = solve(later)
    assert at_once["answer"]["exact"] and at_once["answer"]["score"] == score
    assert Move.parse(at_once["answer"]["move"]) in best and at_once["answer"]["move"] == line[2]
    thought = facade.think(record, 6, seconds=30)
    assert thought["nodes"] == 0 and thought["pv"] == line[2:]


def test_a_line_that_is_not_legal_or_not_a_line_is_refused_and_the_kept_one_stays() -> None:
    record = "othello/" + GAME
    answer = drive(facade.endgame_start(record, 6, 2, seconds=30))
    facade.keep_line(record, 6, answer)
    kept = othello_engine.engine_at(6).solved.positions

    with pytest.raises(ValueError, match="a1|illegal|not legal"):
        facade.keep_line(record, 6, {**answer, "pv": [answer["pv"][0], "a1"]})
    with pytest.raises(RequestError, match="pv"):
        facade.keep_line(record, 6, {**answer, "pv": "f1"})
    with pytest.raises(RequestError, match="score"):
        facade.keep_line(record, 6, {**answer, "score": "won"})
    with pytest.raises(RequestError, match="no solved line|no endgame"):
        facade.keep_line("themisto/", 4, answer)
    with pytest.raises(RequestError, match="no endgame"):
        facade.endgame_start("themisto/", 4, 2)
    assert othello_engine.engine_at(6).solved.positions == kept
