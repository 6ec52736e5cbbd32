"""The benchmark table printed by ``./build.sh bench`` (native only, not in the wheel).

Every row is a ``(name, value, note)`` tuple: ``value`` a number or a short string, ``note``
the unit and whatever makes the number meaningful (target, sample size).

This file measures the web build (``dist/`` must be built; ``./build.sh bench`` does it):

- Othello perft(9) natively, inside Pyodide under Node, and inside Chromium's worker, with
  the ratio to native (the time is taken inside Python, so it excludes start-up);
- navigation to board drawn and to engine ready, cold (fresh browser profile) and from the
  service worker cache (second visit), in headless Chromium against 127.0.0.1;
- a click on a legal square to the move drawn (the first animation frame with the new disc).

Other rows come by convention: every module ``py/tools/bench_<topic>.py`` that defines
``rows() -> list[tuple[str, float | int | str, str]]`` is imported (in name order) and its
rows are printed under the heading ``<topic>``. A module that raises is reported in its
section and the table goes on. ``--only web othello_ai`` limits the table to some sections;
``--list`` names them.
"""

from __future__ import annotations

import argparse
import contextlib
import importlib
import json
import socket
import statistics
import subprocess
import sys
import time
import traceback
import urllib.request
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

TOOLS = Path(__file__).resolve().parent
ROOT = TOOLS.parents[1]
DIST = ROOT / "dist"
sys.path.insert(0, str(ROOT / "py"))
sys.path.insert(0, str(TOOLS))

from chromium import CHROMIUM, CHROMIUM_ARGS

Row = tuple[str, Any, str]
PERFT_DEPTH = 9
PAGE_SAMPLES = 5
CLICKS = 12


# -- perft ---------------------------------------------------------------------------------


def perft_native(depth: int) -> float:
    from flipside.web import othello_perft

    return float(othello_perft(depth=depth)["seconds"])


def perft_node(depth: int) -> float:
    code = f"import json; from flipside import web; json.dumps(web.othello_perft(depth={depth}))"
    done = subprocess.run(
        ["node", str(ROOT / "tests" / "pyodide" / "run_python.mjs"), code],
        check=True,
        capture_output=True,
        text=True,
    )
    return float(json.loads(done.stdout.strip().splitlines()[-1])["seconds"])


# -- browser -------------------------------------------------------------------------------


@contextlib.contextmanager
def static_server(root: Path) -> Iterator[str]:
    """Serve ``root`` with ``python -m http.server`` on a free port; yield its origin."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    server = subprocess.Popen(
        [sys.executable, "-m", "http.server", str(port), "--bind", "127.0.0.1"],
        cwd=root,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    origin = f"http://127.0.0.1:{port}"
    try:
        for _ in range(100):
            with contextlib.suppress(OSError):
                urllib.request.urlopen(origin + "/index.html", timeout=1).close()
                break
            time.sleep(0.05)
        yield origin
    finally:
        server.terminate()
        server.wait()


def _wait_ready(page: Any) -> dict[str, Any]:
    page.evaluate(
        """async () => {
            while (window.flipside === undefined) await new Promise((r) => setTimeout(r, 10));
            await window.flipside.ready;
        }"""
    )
    snapshot: dict[str, Any] = page.evaluate("window.flipside.snapshot()")
    return snapshot


def _click_square(page: Any, snapshot: dict[str, Any], name: str) -> None:
    rect = snapshot["boardRect"]
    col, row = "abcdefgh".index(name[0]), int(name[1]) - 1
    page.mouse.click(
        rect["x"] + (col + 0.5) * rect["width"] / 8, rect["y"] + (row + 0.5) * rect["height"] / 8
    )


def browser_rows(depth: int, native: float) -> list[Row]:
    from playwright.sync_api import sync_playwright

    cold_drawn, cold_ready, warm_drawn, warm_ready, clicks = [], [], [], [], []
    first_clicks: list[float] = []
    perft_seconds = None
    with static_server(DIST) as origin, sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        for sample in range(PAGE_SAMPLES):
            context = browser.new_context(viewport={"width": 1100, "height": 760})
            page = context.new_page()
            page.goto(origin + "/")
            snap = _wait_ready(page)
            cold_drawn.append(snap["timings"]["boardDrawn"])
            cold_ready.append(snap["timings"]["engineReady"])
            # The first click right after `ready`: drawn as fast as any later one?
            _click_square(page, snap, snap["legal"][0])
            page.evaluate(
                """async () => {
                    while (window.flipside.snapshot().moves.length < 1)
                        await new Promise((r) => setTimeout(r, 5));
                }"""
            )
            first_clicks.append(page.evaluate("window.flipside.snapshot().timings.lastMove"))
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
                snap = _wait_ready(again)
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
                    before = len(snap["moves"])
                    _click_square(
                        page, snap, snap["legal"][len(snap["moves"]) % len(snap["legal"])]
                    )
                    page.evaluate(
                        f"""async () => {{
                            while (window.flipside.snapshot().moves.length <= {before})
                                await new Promise((r) => setTimeout(r, 5));
                        }}"""
                    )
                    clicks.append(page.evaluate("window.flipside.snapshot().timings.lastMove"))
                    page.wait_for_timeout(400)  # let the animation finish
                result = page.evaluate(
                    f"window.flipside.engine.call('othello_perft', {{depth: {depth}}})"
                )
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
    ]


def web_rows() -> list[Row]:
    """perft natively / Node / Chromium, page timings, click latency."""
    if not (DIST / "index.html").exists():
        raise SystemExit("bench: dist/ is not built (./build.sh bench builds it)")
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


# -- table ---------------------------------------------------------------------------------


def sections() -> dict[str, Callable[[], list[Row]]]:
    """Section name -> function returning its rows: web first, then py/tools/bench_*.py."""
    found: dict[str, Callable[[], list[Row]]] = {"web": web_rows}
    for path in sorted(TOOLS.glob("bench_*.py")):
        name = path.stem.removeprefix("bench_")

        def load(module: str = path.stem) -> list[Row]:
            rows = getattr(importlib.import_module(module), "rows", None)
            if rows is None:
                return [(f"({module}.py has no rows() yet)", "-", "see the convention above")]
            return list(rows())

        found[name] = load
    return found


def format_value(value: Any) -> str:
    if isinstance(value, float):
        return f"{value:,.3g}" if abs(value) < 100 else f"{value:,.0f}"
    if isinstance(value, int):
        return f"{value:,}"
    return str(value)


def main() -> int:
    parser = argparse.ArgumentParser(description="Print the Flipside benchmark table.")
    parser.add_argument("--only", nargs="+", metavar="SECTION", help="sections to run")
    parser.add_argument("--list", action="store_true", help="list the sections and stop")
    args = parser.parse_args()
    available = sections()
    if args.list:
        print("\n".join(available))
        return 0
    chosen = args.only or list(available)
    unknown = [name for name in chosen if name not in available]
    if unknown:
        parser.error(f"unknown section(s) {unknown}; choose from {list(available)}")
    failures = 0
    print(f"{'benchmark':48} {'value':>12}  unit / note")
    for name in chosen:
        print(f"-- {name} " + "-" * (72 - len(name)))
        start = time.perf_counter()
        try:
            rows = available[name]()
        except Exception as exc:  # noqa: BLE001 - one broken section must not hide the rest
            failures += 1
            traceback.print_exc(file=sys.stderr)
            print(f"{name + ' FAILED':48} {'-':>12}  {type(exc).__name__}: {exc}")
            continue
        for label, value, note in rows:
            print(f"{label:48} {format_value(value):>12}  {note}", flush=True)
        print(f"{'(section time)':48} {time.perf_counter() - start:>12.1f}  s")
    return 1 if failures else 0


if __name__ == "__main__":
    raise SystemExit(main())
