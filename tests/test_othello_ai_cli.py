"""CLI: othello solve, bestmove and play."""

from __future__ import annotations

import io

import pytest

from flipside.cli import main
from flipside.othello.board import Board

FFO1 = "--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X"
FFO4 = "-XXXXXX-X-XXXOO-XOXXXOOXXXOXOOOX-OXOOXXX--OOOXXX--OOXX----XOXXO- X"


def test_solve_prints_score_and_best_moves_last(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["othello", "solve", FFO1]) == 0
    assert capsys.readouterr().out.splitlines()[-1] == "+18 g8"
    assert main(["othello", "solve", FFO4]) == 0
    assert capsys.readouterr().out.splitlines()[-1] == "+0 a5 h8"


def test_bestmove(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["othello", "bestmove", "--level", "max", FFO1]) == 0
    assert capsys.readouterr().out.strip() == "g8"
    assert main(["othello", "bestmove", "--level", "2", "f5d6c3"]) == 0
    legal = {str(m) for m in Board.from_transcript("f5d6c3").legal_moves()}
    assert capsys.readouterr().out.strip() in legal


def test_bad_level_and_bad_position(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["othello", "bestmove", "--level", "99", "f5"]) == 2
    assert "level" in capsys.readouterr().err
    assert main(["othello", "solve", "XO"]) == 2
    assert capsys.readouterr().err.startswith("flipside: error:")


def test_play_reads_moves_and_rejects_illegal_ones(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO("f5\nzz\na1\nquit\n"))
    assert main(["othello", "play", "--level", "1", "--seed", "3"]) == 1
    out = capsys.readouterr().out
    assert "computer plays" in out
    assert "zz is not a square" in out
    assert "a1 is not legal" in out


def test_play_undo_takes_back_the_human_and_computer_moves(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO("undo\nf5\nundo\nquit\n"))
    assert main(["othello", "play", "--level", "1", "--seed", "3"]) == 1
    out = capsys.readouterr().out
    assert "nothing to undo" in out
    # Start, start again (nothing to undo), after f5, after the reply, start after the undo.
    start = Board().position()
    positions = [line[10:] for line in out.splitlines() if line.startswith("position: ")]
    assert len(positions) == 5
    assert positions[0] == positions[1] == positions[4] == start
    assert positions[3] != start


def test_play_to_the_end_as_white(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # FFO #1 with White to play. The human answers every square in turn: illegal ones are
    # refused, so each turn plays the first legal square, until the game is over.
    position = FFO1[:-1] + "O"
    squares = [f + r for r in "12345678" for f in "abcdefgh"]
    monkeypatch.setattr("sys.stdin", io.StringIO("\n".join(squares * 20) + "\n"))
    status = main(["othello", "play", "--level", "2", "--color", "white", "--position", position])
    out = capsys.readouterr().out
    assert status == 0
    assert "game over" in out.splitlines()[-3]
