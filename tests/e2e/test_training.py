"""Training (issue 55) in all three engines, in ONE page per engine (a page's start is the
costly part): a game with a known blunder (an exact solve ten empty squares from the end,
made natively) reviewed, then trained from the Training view: the blunder refused with its
loss, the review's best move accepted, the card due again later; the opening trainer's wrong
move (with the explorer's figures) and right move; a backup round trip with the cards (a
broken card skipped and named). Opened through the page's own controls; positions by
`location.hash`."""

from __future__ import annotations

import json
import random
import time
from typing import Any

import pytest
from conftest import StaticServer
from test_engines import assert_clean, click_square, ready, settle, snapshot

from flipside import facade
from flipside.othello import Board
from flipside.othello.ai.endgame import Solver
from flipside.othello.notation import Move
from test_library import capture_downloads, import_file, kept, library, open_games, saved_file
from tools.browsers import PlaywrightTab, Tab


def call(method: str, **params: Any) -> Any:
    answer = json.loads(facade.handle(json.dumps({"id": 1, "method": method, "params": params})))
    return answer["result"]


def endgame(seed: int, empties: int = 10) -> Board | None:
    """A random legal game down to ``empties`` empty squares (None: it ended before)."""
    rnd = random.Random(seed)
    board = Board()
    while 64 - sum(b.bit_count() for b in board.bits()) > empties:
        if board.is_game_over():
            return None
        board.push(rnd.choice(board.legal_moves()))
    return board


def blunder_game() -> dict[str, Any]:
    """A set-up position ten empty squares from the end and its worst move, a blunder: the
    game's record, the move, the native review's row and the card's accepted moves."""
    for seed in range(100, 200):
        board = endgame(seed)
        if board is None:
            continue
        P, O = board.bits()
        values = {str(Move(sq)): v for sq, v in Solver().move_scores(P, O).items()}
        worst = min(values, key=lambda m: values[m])
        if len(values) < 3 or max(values.values()) - values[worst] < 8:
            continue  # no blunder (8 discs or more) to make here
        before = call("state", record=f"othello/{board.transcript()}")
        turn = "X" if before["toMove"] == "black" else "O"
        start = f"othello/&start={before['cells']}{turn}"
        after = call("play", record=start, move=worst)
        if len(after["moves"]) != 1 or after["over"]:
            continue  # a forced pass after the move: another position
        record = after["record"]
        row = call("judge", record=record, ply=0)
        (card,) = call("training_cards", record=record, rows=[row])
        # The card's position is the game before the move, as Python writes its record.
        return {"start": card["record"], "record": record, "worst": worst, "row": row, "card": card}
    raise AssertionError("no position with a blunder and no pass after it")


REVIEW_KEPT = """(async () => {
  const db = await new Promise((ok, fail) => {
    const r = indexedDB.open('flipside'); r.onsuccess = () => ok(r.result); r.onerror = () => fail(String(r.error)); });
  const count = () => new Promise((ok, fail) => {
    const r = db.transaction('reviews').objectStore('reviews').count(); r.onsuccess = () => ok(r.result); r.onerror = () => fail(String(r.error)); });
  try {
    for (let i = 0; i < 600; i++) {
      if ((await count()) === 1) return true;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error('the review was not kept');
  } finally { db.close(); }
})()"""


def training(tab: Tab) -> dict[str, Any]:
    return snapshot(tab)["training"]  # type: ignore[no-any-return]


def open_training(tab: Tab) -> dict[str, Any]:
    tab.click("#training-open")
    tab.wait_until(
        "(() => { const t = window.flipside.snapshot().training;"
        " return t && t.open && t.timings.swept > 0; })()",
        timeout=60,
    )
    return training(tab)


def test_mistakes_openings_and_a_backup_in_one_page(tab: Tab, site: StaticServer) -> None:
    began = time.monotonic()
    game = blunder_game()
    origin = site.origin
    tab.goto(origin + "/")
    ready(tab)
    tab.choose("#computer", "off")
    tab.evaluate(f"(() => {{ location.hash = {game['record']!r}; }})()")
    tab.wait_until("window.flipside.snapshot().moves.length === 1")
    kept(tab, 1)
    settle(tab)

    # The review: one move, solved exactly, a blunder; kept with its game.
    tab.click("#review-start")
    tab.wait_until("window.flipside.snapshot().review?.summary != null", timeout=120)
    (row,) = snapshot(tab)["review"]["rows"]
    assert row["mark"] == "blunder" and row["values"] == game["row"]["values"]
    tab.evaluate(REVIEW_KEPT)

    # The Training view: the blunder is a card of Your mistakes, due now.
    view = open_training(tab)
    tab.wait_until("window.flipside.snapshot().training.counts?.mistakes.due === 1")
    view = training(tab)
    assert view["counts"]["mistakes"]["total"] == 1
    assert view["due"].startswith("1 card is due now.")
    tab.click('#training-decks li[data-deck="mistakes"] button')
    tab.wait_until("window.flipside.snapshot().training.active?.kind === 'mistake'")
    tab.wait_until(f"window.flipside.snapshot().record === {game['start']!r}")
    active = training(tab)["active"]
    assert active["accepted"] == game["card"]["accepted"] and active["move"] == game["worst"]

    # The blunder again: refused with its loss, the card's position back on the board.
    click_square(tab, game["worst"])
    tab.wait_until("window.flipside.snapshot().training.active?.wrong === 1")
    tab.wait_until(f"window.flipside.snapshot().record === {game['start']!r}")
    text = training(tab)["active"]["text"]
    assert game["worst"] in text and "blunder" in text, text
    loss = f"{game['row']['loss']:g}"
    assert f"loses {loss} discs" in text, text

    # The review's best move: accepted, the card answered (again: the first try was wrong)
    # and due later, not now.
    click_square(tab, game["card"]["accepted"][0])
    tab.wait_until("window.flipside.snapshot().training.active?.result === 'right'")
    done = training(tab)
    assert done["lastAnswer"]["rating"] == 1
    now_ms = tab.evaluate("Date.now()")
    assert done["lastAnswer"]["due"] > now_ms and done["active"]["due"] > now_ms
    assert tab.evaluate("document.getElementById('training-score').textContent").startswith(
        "Due again in"
    )

    # The opening trainer: White in the Tiger's lines; the computer opens f5, a wrong reply
    # is shown with the masters' figures and taken back, the repertoire's d6 goes on.
    view = open_training(tab)
    assert view["counts"]["mistakes"]["due"] == 0 and view["counts"]["mistakes"]["today"] == 1
    tab.choose("#training-side", "white")
    tab.wait_until("window.flipside.snapshot().training.repertoires > 80")
    tiger = tab.evaluate(
        "[...document.getElementById('training-repertoire').options]"
        ".find((o) => o.text.startsWith('Tiger ·')).value"
    )
    tab.choose("#training-repertoire", tiger)
    tab.click("#training-start")
    tab.wait_until(
        "(() => { const a = window.flipside.snapshot().training.active;"
        " return a?.kind === 'opening' && a.played.length === 1; })()",
        timeout=60,
    )
    assert training(tab)["active"]["played"] == ["f5"]
    click_square(tab, "f6")
    tab.wait_until("window.flipside.snapshot().training.active?.wrong === 1", timeout=60)
    tab.wait_until("window.flipside.snapshot().moves.length === 1")
    text = training(tab)["active"]["text"]
    assert text.startswith("f6 is not your repertoire's move: masters played it in"), text
    assert "Your repertoire plays d6" in text, text
    click_square(tab, "d6")
    tab.wait_until("window.flipside.snapshot().training.active?.played.length >= 3", timeout=60)
    played = training(tab)["active"]["played"]
    assert played[:3] == ["f5", "d6", "c3"], played

    # A backup with the cards; back into a library whose cards are gone, with a broken
    # card added: the rest comes back, the broken one is named.
    open_games(tab)
    capture_downloads(tab)
    tab.click("#library-export-backup")
    name, text = saved_file(tab, "flipside-backup-")
    backup = json.loads(text)
    (card,) = [c for c in backup["cards"] if c["deck"] == "mistakes"]
    assert card["schedule"]["reps"] == 1 and card["accepted"] == game["card"]["accepted"]
    assert [a["rating"] for a in backup["answers"]] == [1]
    backup["cards"].append({"id": "broken-card", "deck": "mistakes", "v": 1})
    tab.evaluate(
        "new Promise((ok, fail) => { const r = indexedDB.open('flipside');"
        " r.onsuccess = () => { const tx = r.result.transaction(['cards', 'answers'], 'readwrite');"
        " tx.objectStore('cards').clear(); tx.objectStore('answers').clear();"
        " tx.oncomplete = () => { r.result.close(); ok(true); }; tx.onerror = () => fail(String(tx.error)); }; })"
    )
    status = import_file(tab, name, json.dumps(backup))
    assert "Added 1 training card." in status, status
    assert "1 training card could not be read and was skipped: broken-card." in status, status
    tab.click("#library-close")
    view = open_training(tab)
    assert view["counts"]["mistakes"]["total"] == 1
    assert "Cards learned: 0 of 1." in view["stats"], view["stats"]
    tab.click("#training-close")
    assert_clean(tab, origin)
    print(f"\n{tab.engine}: training test {time.monotonic() - began:.1f} s")


STORAGE_STUB = """(() => { const s = navigator.storage; let kept = false;
  s.persisted = async () => kept; s.persist = async () => (kept = true);
  s.estimate = async () => ({ usage: 2500000, quota: 1000000000 }); })()"""
"""The storage line's browser: the storage not yet persisted, persist() granted, an estimate."""

SEED_CARD = """new Promise((ok, fail) => { const r = indexedDB.open('flipside');
  r.onsuccess = () => { const tx = r.result.transaction('cards', 'readwrite');
    tx.objectStore('cards').put(arg);
    tx.oncomplete = () => { r.result.close(); ok(true); }; tx.onerror = () => fail(String(tx.error)); }; })"""

FORKS = """new Promise((ok, fail) => { const r = indexedDB.open('flipside');
  r.onsuccess = () => { const q = r.result.transaction('games').objectStore('games').getAll();
    q.onsuccess = () => { r.result.close(); ok(q.result.map((e) => [e.id, e.record, e.forkedFrom ?? null])); };
    q.onerror = () => fail(String(q.error)); }; })"""


@pytest.mark.engines("chromium")
def test_a_card_without_its_game_and_the_library_paths(tab: Tab, site: StaticServer) -> None:
    """Chromium: a mistake card whose game is gone still trains and says so; the storage
    line (persist(), estimate()); a write refused by a full quota retried by the next move,
    without a reload; a game two tabs continue differently (the second line kept under a new
    id, and the notice)."""
    assert isinstance(tab, PlaywrightTab)
    game = blunder_game()
    origin = site.origin
    tab.page.add_init_script(STORAGE_STUB)
    tab.goto(origin + "/#othello/f5d6")
    ready(tab)
    kept(tab, 2)
    open_games(tab)
    tab.wait_until(
        "(() => { const s = window.flipside.snapshot().library.storage;"
        " return s.includes('keeps your games') && s.includes('2.5 MB'); })()"
    )
    assert library(tab)["storage"] == (
        "The browser keeps your games until you delete them."
        " Flipside uses 2.5 MB of the 1,000 MB this browser allows."
    ), library(tab)["storage"]
    tab.click("#library-close")

    # A card whose game was deleted (its source is no game of the library): it opens from its
    # own position, the best move is accepted, and Open the game says the game is gone.
    card = {
        **game["card"],
        "v": 1,
        "id": "mistake:gone:0",
        "deck": "mistakes",
        "game": "othello",
        "source": "gone",
        "created": 1,
        "due": 1,
        "schedule": None,
    }
    tab.evaluate(SEED_CARD, card)
    open_training(tab)
    tab.wait_until("window.flipside.snapshot().training.counts?.mistakes.due === 1")
    tab.click('#training-decks li[data-deck="mistakes"] button')
    tab.wait_until(f"window.flipside.snapshot().record === {game['start']!r}")
    click_square(tab, game["card"]["accepted"][0])
    tab.wait_until("window.flipside.snapshot().training.active?.result === 'right'")
    assert training(tab)["lastAnswer"]["rating"] == 3  # right at the first try: good
    tab.click("#training-source")
    tab.wait_until(
        "window.flipside.snapshot().training.active?.text.includes('no longer in your library')"
    )
    tab.click("#training-leave")
    tab.wait_until("window.flipside.snapshot().record === 'othello/f5d6'")

    # A full quota: the move's write fails and is said; the next move's write is tried again
    # and keeps the game, without a reload.
    tab.evaluate(
        "(() => { const put = IDBObjectStore.prototype.put; let refused = false;"
        " IDBObjectStore.prototype.put = function (...args) {"
        "   if (!refused && this.name === 'games') { refused = true;"
        "     throw new DOMException('The quota has been exceeded.', 'QuotaExceededError'); }"
        "   return put.apply(this, args); }; })()"
    )
    click_square(tab, "c3")
    tab.wait_until("window.flipside.snapshot().notice?.includes('storage is full')")
    click_square(tab, "d3")
    kept(tab, 4)
    assert snapshot(tab)["library"]["failure"] is None

    # Two tabs on one game: the second opens it from the Games view (which writes it again);
    # the first then plays on from the revision it had, so its line is kept under a new id,
    # and said; the second's line goes on under the game's id.
    current = library(tab)["current"]
    legal = call("state", record="othello/f5d6c3d3")["legalNames"]
    mine, theirs = legal[0], legal[1]
    other = PlaywrightTab(tab.engine, tab.context)
    try:
        other.goto(origin + "/")
        ready(other)
        listed = open_games(other)
        index = next(i for i, r in enumerate(listed["rows"]) if r["id"] == current["id"])
        other.click(f"#library-list li:nth-child({index + 1}) .library-open")
        other.wait_until("window.flipside.snapshot().moves.length === 4")
        other.wait_until(
            "(() => { const c = window.flipside.snapshot().library?.current;"
            f" return c?.id === {current['id']!r} && c.rev > {current['rev']}; }})()"
        )
        click_square(tab, mine)
        tab.wait_until("window.flipside.snapshot().notice?.includes('in another tab')")
        kept(tab, 5)
        click_square(other, theirs)
        kept(other, 5)
        stored = tab.evaluate(FORKS)
        fork = [e for e in stored if e[2] == current["id"]]
        assert len(fork) == 1 and fork[0][1] == f"othello/f5d6c3d3{mine}", stored
        assert library(tab)["current"]["id"] == fork[0][0]
        assert [e[1] for e in stored if e[0] == current["id"]] == [f"othello/f5d6c3d3{theirs}"]
        assert library(other)["current"]["id"] == current["id"]
    finally:
        other.page.close()
    assert_clean(tab, origin)
