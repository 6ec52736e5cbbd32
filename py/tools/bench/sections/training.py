"""Training (issue 55) in headless Chromium: the Training view with 5,000 cards.

5,000 mistake cards (a third of them due, the rest spread over the next weeks) and 5,000
answers are written into the library's IndexedDB in the page; then the Training view is
opened OPENS times (its bundle is loaded by the first open): the time from the click to the
decks painted (``training.timings``: counts read by index, no card read), and to the end of
the open (the reviews swept for new cards, every card and answer read for the figures). The goal: the decks painted within 200 ms.
"""

from __future__ import annotations

import time
from typing import Any

from tools import DIST
from tools.bench.page import require_dist, static_server, wait_ready
from tools.bench.table import Row
from tools.browsers import CHROMIUM, CHROMIUM_ARGS, VIEWPORT

CARDS = 5_000
GOAL_MS = 200
OPENS = 5
DAY_MS = 86_400_000


def cards(count: int) -> list[dict[str, Any]]:
    """``count`` mistake cards of one position, a third due now."""
    now = int(time.time() * 1000)
    out = []
    for i in range(count):
        due = now - 60_000 if i % 3 == 0 else now + (i % 40 + 1) * DAY_MS
        out.append(
            {
                "v": 1,
                "id": f"mistake:bench{i}:{i % 60}",
                "deck": "mistakes",
                "game": "othello",
                "created": now - DAY_MS,
                "due": due,
                "schedule": None
                if i % 3 == 0
                else {
                    "due": due,
                    "stability": 5.0,
                    "difficulty": 5.0,
                    "elapsed_days": 1,
                    "scheduled_days": 5,
                    "learning_steps": 0,
                    "reps": 2,
                    "lapses": 0,
                    "state": 2,
                    "last_review": now - DAY_MS,
                },
                "record": "othello/f5d6c3",
                "source": f"bench{i}",
                "ply": 3,
                "move": "d3",
                "by": "white",
                "mark": "blunder",
                "loss": 10,
                "best": "f4",
                "bestValue": 2,
                "value": -8,
                "exact": False,
                "accepted": ["f4"],
                "values": None,
                "unit": "discs",
            }
        )
    return out


STORE = """async ([cards, answers]) => {
  const db = await new Promise((ok, fail) => { const r = indexedDB.open('flipside'); r.onsuccess = () => ok(r.result); r.onerror = fail; });
  await new Promise((ok, fail) => { const tx = db.transaction(['cards', 'answers', 'meta'], 'readwrite');
    for (const c of cards) tx.objectStore('cards').put(c);
    for (const a of answers) tx.objectStore('answers').put(a);
    tx.oncomplete = ok; tx.onerror = fail; });
  db.close();
}"""

OPEN = """async () => {
  const clicked = performance.now();
  document.getElementById('training-open').click();
  for (;;) { const t = window.flipside.snapshot().training;
    if (t?.open && t.timings.swept > clicked && t.stats) return { ...t, clicked };
    await new Promise((r) => setTimeout(r, 10)); }
}"""


def rows() -> list[Row]:
    from playwright.sync_api import sync_playwright

    require_dist()
    made = cards(CARDS)
    now = int(time.time() * 1000)
    answers = [
        {"at": now - i * 3_600_000, "card": made[i]["id"], "deck": "mistakes", "rating": 3}
        for i in range(CARDS)
    ]
    out: list[Row] = []
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        with static_server(DIST) as origin:
            page = browser.new_context(viewport=VIEWPORT).new_page()
            page.goto(origin + "/")
            wait_ready(page)
            page.evaluate(
                "async () => { while (!window.flipside.snapshot().library)"
                " await new Promise((r) => setTimeout(r, 20)); }"
            )
            for start in range(0, CARDS, 1000):
                page.evaluate(STORE, [made[start : start + 1000], answers[start : start + 1000]])
            opens = []
            for _ in range(OPENS):
                t = page.evaluate(OPEN)
                due = t["counts"]["mistakes"]["due"]
                assert due == (CARDS + 2) // 3, t["counts"]
                timings = t["timings"]
                opens.append((timings["painted"] - t["clicked"], timings["swept"] - t["clicked"]))
                page.click("#training-close")
            later = sorted(opens[1:])[len(opens) // 2 - 1]
            name = f"Training view, {CARDS:,} cards:"
            out += [
                (
                    f"{name} decks painted, first open",
                    round(opens[0][0]),
                    f"ms (goal <= {GOAL_MS})",
                ),
                (f"{name} decks painted, later opens", round(later[0]), "ms (median)"),
                (f"{name} every card and answer read, first open", round(opens[0][1]), "ms"),
                (
                    f"{name} every card and answer read, later opens",
                    round(sorted(o[1] for o in opens[1:])[len(opens) // 2 - 1]),
                    "ms (median)",
                ),
            ]
            page.context.close()
        browser.close()
    return out
