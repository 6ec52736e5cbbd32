"""Othello AI inside headless Chromium's engine worker, next to native CPython in the same run.

``rows()`` returns ``(name, value, unit/note)`` tuples for the bench table (``./build.sh
bench``; ``dist/`` must be built); run the file to print them. Through the page's own
facade (``window.flipside.engine.call``), against ``dist/`` served on 127.0.0.1:

- FFO #1-#19 exact solves (``othello_solve``: score, best moves, nodes, seconds timed
  inside Python, fresh solver each), the answer checked against the file;
- midgame speed: ``othello_think`` at level 5 (a fixed depth-6 search, no noise, no time
  limit reached) on the four seeded positions of the ``othello_ai`` section; nodes /
  seconds; and the same per game stage, on the positions of ``tools.bench.othello_profile``
  (three after each of 12, 20, 28, 36 and 44 moves).

The same facade calls run natively in this process first; the ratio is Chromium / native.
"""

from __future__ import annotations

from typing import Any

from flipside import facade as web
from tools.bench.othello_profile import STAGES, midgame_boards
from tools.bench.page import chromium_page, require_dist
from tools.bench.sections.othello_ai import FFO, MIDGAME_PLIES, midgame_board
from tools.bench.table import Row, print_rows

MIDGAME_LEVEL = 5  # depth 6, no noise: the same tree natively and in the browser
MIDGAME_SECONDS = 60.0  # a budget never reached: the depth limit ends the search


def ffo_positions() -> list[tuple[str, str, int, set[str], int]]:
    """(id, position, score, best moves, empties) of FFO #1-#19."""
    out = []
    for line in FFO.read_text().splitlines()[1:]:
        ident, board64, side, empties, score, best = line.split("\t")[:6]
        out.append((ident[3:], f"{board64} {side}", int(score), set(best.split(",")), int(empties)))
    return out


def midgame_transcripts() -> list[str]:
    return [midgame_board(plies).transcript() for plies in MIDGAME_PLIES]


def stage_transcripts() -> dict[int, list[str]]:
    return {plies: [board.transcript() for board in midgame_boards(plies)] for plies in STAGES}


def rate(thinks: list[dict[str, Any]]) -> float:
    return sum(int(t["nodes"]) for t in thinks) / sum(float(t["seconds"]) for t in thinks)


def think_params(transcript: str) -> dict[str, Any]:
    return {"record": "othello/" + transcript, "level": MIDGAME_LEVEL, "seconds": MIDGAME_SECONDS}


def rows() -> list[Row]:
    require_dist()
    positions = ffo_positions()
    native_solves = [web.solve(position) for _, position, *_ in positions]
    native_thinks = [web.think(**think_params(t)) for t in midgame_transcripts()]
    stages = stage_transcripts()
    native_stages = {
        plies: [web.think(**think_params(t)) for t in ts] for plies, ts in stages.items()
    }

    with chromium_page() as page:
        call = "(args) => window.flipside.engine.call(args[0], args[1])"
        page.evaluate(call, ["solve", {"position": positions[-1][1]}])  # warm-up
        browser_solves = [
            page.evaluate(call, ["solve", {"position": position}]) for _, position, *_ in positions
        ]
        browser_thinks = [
            page.evaluate(call, ["think", think_params(t)]) for t in midgame_transcripts()
        ]
        browser_stages = {
            plies: [page.evaluate(call, ["think", think_params(t)]) for t in ts]
            for plies, ts in stages.items()
        }

    out: list[Row] = []
    for (ident, _, score, best, empties), native, got in zip(
        positions, native_solves, browser_solves, strict=True
    ):
        ok = got["score"] == score and set(got["best"]) == best and got["nodes"] == native["nodes"]
        out.append(
            (
                f"othello FFO #{ident} ({empties} empties) Chromium",
                round(got["seconds"], 2),
                f"s, {got['nodes']:,} nodes, {got['nodes'] / got['seconds']:,.0f} nodes/s; "
                f"native {native['seconds']:.2f} s ({got['seconds'] / native['seconds']:.1f}x)"
                + ("" if ok else " WRONG"),
            )
        )
    chromium_total = sum(g["seconds"] for g in browser_solves)
    native_total = sum(n["seconds"] for n in native_solves)
    out.append(
        (
            "othello FFO #1-#19 total Chromium",
            round(chromium_total, 1),
            f"s; native {native_total:.1f} s in this run ({chromium_total / native_total:.1f}x)",
        )
    )
    native_rate = sum(int(t["nodes"]) for t in native_thinks) / sum(
        float(t["seconds"]) for t in native_thinks
    )
    chromium_rate = sum(int(t["nodes"]) for t in browser_thinks) / sum(
        float(t["seconds"]) for t in browser_thinks
    )
    same = [n["nodes"] for n in native_thinks] == [b["nodes"] for b in browser_thinks]
    out.append(("othello midgame nodes/s native", round(native_rate), "depth 6, 4 positions"))
    out.append(
        (
            "othello midgame nodes/s Chromium worker",
            round(chromium_rate),
            f"({native_rate / chromium_rate:.1f}x slower than native"
            + ("; same trees)" if same else "; node counts differ!)"),
        )
    )
    for plies in STAGES:
        native, chromium = rate(native_stages[plies]), rate(browser_stages[plies])
        out.append(
            (
                f"othello midgame after {plies} moves, nodes/s Chromium",
                round(chromium),
                f"depth 6, 3 positions; native {native:,.0f} ({native / chromium:.1f}x)",
            )
        )
    return out


if __name__ == "__main__":
    print_rows(rows())
