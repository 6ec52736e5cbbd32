"""The German interface's cost in headless Chromium (``dist/`` must be built): navigation to
engine ready with the page in English and in German (cold, fresh profiles, alternating; German
also fetches the page's catalog and, on its first request, Python's), which start-up path
each took, and a change of language in the masthead to the state on screen relabelled."""

from __future__ import annotations

import statistics
from typing import Any

from tools import DIST
from tools.bench.page import require_dist, static_server, wait_ready
from tools.bench.table import Row
from tools.browsers import CHROMIUM, CHROMIUM_ARGS, VIEWPORT

SAMPLES = 9
RECORD = "othello/f5d6c3d3c4"

RELABELLED = """async (start) => {
    while (window.flipside.snapshot().status === start) await new Promise((r) => setTimeout(r, 2));
}"""


def start(browser: Any, origin: str, locale: str) -> tuple[float, str, float | None]:
    """One cold start in ``locale``: engine ready (ms), the start-up path, and for English
    the switch to German (ms from the menu's change to the status in German)."""
    context = browser.new_context(locale=locale, viewport=VIEWPORT)
    try:
        page = context.new_page()
        page.goto(f"{origin}/#{RECORD}")
        snap = wait_ready(page)
        ready = float(snap["timings"]["engineReady"])
        path = str(page.evaluate("window.flipside.engine.info.startup"))
        switch = None
        if locale == "en-US":
            status = snap["status"]
            began = page.evaluate("performance.now()")
            page.select_option("#language", "de")
            page.evaluate(RELABELLED, status)
            switch = float(page.evaluate("performance.now()")) - float(began)
        return ready, path, switch
    finally:
        context.close()


def rows() -> list[Row]:
    """Engine ready in English and German, their paths, and a change of language."""
    from playwright.sync_api import sync_playwright

    require_dist()
    english: list[float] = []
    german: list[float] = []
    switches: list[float] = []
    paths: set[str] = set()
    with static_server(DIST) as origin, sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            for _ in range(SAMPLES):
                for locale, times in (("en-US", english), ("de-DE", german)):
                    ready, path, switch = start(browser, origin, locale)
                    times.append(ready)
                    paths.add(path)
                    if switch is not None:
                        switches.append(switch)
        finally:
            browser.close()
    en, de = statistics.median(english), statistics.median(german)
    return [
        ("start in English -> engine ready", round(en), f"ms median of {SAMPLES}, cold"),
        (
            "start in German -> engine ready",
            round(de),
            f"ms ({de / en:.2f}x English, {de - en:+.0f} ms); start-up paths: {', '.join(sorted(paths))}",
        ),
        (
            "change of language -> state relabelled",
            round(statistics.median(switches)),
            f"ms median, max {max(switches):.0f} (English -> German, first German request)",
        ),
    ]
