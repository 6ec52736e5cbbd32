"""Where Debian's Chromium is and the flags it runs with, for the browser tests and benches.

Playwright drives this browser (it never downloads its own). The flags keep a headless
Chromium from reaching out to the network at start-up, which this machine refuses.
"""

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
