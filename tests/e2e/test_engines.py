"""The site in all three browser engines (Chromium, Firefox, WebKit), one test body each:
engine start, clicks in both games, a link, a saved game restored, a malformed link, offline
reload, the computer's move and Move now, the page in German, no page errors, no request off
the origin. The
rest of the suite runs in Chromium only (tests/e2e/test_*.py)."""

from __future__ import annotations

import json
import re
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from conftest import StaticServer
from test_ai import late_game
from test_site import square_centre

from flipside import facade
from flipside.othello import Board, Color
from flipside.othello.xot import is_xot
from tools import ROOT, i18n
from tools.browsers import PlaywrightTab, SeleniumTab, Tab

SHOTS = Path(__file__).resolve().parents[2] / "test-results" / "screenshots"


def ready(tab: Tab) -> dict[str, Any]:
    tab.wait_until("window.flipside !== undefined")
    tab.evaluate("window.flipside.ready.then(() => true)")
    return snapshot(tab)


def snapshot(tab: Tab) -> dict[str, Any]:
    return tab.evaluate("window.flipside.snapshot()")  # type: ignore[no-any-return]


def click_square(tab: Tab, name: str) -> None:
    x, y = square_centre(snapshot(tab), name)
    if y < 0:  # a part before scrolled the window down: back to its top, as a person would
        tab.evaluate("window.scrollTo(0, 0)")
        x, y = square_centre(snapshot(tab), name)
    tab.click_at(x, y)


def settle(tab: Tab) -> None:
    """Wait until the page has finished starting: the search worker is ready and the service
    worker controls the page. Tests that leave a page call this first, so that leaving
    does not cut a worker's start short (Firefox then reports the aborted load)."""
    tab.wait_until(
        "window.flipside.snapshot().searchReady && navigator.serviceWorker.controller !== null"
    )


def wait_moves(tab: Tab, count: int) -> dict[str, Any]:
    """The page's snapshot once ``count`` moves are played and nothing is asked; a time-out
    says what the page showed (a WebKit run under load once timed out here after a click)."""
    try:
        tab.wait_until(
            "(() => { const s = window.flipside.snapshot();"
            f" return s.moves.length === {count} && !s.busy && !s.thinking; }})()"
        )
    except AssertionError as timeout:
        snap = snapshot(tab)
        seen = {k: snap.get(k) for k in ("moves", "busy", "thinking", "selected", "errors")}
        raise AssertionError(f"{timeout}; the page: {seen}") from None
    return snapshot(tab)


TOOL_ERRORS: dict[int, list[str]] = {}
"""Errors the test tools caused in a tab's page log (by id of the tab)."""


def assert_clean(tab: Tab, origin: str) -> None:
    snap = snapshot(tab)
    tools = TOOL_ERRORS.get(id(tab), [])  # kept: a tab's console log outlives its page
    errors = [e for e in snap["errors"] + tab.console_errors() if e not in tools]
    assert errors == [], f"{tab.engine}: {errors}"
    strays = [url for url in snap["resources"] if not url.startswith(origin + "/")]
    assert strays == [], f"{tab.engine}: requests left the origin: {strays}"


@contextmanager
def styled_by_the_tool(tab: Tab) -> Iterator[None]:
    """Playwright's Firefox screenshot and axe-core add styles the page's CSP refuses: those
    reports are the tool's, not the page's, so assert_clean leaves them out."""
    before = len(snapshot(tab)["errors"]), len(tab.console_errors())
    yield
    if tab.engine == "firefox":
        tab.evaluate("new Promise((resolve) => setTimeout(resolve, 200))")
        added = snapshot(tab)["errors"][before[0] :] + tab.console_errors()[before[1] :]
        TOOL_ERRORS.setdefault(id(tab), []).extend(e for e in added if "style-src-elem" in e)


def shoot(tab: Tab, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    path = str(SHOTS / name)
    if isinstance(tab, PlaywrightTab):
        with styled_by_the_tool(tab):
            tab.page.screenshot(path=path)
    else:
        assert isinstance(tab, SeleniumTab)
        Path(path).write_bytes(tab.screenshot_png())


def both_games_by_clicks(tab: Tab, origin: str) -> None:
    """Both games by clicks from their start (the former ``test_both_games_by_clicks``): the
    page is put back by the New game dialog, a new empty Themisto game, then Othello's."""
    new_game(tab, game="themisto")
    new_game(tab, game="othello")
    snap = snapshot(tab)
    assert snap["game"] == "othello" and snap["legal"] == ["d3", "c4", "f5", "e6"]
    click_square(tab, "f5")
    snap = wait_moves(tab, 1)
    assert snap["position"] == Board.from_transcript("f5").position()

    tab.click("#switch-themisto")
    tab.wait_until("window.flipside.snapshot().game === 'themisto'")
    click_square(tab, "a1")
    tab.wait_until("window.flipside.snapshot().selected === 'a1'")
    assert "b2" in snapshot(tab)["targets"]
    click_square(tab, "b2")
    snap = wait_moves(tab, 1)
    assert snap["moves"] == ["a1-b2"] and snap["toMove"] == "two"
    assert_clean(tab, origin)
    # Screenshots last: Playwright's Firefox screenshot adds a style the page's CSP refuses.
    shoot(tab, f"engine-{tab.engine}-themisto.png")
    tab.click("#switch-othello")
    tab.wait_until("window.flipside.snapshot().game === 'othello'")
    shoot(tab, f"engine-{tab.engine}-othello.png")


def links_saved_games_and_a_malformed_link(tab: Tab, origin: str) -> None:
    """The origin's first visit, by a link (no notice: nothing saved to keep)."""
    tab.goto(origin + "/#othello/f5d6c3")
    snap = ready(tab)
    assert snap["moves"] == ["f5", "d6", "c3"] and snap["notice"] is None
    click_square(tab, "d3")
    wait_moves(tab, 4)
    settle(tab)

    # A fresh navigation with a broken link: the saved game stays, and the page says why.
    tab.goto("about:blank")
    tab.goto(origin + "/#othello/f5d6c9")
    snap = ready(tab)
    assert snap["moves"] == ["f5", "d6", "c3", "d3"]
    assert snap["notice"] == (
        "This link is not a valid Othello game: move 3: c9 is not a square. "
        "Showing your saved game instead."
    )
    # A Themisto link opens that game; its save is there on the next visit.
    tab.evaluate("(() => { location.hash = 'themisto/b1-b4,g8-g6'; })()")
    tab.wait_until("window.flipside.snapshot().moves.length === 2")
    settle(tab)
    tab.goto("about:blank")
    tab.goto(origin + "/")
    snap = ready(tab)
    assert snap["game"] == "themisto" and snap["moves"] == ["b1-b4", "g8-g6"]
    saved = json.loads(tab.evaluate("localStorage.getItem('flipside.save.othello.v2')"))
    assert saved["record"] == "othello/f5d6c3d3"
    assert_clean(tab, origin)


def back_to_the_page_after_leaving_it(tab: Tab, origin: str) -> None:
    # WebKit keeps a page it leaves in its back/forward cache with the workers running: the
    # page stops them when it is hidden that way and reloads when shown again.
    new_game(tab)
    click_square(tab, "f5")
    wait_moves(tab, 1)
    settle(tab)
    tab.goto("about:blank")
    tab.back()
    tab.wait_until("window.flipside !== undefined && window.flipside.snapshot().ready")
    snap = ready(tab)
    assert snap["moves"] == ["f5"]
    read = tab.evaluate("window.flipside.engine.info.cached")  # by the worker, from the cache
    assert {"pyodide.asm.wasm", "python_stdlib.zip", "startup-snapshot.bin.gz"} <= set(read)
    click_square(tab, "d6")
    assert wait_moves(tab, 2)["moves"] == ["f5", "d6"]  # the engine answers again
    assert_clean(tab, origin)


def offline_after_one_visit(tab: Tab, server: StaticServer) -> None:
    """The server taken away (offline) after this origin's visit; German is chosen for the
    first time while offline (never before in this page: both catalogs from the cache)."""
    origin = server.origin
    try:
        new_game(tab)
        click_square(tab, "f5")
        wait_moves(tab, 1)
        tab.evaluate("navigator.serviceWorker.ready.then(() => true)")
        tab.wait_until("navigator.serviceWorker.controller !== null")
        tab.wait_until(
            "caches.keys().then(async (keys) => keys.length > 0 &&"
            " (await (await caches.open(keys[0])).keys()).length > 10)"
        )
    finally:
        server.close()
    tab.goto("about:blank")
    tab.goto(origin + "/")  # a fresh navigation: the service worker answers
    snap = ready(tab)
    assert snap["moves"] == ["f5"]
    read = tab.evaluate("window.flipside.engine.info.cached")  # by the worker, from the cache
    assert {"pyodide.asm.wasm", "python_stdlib.zip", "startup-snapshot.bin.gz"} <= set(read)
    click_square(tab, "d6")
    snap = wait_moves(tab, 2)
    assert snap["position"] == Board.from_transcript("f5d6").position()
    # German, first chosen while offline: both its catalogs come from the cache.
    tab.choose("#language", "de")
    tab.wait_until("document.documentElement.lang === 'de'")
    status = german("state", record="othello/f5d6")["status"]
    tab.wait_until(f"window.flipside.snapshot().status === {json.dumps(status)}")
    assert snapshot(tab)["notice"] is None
    assert snapshot(tab)["errors"] == []


def the_computer_replies_and_move_now(tab: Tab, origin: str) -> None:
    """Firefox and WebKit only (Chromium: test_ai.py's level 1 reply and Move now)."""
    new_game(tab)
    tab.choose("#level", "1")
    tab.choose("#computer", "white")
    click_square(tab, "f5")
    snap = wait_moves(tab, 2)
    assert snap["moves"][1] in {"d6", "f6", "f4"}
    assert snap["toMove"] == "black"

    # Move now: the top level in the midgame thinks for its whole budget (2.4 s); the best
    # move so far is played at once.
    transcript = late_game(24)
    board = Board.from_transcript(transcript)
    tab.evaluate(f"(() => {{ location.hash = 'othello/{transcript}'; }})()")
    tab.wait_until(f"window.flipside.snapshot().transcript === '{transcript}'")
    tab.choose("#level", "6")
    tab.choose("#computer", "black" if board.turn is Color.BLACK else "white")
    # Wait for the first best move so far, read it and press the button in the page itself,
    # in one step (a driver's round trips, slow in WebKit on a busy machine, could outlast
    # the search); the button is there while it thinks.
    best = tab.evaluate(
        "new Promise((done) => { const end = performance.now() + 60000; const poll = () => {"
        " const s = window.flipside.snapshot();"
        " if (s.thinking && s.thought) {"
        " document.getElementById('move-now').click(); done(s.thought.move); }"
        " else if (performance.now() > end) done(null); else setTimeout(poll, 5); };"
        " poll(); })"
    )
    assert best is not None, f"{tab.engine}: the search ended before Move now"
    tab.wait_until(f"window.flipside.snapshot().transcript.length > {len(transcript)}")
    snap = snapshot(tab)
    assert snap["transcript"] == transcript + best
    assert best in [str(m) for m in board.legal_moves()]
    assert_clean(tab, origin)


def history_import_and_the_editor(tab: Tab, origin: str) -> None:
    """The study views in Firefox and WebKit (Chromium: test_history_a11y.py,
    test_import_export.py): a step back through the game (the ply goes in the link), a
    transcript pasted into the Import / export dialog and opened, and a position built in
    the board editor and played from."""
    new_game(tab)  # the computer off again
    snap = open_link(tab, "othello/f5d6c3d3c4f4")
    assert snap["ply"] == 6
    tab.click("#history-back")
    tab.click("#history-back")
    tab.wait_until("window.flipside.snapshot().ply === 4")
    assert tab.evaluate("location.hash").endswith("&ply=4")
    assert snapshot(tab)["shownCells"] == Board.from_transcript("f5d6c3d3").position()[:64]
    shoot(tab, f"engine-{tab.engine}-history.png")
    tab.click("#history-live")
    tab.wait_until("window.flipside.snapshot().ply === 6")

    tab.click("#share")
    tab.wait_until("document.getElementById('share-dialog').open")
    tab.evaluate(
        "(() => { const box = document.getElementById('import-text'); box.value = 'E6 F4 C3';"
        " box.dispatchEvent(new Event('input', {bubbles: true})); })()"
    )
    tab.wait_until("document.getElementById('import-found').dataset.kind === 'ok'")
    shoot(tab, f"engine-{tab.engine}-import.png")
    tab.click("#import-open")
    tab.wait_until("window.flipside.snapshot().transcript === 'e6f4c3'")

    tab.click("#edit-board")
    tab.wait_until("document.getElementById('editor-dialog').open")
    tab.click("#editor-start")
    tab.click('#editor-board [data-square="e6"]')  # a black disc on e6, White to move
    tab.click("input[name='editor-turn'][value='1']")
    shoot(tab, f"engine-{tab.engine}-editor.png")
    tab.click("#editor-play")
    tab.wait_until("!document.getElementById('editor-dialog').open")
    snap = snapshot(tab)
    assert snap["shownCells"][5 * 8 + 4] == "X" and snap["toMove"] == "white"
    assert snap["moves"] == []
    assert_clean(tab, origin)


REVIEWED = "e6d6c3f4d7c5g4g3c4g5"
"""A random ten-move opening: both sides lose discs on most moves (c3 about 15)."""


def a_game_reviewed_its_mistakes_and_a_retry(tab: Tab, origin: str) -> None:
    """Analyse game in every engine: every move judged, marks by the thresholds in the move
    list, Next mistake steps to one with the best move ringed, Retry from here opens that
    position against the computer, and Back to it brings the game and its kept review back."""
    new_game(tab)
    open_link(tab, f"othello/{REVIEWED}")
    tab.wait_until("window.flipside.snapshot().searchReady")
    tab.click("#review-start")
    tab.wait_until(
        "(() => { const r = window.flipside.snapshot().review; return !!r?.summary; })()", 120
    )
    review = snapshot(tab)["review"]
    rows, marks = review["rows"], review["summary"]["scale"]["marks"]
    assert [r["move"] for r in rows] == [REVIEWED[i : i + 2] for i in range(0, len(REVIEWED), 2)]
    for row in rows:
        expected = max(
            (n for n, t in marks.items() if row["loss"] >= t), key=marks.get, default=None
        )
        assert row["mark"] == expected, row
    marked = [r for r in rows if r["mark"]]
    assert any(r["mark"] == "blunder" for r in marked)
    assert tab.evaluate("document.querySelectorAll('#moves .review-mark').length") == len(marked)
    shoot(tab, f"engine-{tab.engine}-review.png")

    tab.click("#history-start")
    tab.wait_until("window.flipside.snapshot().ply === 0")
    tab.click("#review-next")
    first = next(r for r in marked if r["ply"] > 0)
    tab.wait_until(f"window.flipside.snapshot().ply === {first['ply']}")
    review = snapshot(tab)["review"]
    assert review["ringed"] == first["bestSquares"]
    assert f"{first['mark'].capitalize()}" in review["hereText"]
    shoot(tab, f"engine-{tab.engine}-review-mistake.png")

    tab.click("#review-retry")
    prefix = REVIEWED[: 2 * first["ply"]]
    tab.wait_until(f"window.flipside.snapshot().transcript === '{prefix}'")
    snap = snapshot(tab)
    assert snap["computer"] == ("white" if first["by"] == "black" else "black")
    assert snap["toMove"] == first["by"] and snap["review"] is None
    tab.click("#notice-action")  # Back to it
    tab.wait_until(f"window.flipside.snapshot().transcript === '{REVIEWED}'")
    tab.wait_until("window.flipside.snapshot().review?.summary != null")
    assert snapshot(tab)["review"]["rows"] == rows
    assert_clean(tab, origin)


def new_game_dialog(
    tab: Tab, opening: str, opponent: str, level: str, game: str = "othello"
) -> None:
    """The computer ready, and the New game dialog open with these choices."""
    tab.wait_until("window.flipside.snapshot().searchReady")
    tab.click("#new-game")
    tab.wait_until("document.getElementById('new-game-dialog').open")
    tab.click(f"input[name='game'][value='{game}']")
    if game == "othello":
        tab.choose("#opening-kind", opening)
    tab.choose("#opponent", opponent)
    tab.choose("#opponent-level", level)


def a_dealt_opening_and_an_opponent_of_chosen_error(tab: Tab, origin: str) -> None:
    """The New game dialog's XOT opening and a computer that loses 1 disc a move, in every
    engine: the game starts with an opening of the list (in its link), which Undo does not
    take back, and the computer replies to a move."""
    new_game_dialog(tab, opening="xot", opponent="computer", level="loss:1")
    shoot(tab, f"engine-{tab.engine}-dialog-openings.png")
    tab.click("#start-game")
    tab.wait_until("window.flipside.snapshot().moves.length === 8")
    snap = snapshot(tab)
    assert snap["record"].endswith("&opening=xot") and is_xot(snap["transcript"])
    assert (snap["computer"], snap["level"], snap["toMove"]) == ("white", "loss:1", "black")
    assert tab.evaluate("document.getElementById('undo').disabled") is True
    opening, first = snap["transcript"], snap["legal"][0]
    click_square(tab, first)
    snap = wait_moves(tab, 10)
    assert snap["transcript"].startswith(opening + first) and len(snap["transcript"]) == 20
    assert snap["aiError"] is None
    assert_clean(tab, origin)


def puzzle_set(game: str) -> list[dict]:
    path = Path(__file__).resolve().parents[2] / "web" / "puzzles" / f"{game}.json"
    return json.loads(path.read_text())["puzzles"]  # type: ignore[no-any-return]


def a_puzzle(tab: Tab, origin: str) -> None:
    """Firefox and WebKit only (Chromium: test_puzzles.py). A puzzle link opens the puzzle
    (its set fetched then), a click on the best move solves it, and the streak is counted;
    the kind menu opens a midgame puzzle; a Themisto win in two is played out (the first
    move, the set's defence, the win)."""
    othello = puzzle_set("othello")
    tab.evaluate("(() => { location.hash = 'puzzle/othello/5'; })()")
    tab.wait_until("window.flipside.snapshot().puzzle?.id === 5")
    shoot(tab, f"engine-{tab.engine}-puzzle.png")
    click_square(tab, othello[4]["best"])
    tab.wait_until("window.flipside.snapshot().puzzle?.result === 'solved'")
    assert snapshot(tab)["puzzle"]["score"].startswith("Streak 1 · solved 1 of ")
    midgame = next(p for p in othello[5:] if p["kind"] == "midgame")
    tab.choose("#puzzle-kind", "midgame")
    tab.wait_until(f"window.flipside.snapshot().puzzle?.id === {midgame['id']}")
    click_square(tab, midgame["best"])
    tab.wait_until("window.flipside.snapshot().puzzle?.result === 'solved'")

    two = next(p for p in puzzle_set("themisto") if p["kind"] == "win in two")
    tab.evaluate(f"(() => {{ location.hash = 'puzzle/themisto/{two['id']}'; }})()")
    tab.wait_until(f"window.flipside.snapshot().puzzle?.id === {two['id']}")
    for move, count in ((two["best"], 2), (two["win"], 3)):
        tab.evaluate(
            f"(() => {{ document.getElementById('move-input').value = '{move}';"
            " document.getElementById('move-form').requestSubmit(); })()"
        )
        tab.wait_until(f"window.flipside.snapshot().moves.length === {count}")
    tab.wait_until("window.flipside.snapshot().puzzle?.result === 'solved'")
    assert snapshot(tab)["moves"] == [two["best"], two["defence"], two["win"]]
    tab.wait_until("!window.flipside.snapshot().busy")  # the capture drawn
    assert snapshot(tab)["notice"] is None  # no offer to review a puzzle
    shoot(tab, f"engine-{tab.engine}-puzzle-win-in-two.png")
    assert_clean(tab, origin)


def a_lesson_step(tab: Tab, origin: str) -> None:
    """The Themisto course offered beside a Themisto game, its first step met by a typed move."""
    open_link(tab, "themisto/b1-b4")
    tab.click("#learn-offer")
    tab.wait_until("window.flipside.snapshot().lesson?.step === 1")
    shoot(tab, f"engine-{tab.engine}-lesson.png")
    tab.evaluate(
        "(() => { document.getElementById('move-input').value = 'd4-d5';"
        " document.getElementById('move-form').requestSubmit(); })()"
    )
    tab.wait_until("window.flipside.snapshot().lesson?.result === 'done'")
    assert snapshot(tab)["moves"] == ["d4-d5"]
    assert_clean(tab, origin)


def watching_the_computer_play_itself(tab: Tab, origin: str) -> None:
    """The New game dialog's watch mode, in every engine: both sides played by the computer
    at two levels; Pause stops it (nothing moves), Step plays one move, Resume plays on, and
    a late position's link, still watched, is played to its end."""
    new_game_dialog(tab, opening="standard", opponent="watch", level="1")
    tab.choose("#second-level", "2")
    assert tab.evaluate("document.getElementById('first').hidden") is True
    tab.click("#start-game")
    # The game before (the reviewed one) has more than 4 moves: wait for the watched game.
    tab.wait_until(
        "(() => { const s = window.flipside.snapshot();"
        " return s.computer === 'both' && s.moves.length >= 4; })()"
    )
    snap = snapshot(tab)
    assert (snap["computer"], snap["level"]) == ("both", 1)
    # A slow press, held while the computer plays on: the page redraws the panel under the
    # pointer (WebKit dropped such a click when the button's text was written anew).
    tab.press("#watch-pause", hold=1.5)
    tab.wait_until("!window.flipside.snapshot().thinking && !window.flipside.snapshot().busy")
    paused = snapshot(tab)["moves"]
    assert len(paused) > len(snap["moves"])  # the game went on while the button was held
    tab.evaluate("new Promise((resolve) => setTimeout(resolve, 1500))")
    assert snapshot(tab)["moves"] == paused  # nothing moved while paused
    assert tab.evaluate("document.getElementById('watch-pause').textContent") == "Resume"
    shoot(tab, f"engine-{tab.engine}-watch-paused.png")
    tab.click("#watch-step")
    tab.wait_until(f"window.flipside.snapshot().moves.length === {len(paused) + 1}")
    tab.evaluate("new Promise((resolve) => setTimeout(resolve, 1000))")
    assert len(snapshot(tab)["moves"]) == len(paused) + 1  # one move, then paused again
    tab.click("#watch-pause")  # Resume
    tab.wait_until(f"window.flipside.snapshot().moves.length >= {len(paused) + 3}")
    # The game's end without 50 moves of watching: a link to a late position, still watched,
    # is played out by both sides.
    late = late_game(10)
    tab.evaluate(f"(() => {{ location.hash = 'othello/{late}'; }})()")
    tab.wait_until("window.flipside.snapshot().over", 120)
    tab.wait_until("window.flipside.snapshot().evaluation.every((v) => v !== null)")
    snap = snapshot(tab)
    assert snap["result"] is not None and snap["transcript"].startswith(late)
    assert len(snap["moves"]) >= 58 and snap["computer"] == "both"
    placed = [m for m in snap["moves"] if m != "pass"]
    assert len(snap["evaluation"]) == len(placed)  # the graph: a value per placed move
    assert_clean(tab, origin)


AXE = Path(__file__).resolve().parents[2] / "node_modules" / "axe-core" / "axe.min.js"


def german(method: str, **params: Any) -> dict[str, Any]:
    """Python's answer in German, asked natively: what the page must show."""
    answer = json.loads(
        facade.handle(json.dumps({"id": 1, "method": method, "params": params, "lang": "de"}))
    )
    return answer.get("result") or answer["error"]  # type: ignore[no-any-return]


def page_german(english: str) -> str:
    """The page's German for one of its messages (the site's catalog, built from de.po)."""
    return str(i18n.page_catalog("de")[english])


def the_page_in_german(tab: Tab, origin: str) -> None:
    """The German interface: chosen in the masthead and kept; a game of each game with
    Python's German statuses; a malformed link's message; the rules in German; axe-core's
    audit with the page's lang set. The origin's first visit (nothing saved: each game from
    its start)."""
    tab.goto(origin + "/")
    ready(tab)
    tab.choose("#language", "de")
    tab.wait_until("document.documentElement.lang === 'de'")
    tab.wait_until(
        f"document.getElementById('new-game').textContent === {json.dumps(page_german('New game'))}"
    )
    click_square(tab, "f5")
    snap = wait_moves(tab, 1)
    expected = german("state", record="othello/f5")
    assert snap["status"] == expected["status"] != "White to move"
    assert tab.evaluate("document.getElementById('announcer').textContent").startswith(
        expected["said"]
    )

    tab.click("#switch-themisto")
    tab.wait_until("window.flipside.snapshot().game === 'themisto'")
    click_square(tab, "a1")
    tab.wait_until("window.flipside.snapshot().selected === 'a1'")
    click_square(tab, "b2")
    snap = wait_moves(tab, 1)
    assert snap["status"] == german("state", record="themisto/a1-b2")["status"]
    shoot(tab, f"engine-{tab.engine}-german-themisto.png")

    tab.click("#rules")
    tab.wait_until("document.getElementById('rules-dialog').open")
    heading = next(
        line.lstrip("# ")
        for line in (ROOT / "docs" / "themisto-rules.de.md").read_text().splitlines()
        if line.startswith("## ")
    )
    shown = tab.evaluate(
        "[...document.querySelectorAll('#rules-themisto h3')].filter((h) => h.offsetParent).map((h) => h.textContent)"
    )
    assert shown[0] == heading  # only the German text shows
    shoot(tab, f"engine-{tab.engine}-german-rules.png")
    if not AXE.exists():
        pytest.fail("node_modules/axe-core is missing: run ./build.sh setup")
    with styled_by_the_tool(tab):
        tab.run_script(AXE.read_text())
        found = tab.evaluate(
            "(await axe.run(document, {resultTypes: ['violations']})).violations"
            ".filter((v) => ['serious', 'critical'].includes(v.impact)).map((v) => v.id)"
        )
    assert found == [], f"{tab.engine}: {found}"
    tab.evaluate("document.getElementById('rules-dialog').close()")
    settle(tab)

    # The choice is kept; a malformed link's message is German, the saved game stays.
    assert_clean(tab, origin)
    tab.goto("about:blank")
    tab.goto(origin + "/#othello/f5d6c9")
    snap = ready(tab)
    assert tab.evaluate("document.documentElement.lang") == "de"
    reason = german("open_link", fragment="othello/f5d6c9")["message"]
    tail = next(
        v for k, v in i18n.page_catalog("de").items() if "Showing your saved game instead" in k
    )
    assert snap["notice"] is not None and snap["notice"].startswith(reason[:1].upper() + reason[1:])
    assert re.sub(r"\{\w+\}", "", str(tail)).strip() in snap["notice"]
    assert (snap["game"], snap["moves"]) in (("othello", ["f5"]), ("themisto", ["a1-b2"]))
    shoot(tab, f"engine-{tab.engine}-german-notice.png")
    assert_clean(tab, origin)


def japanese(method: str, **params: Any) -> dict[str, Any]:
    """Python's answer in Japanese, asked natively: what the page must show."""
    request = {"id": 1, "method": method, "params": params, "lang": "ja"}
    answer = json.loads(facade.handle(json.dumps(request)))
    return answer.get("result") or answer["error"]  # type: ignore[no-any-return]


def page_japanese(english: str) -> str:
    """The page's Japanese for one of its messages (the site's catalog, built from ja.po)."""
    return str(i18n.page_catalog("ja")[english])


ENGLISH_LEFT = """(() => {
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
  out.push(document.getElementById('announcer').textContent);
  return out.map((t) => t.replace(/\\s+/g, ' ').trim()).filter((t) => arg.includes(t));
})()"""
"""The texts on the page that are one of ``arg``'s English messages (a Japanese page shows
none of them)."""


def in_japanese(tab: Tab, origin: str) -> None:
    """The page on screen switched to Japanese in the masthead: the choice kept, Python's
    Japanese statuses through a game of each game to its end (Othello's last move, a
    Themisto win with the capture question), a malformed link's message (``location.hash``,
    the game unchanged), the Japanese rules and axe-core's audit with ``lang="ja"``, and no
    English message shown. Timed: the seconds it adds to the engine's run are printed."""
    began = time.monotonic()
    catalog = i18n.page_catalog("ja")
    english = sorted(k for k, v in catalog.items() if isinstance(v, str) and v != k)
    tab.choose("#language", "ja")
    tab.wait_until("document.documentElement.lang === 'ja'")
    tab.wait_until(
        f"document.getElementById('new-game').textContent === {json.dumps(page_japanese('New game'))}"
    )
    assert tab.evaluate("localStorage.getItem('flipside.language')") == "ja"  # kept

    full, start = late_game(0), late_game(1)  # one empty square: the last move by a click
    tab.evaluate(f"(() => {{ location.hash = 'othello/{start}'; }})()")
    tab.wait_until(f"window.flipside.snapshot().transcript === '{start}'")
    click_square(tab, full[len(start) :])
    snap = wait_moves(tab, len(full) // 2)
    expected = japanese("state", record=f"othello/{full}")
    assert snap["over"] and snap["status"] == expected["status"] == "終局：白の勝ち 43–21"
    assert tab.evaluate("document.getElementById('announcer').textContent").startswith(
        expected["said"]
    )
    badge = "document.querySelector('.player.winner .name').dataset.badge"
    assert tab.evaluate(badge) == page_japanese("winner")
    assert tab.evaluate(CLIPPED) == []
    assert tab.evaluate(ENGLISH_LEFT, english) == []
    shoot(tab, f"engine-{tab.engine}-japanese-othello-over.png")

    tab.evaluate(f"(() => {{ location.hash = 'themisto/{','.join(THEMISTO_WIN[:-1])}'; }})()")
    tab.wait_until(f"window.flipside.snapshot().moves.length === {len(THEMISTO_WIN) - 1}")
    click_square(tab, "c2")
    tab.wait_until("window.flipside.snapshot().selected === 'c2'")
    click_square(tab, "d1")
    tab.wait_until("window.flipside.snapshot().choice !== null")
    question = tab.evaluate("document.getElementById('capture-text').textContent")
    assert question == "c2 から d1：取りますか？"
    tab.click("#choose-capture")
    snap = wait_moves(tab, len(THEMISTO_WIN))
    record = "themisto/" + ",".join(THEMISTO_WIN)
    assert snap["over"] and snap["status"] == japanese("state", record=record)["status"]
    assert snap["status"].startswith("終局：先手が")

    tab.click("#rules")
    tab.wait_until("document.getElementById('rules-dialog').open")
    heading = next(
        line.lstrip("# ")
        for line in (ROOT / "docs" / "themisto-rules.ja.md").read_text().splitlines()
        if line.startswith("## ")
    )
    shown = tab.evaluate(
        "[...document.querySelectorAll('#rules-themisto h3')].filter((h) => h.offsetParent).map((h) => h.textContent)"
    )
    assert shown[0] == heading  # only the Japanese text shows
    assert tab.evaluate(ENGLISH_LEFT, english) == []
    # axe-core with lang="ja": every rule over the Japanese rules dialog (the German part
    # audited the whole page; test_visual.py audits the Japanese New game, Othello rules and
    # Games in every engine), and the page's lang attributes as its language rules read them.
    langs = tab.evaluate("[...document.querySelectorAll('[lang]')].map((e) => e.lang)")
    assert langs[0] == "ja" and set(langs) == {"en", "de", "ja"}  # the root, then its parts
    with styled_by_the_tool(tab):
        tab.run_script(AXE.read_text())
        found = tab.evaluate(
            "(await axe.run(document.getElementById('rules-dialog'), {resultTypes: ['violations']}))"
            ".violations.filter((v) => ['serious', 'critical'].includes(v.impact)).map((v) => v.id)"
        )
    assert found == [], f"{tab.engine}: {found}"
    tab.evaluate("document.getElementById('rules-dialog').close()")

    # A malformed link: Python's Japanese reason, and the game stays.
    reason = japanese("open_link", fragment="othello/f5d6c9")["message"]
    tab.evaluate("(() => { location.hash = 'othello/f5d6c9'; })()")
    tab.wait_until(f"(window.flipside.snapshot().notice || '').startsWith({json.dumps(reason)})")
    notice = snapshot(tab)["notice"]
    unchanged = page_japanese("{problem}. Your game is unchanged.").replace("{problem}", "")
    assert notice.startswith(reason) and notice.endswith(unchanged), notice
    assert snapshot(tab)["moves"] == THEMISTO_WIN
    assert_clean(tab, origin)
    print(f"\nJapanese in {tab.engine}: {time.monotonic() - began:.1f} s in the same page")


THEMISTO_WIN = ["a1-b2", "a7-b6", "d1-c2", "h7-g6", "c2-d1x"]
"""A whole Themisto game: its last move asks whether to capture, and the capture wins."""


CLIPPED = """[...document.querySelectorAll('button, select, label, .player .who, .notice p')]
    .filter((e) => e.offsetParent !== null)
    .filter((e) => e.scrollWidth > e.clientWidth + 1 || e.getBoundingClientRect().right > innerWidth)
    .map((e) => e.id || e.textContent.trim().slice(0, 30))"""
"""Visible controls, player cards and notices whose text does not fit them or that stick out
of the window: German's longer words, measured in each engine's own fonts."""


def whole_games_in_german(tab: Tab, origin: str) -> None:
    """A game of each game played to its end in German: Othello's last moves by clicks to
    the result and the finished game's offer, a whole Themisto game with the capture
    question and the win; each status, announcement and move note Python's German. German
    was chosen by ``the_page_in_german`` (its page start kept it); the games open by links
    (``location.hash``), the notice left on screen closed by its own button first."""
    assert tab.evaluate("document.documentElement.lang") == "de"
    close_notice(tab)
    full = late_game(0)
    start = late_game(6)
    snap = open_link(tab, f"othello/{start}")
    close_notice(tab)  # the link's "previous game kept": the game's end brings its own
    rest = [full[i : i + 2] for i in range(len(start), len(full), 2)]
    assert not any(m["note"] for m in german("state", record=f"othello/{full}")["moves"])
    for count, square in enumerate(rest, start=len(start) // 2 + 1):
        click_square(tab, square)
        snap = wait_moves(tab, count)
    expected = german("state", record=f"othello/{full}")
    assert snap["over"] and snap["status"] == expected["status"] == "Spielende: Weiß gewinnt 43–21"
    assert tab.evaluate("document.getElementById('announcer').textContent").startswith(
        expected["said"]
    )
    # The winner's card says so in German (its ::after shows the name's data-badge).
    badge = "document.querySelector('.player.winner .name').dataset.badge"
    assert tab.evaluate(badge) == page_german("winner")
    tab.wait_until("window.flipside.snapshot().notice !== null")
    offer = tab.evaluate("document.getElementById('notice-action').textContent")
    assert offer == page_german("Analyse game")
    assert tab.evaluate(CLIPPED) == []
    shoot(tab, f"engine-{tab.engine}-german-othello-over.png")

    close_notice(tab)
    tab.evaluate("(() => { location.hash = 'themisto/'; })()")
    tab.wait_until(
        "(() => { const s = window.flipside.snapshot();"
        " return s.game === 'themisto' && s.moves.length === 0; })()"
    )
    for count, move in enumerate(THEMISTO_WIN, start=1):
        frm, to = move.rstrip("x").split("-")
        click_square(tab, frm)
        tab.wait_until(f"window.flipside.snapshot().selected === '{frm}'")
        click_square(tab, to)
        if move.endswith("x"):
            tab.wait_until("window.flipside.snapshot().choice !== null")
            question = page_german("{from} to {to}: capture?")
            for name, value in (("from", frm), ("to", to)):
                question = question.replace("{" + name + "}", value)
            assert tab.evaluate("document.getElementById('capture-text').textContent") == question
            shoot(tab, f"engine-{tab.engine}-german-capture-choice.png")
            tab.click("#choose-capture")
        snap = wait_moves(tab, count)
    record = "themisto/" + ",".join(THEMISTO_WIN)
    expected = german("state", record=record)
    assert snap["over"] and snap["status"] == expected["status"]
    assert snap["status"] != facade_english("state", record=record)["status"]
    assert tab.evaluate("document.getElementById('announcer').textContent").startswith(
        expected["said"]
    )
    assert tab.evaluate(CLIPPED) == []
    shoot(tab, f"engine-{tab.engine}-german-themisto-win.png")
    assert_clean(tab, origin)


def facade_english(method: str, **params: Any) -> dict[str, Any]:
    """Python's answer in English, asked natively."""
    answer = json.loads(facade.handle(json.dumps({"id": 1, "method": method, "params": params})))
    return answer["result"]  # type: ignore[no-any-return]


def open_link(tab: Tab, link: str) -> dict[str, Any]:
    """A link opened in the page on screen (``location.hash``), as a person pasting it in the
    address bar would; the snapshot once the page shows it."""
    tab.evaluate("(() => { location.hash = arg; })()", link)
    tab.wait_until(
        f"(() => {{ const s = window.flipside.snapshot(); return s.record === {json.dumps(link)}"
        " && !s.busy; })()"
    )
    return snapshot(tab)


def close_notice(tab: Tab) -> None:
    """Close the notice on screen, if any, by its own close button."""
    if snapshot(tab)["notice"] is not None:
        tab.click("#notice-close")
        tab.wait_until("window.flipside.snapshot().notice === null")


def new_game(tab: Tab, game: str = "othello") -> None:
    """Put the page back between parts by its New game dialog: a new game of ``game`` for
    two people on this device (the computer off), from the standard start."""
    ready(tab)
    shows = tab.evaluate("window.flipside.snapshot().shows")
    tab.click("#new-game")
    tab.wait_until("document.getElementById('new-game-dialog').open")
    tab.click(f"input[name='game'][value='{game}']")
    if game == "othello":
        tab.choose("#opening-kind", "standard")
    tab.choose("#opponent", "human")
    tab.click("#start-game")
    # The new game itself shown (the page before may look the same: an empty game).
    tab.wait_until(
        "(() => { const s = window.flipside.snapshot();"
        f" return s.shows > {shows} && !document.getElementById('new-game-dialog').open"
        f" && s.game === '{game}' && s.moves.length === 0 && s.computer === null"
        " && !s.busy && !s.thinking; })()"
    )


def test_links_games_dialogs_and_offline_in_one_page(tab: Tab, dist: Path) -> None:
    """Eleven former tests as parts of one page per engine (each part a function named
    after the test it was), the page put back between them by its own New game dialog and
    links: a page start costs about 8 s of CPU. The first part is the origin's first visit;
    the last takes the server away (offline), hence a server of the test's own."""
    server = StaticServer(dist)
    origin = server.origin
    try:
        links_saved_games_and_a_malformed_link(tab, origin)  # first visit; two page starts
        both_games_by_clicks(tab, origin)
        a_lesson_step(tab, origin)
        if tab.engine != "chromium":  # as their former engines(...) markers: Chromium's own
            a_puzzle(tab, origin)  # tests check these (test_puzzles.py, test_ai.py,
            the_computer_replies_and_move_now(tab, origin)  # test_history_a11y.py,
            history_import_and_the_editor(tab, origin)  # test_import_export.py)
        a_dealt_opening_and_an_opponent_of_chosen_error(tab, origin)
        a_game_reviewed_its_mistakes_and_a_retry(tab, origin)
        watching_the_computer_play_itself(tab, origin)
        back_to_the_page_after_leaving_it(tab, origin)  # leaves the page and comes back
        offline_after_one_visit(tab, server)  # last: takes the server away
    finally:
        server.close()  # again if the last part closed it: returns at once


def test_german_and_japanese_in_one_page(tab: Tab, site: StaticServer) -> None:
    """The page in German (its first visit, then a fresh navigation keeping the choice),
    whole games in German, then the same page in Japanese: three former tests' parts."""
    origin = site.origin
    the_page_in_german(tab, origin)
    whole_games_in_german(tab, origin)
    # Put back: the window scrolled to its top (the capture's button scrolled it down), as a
    # fresh page is, so the board's squares are in view for the clicks by coordinates.
    tab.evaluate("window.scrollTo(0, 0)")
    in_japanese(tab, origin)
