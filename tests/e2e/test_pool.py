"""The pool of search workers (web/js/pool.js, issue 39): its size from the hardware the
browser tells; in every engine a review and the computer's reply with two workers and the
setting kept, and Othello's top level on one shared table where the page is cross-origin
isolated (a second visit: its service worker's), on one worker where it is not; in Chromium a worker killed in the middle of a review and of a split search
(the review completes with the rows of the native review, the computer still moves), a
setting of 1 that never starts a second worker nor splits, the idle stop, and a review asked
before the search worker's idle start."""

from __future__ import annotations

from typing import Any

from conftest import PageWatch, StaticServer, wait_ready, wait_until
from playwright.sync_api import Browser, Page
from test_ai import late_game
from test_engines import assert_clean, ready, snapshot
from test_games import open_link
from test_site import assert_clean as assert_page_clean

from flipside import facade, review
from flipside.othello import Board
from flipside.othello.ai.engine import solve
from test_library import reload
from tools.browsers import Tab

OTHELLO = "othello/e6d6c3f4d7c5g4g3c4g5"
"""Ten moves: a review of a few seconds (test_review.py's game)."""
DEPTH = 2
"""The review's fixed depth: the same rows in the page as natively, whatever the speed."""
LONG = "othello/" + late_game(4)
"""56 moves, reviewed at depth 4 (about 3 s natively): long enough to kill its workers."""
REVIEWED = "window.flipside.snapshot().review?.summary != null"
OUT_OF_BOOK = "othello/d3e3f6c5b5b6f3f2e2d2c1d1c3b4e1g3c2g7h4g1g4d6g2h3"
"""24 moves, out of the book: the top level's move is a midgame search, the one shared."""
OUT_OF_BOOK_LEGAL = [
    str(m) for m in Board.from_transcript(OUT_OF_BOOK.split("/", 1)[1]).legal_moves()
]
TOP_LEVEL_THINK = """window.flipside.pool
    .search("think", { record: arg, level: "6" }, null,
      { game: "othello", level: "6", share: true, endgame: true })
    .then((answer) => ({ ...answer, pool: window.flipside.pool.snapshot() }))"""
"""Othello's top level's move as the page asks it (ai.js), and the pool's counts after it."""
ENDGAME = (
    "f5f4c3d6d3c5b6d2c4b3e6f3e3f6g4b4g6g3c1h6d7f2g1c2h2d1b2a2a3g5h5f7e2g2g7a7g8h3h4c6a1b5b1h1"
    "e1f8e8a4"
)
"""12 empty squares, White to move: the top level solves it (its line has a pass)."""


def native_rows(record: str, depth: int = DEPTH) -> list[dict[str, Any]]:
    return [review.judge(record, ply, None, depth) for ply in range(len(review.plies(record)))]


def type_move(tab: Tab, move: str) -> None:
    tab.evaluate(
        "(() => { document.getElementById('move-input').value = arg;"
        " document.getElementById('move-form').requestSubmit(); return true; })()",
        move,
    )


def wait_turn(tab: Tab, side: str, plies: int) -> dict[str, Any]:
    """Wait until ``side`` is to move after more than ``plies`` moves, nothing thinking."""
    tab.wait_until(
        "(() => { const s = window.flipside.snapshot();"
        f" return s.moves.length > {plies} && (s.toMove === '{side}' || s.over)"
        " && !s.thinking && !s.busy; })()",
        120,
    )
    return snapshot(tab)


# -- every engine ------------------------------------------------------------------------------


def test_a_reply_and_a_review_with_two_workers_and_the_setting_kept(
    tab: Tab, site: StaticServer
) -> None:
    origin = site.origin
    tab.goto(origin + "/#themisto/")
    ready(tab)
    assert snapshot(tab)["pool"]["setting"] == "auto"
    tab.choose("#workers", "2")
    one_worker_where_nothing_is_shared(tab, "the first visit")
    tab.choose("#level", "4")
    tab.choose("#computer", "two")
    snap = snapshot(tab)
    assert snap["pool"]["size"] == 2 and snap["pool"]["running"] <= 1  # none started yet
    # The first reply at the top level starts the extra worker (for the next: this one is the
    # search worker's own search), the second is split over both.
    for turn in range(2):
        record = snap["record"]
        type_move(tab, facade.think(record, 2, None, turn + 1)["move"])
        snap = wait_turn(tab, "one", len(snap["moves"]) + 1)
        assert snap["aiError"] is None
        if turn == 0:
            # Ready and warmed for Themisto: a split takes only workers warmed for its game.
            tab.wait_until("window.flipside.snapshot().pool.warmed === 2", 120)
    assert snap["pool"]["splits"] >= 1, f"{tab.engine}: {snap['pool']}"
    reply = snap["moves"][-1]
    before = facade.state(snap["record"].rsplit(",", 1)[0])
    assert snap["record"] == facade.play(before["record"], reply)["record"]

    # A review over both workers: every move judged, in any order, then the summary.
    tab.click("#review-start")
    tab.wait_until(REVIEWED, 180)
    done = snapshot(tab)["review"]
    assert [r["move"] for r in done["rows"]] == snap["moves"]
    assert [r["ply"] for r in done["rows"]] == list(range(len(snap["moves"])))

    # The setting is kept; the second visit is the service worker's.
    assert tab.evaluate("localStorage.getItem('flipside.workers.v1')") == "2"
    tab.wait_until("navigator.serviceWorker.controller !== null", 120)
    reload(tab)
    ready(tab)
    assert snapshot(tab)["pool"]["setting"] == 2
    assert tab.evaluate("document.getElementById('workers').value") == "2"
    # The service worker's pages are cross-origin isolated. Where the engine then has
    # SharedArrayBuffer (not WebKitGTK's MiniBrowser), Othello's top level is searched by both
    # workers on one shared table; where it has not, by one worker as on a first visit.
    assert tab.evaluate("self.crossOriginIsolated") is True, tab.engine
    if tab.evaluate("typeof SharedArrayBuffer") == "function":
        both_workers_on_one_shared_table(tab)
    else:
        assert tab.engine == "webkit"
        one_worker_where_nothing_is_shared(tab, "no SharedArrayBuffer")
    the_endgame_split_and_its_line_kept(tab)
    assert_clean(tab, origin)


def the_endgame_split_and_its_line_kept(tab: Tab) -> None:
    """Othello's top level in the endgame (shared memory or not): its solve split over both
    workers, exact; the search worker then answers a later position on the solved line at
    once (the line went to it, whichever worker found it)."""
    tab.choose("#computer", "off")
    tab.evaluate("(() => { location.hash = arg; })()", "othello/" + ENDGAME)
    tab.wait_until(f"window.flipside.snapshot().record === 'othello/{ENDGAME}'")
    tab.choose("#workers", "1")
    tab.wait_until("window.flipside.snapshot().pool.running === 1", 60)
    tab.choose("#workers", "2")
    # The first endgame move with the search worker alone free: its own, and the extra
    # worker starts for the next ones (where the page shares memory the shared search starts
    # it too; in WebKitGTK, which has none, only the endgame does).
    earlier = tab.evaluate(TOP_LEVEL_THINK, "othello/" + ENDGAME[:-4])
    legal = [str(m) for m in Board.from_transcript(ENDGAME[:-4]).legal_moves()]
    assert earlier["move"] in legal, earlier  # exact or not: a loaded WebKit may run out of time
    assert earlier["pool"]["splits"] == snapshot(tab)["pool"]["splits"]
    tab.wait_until("window.flipside.snapshot().pool.warmed === 2", 120)
    before = snapshot(tab)["pool"]
    board = Board.from_transcript(ENDGAME)
    answer = tab.evaluate(TOP_LEVEL_THINK, "othello/" + ENDGAME)
    score, best = solve(board)
    assert answer["exact"] and answer["score"] == score, f"{tab.engine}: {answer}"
    assert Board.from_transcript(ENDGAME + answer["move"]).ply == board.ply + 1  # legal
    assert answer["move"] in [str(m) for m in best]
    assert answer["pool"]["splits"] == before["splits"] + 1, answer["pool"]

    later = board.copy()
    for name in answer["pv"][:2]:
        if not later.has_legal_move():
            later.push(later.legal_moves()[0])  # the pass
        later.push_str(name)
    at_once = tab.evaluate(TOP_LEVEL_THINK, "othello/" + later.transcript())
    shown = {key: value for key, value in at_once.items() if key != "pool"}
    assert at_once["exact"] and at_once["nodes"] == 0, f"{tab.engine}: {shown}"
    assert at_once["move"] == answer["pv"][2] and at_once["score"] == solve(later)[0]


def one_worker_where_nothing_is_shared(tab: Tab, where: str) -> None:
    """Where the page has no shared memory (a first visit: no service worker, so no
    isolation), Othello's top level searches on the search worker alone, as it always did:
    no shared search, no extra worker started for it."""
    tab.wait_until("window.flipside.snapshot().searchReady", 120)  # started at a quiet moment
    before = snapshot(tab)["pool"]
    answer = tab.evaluate(TOP_LEVEL_THINK, OUT_OF_BOOK)
    assert answer["move"] in OUT_OF_BOOK_LEGAL, answer
    assert "workers" not in answer, f"{tab.engine}, {where}: {answer}"
    assert answer["pool"]["shared"] == 0 and answer["pool"]["running"] == before["running"]


def both_workers_on_one_shared_table(tab: Tab) -> None:
    """Othello's top level on the shared table: both workers answer (the deeper answer is
    played); the computer's own move in a game goes there too; in Chromium a helper killed in
    the middle is missed, started again, and shares the next search; a setting of 1 searches
    alone, as before."""
    tab.evaluate("(() => { location.hash = arg; })()", OUT_OF_BOOK)
    tab.wait_until(f"window.flipside.snapshot().record === '{OUT_OF_BOOK}'")
    tab.choose("#level", "6")
    tab.evaluate("window.flipside.pool.grow('othello', '6').length")
    tab.wait_until("window.flipside.snapshot().pool.warmed === 2", 120)
    legal = OUT_OF_BOOK_LEGAL
    answer = tab.evaluate(TOP_LEVEL_THINK, OUT_OF_BOOK)
    assert answer["workers"] == 2 and answer["pool"]["shared"] == 1, f"{tab.engine}: {answer}"
    assert answer["move"] in legal and answer["depth"] >= 4

    # The computer's move in a game (ai.js asks it so).
    mover = snapshot(tab)["toMove"]
    tab.choose("#computer", mover)
    snap = wait_turn(tab, "black" if mover == "white" else "white", 24)
    tab.choose("#computer", "off")
    assert snap["aiError"] is None and snap["moves"][-1] in legal
    assert snap["pool"]["shared"] >= 2, f"{tab.engine}: {snap['pool']}"

    if tab.engine == "chromium":
        tab.wait_until("window.flipside.snapshot().pool.busy === 0")
        tab.evaluate("(() => { setTimeout(() => window.flipside.pool.kill(1), 700); })()")
        answer = tab.evaluate(TOP_LEVEL_THINK, OUT_OF_BOOK)
        assert answer["workers"] == 1 and answer["pool"]["lost"] == 1, answer
        tab.wait_until("window.flipside.snapshot().pool.warmed === 2", 120)
        answer = tab.evaluate(TOP_LEVEL_THINK, OUT_OF_BOOK)
        assert answer["workers"] == 2, answer
        move_now_in_a_shared_search(tab)

    tab.choose("#workers", "1")
    shared = snapshot(tab)["pool"]["shared"]
    answer = tab.evaluate(TOP_LEVEL_THINK, OUT_OF_BOOK)
    assert "workers" not in answer and answer["pool"]["shared"] == shared, answer


def move_now_in_a_shared_search(tab: Tab) -> None:
    """ "Move now" while both workers search the computer's move: the best move so far at
    once; the helper stops by the table's signal and answers (it is not terminated: no start
    counted), and shares the next search."""
    tab.evaluate("(() => { location.hash = arg; })()", OUT_OF_BOOK)
    tab.wait_until(f"window.flipside.snapshot().record === '{OUT_OF_BOOK}'")
    tab.wait_until("window.flipside.snapshot().pool.warmed === 2", 120)
    before = snapshot(tab)["pool"]
    tab.choose("#computer", snapshot(tab)["toMove"])
    tab.wait_until(
        "window.flipside.snapshot().thought !== null && window.flipside.snapshot().pool.busy === 2"
    )
    tab.click("#move-now")
    tab.wait_until("window.flipside.snapshot().moves.length === 25")
    tab.choose("#computer", "off")
    tab.wait_until("window.flipside.snapshot().pool.busy === 0")
    after = snapshot(tab)["pool"]
    assert after["shared"] == before["shared"] + 1 and after["started"] == before["started"]
    assert snapshot(tab)["moves"][-1] in OUT_OF_BOOK_LEGAL
    tab.wait_until("window.flipside.snapshot().pool.warmed === 2", 120)
    answer = tab.evaluate(TOP_LEVEL_THINK, OUT_OF_BOOK)
    assert answer["workers"] == 2, answer


# -- Chromium ----------------------------------------------------------------------------------

HARDWARE = """(() => {
    window.hardware = [2, undefined];
    const define = (name, index) => Object.defineProperty(Navigator.prototype, name,
        { configurable: true, get: () => window.hardware[index] });
    define("hardwareConcurrency", 0);
    define("deviceMemory", 1);
})()"""
"""The page's navigator tells what ``window.hardware`` holds ([cores, memory]); a page starts
with two cores and no memory told."""

SIZES = [
    (2, None, 2),  # every core of a 2-core device
    (4, None, 3),  # beyond 2, a core left for the page and the rules worker
    (1, None, 1),
    (8, 8, 7),
    (16, 16, 8),  # at most eight
    (8, 4, 2),  # less than 8 GB: two
    (8, 2, 1),  # a small device: one
    (None, None, 1),  # the browser tells nothing
]


def test_the_pool_size_from_the_hardware(browser: Browser, root_server: StaticServer) -> None:
    """Auto's size from each hardware the browser may tell, in one page (the first at its
    start): the menu's Auto label and the pool's size follow; a chosen size is the size."""
    context = browser.new_context()
    try:
        context.add_init_script(HARDWARE)
        page = context.new_page()
        page.goto(root_server.origin + "/")
        wait_ready(page)
        for cores, memory, size in SIZES:
            values = [cores, memory]
            if values != [2, None]:  # the start's own hardware read as it is
                page.evaluate("(v) => { window.hardware = v.map((x) => x ?? undefined); }", values)
                page.select_option("#workers", "auto")  # the menu drawn again
            pool = page.evaluate("window.flipside.snapshot().pool")
            assert (pool["cores"], pool["memory"]) == (cores, memory)
            assert pool["auto"] == size and pool["size"] == size and pool["setting"] == "auto"
            assert page.locator("#workers option").first.inner_text() == f"Auto ({size})"
            # A chosen size is the size, whatever the hardware.
            page.select_option("#workers", "4")
            assert page.evaluate("window.flipside.snapshot().pool.size") == 4
    finally:
        context.close()


def review_with_kills(page: Page, kills: list[int]) -> dict[str, Any]:
    """A review of LONG at depth 4 over two workers, killing each worker of ``kills`` in
    turn (once both are judging): the review's snapshot when done."""
    page.select_option("#workers", "2")
    page.evaluate("(window.flipside.review({depth: 4}), true)")
    for i, worker in enumerate(kills):
        wait_until(
            page,
            "(() => { const s = window.flipside.snapshot();"
            f" return s.pool.ready === 2 && s.pool.busy === 2 && s.review.judged >= {2 + 6 * i}; }})()",
            120_000,
        )
        assert page.evaluate(f"window.flipside.pool.kill({worker})")
    wait_until(page, REVIEWED, 180_000)
    return dict(page.evaluate("window.flipside.snapshot().review"))


def part_a_worker_killed_in_the_middle_of_a_review(
    page: Page, watch: PageWatch, origin: str
) -> None:
    open_link(page, LONG)  # was a first start at the link
    before = page.evaluate("window.flipside.snapshot().pool")
    done = review_with_kills(page, [1, 0])
    # Every move judged once, as the native review judges it at the same depth.
    assert done["rows"] == native_rows(LONG, 4)
    pool = page.evaluate("window.flipside.snapshot().pool")
    # (The pool's counts are the page's: this part's losses are those beyond the parts'
    # before it.)
    assert pool["lost"] - before["lost"] == 2 and pool["running"] == 2
    assert_page_clean(watch, origin)


def part_an_extra_worker_of_othello_is_warmed_for_themisto(
    page: Page, watch: PageWatch, origin: str
) -> None:
    """After the Othello review, the extra worker (still running, warmed for Othello) is
    warmed for Themisto when the computer plays Themisto at a level searched on the pool, and
    the next search of that level is split over both. (It once stayed warmed for Othello: the
    pool left it out of every split and, the computer's level keeping it, never stopped it.)"""
    assert page.evaluate("window.flipside.snapshot().pool.running") == 2
    open_link(page, "themisto/")
    page.select_option("#level", "4")
    page.select_option("#computer", "one")
    wait_until(page, "window.flipside.snapshot().moves.length === 1", 60_000)
    page.select_option("#computer", "off")
    wait_until(
        page,
        "(() => { const p = window.flipside.snapshot().pool;"
        " return p.warmed === 2 && p.busy === 0; })()",
        60_000,
    )
    before = page.evaluate("window.flipside.snapshot().pool.splits")
    record = page.evaluate("window.flipside.snapshot().record")
    answer = page.evaluate(
        "(record) => window.flipside.pool.search('think', {record, level: '4'}, null,"
        " {game: 'themisto', level: '4', split: true})",
        record,
    )
    assert len(facade.play(record, answer["move"])["moves"]) == 2  # a legal reply
    assert page.evaluate("window.flipside.snapshot().pool.splits") == before + 1
    assert_page_clean(watch, origin)


KILL_WHILE_SEARCHING = """async (worker) => {
  const f = window.flipside;
  const searches = ["think", "split_start", "split_step", "search_task"];
  const searching = () => {
    const s = f.snapshot();
    const asked = [...(f.pool.slots()[worker]?.engine?.pending.values() ?? [])];
    return s.pool.ready === 2 && s.thinking && s.thought && asked.some((c) => searches.includes(c.method));
  };
  const end = performance.now() + 120000;
  while (!searching()) {
    if (performance.now() > end) return null;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  const moves = f.snapshot().moves.length;
  f.pool.kill(worker);
  return moves;
}"""
"""Kill ``worker`` once it has a call of the computer's search under way (not the graph's value
or the opening's name, whose loss the next call mends without a count), both workers ready;
the moves played before the kill."""


def test_a_worker_killed_in_the_middle_of_a_split_search(
    page: Page, watch: PageWatch, root_server: StaticServer
) -> None:
    """Themisto's top level searches on the pool: the extra worker, then the search worker,
    killed while the computer thinks; it still moves, and goes on moving. A page of its own:
    as a part of the one-page test below, after the review part it saw no split at all (an
    extra worker warmed for Othello was never warmed for Themisto: fixed, and checked by
    that test's part_an_extra_worker_of_othello_is_warmed_for_themisto). Each kill waits for a
    call of the search under way on its worker: a kill while the search worker answered only
    the graph's value (watch mode asks it beside the move) counted no loss (CI, once)."""
    page.goto(f"{root_server.origin}/#themisto/")
    wait_ready(page)
    page.select_option("#workers", "2")
    page.select_option("#computer", "both")  # the second side's level shows with it
    page.select_option("#level", "4")
    page.select_option("#level2", "4")
    for worker in (1, 0):
        moves = page.evaluate(KILL_WHILE_SEARCHING, worker)
        assert moves is not None, f"worker {worker} was never seen searching"
        wait_until(page, f"window.flipside.snapshot().moves.length > {moves}", 60_000)
    wait_until(page, f"window.flipside.snapshot().moves.length > {moves + 1}", 60_000)
    snap = page.evaluate("window.flipside.snapshot()")
    assert snap["aiError"] is None and snap["pool"]["lost"] >= 2 and snap["pool"]["splits"] >= 2
    page.select_option("#computer", "off")
    assert_page_clean(watch, root_server.origin)


def part_one_worker_is_the_page_as_before(page: Page, watch: PageWatch, origin: str) -> None:
    """A setting of 1: no second worker starts, nothing is split, the review judges the moves
    in order with the native review's rows; the top level's reply is the search worker's own
    think. The page's first part (its start at the link): no extra worker has run in the
    page, so its counts are this part's."""
    page.select_option("#workers", "1")
    wait_until(page, "window.flipside.snapshot().searchReady", 60_000)
    page.evaluate(f"(window.flipside.review({{depth: {DEPTH}}}), true)")
    judged: list[int] = []
    while not page.evaluate(REVIEWED):
        rows = page.evaluate("window.flipside.snapshot().review.rows")
        judged.append(sum(r is not None for r in rows))
        assert all(r is not None for r in rows[: judged[-1]])  # in order: a prefix is done
        page.wait_for_timeout(50)
    assert page.evaluate("window.flipside.snapshot().review.rows") == native_rows(OTHELLO)

    open_link(page, "themisto/")  # was a page start at #themisto/ (the setting of 1 kept)
    page.select_option("#level", "4")
    page.select_option("#computer", "one")
    wait_until(page, "window.flipside.snapshot().moves.length === 1", 60_000)
    snap = page.evaluate("window.flipside.snapshot()")
    methods = {a["method"] for a in snap["searchAnswers"]}
    assert "think" in methods and not methods & {"split_start", "split_step", "search_task"}
    assert snap["pool"]["running"] == 1 and snap["pool"]["splits"] == 0
    assert snap["pool"]["started"] == 0
    page.select_option("#computer", "off")
    assert_page_clean(watch, origin)


MIDGAME = "othello/" + late_game(30)
"""30 empties, out of the book: a think at level 5 lasts long enough to be killed."""
THINK_OUTLIVING_ITS_WORKER = """async (record) => {
  const pool = window.flipside.pool;
  const think = pool.search("think", {record, level: "5"}, null, {game: "othello", level: "5"});
  const posted = () => [...pool.main.engine.pending.values()].some((c) => c.method === "think");
  const end = performance.now() + 60000;
  while (!posted()) {
    if (performance.now() > end) throw new Error("the think was never posted");
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  const lost = pool.counts.lost;
  pool.kill(0);
  const value = pool.main.call("value", {record});  // starts the lost worker again, first
  const answer = await think.then((a) => a.move, (e) => `${e.constructor.name}: ${e.message}`);
  await value;
  return {answer, lost: pool.counts.lost - lost};
}"""


def part_a_think_that_outlives_its_worker(page: Page, watch: PageWatch, origin: str) -> None:
    """The search worker dies under a think, and another call (the graph's value) starts it
    again before the think hears of the loss: the think is asked again on the new worker and
    answers a legal move. It once rejected as cancelled, which the computer, asked for no
    cancel, took for none of its business: it kept thinking and never moved (a CI run's
    stall in a split search)."""
    found = page.evaluate(THINK_OUTLIVING_ITS_WORKER, MIDGAME)
    assert found["lost"] == 1, found
    assert len(facade.play(MIDGAME, found["answer"])["moves"]) == 64 - 30 - 4 + 1, found
    assert_page_clean(watch, origin)


def part_extra_workers_only_when_work_needs_them_and_the_idle_stop(
    page: Page, watch: PageWatch, origin: str
) -> None:
    """With two workers chosen, a page that is only played on runs one search worker; a
    review starts the second, which stops once idle (here after a second). The page's last
    part: its reload is a start (a page whose extra workers never ran), and it leaves the
    idle stop at a second."""
    open_link(page, OTHELLO)  # was a first start at the link
    page.select_option("#workers", "2")
    page.reload()
    wait_ready(page)
    wait_until(page, "window.flipside.snapshot().searchReady", 60_000)
    board = Board.from_transcript(OTHELLO.split("/")[1])
    page.fill("#move-input", str(board.legal_moves()[0]))
    page.press("#move-input", "Enter")
    wait_until(page, "window.flipside.snapshot().evaluation.every((v) => v !== null)", 60_000)
    assert page.evaluate("window.flipside.snapshot().pool.running") == 1
    page.evaluate("window.flipside.pool.idleMs = 1000")
    page.click("#review-start")
    wait_until(page, "window.flipside.snapshot().pool.running === 2", 60_000)
    wait_until(page, REVIEWED, 180_000)
    wait_until(page, "window.flipside.snapshot().pool.running === 1", 10_000)
    assert page.evaluate("window.flipside.snapshot().searchReady")
    assert_page_clean(watch, origin)


def test_one_worker_then_two_with_workers_killed_and_the_idle_stop_in_one_page(
    page: Page, watch: PageWatch, root_server: StaticServer
) -> None:
    """The former one-page tests of this file as parts, in turn, in one page (its start at
    the ten-move game, and the last part's reload), each put back by the page's own
    functions (a link in the address bar, the Workers and Computer menus): one worker first
    (no extra worker may have run before it), then a think that outlives its worker, then a
    worker killed in a review, then extra workers only when work needs them and the idle
    stop (its reload last). The review asked
    before the search worker started keeps a page of its own (a fresh search worker), as do
    the hardware's (an init script) and the split search's (above)."""
    origin = root_server.origin
    page.goto(f"{origin}/#{OTHELLO}")
    wait_ready(page)
    part_one_worker_is_the_page_as_before(page, watch, origin)
    part_a_think_that_outlives_its_worker(page, watch, origin)
    part_a_worker_killed_in_the_middle_of_a_review(page, watch, origin)
    part_an_extra_worker_of_othello_is_warmed_for_themisto(page, watch, origin)
    part_extra_workers_only_when_work_needs_them_and_the_idle_stop(page, watch, origin)


def test_a_review_asked_before_the_search_worker_started(
    page: Page, watch: PageWatch, root_server: StaticServer
) -> None:
    """A finished game opened from a link: Analyse game at once (before the search worker's
    idle start) starts the search worker and the review waits for it."""
    board = Board()
    while not board.is_game_over():
        board.push(board.legal_moves()[0])
    page.goto(f"{root_server.origin}/#othello/{board.transcript()}")
    wait_until(page, "window.flipside !== undefined", 60_000)
    page.evaluate(
        "window.flipside.ready.then(() => document.getElementById('review-start').click())"
    )
    wait_until(page, "window.flipside.snapshot().review?.running === true")
    wait_until(page, "window.flipside.snapshot().review?.judged >= 1", 60_000)
    page.click("#review-cancel")
    assert_page_clean(watch, root_server.origin)
