"""The opening explorer: its data files, what opening it costs, how fast it follows a click.

``dist/`` is served by ``tools.bench.gzip_server`` (it gzips what hosts usually gzip and
counts the bytes it sends). In one headless Chromium, from one run:

- each game's tree file: raw (unpacked) and as shipped (zlib-compressed by the build tool;
  a host does not compress it again);
- the bytes on the wire from the click on Explorer until the panel shows the start's moves,
  for each game (the page ready, the search worker started and the service worker's
  precache done before the click): the tree and whatever else the rules worker asks for;
- a click on one of the explorer's moves to the panel drawn for the new position (the move
  played by the rules worker, then the explorer's answer), after the data is loaded:
  median and worst of ``CLICKS`` clicks; the goal is 100 ms;
- the bytes a first visit fetches before ready (localhost, cold), and whether any of them
  is an explorer file: the explorer must not add to a first visit.

``--dist PATH`` measures another build (an older one has no explorer: only the last row).
"""

from __future__ import annotations

import argparse
import statistics
import zlib
from pathlib import Path
from typing import Any

from tools import DIST
from tools.bench.gzip_server import ServeGzip
from tools.bench.table import Row, print_rows
from tools.browsers import CHROMIUM, CHROMIUM_ARGS, VIEWPORT
from tools.build.site import LATER_MODULES

CLICKS = 10
LOADED = "window.flipside.snapshot().explorer?.loaded === true"
CACHED = (
    "navigator.serviceWorker.controller !== null && caches.keys().then(async (keys) =>"
    " keys.length > 0 && (await (await caches.open(keys[0])).keys()).length > 10)"
)


def wait_for(page: Any, condition: str, timeout_s: float = 120) -> None:
    page.evaluate(
        f"""async () => {{
            const end = performance.now() + {timeout_s * 1000};
            while (!(await ({condition}))) {{
                if (performance.now() > end) throw new Error("timed out: " + {condition!r});
                await new Promise((r) => setTimeout(r, 10));
            }}
        }}"""
    )


def file_rows(dist: Path) -> list[Row]:
    rows: list[Row] = []
    for path in sorted((dist / "explorer").glob("*.bin")):
        data = path.read_bytes()
        rows.append((f"{path.stem} tree, raw", len(zlib.decompress(data)), "bytes unpacked"))
        rows.append((f"{path.stem} tree, shipped", len(data), "bytes (zlib); goal 1 MB"))
    return rows


def open_rows(browser: Any, server: ServeGzip) -> list[Row]:
    rows: list[Row] = []
    for game in ("othello", "themisto"):
        context = browser.new_context(viewport=VIEWPORT)
        page = context.new_page()
        page.goto(f"{server.origin}/#{game}/")
        wait_for(page, "window.flipside !== undefined && window.flipside.snapshot().ready")
        wait_for(page, "window.flipside.snapshot().searchReady")
        wait_for(page, CACHED)
        page.wait_for_timeout(1000)
        server.httpd.take_log()
        page.click("#explorer-open")
        wait_for(page, LOADED)
        page.wait_for_timeout(500)
        sent = server.httpd.take_log()
        wire = sum(s.wire_bytes for s in sent)
        files = ", ".join(sorted({s.path.rsplit("/", 1)[-1] for s in sent})) or "none"
        rows.append((f"{game}: bytes on opening", wire, f"on the wire: {files}"))
        if game == "othello":
            rows += click_rows(page)
        context.close()
    return rows


def click_rows(page: Any) -> list[Row]:
    """Clicks on the explorer's most played move (from the start, then back to it)."""
    times = []
    for _ in range(CLICKS):
        before = page.evaluate("window.flipside.snapshot()")
        if not before["explorer"]["moves"] or before["over"]:
            break
        page.click("#explorer-moves button.explorer-move:not(:disabled)")
        wait_for(page, f"window.flipside.snapshot().moves.length === {len(before['moves']) + 1}")
        wait_for(
            page,
            "(() => { const e = window.flipside.snapshot().explorer;"
            " return e.loaded && e.drawnRecord === e.record; })()",
        )
        times.append(page.evaluate("window.flipside.snapshot().explorer.timings.drawn"))
    return [
        ("click to panel drawn, median", statistics.median(times), f"ms over {len(times)} clicks"),
        ("click to panel drawn, worst", max(times), "ms; goal 100 ms"),
    ]


def first_visit_rows(browser: Any, server: ServeGzip) -> list[Row]:
    """A cold visit to ready, as a fast link takes it (the start-up snapshot) and as a slow
    one does (the snapshot refused: the app wheel instead): bytes on the wire in all and of
    the page's code (html, css, js), and the explorer files among them."""
    out: list[Row] = []
    for path, blocked in (("snapshot", False), ("wheel", True)):
        context = browser.new_context(viewport=VIEWPORT)
        page = context.new_page()
        if blocked:
            page.route("**/startup-snapshot.bin.gz", lambda route: route.abort())
        server.httpd.take_log()
        page.goto(server.origin + "/")
        wait_for(page, "window.flipside !== undefined && window.flipside.snapshot().ready")
        # the modules the page imports once it is ready may already be on their way
        sent = [s for s in server.httpd.take_log() if not s.path.endswith(LATER_MODULES)]
        context.close()
        wire = sum(s.wire_bytes for s in sent)
        # the page's code: html, css, js (icons and the manifest come when Chromium looks)
        own = sum(
            s.wire_bytes for s in sent if s.path == "/" or s.path.endswith((".html", ".css", ".js"))
        )
        trees = [s.path for s in sent if "/explorer/" in s.path]
        note = f"localhost, cold, the {path} path; the page's code {own:,}; explorer files: {len(trees)}"
        out.append((f"first visit: bytes before ready ({path})", wire, note))
    return out


def rows(dist: Path = DIST) -> list[Row]:
    from playwright.sync_api import sync_playwright

    if not (dist / "index.html").exists():
        raise SystemExit("bench: dist/ is not built (./build.sh bench builds it)")
    out = file_rows(dist)
    server = ServeGzip(dist)
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            out += first_visit_rows(browser, server)
            if (dist / "explorer").exists():
                out += open_rows(browser, server)
            browser.close()
    finally:
        server.stop()
    return out


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dist", type=Path, default=DIST)
    print_rows(rows(parser.parse_args().dist))
