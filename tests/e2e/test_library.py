"""The game library in all three engines (Chromium, Firefox, WebKit): every game kept with its
result; open to continue, replay and review; delete and undo; export and import (GGF, the
backup); two tabs each keeping its own game across reloads; games switched before the
browser grants their locks; a full quota; a damaged record; the move of the older
localStorage saves."""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from conftest import StaticServer
from test_engines import (
    assert_clean,
    click_square,
    new_game,
    open_link,
    ready,
    settle,
    shoot,
    snapshot,
    wait_moves,
)

from flipside import facade
from tools.browsers import PlaywrightTab, SeleniumTab, Tab

SHORT_GAME = "d3c3b3d2e1d6d7e3"  # f4 then ends it: Black wipes White out, 64-0
PUZZLE_START = "---OOOXOO--OX-XXXX----XOO------XX------OOX-----XX-X----O-XO--X-X_2_0_0"


def call(method: str, **params: Any) -> Any:
    return json.loads(facade.handle(json.dumps({"method": method, "params": params})))["result"]


def library(tab: Tab) -> dict[str, Any]:
    return snapshot(tab)["library"]  # type: ignore[no-any-return]


def js_click(tab: Tab, selector: str) -> None:
    """A click by the page's own `click()` (for a window not in front, see second_tab)."""
    tab.evaluate("document.querySelector(arg).click()", selector)


def open_games(tab: Tab, js: bool = False) -> dict[str, Any]:
    """Open the Games view and wait until every game is read."""
    if js:
        js_click(tab, "#games")
    else:
        tab.click("#games")
    tab.wait_until(
        "(() => { const l = window.flipside.snapshot().library;"
        " return l && l.open && l.complete; })()"
    )
    return library(tab)


def close_games(tab: Tab) -> None:
    tab.click("#library-close")
    tab.wait_until("!window.flipside.snapshot().library.open")


STORED = """async (moves) => {
  const db = await new Promise((ok, fail) => {
    const r = indexedDB.open('flipside'); r.onsuccess = () => ok(r.result); r.onerror = () => fail(String(r.error)); });
  const get = (id) => new Promise((ok, fail) => {
    const r = db.transaction('games').objectStore('games').get(id); r.onsuccess = () => ok(r.result); r.onerror = () => fail(String(r.error)); });
  try {
    for (let i = 0; i < 600; i++) {
      const current = window.flipside.snapshot().library?.current;
      if (current && (await get(current.id))?.moves === moves) return true;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error('the game on screen was not stored with ' + moves + ' moves');
  } finally { db.close(); }
}"""


def kept(tab: Tab, moves: int) -> None:
    """Wait until the game on screen is stored with `moves` moves."""
    tab.evaluate("window.flipside.ready.then(() => true)")
    tab.wait_until("window.flipside.snapshot().library?.current != null")
    tab.evaluate(f"({STORED})({moves})")


def type_move(tab: Tab, move: str) -> None:
    tab.evaluate(
        "(() => { document.getElementById('move-input').value = arg;"
        " document.getElementById('move-form').requestSubmit(); })()",
        move,
    )


def row_texts(snap: dict[str, Any]) -> list[list[str]]:
    return [row["text"] for row in snap["rows"]]


def capture_downloads(tab: Tab) -> None:
    """Keep what the page saves as files (the browsers' download paths differ): the text of
    every Blob an anchor with `download` would save, by file name."""
    tab.evaluate(
        "(() => { window.saved = {}; const blobs = {}; const make = URL.createObjectURL;"
        " URL.createObjectURL = (blob) => { const url = make(blob); blobs[url] = blob; return url; };"
        " const click = HTMLAnchorElement.prototype.click;"
        " HTMLAnchorElement.prototype.click = function () {"
        "   if (!this.download) return click.call(this);"
        "   blobs[this.href].text().then((t) => { window.saved[this.download] = t; }); }; })()"
    )


def saved_file(tab: Tab, prefix: str) -> tuple[str, str]:
    tab.wait_until(f"Object.keys(window.saved).some((n) => n.startsWith({prefix!r}))")
    files = tab.evaluate("window.saved")
    name = next(n for n in files if n.startswith(prefix))
    return name, files[name]


def import_file(tab: Tab, name: str, text: str) -> str:
    """Give the import button a file, as a person choosing it would; the status it shows."""
    tab.evaluate(
        "(() => { const input = document.getElementById('library-import');"
        " const files = new DataTransfer(); files.items.add(new File([arg[1]], arg[0]));"
        " input.files = files.files; input.dispatchEvent(new Event('change', { bubbles: true })); })()",
        [name, text],
    )
    tab.wait_until(
        "/Added|could not|unchanged/.test(window.flipside.snapshot().library.status)", timeout=120
    )
    return library(tab)["status"]  # type: ignore[no-any-return]


def games_kept_with_results_opened_reviewed_deleted_and_back(tab: Tab, origin: str) -> None:
    """The origin's first visit: an empty library."""
    tab.goto(origin + "/")
    ready(tab)
    # Against the computer at level 1 (White): the person's win from a link, Black's last move.
    tab.choose("#level", "1")
    tab.choose("#computer", "white")
    tab.evaluate(f"(() => {{ location.hash = 'othello/{SHORT_GAME}'; }})()")
    tab.wait_until("window.flipside.snapshot().moves.length === 8")
    click_square(tab, "f4")
    snap = wait_moves(tab, 9)
    assert snap["over"] and snap["result"]["score"] == [64, 0]
    kept(tab, 9)
    # A Themisto game: a win in one from a set-up position, for two players.
    tab.click("#switch-themisto")
    tab.wait_until("window.flipside.snapshot().game === 'themisto'")
    tab.evaluate(f"(() => {{ location.hash = 'themisto/&start={PUZZLE_START}'; }})()")
    tab.wait_until("window.flipside.snapshot().position?.startsWith('---OOOXOO')")
    type_move(tab, "d2-c1x")
    snap = wait_moves(tab, 1)
    assert snap["over"] and snap["result"]["winner"] == "two"
    kept(tab, 1)
    # An unfinished Othello game, then another game on screen.
    tab.evaluate("(() => { location.hash = 'othello/f5d6'; })()")
    tab.wait_until("window.flipside.snapshot().moves.length === 2")
    tab.choose("#computer", "off")
    click_square(tab, "c3")
    wait_moves(tab, 3)
    kept(tab, 3)
    tab.evaluate("(() => { location.hash = 'othello/f5'; })()")
    tab.wait_until("window.flipside.snapshot().moves.length === 1")

    games = open_games(tab)
    texts = row_texts(games)
    assert len(texts) == 4, texts
    themisto = next(t for t in texts if t[1] == "Themisto")
    assert themisto[3] == "Player two won" and themisto[4] == "1 move"
    won = next(t for t in texts if t[4] == "9 moves")
    assert won[2] == "Computer · 1 · Beginner (random)" and won[3] == "Won by 64"
    unfinished = next(t for t in texts if t[4] == "3 moves")
    assert unfinished[3] == "Unfinished"
    assert games["rows"][0]["tag"] == "On screen"  # the newest: othello/f5, on screen
    shoot(tab, f"library-{tab.engine}.png")

    # Filters: a result, a game.
    tab.choose("#library-result", "won")
    assert row_texts(library(tab)) == [won]
    tab.choose("#library-result", "")
    tab.choose("#library-game", "themisto")
    assert row_texts(library(tab)) == [themisto]
    tab.choose("#library-game", "")

    # Continue the unfinished game: it comes back on screen and goes on under the same id.
    index = texts.index(unfinished)
    tab.click(f"#library-list li:nth-child({index + 1}) .library-open")
    tab.wait_until("window.flipside.snapshot().moves.length === 3")
    assert snapshot(tab)["record"] == "othello/f5d6c3"
    click_square(tab, "d3")
    wait_moves(tab, 4)
    kept(tab, 4)
    games = open_games(tab)
    assert len(games["rows"]) == 4 and any(t[4] == "4 moves" for t in row_texts(games))

    # Replay and review the finished win: the review's accuracy joins the list.
    index = row_texts(games).index(won)
    tab.click(f"#library-list li:nth-child({index + 1}) .library-open")
    tab.wait_until("window.flipside.snapshot().record === 'othello/d3c3b3d2e1d6d7e3f4'")
    settle(tab)
    tab.click("#review-start")
    tab.wait_until(
        "window.flipside.snapshot().review?.summary != null && !window.flipside.snapshot().review.running",
        timeout=180,
    )
    games = open_games(tab)
    tab.wait_until(  # the review is kept with its game: the open list follows
        "window.flipside.snapshot().library.rows.some((r) => r.text[4] === '9 moves'"
        " && r.text[6].startsWith('Accuracy '))"
    )
    games = library(tab)

    # Delete the Themisto game, then undo.
    index = row_texts(games).index(themisto)
    tab.click(f"#library-list li:nth-child({index + 1}) .library-delete")
    tab.wait_until("window.flipside.snapshot().library.rows.length === 3")
    assert not any(t[1] == "Themisto" for t in row_texts(library(tab)))
    tab.click("#library-undo-button")
    tab.wait_until("window.flipside.snapshot().library.rows.length === 4")
    assert themisto in row_texts(library(tab))
    assert_clean(tab, origin)


def export_and_import_round_trip(tab: Tab, first: StaticServer, dist: Path) -> None:
    """The page on screen (the library put back to the game on screen by its Delete buttons)
    exports; a new origin (a page start of its own: its library must be empty) imports."""
    try:
        open_link(tab, "othello/" + SHORT_GAME)
        delete_the_other_games(tab)
        click_square(tab, "f4")
        wait_moves(tab, 9)
        kept(tab, 9)
        tab.evaluate("(() => { location.hash = 'othello/f5d6c3&clock=300'; })()")
        tab.wait_until("window.flipside.snapshot().moves.length === 3")
        click_square(tab, "d3")
        kept(tab, 4)
        tab.evaluate("(() => { location.hash = 'themisto/g1-g3,d8-e7&limit=120'; })()")
        tab.wait_until("window.flipside.snapshot().moves.length === 2")
        kept(tab, 2)
        games = open_games(tab)
        assert len(games["rows"]) == 3
        capture_downloads(tab)
        tab.click("#library-export-ggf")
        ggf_name, ggf = saved_file(tab, "flipside-othello-")
        tab.click("#library-export-backup")
        backup_name, backup = saved_file(tab, "flipside-backup-")
        records = sorted(r["record"] for r in json.loads(backup)["games"])
    finally:
        first.close()
    assert ggf.count("(;GM[Othello]") == 2 and "TI[5:00]" in ggf
    assert records == sorted(
        [
            "othello/d3c3b3d2e1d6d7e3f4",
            "othello/f5d6c3d3&clock=300",
            "themisto/g1-g3,d8-e7&limit=120",
        ]
    )
    # A new origin: an empty library. The GGF file brings the two Othello games, the backup
    # the third and recognises the other two.
    second = StaticServer(dist)
    try:
        tab.goto(second.origin + "/")
        ready(tab)
        assert open_games(tab)["rows"] == []
        assert import_file(tab, ggf_name, ggf) == "Added 2 games."
        status = import_file(tab, backup_name, backup)
        assert status == "Added 1 game. 2 were already in your library."
        # The status comes as the list is read again (Firefox once read the rows before it).
        tab.wait_until("window.flipside.snapshot().library.rows.length === 3")
        games = library(tab)
        assert len(games["rows"]) == 3
        assert sorted(t[4] for t in row_texts(games)) == ["2 moves", "4 moves", "9 moves"]
        assert import_file(tab, "x.json", "{broken") == (
            "This file is not a Flipside backup (it is not JSON). Your library is unchanged."
        )
        assert_clean(tab, second.origin)
    finally:
        second.close()


@contextmanager
def second_tab(tab: Tab) -> Iterator[tuple[Tab, Tab]]:
    """Another tab of the same browser (same storage), and the first one to switch back to;
    in WebKitGTK another window (a tab in the background there gets no time to run)."""
    if isinstance(tab, PlaywrightTab):
        other = PlaywrightTab(tab.engine, tab.context)
        yield tab, other
        other.page.close()
        return
    assert isinstance(tab, SeleniumTab)
    driver = tab.driver
    first_handle = driver.current_window_handle
    driver.switch_to.new_window("window")
    second_handle = driver.current_window_handle
    yield _Window(tab, first_handle), _Window(tab, second_handle)
    driver.switch_to.window(second_handle)
    driver.close()
    driver.switch_to.window(first_handle)


class _Window(Tab):
    """One window of a Selenium session: each call switches to it first."""

    def __init__(self, tab: SeleniumTab, handle: str) -> None:
        self.tab, self.handle, self.engine = tab, handle, tab.engine

    def _on(self) -> SeleniumTab:
        self.tab.driver.switch_to.window(self.handle)
        return self.tab

    def goto(self, url: str) -> None:
        self._on().goto(url)

    def evaluate(self, expression: str, arg: Any = None) -> Any:
        return self._on().evaluate(expression, arg)

    def click_at(self, x: float, y: float) -> None:
        self._on().click_at(x, y)

    def click(self, selector: str) -> None:
        self._on().click(selector)

    def reload(self) -> None:
        self._on().driver.refresh()


def reload(tab: Tab) -> None:
    if isinstance(tab, PlaywrightTab):
        tab.page.reload()
    elif isinstance(tab, _Window):
        tab.reload()
    else:
        assert isinstance(tab, SeleniumTab)
        tab.driver.refresh()


def two_tabs_keep_two_games_across_reloads(tab: Tab, origin: str) -> None:
    # Moves are typed and buttons clicked by the page: WebKitWebDriver's pointer actions can
    # wait forever in a window that is not in front.
    games_view_closed(tab)
    new_game(tab)
    type_move(tab, "f5")
    wait_moves(tab, 1)
    type_move(tab, "d6")
    wait_moves(tab, 2)
    kept(tab, 2)
    delete_the_other_games(tab)
    with second_tab(tab) as (one, two):
        two.goto(origin + "/")
        snap = ready(two)
        # The last game is open in the first tab: this one starts its own.
        assert snap["moves"] == [] and "open in another tab" in (snap["notice"] or "")
        type_move(two, "f5")
        wait_moves(two, 1)
        type_move(two, "f6")
        wait_moves(two, 2)
        kept(two, 2)
        type_move(one, "c3")
        wait_moves(one, 3)
        kept(one, 3)
        reload(one)
        reload(two)
        assert ready(one)["record"] == "othello/f5d6c3"
        assert ready(two)["record"] == "othello/f5f6"
        kept(one, 3)
        kept(two, 2)
        games = open_games(one, js=True)
        records = {r["text"][4] for r in games["rows"]}
        assert len(games["rows"]) == 2 and records == {"3 moves", "2 moves"}
        tags = sorted(r["tag"] for r in games["rows"])
        assert tags == ["On screen", "Open in another tab"]
        # The other tab's list follows a change made here.
        open_games(two, js=True)
        js_click(one, "#library-close")
        type_move(one, "d3")
        two.wait_until(
            "window.flipside.snapshot().library.rows.some((r) => r.text[4] === '4 moves')"
        )


GATED_LOCKS = """(() => {
  const locks = Object.getPrototypeOf(navigator.locks);
  const request = locks.request;
  const waiting = [];
  window.grantLocks = () => { locks.request = request; waiting.splice(0).forEach((go) => go()); };
  locks.request = function (name, options, callback) {
    return request.call(this, name, options, async (lock) => {
      await new Promise((go) => waiting.push(go));
      return callback(lock);
    });
  };
})()"""
"""From here on the page's lock callbacks wait for ``window.grantLocks()`` (each lock held
meanwhile): a busy browser that runs a grant's callback late, made deterministic."""

HELD = """(async () => {
  const held = async () => (await navigator.locks.query()).held
    .map((l) => l.name).filter((n) => n.startsWith('flipside.game.')).sort();
  for (let i = 0; i < 200 && arg && !(await held()).includes(arg); i++) {
    await new Promise((r) => setTimeout(r, 50));
  }
  return held();
})()"""
"""The game locks this page's origin holds (after waiting up to 10 s for ``arg``, if given)."""


def games_switched_before_their_locks_come_hold_only_the_game_on_screen(
    tab: Tab, origin: str
) -> None:
    """The games switched twice before the browser runs the lock callbacks: the locks of
    the games no longer on screen are let go as they come, so the tab does not take its own
    game for another tab's (it did: a lock came after the switch and was held for good)."""
    games_view_closed(tab)
    new_game(tab, "themisto")  # put back: the Themisto game a first visit finds, empty
    open_link(tab, "othello/f5d6c3")
    kept(tab, 3)
    delete_the_other_games(tab)
    othello = library(tab)["current"]["id"]
    assert tab.evaluate(HELD) == ["flipside.game." + othello]
    tab.evaluate(GATED_LOCKS)
    js_click(tab, "#switch-themisto")
    tab.wait_until("window.flipside.snapshot().game === 'themisto'")
    js_click(tab, "#switch-othello")
    tab.wait_until("window.flipside.snapshot().transcript === 'f5d6c3'")
    tab.wait_until(f"window.flipside.snapshot().library?.current?.id === {othello!r}")
    js_click(tab, "#switch-themisto")
    tab.wait_until("window.flipside.snapshot().game === 'themisto'")
    tab.wait_until(f"window.flipside.snapshot().library?.current?.id !== {othello!r}")
    tab.evaluate("window.grantLocks()")
    themisto = library(tab)["current"]["id"]
    held = tab.evaluate(HELD, "flipside.game." + themisto)
    assert held == ["flipside.game." + themisto], (othello, themisto, held)
    games = open_games(tab, js=True)
    assert [r["tag"] for r in games["rows"]] == [None], games["rows"]
    js_click(tab, "#library-close")
    # As in a new tab's first switch: the last saved Othello game opens unless it is open
    # elsewhere, and it is not.
    tab.evaluate("sessionStorage.removeItem('flipside.tab.v1')")
    js_click(tab, "#switch-othello")
    tab.wait_until("window.flipside.snapshot().game === 'othello'")
    snap = wait_moves(tab, 3)
    assert snap["transcript"] == "f5d6c3", snap
    assert "another tab" not in (snap["notice"] or ""), snap["notice"]
    assert library(tab)["current"]["id"] == othello


def a_full_quota_and_a_damaged_record(tab: Tab, origin: str) -> None:
    open_link(tab, "othello/f5d6")
    click_square(tab, "c3")
    kept(tab, 3)
    delete_the_other_games(tab)
    # A record no Flipside wrote: skipped and said, the rest listed.
    tab.evaluate(
        "new Promise((ok, fail) => { setTimeout(() => fail('timed out'), 20000);"
        " const r = indexedDB.open('flipside'); r.onerror = () => fail(String(r.error));"
        " r.onblocked = () => fail('blocked'); r.onsuccess = () => {"
        " const tx = r.result.transaction('games', 'readwrite');"
        " tx.onerror = () => fail(String(tx.error)); tx.onabort = () => fail('abort ' + tx.error);"
        " tx.objectStore('games').put({ id: 'damaged', v: 1, game: 'othello', record: 12, started: 1 });"
        " tx.oncomplete = () => { r.result.close(); ok(true); }; }; })"
    )
    games = open_games(tab)
    assert len(games["rows"]) == 1
    assert games["count"] == "1 game 1 stored game could not be read and was skipped."
    close_games(tab)
    # The storage is full: the page says so once, the game goes on, nothing is lost.
    tab.evaluate(
        "(() => { IDBObjectStore.prototype.put = function () {"
        " throw new DOMException('The quota has been exceeded.', 'QuotaExceededError'); }; })()"
    )
    click_square(tab, "d3")
    tab.wait_until("window.flipside.snapshot().notice?.includes('storage is full')")
    click_square(tab, "c5")
    snap = wait_moves(tab, 5)
    assert snap["record"] == "othello/f5d6c3d3c5"
    # Said once and kept on screen: the next move does not clear it, its close button does.
    assert "storage is full" in snap["notice"]
    js_click(tab, "#notice-close")
    tab.wait_until("window.flipside.snapshot().notice === null")
    reload(tab)  # the reload puts the real storage back: the game and the library are there
    assert ready(tab)["record"] == "othello/f5d6c3d3c5"
    kept(tab, 5)
    games = open_games(tab)
    assert [t[4] for t in row_texts(games)] == ["5 moves"]


def the_older_saves_move_into_the_library(tab: Tab, origin: str) -> None:
    othello = "othello/f5d6c3d3"
    rows = [call("judge", record=othello, ply=ply, seconds=0.05) for ply in range(4)]
    review = call("review_summary", record=othello, rows=rows)
    # What the page before the library kept in localStorage: this origin's storage emptied
    # (the library's database too), the older keys written, then a fresh start.
    ready(tab)
    tab.wait_until("window.flipside.snapshot().library?.migrated !== undefined")
    tab.evaluate(
        "new Promise((ok, fail) => { localStorage.clear(); sessionStorage.clear();"
        " const r = indexedDB.deleteDatabase('flipside'); r.onsuccess = () => ok(true);"
        " r.onerror = () => fail(String(r.error)); })"
    )
    saves = {
        "flipside.save.othello.v2": {
            "format": "flipside-save",
            "version": 2,
            "game": "othello",
            "record": othello,
        },
        "flipside.save.themisto.v2": {
            "format": "flipside-save",
            "version": 2,
            "game": "themisto",
            "record": "themisto/b1-b4",
        },
        "flipside.reviews.v1": [{"record": othello, "rows": rows, "summary": review}],
        "flipside.puzzles.v1": {"othello": {"solved": [1, 2], "streak": 2, "next": 3, "kind": ""}},
    }
    tab.evaluate(
        "(() => { for (const [k, v] of Object.entries(arg)) localStorage.setItem(k, JSON.stringify(v));"
        " localStorage.setItem('flipside.game.v1', 'othello'); })()",
        saves,
    )
    tab.goto("about:blank")
    tab.goto(origin + "/")
    snap = ready(tab)
    assert snap["record"] == othello
    tab.wait_until("window.flipside.snapshot().library?.migrated != null")
    assert library(tab)["migrated"]["games"] == 2 and library(tab)["migrated"]["puzzles"] == 2
    games = open_games(tab)
    texts = row_texts(games)
    assert sorted(t[1] for t in texts) == ["Othello", "Themisto"]
    mine = next(r for r in games["rows"] if r["text"][1] == "Othello")
    assert mine["tag"] == "On screen" and mine["text"][6].startswith("Accuracy ")
    close_games(tab)
    click_square(tab, "c4")  # the game on screen is the moved one: it goes on, no copy
    kept(tab, 5)
    assert len(open_games(tab)["rows"]) == 2
    assert_clean(tab, origin)


def games_view_closed(tab: Tab) -> None:
    """Put back: the Games view closed by its own button, if a part left it open."""
    if (library(tab) or {}).get("open"):
        close_games(tab)


def delete_the_other_games(tab: Tab) -> None:
    """Put the library back between parts by its own Delete buttons: every game but the one
    on screen deleted, so a part finds the library as a first visit's plus that game. The
    Games view is closed after (and first, if a part left it open)."""
    games_view_closed(tab)
    open_games(tab)
    while others := [i for i, row in enumerate(library(tab)["rows"]) if row["tag"] != "On screen"]:
        count = len(library(tab)["rows"])
        # By the button's own click(): the list is redrawn as games are read and deleted,
        # and WebKit's driver found a row it had just located gone (a stale element).
        js_click(tab, f"#library-list li:nth-child({others[0] + 1}) .library-delete")
        tab.wait_until(f"window.flipside.snapshot().library.rows.length === {count - 1}")
    close_games(tab)


def test_the_library_in_one_page(tab: Tab, dist: Path) -> None:
    """Six former tests as parts of one page per engine (each part named after its test), in
    one origin: the first part is its first visit (an empty library); before each later part
    the library is put back by its own Delete buttons (``delete_the_other_games``); the older
    saves' part empties the origin's storage itself (what the page before the library left);
    the export's part imports in a new origin, the one page start of its own."""
    first = StaticServer(dist)
    origin = first.origin
    try:
        games_kept_with_results_opened_reviewed_deleted_and_back(tab, origin)
        games_switched_before_their_locks_come_hold_only_the_game_on_screen(tab, origin)
        a_full_quota_and_a_damaged_record(tab, origin)
        the_older_saves_move_into_the_library(tab, origin)  # clears the damaged record too
        two_tabs_keep_two_games_across_reloads(tab, origin)
        export_and_import_round_trip(tab, first, dist)  # last: a new origin; closes this one
    finally:
        first.close()
