"""The Othello AI on the page: computer opponent, "Move now", responsiveness, hints, the
evaluation graph, the opening name, a failed search worker (Chromium against dist/)."""

from __future__ import annotations

import pytest
from conftest import PageWatch, StaticServer, wait_ready, wait_until
from playwright.sync_api import BrowserContext, Page, expect
from test_games import OTHELLO_DEFAULTS, open_link, start_game
from test_site import assert_clean, play

from flipside import facade as web
from flipside.othello import Board, Color

REPLY_BUDGET_MS = 2400
"""The top level's budget in the page (a reply's, on average, from the click)."""
ONLY_MOVE_PASSES = (
    "othello/&start=---XO----XX-------XX-------XX------XX-------X-------------------O"
)
"""A set-up position: White's only move (c1) leaves Black no move, so White moves again."""


def legal_names(board: Board) -> list[str]:
    return [str(m) for m in board.legal_moves()]


def late_game(empties: int, step: int = 7) -> str:
    """A reproducible transcript with ``empties`` empty squares: the ply's ``step``-th legal
    move (cyclically) each time (step 7: the same walk as test_web)."""
    board = Board()
    while 64 - board.count(Color.BLACK) - board.count(Color.WHITE) > empties:
        moves = board.legal_moves()
        board.push(moves[(board.ply * step) % len(moves)])
    return board.transcript()


def snapshot(page: Page) -> dict:
    return page.evaluate("window.flipside.snapshot()")


def wait_reply(page: Page, plies: int) -> dict:
    """Wait until the game has ``plies`` placed moves and the computer is not thinking."""
    wait_until(
        page,
        "(() => { const s = window.flipside.snapshot();"
        f" return s.transcript.length === {2 * plies} && !s.thinking && !s.busy; }})()",
        60_000,
    )
    return snapshot(page)


def part_computer_replies_at_level_1_and_at_the_top_level(
    page: Page, watch: PageWatch, origin: str
) -> None:
    """It reloads the page (the settings read on load)."""
    start_game(page, "othello", **OTHELLO_DEFAULTS)  # was a first start at /
    page.select_option("#computer", "white")
    page.select_option("#level", "1")
    play(page, "f5")
    snap = wait_reply(page, 2)
    reply = snap["moves"][1]
    assert reply in legal_names(Board.from_transcript("f5"))
    assert snap["position"] == Board.from_transcript("f5" + reply).position()
    assert snap["toMove"] == "black" and snap["computer"] == "white" and snap["level"] == 1

    page.select_option("#level", "6")
    move = snap["legal"][0]
    play(page, move)
    snap = wait_reply(page, 4)
    board = Board.from_transcript(snap["transcript"][:6])
    assert snap["moves"][3] in legal_names(board)

    # The settings are remembered (versioned key) and shown again after a reload.
    assert page.evaluate("JSON.parse(localStorage.getItem('flipside.settings.v1'))") == {
        "computer": "white",
        "level": 6,
        "level2": 3,  # watching: the second side's level (the default)
        "hints": False,
        "you": "A",
    }
    page.reload()
    wait_ready(page)
    expect(page.locator("#computer")).to_have_value("white")
    expect(page.locator("#level")).to_have_value("6")
    assert "against the computer" in page.locator("#tagline").inner_text()
    assert_clean(watch, origin)


@pytest.mark.timed
def test_move_now_and_the_page_stays_responsive_while_thinking(
    page: Page, watch: PageWatch, root_server: StaticServer
) -> None:
    transcript = late_game(15)  # level 6 solves from 15 empties: a search of seconds
    board = Board.from_transcript(transcript)
    mover = "black" if board.turn is Color.BLACK else "white"
    page.goto(root_server.origin + f"/#othello/{transcript}")
    wait_ready(page)
    page.select_option("#level", "6")
    page.select_option("#computer", mover)  # the computer is to move: it starts thinking
    wait_until(page, "window.flipside.snapshot().thought !== null", 60_000)

    # "Move now" plays the best move so far at once (the full search takes seconds).
    elapsed, best, unfinished = page.evaluate(
        """async (length) => {
            const before = window.flipside.snapshot();
            const best = before.thought.move;
            const unfinished = before.thinking && !before.thought.exact;
            const start = performance.now();
            document.getElementById('move-now').click();
            while (window.flipside.snapshot().transcript.length === length)
                await new Promise((r) => setTimeout(r, 10));
            return [performance.now() - start, best, unfinished];
        }""",
        len(transcript),
    )
    assert unfinished  # the search had not solved the position yet: Move now played it
    assert elapsed < 1500, f"Move now took {elapsed:.0f} ms"
    snap = wait_reply(page, len(transcript) // 2 + 1)
    assert snap["transcript"] == transcript + best
    assert best in legal_names(board)

    # While the computer thinks: the page and the rules worker answer, the board is drawn,
    # and Undo drops the search, leaving a consistent game.
    played = transcript + best
    play(page, snap["legal"][0])
    wait_until(page, "window.flipside.snapshot().thinking", 30_000)
    during = page.evaluate(
        """async (played) => {
            const thinking = window.flipside.snapshot().thinking;
            const start = performance.now();
            const state = await window.flipside.engine.call('state', {record: 'othello/' + played});
            const answered = performance.now() - start;
            const c = document.getElementById('board');
            const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
            let lit = 0;
            for (let i = 0; i < d.length; i += 4000) lit += d[i + 1] > 0;
            const box = document.getElementById('thinking');
            const indicator = !box.hidden && getComputedStyle(box).visibility === 'visible';
            const undoEnabled = !document.getElementById('undo').disabled;
            document.getElementById('undo').click();
            return { thinking, answered, position: state.position, lit, indicator, undoEnabled,
                     stillThinking: window.flipside.snapshot().thinking };
        }""",
        played,
    )
    assert during["thinking"] and during["stillThinking"] and during["indicator"]
    assert during["position"] == Board.from_transcript(played).position()
    assert during["answered"] < 1000  # the rules worker is not the one searching
    assert during["lit"] > 100 and during["undoEnabled"]
    wait_until(page, f"window.flipside.snapshot().transcript === '{played}'")
    page.wait_for_timeout(1500)  # an answer of the dropped search would have arrived by now
    snap = snapshot(page)
    assert snap["transcript"] == played and snap["thinking"] is False
    assert snap["position"] == Board.from_transcript(played).position()
    assert snap["aiError"] is None

    # The top level's moves in a row, Black passing between them, are answered within one
    # reply's budget: the second is asked with what the first spent. White's only move, c1,
    # leaves Black no move (a set-up position: from a game's own position the computer may
    # choose a move that lets Black play).
    page.select_option("#computer", "off")
    page.goto(f"{root_server.origin}/#{ONLY_MOVE_PASSES}")  # a new fragment
    wait_until(page, f"window.flipside.snapshot().record === '{ONLY_MOVE_PASSES}'")
    since = page.evaluate("performance.now()")
    page.select_option("#computer", "white")
    thinks = (
        "(window.flipside.snapshot().searchAnswers"
        f".filter((a) => a.method === 'think' && a.asked >= {since}))"
    )
    # The second answer is played through the rules worker after `thinking` ends: wait for it.
    played_both = (
        f"{thinks}.length >= 2 && !window.flipside.snapshot().thinking"
        " && window.flipside.snapshot().moves.length === 3"
    )
    wait_until(page, played_both, 60_000)
    snap = snapshot(page)
    assert snap["moves"][:2] == ["c1", "pass"] and snap["toMove"] == "black"
    after_pass = ONLY_MOVE_PASSES.replace("othello/", "othello/c1", 1)
    answers = page.evaluate(thinks)
    assert [a["record"] for a in answers] == [ONLY_MOVE_PASSES, after_pass]
    assert answers[0]["spent"] is None and answers[1]["spent"] > 0
    assert sum(a["at"] - a["asked"] for a in answers) <= 1.5 * REPLY_BUDGET_MS
    assert_clean(watch, root_server.origin)


def part_hints_value_the_legal_moves_as_the_facade_does(
    page: Page, watch: PageWatch, origin: str
) -> None:
    near_end = late_game(9)  # exact at the hint level: the same numbers whatever the speed
    open_link(page, f"othello/{near_end}")  # was a first start at the link
    page.check("#hints")
    wait_until(page, "window.flipside.snapshot().hints !== null", 60_000)
    snap = snapshot(page)
    expected = web.hints("othello/" + near_end, level=4)
    assert set(snap["hints"]) == set(snap["legal"])
    assert snap["hints"] == expected["values"] and snap["hintsExact"] is True
    assert snap["bestLine"] == expected["pv"]
    expect(page.locator("#best-line")).to_contain_text("exact")

    play(page, snap["legal"][0])  # new position, new hints (estimates in the midgame)
    wait_until(page, "window.flipside.snapshot().hints !== null", 60_000)
    snap = snapshot(page)
    assert set(snap["hints"]) == set(snap["legal"])
    page.uncheck("#hints")
    assert snapshot(page)["hints"] is None
    assert_clean(watch, origin)


def part_evaluation_graph_and_opening_name(page: Page, watch: PageWatch, origin: str) -> None:
    # The computer off, as on a first visit (the part before had it play White, who is to
    # move in this link), then the link in the address bar (was a first start at the link).
    start_game(page, "othello", **OTHELLO_DEFAULTS)
    assert snapshot(page)["computer"] is None
    open_link(page, "othello/f5d6c3d3c4")
    wait_until(page, "window.flipside.snapshot().opening === 'Tiger'")
    expect(page.locator("#opening")).to_have_text("Tiger")
    wait_until(page, "window.flipside.snapshot().evaluation.every((v) => v !== null)", 60_000)
    first = snapshot(page)["evaluation"]
    prefixes = ["f5d6c3d3c4"[: 2 * i] for i in range(1, 6)]
    assert first == [web.value("othello/" + p)["value"] for p in prefixes]

    play(page, "f4")
    wait_until(
        page,
        "(() => { const e = window.flipside.snapshot().evaluation;"
        " return e.length === 6 && e.every((v) => v !== null); })()",
        60_000,
    )
    after = snapshot(page)
    assert after["evaluation"][:5] == first
    assert after["evaluation"][5] == web.value("othello/f5d6c3d3c4f4")["value"]
    assert after["opening"] is not None
    graph = page.locator("#graph").bounding_box()
    assert graph is not None and graph["width"] > 150 and graph["height"] > 60
    assert_clean(watch, origin)


def test_a_search_worker_that_cannot_load_keeps_the_game(
    context: BrowserContext, watch: PageWatch, root_server: StaticServer
) -> None:
    context.add_init_script(
        "{ const Real = window.Worker;"
        " window.Worker = class extends Real { constructor(url, options) {"
        " super(options && options.name === 'search' ? new URL('js/no-such-worker.js',"
        " location.href) : url, options); } }; }"
    )
    page = context.new_page()
    page.goto(root_server.origin + "/")
    wait_ready(page)
    page.select_option("#computer", "white")
    snap = play(page, "f5")
    wait_until(page, "window.flipside.snapshot().aiError !== null", 60_000)
    snap = snapshot(page)
    assert "could not start" in snap["aiError"] and "game is safe" in snap["aiError"]
    expect(page.locator("#ai-error")).to_be_visible()
    assert snap["moves"] == ["f5"] and snap["thinking"] is False
    assert snap["position"] == Board.from_transcript("f5").position()
    page.click("#undo")  # the game still works
    wait_until(page, "window.flipside.snapshot().moves.length === 0")
    assert [e for e in watch.errors if "404" not in e and "no-such-worker" not in e] == []


def black_passed_before_whites_last_move() -> tuple[str, str]:
    """A transcript ending "Black move, White move, Black's forced pass, White move" with
    Black to move, and the transcript before that Black move (found by a seeded walk)."""
    for seed in range(100):
        board = Board()
        while not board.is_game_over():
            moves = board.legal_moves()
            board.push(moves[(board.ply * 7 + seed) % len(moves)])
            last = board.move_stack[-4:]
            if (
                len(last) == 4
                and board.turn is Color.BLACK
                and board.has_legal_move()
                and [m.is_pass for m in last] == [False, False, True, False]
            ):
                return board.transcript(), board.transcript()[:-6]
    raise AssertionError("no game with a forced pass for Black found")


def part_undo_against_the_computer_goes_back_past_a_forced_pass(
    page: Page, watch: PageWatch, origin: str
) -> None:
    transcript, before_own_move = black_passed_before_whites_last_move()
    start_game(page, "othello", **OTHELLO_DEFAULTS)  # was a first start at /
    page.select_option("#computer", "black")
    wait_reply(page, 1)  # the computer (Black) opens: nothing of yours to take back yet
    expect(page.locator("#undo")).to_be_disabled()
    page.select_option("#computer", "white")
    # The computer, now White, replies first, so the link below opens on a quiet page (a
    # link meeting the computer's move was once ignored: a page bug, fixed, and checked by
    # part_a_link_the_address_bar_no_longer_shows_still_opens).
    wait_reply(page, 2)
    page.goto(f"{origin}/#othello/{transcript}")  # a new fragment: the same document
    wait_until(page, f"window.flipside.snapshot().transcript === '{transcript}'", 30_000)
    assert snapshot(page)["toMove"] == "black"
    page.click("#undo")
    wait_until(page, f"window.flipside.snapshot().transcript === '{before_own_move}'", 30_000)
    snap = snapshot(page)
    assert snap["toMove"] == "black" and not snap["thinking"]
    assert_clean(watch, origin)


def part_a_link_the_address_bar_no_longer_shows_still_opens(
    page: Page, watch: PageWatch, origin: str
) -> None:
    """A link put in the address bar opens even when the page writes its own game's link
    there before the change's event comes (as the computer's move landing does): the link
    opened is the one the event brought, not what the bar shows by then."""
    transcript, _ = black_passed_before_whites_last_move()
    start_game(page, "othello", **OTHELLO_DEFAULTS)
    page.evaluate(
        "(link) => { const here = location.hash; location.hash = link;"
        " history.replaceState(null, '', here); }",
        f"othello/{transcript}",
    )
    wait_until(page, f"window.flipside.snapshot().transcript === '{transcript}'", 30_000)
    assert_clean(watch, origin)


def part_the_controls_stay_put_while_the_computer_thinks_and_moves(
    page: Page, watch: PageWatch, origin: str
) -> None:
    """Watching the computer play itself, its thinking line comes and goes every move: the
    Pause button and New game under it must not jump (a click meant for Pause would land on
    something else). It leaves the computer watching (paused): the next part starts a new
    game through the dialog."""
    start_game(page, "othello", **OTHELLO_DEFAULTS)  # was a first start at /
    wait_until(page, "window.flipside.snapshot().searchReady", 60_000)
    page.select_option("#computer", "both")
    wait_until(page, "window.flipside.snapshot().moves.length >= 2", 60_000)
    # Sampled for 3 s, and on (20 s at most) until the computer has been seen idle between
    # two moves: between book moves that lasts about 20 ms, and some 3 s saw none.
    seen = page.evaluate(
        """async () => {
            const tops = new Set(), moves = new Set();
            let thinking = 0, idle = 0;
            const start = performance.now();
            const enough = () => performance.now() > start + 3000 && idle > 0 && moves.size >= 3;
            while (!enough() && performance.now() < start + 20000) {
                tops.add(['watch-pause', 'new-game'].map((id) =>
                    Math.round(document.getElementById(id).getBoundingClientRect().top)).join());
                if (window.flipside.snapshot().thinking) thinking++; else idle++;
                moves.add(window.flipside.snapshot().moves.length);
                await new Promise((r) => setTimeout(r, 10));
            }
            return { tops: [...tops], thinking, idle, moves: moves.size };
        }"""
    )
    assert seen["thinking"] > 0 and seen["idle"] > 0 and seen["moves"] >= 3  # it played on
    assert len(seen["tops"]) == 1, seen["tops"]
    page.click("#watch-pause")
    expect(page.locator("#watch-pause")).to_have_text("Resume")
    assert_clean(watch, origin)


def test_the_othello_computer_in_one_page(
    page: Page, watch: PageWatch, root_server: StaticServer
) -> None:
    """The former one-page tests of this file, test_replies.py's and test_forced_pass.py's
    as parts, in turn, in one page (one engine start), each put back through the New game
    dialog or a link in the address bar: test_replies.py's warms first (they count the
    search worker's warms from the page's start) and its reply before the graph's values
    (before any other move of the computer: its thinks are the first), then the graph,
    hints, play after a forced pass, undo past one, a link the address bar no longer shows
    and the controls while the computer watches itself; the computer's replies then reload
    the page (the settings read on load), and the computer and hints after a forced pass
    (left on) come last. Move now and the first reply of a fresh worker (timed), the search
    worker that cannot load (an init script) and the garbage per move (an init script) keep
    pages of their own."""
    # Imported here, not at the top: test_replies.py imports this file's helpers.
    from test_forced_pass import (
        part_the_computer_and_hints_after_a_forced_pass,
        part_white_moves_after_blacks_forced_pass,
    )
    from test_replies import (
        part_a_reply_is_answered_before_the_graph_values,
        part_switching_games_warms_the_other_games_engine,
    )

    origin = root_server.origin
    page.goto(origin + "/#othello/")
    wait_ready(page)
    part_switching_games_warms_the_other_games_engine(page, watch, origin)
    part_a_reply_is_answered_before_the_graph_values(page, watch, origin)
    part_evaluation_graph_and_opening_name(page, watch, origin)
    part_hints_value_the_legal_moves_as_the_facade_does(page, watch, origin)
    part_white_moves_after_blacks_forced_pass(page, watch, origin)
    part_undo_against_the_computer_goes_back_past_a_forced_pass(page, watch, origin)
    part_a_link_the_address_bar_no_longer_shows_still_opens(page, watch, origin)
    part_the_controls_stay_put_while_the_computer_thinks_and_moves(page, watch, origin)
    part_computer_replies_at_level_1_and_at_the_top_level(page, watch, origin)
    part_the_computer_and_hints_after_a_forced_pass(page, watch, origin)
