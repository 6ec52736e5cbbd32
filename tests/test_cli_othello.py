"""`python -m flipside othello perft|moves|show`: output and one-line errors with exit 2."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from flipside.cli import main
from flipside.othello import Board

ROOT = Path(__file__).resolve().parents[1]
START = "---------------------------OX------XO--------------------------- X"


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    try:
        status = main(["othello", *argv])
    except SystemExit as exc:  # argparse errors
        status = int(exc.code or 0)
    out, err = capsys.readouterr()
    return status, out, err


def test_perft_prints_the_count_on_its_last_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(capsys, "perft", "1") == (0, "4\n", "")
    status, out, _ = run(capsys, "perft", "6")
    assert status == 0 and out.splitlines()[-1] == "8200"


def test_perft_from_a_position(capsys: pytest.CaptureFixture[str]) -> None:
    after = Board.from_transcript("f5").position()
    assert run(capsys, "perft", "3", "--position", after)[1] == "61\n"  # 244 / 4
    assert run(capsys, "perft", "3", "--position", START, "--moves", "f5")[1] == "61\n"
    status, out, _ = run(capsys, "perft", "3", "--divide")
    lines = out.splitlines()
    assert status == 0 and lines == ["d3 14", "c4 14", "f5 14", "e6 14", "56"]


def test_moves_in_square_order(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(capsys, "moves", START) == (0, "d3 c4 f5 e6\n", "")
    assert run(capsys, "moves", Board.from_transcript("f5d6").position())[1] == "c3 c4 c5 c6 c7\n"
    # White has no move but Black has: the only move is the pass.
    assert run(capsys, "moves", "XO" + "-" * 62 + " O")[1] == "pass\n"
    # Lower-case and alternative letters are accepted.
    assert run(capsys, "moves", START.replace("X", "b").replace("O", "w").lower())[1] == (
        "d3 c4 f5 e6\n"
    )


def test_show_board(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "show", "f5 d6 c3")
    lines = out.splitlines()
    assert status == 0
    assert lines[0] == "  a b c d e f g h"
    assert lines[3] == "3 - - X * - * - -"  # c3 black, d3 and f3 legal for White
    assert "White to move" in out
    assert f"position: {Board.from_transcript('f5d6c3').position()}" in out
    status, out, _ = run(capsys, "show", "X" * 63 + "- O")
    assert status == 0 and "game over: Black wins 64-0" in out


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["perft", "x"], "invalid int value"),
        (["perft", "-1"], "bad perft depth -1"),
        (["perft", "2", "--position", "XO-- X"], "64 squares"),
        (["moves", START.replace("X", "Q", 1)], "'Q' is not X, O or -"),
        (["show", "f5 d6 c3 g9"], "move 4: g9 is not a square"),
        (["show", "f5 d6 c3 c3"], "move 4: c3 is not legal for White"),
        (["moves", "-" * 64 + " Z"], "'Z' is not a colour"),
        (["frobnicate"], "invalid choice"),
    ],
)
def test_bad_arguments_one_line_exit_2(
    capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    status, out, err = run(capsys, *argv)
    assert status == 2 and out == ""
    assert message in err
    assert err.count("\n") == 1 and err.startswith("flipside: error:")
    assert "Traceback" not in err


def test_module_entry_point() -> None:
    proc = subprocess.run(
        [sys.executable, "-m", "flipside", "othello", "moves", START],
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=False,
    )
    assert proc.returncode == 0 and proc.stdout == "d3 c4 f5 e6\n"
    proc = subprocess.run(
        [sys.executable, "-m", "flipside", "othello", "show", "f5 zz"],
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=False,
    )
    assert proc.returncode == 2 and proc.stderr.count("\n") == 1 and proc.stdout == ""
