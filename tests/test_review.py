"""Game review (flipside.review, the facade's judge / review_summary, the analyse command):
exact losses checked against an independent solve, marks by the thresholds, proven Themisto
blunders checked with the rules, the summary's arithmetic, and bad input."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from flipside import facade, review
from flipside.cli import main
from flipside.othello import Board
from flipside.othello.ai import api as othello_ai
from flipside.othello.notation import Move
from flipside.themisto.board import Board as ThemistoBoard
from flipside.themisto.notation import Move as ThemistoMove
from test_facade_themisto_ai import wins_at_once
from test_othello_endgame import minimax

WTHOR = Path(__file__).resolve().parents[1] / ".." / "shared" / "data" / "wthor" / "WTH_1980.wtb"


def endgame_line(seed: int, empties: int) -> Board:
    """A random legal game down to ``empties`` empty squares (passes played)."""
    rnd = random.Random(seed)
    board = Board()
    while empties_of(board) > empties:
        moves = board.legal_moves()
        if board.is_game_over():
            return endgame_line(seed + 1000, empties)
        board.push(rnd.choice(moves))
    return board


def empties_of(board: Board) -> int:
    P, O = board.bits()
    return 64 - (P | O).bit_count()


def exact_values(board: Board) -> dict[str, int]:
    """Every legal move's exact value for the side to move, by plain negamax."""
    values = {}
    for move in board.legal_moves():
        after = board.copy()
        after.push(move)
        P, O = after.bits()
        values[str(move)] = -minimax(P, O)
    return values


def expected_mark(loss: float) -> str | None:
    found = None
    for name, threshold in zip(review.MARK_NAMES, othello_ai.MARKS, strict=True):
        if loss >= threshold:
            found = name
    return found


@pytest.mark.parametrize("seed", range(6))
def test_an_exact_loss_is_the_solved_difference_and_marked_by_it(seed: int) -> None:
    board = endgame_line(seed, 9)
    if len(board.legal_moves()) < 2:
        pytest.skip("no choice in this position")  # pragma: no cover - seeds chosen to have one
    values = exact_values(board)
    worst = min(values, key=lambda name: values[name])
    record = f"othello/{board.transcript()}{worst}"
    ply = len(review.plies(record)) - 1
    row = review.judge(record, ply)
    best_value = max(values.values())
    assert row["exact"] is True
    assert row["move"] == worst and row["value"] == values[worst]
    assert row["bestValue"] == best_value and values[row["best"]] == best_value
    assert row["loss"] == best_value - values[worst]
    assert row["mark"] == expected_mark(row["loss"])
    assert row["bestSquares"] == [Move.parse(row["best"]).square]


def test_a_game_of_best_moves_has_no_mark() -> None:
    board = endgame_line(11, 8)
    start = len(board.move_stack)
    while not board.is_game_over():
        if board.legal_moves()[0].is_pass:
            board.push(board.legal_moves()[0])  # the pass
            continue
        values = exact_values(board)
        board.push(next(m for m in board.legal_moves() if values[str(m)] == max(values.values())))
    record = f"othello/{board.transcript()}"
    rows = [review.judge(record, ply) for ply in range(start, len(review.plies(record)))]
    assert rows and all(r["mark"] is None and r["loss"] in (0, None) for r in rows)
    assert all(r["exact"] for r in rows if r["choices"] > 1)


def test_a_forced_move_and_a_pass_are_not_judged() -> None:
    board = endgame_line(3, 12)
    while not board.legal_moves()[0].is_pass and len(board.legal_moves()) > 1:
        board.push(board.legal_moves()[0])
        if board.is_game_over():  # pragma: no cover - the line below always has one
            pytest.skip("no forced move on this line")
    record = f"othello/{board.transcript()}{board.legal_moves()[0]}"
    moves = review.plies(record)
    row = review.judge(record, len(moves) - 1)
    assert row["choices"] == 1 and row["loss"] is None and row["mark"] is None


# A random line in which the player to move can win at once, and one in which every move
# but a few lets the opponent win at once (found with the rules core, checked below).
LINE = ["h6-g5", "a6-b5", "c1-c2", "a3-c1", "a7-c7", "h5-h6", "a5-b6", "f8-d6", "e8-d7", "c2-c6"]


def after(board: ThemistoBoard, move: ThemistoMove) -> ThemistoBoard:
    out = board.copy()
    out.push(move)
    return out


def test_themisto_missing_a_win_in_one_is_a_blunder() -> None:
    board = ThemistoBoard()
    for ply, name in enumerate(LINE):
        winners = wins_at_once(board)
        if winners:
            plain = next(str(m) for m in board.legal_moves() if str(m) not in winners)
            row = review.judge("themisto/" + ",".join([*LINE[:ply], plain]), ply)
            assert row["mark"] == "blunder" and row["bestValue"] == 8 and row["value"] < 8
            assert row["best"] in winners
            return
        board.push(ThemistoMove.parse(name))
    raise AssertionError("the line has no win in one")  # pragma: no cover


def test_themisto_allowing_a_win_in_one_is_a_blunder() -> None:
    board = ThemistoBoard()
    for ply, name in enumerate(LINE):
        gives_win = bool(wins_at_once(after(board, ThemistoMove.parse(name))))
        safe = [m for m in board.legal_moves() if not wins_at_once(after(board, m))]
        if gives_win and safe and not wins_at_once(board):
            row = review.judge("themisto/" + ",".join(LINE[: ply + 1]), ply)
            assert row["mark"] == "blunder" and row["value"] == -8 and row["bestValue"] > -8
            return
        board.push(ThemistoMove.parse(name))
    raise AssertionError("the line never allows a win in one")  # pragma: no cover


def test_summary_counts_marks_and_averages_accuracy() -> None:
    record = "othello/f5d6c3"
    rows = [
        {"ply": 0, "by": "black", "loss": 0.0, "mark": None, "value": 1, "bestValue": 1},
        {"ply": 1, "by": "white", "loss": 4.0, "mark": "mistake", "value": -5, "bestValue": -1},
        {"ply": 2, "by": "black", "loss": 8.0, "mark": "blunder", "value": -7, "bestValue": 1},
        {"ply": 3, "by": "white", "loss": None, "mark": None, "value": None, "bestValue": None},
    ]
    summary = review.summary(record, rows)
    black, white = summary["players"]["black"], summary["players"]["white"]
    assert black["moves"] == 2 and black["blunder"] == 1 and black["mistake"] == 0
    assert black["meanLoss"] == 4.0 and black["accuracy"] == round((100 + 25) / 2, 1)
    assert white["moves"] == 1 and white["mistake"] == 1 and white["accuracy"] == 50.0
    assert summary["scale"] == {
        "unit": "discs",
        "marks": {"inaccuracy": 2.0, "mistake": 4.0, "blunder": 8.0},
        "halfLoss": 4.0,
    }


def test_the_facade_judges_one_move_and_refuses_bad_requests() -> None:
    def call(method: str, **params: object) -> dict[str, object]:
        answer: dict[str, object] = json.loads(
            facade.handle(json.dumps({"id": 1, "method": method, "params": params}))
        )
        return answer

    answer = call("judge", record="othello/f5d6", ply=1, seconds=0.05)
    row = answer["result"]
    assert isinstance(row, dict) and row["move"] == "d6" and row["by"] == "white"
    assert call("judge", record="othello/f5d6", ply=2)["error"] == {
        "type": "ValueError",
        "message": "ply must be 0..1, got 2",
    }
    assert "ply must be" in str(call("judge", record="othello/f5d6", ply=True)["error"])
    # A fixed depth: the row review.judge gives at that depth, whatever the time.
    record = "othello/f5d6c3d3c4f4"
    assert call("judge", record=record, ply=4, depth=3)["result"] == review.judge(
        record, 4, None, 3
    )
    for depth in (0, 9, True, "3"):
        error = call("judge", record=record, ply=4, depth=depth)["error"]
        assert error == {
            "type": "ValueError",
            "message": f"depth must be an integer 1..8, got {depth!r}",
        }
    assert "no game called 'chess'" in str(call("judge", record="chess/e4", ply=0)["error"])
    error = call("review_summary", record="othello/f5", rows=[{"nothing": 1}])["error"]
    assert isinstance(error, dict) and error["message"] == "rows must be a list of judge answers"


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    try:
        status = main(list(argv))
    except SystemExit as exc:
        status = int(exc.code or 0)
    out, err = capsys.readouterr()
    return status, out, err


def test_analyse_prints_a_table_and_json(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "othello", "analyse", "f5 d6 c3 d3 c4", "--depth", "2")
    assert status == 0
    lines = out.splitlines()
    assert lines[0] == "Othello game othello/f5d6c3d3c4"
    assert [line.split()[2] for line in lines[2:7]] == ["f5", "d6", "c3", "d3", "c4"]
    assert [line.split()[1] for line in lines[2:4]] == ["Black", "White"]
    assert any(line.startswith("Black: accuracy ") for line in lines)
    status, out, _ = run(
        capsys, "themisto", "analyse", "#themisto/b1-b4,g8-g6", "--json", "--depth", "1"
    )
    data = json.loads(out)
    assert status == 0 and [r["move"] for r in data["moves"]] == ["b1-b4", "g8-g6"]
    assert set(data["summary"]["players"]) == {"one", "two"}


def test_analyse_reads_a_wthor_game_and_refuses_bad_input(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    status, out, _ = run(
        capsys, "othello", "analyse", str(WTHOR), "--number", "1", "--json", "--depth", "1"
    )
    assert status == 0 and len(json.loads(out)["moves"]) >= 50
    assert run(capsys, "othello", "analyse", str(WTHOR))[2].startswith(
        "flipside: error: a WTHOR file holds many games"
    )
    assert (
        "holds games 1.." in run(capsys, "othello", "analyse", str(WTHOR), "--number", "99999")[2]
    )
    truncated = tmp_path / "cut.wtb"
    truncated.write_bytes(WTHOR.read_bytes()[:100])
    status, _, err = run(capsys, "othello", "analyse", str(truncated), "--number", "1")
    assert status == 2 and err.startswith("flipside: error: ")
    status, _, err = run(capsys, "othello", "analyse", "themisto/b1-b4")
    assert (status, err) == (2, "flipside: error: that is a Themisto game, not Othello\n")
    status, _, err = run(capsys, "othello", "analyse", "othello/")
    assert (status, err) == (2, "flipside: error: the game has no moves to review\n")
    status, _, err = run(capsys, "othello", "analyse", "f5d6", "--depth", "0")
    assert status == 2 and "--depth" in err
