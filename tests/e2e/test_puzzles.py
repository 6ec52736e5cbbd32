"""Puzzles in Chromium (issue 27): the set fetched only when opened, a puzzle solved by a
click, a wrong move refuted, Try again and the solution, the streak kept, puzzle links
(valid, malformed, out of range) and the way back to the game. Every engine:
test_engines.py."""

from __future__ import annotations

import json
from pathlib import Path

from conftest import PageWatch, StaticServer, wait_ready, wait_until
from playwright.sync_api import Browser, Page
from test_games import open_link, shoot, snapshot
from test_site import assert_clean, click_square

from flipside.othello import Board
from flipside.themisto.ai.threats import winning_moves
from flipside.themisto.board import Board as ThemistoBoard
from flipside.themisto.notation import Move as ThemistoMove
from test_learn import part_the_themisto_course_step_by_step
from test_review import part_a_reviewed_game_on_a_phone

ROOT = Path(__file__).resolve().parents[2]


def puzzles(game: str) -> list[dict]:
    return json.loads((ROOT / "web" / "puzzles" / f"{game}.json").read_text())["puzzles"]  # type: ignore[no-any-return]


def wrong_move(puzzle: dict) -> str:
    """A move other than the best after which the opponent has a move to answer with."""
    board = Board.from_position(puzzle["position"][:64] + " " + puzzle["position"][64:])
    for move in board.legal_moves():
        after = board.copy()
        after.push(move)
        if str(move) != puzzle["best"] and after.has_legal_move():
            return str(move)
    raise AssertionError(f"puzzle {puzzle['id']} has no wrong move with an answer")


def part_an_othello_puzzle_solved_and_one_refuted(
    page: Page, watch: PageWatch, origin: str
) -> None:
    """First in its page (a first start at #othello/f5d6c3): no puzzle set fetched yet. It
    leaves a training session open."""
    assert snapshot(page)["link"] == "othello/f5d6c3"
    wait_until(page, "window.flipside.snapshot().searchReady", 60_000)
    assert not [u for u in snapshot(page)["resources"] if "/puzzles/" in u]  # not on a visit
    first, second = puzzles("othello")[:2]

    page.click("#puzzles")
    wait_until(page, "window.flipside.snapshot().puzzle?.id === 1")
    snap = snapshot(page)
    assert [u for u in snap["resources"] if "/puzzles/" in u] == [origin + "/puzzles/othello.json"]
    assert page.evaluate("location.hash") == "#puzzle/othello/1"
    assert snap["computer"] is None and snap["hintMode"] is False
    assert snap["notice"] == "Opened Othello puzzle 1. Your previous game is kept."
    click_square(page, first["best"])
    wait_until(page, "window.flipside.snapshot().puzzle?.result === 'solved'")
    snap = snapshot(page)
    assert snap["puzzle"]["text"] == f"Solved: {first['best']} is the best move."
    assert snap["puzzle"]["score"].startswith("Streak 1 · solved 1 of ")
    shoot(page, "puzzle-othello-solved.png")

    page.click("#puzzle-next")
    wait_until(page, "window.flipside.snapshot().puzzle?.id === 2")
    page.click("#puzzle-hint")
    assert snapshot(page)["puzzle"]["text"] == f"Hint: the move is on the {second['best'][0]} file."
    wrong = wrong_move(second)
    click_square(page, wrong)
    wait_until(page, "window.flipside.snapshot().puzzle?.reply != null", 30_000)
    wait_until(page, "window.flipside.snapshot().moves.length === 2")
    snap = snapshot(page)
    assert snap["moves"] == [wrong, snap["puzzle"]["reply"]]
    assert snap["puzzle"]["text"].startswith(f"{wrong} is not the best move: ")
    assert snap["puzzle"]["score"].startswith("Streak 0 · solved 1 of ")
    shoot(page, "puzzle-othello-refuted.png")
    page.click("#puzzle-retry")
    wait_until(page, "window.flipside.snapshot().moves.length === 0")
    page.click("#puzzle-solution")
    wait_until(page, "window.flipside.snapshot().moves.length === 1")
    assert snapshot(page)["moves"] == [second["best"]]

    # Back to your game: the game the first puzzle replaced (not the first puzzle).
    page.click("#puzzle-leave")
    wait_until(page, "window.flipside.snapshot().transcript === 'f5d6c3'")
    assert snapshot(page)["puzzle"] is None

    # The missed puzzle is a card of Puzzles you missed, due now; training it opens puzzle 2.
    page.click("#training-open")
    wait_until(
        page,
        "window.flipside.snapshot().training?.open"
        " && window.flipside.snapshot().training.counts?.puzzles.due === 1",
        60_000,
    )
    counts = snapshot(page)["training"]["counts"]
    assert counts["puzzles"]["total"] == 1 and counts["mistakes"]["total"] == 0
    page.click('#training-decks li[data-deck="puzzles"] button')
    wait_until(page, "window.flipside.snapshot().training.active?.kind === 'puzzle'")
    wait_until(page, "window.flipside.snapshot().puzzle?.id === 2")
    assert_clean(watch, origin)


def part_puzzle_links_valid_malformed_and_out_of_range(
    page: Page, watch: PageWatch, origin: str
) -> None:
    third = puzzles("themisto")[2]
    page.evaluate("location.hash = 'puzzle/themisto/3'")  # was a first start at the link
    wait_until(page, "window.flipside.snapshot().puzzle?.id === 3")
    snap = snapshot(page)
    assert snap["game"] == "themisto" and snap["puzzle"]["best"] == third["best"]
    page.evaluate(
        "(move) => { document.getElementById('move-input').value = move;"
        " document.getElementById('move-form').requestSubmit(); }",
        third["best"],
    )
    wait_until(page, "window.flipside.snapshot().puzzle?.result === 'solved'")
    shoot(page, "puzzle-themisto-solved.png")
    record = snapshot(page)["record"]
    count = len(puzzles("othello"))
    for link, message in (
        (
            "puzzle/othello/99999",
            f"There is no Othello puzzle 99999: they are numbered 1 to {count}.",
        ),
        ("puzzle/chess/1", 'The link "#puzzle/chess/1" names no puzzle'),
        ("puzzle/othello/x", 'The link "#puzzle/othello/x" names no puzzle'),
    ):
        page.evaluate(f"location.hash = '{link}'")
        wait_until(page, f"(window.flipside.snapshot().notice || '').startsWith({message!r})")
        assert snapshot(page)["record"] == record  # nothing lost
    assert_clean(watch, origin)


def type_move(page: Page, move: str) -> None:
    page.evaluate(
        "(move) => { document.getElementById('move-input').value = move;"
        " document.getElementById('move-form').requestSubmit(); }",
        move,
    )


def not_winning(puzzle: dict) -> str:
    """A move after the first move and the defence of a win in two that does not win."""
    board = ThemistoBoard.from_position(puzzle["position"].replace("_", " "))
    board.push(ThemistoMove.parse(puzzle["best"]))
    board.push(ThemistoMove.parse(puzzle["defence"]))
    winning = {str(m) for m in winning_moves(board)}
    return next(str(m) for m in board.legal_moves() if str(m) not in winning)


def part_a_themisto_win_in_two_and_the_kind_menu(page: Page, watch: PageWatch, origin: str) -> None:
    """The kind menu opens the first win in two; its first move brings the set's defence, a
    second move that does not win fails, Try again and a winning move solve it; the next
    puzzle keeps to the kind, and its solution plays the whole line. Last in its page: it
    leaves the kind menu on "win in two"."""
    first, second = [p for p in puzzles("themisto") if p["kind"] == "win in two"][:2]
    page.evaluate("location.hash = 'puzzle/themisto/1'")  # was a first start at the link
    wait_until(page, "window.flipside.snapshot().puzzle?.id === 1")
    options = page.eval_on_selector_all("#puzzle-kind option", "os => os.map(o => o.value)")
    assert options == ["", "win in one", "save the game", "win in two"]
    page.select_option("#puzzle-kind", "win in two")
    wait_until(page, f"window.flipside.snapshot().puzzle?.id === {first['id']}")
    assert page.evaluate("location.hash") == f"#puzzle/themisto/{first['id']}"

    type_move(page, first["best"])
    wait_until(page, "window.flipside.snapshot().moves.length === 2")
    snap = snapshot(page)
    assert snap["moves"] == [first["best"], first["defence"]] and snap["puzzle"]["result"] is None
    assert snap["puzzle"]["text"].endswith("Now win at once.")
    shoot(page, "puzzle-themisto-win-in-two.png")
    wrong = not_winning(first)
    type_move(page, wrong)
    wait_until(page, "window.flipside.snapshot().puzzle?.result === 'failed'")
    assert snapshot(page)["puzzle"]["text"].startswith(f"{wrong} does not win at once")
    page.click("#puzzle-retry")
    wait_until(page, "window.flipside.snapshot().moves.length === 0")
    type_move(page, first["best"])
    wait_until(page, "window.flipside.snapshot().moves.length === 2")
    type_move(page, first["win"])
    wait_until(page, "window.flipside.snapshot().puzzle?.result === 'solved'")
    assert snapshot(page)["puzzle"]["text"] == (
        f"Solved: {first['best']}, and after {first['defence']}, {first['win']} wins."
    )

    page.click("#puzzle-next")
    wait_until(page, f"window.flipside.snapshot().puzzle?.id === {second['id']}")
    page.click("#puzzle-solution")
    wait_until(page, "window.flipside.snapshot().moves.length === 3")
    snap = snapshot(page)
    assert snap["moves"] == [second["best"], second["defence"], second["win"]] and snap["over"]
    assert snap["puzzle"]["text"] == (
        f"The solution: {second['best']}; after {second['defence']}, {second['win']} wins."
    )
    assert_clean(watch, origin)


def test_puzzles_in_one_page(page: Page, watch: PageWatch, root_server: StaticServer) -> None:
    """The former one-page tests of this file as parts, in turn, in one page (one engine
    start): the Othello puzzles first (the set is fetched only when opened: its link is the
    page's start), then, back from its training session by its own button, the puzzle
    links and the win in two, each opened by a link in the address bar; last, test_learn.py's
    course (it leaves the course learned), its game opened by a link too. The phone keeps a
    context of its own (its viewport)."""
    origin = root_server.origin
    page.goto(origin + "/#othello/f5d6c3")
    wait_ready(page)
    part_an_othello_puzzle_solved_and_one_refuted(page, watch, origin)
    # Out of the training session the first part left open, by its own button.
    page.click("#training-leave")
    wait_until(
        page,
        "!window.flipside.snapshot().training?.active && window.flipside.snapshot().puzzle === null",
    )
    part_puzzle_links_valid_malformed_and_out_of_range(page, watch, origin)
    part_a_themisto_win_in_two_and_the_kind_menu(page, watch, origin)
    part_the_themisto_course_step_by_step(page, watch, origin)


def part_a_puzzle_and_a_lesson_on_a_phone(page: Page, phone_watch: PageWatch, origin: str) -> None:
    """First in its phone page: the puzzle's link is the page's start. It leaves the lesson
    open."""
    wait_until(page, "window.flipside.snapshot().puzzle?.id === 7")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    page.locator("#puzzle").scroll_into_view_if_needed()
    shoot(page, "phone-puzzle.png")
    open_link(page, "themisto/b1-b4")  # was a second start, at the link
    page.click("#learn-offer")
    wait_until(page, "window.flipside.snapshot().lesson?.step === 1")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    shoot(page, "phone-lesson.png")
    assert phone_watch.errors == []


def test_study_views_on_a_phone(browser: Browser, root_server: StaticServer) -> None:
    """A page of its own: a phone's viewport and touch are the context's options. Two former
    tests as parts, in turn, in it: the puzzle and the lesson (the puzzle's link is the
    page's start), then, back from the lesson by its own button, test_review.py's reviews of
    both games, each opened by a link in the address bar."""
    context = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True)
    try:
        phone_watch = PageWatch(context)
        page = context.new_page()
        origin = root_server.origin
        page.goto(origin + "/#puzzle/othello/7")
        wait_ready(page)
        part_a_puzzle_and_a_lesson_on_a_phone(page, phone_watch, origin)
        page.click("#lesson-leave")  # out of the lesson the first part left open
        wait_until(page, "window.flipside.snapshot().lesson === null")
        part_a_reviewed_game_on_a_phone(page, phone_watch, origin)
    finally:
        context.close()
