"""The Games view and Progress in Chromium: a whole game against the computer and a puzzle
reach Progress (results, the rating, the puzzle line, the charts); the view by keyboard; an
axe-core audit in both colour schemes; German; a phone-sized screen (screenshots)."""

from __future__ import annotations

import json
import time

import pytest
from conftest import StaticServer, wait_ready, wait_until
from playwright.sync_api import Browser, Page, expect
from test_history_a11y import AXE, audit
from test_site import settle

from flipside import rating
from tools import ROOT

SHOTS = ROOT / "test-results" / "screenshots"


def shoot(page: Page, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / name))


def library(page: Page) -> dict:
    return page.evaluate("window.flipside.snapshot().library")  # type: ignore[no-any-return]


def open_games(page: Page, tab: str = "games") -> dict:
    page.click("#games")
    wait_until(
        page,
        "window.flipside.snapshot().library?.open && window.flipside.snapshot().library.complete",
    )
    if tab == "progress":
        page.click("#library-tab-progress")
        wait_until(page, "window.flipside.snapshot().library.progress?.ratingText != null")
    return library(page)


def play_to_the_end(page: Page) -> dict:
    """Play the first legal move whenever it is the person's turn, until the game ends."""
    end = time.monotonic() + 180
    while time.monotonic() < end:
        snap = page.evaluate("window.flipside.snapshot()")
        if snap["over"]:
            return snap
        if snap["busy"] or snap["thinking"] or snap["toMove"] != "black" or not snap["legal"]:
            time.sleep(0.05)
            continue
        count = len(snap["moves"])
        page.fill("#move-input", snap["legal"][0])
        page.press("#move-input", "Enter")
        wait_until(page, f"window.flipside.snapshot().moves.length > {count}")
    raise AssertionError("the game did not end")


SEEDED = """async (entries) => {
  const db = await new Promise((ok) => { const r = indexedDB.open('flipside'); r.onsuccess = () => ok(r.result); });
  await new Promise((ok) => { const tx = db.transaction('games', 'readwrite');
    for (const e of entries) tx.objectStore('games').put(e); tx.oncomplete = ok; });
  db.close();
}"""


def rated_entries(level: str, scores: list[int]) -> list[dict]:
    """Finished games begun here against `level`, stored as the page stores them."""
    out = []
    for i, black in enumerate(scores):
        started = 1_700_000_000_000 + i * 3_600_000
        out.append(
            {
                "id": f"seeded{level}-{i}",
                "v": 1,
                "game": "othello",
                "record": "othello/f5d6c3d3c4f4f6f3e6e7",
                "sides": ["black", "white"],
                "source": "new",
                "started": started,
                "updated": started,
                "ended": started + 600_000,
                "moves": 60,
                "over": True,
                "result": {
                    "winner": "black" if black > 32 else "white",
                    "score": [black, 64 - black],
                    "reason": "no moves",
                },
                "players": {"black": None, "white": level},
                "you": "black",
                "opponent": f"level:{level}",
                "mixed": False,
                "names": None,
                "date": None,
                "place": None,
                "opening": "Tiger",
                "accuracy": {"black": 70 + i, "white": 90},
                "reviewed": True,
                "rev": 1,
            }
        )
    return out


def close_games(page: Page) -> None:
    page.keyboard.press("Escape")
    wait_until(page, "!window.flipside.snapshot().library.open")


def part_a_game_against_the_computer_and_a_puzzle_reach_progress(
    page: Page, root_server: StaticServer
) -> None:
    # (Was a first start at /: the keyboard part's game, two people's, is not rated.)
    settle(page)
    page.click("#new-game")
    page.select_option("#opponent", "computer")
    page.select_option("#opponent-level", "1")
    page.select_option("#first", "first")
    page.click("#start-game")
    wait_until(page, "window.flipside.snapshot().computer === 'white'")
    final = play_to_the_end(page)
    black, white = final["result"]["score"]
    outcome = 1 if black > white else 0.5 if black == white else 0
    wait_until(page, "window.flipside.snapshot().library?.current?.rev > 1")
    # An Othello puzzle solved at the first try.
    puzzles = json.loads((ROOT / "web" / "puzzles" / "othello.json").read_text())["puzzles"]
    first = puzzles[0]
    page.evaluate(f"(() => {{ location.hash = 'puzzle/othello/{first['id']}'; }})()")
    wait_until(page, "window.flipside.snapshot().puzzle != null")
    page.fill("#move-input", first["best"])
    page.press("#move-input", "Enter")
    wait_until(page, "window.flipside.snapshot().puzzle.result === 'solved'")
    # Earlier games against level 3, stored as the page stores them: a rating over time.
    page.evaluate(SEEDED, rated_entries("3", [40, 20, 36, 30, 50]))

    games = open_games(page, "progress")
    progress = games["progress"]
    othello = progress["ratings"]["othello"]
    assert othello["count"] == 6
    results = [(rating.level_rating("othello", "3"), s) for s in (1, 0, 1, 0, 1)]
    results.append((rating.level_rating("othello", "1"), outcome))
    expected, sd = rating.estimate(results)
    assert othello["rating"] == pytest.approx(expected, abs=0.01)
    assert othello["sd"] == pytest.approx(sd, abs=0.01)
    low, high = round(expected - 2 * sd), round(expected + 2 * sd)
    assert f"likely between {low} and {high} (6 rated games)" in progress["ratingText"]
    rows = {r["level"]: r for r in progress["rows"]}
    assert rows["3"]["games"] == 5 and (rows["3"]["wins"], rows["3"]["losses"]) == (3, 2)
    assert rows["3"]["accuracy"] == pytest.approx(72)
    assert rows["1"]["games"] == 1
    assert progress["puzzleText"].startswith("Othello: 1 solved, 0 failed")
    assert progress["puzzles"]["othello"]["count"] == 1
    assert progress["charts"] == 2  # the rating over games; the accuracy of reviewed games
    shoot(page, "library-progress-chromium.png")


def part_the_games_view_by_keyboard(page: Page, root_server: StaticServer) -> None:
    """The page's first part: its first start, at the link, nothing in the library."""
    page.goto(root_server.origin + "/#othello/f5d6c3")
    wait_ready(page)
    wait_until(page, "window.flipside.snapshot().library?.current != null")
    page.focus("#games")
    page.keyboard.press("Enter")
    wait_until(
        page,
        "window.flipside.snapshot().library?.open && window.flipside.snapshot().library.complete",
    )
    page.focus("#library-tab-games")
    page.keyboard.press("ArrowRight")
    assert library(page)["tab"] == "progress"
    assert page.evaluate("document.activeElement.id") == "library-tab-progress"
    page.keyboard.press("ArrowLeft")
    # A row's Share: the game's link, in the Share dialog over the list.
    page.locator("#library-list .library-share").first.focus()
    page.keyboard.press("Enter")
    wait_until(page, "window.flipside.snapshot().share.open")
    url = page.evaluate("window.flipside.snapshot().share.url")
    assert url.endswith("/#othello/f5d6c3") and url.startswith(root_server.origin)
    page.keyboard.press("Escape")
    wait_until(page, "!window.flipside.snapshot().share.open")
    assert page.evaluate("document.activeElement.classList.contains('library-share')")
    row = page.locator("#library-list .library-open").first
    label = row.evaluate("(b) => b.textContent.replace(/\\s+/g, ' ').trim()")
    assert label.startswith("Continue: ") and "3 moves" in label
    row.focus()
    page.keyboard.press("Enter")
    wait_until(page, "!window.flipside.snapshot().library.open")
    assert page.evaluate("window.flipside.snapshot().record") == "othello/f5d6c3"
    page.keyboard.press("Escape")


def test_the_games_view_progress_and_a_newer_version_in_one_page(
    page: Page, root_server: StaticServer
) -> None:
    """Three former tests as parts, in turn, in one page (one engine start): the Games view
    by keyboard (nothing in the library yet), a computer game and a puzzle reach Progress,
    then a newer version takes the library (its reload last)."""
    part_the_games_view_by_keyboard(page, root_server)
    part_a_game_against_the_computer_and_a_puzzle_reach_progress(page, root_server)
    part_a_newer_version_over_an_open_tab(page, root_server)


def test_axe_and_screens_of_the_games_view(browser: Browser, root_server: StaticServer) -> None:
    """A context of its own (bypass_csp for the audit script): the dark scheme, then the
    light one emulated in the same page, the Games view closed and opened again between."""
    if not AXE.exists():
        pytest.fail("node_modules/axe-core is missing: run ./build.sh setup")
    context = browser.new_context(
        bypass_csp=True, color_scheme="dark", viewport={"width": 1100, "height": 760}
    )
    try:
        page = context.new_page()
        page.goto(root_server.origin + "/#othello/d3c3b3d2e1d6d7e3f4")
        wait_ready(page)
        wait_until(page, "window.flipside.snapshot().library?.current?.rev >= 1")
        page.evaluate(SEEDED, rated_entries("2", [40, 20, 33]))
        for scheme in ("dark", "light"):
            page.emulate_media(color_scheme=scheme)
            assert page.evaluate("matchMedia('(prefers-color-scheme: dark)').matches") == (
                scheme == "dark"
            )
            open_games(page)
            if library(page)["tab"] != "games":  # the view opens on the tab it was left on
                page.click("#library-tab-games")
                wait_until(page, "window.flipside.snapshot().library.tab === 'games'")
            assert audit(page) == []
            shoot(page, f"library-games-{scheme}.png")
            page.click("#library-tab-progress")
            wait_until(page, "window.flipside.snapshot().library.progress?.ratingText != null")
            assert audit(page) == []
            shoot(page, f"library-progress-{scheme}.png")
            close_games(page)
    finally:
        context.close()


def test_german_and_a_phone(browser: Browser, root_server: StaticServer) -> None:
    """A context of its own: a phone's viewport, touch and mobile meta viewport."""
    context = browser.new_context(
        viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True
    )
    page = context.new_page()
    page.goto(root_server.origin + "/#othello/d3c3b3d2e1d6d7e3f4")
    wait_ready(page)
    wait_until(page, "window.flipside.snapshot().library?.current?.rev >= 1")
    page.select_option("#language", "de")
    wait_until(page, "document.documentElement.lang === 'de'")
    games = open_games(page)
    row = games["rows"][0]["text"]
    assert row[1:5] == ["Othello", "Zwei Spieler", "Schwarz hat gewonnen, 64–0", "9 Züge"]
    assert games["count"] == "1 Partie"
    # Nothing wider than the screen: the dialog fills it and its rows wrap.
    widths = page.evaluate(
        "[document.getElementById('library-dialog').scrollWidth, document.documentElement.clientWidth]"
    )
    assert widths[0] <= widths[1]
    expect(page.locator("#library-list .library-delete").first).to_be_in_viewport()
    shoot(page, "library-phone-de.png")
    page.click("#library-tab-progress")
    wait_until(page, "window.flipside.snapshot().library.progress?.ratingText != null")
    shoot(page, "library-progress-phone-de.png")
    context.close()


def part_a_newer_version_over_an_open_tab(page: Page, root_server: StaticServer) -> None:
    """A newer Flipside upgrading the library (a higher schema version, from another tab):
    this tab lets go of it, says so, and its reload goes on with its game. Last in its page
    (the library let go of, a reload)."""
    # The link in the address bar (was a first start at it), the Games view closed first.
    close_games(page)
    page.evaluate("location.hash = 'othello/f5d6c3'")
    wait_until(page, "window.flipside.snapshot().record === 'othello/f5d6c3'")
    settle(page)
    wait_until(page, "window.flipside.snapshot().library?.current?.rev >= 1")
    page.evaluate(
        "new Promise((ok, fail) => { const r = indexedDB.open('flipside', 3);"
        " r.onupgradeneeded = () => r.result.createObjectStore('newer');"
        " r.onsuccess = () => { r.result.close(); ok(true); }; r.onerror = () => fail(String(r.error)); })"
    )
    wait_until(page, "window.flipside.snapshot().notice?.includes('updated in another tab')")
    assert page.evaluate("window.flipside.snapshot().library.failure.kind") == "stale"
    page.fill("#move-input", "d3")
    page.press("#move-input", "Enter")
    wait_until(page, "window.flipside.snapshot().moves.length === 4")  # the game goes on
    page.click("#notice-action")  # Reload
    wait_ready(page)
    assert page.evaluate("window.flipside.snapshot().record") == "othello/f5d6c3d3"


def test_no_indexeddb_says_so_and_the_game_goes_on(page: Page, root_server: StaticServer) -> None:
    """A page of its own (an init script takes IndexedDB away). IndexedDB missing (as in some private modes): said once, in the Games view too; the
    game goes on and a reload still comes back to it (the tab's own save)."""
    page.add_init_script("Object.defineProperty(window, 'indexedDB', { value: undefined })")
    page.goto(root_server.origin + "/#othello/f5d6")
    wait_ready(page)
    wait_until(
        page, "window.flipside.snapshot().notice?.includes('does not let Flipside keep your games')"
    )
    assert page.evaluate("window.flipside.snapshot().library.failure.kind") == "unavailable"
    page.fill("#move-input", "c3")
    page.press("#move-input", "Enter")
    wait_until(page, "window.flipside.snapshot().moves.length === 3")
    page.fill("#move-input", "d3")
    page.press("#move-input", "Enter")
    wait_until(page, "window.flipside.snapshot().moves.length === 4")
    games = open_games(page)
    assert games["rows"] == [] and "does not let Flipside keep your games" in games["count"]
    page.reload()
    wait_ready(page)
    assert page.evaluate("window.flipside.snapshot().record") == "othello/f5d6c3d3"
