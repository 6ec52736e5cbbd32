"""Quick replies (issue 29): whole games against each game's top level in one page, in
each browser engine, timed as a person waits: each computer move from when it became due
(the person's move submitted, or the computer's previous move drawn when the person had to
pass) until it is drawn (its animation over).

The person's moves are a weak native level's (``PERSON_LEVEL``, seeded: the same games each
run), typed into the move box; each game after the first is started from the New game
dialog, as a person would, without reloading. Per engine and game: the median, 95th
percentile and worst wait, and the worst over the level's page budget (the issue's goal: at
most 1.5); and per turn, from the person's move to the computer's last reply drawn (its moves
in a row when the person had to pass: issue 56's goals, median at most the budget, worst at
most 1.5 times it). Issue 56's run: ``FLIPSIDE_REPLY_GAMES=3 FLIPSIDE_REPLY_ENGINES=chromium
./build.sh bench --only replies``. Memory: the resident memory of the page's processes after each game (the goal:
at most 30 MB more after the last game than after the first).

The page is the origin's second visit, as most are: the service worker's, cross-origin
isolated, so with Auto's two workers on two cores Othello's top level searches on the
pool's shared table (``FLIPSIDE_REPLY_VISIT=first``: the first visit, one worker).
``FLIPSIDE_REPLY_GAMES`` (default 5) and ``FLIPSIDE_REPLY_ENGINES`` (default all three,
comma-separated) shorten a run. ``rows()`` returns ``(name, value, unit/note)`` tuples for
the bench table (``./build.sh bench``; ``dist/`` must be built); run the file to print them.
"""

from __future__ import annotations

import os
import statistics
from contextlib import ExitStack
from pathlib import Path
from typing import Any, NamedTuple

from flipside import facade
from flipside.othello.ai.engine import LEVELS as OTHELLO_LEVELS
from flipside.themisto.ai.ladder import LEVELS as THEMISTO_LEVELS
from tools import DIST
from tools.bench.page import require_dist, static_server
from tools.bench.table import Row, print_rows
from tools.browsers import (
    ENGINES,
    Tab,
    fresh_tab,
    x_display,
)

PERSON_LEVEL = {"othello": 1, "themisto": 2}
"""The native level that plays the person's moves (Themisto's level 1 loses within a few
moves, too short a game to time)."""
GAMES = {
    # game: (the person's side, the computer's side, the top level, its native seconds)
    "othello": ("black", "white", max(OTHELLO_LEVELS), OTHELLO_LEVELS[max(OTHELLO_LEVELS)].seconds),
    "themisto": ("one", "two", max(THEMISTO_LEVELS), THEMISTO_LEVELS[max(THEMISTO_LEVELS)].seconds),
}


class Turn(NamedTuple):
    """One turn of the computer's: each move's wait (s) and its search (``lastThink``)."""

    waits: list[float]
    thinks: list[dict[str, Any]]
    log: list[list[list[Any]]]
    """Each search worker's answers in the turn: method, asked and answered (ms from the
    click)."""


PAGE_SLOWDOWN = 2.0
"""The page's budget is the native one times this (``flipside.checks.PAGE_SLOWDOWN`` inside
Pyodide)."""
PAGE_PROCESSES = {
    # engine: (process names, a word its command line has, or None)
    "chromium": (("chromium",), "--type=renderer"),
    "firefox": (("Web Content", "Isolated Web Co"), None),
    "webkit": (("WebKitWebProces",), None),
}
"""The processes that hold pages and their workers in each engine (the browser's own,
network, GPU and utility processes are left out: Chromium starts a 95 MB utility process a
few minutes into a session whatever the page does)."""

TURN = """(async () => {
    const [move, person] = arg;
    const sleep = () => new Promise((r) => setTimeout(r, 10));
    const key = (t) => (t ? `${t.record} ${t.move}` : null);
    let seen = key(window.flipside.snapshot().lastThink);
    document.getElementById('move-input').value = move;
    const start = performance.now();
    let since = start;  // when the computer's move being timed became due
    let thought = null;  // the record of a computer move played, not yet drawn
    const waits = [];
    const thinks = [];  // each computer move's search: {seconds, depth, exact, move}
    document.getElementById('move-form').requestSubmit();
    for (;;) {
        await sleep();
        const s = window.flipside.snapshot();
        const now = performance.now();
        if (key(s.lastThink) !== seen) {
            if (thought !== null) {
                // The next move came before this one's animation was over: it ends there.
                waits.push((now - since) / 1000);
                since = now;
            }
            seen = key(s.lastThink);
            thought = s.lastThink.record;
            const { seconds, depth, exact, move } = s.lastThink;
            thinks.push({ seconds, depth, exact, move });
        }
        if (thought !== null && s.record !== thought && !s.busy) {
            // A computer move drawn: its wait; the next one (after a pass) is due from now.
            waits.push((now - since) / 1000);
            since = now;
            thought = null;
        }
        if (thought === null && s.record !== arg[2] && !s.busy && !s.thinking
            && (s.over || s.toMove === person)) {
            // What each search worker did in the turn: [method, asked, answered] (ms from the click).
            const log = s.pool.answered.map((answers) => answers
                .filter((a) => a.at >= start)
                .map((a) => [a.method, Math.round(a.asked - start), Math.round(a.at - start)]));
            return { waits, thinks, log, over: s.over, record: s.record };
        }
        if (now - start > 60000) return { waits: null, record: s.record };
    }
})()"""
"""One turn: the person's move submitted, then every computer move timed from when it
became due (the move submitted, or the computer's previous move drawn when the person had
to pass) until it is drawn; done when the person is to move again or the game is over."""

NEW_GAME = """(() => {
    document.getElementById('new-game').click();
    document.querySelector(`#new-game-dialog input[name="game"][value="${arg[0]}"]`).click();
    return true;
})()"""


def page_mb(engine: str) -> float:
    """The resident memory of the engine's page processes (``PAGE_PROCESSES``), in MB."""
    names, word = PAGE_PROCESSES[engine]
    total = 0
    for status in Path("/proc").glob("[0-9]*/status"):
        try:
            fields = dict(
                line.split(":", 1) for line in status.read_text().splitlines() if ":" in line
            )
            if not fields.get("Name", "").strip().startswith(names):
                continue
            if word and word.encode() not in (status.parent / "cmdline").read_bytes():
                continue
        except OSError:
            continue
        total += int(fields.get("VmRSS", "0 kB").split()[0])
    return total / 1024


def heap_mb(heaps: dict[str, int | None]) -> float:
    """Both workers' WebAssembly memory, in MB (``snapshot().heaps``)."""
    return sum(size or 0 for size in heaps.values()) / 2**20


def open_page(tab: Tab, origin: str, visit: str) -> None:
    """The page at ``origin``, its computer player ready: on the origin's first visit, or on
    its second (``visit``), which the service worker serves (cross-origin isolated: Othello's
    top level searches on the pool's shared table)."""
    tab.goto(f"{origin}/")
    tab.wait_until("window.flipside !== undefined", 120)
    tab.evaluate("window.flipside.ready.then(() => true)")
    if visit == "second":
        tab.wait_until("navigator.serviceWorker.controller !== null", 120)
        tab.goto(f"{origin}/")
        tab.wait_until("window.flipside !== undefined", 120)
        tab.evaluate("window.flipside.ready.then(() => true)")
    tab.wait_until("window.flipside.snapshot().searchReady", 120)
    tab.wait_until(warmed(str(tab.evaluate("window.flipside.snapshot().game"))), 120)


def warmed(game: str) -> str:
    """Whether the search worker has warmed up for ``game`` (a JavaScript condition). The
    first reply after a page load or a switch of game waits for that warm-up when it is asked
    sooner (the app's files installed and the AI imported: up to 3.3 s in WebKit); the bench
    times replies in a session, so it waits for it."""
    return (
        "window.flipside.snapshot().searchAnswers"
        f".some((a) => a.method === 'warm' && a.record === '{game}')"
    )


def new_game(tab: Tab, game: str) -> None:
    """A new game of ``game`` against its top level through the New game dialog, the person
    moving first (as a person starts the next game: the page is not reloaded)."""
    _, _, top, _ = GAMES[game]
    switching = tab.evaluate("window.flipside.snapshot().game") != game
    tab.evaluate(NEW_GAME, [game])
    tab.wait_until("document.getElementById('new-game-dialog').open")
    tab.choose("#opponent", "computer")
    tab.choose("#opponent-level", str(top))
    tab.choose("#first", "first")
    tab.evaluate("(document.getElementById('status').textContent = '(starting)', true)")
    tab.click("#start-game")
    tab.wait_until(
        "window.flipside.snapshot().status !== '(starting)' && "
        f"window.flipside.snapshot().game === '{game}' && window.flipside.snapshot().moves.length === 0"
    )
    if switching:
        tab.wait_until(warmed(game), 120)


def play_game(tab: Tab, game: str, seed: int) -> list[Turn]:
    """One whole game against the top level; per turn, the seconds of each computer move
    (more than one when the person had to pass) and its search."""
    person = GAMES[game][0]
    new_game(tab, game)
    turns: list[Turn] = []
    record = str(tab.evaluate("window.flipside.snapshot().record"))
    for turn in range(400):
        move = facade.think(record, PERSON_LEVEL[game], None, seed * 1000 + turn)["move"]
        answer = tab.evaluate(TURN, [move, person, record])
        if answer["waits"] is None:
            raise AssertionError(f"{tab.engine}: no reply within a minute in {answer['record']}")
        record = answer["record"]
        if answer["waits"]:
            turns.append(Turn(answer["waits"], answer["thinks"], answer["log"]))
        if answer["over"]:
            break
    return turns


def described(turn: Turn) -> str:
    """A turn's waits and searches, e.g. ``3.41 s (depth 14 exact, 3.02 s) + 0.52 s (...)``."""
    parts = []
    for wait, think in zip(turn.waits, turn.thinks, strict=False):
        kind = "exact" if think.get("exact") else "midgame"
        parts.append(
            f"{think.get('move')} {wait:.2f} s (depth {think.get('depth')} {kind}, "
            f"search {think.get('seconds') or 0:.2f} s)"
        )
    workers = "; ".join(
        f"worker {i}: " + ", ".join(f"{method} {asked}-{at}" for method, asked, at in answers)
        for i, answers in enumerate(turn.log)
    )
    return " + ".join(parts) + f" [ms from the click: {workers}]"


def engine_rows(tab: Tab, origin: str, games: int, visit: str) -> list[Row]:
    out: list[Row] = []
    for game, (_, _, top, seconds) in GAMES.items():
        turns: list[Turn] = []
        memory = []
        heaps = []
        open_page(tab, origin, visit)
        for seed in range(1, games + 1):
            turns += play_game(tab, game, seed)
            memory.append(page_mb(tab.engine))
            heaps.append(tab.evaluate("window.flipside.snapshot().heaps"))
        pool = tab.evaluate("window.flipside.snapshot().pool")
        isolated = tab.evaluate(
            "self.crossOriginIsolated && typeof SharedArrayBuffer === 'function'"
        )
        budget = seconds * PAGE_SLOWDOWN
        waits = [wait for turn in turns for wait in turn.waits]
        by_reply = sorted(turns, key=lambda turn: sum(turn.waits))
        replies = [sum(turn.waits) for turn in by_reply]  # the click to the last reply drawn
        passing = [turn for turn in by_reply if len(turn.waits) > 1]  # the person passed
        ordered = sorted(waits)
        p95 = ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]
        name = f"{tab.engine}: {game} level {top}, {games} games, {len(waits)} replies"
        out += [
            (
                f"{name}, the page",
                pool["size"],
                (
                    f"workers; the {visit} visit, shared memory: {isolated}; "
                    f"{pool['shared']} shared searches, {pool['splits']} splits"
                ),
            ),
            (
                f"{name}, median wait",
                round(statistics.median(waits), 2),
                "s from the move to the reply drawn",
            ),
            (f"{name}, 95th percentile", round(p95, 2), "s"),
            (
                f"{name}, click -> reply, median",
                round(statistics.median(replies), 2),
                (
                    f"s, the computer's moves in a row together ({len(replies)} turns, "
                    f"{sum(len(t.waits) > 1 for t in turns)} with passes; goal <= {budget:g})"
                ),
            ),
            (
                f"{name}, click -> reply, worst",
                round(replies[-1], 2),
                (
                    f"s = {replies[-1] / budget:.2f} x the {budget:g} s budget (goal <= 1.5): "
                    + described(by_reply[-1])
                ),
            ),
            *(
                [
                    (
                        f"{name}, click -> reply with passes, worst",
                        round(sum(passing[-1].waits), 2),
                        f"s over {len(passing)} turns: " + described(passing[-1]),
                    )
                ]
                if passing
                else []
            ),
            (
                f"{name}, worst",
                round(ordered[-1], 2),
                f"s = {ordered[-1] / budget:.2f} x the {budget:g} s budget (goal <= 1.5)",
            ),
            (
                f"{tab.engine}: {game}, page memory after game 1 -> game {games}",
                round(memory[-1] - memory[0]),
                "MB more (" + ", ".join(f"{mb:.0f}" for mb in memory) + " MB; goal <= 30)",
            ),
            (
                f"{tab.engine}: {game}, the workers' WebAssembly memory after game 1 -> game {games}",
                round(heap_mb(heaps[-1]) - heap_mb(heaps[0])),
                "MB more ("
                + ", ".join(f"{heap_mb(h):.0f}" for h in heaps)
                + " MB: rules + search)",
            ),
        ]
    return out


def rows() -> list[Row]:
    require_dist()
    from playwright.sync_api import sync_playwright

    games = int(os.environ.get("FLIPSIDE_REPLY_GAMES", "5"))
    engines = os.environ.get("FLIPSIDE_REPLY_ENGINES", ",".join(ENGINES)).split(",")
    visit = os.environ.get("FLIPSIDE_REPLY_VISIT", "second")
    out: list[Row] = []
    with sync_playwright() as pw, x_display() as display, static_server(DIST) as origin:
        for engine in engines:
            with ExitStack() as stack:
                tab = fresh_tab(stack, pw, display, engine)
                out += engine_rows(tab, origin, games, visit)
    return out


if __name__ == "__main__":
    print_rows(rows())
