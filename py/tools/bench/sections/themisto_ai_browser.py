"""The Themisto AI natively and inside headless Chromium's search worker, in one run.

``rows()`` returns ``(name, value, unit/note)`` tuples for the bench table (``./build.sh
bench``; ``dist/`` must be built); run the file to print them. Through the page's own facade
(``window.flipside.engine.call``), against ``dist/`` served on 127.0.0.1:

- speed: ``themisto_hints`` at level 3 (a value for every move at depth 2, no noise, a budget
  never reached, so the same tree natively and in the browser) on a few early positions;
  nodes / seconds;
- the top level in the page: a game of the top level against itself from each opening, each
  move timed around the call as the page sees it (budget 2.4 s in the browser).
"""

from __future__ import annotations

import statistics
import time
from typing import Any

from flipside import facade as web
from tools.bench.page import chromium_page, require_dist
from tools.bench.table import Row, print_rows

OPENINGS = ["themisto/a1-b2", "themisto/b1-b4,g8-g6", "themisto/a1-b2,a7-b6"]
SPEED_LEVEL = 3  # hints: depth 2, every move's value, no noise: the same tree everywhere
SPEED_SECONDS = 60.0  # never reached
GAME_PLIES = 12  # top-level moves timed per opening


def rows() -> list[Row]:
    require_dist()
    params = [{"record": r, "level": SPEED_LEVEL, "seconds": SPEED_SECONDS} for r in OPENINGS]
    native = [web.hints(**p) for p in params]
    with chromium_page() as page:
        call = "(args) => window.flipside.engine.call(args[0], args[1])"
        page.evaluate(call, ["hints", params[0]])  # warm-up: the engine's import
        chromium = [page.evaluate(call, ["hints", p]) for p in params]
        moves = [m for record in OPENINGS for m in _top_level_game(page, record)]
        times = [t for t, _ in moves]
        depths = [d for _, d in moves]

    def rate(answers: list[dict[str, Any]]) -> float:
        return sum(int(a["nodes"]) for a in answers) / sum(float(a["seconds"]) for a in answers)

    same = [a["nodes"] for a in native] == [a["nodes"] for a in chromium]
    return [
        (
            "themisto nodes/s native",
            round(rate(native)),
            f"hints: depth 2, {len(OPENINGS)} positions",
        ),
        (
            "themisto nodes/s Chromium worker",
            round(rate(chromium)),
            f"({rate(native) / rate(chromium):.1f}x slower than native"
            + ("; same trees)" if same else "; node counts differ!)"),
        ),
        (
            "themisto top level, a move in Chromium",
            round(statistics.mean(times), 2),
            f"s mean of {len(times)} moves, max {max(times):.2f} s (budget 2.4 s)",
        ),
        (
            "themisto top level, depth in Chromium",
            round(statistics.mean(depths), 2),
            "mean finished depth of those moves, "
            + ", ".join(f"{depths.count(d)} x {d}" for d in sorted(set(depths))),
        ),
    ]


def _top_level_game(page: Any, record: str) -> list[tuple[float, int]]:
    """(seconds, finished depth) per move (wall, as the page waits) of the top level against
    itself."""
    times = []
    for _ in range(GAME_PLIES):
        state = web.state(record)
        if state["over"]:
            break
        start = time.perf_counter()
        answer = page.evaluate(
            "(args) => window.flipside.engine.call(args[0], args[1])",
            ["think", {"record": record, "level": "max"}],
        )
        times.append((time.perf_counter() - start, int(answer["depth"])))
        record = web.play(record, answer["move"])["record"]
    return times


if __name__ == "__main__":
    print_rows(rows())
