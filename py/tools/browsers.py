"""Where the browsers are, and one way to drive the page in each engine (tests and benches).

Playwright drives Debian's own browsers (it never downloads its own). ``CHROMIUM_ARGS`` keep
a headless Chromium from reaching out to the network at start-up, which this machine refuses.

- Chromium (Debian's ``chromium``) and Firefox (Debian's ``firefox-esr``) through Playwright;
- WebKit (WebKitGTK's MiniBrowser) through Selenium and ``WebKitWebDriver``, on a private
  X display (``Xvfb``): WebKitGTK has no headless mode.

A :class:`Tab` goes to a URL, evaluates JavaScript (awaiting promises), clicks at page
coordinates or on an element, chooses in a ``<select>``, and reports what went wrong. Errors
are read from the page itself (``snapshot().errors``: ``web/js/errors.js``), which every
engine supports; Playwright's engines add their console errors.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import time
from collections.abc import Callable, Iterator
from contextlib import ExitStack, contextmanager
from pathlib import Path
from typing import Any

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
FIREFOX = "/usr/bin/firefox-esr"
MINIBROWSER = "/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser"
WEBKIT_DRIVER = "/usr/bin/WebKitWebDriver"
ENGINES = ("chromium", "firefox", "webkit")
VIEWPORT = {"width": 1100, "height": 760}


WAIT_SLICE = 30.0
"""The longest a single in-page wait runs (seconds; WebKit's script timeout is 120 s)."""
WAIT_EVERY_MS = 20
"""How often an in-page wait reads its condition."""
NAVIGATED = (
    "Execution context was destroyed",  # Playwright
    "Callback was not called before the unload event",  # WebKitWebDriver
    "Could not parse script result",  # WebKitWebDriver now and then under load: read again
)
"""What the drivers say when a call's page went to another document under it."""


class Tab:
    """A page in one engine (see the module docstring)."""

    engine: str

    def goto(self, url: str) -> None:
        raise NotImplementedError

    def evaluate(self, expression: str, arg: Any = None) -> Any:
        """The value of ``expression`` (awaited if a promise); ``arg`` is bound to ``arg``."""
        raise NotImplementedError

    def back(self) -> None:
        """The browser's Back button."""
        raise NotImplementedError

    def run_script(self, source: str) -> None:
        """Run a script's ``source`` in the page as the automation does (past the page's
        CSP, which refuses injected script elements): e.g. a test library such as axe-core."""
        raise NotImplementedError

    def click_at(self, x: float, y: float) -> None:
        raise NotImplementedError

    def click(self, selector: str) -> None:
        raise NotImplementedError

    def press(self, selector: str, hold: float) -> None:
        """Press the mouse on ``selector``'s centre, hold it ``hold`` seconds, release: a
        slow click, across which the page may change what it shows."""
        raise NotImplementedError

    def console_errors(self) -> list[str]:
        return []

    def wait_until(self, condition: str, timeout: float = 60.0) -> None:
        """Wait until a JavaScript condition is true (the page's CSP forbids eval), reading
        it in the page (``wait_in_page``) in slices of at most ``WAIT_SLICE`` seconds."""
        end = time.monotonic() + timeout
        while not self.wait_in_page(condition, min(WAIT_SLICE, max(0.0, end - time.monotonic()))):
            if time.monotonic() > end:
                raise AssertionError(f"{self.engine}: timed out waiting for: {condition}")

    def wait_in_page(self, condition: str, seconds: float) -> bool:
        """Whether a JavaScript condition became true within ``seconds``, read by the page
        itself every ``WAIT_EVERY_MS`` in one call: a round trip for each reading costs the
        browser and its driver CPU (WebKit's about half a core while a test waits, Firefox's
        a sixth, where this costs a fortieth). False, too, when the page went to another
        document meanwhile (the caller reads again in the new one); an error of the
        condition is raised."""
        script = (
            "new Promise((resolve, reject) => {"
            f" const end = performance.now() + {round(seconds * 1000)};"
            " const check = () => { try {"
            f" if ({condition}) resolve(true);"
            " else if (performance.now() >= end) resolve(false);"
            f" else setTimeout(check, {WAIT_EVERY_MS});"
            " } catch (error) { reject(error); } };"
            " check(); })"
        )
        try:
            return bool(self.evaluate(script))
        except Exception as error:
            if not self.left_the_page(error):
                raise
            time.sleep(WAIT_EVERY_MS / 1000)
            return False

    def left_the_page(self, error: Exception) -> bool:
        """Whether ``error`` of a call says the page went to another document under it."""
        return any(words in str(error) for words in NAVIGATED)

    def choose(self, selector: str, value: str) -> None:
        """Choose ``value`` in a ``<select>`` as a user would (the change event fires)."""
        self.evaluate(
            "(() => { const el = document.querySelector(arg[0]); el.value = arg[1];"
            " el.dispatchEvent(new Event('change', { bubbles: true })); })()",
            [selector, value],
        )


class PlaywrightTab(Tab):
    def __init__(self, engine: str, context: Any) -> None:
        self.engine = engine
        self.context = context
        self.page = context.new_page()
        self.errors: list[str] = []
        self.page.on("console", lambda m: self.errors.append(m.text) if m.type == "error" else None)
        self.page.on("pageerror", lambda error: self.errors.append(f"uncaught: {error}"))

    def goto(self, url: str) -> None:
        self.page.goto(url)

    def back(self) -> None:
        self.page.go_back()

    def run_script(self, source: str) -> None:
        self.page.evaluate(f"() => {{ {source}\n}}")

    def evaluate(self, expression: str, arg: Any = None) -> Any:
        return self.page.evaluate(f"async (arg) => ({expression})", arg)

    def click_at(self, x: float, y: float) -> None:
        self.page.mouse.click(x, y)

    def click(self, selector: str) -> None:
        self.page.click(selector)

    def press(self, selector: str, hold: float) -> None:
        self.page.hover(selector)
        self.page.mouse.down()
        time.sleep(hold)
        self.page.mouse.up()

    def console_errors(self) -> list[str]:
        return list(self.errors)


class SeleniumTab(Tab):
    def __init__(self, engine: str, driver: Any) -> None:
        self.engine = engine
        self.driver = driver

    def goto(self, url: str) -> None:
        self.driver.get(url)

    def back(self) -> None:
        self.driver.back()

    def run_script(self, source: str) -> None:
        self.driver.execute_script(source)

    def evaluate(self, expression: str, arg: Any = None) -> Any:
        script = (
            "const done = arguments[arguments.length - 1]; const arg = arguments[0];"
            f"Promise.resolve().then(async () => ({expression}))"
            ".then((value) => done(JSON.stringify({ value: value === undefined ? null : value })),"
            " (error) => done(JSON.stringify({ error: String(error) })));"
        )
        answer = json.loads(self.driver.execute_async_script(script, arg))
        if "error" in answer:
            raise AssertionError(f"{self.engine}: {answer['error']}")
        return answer["value"]

    def click_at(self, x: float, y: float) -> None:
        """A click at the viewport's (x, y), tried again on WebKitWebDriver's unexplained
        error (a second click on a square just played is not a move)."""
        from selenium.webdriver.common.actions.action_builder import ActionBuilder

        def click() -> None:
            actions = ActionBuilder(self.driver)
            actions.pointer_action.move_to_location(round(x), round(y)).click()
            actions.perform()

        self._again_if_unexplained(click)

    def wait_in_page(self, condition: str, seconds: float) -> bool:
        """As every tab's, read again on WebKitWebDriver's unexplained error (a fresh clone's
        run: a wait during a review): a reading changes nothing in the page."""
        found: list[bool] = []
        self._again_if_unexplained(lambda: found.append(Tab.wait_in_page(self, condition, seconds)))
        return found[-1]

    def screenshot_png(self) -> bytes:
        """The viewport as a PNG, tried again on WebKitWebDriver's unexplained error."""
        png: list[bytes] = []
        self._again_if_unexplained(lambda: png.append(self.driver.get_screenshot_as_png()))
        return png[-1]

    def set_window_size(self, width: int, height: int) -> None:
        """The MiniBrowser's window size (its toolbar included), tried again on
        WebKitWebDriver's unexplained error (a fresh clone's run: a resize to a phone's)."""
        self._again_if_unexplained(lambda: self.driver.set_window_size(width, height))

    @staticmethod
    def _again_if_unexplained(command: Callable[[], None]) -> None:
        """Run a driver command, twice more at most if it fails with no message at all:
        WebKitWebDriver now and then answers a click, a screenshot, a resize or a script with an
        "unknown error" and an empty message (fresh clones' runs, CI), and the same command
        then works. Only commands that can be asked twice come here."""
        from selenium.common.exceptions import WebDriverException

        for attempt in range(3):
            try:
                command()
                return
            except WebDriverException as error:
                if error.msg or attempt == 2:
                    raise
                time.sleep(0.5)

    def click(self, selector: str, timeout: float = 10.0) -> None:
        """Click the element, waiting (as Playwright does) until it can take the click: a
        control the page has just shown may not be laid out for WebKitWebDriver yet."""
        from selenium.common.exceptions import (
            ElementClickInterceptedException,
            ElementNotInteractableException,
        )
        from selenium.webdriver.common.by import By

        end = time.monotonic() + timeout
        while True:
            try:
                self.driver.find_element(By.CSS_SELECTOR, selector).click()
                return
            except (ElementNotInteractableException, ElementClickInterceptedException):
                if time.monotonic() > end:
                    raise
                time.sleep(WAIT_EVERY_MS / 1000)

    def press(self, selector: str, hold: float) -> None:
        from selenium.webdriver.common.action_chains import ActionChains
        from selenium.webdriver.common.by import By

        element = self.driver.find_element(By.CSS_SELECTOR, selector)
        ActionChains(self.driver).click_and_hold(element).pause(hold).release().perform()


@contextmanager
def x_display() -> Iterator[str]:
    """A private X display (``Xvfb``) for WebKitGTK, which has no headless mode.

    Xvfb picks a free display number itself and writes it to a pipe (``-displayfd``): two
    processes starting one at the same time (pytest-xdist workers, two runs side by side)
    cannot pick the same number."""
    if not shutil.which("Xvfb"):
        raise RuntimeError("WebKit tests need Xvfb (Debian: apt-get install xvfb)")
    read, write = os.pipe()
    # The screen is larger than any window a test opens (at its top left), so that the
    # pointer, which starts at the screen's centre, never hovers over a page.
    server = subprocess.Popen(
        ["Xvfb", "-displayfd", str(write), "-screen", "0", "3200x2400x24", "-nolisten", "tcp"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        pass_fds=(write,),
    )
    os.close(write)
    try:
        with os.fdopen(read) as pipe:
            number = pipe.readline().strip()
        if not number.isdigit():
            raise RuntimeError(f"Xvfb did not start (exit status {server.poll()})")
        yield f":{number}"
    finally:
        server.terminate()
        server.wait()


def missing(engine: str) -> str | None:
    """What is missing to run ``engine`` here, or None."""
    need = {"chromium": [CHROMIUM], "firefox": [FIREFOX], "webkit": [MINIBROWSER, WEBKIT_DRIVER]}
    absent = [path for path in need[engine] if not Path(path).exists()]
    return ", ".join(absent) or None


def launch_playwright(playwright: Any, engine: str) -> Any:
    """A Playwright browser of ``engine`` (Debian's own binaries, never a download)."""
    if engine == "chromium":
        return playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
    return playwright.firefox.launch(channel="moz-firefox", executable_path=FIREFOX)


def webkit_driver(display: str) -> Any:
    """A fresh MiniBrowser (a new ephemeral profile) driven by WebKitWebDriver; the caller
    quits it."""
    from selenium import webdriver
    from selenium.webdriver.webkitgtk.options import Options
    from selenium.webdriver.webkitgtk.service import Service

    options = Options()
    options.binary_location = MINIBROWSER
    options.add_argument("--automation")
    service = Service(executable_path=WEBKIT_DRIVER, env={**os.environ, "DISPLAY": display})
    driver = webdriver.WebKitGTK(options=options, service=service)
    driver.set_script_timeout(120)
    driver.set_window_size(VIEWPORT["width"], VIEWPORT["height"])
    return driver


def webkit_tidy(driver: Any) -> bool:
    """Put a MiniBrowser used by one test back for the next (whose pages have an origin of
    their own): one window, the usual size, on about:blank (its page and workers stopped).
    False if the browser no longer answers (its web process crashed): then quit it."""
    try:
        handles = driver.window_handles
        for handle in handles[1:]:
            driver.switch_to.window(handle)
            driver.close()
        driver.switch_to.window(handles[0])
        driver.get("about:blank")
        driver.set_window_size(VIEWPORT["width"], VIEWPORT["height"])
        return True
    except Exception:  # noqa: BLE001 - any failure: the next test gets a new browser
        return False


@contextmanager
def webkit_tab(display: str) -> Iterator[SeleniumTab]:
    """A fresh MiniBrowser (a new ephemeral profile) driven by WebKitWebDriver."""
    driver = webkit_driver(display)
    try:
        yield SeleniumTab("webkit", driver)
    finally:
        driver.quit()


def fresh_tab(stack: ExitStack, playwright: Any, display: str, engine: str) -> Tab:
    """A tab of ``engine`` in a fresh profile (a new browser for Playwright's engines, a new
    MiniBrowser for WebKit), closed with ``stack``; ``display``: ``x_display()``'s."""
    if engine == "webkit":
        return stack.enter_context(webkit_tab(display))
    browser = launch_playwright(playwright, engine)
    stack.callback(browser.close)
    return PlaywrightTab(engine, browser.new_context(viewport=VIEWPORT))
