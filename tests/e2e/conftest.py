"""Browser tests against dist/ in Debian's Chromium (pytest-playwright).

dist/ is served by an in-process static server on 127.0.0.1, twice: at the site root and
under a sub-path (/games/flipside/) to prove every URL is relative. These tests run only
when tests/e2e is named on the command line (``./build.sh test`` does): they need a built
dist/ and Chromium, which a plain ``pytest tests`` should not require.
"""

from __future__ import annotations

import functools
import http.server
import shutil
import tempfile
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any, ClassVar

import pytest
from playwright.sync_api import BrowserContext, ConsoleMessage, Page

from tools.browsers import (
    CHROMIUM,
    CHROMIUM_ARGS,
    ENGINES,
    VIEWPORT,
    PlaywrightTab,
    Tab,
    launch_playwright,
    missing,
    webkit_tab,
    x_display,
)

HERE = Path(__file__).resolve().parent
DIST = HERE.parents[1] / "dist"

SUB_PATH = "/games/flipside/"
READY_TIMEOUT_MS = 60_000


def pytest_ignore_collect(collection_path: Path, config: pytest.Config) -> bool | None:
    """Collect these tests only when tests/e2e (or a file in it) was named explicitly."""
    for arg in config.args:
        target = Path(arg.split("::")[0]).resolve()
        if target == HERE or HERE in target.parents:
            return None
    return True


WEBKIT_CRASH = "page crash or hang"
"""What WebKitWebDriver says when WebKitGTK's web process has died under a test."""


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """A WebKit test runs once more when the browser's web process crashed under it, and
    only then: WebKitGTK 2.50 stops now and then on an assertion of its own (the kernel logs
    a trap on an invalid opcode in libwebkit2gtk; it ended Watch mode's whole-game test in
    CI). Any other failure fails at once; a rerun is reported."""
    for item in items:
        callspec = getattr(item, "callspec", None)
        if callspec is not None and callspec.params.get("tab") == "webkit":
            item.add_marker(pytest.mark.flaky(reruns=1, only_rerun=[WEBKIT_CRASH]))


class _Handler(http.server.SimpleHTTPRequestHandler):
    extensions_map: ClassVar[dict[str, str]] = {
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        ".mjs": "text/javascript",
        ".js": "text/javascript",
        ".wasm": "application/wasm",
        ".webmanifest": "application/manifest+json",
        ".json": "application/json",
        ".svg": "image/svg+xml",
    }

    def log_message(self, format: str, *args: object) -> None:
        pass  # keep the test output clean


class _Server(http.server.ThreadingHTTPServer):
    daemon_threads = True

    def handle_error(self, request: object, client_address: object) -> None:
        pass  # the browser closing a connection early (offline tests, aborts) is normal


class StaticServer:
    """A static file server for ``root`` on a free port of 127.0.0.1 (or ``port``), in a
    thread."""

    def __init__(self, root: Path, port: int = 0) -> None:
        handler = functools.partial(_Handler, directory=str(root))
        self.httpd = _Server(("127.0.0.1", port), handler)
        self.origin = f"http://127.0.0.1:{self.httpd.server_address[1]}"
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)
        self.thread.start()

    def close(self) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()


@pytest.fixture(scope="session")
def dist() -> Path:
    if not (DIST / "index.html").exists() or not (DIST / "sw.js").exists():
        pytest.fail("dist/ is not built: run ./build.sh build (./build.sh test does)")
    return DIST


@pytest.fixture(scope="session")
def root_server(dist: Path) -> Iterator[StaticServer]:
    server = StaticServer(dist)
    yield server
    server.close()


@pytest.fixture(scope="session")
def sub_path_server(dist: Path) -> Iterator[StaticServer]:
    with tempfile.TemporaryDirectory() as tmp:
        target = Path(tmp) / SUB_PATH.strip("/")
        target.parent.mkdir(parents=True)
        shutil.copytree(dist, target)
        server = StaticServer(Path(tmp))
        yield server
        server.close()


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict[str, object]) -> dict[str, object]:
    """Debian's Chromium, never a downloaded browser."""
    if not Path(CHROMIUM).exists():
        pytest.fail(f"{CHROMIUM} is missing: ./build.sh test installs Debian's chromium")
    return {**browser_type_launch_args, "executable_path": CHROMIUM, "args": CHROMIUM_ARGS}


@pytest.fixture
def browser_context_args(browser_context_args: dict[str, object]) -> dict[str, object]:
    return {**browser_context_args, "viewport": {"width": 1100, "height": 760}}


class PageWatch:
    """Console errors, uncaught exceptions and request URLs seen by a browser context."""

    def __init__(self, context: BrowserContext) -> None:
        self.errors: list[str] = []
        self.requests: list[str] = []
        context.on("request", lambda request: self.requests.append(request.url))
        context.on("weberror", lambda error: self.errors.append(f"uncaught: {error.error}"))
        context.on("console", self._console)

    def _console(self, message: ConsoleMessage) -> None:
        if message.type == "error":
            self.errors.append(f"console: {message.text}")


@pytest.fixture
def watch(context: BrowserContext) -> PageWatch:
    return PageWatch(context)


def wait_until(page: Page, condition: str, timeout_ms: int = 30_000) -> None:
    """Poll a JavaScript expression in the page until it is true.

    (Playwright's wait_for_function compiles its predicate with eval, which the page's
    Content-Security-Policy rightly forbids; page.evaluate is not subject to it.)
    """
    page.evaluate(
        f"""async () => {{
            const end = performance.now() + {timeout_ms};
            while (!({condition})) {{
                if (performance.now() > end) throw new Error("timed out waiting for: " +
                    {condition!r});
                await new Promise((resolve) => setTimeout(resolve, 20));
            }}
        }}"""
    )


def wait_ready(page: Page) -> dict[str, object]:
    """Wait until the engine is loaded and the first game shown; return the snapshot."""
    wait_until(page, "window.flipside !== undefined", READY_TIMEOUT_MS)
    page.evaluate("window.flipside.ready")
    return page.evaluate("window.flipside.snapshot()")


# -- one test body in every engine (Chromium, Firefox, WebKit): test_engines.py and others ---


@pytest.fixture(scope="session")
def browsers(playwright: Any) -> Iterator[dict[str, Any]]:
    """Playwright's browsers, launched on first use."""
    launched: dict[str, Any] = {}
    yield launched
    for browser in launched.values():
        browser.close()


@pytest.fixture(scope="session")
def display() -> Iterator[str]:
    with x_display() as name:
        yield name


@pytest.fixture
def site(dist: Path) -> Iterator[StaticServer]:
    """A server of dist/ for one test: each test's pages have an origin of their own, so no
    service worker, cache or saved game of an earlier test's browser context can meet them."""
    server = StaticServer(dist)
    yield server
    server.close()


@pytest.fixture(params=ENGINES)
def tab(request: pytest.FixtureRequest, browsers: dict[str, Any], playwright: Any) -> Iterator[Tab]:
    engine = request.param
    if absent := missing(engine):
        pytest.fail(f"{engine} is not installed ({absent}): ./build.sh setup installs it")
    if engine == "webkit":
        with webkit_tab(request.getfixturevalue("display")) as webkit:
            yield webkit
        return
    if engine not in browsers:
        browsers[engine] = launch_playwright(playwright, engine)
    context = browsers[engine].new_context(viewport=VIEWPORT)
    yield PlaywrightTab(engine, context)
    context.close()
