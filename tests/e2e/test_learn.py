"""Learn Themisto in Chromium (issue 27): the course opened from the Rules view, every step
completed by playing its answer on the page (typed, as a keyboard user would), a wrong move
explained, Try again, the progress kept, and the way back to the game. Its part runs in the
page of test_puzzles.py's test_puzzles_in_one_page (both issue 27's), after the puzzles."""

from __future__ import annotations

from conftest import PageWatch, wait_until
from playwright.sync_api import Page
from test_games import open_link, shoot, snapshot
from test_site import assert_clean

from learn_course import COURSE, judged


def answers(step: dict) -> tuple[str, str]:
    """A move that meets the step's goal and one that misses it (natively)."""
    moves = judged(step)
    return next(n for n, ok in moves.items() if ok), next(n for n, ok in moves.items() if not ok)


def type_move(page: Page, move: str) -> None:
    page.fill("#move-input", move)
    page.press("#move-input", "Enter")


def part_the_themisto_course_step_by_step(page: Page, watch: PageWatch, origin: str) -> None:
    """In a page where no step of the course is learned yet; it leaves the course learned."""
    open_link(page, "themisto/b1-b4")  # was a first start at the link
    # As on a first start at the link: no notice of the game the link replaced.
    page.click("#notice-close")
    wait_until(page, "window.flipside.snapshot().notice === null")
    assert page.locator("#learn-offer").is_visible()
    page.click("#rules")
    page.click("#learn-themisto")
    wait_until(page, "window.flipside.snapshot().lesson?.step === 1")
    steps = COURSE["steps"]
    for number, step in enumerate(steps, start=1):
        right, wrong = answers(step)
        if number == 3:  # a wrong move gets its explanation, then Try again
            type_move(page, wrong)
            wait_until(page, "window.flipside.snapshot().lesson?.result === 'wrong'")
            assert snapshot(page)["lesson"]["text"] == step["wrong"]
            shoot(page, "learn-themisto-wrong.png")
            page.click("#lesson-retry")
            wait_until(page, "window.flipside.snapshot().moves.length === 0")
        type_move(page, right)
        wait_until(page, "window.flipside.snapshot().lesson?.result === 'done'")
        text = snapshot(page)["lesson"]["text"]
        assert text.startswith(step["done"]), (number, text)
        if number < len(steps):
            page.click("#lesson-next")
            wait_until(page, f"window.flipside.snapshot().lesson?.step === {number + 1}")
    assert text.endswith(COURSE["afterword"])
    assert (
        page.locator("#lesson-progress").inner_text()
        == f"{len(steps)} of {len(steps)} steps learned"
    )
    shoot(page, "learn-themisto-done.png")
    page.click("#lesson-leave")
    wait_until(page, "window.flipside.snapshot().transcript === 'b1-b4'")
    snap = snapshot(page)
    assert snap["lesson"] is None and not page.locator("#learn-offer").is_visible()
    assert_clean(watch, origin)
