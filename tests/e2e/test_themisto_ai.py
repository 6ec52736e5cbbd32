"""The Themisto computer in the page (issue 9): the dialog's computer side and levels, its
replies at the lowest and the top level, a win in one taken, Move now, undo back to your own
move, hints on the selected disk's destinations with the best move ringed, a proven result in
words, the evaluation graph, and each game keeping its own AI settings."""

from __future__ import annotations

import json

from conftest import PageWatch, StaticServer, wait_ready, wait_until
from playwright.sync_api import Page, expect
from test_games import (
    THEMISTO_DEFAULTS,
    THEMISTO_WIN,
    facade,
    move,
    open_link,
    shoot,
    snapshot,
    start_game,
)
from test_site import assert_clean, click_square

BEFORE_WIN = "themisto/" + ",".join(THEMISTO_WIN[:-1])  # player one wins with c2-d1x


def wait_reply(page: Page, moves: int) -> dict:
    """Wait until the game has at least ``moves`` moves, the computer is not thinking and it
    is not its turn (a reply may take more than one move: a capture can cost the other side
    its turn)."""
    wait_until(
        page,
        "(() => { const s = window.flipside.snapshot();"
        f" return s.moves.length >= {moves} && !s.thinking && !s.busy"
        " && (s.over || s.toMove !== s.computer); })()",
        60_000,
    )
    return snapshot(page)


def a_plain_slide(record: str) -> tuple[str, str]:
    """A slide with no capture choice in the game ``record`` after which the game goes on
    with the other player to move: (from, to) square names."""
    targets = facade("state", record=record)["extra"]["targets"]
    for plain in (t["plain"] for ts in targets.values() for t in ts if not t["capture"]):
        after = facade("play", record=record, move=plain)
        if not after["over"] and after["toMove"] == "two":
            frm, to = plain.split("-")
            return frm, to
    raise AssertionError(f"no quiet slide in {record}")


def scroll_to_the_top(page: Page) -> None:
    """Scroll the page back to its top by the mouse wheel (an earlier part in the same page
    may have left it scrolled down to the controls, and the board's top rows off screen)."""
    page.mouse.wheel(0, -10_000)
    wait_until(page, "window.scrollY === 0")


def assert_legal(moves: list[str]) -> None:
    """The moves replay natively from the start (each one legal where it was played)."""
    facade("state", record="themisto/" + ",".join(moves))


def part_the_computer_plays_themisto_at_level_1_and_at_the_top_level(
    page: Page, watch: PageWatch, origin: str
) -> None:
    """First in its page (a first start at /): Othello's settings are still untouched."""
    # The dialog offers the computer for Themisto with its own four levels.
    page.click("#new-game")
    page.check('#new-game-dialog input[name="game"][value="themisto"]')
    expect(page.locator("#opponent option[value=computer]")).to_be_enabled()
    page.select_option("#opponent", "computer")
    levels = page.locator("#opponent-level option").all_inner_texts()
    assert levels == ["1 · Beginner", "2 · Novice", "3 · Club", "4 · Strong"]
    page.check('#new-game-dialog input[name="game"][value="othello"]')
    # Othello's six levels, then its opponents of a chosen average loss.
    othello = page.locator("#opponent-level option").all_inner_texts()
    assert othello[0] == "1 · Beginner (random)" and othello[6:] == [
        "Loses ½ disc a move",
        "Loses 1 disc a move",
        "Loses 2 discs a move",
        "Loses 4 discs a move",
    ]
    page.click("#cancel-game")

    snap = start_game(page, "themisto", opponent="computer", opponent_level="1", first="first")
    assert snap["computer"] == "two" and snap["level"] == 1 and snap["toMove"] == "one"
    assert (
        "you against the computer (Player two, level 1 · Beginner)"
        in page.locator("#tagline").inner_text()
    )
    expect(page.locator("#computer")).to_have_value("two")
    assert page.locator("#computer option").all_inner_texts() == [
        "Off (2 players)",
        "Player two",
        "Player one",
        "Both sides (watch)",
    ]
    move(page, "a1", "b2")
    snap = wait_reply(page, 2)
    assert_legal(snap["moves"])
    assert snap["toMove"] == "one"

    page.select_option("#level", "4")
    frm, to = a_plain_slide(snap["record"])
    move(page, frm, to)
    snap = wait_reply(page, 4)
    assert_legal(snap["moves"])
    played = len(snap["moves"])
    shoot(page, "themisto-computer.png")

    # Each game keeps its own AI settings: Othello's are untouched.
    saved = page.evaluate("JSON.parse(localStorage.getItem('flipside.settings.themisto.v1'))")
    assert saved["computer"] == "two" and saved["level"] == 4
    assert page.evaluate("localStorage.getItem('flipside.settings.v1')") is None
    page.click("#switch-othello")
    wait_until(page, "window.flipside.snapshot().game === 'othello'")
    assert snapshot(page)["computer"] is None
    expect(page.locator("#level option")).to_have_count(10)  # six levels, four chosen losses
    page.click("#switch-themisto")
    wait_until(page, "window.flipside.snapshot().game === 'themisto'")
    snap = snapshot(page)
    assert snap["computer"] == "two" and snap["level"] == 4 and len(snap["moves"]) == played
    assert_clean(watch, origin)


def part_the_computer_takes_a_win_in_one_and_the_graph_shows_it(
    page: Page, watch: PageWatch, origin: str
) -> None:
    # The computer off, as on a first visit, then the link in the address bar (was a first
    # start at the link).
    start_game(page, "themisto", **THEMISTO_DEFAULTS)
    assert snapshot(page)["computer"] is None
    open_link(page, BEFORE_WIN)
    page.select_option("#level", "2")
    page.select_option("#computer", "one")  # the computer is to move: it wins at once
    snap = wait_reply(page, 5)
    assert snap["moves"][-1] == "c2-d1x"
    assert snap["over"] and snap["result"]["winner"] == "one"
    # The graph: a value per move, the last one a proven win for player one (+8).
    wait_until(page, "window.flipside.snapshot().evaluation.every((v) => v !== null)", 60_000)
    values = snapshot(page)["evaluation"]
    assert len(values) == 5 and values[-1] == 8
    assert facade("value", record=BEFORE_WIN)["value"] == values[3]
    assert page.locator("#graph-legend").inner_text() == "(player one's view)"
    expect(page.locator("#opening-section")).to_be_hidden()
    assert_clean(watch, origin)


def part_hints_value_the_selected_disks_destinations_and_name_a_forced_win(
    page: Page, watch: PageWatch, origin: str
) -> None:
    """Last in its page: it leaves hints on."""
    # The computer off (the part before had it play player one, who is to move here), then
    # the link in the address bar (was a first start at the link).
    start_game(page, "themisto", **THEMISTO_DEFAULTS)
    assert snapshot(page)["computer"] is None
    open_link(page, BEFORE_WIN)
    # As on a first start at the link, the board on screen (its squares are clicked): no
    # notice of the game the link replaced above it, the page at its top.
    page.click("#notice-close")
    wait_until(page, "window.flipside.snapshot().notice === null")
    scroll_to_the_top(page)
    page.check("#hints")
    # Nothing selected: the best move's disk is ringed.
    wait_until(page, "window.flipside.snapshot().hintMarks.length > 0", 60_000)
    snap = snapshot(page)
    (ring,) = snap["hintMarks"]
    best = snap["bestLineText"].removeprefix("Best line: ").split()[0]
    assert best in ("c2-d1x", "d8-d1x")  # the two winning moves (tests/test_facade_themisto_ai)
    assert ring == {"square": best[:2], "label": None, "best": False, "ring": True}
    assert "player one wins by force in 1" in snap["bestLineText"]
    # The disk selected: a value on each of its destinations, the winning one "W1", best.
    click_square(page, best[:2])
    wait_until(page, f"window.flipside.snapshot().selected === '{best[:2]}'")
    snap = snapshot(page)
    marks = {m["square"]: m for m in snap["hintMarks"]}
    assert set(marks) == set(snap["targets"])
    assert marks["d1"]["label"] == "W1" and marks["d1"]["best"]
    assert not any(m["best"] for sq, m in marks.items() if sq != "d1")
    expected = facade("hints", record=BEFORE_WIN)
    assert expected["labels"][best] == marks["d1"]["label"] == "W1"
    shoot(page, "themisto-hints.png")
    # Another disk: its destinations get values too, and none is the best move.
    click_square(page, "b2")
    wait_until(page, "window.flipside.snapshot().selected === 'b2'")
    marks = snapshot(page)["hintMarks"]
    assert marks and not any(m["best"] for m in marks)
    assert_clean(watch, origin)


def part_move_now_and_undo_back_to_your_own_move(page: Page, watch: PageWatch, origin: str) -> None:
    # A new game through the dialog, as before (was a first start at / before it).
    start_game(page, "themisto", opponent="computer", opponent_level="4", first="first")
    move(page, "a1", "b2")
    # The top level thinks for seconds: "Move now" plays its best move so far at once.
    wait_until(page, "window.flipside.snapshot().thought !== null", 60_000)
    page.click("#move-now")
    snap = wait_reply(page, 2)
    assert_legal(snap["moves"])
    assert snap["toMove"] == "one"
    # Undo takes back the computer's reply and your move: your turn again, at the start.
    page.click("#undo")
    wait_until(page, "window.flipside.snapshot().moves.length === 0")
    snap = snapshot(page)
    assert snap["toMove"] == "one" and not snap["thinking"]
    expect(page.locator("#undo")).to_be_disabled()
    assert (
        json.loads(page.evaluate("localStorage.getItem('flipside.save.themisto.v2')"))["record"]
        == "themisto/"
    )
    assert_clean(watch, origin)


def test_the_themisto_computer_in_one_page(
    page: Page, watch: PageWatch, root_server: StaticServer
) -> None:
    """The former tests of this file as parts, in turn, in one page (one engine start): the
    levels first (it checks Othello's settings are untouched, as on a first visit), then
    Move now and undo, the win in one and the hints, each put back through the New game
    dialog and a link in the address bar; the hints last (they stay on)."""
    origin = root_server.origin
    page.goto(origin + "/")
    wait_ready(page)
    part_the_computer_plays_themisto_at_level_1_and_at_the_top_level(page, watch, origin)
    part_move_now_and_undo_back_to_your_own_move(page, watch, origin)
    part_the_computer_takes_a_win_in_one_and_the_graph_shows_it(page, watch, origin)
    part_hints_value_the_selected_disks_destinations_and_name_a_forced_win(page, watch, origin)
