"""`python -m flipside themisto perft|moves|show`: output, sorting, and one-line errors."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from flipside.cli import main
from flipside.themisto import Board, perft

ROOT = Path(__file__).resolve().parents[1]
START = "XOXOXOXOO------XX------OO------XX------OO------XX------OOXOXOXOX"


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    try:
        status = main(["themisto", *argv])
    except SystemExit as exc:  # argparse errors
        status = int(exc.code or 0)
    out, err = capsys.readouterr()
    return status, out, err


def test_perft_prints_the_count_on_its_last_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(capsys, "perft", "1")[:2] == (0, "160\n")
    status, out, _ = run(capsys, "perft", "2")
    assert status == 0 and out.splitlines()[-1] == "27544"


def test_perft_from_a_position_and_moves(capsys: pytest.CaptureFixture[str]) -> None:
    position = Board.from_moves("b1-b3").position()
    a = run(capsys, "perft", "2", "--position", position)[1]
    b = run(capsys, "perft", "2", "--moves", "b1-b3")[1]
    c = run(capsys, "perft", "1", "--position", f"{START} 1 0 0", "--moves", "b1-b3 g8-g6")[1]
    # A position string has no history: the move that undoes b1-b3 is allowed from it.
    assert int(a) == perft(Board.from_position(position), 2)
    assert int(b) == perft(Board.from_moves("b1-b3"), 2) < int(a)
    assert int(c) == len(Board.from_moves("b1-b3 g8-g6").legal_moves())


def test_perft_divide_lists_moves_then_the_total(capsys: pytest.CaptureFixture[str]) -> None:
    lines = run(capsys, "perft", "2", "--divide")[1].splitlines()
    assert len(lines) == 161 and lines[-1] == "27544"
    assert sum(int(line.split()[1]) for line in lines[:-1]) == 27544


def test_moves_are_sorted_by_from_then_to_non_capture_first(
    capsys: pytest.CaptureFixture[str],
) -> None:
    status, out, _ = run(capsys, "moves", "--position", "-" * 24 + "XXO" + "-" * 37 + " 2 0 0")
    assert status == 0
    # only one line of text, moves space-separated
    assert out.count("\n") == 1
    moves = out.split()
    assert moves
    keys = []
    for text in moves:
        frm, to = text[:2], text[3:5]
        keys.append((int(frm[1]), frm[0], int(to[1]), to[0], text.endswith("x")))
    assert keys == sorted(keys)
    assert len(run(capsys, "moves")[1].split()) == 160


def test_moves_lists_the_capture_right_after_the_plain_form(
    capsys: pytest.CaptureFixture[str],
) -> None:
    position = "-" * 24 + "-XXO----" + "-" * 8 + "X" + "-" * 23 + " 1 0 0"
    moves = run(capsys, "moves", "--position", position)[1].split()
    assert moves[moves.index("a6-a4") + 1] == "a6-a4x"


def test_moves_prints_pass_when_there_is_no_move(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(capsys, "moves", "--position", "X" + "-" * 63 + " 1 0 0")[1] == "pass\n"


def test_show_prints_board_player_and_pending(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "show", "--position", f"{START} 2 1 0")
    assert status == 0
    assert "1 X O X O X O X O" in out
    assert "player 2 to move" in out
    assert "pending lost turns: player 1: 1, player 2: 0" in out
    assert f"{START} 2 1 0" in out


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["perft", "x"], "invalid int value"),
        (["perft", "-1"], "bad perft depth -1"),
        (["moves", "--moves", "b1-b3 zz"], "move 2: bad move 'zz'"),
        (["moves", "--moves", "b1-b3 g8-g6 a1-a1"], "move 3: a1-a1 does not move"),
        (["show", "--position", "XO 1 0 0"], "bad position"),
        (["moves", "--move-limit", "0"], "bad --move-limit 0"),
        (["dance"], "invalid choice"),
    ],
)
def test_bad_arguments_give_one_line_and_status_2(
    capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    status, out, err = run(capsys, *argv)
    assert status == 2 and out == ""
    assert err.count("\n") == 1 and message in err and "Traceback" not in err


def test_module_entry_point_runs() -> None:
    ok = subprocess.run(
        [sys.executable, "-m", "flipside", "themisto", "perft", "1"],
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=False,
    )
    assert (ok.returncode, ok.stdout.splitlines()[-1]) == (0, "160")
    bad = subprocess.run(
        [sys.executable, "-m", "flipside", "themisto", "moves", "--moves", "a1-a1"],
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=False,
    )
    assert bad.returncode == 2 and bad.stderr.strip() == (
        "flipside: error: move 1: a1-a1 does not move"
    )
