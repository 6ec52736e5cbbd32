"""The built page in headless Chromium, for the benches: a static server for ``dist/``, a
page that is ready, a click on a square."""

from __future__ import annotations

import contextlib
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from tools import DIST
from tools.browsers import CHROMIUM, CHROMIUM_ARGS, VIEWPORT


def require_dist() -> None:
    """Stop with a plain message when ``dist/`` is not built."""
    if not (DIST / "index.html").exists():
        raise SystemExit("bench: dist/ is not built (./build.sh bench builds it)")


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


def wait_ready(page: Any) -> dict[str, Any]:
    """Wait until the page's engine is ready (``window.flipside.ready``); its snapshot."""
    page.evaluate(
        """async () => {
            while (window.flipside === undefined) await new Promise((r) => setTimeout(r, 10));
            await window.flipside.ready;
        }"""
    )
    snapshot: dict[str, Any] = page.evaluate("window.flipside.snapshot()")
    return snapshot


def click_square(page: Any, snapshot: dict[str, Any], name: str) -> None:
    """Click the middle of square ``name`` (``"d3"``) of the board in ``snapshot``."""
    rect = snapshot["boardRect"]
    col, row = "abcdefgh".index(name[0]), int(name[1]) - 1
    page.mouse.click(
        rect["x"] + (col + 0.5) * rect["width"] / 8, rect["y"] + (row + 0.5) * rect["height"] / 8
    )


@contextlib.contextmanager
def chromium_page() -> Iterator[Any]:
    """A ready page of ``dist/`` (served on 127.0.0.1) in a fresh headless Chromium."""
    from playwright.sync_api import sync_playwright

    require_dist()
    with static_server(DIST) as origin, sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            width, height = VIEWPORT["width"], VIEWPORT["height"]
            page = browser.new_context(viewport={"width": width, "height": height}).new_page()
            page.goto(origin + "/")
            wait_ready(page)
            yield page
        finally:
            browser.close()
