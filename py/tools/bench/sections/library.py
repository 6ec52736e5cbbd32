"""The game library (issue 38) in headless Chromium: the Games view with 1,000 and 10,000
stored games, an import of a 10,000-game GGF file, and the storage a game takes.

The games are WTHOR tournament games (1,000 or 10,000 of the 2004–2015 files), stored as
the page stores a finished game of two players (entries written into IndexedDB in the
page, in chunks). For each size, in a fresh origin: the time from the click on Games to the
first rows painted and to every game read (``library.timings``), and the page's JavaScript
heap before and after (Chrome DevTools Protocol, ``Performance.getMetrics``). The import
reads a GGF file of 10,000 games through the Games view's import (Python reads and checks
every game, the page stores them): seconds from the file given to the status said. Storage:
``navigator.storage.estimate()`` before and after 10,000 games, per game.
"""

from __future__ import annotations

import time
from typing import Any

from flipside import library as flipside_library
from flipside.othello import wthor
from flipside.record import Record
from tools import DIST, ROOT
from tools.bench.page import require_dist, static_server, wait_ready
from tools.bench.table import Row, print_rows
from tools.browsers import CHROMIUM, CHROMIUM_ARGS, VIEWPORT

WTHOR = ROOT.parent / "shared" / "data" / "wthor"
SIZES = (1_000, 10_000)
GOAL_MS = 200
OPENS = 5
"""The view is opened this many times in each page: the first open, then the median of the
others."""


def tournament_games(count: int) -> list[dict[str, Any]]:
    """``count`` WTHOR games as (record, moves, score), newest files first."""
    out: list[dict[str, Any]] = []
    for path in sorted(WTHOR.glob("WTH_*.wtb"), reverse=True):
        header, games = wthor.parse_wthor(path.read_bytes())
        for game in games:
            moves = game.transcript()
            if len(moves) < 120:
                continue  # stopped early: not a whole game
            black = game.black_score
            out.append(
                {
                    "record": Record("othello", moves).text(),
                    "score": [black, 64 - black],
                    "year": header.year,
                }
            )
            if len(out) == count:
                return out
    return out


def entries(games: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The games as the page stores a finished game of two players."""
    now = int(time.time() * 1000)
    out = []
    for i, g in enumerate(games):
        black, white = g["score"]
        winner = "black" if black > white else "white" if white > black else None
        started = now - i * 60_000
        out.append(
            {
                "id": f"bench{i}",
                "v": 1,
                "game": "othello",
                "record": g["record"],
                "sides": ["black", "white"],
                "source": "import",
                "started": started,
                "updated": started,
                "ended": started,
                "moves": 60,
                "over": True,
                "result": {"winner": winner, "score": [black, white], "reason": "no moves"},
                "players": {"black": None, "white": None},
                "you": None,
                "opponent": "human",
                "mixed": False,
                "names": None,
                "date": str(g["year"]),
                "place": None,
                "opening": None,
                "accuracy": None,
                "reviewed": False,
                "rev": 1,
            }
        )
    return out


STORE = """async (batch) => {
  const db = await new Promise((ok, fail) => { const r = indexedDB.open('flipside'); r.onsuccess = () => ok(r.result); r.onerror = fail; });
  await new Promise((ok, fail) => { const tx = db.transaction('games', 'readwrite');
    for (const e of batch) tx.objectStore('games').put(e); tx.oncomplete = ok; tx.onerror = fail; });
  db.close();
}"""


def heap_mb(cdp: Any) -> float:
    metrics = {m["name"]: m["value"] for m in cdp.send("Performance.getMetrics")["metrics"]}
    return float(metrics["JSHeapUsedSize"]) / 1e6


def usage(page: Any) -> int:
    return int(page.evaluate("navigator.storage.estimate().then((e) => e.usage)"))


def fresh_page(browser: Any, origin: str) -> Any:
    page = browser.new_context(viewport=VIEWPORT).new_page()
    page.goto(origin + "/")
    wait_ready(page)
    page.evaluate("window.flipside.snapshot()")
    page.evaluate(
        "async () => { while (!window.flipside.snapshot().library) await new Promise((r) => setTimeout(r, 20)); }"
    )
    return page


def open_view(page: Any) -> dict[str, Any]:
    page.click("#games")
    page.evaluate(
        "async () => { for (;;) { const l = window.flipside.snapshot().library;"
        " if (l?.open && l.complete) return; await new Promise((r) => setTimeout(r, 10)); } }"
    )
    return page.evaluate("window.flipside.snapshot().library")  # type: ignore[no-any-return]


def rows() -> list[Row]:
    from playwright.sync_api import sync_playwright

    require_dist()
    games = tournament_games(max(SIZES))
    stored = entries(games)
    out: list[Row] = []
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            for size in SIZES:
                with static_server(DIST) as origin:
                    page = fresh_page(browser, origin)
                    before = usage(page)
                    for start in range(0, size, 1000):
                        page.evaluate(STORE, stored[start : start + 1000])
                    per_game = (usage(page) - before) / size
                    cdp = page.context.new_cdp_session(page)
                    cdp.send("Performance.enable")
                    page.evaluate("window.gc?.()")
                    heap_before = heap_mb(cdp)
                    opens, heap_after = [], heap_before
                    for _ in range(OPENS):
                        view = open_view(page)
                        assert view["count"].startswith(f"{size:,} games"), view["count"]
                        t = view["timings"]
                        opens.append((t["painted"] - t["opened"], t["complete"] - t["opened"]))
                        if len(opens) == 1:
                            heap_after = heap_mb(cdp)
                        page.click("#library-close")
                    later = sorted(opens[1:])[len(opens) // 2 - 1]
                    name = f"Games view, {size:,} games:"
                    out += [
                        (
                            f"{name} first rows, first open",
                            round(opens[0][0]),
                            f"ms (goal <= {GOAL_MS})",
                        ),
                        (f"{name} first rows, later opens", round(later[0]), "ms (median)"),
                        (f"{name} every game read, first open", round(opens[0][1]), "ms"),
                        (f"{name} JS heap grown", round(heap_after - heap_before, 1), "MB"),
                    ]
                    if size == max(SIZES):
                        out.append(
                            (
                                "storage per stored game",
                                round(per_game),
                                "bytes (navigator.storage.estimate)",
                            )
                        )
                    page.context.close()
            text = flipside_library.export_games([{"record": g["record"]} for g in games])["ggf"]
            with static_server(DIST) as origin:
                page = fresh_page(browser, origin)
                open_view(page)
                begun = time.perf_counter()
                page.evaluate(
                    "(text) => { const input = document.getElementById('library-import');"
                    " const files = new DataTransfer(); files.items.add(new File([text], 'games.ggf'));"
                    " input.files = files.files; input.dispatchEvent(new Event('change', { bubbles: true })); }",
                    text,
                )
                page.evaluate(
                    "async () => { while (!/Added|could not|unchanged/.test(window.flipside.snapshot().library.status))"
                    " await new Promise((r) => setTimeout(r, 50)); }"
                )
                seconds = time.perf_counter() - begun
                status = page.evaluate("window.flipside.snapshot().library.status")
                unique = len({g["record"] for g in games})  # a few tournament games are alike
                assert status.startswith(f"Added {unique:,} games"), status
                out.append(
                    (
                        f"import of a {len(games):,}-game GGF file ({len(text) / 1e6:.1f} MB)",
                        round(seconds, 1),
                        "s",
                    )
                )
                page.context.close()
        finally:
            browser.close()
    return out


if __name__ == "__main__":
    print_rows(rows())
