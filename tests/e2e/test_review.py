"""The game review in Chromium (issue 26): a Themisto game reviewed with its proven blunders,
the n / p keys, a review cancelled half way, a reviewed game reloaded with its review kept, the
finished game's banner offering it, and phone-sized screenshots. The Othello review runs in
every engine (test_engines.py)."""

from __future__ import annotations

from conftest import PageWatch, StaticServer, wait_ready, wait_until
from playwright.sync_api import Page
from test_games import open_link, shoot, snapshot
from test_site import assert_clean

from flipside.othello import Board

THEMISTO = "h6-g5,a6-b5,c1-c2,a3-c1,a7-c7,h5-h6"
"""Six random Themisto moves: wins in one missed and allowed (tests/test_review.py)."""
OTHELLO = "e6d6c3f4d7c5g4g3c4g5"

REVIEWED = "(() => { const r = window.flipside.snapshot().review; return !!r?.summary; })()"


def open_and_review(page: Page, origin: str, record: str) -> dict:
    page.goto("about:blank")
    page.goto(f"{origin}/#{record}")
    wait_ready(page)
    wait_until(page, "window.flipside.snapshot().searchReady", 60_000)
    page.click("#review-start")
    wait_until(page, REVIEWED, 120_000)
    return snapshot(page)["review"]


def review_in_this_page(page: Page, record: str) -> dict:
    """As ``open_and_review``, in the page already open: the link in the address bar."""
    open_link(page, record)
    wait_until(page, "window.flipside.snapshot().searchReady", 60_000)
    page.click("#review-start")
    wait_until(page, REVIEWED, 120_000)
    return snapshot(page)["review"]


def part_a_themisto_game_reviewed_with_its_proven_blunders_and_the_keys(
    page: Page, watch: PageWatch, origin: str
) -> None:
    review = review_in_this_page(page, f"themisto/{THEMISTO}")  # was a first start at it
    rows = review["rows"]
    assert [r["move"] for r in rows] == THEMISTO.split(",")
    assert review["summary"]["scale"]["unit"] == "points"
    # A move that gives up a forced win, or walks into one, is a blunder whatever its loss.
    proven = [
        r for r in rows if r["bestValue"] == 8 > r["value"] or r["value"] == -8 < r["bestValue"]
    ]
    assert proven and all(r["mark"] == "blunder" for r in proven)
    players = review["summary"]["players"]
    assert sum(p["blunder"] for p in players.values()) == sum(r["mark"] == "blunder" for r in rows)
    shoot(page, "review-themisto.png")

    # n and p step between the marked moves (the position before each, after the one on
    # screen); the best move ringed.
    marked = [r["ply"] for r in rows if r["mark"] and r["ply"] > 0]
    assert len(marked) >= 2
    page.keyboard.press("Home")
    wait_until(page, "window.flipside.snapshot().ply === 0")
    page.keyboard.press("n")
    wait_until(page, f"window.flipside.snapshot().ply === {marked[0]}")
    page.keyboard.press("n")
    wait_until(page, f"window.flipside.snapshot().ply === {marked[1]}")
    page.keyboard.press("p")
    wait_until(page, f"window.flipside.snapshot().ply === {marked[0]}")
    assert snapshot(page)["review"]["ringed"] == rows[marked[0]]["bestSquares"]
    assert len(rows[marked[0]]["bestSquares"]) == 2  # Themisto: from and to
    assert_clean(watch, origin)


def part_a_review_cancelled_half_way_and_a_reviewed_game_reloaded(
    page: Page, watch: PageWatch, origin: str
) -> None:
    """Last in its page: it reloads the page (the kept review read on load)."""
    open_link(page, f"othello/{OTHELLO}")  # was a first start at the link
    wait_until(page, "window.flipside.snapshot().searchReady", 60_000)
    page.click("#review-start")
    wait_until(page, "window.flipside.snapshot().review?.judged >= 2", 60_000)
    running = snapshot(page)["review"]
    assert running["running"] and running["progressText"].startswith("Reviewing: ")
    page.click("#review-cancel")
    snap = snapshot(page)
    assert snap["review"] is None and snap["transcript"] == OTHELLO
    # The page stays playable and the search worker free: a move, then its undo.
    page.click("#undo")
    wait_until(page, f"window.flipside.snapshot().moves.length === {len(OTHELLO) // 2 - 1}")
    page.click("#redo")
    wait_until(page, f"window.flipside.snapshot().moves.length === {len(OTHELLO) // 2}")

    page.click("#review-start")
    wait_until(page, REVIEWED, 120_000)
    rows = snapshot(page)["review"]["rows"]
    page.reload()
    wait_ready(page)
    # The kept review is there at once, not computed again.
    wait_until(page, REVIEWED, 2_000)
    review = snapshot(page)["review"]
    assert review["rows"] == rows and not review["running"]
    assert_clean(watch, origin)


def finished_game() -> str:
    """A whole Othello game (the first legal move each ply)."""
    board = Board()
    while not board.is_game_over():
        board.push(board.legal_moves()[0])
    return board.transcript()


def part_the_finished_game_offers_its_review(page: Page, watch: PageWatch, origin: str) -> None:
    """First in its page: its link is the page's start (a finished game on load)."""
    snap = snapshot(page)
    assert snap["link"] == f"othello/{finished_game()}"
    assert snap["over"]
    wait_until(page, "window.flipside.snapshot().notice?.startsWith('Game over.')")
    assert page.locator("#notice-action").inner_text() == "Analyse game"
    wait_until(page, "window.flipside.snapshot().searchReady", 60_000)
    page.click("#notice-action")
    wait_until(page, "window.flipside.snapshot().review?.running === true")
    page.click("#review-cancel")
    assert_clean(watch, origin)


def test_reviews_in_one_page(page: Page, watch: PageWatch, root_server: StaticServer) -> None:
    """The former one-page tests of this file as parts, in turn, in one page (one engine
    start): the finished game first (its link is the page's start), then the Themisto
    review and the Othello review cancelled and reloaded (the reload last), each game opened
    by a link in the address bar. The phone's part runs in a phone's context of its own (its
    viewport): test_puzzles.py's test_study_views_on_a_phone."""
    origin = root_server.origin
    page.goto(f"{origin}/#othello/{finished_game()}")
    wait_ready(page)
    part_the_finished_game_offers_its_review(page, watch, origin)
    part_a_themisto_game_reviewed_with_its_proven_blunders_and_the_keys(page, watch, origin)
    part_a_review_cancelled_half_way_and_a_reviewed_game_reloaded(page, watch, origin)


def part_a_reviewed_game_on_a_phone(page: Page, phone_watch: PageWatch, origin: str) -> None:
    """In a phone's page (test_puzzles.py's test_study_views_on_a_phone)."""
    for name, record in (
        ("othello", f"othello/{OTHELLO}"),
        ("themisto", f"themisto/{THEMISTO}"),
    ):
        review_in_this_page(page, record)  # was a start at the link (after about:blank)
        assert page.evaluate("document.documentElement.scrollWidth") <= 390
        page.locator("#review").scroll_into_view_if_needed()
        shoot(page, f"phone-review-{name}.png")
    assert phone_watch.errors == []
