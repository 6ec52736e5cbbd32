"""The first visit as a new user meets it: bytes, ready time on a phone link, memory.

``dist/`` is served by ``tools.bench.gzip_server`` (gzips js, mjs, wasm, json, html, css, svg like a
typical host; counts the bytes it sends). In one headless Chromium, from one run:

- a blank page's memory: the proportional set size (PSS, ``/proc/<pid>/smaps_rollup``)
  summed over all of Chromium's processes;
- localhost, cold (fresh profile): navigation to ready, the start path the rules engine took
  (``engine_info().startup``: ``snapshot`` or ``full``), then the page's memory with the
  engine ready and the search worker started (a move played, so the search worker is busy
  with the graph), over the blank page's; then a repeat visit (service worker installed);
- localhost, cold, with the snapshot blocked: the start's own work on the path a slow
  first visit takes;
- a first visit on a 4G-class link emulated by Chromium (``Network.emulateNetworkConditions``
  through Playwright's CDP session: 9 Mbit/s down, 150 ms round trip): ready time, start
  path, and the bytes over the wire per file group, until ready and in all (after the
  service worker's precache).

``rows()`` returns ``(name, value, unit/note)`` tuples for the bench table (``./build.sh
bench``; ``dist/`` must be built); run the file to print them (``--dist PATH`` measures
another build, e.g. an older one exported with ``git archive``, for a before/after).
"""

from __future__ import annotations

import os
import time
import uuid
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from tools import DIST
from tools.bench.gzip_server import Sent, ServeGzip
from tools.bench.table import Row, print_rows
from tools.browsers import CHROMIUM, CHROMIUM_ARGS

DOWN_BITS = 9_000_000  # 9 Mbit/s down
UP_BITS = 3_000_000
RTT_MS = 150
VIEWPORT = {"width": 412, "height": 860}  # a phone
SETTLE_S = 120  # at most this long for the service worker's precache on the slow link

GROUPS = (  # (group, test on the file name), first match wins
    ("snapshot", lambda n: n.startswith("startup-snapshot")),
    ("stdlib", lambda n: n.startswith("python_stdlib")),
    ("runtime", lambda n: n.startswith("pyodide")),
    ("weights/book", lambda n: n.endswith(".bin") or n == "files.json"),
    ("app wheel", lambda n: n.startswith("flipside-") and n.endswith(".whl")),
    ("other wheels", lambda n: n.endswith(".whl")),
    ("page", lambda n: True),
)


def group_of(path: str) -> str:
    name = path.rstrip("/").rsplit("/", 1)[-1] or "index.html"
    return next(group for group, test in GROUPS if test(name))


def by_group(log: Iterable[Sent]) -> dict[str, int]:
    out = {group: 0 for group, _ in GROUPS}
    for sent in log:
        out[group_of(sent.path)] += sent.wire_bytes
    return out


# -- memory ----------------------------------------------------------------------------------


def _children() -> dict[int, list[int]]:
    tree: dict[int, list[int]] = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            stat = Path(f"/proc/{entry}/stat").read_text()
        except OSError:
            continue
        ppid = int(stat.rsplit(")", 1)[1].split()[1])
        tree.setdefault(ppid, []).append(int(entry))
    return tree


def browser_pids(marker: str) -> list[int]:
    """The Chromium process started with ``marker`` on its command line, and its offspring."""
    roots = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                if marker.encode() in Path(f"/proc/{entry}/cmdline").read_bytes():
                    roots.append(int(entry))
            except OSError:
                continue
    tree = _children()
    seen: set[int] = set()
    stack = list(roots)
    while stack:
        pid = stack.pop()
        if pid not in seen:
            seen.add(pid)
            stack.extend(tree.get(pid, []))
    return sorted(seen)


def pss_mb(marker: str, field: str = "Pss") -> float:
    """Summed proportional set size of the marked Chromium's processes, in MB. ``field``
    ``Pss_Anon`` leaves out the pages of files (Chromium's own code, which other Chromiums
    on the machine share, so its share moves with them)."""
    total = 0
    for pid in browser_pids(marker):
        try:
            for line in Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines():
                if line.startswith(f"{field}:"):
                    total += int(line.split()[1])
        except OSError:
            continue
    return total / 1024


def settled_pss(marker: str, seconds: float = 3.0) -> tuple[float, float]:
    """(PSS, anonymous PSS) after a pause, the lower of two readings a second apart."""
    time.sleep(seconds)
    first = pss_mb(marker), pss_mb(marker, "Pss_Anon")
    time.sleep(1.0)
    second = pss_mb(marker), pss_mb(marker, "Pss_Anon")
    return min(first[0], second[0]), min(first[1], second[1])


# -- visits ----------------------------------------------------------------------------------


def wait_ready(page: Any, timeout_s: float = 180) -> dict[str, Any]:
    page.evaluate(
        f"""async () => {{
            const end = performance.now() + {timeout_s * 1000};
            while (window.flipside === undefined) {{
                if (performance.now() > end) throw new Error("no window.flipside");
                await new Promise((r) => setTimeout(r, 10));
            }}
            await window.flipside.ready;
        }}"""
    )
    snap: dict[str, Any] = page.evaluate("window.flipside.snapshot()")
    snap["startup"] = page.evaluate("window.flipside.engine.info?.startup ?? '?'")
    return snap


def wait_for(page: Any, condition: str, timeout_s: float) -> bool:
    return bool(
        page.evaluate(
            f"""async () => {{
                const end = performance.now() + {timeout_s * 1000};
                while (!(await ({condition}))) {{
                    if (performance.now() > end) return false;
                    await new Promise((r) => setTimeout(r, 50));
                }}
                return true;
            }}"""
        )
    )


CACHED = (
    "navigator.serviceWorker.controller !== null && caches.keys().then(async (keys) =>"
    " keys.length > 0 && (await (await caches.open(keys[0])).keys()).length > 10)"
)


def click_square(page: Any, snap: dict[str, Any], name: str) -> None:
    rect = snap["boardRect"]
    col, row = "abcdefgh".index(name[0]), int(name[1]) - 1
    page.mouse.click(
        rect["x"] + (col + 0.5) * rect["width"] / 8, rect["y"] + (row + 0.5) * rect["height"] / 8
    )


def localhost_visits(
    browser: Any, server: ServeGzip, marker: str, blank: tuple[float, float]
) -> list[Row]:
    context = browser.new_context(viewport=VIEWPORT)
    page = context.new_page()
    server.httpd.take_log()
    page.goto(server.origin + "/")
    snap = wait_ready(page)
    cold, cold_path = snap["timings"]["engineReady"], snap["startup"]
    click_square(page, snap, snap["legal"][0])  # the graph asks the search worker a value
    started = wait_for(
        page,
        "window.flipside.snapshot().searchReady && window.flipside.snapshot().evaluation[0] != null",
        120,
    )
    used = settled_pss(marker) if started else (float("nan"), float("nan"))
    memory, anon = used[0] - blank[0], used[1] - blank[1]
    wait_for(page, CACHED, 120)
    cold_bytes = sum(s.wire_bytes for s in server.httpd.take_log())
    time.sleep(2)
    page.goto("about:blank")
    page.goto(server.origin + "/")
    snap = wait_ready(page)
    repeat, repeat_path = snap["timings"]["engineReady"], snap["startup"]
    context.close()
    return [
        ("localhost: navigation -> ready, cold", round(cold), f"ms, {cold_path} start (<= 1500)"),
        (
            "localhost: navigation -> ready, repeat",
            round(repeat),
            f"ms, {repeat_path} start (<= 1000)",
        ),
        ("localhost: first visit, all bytes (with precache)", round(cold_bytes / 1e6, 2), "MB"),
        (
            "page memory, engine + search worker ready",
            round(memory),
            f"MB PSS over a blank page's {blank[0]:.0f} MB (<= 250)",
        ),
        ("  of it anonymous (not Chromium's code)", round(anon), "MB PSS_Anon"),
    ]


def normal_start(browser: Any, server: ServeGzip) -> list[Row]:
    """A cold start on localhost with the snapshot blocked: the start's own work."""
    context = browser.new_context(viewport=VIEWPORT, service_workers="block")
    context.route("**/startup-snapshot.bin.gz", lambda route: route.abort())
    page = context.new_page()
    page.goto(server.origin + "/")
    snap = wait_ready(page)
    context.close()
    return [
        (
            "localhost: -> ready, cold, snapshot blocked",
            round(snap["timings"]["engineReady"]),
            f"ms, {snap['startup']} start (the CPU part of a slow first visit)",
        )
    ]


def slow_visit(browser: Any, server: ServeGzip) -> list[Row]:
    context = browser.new_context(viewport=VIEWPORT)
    page = context.new_page()
    cdp = context.new_cdp_session(page)
    cdp.send("Network.enable")
    cdp.send(
        "Network.emulateNetworkConditions",
        {
            "offline": False,
            "latency": RTT_MS,
            "downloadThroughput": DOWN_BITS / 8,
            "uploadThroughput": UP_BITS / 8,
        },
    )
    server.httpd.take_log()
    page.goto(server.origin + "/", timeout=120_000)
    snap = wait_ready(page)
    ready, path = snap["timings"]["engineReady"], snap["startup"]
    drawn = snap["timings"]["boardDrawn"]
    # When the page saw the engine ready, on the machine's clock (the server's log is on it
    # too): the requests answered by then are the ones the start needed.
    ready_at = (page.evaluate("performance.timeOrigin") + ready) / 1000
    settled = wait_for(page, CACHED, SETTLE_S)
    time.sleep(2)
    log = server.httpd.take_log()
    context.close()
    until_ready = by_group(s for s in log if s.at <= ready_at)
    total = by_group(log)
    rows: list[Row] = [
        (
            f"{DOWN_BITS // 1_000_000} Mbit/s, {RTT_MS} ms: -> ready",
            round(ready),
            f"ms, {path} start (<= 6000)",
        ),
        ("  the board drawn", round(drawn), "ms after navigation (the page's own modules)"),
        (
            "  bytes until ready",
            round(sum(until_ready.values()) / 1e6, 2),
            "MB over the wire (<= 8)",
        ),
        (
            "  their time on the link alone",
            round(sum(until_ready.values()) * 8 / DOWN_BITS * 1000),
            "ms (the rest of the wait: round trips and the start's own work)",
        ),
    ]
    rows += [
        (f"    {group}", round(size / 1e6, 2), "MB") for group, size in until_ready.items() if size
    ]
    rows.append(
        (
            "  bytes of the first visit in all",
            round(sum(total.values()) / 1e6, 2),
            f"MB (with the service worker's precache{'' if settled else ', unfinished'})",
        )
    )
    rows += [(f"    {group}", round(size / 1e6, 2), "MB") for group, size in total.items() if size]
    return rows


def rows() -> list[Row]:
    if not (DIST / "index.html").exists():
        raise SystemExit("bench: dist/ is not built (./build.sh bench builds it)")
    from playwright.sync_api import sync_playwright

    marker = f"--flipside-bench={uuid.uuid4().hex}"
    server = ServeGzip(DIST)
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=[*CHROMIUM_ARGS, marker])
            try:
                context = browser.new_context(viewport=VIEWPORT)
                context.new_page().goto("about:blank")
                blank = settled_pss(marker)
                context.close()
                out = localhost_visits(browser, server, marker, blank)
                out += normal_start(browser, server)
                out += slow_visit(browser, server)
            finally:
                browser.close()
    finally:
        server.stop()
    return out


if __name__ == "__main__":
    import argparse

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dist", type=Path, help="another built site (e.g. an older build)")
    args = parser.parse_args()
    if args.dist:
        DIST = args.dist.resolve()
    print_rows(rows())
