"""The game review (issue 26): a whole game reviewed natively and in headless Chromium.

``rows()`` returns ``(name, value, unit/note)`` tuples for the bench table (``./build.sh
bench``; ``dist/`` must be built). The games: the first game of the 1980 WTHOR file (a
60-move tournament game) and a 40-ply Themisto game of level 2 against itself (seed 1).
Natively through ``flipside.review.review``; in the page by clicking Analyse game and waiting
for the summary (the search worker, one move at a time, as a player waits for it). The
exact rows of the Othello review are checked against the exact solver.
"""

from __future__ import annotations

import time
from typing import Any

from flipside import review
from flipside.othello import Board
from flipside.othello.ai import api as othello_ai
from flipside.themisto.ai.engine import Engine
from flipside.themisto.board import Board as ThemistoBoard
from flipside.themisto.notation import Move as ThemistoMove
from tools import ROOT
from tools.bench.page import chromium_page, require_dist
from tools.bench.table import Row, print_rows

WTHOR = ROOT.parent / "shared" / "data" / "wthor" / "WTH_1980.wtb"
THEMISTO_PLIES = 40


def othello_game() -> str:
    """The first game of the 1980 WTHOR file, as a record."""
    from flipside.review_cli import read_game

    return read_game(str(WTHOR), "othello", 1)


def themisto_game() -> str:
    """A 40-ply game of level 2 against itself (seed 1), as a record."""
    board = ThemistoBoard()
    engine = Engine(2, seed=1)
    moves = []
    while len(moves) < THEMISTO_PLIES and not board.is_game_over():
        move = ThemistoMove.parse(str(engine.think(board)["move"]))
        board.push(move)
        moves.append(str(move))
    return "themisto/" + ",".join(moves)


def exact_rows_agree(done: review.Review) -> int:
    """The exact Othello rows whose value is the solver's (the count; raises if one is not)."""
    agreed = 0
    for row in done.rows:
        if not row["exact"]:
            continue
        ply = review.plies(done.record)[row["ply"]]
        board = Board.from_transcript(ply.before.split("/", 1)[1])
        mover = board.turn
        board.push_str(row["move"])
        score = othello_ai.solve(board.position())["score"]
        assert (score if board.turn == mover else -score) == row["value"], (row, score)
        agreed += 1
    return agreed


def page_review(page: Any, record: str) -> float:
    """Seconds from the click on Analyse game to the summary, in the page."""
    origin = _origin(page)
    page.goto("about:blank")
    page.goto(f"{origin}/#{record}")
    page.evaluate(
        "async () => { while (!window.flipside) await new Promise((r) => setTimeout(r, 50));"
        " await window.flipside.ready;"
        " while (!window.flipside.snapshot().searchReady) await new Promise((r) => setTimeout(r, 50)); }"
    )
    page.click("#review-start")
    begun = time.perf_counter()
    page.evaluate(
        "async () => { while (!window.flipside.snapshot().review?.summary)"
        " await new Promise((r) => setTimeout(r, 50)); }"
    )
    return time.perf_counter() - begun


def _origin(page: Any) -> str:
    return str(page.evaluate("location.origin"))


def rows() -> list[Row]:
    require_dist()
    othello, themisto = othello_game(), themisto_game()
    begun = time.perf_counter()
    done = review.review(othello)
    native_othello = time.perf_counter() - begun
    agreed = exact_rows_agree(done)
    begun = time.perf_counter()
    review.review(themisto)
    native_themisto = time.perf_counter() - begun
    with chromium_page() as page:
        chromium_othello = page_review(page, othello)
        chromium_themisto = page_review(page, themisto)
    plies = len(done.rows)
    return [
        (
            f"review, Othello {plies} moves, native",
            round(native_othello, 1),
            f"s (target <= 30; its {agreed} exact rows agree with solve)",
        ),
        (
            f"review, Othello {plies} moves, Chromium",
            round(chromium_othello, 1),
            "s (target <= 60)",
        ),
        (f"review, Themisto {THEMISTO_PLIES} plies, native", round(native_themisto, 1), "s"),
        (
            f"review, Themisto {THEMISTO_PLIES} plies, Chromium",
            round(chromium_themisto, 1),
            "s (target <= 60)",
        ),
    ]


if __name__ == "__main__":
    print_rows(rows())
