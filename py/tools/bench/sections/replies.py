"""Quick replies (issue 29): whole games against each game's top level in a real page, in
each browser engine, timed as a person waits: from the move submitted to the computer's
reply drawn (the person to move again, nothing animating).

The person's moves are a weak native level's (``PERSON_LEVEL``, seeded: the same games each
run), typed into the move box. Per engine and game: the median, 95th percentile and worst wait, and the worst
over the level's page budget (the issue's goal: at most 1.5). Memory: the resident memory of
the browser's processes after the first game and after the last (the goal: at most 30 MB
more over the next four games).

``FLIPSIDE_REPLY_GAMES`` (default 5) and ``FLIPSIDE_REPLY_ENGINES`` (default all three,
comma-separated) shorten a run. ``rows()`` returns ``(name, value, unit/note)`` tuples for
the bench table (``./build.sh bench``; ``dist/`` must be built); run the file to print them.
"""

from __future__ import annotations

import os
import statistics
from contextlib import ExitStack
from pathlib import Path

from flipside import facade
from flipside.othello.ai.engine import LEVELS as OTHELLO_LEVELS
from flipside.themisto.ai.ladder import LEVELS as THEMISTO_LEVELS
from tools import DIST
from tools.bench.page import require_dist, static_server
from tools.bench.table import Row, print_rows
from tools.browsers import (
    ENGINES,
    VIEWPORT,
    PlaywrightTab,
    Tab,
    launch_playwright,
    webkit_tab,
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
PAGE_SLOWDOWN = 2.0
"""The page's budget is the native one times this (``flipside.checks.PAGE_SLOWDOWN`` inside
Pyodide)."""
PROCESS_NAMES = {
    "chromium": ("chromium",),
    "firefox": ("firefox", "Web Content", "Isolated Web Co", "WebExtensions", "RDD Process"),
    "webkit": ("WebKitWebProces", "WebKitNetworkPr", "MiniBrowser", "WebKitGPUProces"),
}

TURN = """(async () => {
    const [move, person] = arg;
    const before = window.flipside.snapshot().moves.length;
    document.getElementById('move-input').value = move;
    const start = performance.now();
    document.getElementById('move-form').requestSubmit();
    for (;;) {
        await new Promise((r) => setTimeout(r, 20));
        const s = window.flipside.snapshot();
        if (s.moves.length > before && !s.busy && !s.thinking && (s.over || s.toMove === person)) {
            return { ms: performance.now() - start, replied: s.moves.length > before + 1, over: s.over,
                     record: s.record };
        }
        if (performance.now() - start > 60000) return { ms: null, record: s.record };
    }
})()"""


def resident_mb(engine: str) -> float:
    """The resident memory of the engine's browser processes, in MB (from /proc)."""
    names = PROCESS_NAMES[engine]
    total = 0
    for status in Path("/proc").glob("[0-9]*/status"):
        try:
            fields = dict(
                line.split(":", 1) for line in status.read_text().splitlines() if ":" in line
            )
        except OSError:
            continue
        if fields.get("Name", "").strip().startswith(names):
            total += int(fields.get("VmRSS", "0 kB").split()[0])
    return total / 1024


def play_game(tab: Tab, origin: str, game: str, seed: int) -> list[float]:
    """One whole game against the top level; the seconds of each reply."""
    person, computer, top, _ = GAMES[game]
    tab.goto("about:blank")
    tab.goto(f"{origin}/#{game}/")
    tab.wait_until("window.flipside !== undefined", 120)
    tab.evaluate("window.flipside.ready.then(() => true)")
    tab.wait_until("window.flipside.snapshot().searchReady", 120)
    tab.choose("#level", str(top))
    tab.choose("#computer", computer)
    waits: list[float] = []
    record = str(tab.evaluate("window.flipside.snapshot().record"))
    for turn in range(400):
        move = facade.think(record, PERSON_LEVEL[game], None, seed * 1000 + turn)["move"]
        answer = tab.evaluate(TURN, [move, person])
        if answer["ms"] is None:
            raise AssertionError(f"{tab.engine}: no reply within a minute in {answer['record']}")
        record = answer["record"]
        if answer["replied"]:
            waits.append(answer["ms"] / 1000)
        if answer["over"]:
            break
    return waits


def engine_rows(tab: Tab, origin: str, games: int) -> list[Row]:
    out: list[Row] = []
    for game, (_, _, top, seconds) in GAMES.items():
        waits: list[float] = []
        memory = []
        for seed in range(1, games + 1):
            waits += play_game(tab, origin, game, seed)
            memory.append(resident_mb(tab.engine))
        budget = seconds * PAGE_SLOWDOWN
        ordered = sorted(waits)
        p95 = ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]
        name = f"{tab.engine}: {game} level {top}, {games} games, {len(waits)} replies"
        out += [
            (
                f"{name}, median wait",
                round(statistics.median(waits), 2),
                "s from the move to the reply drawn",
            ),
            (f"{name}, 95th percentile", round(p95, 2), "s"),
            (
                f"{name}, worst",
                round(ordered[-1], 2),
                f"s = {ordered[-1] / budget:.2f} x the {budget:g} s budget (goal <= 1.5)",
            ),
            (
                f"{tab.engine}: {game}, browser memory after game 1 -> game {games}",
                round(memory[-1] - memory[0]),
                f"MB more ({memory[0]:.0f} -> {memory[-1]:.0f}; goal <= 30)",
            ),
        ]
    return out


def rows() -> list[Row]:
    require_dist()
    from playwright.sync_api import sync_playwright

    games = int(os.environ.get("FLIPSIDE_REPLY_GAMES", "5"))
    engines = os.environ.get("FLIPSIDE_REPLY_ENGINES", ",".join(ENGINES)).split(",")
    out: list[Row] = []
    with sync_playwright() as pw, x_display() as display, static_server(DIST) as origin:
        for engine in engines:
            with ExitStack() as stack:
                if engine == "webkit":
                    tab: Tab = stack.enter_context(webkit_tab(display))
                else:
                    browser = launch_playwright(pw, engine)
                    stack.callback(browser.close)
                    tab = PlaywrightTab(engine, browser.new_context(viewport=VIEWPORT))
                out += engine_rows(tab, origin, games)
    return out


if __name__ == "__main__":
    print_rows(rows())
