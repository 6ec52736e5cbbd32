"""Othello's top level in the page with 1 and with 2 search workers (issue 56), headless
Chromium: the mean finished depth at level 6's budget over ``POSITIONS`` middle games.

The page is cross-origin isolated from its second visit (its service worker adds the
headers), so with 2 workers both search each move on one shared table (``pool.js``,
``share``). The positions are ``POSITIONS`` games of the 1980 WTHOR file cut after 20 to 36
moves, each searched once per setting: 1 worker (the search worker's own table), then 2
(the shared table, which no 1-worker search fills). Each search is asked as the page asks
the computer's move (``pool.search("think", ..., {share: true})``), one after the other.

``rows()`` returns ``(name, value, unit/note)`` tuples for the bench table (``./build.sh
bench``; ``dist/`` must be built); run the file to print them.
"""

from __future__ import annotations

import statistics
from typing import Any

from tools import DIST
from tools.bench.page import require_dist, static_server, wait_ready
from tools.bench.sections.pool import until, workers
from tools.bench.sections.review import WTHOR
from tools.bench.table import Row, print_rows
from tools.browsers import CHROMIUM, CHROMIUM_ARGS, VIEWPORT

POSITIONS = 30
LEVEL = "6"

THINK = """async (record) => {
    const began = performance.now();
    const answer = await window.flipside.pool.search("think", { record, level: "6" }, null,
        { game: "othello", level: "6", share: true });
    const seconds = (performance.now() - began) / 1000;
    return { depth: answer.depth, workers: answer.workers ?? 1, nodes: answer.nodes,
             helper: (answer.worker ?? 0) > 0, book: !!answer.book, seconds };
}"""
"""The computer's move at level 6 as the page asks it, and what the answer says."""

CONTROLLED = """async () => {
    while (!navigator.serviceWorker.controller) await new Promise((r) => setTimeout(r, 50));
}"""


def positions() -> list[str]:
    """``POSITIONS`` records: WTHOR 1980's games cut after 20, 24, ... 36 moves in turn."""
    from flipside.review_cli import read_game

    out = []
    for number in range(1, POSITIONS + 1):
        game, moves = read_game(str(WTHOR), "othello", number).split("/", 1)
        plies = 20 + 4 * (number % 5)
        out.append(f"{game}/{moves[: 2 * plies]}")
    return out


def searched(page: Any, records: list[str]) -> list[dict[str, Any]]:
    return [page.evaluate(THINK, record) for record in records]


def rows() -> list[Row]:
    require_dist()
    from playwright.sync_api import sync_playwright

    records = positions()
    with static_server(DIST) as origin, sync_playwright() as pw:
        browser: Any = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            page = browser.new_context(viewport=VIEWPORT).new_page()
            page.goto(f"{origin}/")
            wait_ready(page)
            page.evaluate(CONTROLLED)
            page.reload()  # the second visit: served by the service worker, isolated
            wait_ready(page)
            isolated = page.evaluate("self.crossOriginIsolated")
            workers(page, "1")
            until(page, "window.flipside.snapshot().searchReady", 120)
            one = searched(page, records)
            workers(page, "2")
            page.evaluate("window.flipside.pool.grow('othello', '6')")
            until(page, "window.flipside.snapshot().pool.warmed === 2", 120)
            two = searched(page, records)
            heaps = page.evaluate("window.flipside.snapshot().pool.heaps")
        finally:
            browser.close()
    depth_one = statistics.mean(r["depth"] for r in one)
    depth_two = statistics.mean(r["depth"] for r in two)
    pairs = list(zip(one, two, strict=True))
    deeper = sum(b["depth"] > a["depth"] for a, b in pairs)
    shallower = sum(b["depth"] < a["depth"] for a, b in pairs)
    shared = sum(r["workers"] == 2 for r in two)

    def rate(found: list[dict[str, Any]]) -> float:
        return sum(r["nodes"] for r in found) / sum(r["seconds"] for r in found)

    name = f"Chromium: Othello level {LEVEL}'s move, {POSITIONS} middle games"
    return [
        (
            f"{name}, 1 worker",
            round(depth_one, 2),
            (
                f"plies finished, mean (mean {statistics.mean(r['seconds'] for r in one):.2f} s, "
                f"{rate(one):,.0f} nodes a second)"
            ),
        ),
        (
            f"{name}, 2 workers",
            round(depth_two, 2),
            (
                f"plies, {depth_two - depth_one:+.2f} against 1 worker (goal +0.5); "
                f"{deeper} deeper, {shallower} shallower; {shared} of {POSITIONS} shared "
                f"by both workers (isolated: {isolated}), {sum(r['helper'] for r in two)} "
                f"answered by the helper; mean {statistics.mean(r['seconds'] for r in two):.2f} s, "
                f"{rate(two):,.0f} nodes a second by both; the workers' WebAssembly memory "
                f"{' + '.join(str(round(h / 2**20)) for h in heaps if h)} MB, the shared table "
                "4.06 MiB"
            ),
        ),
    ]


if __name__ == "__main__":
    print_rows(rows())
