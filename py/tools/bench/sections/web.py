"""The first section of the bench table: the web build (``dist/`` must be built).

- Othello perft(9) natively, inside Pyodide under Node, and inside Chromium's worker, with
  the ratio to native (the time is taken inside Python, so it excludes start-up);
- navigation to board drawn and to engine ready, cold (fresh browser profile) and from the
  service worker cache (second visit), in headless Chromium against 127.0.0.1;
- a click on a legal square to the move drawn (the first animation frame with the new disc,
  drawn on the canvas: the page's own ``timings.lastMove``), and to the next frame after it
  (``FRAME_HOOK``: the page's layout and paint of the new move included), for the first
  click right after ready and for later ones.
"""

from __future__ import annotations

import json
import statistics
import subprocess

from tools import DIST, ROOT
from tools.bench.page import click_square, require_dist, static_server, wait_ready
from tools.bench.table import Row
from tools.browsers import CHROMIUM, CHROMIUM_ARGS

PERFT_DEPTH = 9
PAGE_SAMPLES = 10
"""Cold starts: each gives a first click after ready (five gave medians 1.2-1.7x apart)."""
CLICKS = 12
# Installed in the page before a click: from each pointerdown (its event's own time, so the
# page's earlier listeners count too) to the first frame after the move list grew (a
# requestAnimationFrame callback runs before the frame's layout and paint; a timeout from
# it runs once they are done), in window.__frames.
FRAME_HOOK = """() => {
    window.__frames = [];
    let down = null;
    addEventListener("pointerdown", (event) => { down = event.timeStamp; }, true);
    new MutationObserver((changes) => {
        if (down === null || !changes.some((c) => c.addedNodes.length)) return;
        const since = down;
        down = null;
        requestAnimationFrame(() => setTimeout(() => window.__frames.push(performance.now() - since)));
    }).observe(document.getElementById("moves"), { childList: true });
}"""


# -- perft ---------------------------------------------------------------------------------


def perft_native(depth: int) -> float:
    from flipside.facade import perft as othello_perft

    return float(othello_perft(depth=depth)["seconds"])


def perft_node(depth: int) -> float:
    code = f"import json; from flipside import facade as web; json.dumps(web.perft(depth={depth}))"
    done = subprocess.run(
        ["node", str(ROOT / "tests" / "pyodide" / "run_python.mjs"), code],
        check=True,
        capture_output=True,
        text=True,
    )
    return float(json.loads(done.stdout.strip().splitlines()[-1])["seconds"])


# -- browser -------------------------------------------------------------------------------


def browser_rows(depth: int, native: float) -> list[Row]:
    from playwright.sync_api import sync_playwright

    cold_drawn, cold_ready, warm_drawn, warm_ready, clicks = [], [], [], [], []
    first_clicks: list[float] = []
    first_frames: list[float] = []
    frames: list[float] = []
    perft_seconds = None
    with static_server(DIST) as origin, sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        for sample in range(PAGE_SAMPLES):
            context = browser.new_context(viewport={"width": 1100, "height": 760})
            page = context.new_page()
            page.goto(origin + "/")
            snap = wait_ready(page)
            cold_drawn.append(snap["timings"]["boardDrawn"])
            cold_ready.append(snap["timings"]["engineReady"])
            page.evaluate(FRAME_HOOK)
            # The first click right after `ready`: drawn as fast as any later one?
            click_square(page, snap, snap["legal"][0])
            page.evaluate(
                """async () => {
                    while (window.__frames.length < 1) await new Promise((r) => setTimeout(r, 5));
                }"""
            )
            first_clicks.append(page.evaluate("window.flipside.snapshot().timings.lastMove"))
            first_frames.append(page.evaluate("window.__frames[0]"))
            page.evaluate("navigator.serviceWorker.ready.then(() => true)")
            page.evaluate(
                """async () => {
                    while (!navigator.serviceWorker.controller)
                        await new Promise((r) => setTimeout(r, 20));
                }"""
            )
            for _ in range(2):  # second and third visits: everything from the cache
                again = context.new_page()
                again.goto(origin + "/")
                snap = wait_ready(again)
                warm_drawn.append(snap["timings"]["boardDrawn"])
                warm_ready.append(snap["timings"]["engineReady"])
                again.close()
            if sample == 0:
                page.click("#new-game")
                page.click("#start-game")
                page.wait_for_timeout(300)
                for _ in range(CLICKS):
                    snap = page.evaluate("window.flipside.snapshot()")
                    if not snap["legal"]:
                        break
                    seen = page.evaluate("window.__frames.length")
                    click_square(page, snap, snap["legal"][len(snap["moves"]) % len(snap["legal"])])
                    page.evaluate(
                        f"""async () => {{
                            while (window.__frames.length <= {seen})
                                await new Promise((r) => setTimeout(r, 5));
                        }}"""
                    )
                    clicks.append(page.evaluate("window.flipside.snapshot().timings.lastMove"))
                    frames.append(page.evaluate(f"window.__frames[{seen}]"))
                    page.wait_for_timeout(400)  # let the animation finish
                result = page.evaluate(f"window.flipside.engine.call('perft', {{depth: {depth}}})")
                perft_seconds = float(result["seconds"])
            context.close()
        browser.close()

    def med(values: list[float]) -> float:
        return round(statistics.median(values))

    assert perft_seconds is not None
    return [
        (
            f"othello perft({depth}) Chromium worker",
            round(perft_seconds, 2),
            f"s ({perft_seconds / native:.1f}x native)",
        ),
        ("navigation -> board drawn, cold", med(cold_drawn), "ms (target <= 300)"),
        ("navigation -> engine ready, cold", med(cold_ready), "ms (target <= 3000)"),
        ("navigation -> board drawn, SW cache", med(warm_drawn), "ms (target <= 300)"),
        ("navigation -> engine ready, SW cache", med(warm_ready), "ms (target <= 1500)"),
        (
            "first click after ready -> move drawn",
            round(statistics.median(first_clicks), 1),
            (
                f"ms median of {len(first_clicks)} cold starts, "
                f"max {max(first_clicks):.1f} (target <= 50)"
            ),
        ),
        (
            "click -> move drawn",
            round(statistics.median(clicks), 1),
            f"ms median of {len(clicks)}, max {max(clicks):.1f} (target <= 50)",
        ),
        (
            "first click after ready -> next frame",
            round(statistics.median(first_frames), 1),
            (
                f"ms median of {len(first_frames)}, max {max(first_frames):.1f}; "
                f"{statistics.median(first_frames) / statistics.median(frames):.2f}x a later "
                "click's (target <= 1.5x)"
            ),
        ),
        (
            "click -> next frame",
            round(statistics.median(frames), 1),
            f"ms median of {len(frames)}, max {max(frames):.1f}",
        ),
    ]


def rows() -> list[Row]:
    """perft natively / Node / Chromium, page timings, click latency."""
    require_dist()
    native = perft_native(PERFT_DEPTH)
    node = perft_node(PERFT_DEPTH)
    rows: list[Row] = [
        (f"othello perft({PERFT_DEPTH}) native CPython", round(native, 2), "s (3005288 leaves)"),
        (
            f"othello perft({PERFT_DEPTH}) Pyodide under Node",
            round(node, 2),
            f"s ({node / native:.1f}x native)",
        ),
    ]
    return rows + browser_rows(PERFT_DEPTH, native)
