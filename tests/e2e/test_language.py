"""The page's language in Chromium: it follows the browser's languages (German; a ja-JP
browser asks for the Japanese catalog), a choice in the masthead is kept over them, a change
relabels the game on screen without touching it, a catalog that fails to load leaves the page
English with a message, and German's longer words fit a phone and a desktop (screenshots in
test-results/screenshots/). The German and Japanese games, links, rules and audits in every
engine are in test_engines.py; the Japanese screenshots in test_visual.py."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest
from conftest import PageWatch, StaticServer, wait_ready, wait_until
from playwright.sync_api import Browser, Page, Route, expect
from test_games import open_link, shoot, snapshot
from test_site import assert_clean, click_square

from flipside import facade
from tools import i18n

PHONE = {"width": 390, "height": 844}


def german(method: str, **params: Any) -> Any:
    """Python's answer in German, asked natively."""
    request = {"id": 1, "method": method, "params": params, "lang": "de"}
    return json.loads(facade.handle(json.dumps(request)))["result"]


def page_german(english: str) -> str:
    return str(i18n.page_catalog("de")[english])


def lang(page: Page) -> str:
    return str(page.evaluate("document.documentElement.lang"))


def test_the_page_follows_the_browser_and_keeps_a_choice(
    browser: Browser, root_server: StaticServer
) -> None:
    context = browser.new_context(locale="de-DE", viewport={"width": 1100, "height": 760})
    try:
        watch = PageWatch(context)
        page = context.new_page()
        page.goto(root_server.origin + "/#othello/f5d6")
        snap = wait_ready(page)
        assert lang(page) == "de" and page.input_value("#language") == "de"
        assert snap["status"] == german("state", record="othello/f5d6")["status"]
        assert page.evaluate("window.flipside.engine.info.startup") == "snapshot"  # no slower
        expect(page.locator("#undo")).to_have_text(page_german("Undo"))
        # English chosen in a German browser: kept over the browser's wish.
        page.select_option("#language", "en")
        wait_until(page, "document.documentElement.lang === 'en'")
        wait_until(page, "window.flipside.snapshot().status === 'Black to move'")
        expect(page.locator("#undo")).to_have_text("Undo")
        page.reload()
        wait_ready(page)
        assert lang(page) == "en" and page.input_value("#language") == "en"
        assert watch.errors == []
    finally:
        context.close()


def test_a_change_of_language_relabels_the_game_without_touching_it(
    page: Page, watch: PageWatch, root_server: StaticServer
) -> None:
    page.goto(root_server.origin + "/#othello/f5d6c3&ply=2")
    wait_ready(page)
    wait_until(page, "window.flipside.snapshot().ply === 2")
    before = snapshot(page)
    page.select_option("#language", "de")
    wait_until(page, "document.documentElement.lang === 'de'")
    expected = german("at", record="othello/f5d6c3", ply=2)
    wait_until(page, f"window.flipside.snapshot().status === {json.dumps(expected['status'])}")
    after = snapshot(page)
    assert after["moves"] == before["moves"] and after["ply"] == 2  # the same game, same ply
    assert after["link"] == before["link"]  # links are the same in both languages
    expect(page.locator("#new-game")).to_have_text(page_german("New game"))
    expect(page.locator("#rules")).to_have_text(page_german("Rules"))
    # Back to the live position and a move: Python's words stay German.
    page.keyboard.press("End")
    click_square(page, "d3")
    wait_until(page, "window.flipside.snapshot().moves.length === 4")
    assert snapshot(page)["status"] == german("state", record="othello/f5d6c3d3")["status"]
    assert_clean(watch, root_server.origin)


def test_a_catalog_that_fails_to_load_leaves_the_page_english(
    browser: Browser, root_server: StaticServer
) -> None:
    """A Japanese browser (ja-JP) asks for the Japanese catalog; when it does not load, the
    page stays English and says why."""
    context = browser.new_context(locale="ja-JP")
    asked: list[str] = []

    def gone(route: Route) -> None:
        asked.append(route.request.url)
        route.fulfill(status=404, body="gone")

    try:
        context.route("**/locale/*.json", gone)
        page = context.new_page()
        page.goto(root_server.origin + "/")
        snap = wait_ready(page)
        assert [url.rsplit("/", 1)[1] for url in asked] == ["ja.json"]  # the browser's language
        assert lang(page) == "en" and snap["status"] == "Black to move"
        # The failure may come after the page is up: it is told then.
        wait_until(page, "window.flipside.snapshot().notice !== null")
        assert "(404)" in snapshot(page)["notice"]
        click_square(page, "f5")  # the game goes on
        wait_until(page, "window.flipside.snapshot().moves.length === 1")
    finally:
        context.close()


def clipped(page: Page, root: str) -> list[str]:
    """Visible buttons, labels and menus under ``root`` whose text does not fit them, or that
    stick out of the window at the right."""
    return page.evaluate(  # type: ignore[no-any-return]
        """(root) => [...document.querySelectorAll(root + ' button, ' + root + ' select, ' + root + ' label, ' + root + ' .player .who')]
            .filter((e) => e.offsetParent !== null)
            .filter((e) => e.scrollWidth > e.clientWidth + 1 || e.getBoundingClientRect().right > innerWidth)
            .map((e) => e.id || e.textContent.trim().slice(0, 30))""",
        root,
    )


def test_german_fits_a_phone_and_a_desktop(browser: Browser, root_server: StaticServer) -> None:
    for name, size in (("phone", PHONE), ("desktop", {"width": 1280, "height": 800})):
        context = browser.new_context(locale="de-DE", viewport=size, has_touch=name == "phone")
        try:
            watch = PageWatch(context)
            page = context.new_page()
            page.goto(root_server.origin + "/#othello/f5d6c3")
            wait_ready(page)
            assert lang(page) == "de"
            assert page.evaluate("document.documentElement.scrollWidth") <= size["width"]
            assert clipped(page, "body") == []
            shoot(page, f"german-{name}-othello.png")
            page.click("#switch-themisto")
            wait_until(page, "window.flipside.snapshot().game === 'themisto'")
            assert page.evaluate("document.documentElement.scrollWidth") <= size["width"]
            assert clipped(page, "body") == []
            shoot(page, f"german-{name}-themisto.png")
            page.click("#new-game")
            expect(page.locator("#new-game-dialog")).to_be_visible()
            assert clipped(page, "#new-game-dialog") == []
            shoot(page, f"german-{name}-dialog.png")
            page.keyboard.press("Escape")
            page.click("#rules")
            expect(page.locator("#rules-dialog")).to_be_visible()
            shoot(page, f"german-{name}-rules.png")
            assert watch.errors == []
        finally:
            context.close()


# -- the audit: states beyond the first view, in German -------------------------------------

THEMISTO_BEFORE_WIN = "themisto/a1-b2,a7-b6,d1-c2,h7-g6"  # player one wins with c2-d1x or d8-d1x
OTHELLO_MUST_PASS = "d3c3e6d2d1e1b2c1"  # Black has no move: a forced pass
OTHELLO_SHORT_GAME = "d3c3f5f4f3d2d1e3b3"  # White is wiped out: Black wins 13-0
VISIBLE_TEXTS = """() => {
  const out = [];
  const shown = (e) => e && e.getClientRects().length > 0 && getComputedStyle(e).visibility !== 'hidden';
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    const el = n.parentElement;
    if (n.data.trim() && shown(el) && !el.closest('script, style, [translate=no]')) out.push(n.data);
  }
  for (const el of document.querySelectorAll('[aria-label], [title], [placeholder], [alt]')) {
    for (const a of ['aria-label', 'title', 'placeholder', 'alt']) if (el.getAttribute(a)) out.push(el.getAttribute(a));
  }
  for (const o of document.querySelectorAll('option')) out.push(o.textContent);
  out.push(document.title, document.getElementById('announcer').textContent);
  return out.map((t) => t.replace(/\\s+/g, ' ').trim()).filter((t) => /[A-Za-z]/.test(t));
}"""


def english_left(page: Page) -> list[str]:
    """Texts on the page that are an English catalog message with a different German
    translation, or Themisto hint labels in English letters or with a decimal point."""
    catalog = i18n.page_catalog("de")
    left = [t for t in page.evaluate(VISIBLE_TEXTS) if t in catalog and catalog[t] != t]
    labels = [m["label"] for m in snapshot(page)["hintMarks"] if m["label"]]
    return left + [f"hint label {lab}" for lab in labels if lab[0] in "WL" or "." in lab]


@pytest.fixture
def german_page(browser: Browser) -> Iterator[tuple[Page, PageWatch]]:
    """A page of a German browser (1100 x 900) and its error watch."""
    context = browser.new_context(locale="de-DE", viewport={"width": 1100, "height": 900})
    try:
        watch = PageWatch(context)
        yield context.new_page(), watch
    finally:
        context.close()


def part_themisto_hint_labels_and_verdict_are_german_and_asked_again_in_english(
    page: Page, watch: PageWatch
) -> None:
    open_link(page, THEMISTO_BEFORE_WIN)  # was a first start at the link
    page.check("#hints")
    wait_until(page, "window.flipside.snapshot().hintMarks.length > 0", 60_000)
    line = snapshot(page)["bestLineText"]
    assert "(Spieler eins erzwingt den Sieg in 1)" in line
    best = line.split(": ")[1].split()[0]
    click_square(page, best[:2])
    wait_until(page, f"window.flipside.snapshot().selected === '{best[:2]}'")
    marks = {m["square"]: m["label"] for m in snapshot(page)["hintMarks"]}
    assert marks["d1"] == "S1"  # Sieg in 1: Python's label in German letters
    assert german("hints", record=THEMISTO_BEFORE_WIN)["labels"][best] == "S1"
    assert not any(label[0] in "WL" or "." in label for label in marks.values())
    shoot(page, "german-themisto-hints.png")
    # English chosen: the hints are asked again, in English.
    page.select_option("#language", "en")
    wait_until(page, "(window.flipside.snapshot().bestLineText || '').includes('player one wins')")
    assert snapshot(page)["selected"] == best[:2]  # the disk stays selected
    wait_until(page, "window.flipside.snapshot().hintMarks.some((m) => m.label === 'W1')")
    assert watch.errors == []


def part_a_series_against_the_computer_says_you_play_in_german_and_english(
    page: Page, watch: PageWatch
) -> None:
    """The page's last part: it leaves English chosen and a series against the computer."""
    # Put back by the page's own controls: German chosen again (the browser's language, which
    # the part before left for English) and the hints off.
    page.select_option("#language", "de")
    wait_until(page, "document.documentElement.lang === 'de'")
    page.uncheck("#hints")
    page.click("#new-game")
    # An Othello game, as at / (was a first start there).
    page.check('#new-game-dialog input[name="game"][value="othello"]')
    page.select_option("#opponent", "computer")
    page.select_option("#first", "first")
    page.select_option("#series", "games")
    page.fill("#series-target", "2")
    page.click("#start-game")
    wait_until(page, "window.flipside.snapshot().series !== null")
    expect(page.locator("#series-score")).to_have_text(
        "Du 0 – 0 Computer · Partie 1: Du spielst Schwarz"
    )
    shoot(page, "german-series-you.png")
    page.select_option("#language", "en")
    expect(page.locator("#series-score")).to_have_text(
        "You 0 – 0 Computer · game 1: you play Black"
    )
    assert watch.errors == []


def part_a_walk_through_many_states_in_german_shows_no_english_message(
    page: Page, watch: PageWatch
) -> None:
    """The page's first part: its start at othello/f5d6 is the walk's start."""
    from test_games import idle, themisto_link

    from test_import_export import WTHOR

    found: dict[str, list[str]] = {}

    def audit(where: str) -> None:
        left = english_left(page)
        if left:
            found[where] = left

    def audit_choices(menu: str, values: tuple[str, ...], what: str) -> None:
        """The New game dialog with each of ``menu``'s ``values`` chosen in turn."""
        for value in values:
            page.select_option(menu, value)
            audit(f"dialog, {what} {value}")

    audit("start")
    # The New game dialog with each choice revealed, and an invalid value's error.
    page.click("#new-game")
    audit_choices("#opponent", ("computer", "watch", "human"), "opponent")
    page.select_option("#opponent", "computer")
    page.select_option("#first", "toss")
    audit_choices("#opening-kind", ("xot", "random"), "opening")
    page.select_option("#opening-kind", "standard")
    page.select_option("#handicap", "2")
    page.select_option("#clock", "custom")
    audit_choices("#series", ("games", "points"), "series")
    page.fill("#series-target", "9999")
    page.evaluate("document.getElementById('series-target').removeAttribute('max')")
    page.click("#start-game")
    expect(page.locator("#new-game-error")).to_be_visible()
    audit("dialog, invalid series")
    page.check('#new-game-dialog input[name="game"][value="themisto"]')
    page.select_option("#move-limit", "custom")
    audit("dialog, Themisto")
    page.keyboard.press("Escape")
    # The editor: an invalid position's message.
    page.click("#edit-board")
    page.click("#editor-clear")
    page.click("#editor-play")
    wait_until(page, "document.getElementById('editor-message').textContent !== ''")
    audit("editor, invalid")
    page.keyboard.press("Escape")
    # Import: an invalid paste, a valid one, a WTHOR file and a search in it.
    page.click("#share")
    page.fill("#import-text", "this is not a game")
    wait_until(page, "document.getElementById('import-found').textContent !== ''")
    audit("import, invalid")
    page.fill("#import-text", "f5d6c3d3")
    wait_until(page, "!document.getElementById('import-open').disabled")
    audit("import, valid")
    page.set_input_files("#import-file", str(WTHOR))
    wait_until(page, "document.querySelectorAll('#wthor-games .wthor-game').length > 0")
    page.fill("#wthor-search", "zzzz")
    audit("import, WTHOR")
    page.click("#share-close")
    # The move box: an illegal and a malformed move; the history banner.
    for typed in ("a1", "zz9"):
        page.fill("#move-input", typed)
        page.press("#move-input", "Enter")
        wait_until(page, "window.flipside.snapshot().notice !== null")
        audit(f"move box {typed}")
    page.click("#history-start")
    wait_until(page, "!window.flipside.snapshot().live")
    audit("history")
    # Othello: a forced pass, a disc given, a flag, a finished game.
    for record in (
        f"othello/{OTHELLO_MUST_PASS}",
        "othello/&clock=3&flag=black",
        f"othello/{OTHELLO_SHORT_GAME}",
        f"othello/{OTHELLO_SHORT_GAME}&series=games:2",
    ):
        open_link(page, record)
        audit(record)
    # Themisto: a lost turn, the Pass button, a draw; hints with their labels.
    open_link(page, themisto_link("X......."))
    page.click("#pass")
    wait_until(page, "window.flipside.snapshot().moves.length === 1")
    page.click("#pass")
    wait_until(page, "window.flipside.snapshot().over")
    audit("Themisto draw")
    open_link(page, THEMISTO_BEFORE_WIN)
    page.check("#hints")
    wait_until(page, "window.flipside.snapshot().hintMarks.length > 0", 60_000)
    ring = snapshot(page)["hintMarks"][0]["square"]
    page.evaluate("window.scrollTo(0, 0)")
    click_square(page, ring)
    wait_until(page, f"window.flipside.snapshot().selected === '{ring}'")
    wait_until(page, "window.flipside.snapshot().hintMarks.some((m) => m.label)")
    audit("Themisto hints")
    # A puzzle, a wrong try.
    page.uncheck("#hints")
    open_link(page, "othello/f5d6")
    page.click("#puzzles")
    wait_until(page, "window.flipside.snapshot().puzzle !== null")
    idle(page)
    puzzle = snapshot(page)["puzzle"]
    wrong = next(m for m in snapshot(page)["legal"] if m != puzzle["best"])
    page.fill("#move-input", wrong)
    page.press("#move-input", "Enter")
    wait_until(page, f"window.flipside.snapshot().puzzle.text !== {json.dumps(puzzle['text'])}")
    audit("puzzle, wrong")
    shoot(page, "german-walk-puzzle.png")
    assert found == {}
    assert watch.errors == []


def test_a_german_browser_s_walk_hints_and_series_in_one_page(
    german_page: tuple[Page, PageWatch], root_server: StaticServer
) -> None:
    """The former tests of this file on a German browser's page (``german_page``) as parts,
    in turn, in one page (one start, at othello/f5d6): the walk through many states first
    (German throughout), then Themisto's hint labels (it chooses English), then the series
    against the computer (German chosen again by the masthead's menu; it ends in English)."""
    page, watch = german_page
    page.goto(root_server.origin + "/#othello/f5d6")
    wait_ready(page)
    part_a_walk_through_many_states_in_german_shows_no_english_message(page, watch)
    part_themisto_hint_labels_and_verdict_are_german_and_asked_again_in_english(page, watch)
    part_a_series_against_the_computer_says_you_play_in_german_and_english(page, watch)
