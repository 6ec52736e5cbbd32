"""FFO #20-#39 exact solves inside headless Chromium's engine worker, next to native CPython.

``rows()`` returns ``(name, value, unit/note)`` tuples for the bench table (``./build.sh
bench``; ``dist/`` must be built); run the file to print them. Through the page's own facade
(``window.flipside.engine.call("solve", ...)``: the exact score and every best move, seconds
timed inside Python, fresh solver each) and natively through the same facade call first, for
the ratio. The positions are those of ``tests/data/ffo-20-39.tsv`` up to
``FLIPSIDE_FFO_BROWSER_LAST`` (default 30: #20-#30, a few minutes in all; the larger ones
take many minutes each in the page).
"""

from __future__ import annotations

import os
from typing import Any

from flipside import facade as web
from tools import ROOT
from tools.bench.page import chromium_page, require_dist
from tools.bench.table import Row, print_rows

FFO_20_39 = ROOT / "tests" / "data" / "ffo-20-39.tsv"
LAST = int(os.environ.get("FLIPSIDE_FFO_BROWSER_LAST", "30"))


def positions() -> list[tuple[str, str, int, set[str], int]]:
    """(id, position, score, best moves, empties) of FFO #20 up to ``LAST``."""
    out = []
    for line in FFO_20_39.read_text().splitlines()[1:]:
        ident, board64, side, empties, score, best = line.split("\t")[:6]
        if int(ident[3:]) <= LAST:
            out.append(
                (ident[3:], f"{board64} {side}", int(score), set(best.split(",")), int(empties))
            )
    return out


def rows() -> list[Row]:
    require_dist()
    chosen = positions()
    native: list[dict[str, Any]] = [web.solve(position) for _, position, *_ in chosen]
    timed = """async (args) => {
        const start = performance.now();
        const answer = await window.flipside.engine.call(args[0], args[1]);
        return [performance.now() - start, answer];
    }"""
    with chromium_page() as page:
        call = "(args) => window.flipside.engine.call(args[0], args[1])"
        small = ["solve", {"position": chosen[0][1]}]  # FFO #20: 6 empties, 64 nodes
        first_ms, _ = page.evaluate(timed, small)  # installs the AI's files, imports it
        again_ms, _ = page.evaluate(timed, small)
        opening = ["think", {"record": "othello/f5", "level": 6}]  # a book move
        book_ms, book_answer = page.evaluate(timed, opening)  # reads the book
        book_again_ms, _ = page.evaluate(timed, opening)
        browser = [page.evaluate(call, ["solve", {"position": p}]) for _, p, *_ in chosen]
    out: list[Row] = [
        (
            "othello first AI call Chromium",
            round(first_ms / 1000, 2),
            (
                "s (files installed, the AI imported, weights read); the same call again "
                f"{again_ms / 1000:.3f} s"
            ),
        ),
        (
            "othello first book move Chromium",
            round(book_ms / 1000, 2),
            (
                f"s (the book read: {book_answer.get('book')}); the same call again "
                f"{book_again_ms / 1000:.3f} s"
            ),
        ),
    ]
    for (ident, _, score, best, empties), mine, got in zip(chosen, native, browser, strict=True):
        ok = got["score"] == score and set(got["best"]) == best and got["nodes"] == mine["nodes"]
        out.append(
            (
                f"othello FFO #{ident} ({empties} empties) Chromium",
                round(got["seconds"], 2),
                f"s, {got['nodes']:,} nodes; native {mine['seconds']:.2f} s "
                f"({got['seconds'] / max(mine['seconds'], 1e-9):.1f}x)" + ("" if ok else " WRONG"),
            )
        )
    chromium_total = sum(g["seconds"] for g in browser)
    native_total = sum(n["seconds"] for n in native)
    out.append(
        (
            f"othello FFO #20-#{LAST} total Chromium",
            round(chromium_total, 1),
            f"s; native {native_total:.1f} s in this run ({chromium_total / native_total:.1f}x)",
        )
    )
    return out


if __name__ == "__main__":
    print_rows(rows())
