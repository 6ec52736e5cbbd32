"""The Othello opponent of chosen error (issue 30): its realised mean loss per move.

``rows()`` returns ``(name, value, unit/note)`` tuples for the bench table (``./build.sh
bench``). For each setting D, ``GAMES`` games of the ``loss:D`` opponent against itself
from random balanced 4-move openings (seeded), ``SECONDS`` native seconds a move; then every
one of its moves judged by the game review (``flipside.review``, its default search, exact
from 12 empties): the mean loss per move against the setting (the bar: within 30%).
Natively only: the same code runs in the page.
"""

from __future__ import annotations

import statistics
import time

from flipside import review
from flipside.othello import Board
from flipside.othello.ai.api import think
from flipside.othello.ai.balanced import random_opening
from tools.bench.table import Row, print_rows

SETTINGS = (1.0, 2.0, 4.0)
GAMES = 20
SECONDS = 0.1
OPENING_PLIES = 4


def play_game(loss: float, seed: int) -> str:
    """A game of the ``loss:D`` opponent against itself, as a record."""
    board = Board.from_transcript(random_opening(OPENING_PLIES, seed))
    level = f"loss:{loss:g}"
    while not board.is_game_over():
        if board.legal_moves()[0].is_pass:
            board.push(board.legal_moves()[0])
            continue
        move_seed = seed * 1000 + len(board.move_stack)
        answer = think(f"othello/{board.transcript()}", level, SECONDS, move_seed, lambda _: None)
        board.push_str(answer["move"])
    return f"othello/{board.transcript()}"


def realised(loss: float) -> tuple[float, int, float]:
    """Mean loss per judged move over the games, moves judged, seconds taken."""
    begun = time.perf_counter()
    losses = []
    for seed in range(GAMES):
        record = play_game(loss, seed)
        for ply in range(OPENING_PLIES, len(review.plies(record))):
            row = review.judge(record, ply)
            if row["loss"] is not None:
                losses.append(row["loss"])
    return statistics.fmean(losses), len(losses), time.perf_counter() - begun


def rows() -> list[Row]:
    out: list[Row] = []
    for loss in SETTINGS:
        mean, moves, seconds = realised(loss)
        out.append(
            (
                f"othello loss:{loss:g} opponent, realised mean loss",
                round(mean, 2),
                (
                    f"discs a move ({mean / loss:.0%} of the setting; {GAMES} games, "
                    f"{moves} moves judged by the review; {seconds:.0f} s)"
                ),
            )
        )
    return out


if __name__ == "__main__":
    print_rows(rows())
