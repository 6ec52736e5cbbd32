"""Play after Othello's forced pass in the browser: the other side's move, the computer's
move and hints there (a pass the facade plays must leave the right side to move). Its parts
run in the page of test_ai.py's test_the_othello_computer_in_one_page."""

from __future__ import annotations

from conftest import PageWatch, wait_ready, wait_until
from playwright.sync_api import Page
from test_games import OTHELLO_DEFAULTS, start_game
from test_site import assert_clean, play

from flipside.othello import Board

MUST_PASS = "d3c3e6d2d1e1b2c1"  # Black has no move after this: White moves again
BEFORE_PASS = MUST_PASS[:-2]  # White's c1 leaves Black no move


def snapshot(page: Page) -> dict:
    return page.evaluate("window.flipside.snapshot()")


def white_to_move() -> Board:
    board = Board.from_transcript(MUST_PASS)
    board.push_str("pass")
    return board


def open_after_pass(page: Page, origin: str) -> dict:
    """Open the game after Black's pass by its link (in a page already open: a new fragment,
    the same document)."""
    page.goto(f"{origin}/#othello/{MUST_PASS}")
    wait_ready(page)
    wait_until(page, f"window.flipside.snapshot().transcript === '{MUST_PASS}'")
    snap = snapshot(page)
    assert snap["transcript"] == MUST_PASS and snap["toMove"] == "white"
    assert snap["moves"][-1] == "pass" and "Black has no move and passes" in snap["status"]
    return snap


def part_white_moves_after_blacks_forced_pass(page: Page, watch: PageWatch, origin: str) -> None:
    snap = open_after_pass(page, origin)  # was a first start at the link
    # As on a first start at the link: no notice of the game the link replaced (the move
    # below must bring none).
    page.click("#notice-close")
    wait_until(page, "window.flipside.snapshot().notice === null")
    assert sorted(snap["legal"]) == sorted(str(m) for m in white_to_move().legal_moves())
    move = snap["legal"][0]
    after = play(page, move)
    assert after["position"] == Board.from_transcript(MUST_PASS + move).position()
    assert after["moves"][-2:] == ["pass", move] and after["notice"] is None
    assert_clean(watch, origin)


def part_the_computer_and_hints_after_a_forced_pass(
    page: Page, watch: PageWatch, origin: str
) -> None:
    """Last in its page: it leaves hints on and the computer playing White."""
    start_game(page, "othello", **OTHELLO_DEFAULTS)  # was a first start at /
    page.select_option("#level", "2")
    page.check("#hints")  # hints for White (a human) after Black's pass
    snap = open_after_pass(page, origin)  # a new fragment: the same document
    wait_until(page, "window.flipside.snapshot().hints !== null", 60_000)
    snap = snapshot(page)
    assert sorted(snap["hints"]) == sorted(snap["legal"])
    page.select_option("#computer", "white")  # now the computer plays White: it must move
    wait_until(
        page,
        f"window.flipside.snapshot().transcript.length > {len(MUST_PASS)}"
        " && !window.flipside.snapshot().thinking",
        60_000,
    )
    snap = snapshot(page)
    reply = snap["transcript"][len(MUST_PASS) : len(MUST_PASS) + 2]
    assert reply in {str(m) for m in white_to_move().legal_moves()}
    assert snap["aiError"] is None

    assert_clean(watch, origin)
