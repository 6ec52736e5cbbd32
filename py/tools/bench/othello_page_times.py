"""How long the computer takes to reply in Chromium, over whole games: the worst move matters.

    PYTHONPATH=py .venv/bin/python -m tools.bench.othello_page_times --level 6 --games 3

Serves ``dist/`` (build it first) on 127.0.0.1 and, in headless Chromium, lets the page's
engine (``window.flipside.engine.call("think")``, the level's page budget: its
native budget times the Pyodide slowdown the facade applies) play both sides of ``--games``
games, each from a seeded random opening of ``--plies`` moves. Every reply is timed in the
page, around the call (what a player waits for). Prints each game's replies (count, mean,
worst, the worst's share of the budget) and the worst over all games; the issue's bar is no
reply over 1.5x the level's page budget. Wall-clock times: run it on an idle machine.
"""

from __future__ import annotations

import argparse
import random
import statistics
from collections.abc import Callable
from typing import Any

from flipside.othello import Board
from flipside.othello.ai.engine import LEVELS
from flipside.othello.notation import PASS_MOVE, Color
from tools.bench.page import chromium_page, require_dist
from tools.play.game import play_out

TIMED_CALL = """async ([record, level]) => {
    const begun = performance.now();
    const answer = await window.flipside.engine.call("think", {record, level});
    return {...answer, wall: (performance.now() - begun) / 1000};
}"""


def opening(seed: int, plies: int) -> Board:
    """A seeded random legal line of ``plies`` moves from the start."""
    rng = random.Random(seed)
    board = Board()
    for _ in range(plies):
        board.push(rng.choice(board.legal_moves()))  # no pass this early
    return board


def page_player(page: Any, level: int, walls: list[float]) -> Callable[[Board], dict[str, Any]]:
    """A player asking the page's engine at ``level``; each reply's wall time into ``walls``."""

    def reply(board: Board) -> dict[str, Any]:
        if board.legal_moves() == [PASS_MOVE]:
            return {"move": str(PASS_MOVE)}
        answer: dict[str, Any] = page.evaluate(TIMED_CALL, ["othello/" + board.transcript(), level])
        walls.append(float(answer["wall"]))
        return answer

    return reply


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--level", type=int, default=6)
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--plies", type=int, default=4, help="random opening length")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    require_dist()
    budget = LEVELS[args.level].seconds * 2.0  # the facade's Pyodide slowdown (web.py)
    worst_all: list[float] = []
    with chromium_page() as page:
        page.evaluate(TIMED_CALL, ["othello/", 1])  # the first AI call loads the AI's files
        for game in range(args.games):
            board = opening(args.seed + game, args.plies)
            walls: list[float] = []
            reply = page_player(page, args.level, walls)
            play_out(board, {Color.BLACK: reply, Color.WHITE: reply})
            worst = max(walls)
            worst_all.append(worst)
            print(
                f"game {game + 1}: {len(walls)} replies, mean {statistics.fmean(walls):.2f} s, "
                f"worst {worst:.2f} s ({worst / budget:.2f}x the {budget:.1f} s budget), "
                f"final {board.result().black}-{board.result().white}",
                flush=True,
            )
    worst = max(worst_all)
    print(
        f"level {args.level}, {args.games} games: worst reply {worst:.2f} s = "
        f"{worst / budget:.2f}x the page budget of {budget:.1f} s (bar: 1.5x)"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
