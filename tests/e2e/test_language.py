"""The page's language in Chromium: it follows the browser's languages, a choice in the
masthead is kept over them, a change relabels the game on screen without touching it, a
catalog that fails to load leaves the page English with a message, and German's longer words
fit a phone and a desktop (screenshots in test-results/screenshots/). The German game, link,
rules and audit in every engine are in test_engines.py."""

from __future__ import annotations

import json
from typing import Any

from conftest import PageWatch, StaticServer, wait_ready, wait_until
from playwright.sync_api import Browser, Page, expect
from test_games import shoot, snapshot
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
    context = browser.new_context(locale="de-DE")
    try:
        context.route("**/locale/de.json", lambda route: route.fulfill(status=404, body="gone"))
        page = context.new_page()
        page.goto(root_server.origin + "/")
        snap = wait_ready(page)
        assert lang(page) == "en" and snap["status"] == "Black to move"
        assert snap["notice"] is not None and "(404)" in snap["notice"]
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
