"""The Themisto computer through the facade, as the page's search worker calls it: the
game-neutral ``think``, ``hints``, ``value`` and ``opening``, their Themisto answers (points,
labels, proven results in words), progress reports and bad requests. Expected moves are
checked against the rules core by playing every move and reply, not against the engine."""

from __future__ import annotations

import json

import pytest

from flipside import facade as web
from flipside import games
from flipside.record import Record
from flipside.themisto import Board, Move
from flipside.themisto import game as themisto_game
from flipside.themisto.ai import api as themisto_ai

# From the start, player one wins on move 5 by sliding to d1 and capturing c1 and e1 (b1 c1
# d1 e1 f1), from c2 or from d8.
BEFORE_WIN = "themisto/a1-b2,a7-b6,d1-c2,h7-g6"
WINNING = {"c2-d1x", "d8-d1x"}
WINNING_MOVE = "c2-d1x"  # the one the tests play


def call(method: str, progress: list[dict] | None = None, **params: object) -> dict:  # type: ignore[type-arg]
    sink = None if progress is None else (lambda text: progress.append(json.loads(text)))
    return json.loads(web.handle(json.dumps({"id": 1, "method": method, "params": params}), sink))  # type: ignore[no-any-return]


def result(method: str, **params: object) -> dict:  # type: ignore[type-arg]
    answer = call(method, **params)
    assert "error" not in answer, answer
    return answer["result"]  # type: ignore[no-any-return]


def error(method: str, **params: object) -> str:
    answer = call(method, **params)
    assert "result" not in answer, answer
    return answer["error"]["message"]  # type: ignore[no-any-return]


def board_of(record: str) -> Board:
    return themisto_game.replay(Record.parse(record)).board


def wins_at_once(board: Board) -> set[str]:
    """The moves after which the player who made them has won (the rules core decides)."""
    mover = board.turn
    out = set()
    for move in board.legal_moves():
        board.push(move)
        if board.status.result == "win" and board.status.winner == mover:
            out.add(str(move))
        board.pop()
    return out


def loses_at_once(board: Board, move: Move) -> bool:
    """Whether ``move`` lets the opponent win with their next move (or moves)."""
    mover = board.turn
    board.push(move)
    try:
        if board.is_game_over():
            return board.status.winner not in (None, mover)
        opponent = board.turn
        return opponent != mover and bool(wins_at_once(board))
    finally:
        board.pop()


def test_the_winning_move_exists_and_is_unique_here() -> None:
    assert wins_at_once(board_of(BEFORE_WIN)) == WINNING


@pytest.mark.parametrize("level", [2, 3, 4])
def test_think_takes_the_win_in_one_and_says_it_is_forced(level: int) -> None:
    progress: list[dict] = []  # type: ignore[type-arg]
    answer = call("think", progress, record=BEFORE_WIN, level=level, seed=1)["result"]
    assert answer["move"] in WINNING
    assert answer["verdict"] == "player one wins by force in 1"
    assert answer["score"] == themisto_ai.SCALE and answer["exact"] is True
    assert answer["record"] == BEFORE_WIN and answer["level"] == level
    assert progress and all(p["type"] == "depth" for p in progress)
    assert progress[-1]["move"] in WINNING and "scores" not in progress[-1]


def test_think_avoids_a_loss_in_one_from_the_start() -> None:
    board = Board()
    losing = {str(m) for m in board.legal_moves() if loses_at_once(board, m)}
    assert len(losing) == 88  # of 160: the figure the issue gives
    for seed in range(3):
        answer = result("think", record="themisto/", level=2, seed=seed)
        assert answer["move"] not in losing
        assert answer["verdict"] is None and abs(answer["score"]) < themisto_ai.SCALE


def test_think_answers_a_forced_pass_with_pass() -> None:
    # A lone disk: no destination touches another disk, so no slide (a set-up position).
    record = "themisto/&start=X" + "-" * 63 + "_1_0_0"
    state = result("state", record=record)
    assert state["extra"]["canPass"]
    assert result("think", record=record, level=3)["move"] == "pass"


def test_hints_value_every_legal_move_and_mark_the_proven_ones() -> None:
    board = board_of(BEFORE_WIN)
    found = result("hints", record=BEFORE_WIN, seconds=5)
    names = {str(m) for m in board.legal_moves()}
    assert set(found["values"]) == names == set(found["labels"])
    assert found["best"] in WINNING and all(found["labels"][m] == "W1" for m in WINNING)
    assert found["bestFrom"] == {"c2-d1x": 10, "d8-d1x": 59}[found["best"]]
    assert found["verdict"] == "player one wins by force in 1"
    assert WINNING <= set(found["exactMoves"]) <= names
    # Each proven label agrees with its value's sign; unproven values stay inside the scale.
    for name, value in found["values"].items():
        label = found["labels"][name]
        if name in found["exactMoves"]:
            assert abs(value) == themisto_ai.SCALE and label[0] == ("W" if value > 0 else "L")
        else:
            assert abs(value) < themisto_ai.SCALE and label[0] in "+0\u2212"
    # A move after which player two wins at once is labelled a loss in 2 plies.
    losing = next(m for m in board.legal_moves() if loses_at_once(board, m))
    assert found["labels"][str(losing)] == "L2"


def test_value_is_from_player_ones_view_and_exact_when_proven() -> None:
    assert result("value", record=BEFORE_WIN) == {
        "record": BEFORE_WIN,
        "value": themisto_ai.SCALE,
        "exact": True,
    }
    over = BEFORE_WIN + "," + WINNING_MOVE
    assert result("value", record=over)["value"] == themisto_ai.SCALE
    # Player two to move with a win at once: the value says player two is winning.
    board = Board()
    losing = next(m for m in board.legal_moves() if loses_at_once(board, m))
    after = result("value", record=f"themisto/{losing}")
    assert after["value"] == -themisto_ai.SCALE and after["exact"] is True
    start = result("value", record="themisto/")
    assert start["exact"] is False and abs(start["value"]) < themisto_ai.SCALE


def test_opening_names_are_othellos_only() -> None:
    assert result("opening", record="themisto/a1-b2") is None
    assert result("opening", record="othello/f5d6")["name"] == "Perpendicular"


def test_bad_requests_say_what_is_wrong() -> None:
    assert "level must be 1..4" in error("think", record="themisto/", level=5)
    assert "level must be" in error("think", record="themisto/", level=True)
    assert "game is over" in error("think", record=BEFORE_WIN + "," + WINNING_MOVE, level=2)
    assert "seconds" in error("hints", record="themisto/", seconds=0)
    assert "move 1" in error("think", record="themisto/a1-a1", level=2)
    assert "no game called" in error("value", record="chess/e4")


def test_the_themisto_ai_names_the_game_it_cannot_play() -> None:
    with pytest.raises(ValueError, match="^the Themisto AI cannot play othello$"):
        themisto_ai.think("othello/f5", 2, None, None, lambda info: None)
    with pytest.raises(ValueError, match="^the Themisto AI cannot play othello$"):
        themisto_ai.value("othello/f5", None)


def test_points_and_labels_of_engine_scores() -> None:
    from flipside.themisto.ai.search import PROVEN, WIN

    assert themisto_ai.points(PROVEN) == 8 and themisto_ai.points(-PROVEN) == -8
    assert themisto_ai.points(WIN - 1) == 8 and themisto_ai.points(1 - WIN) == -8
    assert themisto_ai.points(690) == 6.9 and themisto_ai.points(-350) == -3.5
    assert themisto_ai.points(5000) == 7 and themisto_ai.points(-5000) == -7
    assert themisto_ai.points(0) == 0 and themisto_ai.points(1) == 0
    assert themisto_ai.label(PROVEN) == f"W{WIN - PROVEN}" and themisto_ai.label(WIN - 1) == "W1"
    assert themisto_ai.label(3 - WIN) == "L3" and themisto_ai.label(-PROVEN) == "L1000"
    assert themisto_ai.label(0) == "0" and themisto_ai.label(100) == "+1"
    assert themisto_ai.label(150) == "+1.5" and themisto_ai.label(-150) == "\u22121.5"


def test_a_game_without_a_computer_player_says_so(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(games.adapter("themisto"), "AI_MODULE", "")
    assert error("think", record="themisto/", level=2) == "Themisto has no computer player"
    monkeypatch.undo()
    over = BEFORE_WIN + "," + WINNING_MOVE
    assert error("think", record=over, level=2) == ("the game is over: there is no move to choose")
