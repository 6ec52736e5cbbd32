"""The facade's part in studying a game: a position at any ply (``at``), a link's ``&ply=N``,
and every move told in words (``said``) for the page's screen-reader announcements.

These tests also run inside Pyodide (tests/pyodide/run_tests.mjs).
"""

from __future__ import annotations

import json

import pytest

from flipside import facade as web
from flipside.othello import Board

GAME = "f5d6c3d3c4f4f6f3e6e7"
MUST_PASS = "d3c3e6d2d1e1b2c1"  # Black has no move here; White moves again
SHORT_GAME = "d3c3f5f4f3d2d1e3b3"  # White is wiped out: Black wins 13-0


def call(method: str, **params: object) -> dict[str, object]:
    return json.loads(web.handle(json.dumps({"id": 1, "method": method, "params": params})))


def result(method: str, **params: object) -> dict:  # type: ignore[type-arg]
    answer = call(method, **params)
    assert "error" not in answer, answer
    return answer["result"]  # type: ignore[return-value]


def error(method: str, **params: object) -> str:
    answer = call(method, **params)
    assert "result" not in answer, answer
    return answer["error"]["message"]  # type: ignore[index]


def themisto(picture: str) -> str:
    """A Themisto record starting from a picture (player one to move, missing ranks empty)."""
    rows = [r.replace(" ", "") for r in picture.strip().splitlines()]
    cells = "".join(rows + ["........"] * (8 - len(rows))).replace(".", "-")
    return f"themisto/&start={cells}_1_0_0"


def test_every_ply_of_a_game_is_the_state_of_its_prefix() -> None:
    whole = result("state", record=f"othello/{GAME}")
    for ply in range(len(whole["moves"])):
        shown = result("at", record=whole["record"], ply=ply)
        expected = result("state", record=f"othello/{GAME[: 2 * ply]}")
        assert shown["cells"] == expected["cells"] and shown["record"] == expected["record"]
        assert shown["status"] == expected["status"]
        assert (shown["ply"], shown["plies"]) == (ply, 10)
        assert shown["link"] == f"othello/{GAME}&ply={ply}"


def test_the_last_ply_is_the_game_itself_with_its_own_link() -> None:
    whole = result("state", record=f"othello/{GAME}&clock=300")
    last = result("at", record=whole["record"], ply=10)
    assert last["record"] == whole["record"] and last["link"] == whole["link"]
    assert (last["ply"], last["plies"]) == (10, 10)


def test_a_ply_keeps_the_set_up_and_drops_only_a_time_loss() -> None:
    flagged = result("flag", record=f"othello/{GAME}&clock=300", side="black")
    assert flagged["over"]
    earlier = result("at", record=flagged["record"], ply=4)
    assert earlier["record"] == "othello/f5d6c3d3&clock=300" and not earlier["over"]
    start = result("at", record="othello/f5d6&handicap=2w", ply=0)
    assert start["record"] == "othello/&handicap=2w" and start["moves"] == []


def test_a_themisto_ply_counts_passes_like_moves() -> None:
    record = themisto("XXX.....\n........\nO.......")
    played = result("play", record=record, move="a1-a2")
    shown = result("at", record=played["record"], ply=0)
    assert shown["record"] == record and shown["link"] == f"{played['record']}&ply=0"


@pytest.mark.parametrize("ply", [-1, 11, "3", True, 2.0])
def test_a_ply_out_of_the_game_is_refused(ply: object) -> None:
    assert error("at", record=f"othello/{GAME}", ply=ply) == (
        f"ply must be an integer 0..10, got {ply!r}"
    )


def test_a_link_at_a_ply_opens_the_whole_game_and_names_the_ply() -> None:
    opened = result("open_link", fragment=f"#othello/{GAME}&clock=300&ply=4")
    assert opened["record"] == f"othello/{GAME}&clock=300" and opened["ply"] == 4
    assert len(opened["moves"]) == 10
    assert "ply" not in result("open_link", fragment=f"othello/{GAME}")


@pytest.mark.parametrize(
    ("fragment", "why"),
    [
        (f"othello/{GAME}&ply=11", "this link's ply '11' is not a move of its game (0..10)"),
        (f"othello/{GAME}&ply=-1", "this link's ply '-1' is not a move of its game (0..10)"),
        (f"othello/{GAME}&ply=two", "this link's ply 'two' is not a move of its game (0..10)"),
        ("themisto/b1-b4&ply=2", "this link's ply '2' is not a move of its game (0..1)"),
    ],
)
def test_a_link_with_a_bad_ply_says_so(fragment: str, why: str) -> None:
    assert error("open_link", fragment=fragment) == why


def test_an_othello_move_is_said_with_the_discs_it_flipped() -> None:
    played = result("play", record="othello/f5d6", move="c3")
    assert played["said"] == "Black plays c3, flipping d4"
    assert result("state", record="othello/f5d6c3")["said"] == played["said"]
    assert result("new", game="othello")["said"] == ""
    board = Board.from_transcript("f5d6c3d3")
    flips = " ".join(sorted(str(m) for m in map(_name, board.flips("c4"))))
    assert result("play", record="othello/f5d6c3d3", move="c4")["said"] == (
        f"Black plays c4, flipping {flips}"
    )


def _name(sq: int) -> str:
    return "abcdefgh"[sq % 8] + str(sq // 8 + 1)


def test_a_forced_pass_and_the_result_are_said_after_the_move() -> None:
    passed = result("state", record=f"othello/{MUST_PASS}")
    assert passed["said"].startswith("White plays c1, flipping ")
    assert passed["said"].endswith(". Black has no move and passes")
    over = result("state", record=f"othello/{SHORT_GAME}")
    assert over["said"].endswith(". Game over: Black wins 13–0")


def test_a_themisto_slide_capture_lost_turn_and_win_are_said() -> None:
    capture = themisto("........\n........\n........\nX...XO..\n...X....\n...O....")
    assert result("play", record=capture, move="a4-d4x")["said"] == (
        "Player one slides a4 to d4 and captures e4 d5"
    )
    assert result("play", record=capture, move="a4-d4")["said"] == "Player one slides a4 to d4"
    lost = result("play", record=themisto("XXX.....\n........\nO......."), move="a1-a2")
    assert lost["said"] == (
        "Player one slides a1 to a2. Player one loses the next turn: player two moves twice"
    )
    won = result("play", record=themisto("XXXX....\n........\n....O..."), move="e3-e1")
    assert won["said"] == (
        "Player one slides e3 to e1. "
        "Game over: player one wins with exactly five in a row (a1 b1 c1 d1 e1)"
    )


def test_a_themisto_pass_is_said_and_so_is_the_draw_it_makes() -> None:
    assert result("new", game="themisto")["said"] == ""
    passed = result("play", record=themisto("X......."), move="pass")
    assert passed["said"] == "Player one passes"
    both = result("play", record=passed["record"], move="pass")
    assert both["said"] == ("Player two passes. Game over: a draw, both players passed in turn")
