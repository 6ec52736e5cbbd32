"""A slow device (issue 39): headless Chromium confined to one core (``taskset -c 0``) that a
busy process shares (a Python loop pinned to the same core for the whole profile), so the
page and its workers get about half of one core, as on a low-end phone; measured beside the
same figures of an unconfined Chromium, in the same run. (DevTools' CPU throttling slows the
page's thread only, not the workers where all of Flipside's Python runs.)

Per profile, in one fresh Chromium: navigation to the board drawn and to the engine ready
(cold); the first click right after it, to the move drawn (the page's clock, from its
pointer event) and from the click sent to the move seen (the bench's clock: an event that
waits for a busy page thread counts too); the computer's replies at each game's top level,
timed as the ``replies`` section times them (from the move typed to the reply drawn)
against the level's page budget, with the depth each reply reached; a review of the bench's
60-move Othello game at a fixed depth (``pool.DEPTH``) with the Search workers setting on
Auto; and the page's memory after it (anonymous PSS of the browser's processes, as
``first_visit`` reads it).

``rows()`` returns ``(name, value, unit/note)`` tuples for the bench table (``./build.sh
bench``; ``dist/`` must be built); run the file to print them.
"""

from __future__ import annotations

import contextlib
import os
import statistics
import subprocess
import sys
import tempfile
import time
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from flipside import facade
from tools import DIST
from tools.bench.page import click_square, require_dist, static_server, wait_ready
from tools.bench.sections.first_visit import settled_pss
from tools.bench.sections.pool import DEPTH, timed_review
from tools.bench.sections.replies import GAMES, PAGE_SLOWDOWN, PERSON_LEVEL, TURN, warmed
from tools.bench.sections.review import othello_game
from tools.bench.table import Row, print_rows
from tools.browsers import CHROMIUM, CHROMIUM_ARGS, VIEWPORT, PlaywrightTab

CORE = 0
REPLIES = 6
"""The computer's moves timed per game and profile."""
OTHELLO_START = 20
"""Othello's replies are timed from this move of the bench's game on (out of the book)."""
SEED = 3


@contextlib.contextmanager
def one_busy_core() -> Iterator[subprocess.Popen[bytes]]:
    """A busy loop pinned to ``CORE`` while the block runs."""
    busy = subprocess.Popen(["taskset", "-c", str(CORE), sys.executable, "-c", "while True: pass"])
    try:
        yield busy
    finally:
        busy.terminate()
        busy.wait()


def cpu_seconds(pid: int) -> float:
    """User and system CPU seconds of process ``pid`` so far."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def launch(pw: Any, marker: str, pinned: Path | None) -> Any:
    """Chromium, started through ``taskset`` when ``pinned`` (the wrapper script's path)."""
    return pw.chromium.launch(
        executable_path=str(pinned or CHROMIUM), args=[*CHROMIUM_ARGS, marker]
    )


def fresh(tab: PlaywrightTab, url: str) -> None:
    """A new page load of ``url`` (not a change of the fragment of the page shown)."""
    tab.goto("about:blank")
    tab.goto(url)


def replies(tab: PlaywrightTab, origin: str, game: str) -> tuple[list[float], list[int]]:
    """``REPLIES`` computer moves at ``game``'s top level: their waits (s) and depths (a
    book move has none)."""
    person, computer, top, _ = GAMES[game]
    start = othello_game().split("/")[1][: 2 * OTHELLO_START] if game == "othello" else ""
    fresh(tab, f"{origin}/#{game}/{start}")
    tab.wait_until("window.flipside?.snapshot().searchReady", 120)
    tab.wait_until(warmed(game), 120)
    tab.choose("#level", str(top))
    tab.choose("#computer", computer)
    record = str(tab.evaluate("window.flipside.snapshot().record"))
    waits: list[float] = []
    depths: list[int] = []
    for turn in range(REPLIES):
        move = facade.think(record, PERSON_LEVEL[game], None, SEED * 1000 + turn)["move"]
        answer = tab.evaluate(TURN, [move, person, record])
        if answer["waits"] is None:
            raise AssertionError(f"no reply within a minute in {answer['record']}")
        record = answer["record"]
        waits += answer["waits"]
        depth = tab.evaluate("window.flipside.snapshot().lastThink?.depth")
        if depth:
            depths.append(int(depth))
        if answer["over"]:
            break
    tab.choose("#computer", "off")
    return waits, depths


def profile(pw: Any, origin: str, pinned: Path | None) -> dict[str, Any]:
    """One profile's figures in a fresh Chromium (pinned to the busy core when ``pinned``)."""
    marker = f"--flipside-bench={uuid.uuid4().hex}"
    browser = launch(pw, marker, pinned)
    try:
        tab = PlaywrightTab("chromium", browser.new_context(viewport=VIEWPORT))
        tab.goto(origin + "/")
        snap = wait_ready(tab.page)
        ready = snap["timings"]["engineReady"]
        drawn = snap["timings"]["boardDrawn"]
        sent = time.perf_counter()
        click_square(tab.page, snap, snap["legal"][0])
        tab.wait_until("window.flipside.snapshot().moves.length >= 1", 60)
        seen = (time.perf_counter() - sent) * 1000
        first = tab.evaluate("window.flipside.snapshot().timings.lastMove")
        out: dict[str, Any] = {"drawn": drawn, "ready": ready, "first": first, "seen": seen}
        for game in GAMES:
            out[game] = replies(tab, origin, game)
        fresh(tab, f"{origin}/#{othello_game()}")
        tab.wait_until("window.flipside?.snapshot().searchReady", 120)
        tab.wait_until(warmed("othello"), 120)
        out["pool"] = tab.evaluate("window.flipside.snapshot().pool")
        out["review"], out["cores"] = timed_review(tab.page, marker)
        out["memory"] = settled_pss(marker)[1]
    finally:
        browser.close()
    return out


def rows() -> list[Row]:
    require_dist()
    from playwright.sync_api import sync_playwright

    with (
        tempfile.TemporaryDirectory() as tmp,
        static_server(DIST) as origin,
        sync_playwright() as pw,
    ):
        pinned = Path(tmp) / "chromium-on-one-core"
        pinned.write_text(f'#!/bin/sh\nexec taskset -c {CORE} {CHROMIUM} "$@"\n')
        pinned.chmod(0o755)
        normal = profile(pw, origin, None)
        with one_busy_core() as busy:
            began = time.monotonic()
            slow = profile(pw, origin, pinned)
            share = cpu_seconds(busy.pid) / (time.monotonic() - began)
    return profile_rows(normal, slow, share)


def profile_rows(normal: dict[str, Any], slow: dict[str, Any], share: float) -> list[Row]:
    out: list[Row] = [
        ("slow device: the busy loop's share of the core", round(share, 2), "of a core")
    ]
    for what, label, unit, digits in (
        ("drawn", "navigation -> board drawn, cold", "ms", 0),
        ("ready", "navigation -> engine ready, cold", "ms", 0),
        ("first", "first click -> move drawn", "ms", 0),
        ("seen", "first click sent -> move seen by the bench", "ms (round trips included)", 0),
        ("review", f"review, Othello 60 moves, depth {DEPTH}, Auto", "s", 1),
        ("memory", "page memory after the review", "MB anonymous PSS", 0),
    ):
        for name, found in (("normal", normal), ("slow device", slow)):
            note = unit
            if name != "normal" and normal[what]:
                note += f" = {found[what] / normal[what]:.2f} x normal"
            if what == "review":
                note += (
                    f" ({found['pool']['size']} worker(s); cores told {found['pool']['cores']};"
                    f" the browser used {found['cores']:.2f} cores)"
                )
            out.append((f"{name}: {label}", round(found[what], digits or None), note))
    for game, (_, _, top, seconds) in GAMES.items():
        budget = seconds * PAGE_SLOWDOWN
        for name, found in (("normal", normal), ("slow device", slow)):
            waits, depths = found[game]
            depth = f"{statistics.mean(depths):.1f}" if depths else "-"
            out.append(
                (
                    f"{name}: {game} level {top}, {len(waits)} replies, worst",
                    round(max(waits), 2),
                    (
                        f"s = {max(waits) / budget:.2f} x the {budget:g} s budget; median "
                        f"{statistics.median(waits):.2f} s; mean depth {depth}"
                    ),
                )
            )
    return out


if __name__ == "__main__":
    print_rows(rows())
