"""Studying a game (issue 10, history and accessibility): stepping through a 20-move game
by keys and by clicks, a link at a ply, playing from an earlier ply (after a confirmation),
Redo, typed moves, whole games by keyboard only in both games, the live region's words,
and an axe-core audit of the main views in both colour schemes. Screenshots go to
test-results/screenshots/ (look at them: the tests cannot judge the drawing)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from conftest import PageWatch, StaticServer, wait_ready, wait_until
from playwright.sync_api import Browser, Page, expect
from test_site import assert_clean
from test_site import click_square as click_visible_square

from flipside import facade as web

ROOT = Path(__file__).resolve().parents[2]
SHOTS = ROOT / "test-results" / "screenshots"
AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
GAME20 = "d3e3f5e6f2c4d7f7d6c3b3c5g8b4f3c2b5a4b1f4"  # 20 moves, no pass
SHORT_GAME = "d3c3f5f4f3d2d1e3b3"  # White is wiped out: Black wins 13-0
# From the start, player one wins on move 5 by capturing c1 and e1: b1 c1 d1 e1 f1.
THEMISTO_WIN = ["a1-b2", "a7-b6", "d1-c2", "h7-g6", "c2-d1x"]


def facade(method: str, **params: object) -> dict:
    """The facade's answer natively (what the page's worker answers in Pyodide)."""
    answer = json.loads(web.handle(json.dumps({"id": 1, "method": method, "params": params})))
    assert "error" not in answer, answer
    return answer["result"]  # type: ignore[no-any-return]


def snapshot(page: Page) -> dict:
    return page.evaluate("window.flipside.snapshot()")


def idle(page: Page) -> dict:
    wait_until(page, "!window.flipside.snapshot().busy")
    return snapshot(page)


def at_ply(page: Page, ply: int) -> dict:
    """Wait until the board shows ply ``ply``; return the snapshot."""
    wait_until(page, f"window.flipside.snapshot().ply === {ply}")
    return snapshot(page)


def click_square(page: Page, name: str) -> None:
    """Click a square of the board (scrolled into view first: the move list may be lower)."""
    page.locator("#board").scroll_into_view_if_needed()
    click_visible_square(page, name)


def wait_announced(page: Page, text: str) -> None:
    """Wait until the live region says ``text`` (it is written a moment after the change)."""
    wait_until(page, f"window.flipside.snapshot().announced === {json.dumps(text)}")


def cells_at(record: str, ply: int) -> str:
    return facade("at", record=record, ply=ply)["cells"]


def open_link(page: Page, link: str) -> dict:
    """Open ``link`` in the page already loaded (the address bar edited); wait for it."""
    page.evaluate("(link) => { location.hash = link; }", link)
    record = link.split("&ply=")[0]
    wait_until(page, f"window.flipside.snapshot().record === {json.dumps(record)}")
    return idle(page)


def new_game(page: Page, game: str) -> dict:
    """A new game of ``game`` from the New game dialog (its other choices as they are)."""
    page.click("#new-game")
    expect(page.locator("#new-game-dialog")).to_be_visible()
    page.check(f'#new-game-dialog input[name="game"][value="{game}"]')
    page.evaluate("document.getElementById('status').textContent = '(starting)'")
    page.click("#start-game")
    expect(page.locator("#new-game-dialog")).to_be_hidden()
    wait_until(page, "window.flipside.snapshot().status !== '(starting)'")
    snap = idle(page)
    assert snap["game"] == game and snap["moves"] == []
    return snap


def shoot(page: Page, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / name))


def part_a_20_move_game_is_stepped_through_by_keys_and_by_clicks(
    page: Page, watch: PageWatch, root_server: StaticServer
) -> None:
    """The page's first part (its first start, at the link): every ply is answered by the
    rules worker's snapshot modules, no part before it having needed the app's files."""
    record = f"othello/{GAME20}"
    page.goto(f"{root_server.origin}/#{record}")
    wait_ready(page)
    snap = idle(page)
    assert snap["ply"] == 20 and snap["live"]
    expect(page.locator("#live-marker")).to_have_text("Live")
    page.locator("#new-game").focus()  # the board's own arrows move its cursor
    for ply in range(19, -1, -1):  # back to the start, one move at a time
        page.keyboard.press("ArrowLeft")
        snap = at_ply(page, ply)
        assert snap["shownCells"] == cells_at(record, ply) and not snap["live"]
        assert snap["record"] == record and len(snap["moves"]) == 20  # the game stays
    expect(page.locator("#live-marker")).to_have_text("Move 0 of 20")
    expect(page.locator("#history-banner")).to_be_visible()
    assert page.evaluate("location.hash") == f"#{record}&ply=0"
    for ply in range(1, 21):  # and forward again with j
        page.keyboard.press("j")
        assert at_ply(page, ply)["shownCells"] == cells_at(record, ply)
    assert snapshot(page)["live"] and page.evaluate("location.hash") == f"#{record}"
    expect(page.locator("#history-banner")).to_be_hidden()
    page.keyboard.press("Home")
    assert at_ply(page, 0)["shownCells"] == cells_at(record, 0)
    page.keyboard.press("End")
    assert at_ply(page, 20)["live"]
    page.keyboard.press("k")
    at_ply(page, 19)

    # Clicks on the move list: every move shows the position after it, counts and status too.
    for ply in [1, 7, 12, 3, 20, 15]:
        page.click(f"#moves button[data-ply='{ply}']")
        snap = at_ply(page, ply)
        expected = facade("at", record=record, ply=ply)
        assert snap["shownCells"] == expected["cells"]
        assert snap["status"] == expected["status"]
        assert page.locator("#count-0").inner_text() == str(expected["counts"]["black"])
        current = page.locator("#moves li.current button")
        expect(current).to_have_attribute("data-ply", str(ply))
        expect(current).to_have_attribute("aria-current", "step")
        said = facade("at", record=record, ply=ply)["said"]
        wait_until(
            page,
            f"window.flipside.snapshot().announced.startsWith({json.dumps(f'Move {ply} of 20: {said}.')})",
        )
    shoot(page, "study-history-dark.png")
    page.click("#history-live")
    assert at_ply(page, 20)["live"]
    # Quick presses add up: three steps back given before the first answer arrives.
    page.evaluate(
        "() => { const back = document.getElementById('history-back');"
        " back.click(); back.click(); back.click(); }"
    )
    assert at_ply(page, 17)["shownCells"] == cells_at(record, 17)
    page.keyboard.press("End")
    assert at_ply(page, 20)["live"]
    # Every ply came from the rules worker's snapshot modules: it never installed the app.
    assert page.evaluate("window.flipside.engine.call('engine_info')")["filesInstalled"] is False
    assert_clean(watch, root_server.origin)


def part_a_link_at_a_ply_opens_at_that_ply_with_the_rest_of_the_game(
    page: Page, watch: PageWatch, root_server: StaticServer
) -> None:
    record = f"othello/{GAME20}"
    assert snapshot(page)["record"] != record  # another game is on the board
    snap = open_link(page, f"{record}&ply=12")  # was a first start at the link
    snap = at_ply(page, 12)
    assert snap["shownCells"] == cells_at(record, 12) and snap["record"] == record
    assert len(snap["moves"]) == 20 and not snap["live"]
    assert page.evaluate("location.hash") == f"#{record}&ply=12"
    expect(page.locator("#live-marker")).to_have_text("Move 12 of 20")
    page.keyboard.press("End")
    assert at_ply(page, 20)["live"]
    # A Themisto link at a ply, edited in the address bar of the page already open.
    moves = ",".join(THEMISTO_WIN[:4])
    page.evaluate("(link) => { location.hash = link; }", f"themisto/{moves}&ply=2")
    snap = at_ply(page, 2)
    wait_until(page, "window.flipside.snapshot().game === 'themisto'")
    snap = at_ply(page, 2)
    assert snap["shownCells"] == cells_at(f"themisto/{moves}", 2) and len(snap["moves"]) == 4
    # A ply that is not in the game: said, and the game on screen kept.
    page.evaluate("(link) => { location.hash = link; }", f"{record}&ply=30")
    # (The Themisto link's own notice may still be up: wait for this link's.)
    wait_until(page, "(window.flipside.snapshot().notice || '').includes(\"ply '30'\")")
    assert "ply '30' is not a move of its game (0..20)" in snapshot(page)["notice"]
    assert snapshot(page)["game"] == "themisto"
    assert_clean(watch, root_server.origin)


def part_playing_from_an_earlier_ply_asks_first_and_redo_follows_undo(
    page: Page, watch: PageWatch, root_server: StaticServer
) -> None:
    record = f"othello/{GAME20}"
    # The game the 20-move part left, live (was a first start at its link).
    snap = idle(page)
    assert snap["record"] == record and snap["live"]
    page.click("#moves button[data-ply='4']")
    at_ply(page, 4)
    # The game's own next move just steps forward: nothing is dropped.
    click_square(page, GAME20[8:10])
    snap = at_ply(page, 5)
    assert snap["record"] == record and not snap["live"]
    # Another move asks first; Cancel keeps the game as it was.
    legal = facade("at", record=record, ply=5)["legalNames"]
    other = next(name for name in legal if name != GAME20[10:12])
    click_square(page, other)
    expect(page.locator("#confirm-dialog")).to_be_visible()
    expect(page.locator("#confirm-text")).to_contain_text("the 15 later moves")
    shoot(page, "study-confirm-dark.png")
    page.click("#confirm-cancel")
    snap = idle(page)
    assert snap["record"] == record and snap["ply"] == 5
    # Confirmed: a new line from ply 5.
    click_square(page, other)
    page.click("#confirm-ok")
    wait_until(page, f"window.flipside.snapshot().record === 'othello/{GAME20[:10]}{other}'")
    snap = idle(page)
    assert snap["live"] and len(snap["moves"]) == 6 and not snap["canRedo"]
    # Undo twice, Redo twice (the button and Ctrl+Y), then a move clears Redo.
    page.click("#undo")
    wait_until(page, "window.flipside.snapshot().moves.length === 5")
    page.click("#undo")
    wait_until(page, "window.flipside.snapshot().moves.length === 4")
    assert snapshot(page)["canRedo"]
    page.click("#redo")
    wait_until(page, "window.flipside.snapshot().moves.length === 5")
    page.locator("#new-game").focus()
    page.keyboard.press("Control+y")
    wait_until(page, f"window.flipside.snapshot().record === 'othello/{GAME20[:10]}{other}'")
    expect(page.locator("#redo")).to_be_disabled()
    page.keyboard.press("Control+z")
    wait_until(page, "window.flipside.snapshot().moves.length === 5")
    assert snapshot(page)["canRedo"]
    click_square(page, GAME20[10:12])
    wait_until(page, "window.flipside.snapshot().moves.length === 6")
    assert not idle(page)["canRedo"]
    assert_clean(watch, root_server.origin)


def type_move(page: Page, text: str) -> dict:
    """Type ``text`` in the move box and press Enter; wait for the answer."""
    before = len(snapshot(page)["moves"])
    page.locator("#move-input").fill(text)
    page.locator("#move-input").press("Enter")
    wait_until(
        page,
        f"window.flipside.snapshot().moves.length !== {before} || "
        "window.flipside.snapshot().notice !== null",
    )
    return idle(page)


def part_typed_moves_play_in_both_games_and_bad_ones_say_why(
    page: Page, watch: PageWatch, root_server: StaticServer
) -> None:
    new_game(page, "othello")  # was a first start at /
    assert type_move(page, "F5")["moves"] == ["f5"]
    snap = type_move(page, "a1")
    assert snap["notice"] == "A1 is not legal for White." and snap["moves"] == ["f5"]
    page.locator("#notice-close").click()
    snap = type_move(page, "z9")
    assert snap["moves"] == ["f5"] and snap["notice"] == "Z9 is not a square."
    page.locator("#notice-close").click()
    # Typing on the board goes on in the move box.
    page.locator("#board").focus()
    page.keyboard.type("d6")
    expect(page.locator("#move-input")).to_be_focused()
    page.keyboard.press("Enter")
    wait_until(page, "window.flipside.snapshot().moves.length === 2")
    expected = facade("state", record="othello/f5d6")
    wait_announced(page, f"{expected['said']}. {expected['status']}.")

    # Only the fragment changes: the same page opens the link, not a new one (ready at once).
    page.goto(f"{root_server.origin}/#themisto/")
    wait_ready(page)
    wait_until(page, "window.flipside.snapshot().game === 'themisto'")
    idle(page)
    assert type_move(page, "a1-b2")["moves"] == ["a1-b2"]
    snap = type_move(page, "a1-a2x")
    assert snap["moves"] == ["a1-b2"] and snap["notice"] is not None
    assert_clean(watch, root_server.origin)


def cursor_to(page: Page, square: str) -> None:
    """Move the board's keyboard cursor to ``square`` with the arrow keys."""
    target = "abcdefgh".index(square[0]), int(square[1]) - 1
    # The cursor starts somewhere: first to a1 (7 presses left and up are always enough).
    for _ in range(7):
        page.keyboard.press("ArrowLeft")
        page.keyboard.press("ArrowUp")
    for _ in range(target[0]):
        page.keyboard.press("ArrowRight")
    for _ in range(target[1]):
        page.keyboard.press("ArrowDown")
    wait_until(
        page, f"document.getElementById('board').getAttribute('aria-label').startsWith('{square},')"
    )


def tab_to(page: Page, element_id: str, presses: int = 60) -> None:
    for _ in range(presses):
        if page.evaluate("document.activeElement && document.activeElement.id") == element_id:
            return
        page.keyboard.press("Tab")
    raise AssertionError(f"Tab never reached #{element_id}")


def part_keyboard_only_a_whole_othello_game_with_the_cursor_and_the_move_box(
    page: Page, watch: PageWatch, root_server: StaticServer
) -> None:
    new_game(page, "othello")  # was a first start at /
    tab_to(page, "board")
    for i in range(0, len(SHORT_GAME), 2):
        name = SHORT_GAME[i : i + 2]
        before = len(snapshot(page)["moves"])
        if i % 4 == 0:  # the cursor and Enter
            page.locator("#board").focus()
            cursor_to(page, name)
            page.keyboard.press("Enter")
        else:  # the move box, reached by typing on the board
            page.locator("#board").focus()
            page.keyboard.type(name)
            page.keyboard.press("Enter")
        wait_until(page, f"window.flipside.snapshot().moves.length > {before}")
        idle(page)
    snap = snapshot(page)
    assert snap["over"] and snap["result"]["winner"] == "black"
    wait_announced(page, "Black plays b3, flipping c3 d3 e3. Game over: Black wins 13–0.")
    assert snap["transcript"] == SHORT_GAME
    assert_clean(watch, root_server.origin)


def part_keyboard_only_a_whole_themisto_game_with_select_then_move_and_the_capture_choice(
    page: Page, watch: PageWatch, root_server: StaticServer
) -> None:
    new_game(page, "themisto")  # was a first start at #themisto/
    tab_to(page, "board")
    for move in THEMISTO_WIN:
        frm, to = move[:2], move[3:5]
        before = len(snapshot(page)["moves"])
        page.locator("#board").focus()
        cursor_to(page, frm)
        page.keyboard.press("Enter")
        wait_until(page, f"window.flipside.snapshot().selected === '{frm}'")
        cursor_to(page, to)
        label = page.locator("#board").get_attribute("aria-label")
        assert f"{frm} can slide here" in label
        page.keyboard.press("Enter")
        choice = snapshot(page)["choice"]
        # Only the last move's destination offers both the slide and the capture.
        assert bool(choice) == (move == THEMISTO_WIN[-1])
        if choice:  # the capture choice: its buttons take the focus
            expect(page.locator("#choose-capture")).to_be_focused()
            if move.endswith("x"):
                page.keyboard.press("Enter")
            else:
                page.keyboard.press("Tab")
                expect(page.locator("#choose-plain")).to_be_focused()
                page.keyboard.press("Enter")
        wait_until(page, f"window.flipside.snapshot().moves.length > {before}")
        snap = idle(page)
        assert snap["moves"][-1] == move
    assert snap["over"] and snap["result"]["winner"] == "one"
    wait_announced(
        page,
        "Player one slides c2 to d1 and captures c1 e1. "
        "Game over: player one wins with exactly five in a row (b1 c1 d1 e1 f1).",
    )
    assert_clean(watch, root_server.origin)


def part_the_cursor_reads_the_board_square_by_square(
    page: Page, watch: PageWatch, root_server: StaticServer
) -> None:
    open_link(page, "othello/f5")  # was a first start at the link
    page.locator("#board").focus()
    cursor_to(page, "d4")
    wait_announced(page, "d4, white disc")
    page.keyboard.press("ArrowRight")
    wait_announced(page, "e4, black disc")
    page.keyboard.press("ArrowLeft")
    page.keyboard.press("ArrowLeft")
    wait_announced(page, "c4, empty")
    cursor_to(page, "f4")
    wait_announced(page, "f4, empty, white can play here")
    assert_clean(watch, root_server.origin)


def audit(page: Page) -> list[dict]:
    """Serious and critical axe-core violations of the page as it is now."""
    if not page.evaluate("typeof window.axe !== 'undefined'"):
        page.add_script_tag(path=str(AXE))
    found = page.evaluate(
        "async () => (await axe.run(document, {resultTypes: ['violations']})).violations"
        ".map((v) => ({id: v.id, impact: v.impact, help: v.help,"
        " nodes: v.nodes.map((n) => n.target.join(' ') + ': ' + n.failureSummary)}))"
    )
    return [v for v in found if v["impact"] in ("serious", "critical")]


def test_axe_and_the_discs_contrast_in_both_colour_schemes(
    browser: Browser, root_server: StaticServer
) -> None:
    """A context of its own (bypass_csp for the audit script), dark then light by the
    emulated colour scheme: each scheme's discs against the felt, then its views' audit."""
    if not AXE.exists():
        pytest.fail("node_modules/axe-core is missing: run ./build.sh setup")
    # bypass_csp: the page's CSP (rightly) refuses the injected audit script.
    context = browser.new_context(
        bypass_csp=True, color_scheme="dark", viewport={"width": 1100, "height": 760}
    )
    try:
        page = context.new_page()
        page.goto(f"{root_server.origin}/#othello/{GAME20}&ply=12")
        for scheme in ("dark", "light"):
            page.emulate_media(color_scheme=scheme)
            assert page.evaluate("matchMedia('(prefers-color-scheme: dark)').matches") == (
                scheme == "dark"
            )
            part_the_discs_stand_out_from_the_felt_by_3_to_1(page, scheme)
            part_axe_finds_no_serious_violations_on_the_main_views(page, root_server, scheme)
    finally:
        context.close()


def part_axe_finds_no_serious_violations_on_the_main_views(
    page: Page, root_server: StaticServer, scheme: str
) -> None:
    views: dict[str, list[dict]] = {}
    # The dark pass opens the link in the page's first start; the light pass in the address
    # bar of the page already open (the board editor the dark pass left is closed first).
    if page.locator("#editor-dialog").is_visible():
        page.keyboard.press("Escape")
        expect(page.locator("#editor-dialog")).to_be_hidden()
    page.goto(f"{root_server.origin}/#othello/{GAME20}&ply=12")
    wait_ready(page)
    at_ply(page, 12)
    views["othello game (history)"] = audit(page)
    shoot(page, f"study-othello-{scheme}.png")
    page.goto(f"{root_server.origin}/#themisto/{','.join(THEMISTO_WIN[:3])}")
    page.reload()
    wait_ready(page)
    views["themisto game"] = audit(page)
    shoot(page, f"study-themisto-{scheme}.png")
    page.click("#new-game")
    expect(page.locator("#new-game-dialog")).to_be_visible()
    views["new game dialog"] = audit(page)
    shoot(page, f"study-dialog-{scheme}.png")
    page.keyboard.press("Escape")
    page.click("#rules")
    expect(page.locator("#rules-dialog")).to_be_visible()
    views["rules view"] = audit(page)
    page.keyboard.press("Escape")
    page.click("#share")
    expect(page.locator("#share-dialog")).to_be_visible()
    page.fill("#import-text", "f5d6c3")
    expect(page.locator("#import-found")).to_have_attribute("data-kind", "ok")
    views["import and export dialog"] = audit(page)
    shoot(page, f"study-share-{scheme}.png")
    page.keyboard.press("Escape")
    page.click("#edit-board")
    expect(page.locator("#editor-dialog")).to_be_visible()
    views["board editor"] = audit(page)
    shoot(page, f"study-editor-{scheme}.png")
    assert views == {name: [] for name in views}, json.dumps(views, indent=1)


def luminance(hex_colour: str) -> float:
    """WCAG relative luminance of ``#rrggbb``."""
    channels = [int(hex_colour[i : i + 2], 16) / 255 for i in (1, 3, 5)]
    r, g, b = (c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: str, b: str) -> float:
    high, low = sorted((luminance(a), luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def part_the_discs_stand_out_from_the_felt_by_3_to_1(page: Page, scheme: str) -> None:
    """WCAG 1.4.11 for the board, which axe cannot see inside a canvas: the colours the
    canvas draws with are the page's CSS custom properties of that theme."""
    colours = page.evaluate(
        "() => Object.fromEntries(['--board-felt', '--board-felt-dark', '--disc-black-rim',"
        " '--disc-white-rim'].map((name) => [name, getComputedStyle(document.documentElement)"
        ".getPropertyValue(name).trim()]))"
    )
    for felt in ("--board-felt", "--board-felt-dark"):
        for rim in ("--disc-black-rim", "--disc-white-rim"):
            ratio = contrast(colours[felt], colours[rim])
            assert ratio >= 3.0, f"{rim} on {felt}: {ratio:.2f}:1 in the {scheme} theme"


def test_phone_sized_study_views(browser: Browser, root_server: StaticServer) -> None:
    """A context of its own (a phone's viewport and scale): dark, then light by the emulated
    colour scheme in the same page."""
    context = browser.new_context(
        color_scheme="dark", viewport={"width": 390, "height": 844}, device_scale_factor=2
    )
    try:
        page = context.new_page()
        page.goto(f"{root_server.origin}/#othello/{GAME20}&ply=8")
        wait_ready(page)
        for scheme in ("dark", "light"):
            page.emulate_media(color_scheme=scheme)
            page.evaluate("window.scrollTo(0, 0)")
            at_ply(page, 8)
            width = page.evaluate("document.documentElement.scrollWidth")
            assert width <= 390, f"the page scrolls sideways on a phone ({width}px)"
            shoot(page, f"study-phone-{scheme}.png")
            page.locator("#moves").scroll_into_view_if_needed()
            shoot(page, f"study-phone-panel-{scheme}.png")
    finally:
        context.close()


def part_hints_follow_the_shown_position_and_the_computer_never_moves_in_it(
    page: Page, watch: PageWatch, root_server: StaticServer
) -> None:
    """Last in its page: it leaves hints on and the computer playing White."""
    record = f"othello/{GAME20}"
    assert snapshot(page)["record"] != record
    open_link(page, record)  # was a first start at the link
    page.check("#hints")
    wait_until(page, "window.flipside.snapshot().hints !== null", 60_000)
    page.click("#moves button[data-ply='10']")
    at_ply(page, 10)
    wait_until(page, "window.flipside.snapshot().hints !== null", 60_000)
    snap = snapshot(page)
    assert sorted(snap["hints"]) == sorted(facade("at", record=record, ply=10)["legalNames"])
    # The computer plays White; at ply 9 White is to move: the board takes no move there,
    # and the computer does not think (the live game has Black, you, to move).
    page.select_option("#computer", "white")
    page.click("#moves button[data-ply='9']")
    snap = at_ply(page, 9)
    assert snap["computer"] == "white" and not snap["thinking"]
    assert snap["hints"] is None  # hints are for you to move
    legal = facade("at", record=record, ply=9)["legalNames"]
    click_square(page, legal[0])
    snap = idle(page)
    assert snap["record"] == record and snap["ply"] == 9 and not snap["thinking"]
    expect(page.locator("#confirm-dialog")).to_be_hidden()
    assert_clean(watch, root_server.origin)


def part_a_loss_on_time_is_announced(
    page: Page, watch: PageWatch, root_server: StaticServer
) -> None:
    # Three seconds each: White's run out (was a first start at the link).
    open_link(page, "othello/f5&clock=3")
    wait_announced(page, "Game over: White's time ran out. Black wins.")
    assert snapshot(page)["over"]
    assert_clean(watch, root_server.origin)


def test_studying_and_playing_by_keyboard_in_one_page(
    page: Page, watch: PageWatch, root_server: StaticServer
) -> None:
    """The former one-page tests of this file as parts, in turn, in one page (one engine
    start), each put back by the page's own functions (the New game dialog, a link in the
    address bar): the 20-move game first (its link is the page's start), the hints part last
    (it sets hints and a computer opponent)."""
    part_a_20_move_game_is_stepped_through_by_keys_and_by_clicks(page, watch, root_server)
    part_playing_from_an_earlier_ply_asks_first_and_redo_follows_undo(page, watch, root_server)
    part_typed_moves_play_in_both_games_and_bad_ones_say_why(page, watch, root_server)
    part_keyboard_only_a_whole_othello_game_with_the_cursor_and_the_move_box(
        page, watch, root_server
    )
    part_keyboard_only_a_whole_themisto_game_with_select_then_move_and_the_capture_choice(
        page, watch, root_server
    )
    part_the_cursor_reads_the_board_square_by_square(page, watch, root_server)
    part_a_link_at_a_ply_opens_at_that_ply_with_the_rest_of_the_game(page, watch, root_server)
    part_a_loss_on_time_is_announced(page, watch, root_server)
    part_hints_follow_the_shown_position_and_the_computer_never_moves_in_it(
        page, watch, root_server
    )
