"""The opening explorer (issue 40). In Chromium: the tree fetched only when the explorer is
opened, its moves and figures as the native explorer gives them, a move clicked, the position
on screen followed through the history, a position out of the tree and where the game left
the book, an imported game and an edited position, Themisto's computer games, both themes
audited, a phone. In every engine (Chromium, Firefox, WebKit): open, click a move, step back,
a position out of the tree, offline after one visit, German, desktop and phone screenshots."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from conftest import PageWatch, StaticServer, wait_ready, wait_until
from playwright.sync_api import Browser, Page
from test_engines import assert_clean as assert_clean_tab
from test_engines import open_link, ready, settle
from test_engines import shoot as shoot_tab
from test_engines import snapshot as tab_snapshot
from test_games import open_link as open_page_link
from test_games import shoot, snapshot, start_game
from test_history_a11y import AXE, audit
from test_site import assert_clean

from flipside.othello import Board
from flipside.othello import explorer as othello_explorer
from flipside.themisto import explorer as themisto_explorer
from tools.browsers import VIEWPORT, PlaywrightTab, Tab

PHONE = {"width": 390, "height": 844}
DIST = Path(__file__).resolve().parents[2] / "dist"


def fetched(origin: str, watch: PageWatch) -> list[str]:
    """The explorer files the browser context asked for (once each, whoever asked)."""
    return sorted({u.removeprefix(origin) for u in watch.requests if "/explorer/" in u})


def explorer_files(game: str) -> list[str]:
    """What opening the explorer of ``game`` fetches: its modules and that game's tree."""
    modules = json.loads((DIST / "explorer" / "modules.json").read_text()).values()
    return sorted(
        ["/explorer/modules.json", f"/explorer/{game}.bin", *(f"/explorer/{m}" for m in modules)]
    )


LOADED = "window.flipside.snapshot().explorer?.loaded === true"


def shown(record: str) -> str:
    """The condition: the explorer has drawn its answer for ``record``."""
    return (
        "(() => { const e = window.flipside.snapshot().explorer;"
        f" return e.open && e.loaded && e.record === {json.dumps(record)}"
        " && e.drawnRecord === e.record; })()"
    )


def native(record: str) -> dict[str, Any]:
    game = record.split("/")[0]
    module = othello_explorer if game == "othello" else themisto_explorer
    return module.explore(record)  # type: ignore[no-any-return]


def moves_of(answer: dict[str, Any]) -> list[dict[str, Any]]:
    return answer["moves"] if answer["found"] else []


def out_of_tree(line: str) -> str:
    """``line``, then the most played moves until a legal one no game of the tree played,
    and that move (the first in square order)."""
    while True:
        answer = native(f"othello/{line}")
        played = {m["move"] for m in answer["moves"]}
        board = Board.from_transcript(line)
        unplayed = [str(m) for m in board.legal_moves() if str(m) not in played]
        if unplayed:
            return line + unplayed[0]
        line += answer["moves"][0]["move"]


# -- Chromium ---------------------------------------------------------------------------------


def close_explorer(page: Page) -> None:
    """Put the page back between parts: the explorer closed by its own button."""
    if page.is_visible("#explorer"):
        page.click("#explorer-close")
    wait_until(page, "!window.flipside.snapshot().explorer?.open")


def part_the_explorer_follows_the_game_and_plays_a_move(
    page: Page, watch: PageWatch, origin: str
) -> None:
    """The page's first part: its start at the link is the visit that fetches nothing."""
    wait_until(page, "window.flipside.snapshot().searchReady", 60_000)
    assert fetched(origin, watch) == []  # not on a visit
    assert page.get_attribute("#explorer-open", "aria-expanded") == "false"

    page.click("#explorer-open")
    wait_until(page, shown("othello/"), 60_000)
    snap = snapshot(page)
    assert fetched(origin, watch) == explorer_files("othello")
    assert page.get_attribute("#explorer-open", "aria-expanded") == "true"
    start = native("othello/")
    games, (first, last) = start["games"], start["source"]["years"]
    assert snap["explorer"]["moves"] == start["moves"]
    assert snap["explorer"]["status"] == f"{games:,} games reached this position."
    assert page.text_content("#explorer-source") == (
        f"Master games: {games:,} WTHOR tournament games, {first}–{last}"
    )
    label = page.get_attribute("#explorer-moves button", "aria-label") or ""
    assert label.startswith(f"f5: {games:,} games, Black wins ")
    # Flipside's own values arrive from the search worker
    wait_until(page, "window.flipside.snapshot().explorer.values.every((v) => v !== '…')", 60_000)

    page.click("#explorer-moves button[data-move='f5']")
    wait_until(page, shown("othello/f5"))
    assert snapshot(page)["moves"] == ["f5"]
    assert snapshot(page)["explorer"]["moves"] == native("othello/f5")["moves"]
    page.click("#explorer-moves button[data-move='d6']")
    wait_until(page, shown("othello/f5d6"))
    snap = snapshot(page)
    assert (
        snap["moves"] == ["f5", "d6"]
        and snap["explorer"]["moves"] == native("othello/f5d6")["moves"]
    )
    shoot(page, "explorer-othello.png")

    # Back in history: the explorer follows the position on screen...
    page.click("#history-back")
    wait_until(page, shown("othello/f5"))
    assert not snapshot(page)["live"]
    # ...and its move that the game went on with steps forward, no new line
    page.click("#explorer-moves button[data-move='d6']")
    wait_until(page, "window.flipside.snapshot().live")
    wait_until(page, shown("othello/f5d6"))
    assert snapshot(page)["moves"] == ["f5", "d6"]
    # another move from an earlier position asks before it drops the game's later moves
    page.click("#history-back")
    wait_until(page, shown("othello/f5"))
    page.click("#explorer-moves button[data-move='f6']")
    page.click("#confirm-ok")
    wait_until(page, shown("othello/f5f6"))
    assert snapshot(page)["moves"] == ["f5", "f6"]

    # the line on screen into the repertoire, for the side that made its last move: a card of
    # Your opening lines, due now
    page.click("#explorer-repertoire")
    wait_until(page, "document.getElementById('explorer-repertoire-said').textContent !== ''")
    said = page.inner_text("#explorer-repertoire-said")
    assert said == "Added to your repertoire, playing White: f5 f6.", said
    page.click("#training-open")
    wait_until(
        page,
        "window.flipside.snapshot().training?.open"
        " && window.flipside.snapshot().training.counts?.openings.due === 1",
        60_000,
    )
    page.click("#training-close")
    if page.is_hidden("#explorer"):
        page.click("#explorer-open")
    wait_until(page, shown("othello/f5f6"))

    # closed and opened again: drawn at once, from the answers kept
    page.click("#explorer-close")
    assert page.is_hidden("#explorer")
    assert page.evaluate("document.activeElement.id") == "explorer-open"
    page.click("#explorer-open")
    wait_until(page, shown("othello/f5f6"))
    assert fetched(origin, watch) == explorer_files("othello")
    assert_clean(watch, origin)


def part_a_position_out_of_the_tree_and_where_the_game_left_the_book(
    page: Page, watch: PageWatch, origin: str
) -> None:
    line = out_of_tree("f5d6c3d3c4")
    close_explorer(page)
    open_page_link(page, f"othello/{line}")  # was a first start at the link
    page.click("#explorer-open")
    wait_until(page, shown(f"othello/{line}"), 60_000)
    snap = snapshot(page)
    assert snap["explorer"]["found"] is False and snap["explorer"]["moves"] == []
    assert snap["explorer"]["status"] == "No master games from here."
    assert page.is_hidden("#explorer-table")
    assert page.text_content("#explorer-cut") == (
        f"The explorer keeps the positions that at least {othello_explorer.tree().meta['minGames']}"
        " of its games reached."
    )
    assert page.text_content("#explorer-left") == (
        f"This game left the book at move {len(line) // 2}: no game of the explorer played"
        f" {line[-2:]}."
    )
    shoot(page, "explorer-othello-out-of-the-tree.png")
    # one step back the position is in the tree again; the line about the game stays
    page.click("#history-back")
    wait_until(page, shown(f"othello/{line[:-2]}"))
    assert snapshot(page)["explorer"]["found"] is True
    assert page.is_visible("#explorer-left")
    assert_clean(watch, origin)


def part_an_imported_game_and_an_edited_position(page: Page, watch: PageWatch, origin: str) -> None:
    """Imported: a transcript pasted; edited: the board editor's kind of game, a set-up
    position with no moves (the tiger turned, found by its position alone)."""
    close_explorer(page)
    start_game(page, "othello")  # was a first start at /
    page.click("#explorer-open")
    wait_until(page, LOADED, 60_000)
    page.click("#share")
    page.fill("#import-text", "e6f4c3c4d3")
    wait_until(page, "!document.getElementById('import-open').disabled")
    page.click("#import-open")
    wait_until(page, shown("othello/e6f4c3c4d3"))
    assert snapshot(page)["explorer"]["moves"] == native("othello/e6f4c3c4d3")["moves"]
    position = Board.from_transcript("e6f4c3c4d3").position().replace(" ", "")
    record = f"othello/&start={position}"
    page.evaluate("(link) => { location.hash = link; }", record)
    wait_until(page, shown(record))
    snap = snapshot(page)
    expected = native(record)
    assert expected["found"] and snap["explorer"]["moves"] == expected["moves"]
    assert snap["explorer"]["games"] == native("othello/f5d6c3d3c4")["games"]
    assert snap["explorer"]["left"] is None  # a set-up position: no book to leave
    assert_clean(watch, origin)


def part_themisto_computer_games(page: Page, watch: PageWatch, origin: str) -> None:
    close_explorer(page)
    start_game(page, "themisto")  # was a first start at #themisto/
    page.click("#explorer-open")
    wait_until(page, shown("themisto/"), 60_000)
    snap = snapshot(page)
    start = native("themisto/")
    assert snap["explorer"]["moves"] == start["moves"]
    # Its tree and nothing else (the modules came with Othello's explorer, earlier in the
    # page; a page of its own fetched them here, and exactly Themisto's files).
    assert fetched(origin, watch) == sorted(
        {*explorer_files("othello"), *explorer_files("themisto")}
    )
    assert page.text_content("#explorer-source").startswith("Computer games: ")
    assert page.is_hidden("th.explorer-score")  # no disc scores in Themisto
    first = start["moves"][0]["move"]
    page.click(f"#explorer-moves button[data-move='{first}']")
    wait_until(page, shown(f"themisto/{first}"))
    assert snapshot(page)["explorer"]["moves"] == moves_of(native(f"themisto/{first}"))
    shoot(page, "explorer-themisto.png")
    assert_clean(watch, origin)


def test_a_tree_that_cannot_be_fetched(browser: Browser, root_server: StaticServer) -> None:
    """The explorer says why, the game goes on, and opening it again asks again. (No
    service worker: its own requests would pass the test's route.)"""
    context = browser.new_context(viewport=VIEWPORT, service_workers="block")
    page = context.new_page()
    page.route("**/explorer/othello.bin", lambda route: route.fulfill(status=404, body="gone"))
    page.goto(f"{root_server.origin}/#othello/f5")
    wait_ready(page)
    page.click("#explorer-open")
    wait_until(page, "window.flipside.snapshot().explorer.error !== null", 60_000)
    assert snapshot(page)["explorer"]["status"] == (
        "The explorer could not load: could not download othello.bin (HTTP 404)."
    )
    page.fill("#move-input", "d6")
    page.press("#move-input", "Enter")
    wait_until(page, "window.flipside.snapshot().moves.length === 2")
    page.unroute("**/explorer/othello.bin")
    page.click("#explorer-close")
    page.click("#explorer-open")
    wait_until(page, shown("othello/f5d6"), 60_000)
    assert snapshot(page)["explorer"]["moves"] == native("othello/f5d6")["moves"]
    context.close()


def test_the_explorer_in_both_themes_passes_axe(
    browser: Browser, root_server: StaticServer
) -> None:
    """A context of its own (bypass_csp for the audit script), dark then light by the
    emulated colour scheme in the same page (the two schemes were a page each)."""
    if not AXE.exists():
        pytest.fail("node_modules/axe-core is missing: run ./build.sh setup")
    context = browser.new_context(bypass_csp=True, color_scheme="dark", viewport=VIEWPORT)
    try:
        page = context.new_page()
        page.goto(f"{root_server.origin}/#othello/f5d6c3")
        wait_ready(page)
        page.click("#explorer-open")
        wait_until(page, shown("othello/f5d6c3"), 60_000)
        for scheme in ("dark", "light"):
            page.emulate_media(color_scheme=scheme)
            assert page.evaluate("matchMedia('(prefers-color-scheme: dark)').matches") == (
                scheme == "dark"
            )
            assert audit(page) == []
            shoot(page, f"explorer-{scheme}.png")
    finally:
        context.close()


def part_the_explorer_by_keyboard(page: Page, watch: PageWatch, origin: str) -> None:
    """Tab to Explorer, Enter opens it (the focus goes to its status line, which is read);
    Tab to a move, Enter plays it and the focus stays on the explorer's moves."""
    close_explorer(page)
    open_page_link(page, "othello/f5")  # was a first start at the link
    page.focus("#explorer-open")
    page.keyboard.press("Enter")
    wait_until(page, shown("othello/f5"), 60_000)
    assert page.evaluate("document.activeElement.id") == "explorer-status"
    page.keyboard.press("Tab")  # the close button comes first... then the moves
    while page.evaluate("!document.activeElement.classList.contains('explorer-move')"):
        page.keyboard.press("Tab")
    move = page.evaluate("document.activeElement.dataset.move")
    page.keyboard.press("Enter")
    wait_until(page, shown(f"othello/f5{move}"))
    assert page.evaluate("document.activeElement.classList.contains('explorer-move')")
    assert_clean(watch, origin)


def test_the_explorer_on_a_phone(browser: Browser, root_server: StaticServer) -> None:
    context = browser.new_context(viewport=PHONE, has_touch=True, device_scale_factor=2)
    page = context.new_page()
    page.goto(f"{root_server.origin}/#othello/f5d6c3")
    wait_ready(page)
    page.click("#explorer-open")
    wait_until(page, shown("othello/f5d6c3"), 60_000)
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    box = page.locator("#explorer-table").bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"]
    page.locator("#explorer").scroll_into_view_if_needed()
    shoot(page, "explorer-phone.png")
    context.close()


def test_the_explorer_in_one_page(page: Page, watch: PageWatch, root_server: StaticServer) -> None:
    """The former one-page tests of this file as parts, in turn, in one page (one engine
    start at the Othello start, the visit the first part checks fetches nothing), each put
    back by the page's own functions (the explorer's Close, the New game dialog, a link in
    the address bar): the explorer following the game and playing a move, a position out of
    the tree, an imported game and an edited position, Themisto's computer games, the
    explorer by keyboard."""
    origin = root_server.origin
    page.goto(origin + "/#othello/")
    wait_ready(page)
    part_the_explorer_follows_the_game_and_plays_a_move(page, watch, origin)
    part_a_position_out_of_the_tree_and_where_the_game_left_the_book(page, watch, origin)
    part_an_imported_game_and_an_edited_position(page, watch, origin)
    part_themisto_computer_games(page, watch, origin)
    part_the_explorer_by_keyboard(page, watch, origin)


# -- every engine -----------------------------------------------------------------------------


def resize(browser_tab: Tab, size: dict[str, int]) -> None:
    if isinstance(browser_tab, PlaywrightTab):
        browser_tab.page.set_viewport_size(size)
    else:
        browser_tab.set_window_size(size["width"], size["height"])  # type: ignore[attr-defined]


def show_explorer(browser_tab: Tab) -> None:
    browser_tab.evaluate("(() => { document.getElementById('explorer').scrollIntoView(); })()")


def the_explorer_in_every_engine(tab: Tab, origin: str) -> None:
    """Open it, click a move, step back, a position out of the tree; desktop and phone. In
    Firefox and WebKit (Chromium: the Chromium tests above, a phone's included). The
    origin's first visit; the explorer closed again at the end by its own button."""
    tab.goto(origin + "/#othello/f5")
    ready(tab)
    tab.click("#explorer-open")
    tab.wait_until(shown("othello/f5"))
    assert tab_snapshot(tab)["explorer"]["moves"] == native("othello/f5")["moves"]
    tab.click("#explorer-moves button[data-move='d6']")
    tab.wait_until(shown("othello/f5d6"))
    assert tab_snapshot(tab)["moves"] == ["f5", "d6"]
    shoot_tab(tab, f"engine-{tab.engine}-explorer.png")
    tab.click("#history-back")
    tab.wait_until(shown("othello/f5"))
    assert not tab_snapshot(tab)["live"]
    resize(tab, PHONE)
    show_explorer(tab)
    width = tab.evaluate("innerWidth")  # WebKit's MiniBrowser is at least 447 px wide
    assert width <= 447 and tab.evaluate("document.documentElement.scrollWidth") <= width
    shoot_tab(tab, f"engine-{tab.engine}-explorer-phone.png")
    resize(tab, VIEWPORT)

    line = out_of_tree("f5d6c3d3c4")
    tab.evaluate(f"(() => {{ location.hash = 'othello/{line}'; }})()")
    tab.wait_until(shown(f"othello/{line}"))
    snap = tab_snapshot(tab)["explorer"]
    assert snap["found"] is False and snap["status"] == "No master games from here."
    assert snap["left"] == {"ply": len(line) // 2, "move": line[-2:], "games": 0}
    assert_clean_tab(tab, origin)
    tab.click("#explorer-open")  # put back: closed, as the next part finds it on a first visit
    tab.wait_until("!window.flipside.snapshot().explorer.open")


def test_the_explorer_offline_and_in_german_in_every_engine(tab: Tab, dist: Path) -> None:
    """Opened once, the tree is kept: offline, a fresh visit's explorer still answers, in
    German too (its words from the page's catalog, Python's from the cached catalog). In
    Firefox and WebKit the page first runs the former ``test_the_explorer_in_every_engine``
    (``the_explorer_in_every_engine``, the origin's first visit), then opens the Themisto
    start by a link; Chromium starts there."""
    server = StaticServer(dist)
    origin = server.origin
    try:
        if tab.engine != "chromium":  # its former engines("firefox", "webkit") marker
            the_explorer_in_every_engine(tab, origin)
            open_link(tab, "themisto/")
        else:
            tab.goto(origin + "/#themisto/")
            ready(tab)
        tab.click("#explorer-open")
        tab.wait_until(shown("themisto/"))
        settle(tab)
        files = json.dumps(explorer_files("themisto"))
        tab.wait_until(
            "caches.keys().then(async (keys) => { if (!keys.length) return false;"
            " const kept = (await (await caches.open(keys[0])).keys()).map((r) => new URL(r.url).pathname);"
            f" return {files}.every((f) => kept.includes(f)); }})"
        )
    finally:
        server.close()
    tab.goto("about:blank")
    tab.goto(origin + "/#themisto/")
    ready(tab)
    tab.choose("#language", "de")
    tab.wait_until("document.documentElement.lang === 'de'")
    tab.click("#explorer-open")
    try:
        tab.wait_until(shown("themisto/"))
    except AssertionError as error:  # say what the panel and the page had instead
        seen = tab_snapshot(tab)
        raise AssertionError(
            f"{error}; explorer {seen['explorer']}; errors {seen['errors']}"
        ) from None
    snap = tab_snapshot(tab)
    assert snap["explorer"]["moves"] == native("themisto/")["moves"]
    games = native("themisto/")["games"]
    assert (
        snap["explorer"]["status"]
        == f"{games:,}".replace(",", ".") + " Partien erreichten diese Stellung."
    )
    show_explorer(tab)
    shoot_tab(tab, f"engine-{tab.engine}-explorer-german.png")
    resize(tab, PHONE)
    show_explorer(tab)
    shoot_tab(tab, f"engine-{tab.engine}-explorer-german-phone.png")
    assert_clean_tab(tab, origin)
