"""Ready times in each browser engine (Chromium, Firefox, WebKit), from one run.

For each engine, SAMPLES fresh profiles (the median is the row), each: the first visit
(cold), a new navigation to the page a few seconds after leaving it (repeat: the service
worker installed and its cache filled), and the same with the server stopped (offline: the
service worker alone). Ready = navigation start to ``window.flipside.ready``, read from the
page's own clock (``performance.now()`` after the navigation), with the start path the
engine took (snapshot or not).

``rows()`` returns ``(name, value, unit/note)`` tuples for the bench table (``./build.sh
bench``; ``dist/`` must be built); run the file to print them.
"""

from __future__ import annotations

import contextlib
import socket
import statistics
import subprocess
import sys
import time
import urllib.request
from contextlib import ExitStack
from typing import Any

from tools import DIST
from tools.bench.page import require_dist
from tools.bench.table import Row, print_rows
from tools.browsers import (
    ENGINES,
    Tab,
    fresh_tab,
    x_display,
)

PAUSE = 3.0  # seconds away between visits, as a person comes back (the page left first: WebKit
# tears the old page down, its two Pythons with it, as the next visit starts if it is left
# and entered again at once, which made that visit 20% slower than one 3 s later)
SAMPLES = 3  # fresh profiles per engine: one start differs from the next by 10-30%


def ready_ms(tab: Tab) -> tuple[float, str]:
    """Milliseconds from navigation start to ready, and how the engine started."""
    tab.wait_until("window.flipside !== undefined", 120)
    tab.evaluate("window.flipside.ready.then(() => true)")
    timings = tab.evaluate("window.flipside.snapshot().timings")
    path = tab.evaluate("window.flipside.engine.info?.startup ?? ''") or ""
    return float(timings["engineReady"]), str(path)


def visits(tab: Tab, url: str, stop: Any) -> list[tuple[str, float, str]]:
    out = []
    tab.goto(url)
    out.append(("cold", *ready_ms(tab)))
    tab.wait_until("navigator.serviceWorker.controller !== null", 120)
    tab.wait_until(
        "caches.keys().then(async (keys) => keys.length > 0 &&"
        " (await (await caches.open(keys[0])).keys()).length > 10)",
        120,
    )
    tab.goto("about:blank")  # leave, and come back PAUSE seconds later
    time.sleep(PAUSE)
    tab.goto(url)
    out.append(("repeat", *ready_ms(tab)))
    stop()
    tab.goto("about:blank")
    time.sleep(PAUSE)
    tab.goto(url)
    out.append(("offline", *ready_ms(tab)))
    return out


def rows() -> list[Row]:
    require_dist()
    from playwright.sync_api import sync_playwright

    out: list[Row] = []
    with sync_playwright() as pw, x_display() as display:
        for engine in ENGINES:
            times: dict[str, list[float]] = {}
            paths: dict[str, set[str]] = {}
            for _ in range(SAMPLES):
                with ExitStack() as stack:
                    server = _Server()
                    stack.callback(server.stop)
                    tab = fresh_tab(stack, pw, display, engine)
                    for kind, ms, path in visits(tab, server.origin + "/", server.stop):
                        times.setdefault(kind, []).append(ms)
                        paths.setdefault(kind, set()).add(path)
            for kind, values in times.items():
                spread = ", ".join(str(round(v)) for v in sorted(values))
                started = "/".join(sorted(p for p in paths[kind] if p))
                note = f"ms median of {len(values)} ({spread})" + (
                    f", {started} start" if started else ""
                )
                name = f"{engine}: navigation -> engine ready, {kind}"
                out.append((name, round(statistics.median(values)), note))
    return out


class _Server:
    """``python -m http.server`` for dist/ on a free port, which the bench can stop."""

    def __init__(self) -> None:
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            port = probe.getsockname()[1]
        self.process = subprocess.Popen(
            [sys.executable, "-m", "http.server", str(port), "--bind", "127.0.0.1"],
            cwd=DIST,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        self.origin = f"http://127.0.0.1:{port}"
        for _ in range(100):
            with contextlib.suppress(OSError):
                urllib.request.urlopen(self.origin + "/index.html", timeout=1).close()
                break
            time.sleep(0.05)

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.terminate()
            self.process.wait()


if __name__ == "__main__":
    print_rows(rows())
