"""Browser tests against dist/ in Debian's Chromium (pytest-playwright).

dist/ is served by an in-process static server on 127.0.0.1, twice: at the site root and
under a sub-path (/games/flipside/) to prove every URL is relative. These tests run only
when tests/e2e is named on the command line (``./build.sh test`` does): they need a built
dist/ and Chromium, which a plain ``pytest tests`` should not require.
"""

from __future__ import annotations

import contextlib
import functools
import http.server
import inspect
import shutil
import subprocess
import tempfile
import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, ClassVar

import pytest
from playwright.sync_api import Browser, BrowserContext, ConsoleMessage, Page
from playwright.sync_api import Error as PlaywrightError

from tools.browsers import (
    CHROMIUM,
    CHROMIUM_ARGS,
    ENGINES,
    VIEWPORT,
    PlaywrightTab,
    SeleniumTab,
    Tab,
    launch_playwright,
    missing,
    webkit_driver,
    webkit_tidy,
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


def pytest_configure(config: pytest.Config) -> None:
    # pytest-playwright empties its output folder when each session (each xdist worker, each
    # run) starts: its own folder, not test-results/, where the tests keep their screenshots
    # and the visual layer its failures; one per marker expression, as ./build.sh runs two
    # groups side by side (-m chromium, -m "firefox or webkit").
    group = "".join(c if c.isalnum() else "-" for c in config.option.markexpr or "all")
    config.option.output = str(HERE.parents[1] / ".cache" / "playwright-output" / group)
    for engine in ENGINES:
        config.addinivalue_line("markers", f"{engine}: a browser test run in {engine}")
    config.addinivalue_line(
        "markers",
        "engines(*names): a `tab` test run only in these engines (Chromium's case is a"
        " Chromium test's of its own file)",
    )


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """A ``tab`` test marked ``engines(...)`` is collected in those engines only (not
    skipped: the others' cases are not there; Chromium's is a test of a Chromium file).

    Each test is marked with its engine (``-m chromium``, ``-m "firefox or webkit"``: two
    runs side by side, each with its own servers and browsers); a test without the ``tab``
    fixture runs in Chromium.

    A WebKit test runs once more when the browser's web process crashed under it, and
    only then: WebKitGTK 2.50 stops now and then on an assertion of its own (the kernel logs
    a trap on an invalid opcode in libwebkit2gtk; it ended Watch mode's whole-game test in
    CI). Any other failure fails at once; a rerun is reported."""
    dropped = []
    for item in items:
        callspec = getattr(item, "callspec", None)
        engine = callspec.params.get("tab", "chromium") if callspec is not None else "chromium"
        only = item.get_closest_marker("engines")
        if only is not None and engine not in only.args:
            dropped.append(item)
            continue
        item.add_marker(getattr(pytest.mark, engine))
        if engine == "webkit":
            item.add_marker(pytest.mark.flaky(reruns=1, only_rerun=[WEBKIT_CRASH]))
    if dropped:
        config.hook.pytest_deselected(items=dropped)
        items[:] = [item for item in items if item not in dropped]


BROWSER_CRASHES = ("Target crashed", WEBKIT_CRASH)
"""What the drivers say when a browser's page process died under a test."""


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Any:
    """A test that failed on a browser's crash gets the kernel's last words on the browsers'
    processes (a signal, a trap, the out-of-memory killer) in its report, when the machine
    lets the tests read them: what a CI log needs to tell a browser's bug from the page's."""
    report = yield
    if report.failed and any(crash in str(report.longrepr) for crash in BROWSER_CRASHES):
        report.sections.append(("the kernel's log on the crash", kernel_crash_lines()))
    return report


def kernel_crash_lines() -> str:
    """The last lines of the kernel's log about a killed or faulting process, or why none."""
    try:
        done = subprocess.run(["dmesg"], check=False, capture_output=True, text=True, timeout=10)
        log = done.stdout
    except (OSError, subprocess.SubprocessError) as err:
        return f"dmesg: {err}"
    words = ("segfault", "trap", "out of memory", "oom", "killed process")
    lines = [line for line in log.splitlines() if any(w in line.lower() for w in words)]
    return "\n".join(lines[-10:]) or "(nothing about a crash in dmesg, or it cannot be read)"


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
    """A static file server for ``root`` on 127.0.0.1, in a thread: on ``port``, or on a free
    port no earlier server of this run had (an origin of its own: no storage or service
    worker of an earlier test's origin in a browser that served it)."""

    used: ClassVar[set[int]] = set()

    def __init__(self, root: Path, port: int = 0) -> None:
        handler = functools.partial(_Handler, directory=str(root))
        taken = []
        self.httpd = _Server(("127.0.0.1", port), handler)
        while not port and self.httpd.server_address[1] in StaticServer.used:
            taken.append(self.httpd)  # held until a new port comes
            self.httpd = _Server(("127.0.0.1", 0), handler)
        for server in taken:
            server.server_close()
        StaticServer.used.add(self.httpd.server_address[1])
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
    return {**browser_context_args, "viewport": VIEWPORT}


class PageWatch:
    """Console errors, uncaught exceptions and request URLs seen by a browser context, from
    its creation to ``close`` (the run's warm context outlives a test's watch)."""

    def __init__(self, context: BrowserContext) -> None:
        self.errors: list[str] = []
        self.requests: list[str] = []
        self.context = context
        self.handlers: list[tuple[str, Callable[[Any], None]]] = [
            ("request", lambda request: self.requests.append(request.url)),
            ("weberror", lambda error: self.errors.append(f"uncaught: {error.error}")),
            ("console", self._console),
        ]
        for event, handler in self.handlers:
            context.on(event, handler)  # type: ignore[call-overload]

    def _console(self, message: ConsoleMessage) -> None:
        if message.type == "error":
            self.errors.append(f"console: {message.text}")

    def close(self) -> None:
        for event, handler in self.handlers:
            self.context.remove_listener(event, handler)


@pytest.fixture
def watch(context: BrowserContext) -> Iterator[PageWatch]:
    watch = PageWatch(context)
    yield watch
    watch.close()


class WarmContext:
    """One Chromium context that the run's ``page`` tests share, emptied of what the page
    keeps between tests: its saves, settings and library (local storage, IndexedDB,
    cookies). What it keeps is what a returning visitor's browser keeps too: the service
    worker and its cache, the HTTP cache and the compiled code, so a page starts on about
    two thirds of the CPU a new context costs (docs/notes/2026-11-28-e2e-time.md)."""

    KEPT_OUT = "local_storage,indexeddb,cookies,websql,file_systems,shared_storage"

    def __init__(self, browser: Browser, args: dict[str, Any], origin: str) -> None:
        self.browser, self.args, self.origin = browser, args, origin
        self.context: BrowserContext | None = None

    def open(self) -> BrowserContext:
        if self.context is None:
            self.context = self.browser.new_context(**self.args)
            self.janitor = self.context.new_page()  # about:blank, holds the DevTools session
            self.cdp = self.context.new_cdp_session(self.janitor)
        return self.context

    def empty(self) -> None:
        """Close the test's pages and clear the origin's storage; a context that cannot be
        emptied is closed, and the next test has a new one."""
        if self.context is None:
            return
        try:
            for page in self.context.pages:
                if page is not self.janitor:
                    page.close()
            self.cdp.send(
                "Storage.clearDataForOrigin",
                {"origin": self.origin, "storageTypes": self.KEPT_OUT},
            )
        except PlaywrightError:
            self.close()

    def close(self) -> None:
        if self.context is not None:
            with contextlib.suppress(PlaywrightError):
                self.context.close()
        self.context = None


@pytest.fixture(scope="session")
def warm_context(browser: Browser, root_server: StaticServer) -> Iterator[WarmContext]:
    warm = WarmContext(browser, {"viewport": VIEWPORT}, root_server.origin)
    yield warm
    warm.close()


@pytest.fixture
def context(
    request: pytest.FixtureRequest, new_context: Callable[..., BrowserContext]
) -> Iterator[BrowserContext]:
    """The browser context of a Chromium test. A test that takes only ``page`` (its pages on
    the root server) gets the run's warm context, emptied after it; a test that names
    ``context`` (an init script, a route, going offline, a second tab) gets one of its own."""
    if "context" in inspect.signature(request.function).parameters:
        yield new_context()
        return
    warm: WarmContext = request.getfixturevalue("warm_context")
    yield warm.open()
    warm.empty()


def wait_until(page: Page, condition: str, timeout_ms: int = 30_000) -> None:
    """Poll a JavaScript expression in the page until it is true; a timeout says what the
    page's computer and pool were doing (what a CI log needs to tell a stall from a slow run).

    (Playwright's wait_for_function compiles its predicate with eval, which the page's
    Content-Security-Policy rightly forbids; page.evaluate is not subject to it.)
    """
    try:
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
    except PlaywrightError as error:
        raise AssertionError(f"{error}\nthe page then: {page.evaluate(PAGE_STATE)}") from None


PAGE_STATE = """(() => { const f = window.flipside; if (!f?.snapshot) return "not started";
  const s = f.snapshot();
  const slots = f.pool.slots().map((w) => ({name: w.name, ready: w.ready, warmed: w.warmed,
    asked: [...(w.engine?.pending.values() ?? [])].map((c) => c.method)}));
  return JSON.stringify({moves: s.moves.length, over: s.over, thinking: s.thinking,
    aiError: s.aiError, pool: s.pool, slots}); })()"""
"""What wait_until's timeout reports of the page."""


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


@pytest.fixture(scope="session")
def webkit(request: pytest.FixtureRequest) -> Iterator[dict[str, Any]]:
    """The MiniBrowser the WebKit tests share, started on first use, put back after each
    test (``webkit_tidy``) and started anew after one it did not survive."""
    shared: dict[str, Any] = {}
    yield shared
    if "driver" in shared:
        shared.pop("driver").quit()


@pytest.fixture(params=ENGINES)
def tab(request: pytest.FixtureRequest, browsers: dict[str, Any], playwright: Any) -> Iterator[Tab]:
    """A page in each engine. Each test's pages have an origin of their own (``site``, or a
    server of the test's), so a browser serves many tests: Chromium and Firefox with a new
    context per test, WebKit (a browser process and its driver, seconds to start and to
    quit) in one MiniBrowser tidied between tests."""
    engine = request.param
    if absent := missing(engine):
        pytest.fail(f"{engine} is not installed ({absent}): ./build.sh setup installs it")
    if engine == "webkit":
        shared: dict[str, Any] = request.getfixturevalue("webkit")
        if "driver" not in shared:
            shared["driver"] = webkit_driver(request.getfixturevalue("display"))
        yield SeleniumTab("webkit", shared["driver"])
        if not webkit_tidy(shared["driver"]):
            with contextlib.suppress(Exception):
                shared.pop("driver").quit()
        return
    if engine not in browsers:
        browsers[engine] = launch_playwright(playwright, engine)
    context = browsers[engine].new_context(viewport=VIEWPORT)
    yield PlaywrightTab(engine, context)
    context.close()
