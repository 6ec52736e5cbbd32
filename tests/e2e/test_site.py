"""The built site in a real browser: engine start, play, links, saves, offline, sub-path."""

from __future__ import annotations

import gzip
import json
import re
import shutil
from pathlib import Path

import pytest
from conftest import SUB_PATH, PageWatch, StaticServer, wait_ready, wait_until
from playwright.sync_api import Browser, BrowserContext, Page, expect

from flipside.othello import Board
from tools.build.site import LATER_MODULES, SEPARATE_MODULES


def square_centre(snapshot: dict, name: str) -> tuple[float, float]:
    rect = snapshot["boardRect"]
    col, row = "abcdefgh".index(name[0]), int(name[1]) - 1
    return (
        rect["x"] + (col + 0.5) * rect["width"] / 8,
        rect["y"] + (row + 0.5) * rect["height"] / 8,
    )


def click_square(page: Page, name: str) -> None:
    x, y = square_centre(page.evaluate("window.flipside.snapshot()"), name)
    page.mouse.click(x, y)


def play(page: Page, name: str) -> dict:
    """Click a square and wait for the move to be shown; return the new snapshot."""
    before = len(page.evaluate("window.flipside.snapshot().moves"))
    click_square(page, name)
    wait_until(page, f"window.flipside.snapshot().moves.length > {before}")
    return page.evaluate("window.flipside.snapshot()")


def settle(page: Page) -> dict:
    """Wait for one engine round trip (any queued request is answered) and return a snapshot."""
    page.evaluate("window.flipside.engine.call('engine_info')")
    wait_until(page, "!window.flipside.snapshot().busy")
    return page.evaluate("window.flipside.snapshot()")


def assert_clean(watch: PageWatch, origin: str) -> None:
    assert watch.errors == []
    strays = [url for url in watch.requests if not url.startswith(origin + "/")]
    assert strays == [], "requests left the page's origin"


@pytest.fixture
def site_url(sub_path_server: StaticServer) -> tuple[str, str]:
    """(page URL, origin) of dist/ served under /games/flipside/: every URL the page and its
    workers ask is relative. (At the site root every other test runs: test_engines.py's
    first start, offline visit and clean origin in Chromium among them.)"""
    return sub_path_server.origin + SUB_PATH, sub_path_server.origin


def test_engine_loads_a_click_plays_the_move_and_it_works_offline_after_one_visit(
    page: Page, context: BrowserContext, watch: PageWatch, site_url: tuple[str, str]
) -> None:
    """One page under the sub-path, in turn: the engine's first start and a click; then, the
    page put back by New game, offline after one visit (a reload, last)."""
    url, origin = site_url
    page.goto(url)
    part_engine_loads_and_a_click_plays_the_move(page, watch, origin)
    part_works_offline_after_one_visit(page, context, watch, origin)


def part_engine_loads_and_a_click_plays_the_move(page: Page, watch: PageWatch, origin: str) -> None:
    first = wait_ready(page)
    assert first["ready"] is True
    # Ready, and the search worker not started yet: its start (a second Python) waits for a
    # quiet moment, QUIET_MS still after ready, so it never competes with a first click (it
    # came at ready itself when the page's start took longer than QUIET_MS).
    page.wait_for_timeout(1000)
    assert page.evaluate("window.flipside.snapshot().pool.running") == 0
    assert page.evaluate("window.flipside.engine.info.startup") == "snapshot"
    assert page.evaluate("window.flipside.engine.info.cached") == []  # no cache yet
    assert first["game"] == "othello"
    assert first["position"] == Board().position()
    assert first["toMove"] == "black" and first["moves"] == []
    assert first["status"] == "Black to move"
    rect = first["boardRect"]
    assert rect["width"] == pytest.approx(rect["height"]) and rect["width"] > 200

    expected = Board()
    for move in ["f5", "d6", "c3"]:
        snap = play(page, move)
        expected.push_str(move)
        assert snap["position"] == expected.position()  # exactly the right discs flipped
    assert snap["moves"] == ["f5", "d6", "c3"]
    # Moves are answered from the snapshot's modules: the rules worker never stopped to
    # install the app's files (that install held up the first click before).
    assert page.evaluate("window.flipside.engine.call('engine_info')")["filesInstalled"] is False
    assert snap["toMove"] == "white"
    assert snap["counts"] == {"black": 5, "white": 2}
    assert page.locator("#count-0").inner_text() == "5"
    assert page.locator("#moves li").count() == 3
    assert page.evaluate("location.hash") == "#othello/f5d6c3"
    # The search worker (started once the clicks are over) instantiates the runtime the rules
    # worker compiled, instead of downloading and compiling its own.
    wait_until(page, "window.flipside.snapshot().searchReady", 60_000)
    assert page.evaluate("window.flipside.engine.info.runtime") == "compiled"
    assert page.evaluate("window.flipside.snapshot().searchRuntime") == "shared"
    assert_clean(watch, origin)

    # The page's own scripts: the first module, what it starts, the worker and one bundle of
    # every room (the build's bundle_page), not a module per source file; the modules loaded
    # later (the game library) only once the engine is ready.
    loaded = page.evaluate(
        "performance.getEntriesByType('resource').filter((e) => /\\/js\\/.*\\.js$/.test(e.name))"
        ".map((e) => [e.name.split('/js/')[1], e.startTime])"
    )
    scripts = [name for name, _ in loaded]
    assert "main.js" in scripts and set(scripts) <= {*SEPARATE_MODULES, *LATER_MODULES, "main.js"}
    ready_at = page.evaluate("window.flipside.snapshot().timings.engineReady")
    assert all(at >= ready_at for name, at in loaded if name in LATER_MODULES)
    # The rules worker index.html started was taken over, not started a second time.
    assert page.evaluate("self.flipsideEarly") is None
    assert len(page.workers) == 2

    # The Content-Security-Policy is in force: same origin only, no eval, and no inline script
    # but the page's own (named by its hash: it starts the rules worker).
    policy = page.get_attribute('meta[http-equiv="Content-Security-Policy"]', "content")
    assert "default-src 'self'" in policy and "'wasm-unsafe-eval'" in policy
    assert "unsafe-inline" not in policy and "'unsafe-eval'" not in policy
    assert len(re.findall(r"'sha256-[A-Za-z0-9+/]{43}='", policy)) == 1
    page.evaluate(
        "() => { const s = document.createElement('script');"
        " s.textContent = 'window.inlineRan = true'; document.body.append(s); }"
    )
    assert page.evaluate("window.inlineRan === undefined")


def new_game(page: Page) -> None:
    """A new game (the dialog's choices as they are) by the New game dialog."""
    page.click("#new-game")
    page.click("#start-game")
    wait_until(page, "window.flipside.snapshot().moves.length === 0")


def test_a_bad_link_illegal_clicks_undo_new_game_reduced_motion_and_a_link_keeps_the_game(
    context: BrowserContext, page: Page, watch: PageWatch, root_server: StaticServer
) -> None:
    """One page, in turn: a bad link with no saved game starts a new one; illegal clicks do
    nothing; Undo and New game; with reduced motion a move is drawn at once. Then a link
    opened in a new tab keeps the game it replaces (the first page's game, played after a
    new game from the dialog, is the game in progress)."""
    part_a_bad_link_illegal_clicks_undo_new_game_and_reduced_motion(page, watch, root_server)
    part_a_link_keeps_the_game_it_replaces_one_click_away(context, page, watch, root_server)


def part_a_bad_link_illegal_clicks_undo_new_game_and_reduced_motion(
    page: Page, watch: PageWatch, root_server: StaticServer
) -> None:
    page.goto(root_server.origin + "/#othello/zz")
    before = wait_ready(page)
    assert before["moves"] == [] and before["position"] == Board().position()
    assert before["notice"] == (
        "This link is not a valid Othello game: move 1: 'zz' is not a move. Starting a new game."
    )
    page.click("#notice-close")
    wait_until(page, "window.flipside.snapshot().notice === null")
    for name in ["a1", "d4", "e5", "h8"]:  # empty-but-illegal and occupied squares
        click_square(page, name)
    rect = before["boardRect"]
    page.mouse.click(rect["x"] - 5, rect["y"] - 5)  # the frame, outside the squares
    after = settle(page)
    assert after["position"] == before["position"] and after["moves"] == []
    assert after["notice"] is None and after["status"] == "Black to move"
    assert play(page, "d3")["moves"] == ["d3"]  # and the board still plays

    # Undo and New game.
    page.click("#new-game")
    page.click("#start-game")
    wait_until(page, "window.flipside.snapshot().moves.length === 0")
    expect(page.locator("#undo")).to_be_disabled()
    play(page, "f5")
    play(page, "f6")
    page.click("#undo")
    wait_until(page, "window.flipside.snapshot().moves.length === 1")
    assert page.evaluate("window.flipside.snapshot().position") == (
        Board.from_transcript("f5").position()
    )
    page.click("#new-game")
    page.click("#start-game")
    wait_until(page, "window.flipside.snapshot().moves.length === 0")
    expect(page.locator("#undo")).to_be_disabled()

    # Reduced motion: the move is drawn at once, no animation frame pending.
    page.emulate_media(reduced_motion="reduce")
    snap = play(page, "f5")
    assert snap["busy"] is False
    assert snap["position"] == Board.from_transcript("f5").position()
    assert_clean(watch, root_server.origin)


def test_link_opens_the_game_and_a_bad_link_keeps_the_saved_one(
    context: BrowserContext, watch: PageWatch, root_server: StaticServer
) -> None:
    origin = root_server.origin
    page = context.new_page()
    page.goto(origin + "/#othello/f5d6c3")
    snap = wait_ready(page)
    assert snap["moves"] == ["f5", "d6", "c3"] and snap["notice"] is None
    play(page, "d3")  # saved in localStorage now: f5d6c3d3
    page.close()

    page = context.new_page()
    page.goto(origin + "/#othello/f5d6c9")
    snap = wait_ready(page)
    assert snap["moves"] == ["f5", "d6", "c3", "d3"]  # the saved game, not lost
    assert snap["notice"] == (
        "This link is not a valid Othello game: move 3: c9 is not a square. "
        "Showing your saved game instead."
    )
    expect(page.locator("#notice")).to_be_visible()
    assert page.evaluate("location.hash") == "#othello/f5d6c3d3"

    page.evaluate("location.hash = '#othello/f5f5'")  # edited in the address bar
    wait_until(page, "window.flipside.snapshot().notice?.includes('unchanged')")
    assert page.evaluate("window.flipside.snapshot().moves") == ["f5", "d6", "c3", "d3"]
    page.evaluate("location.hash = '#othello/e6'")
    wait_until(page, "window.flipside.snapshot().transcript === 'e6'")
    assert_clean(watch, origin)


def part_a_link_keeps_the_game_it_replaces_one_click_away(
    context: BrowserContext, page: Page, watch: PageWatch, root_server: StaticServer
) -> None:
    origin = root_server.origin
    new_game(page)  # was a first start at /: a new game from the dialog instead
    play(page, "f5")
    play(page, "d6")  # the game in progress, saved: f5d6
    page.close()

    page = context.new_page()  # a shared link opened later, in a new tab
    page.goto(origin + "/#othello/e6f4")
    snap = wait_ready(page)
    assert snap["transcript"] == "e6f4"
    assert snap["notice"] == "Opened the game in the link. Your previous game is kept."
    page.click("#notice-action")
    wait_until(page, "window.flipside.snapshot().transcript === 'f5d6'")
    assert page.evaluate("location.hash") == "#othello/f5d6"
    expect(page.locator("#notice")).to_be_hidden()

    page.evaluate("location.hash = '#othello/c4'")  # a link edited in the address bar
    wait_until(page, "window.flipside.snapshot().transcript === 'c4'")
    page.click("#notice-action")
    wait_until(page, "window.flipside.snapshot().transcript === 'f5d6'")

    page.evaluate("location.hash = '#othello/f5d6'")  # the same game: nothing to offer
    page.evaluate("location.hash = '#othello/f5d6c3'")
    wait_until(page, "window.flipside.snapshot().transcript === 'f5d6c3'")
    page.click("#notice-action")  # back to f5d6 once more, and c3's game is kept in turn
    wait_until(page, "window.flipside.snapshot().transcript === 'f5d6'")
    assert_clean(watch, origin)


def test_corrupt_saved_game_shows_a_message(
    context: BrowserContext, watch: PageWatch, root_server: StaticServer
) -> None:
    context.add_init_script(
        "try { if (location.protocol === 'http:' && !sessionStorage.getItem('seeded')) {"
        " localStorage.setItem('flipside.save.othello.v2', '{not json');"
        " localStorage.setItem('flipside.preview.v1', 'garbage');"
        " sessionStorage.setItem('seeded', '1'); } } catch (e) {}"
    )
    page = context.new_page()
    page.goto(root_server.origin + "/")
    snap = wait_ready(page)
    assert snap["moves"] == [] and snap["position"] == Board().position()
    assert snap["notice"] == "The saved game is not readable (not JSON). Starting a new game."
    saved = json.loads(page.evaluate("localStorage.getItem('flipside.save.othello.v2')"))
    assert saved["version"] == 2 and saved["record"] == "othello/"
    assert_clean(watch, root_server.origin)


def test_failed_engine_load_offers_retry(browser: Browser, dist: Path, tmp_path: Path) -> None:
    site = tmp_path / "site"
    shutil.copytree(dist, site)
    wasm = site / "pyodide" / "pyodide.asm.wasm"
    wasm.rename(wasm.with_suffix(".away"))  # the runtime cannot be downloaded
    server = StaticServer(site)
    context = browser.new_context(service_workers="block")
    watch = PageWatch(context)
    try:
        page = context.new_page()
        page.goto(server.origin + "/")
        failure = page.locator("#failure")
        expect(failure).to_be_visible(timeout=60_000)
        expect(page.locator("#failure-text")).to_contain_text("could not load")
        expect(page.locator("#board")).to_be_visible()  # never a blank page
        assert page.evaluate("window.flipside.snapshot().ready") is False

        wasm.with_suffix(".away").rename(wasm)  # the connection is back
        page.click("#retry")
        snap = wait_ready(page)
        assert snap["ready"] is True and snap["legal"] == ["d3", "c4", "f5", "e6"]
        expect(failure).to_be_hidden()
        # Only the missing file itself may have been reported.
        assert [e for e in watch.errors if "404" not in e] == []
    finally:
        context.close()
        server.close()


@pytest.mark.parametrize("damage", ["garbage", "missing"])
def test_unusable_snapshot_falls_back_to_a_normal_start(
    browser: Browser, dist: Path, tmp_path: Path, damage: str
) -> None:
    site = tmp_path / "site"
    shutil.copytree(dist, site)
    snapshot = site / "pyodide" / "startup-snapshot.bin.gz"
    if damage == "garbage":
        snapshot.write_bytes(gzip.compress(b"not a snapshot"))
    else:
        snapshot.unlink()
    server = StaticServer(site)
    context = browser.new_context(service_workers="block")
    watch = PageWatch(context)
    try:
        page = context.new_page()
        page.goto(server.origin + "/")
        wait_ready(page)
        assert page.evaluate("window.flipside.engine.info.startup") == "full"
        assert play(page, "f5")["position"] == Board.from_transcript("f5").position()
        assert [e for e in watch.errors if "404" not in e] == []
    finally:
        context.close()
        server.close()


def test_a_slow_first_visit_starts_without_the_snapshot_and_the_next_visit_uses_it(
    browser: Browser, root_server: StaticServer
) -> None:
    """On a slow link the snapshot (4 MB) costs more than it saves: the engine starts
    normally, with honest progress (MB and seconds left), and never asks for it; the service
    worker then caches it, and the next visit restores it. The app wheel, which a normal
    start needs only after the interpreter's start, is asked for after the runtime is in."""
    context = browser.new_context()
    watch = PageWatch(context)
    seen: list[str] = []  # "ask <file>" and "got <file>", in the order they happened
    context.on("request", lambda r: seen.append("ask " + r.url.rsplit("/", 1)[-1]))
    context.on("requestfinished", lambda r: seen.append("got " + r.url.rsplit("/", 1)[-1]))
    try:
        page = context.new_page()
        cdp = context.new_cdp_session(page)
        cdp.send("Network.enable")
        conditions = {"offline": False, "latency": 100, "uploadThroughput": 250_000}
        cdp.send("Network.emulateNetworkConditions", {**conditions, "downloadThroughput": 750_000})
        # Not the load event: the progress below is what the test waits for (a fresh clone's
        # run once saw the throttled load take over 30 s, where it takes 0.5 s alone).
        page.goto(root_server.origin + "/", wait_until="commit")
        progress = "document.querySelector('#loading-text').textContent"
        wait_until(page, f"/of [0-9.]+ MB, about [0-9]+ s left/.test({progress})", 60_000)
        wait_ready(page)
        assert page.evaluate("window.flipside.engine.info.startup") == "full"
        before_ready = list(seen)
        # The service worker is registered once the engine is ready and may already be
        # precaching (the snapshot too): only what was asked before sw.js is the engine's.
        if "ask sw.js" in before_ready:
            before_ready = before_ready[: before_ready.index("ask sw.js")]
        assert "ask startup-snapshot.bin.gz" not in before_ready
        wheel = next(n for n in before_ready if n.startswith("ask flipside-"))
        assert before_ready.index("got pyodide.asm.wasm") < before_ready.index(wheel)
        assert play(page, "f5")["position"] == Board.from_transcript("f5").position()
        wait_until(page, "navigator.serviceWorker.controller !== null", 120_000)
        wait_until(
            page,
            "(await caches.match('pyodide/startup-snapshot.bin.gz')) !== undefined",
            120_000,
        )
        page.goto("about:blank")
        page.goto(root_server.origin + "/")
        snap = wait_ready(page)
        assert page.evaluate("window.flipside.engine.info.startup") == "snapshot"
        assert snap["moves"] == ["f5"]
        assert_clean(watch, root_server.origin)
    finally:
        context.close()


def part_works_offline_after_one_visit(
    page: Page, context: BrowserContext, watch: PageWatch, origin: str
) -> None:
    new_game(page)  # was a first start: a new game from the dialog instead
    play(page, "f5")
    page.evaluate("navigator.serviceWorker.ready.then(() => true)")
    wait_until(page, "navigator.serviceWorker.controller !== null", 60_000)
    cached = page.evaluate(
        "caches.keys().then(async (keys) => (await caches.open(keys[0])).keys())"
        ".then((requests) => requests.length)"
    )
    assert cached > 10

    context.set_offline(True)
    page.reload()
    snap = wait_ready(page)
    assert snap["moves"] == ["f5"]
    # The worker read the runtime from the build's cache itself, not through the service worker.
    read = page.evaluate("window.flipside.engine.info.cached")
    assert {"pyodide.asm.wasm", "python_stdlib.zip", "startup-snapshot.bin.gz"} <= set(read)
    assert play(page, "d6")["position"] == Board.from_transcript("f5d6").position()
    # The one error allowed: the first part's inline script, refused by the policy on purpose.
    watch.errors[:] = [e for e in watch.errors if "Executing inline script violates" not in e]
    assert_clean(watch, origin)
