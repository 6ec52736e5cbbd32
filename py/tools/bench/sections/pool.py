"""The page's pool of search workers (issue 39) in headless Chromium, in one page: the
review of the bench's 60-move Othello game (the ``review`` section's) with 1 and with 2
workers at the same fixed depth per move (``DEPTH``: the same rows whatever the speed), and
the page's memory with 1 worker, with 2, and after the extra worker's idle stop.

The review is timed in the page, from ``flipside.review({depth})`` to the summary. With 2
workers it is timed twice: the first review starts the extra worker (a snapshot start and a
warm-up, as a player's first review does), the second finds it running. Memory is the
proportional set size (PSS) summed over the marked Chromium's processes (the workers are
threads of the page's renderer, so their WebAssembly memory is in it), and each worker's
WebAssembly memory as its last answer reported it.

``rows()`` returns ``(name, value, unit/note)`` tuples for the bench table (``./build.sh
bench``; ``dist/`` must be built); run the file to print them.
"""

from __future__ import annotations

import os
import uuid
from pathlib import Path
from typing import Any

from tools import DIST
from tools.bench.page import require_dist, static_server, wait_ready
from tools.bench.sections.first_visit import browser_pids, settled_pss, wait_for
from tools.bench.sections.review import othello_game
from tools.bench.table import Row, print_rows
from tools.browsers import CHROMIUM, CHROMIUM_ARGS, VIEWPORT

DEPTH = 5
"""The review's fixed depth per move (the ``parallel_native`` section reviews at 5 too)."""
IDLE_MS = 2_000
"""The idle stop's delay for the bench (the page's is a minute)."""

GRAPH_DONE = "window.flipside.snapshot().evaluation.every((v) => v !== null)"

REVIEW = """async (depth) => {
    const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
    const f = window.flipside;
    const record = f.snapshot().record;
    const replies = [];
    const frames = [];
    let done = false;
    let last = 0;
    const frame = (t) => {
        if (last) frames.push(t - last);
        last = t;
        if (!done) requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
    const ask = async () => {
        while (!done) {
            const t = performance.now();
            await f.engine.call("state", { record });
            replies.push(performance.now() - t);
            await sleep(200);
        }
    };
    const asking = ask();
    const began = performance.now();
    f.review({ depth });
    while (!f.snapshot().review?.summary) await sleep(20);
    const seconds = (performance.now() - began) / 1000;
    done = true;
    await asking;
    return { seconds, replies, frames };
}"""
"""A review asked as the page asks it: its seconds to the summary on the page's clock, and
meanwhile the page's responsiveness: the rules worker's answer to a ``state`` every 200 ms
(what a click on the board waits for), and the gaps between animation frames, in ms."""


def workers(page: Any, setting: str) -> None:
    """Choose ``setting`` in the Search workers menu, as a player does."""
    page.select_option("#workers", setting)


def until(page: Any, condition: str, seconds: float) -> None:
    """Wait until ``condition`` (JavaScript) holds in ``page``; raise after ``seconds``."""
    if not wait_for(page, condition, seconds):
        raise AssertionError(f"not within {seconds:g} s: {condition}")


def heaps_mb(page: Any) -> list[float]:
    """Each running search worker's WebAssembly memory as of its last answer, in MB (the
    rules worker's is not among them)."""
    heaps = page.evaluate("window.flipside.snapshot().pool.heaps")
    return [round(h / 2**20) for h in heaps if h]


def browser_cpu(marker: str) -> float:
    """CPU seconds (user and system) the marked Chromium's processes have used so far."""
    total = 0
    for pid in browser_pids(marker):
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        total += int(fields[11]) + int(fields[12])
    return total / os.sysconf("SC_CLK_TCK")


def timed_review(page: Any, marker: str) -> tuple[float, float, str]:
    """A review at ``DEPTH``: its seconds, the cores the browser used meanwhile (its CPU
    seconds over the review's), and the page's responsiveness meanwhile (see ``REVIEW``)."""
    cpu = browser_cpu(marker)
    found = page.evaluate(REVIEW, DEPTH)
    seconds = float(found["seconds"])
    replies = sorted(found["replies"])
    frames = found["frames"]
    felt = (
        f"the rules worker's answer median {replies[len(replies) // 2]:.0f} ms, worst "
        f"{replies[-1]:.0f} ms ({len(replies)} asked); longest frame {max(frames):.0f} ms"
    )
    return seconds, (browser_cpu(marker) - cpu) / seconds, felt


def move_seconds(page: Any) -> list[float]:
    """Each move's judge on the search worker, in seconds, from its last answers (with one
    worker the moves are judged one after the other, each asked when the last is answered)."""
    answers = page.evaluate("window.flipside.snapshot().searchAnswers")
    return [(a["at"] - a["asked"]) / 1000 for a in answers if a["method"] == "judge"]


def on_idle_cores(seconds: list[float], workers: int) -> float:
    """The time ``workers`` idle cores take for moves of ``seconds``, each worker taking the
    next move in order when free (as the page's review hands them out)."""
    free = [0.0] * workers
    for took in seconds:
        at = free.index(min(free))
        free[at] += took
    return max(free)


def memory_row(
    label: str, memory: tuple[float, float], one: tuple[float, float], heaps: list[float]
) -> Row:
    """A row of the page's memory: anonymous PSS (the page's own: Chromium's code, which the
    machine's other Chromiums share, moves with them), against 1 worker's, and all PSS."""
    return (
        f"Chromium: page memory, {label}",
        round(memory[1]),
        f"MB anonymous PSS, {memory[1] - one[1]:+.0f} MB against 1 worker "
        + f"(all PSS {memory[0]:.0f} MB; the search workers' WebAssembly "
        + f"{' + '.join(map(str, heaps))} MB)",
    )


def rows() -> list[Row]:
    require_dist()
    from playwright.sync_api import sync_playwright

    record = othello_game()
    marker = f"--flipside-bench={uuid.uuid4().hex}"
    with static_server(DIST) as origin, sync_playwright() as pw:
        browser: Any = pw.chromium.launch(executable_path=CHROMIUM, args=[*CHROMIUM_ARGS, marker])
        try:
            page = browser.new_context(viewport=VIEWPORT).new_page()
            page.goto(f"{origin}/#{record}")
            wait_ready(page)
            workers(page, "1")
            until(page, "window.flipside.snapshot().searchReady", 120)
            until(page, GRAPH_DONE, 120)  # the graph's values do not wait in the review's times
            one, one_cores, one_felt = timed_review(page, marker)
            moves = move_seconds(page)
            memory_one = settled_pss(marker)
            heaps_one = heaps_mb(page)
            workers(page, "2")
            two_cold, _, _ = timed_review(page, marker)
            two, two_cores, two_felt = timed_review(page, marker)
            pool = page.evaluate("window.flipside.snapshot().pool")
            memory_two = settled_pss(marker)
            heaps_two = heaps_mb(page)
            page.evaluate(f"window.flipside.pool.idleMs = {IDLE_MS}")
            until(page, "window.flipside.snapshot().pool.running === 1", IDLE_MS / 100)
            memory_after = settled_pss(marker)
            heaps_after = heaps_mb(page)
        finally:
            browser.close()
    plies = len(record.split("/", 1)[1]) // 2
    name = f"Chromium: review, Othello {plies} moves, depth {DEPTH}"
    model = {n: on_idle_cores(moves, n) / sum(moves) for n in (2, 4, 8)}
    return [
        (
            f"{name}, 1 worker",
            round(one, 1),
            f"s (the browser used {one_cores:.2f} cores: {one * one_cores:.1f} CPU s)",
        ),
        (
            f"{name}, 2 workers",
            round(two, 1),
            (
                f"s = {two / one:.2f} x 1 worker's (goal <= 0.6; the extra worker running; "
                f"the browser used {two_cores:.2f} cores: {two * two_cores:.1f} CPU s)"
            ),
        ),
        (
            f"{name}, 2 workers, the first",
            round(two_cold, 1),
            f"s = {two_cold / one:.2f} x (the extra worker's start included)",
        ),
        ("  pool while reviewing", pool["size"], f"workers; {pool['lost']} lost"),
        ("  the page meanwhile, 1 worker", round(one, 1), f"s; {one_felt}"),
        ("  the page meanwhile, 2 workers", round(two, 1), f"s; {two_felt}"),
        (
            f"{name}, on 2 / 4 / 8 idle cores",
            round(model[2], 2),
            (
                f"x 1 worker's / {model[4]:.2f} x / {model[8]:.2f} x (the {len(moves)} moves' "
                f"times with 1 worker, handed out in order; slowest move {max(moves):.2f} s)"
            ),
        ),
        memory_row("1 worker", memory_one, memory_one, heaps_one),
        memory_row("2 workers", memory_two, memory_one, heaps_two),
        memory_row("after the idle stop", memory_after, memory_one, heaps_after),
    ]


if __name__ == "__main__":
    print_rows(rows())
