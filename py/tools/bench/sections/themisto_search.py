"""Themisto's search speed natively: the search's own board against the rules core.

    PYTHONPATH=py .venv/bin/python -m tools.bench.sections.themisto_search

- perft(2) with every move of the last ply played (a move list, make and unmake for each
  move, as the search does) on a few middle-game positions (seeded games of safe moves),
  through the search's own board (``ai.movegen.Position``) and through the rules core's
  ``Board`` (push/pop), in one run: the same count, the time of each and the ratio;
- the top level's search (late move reductions, as ``Engine("max")``) to a fixed depth on a
  same positions, nodes per CPU second. The search
  on the rules core it replaced did 28,000-35,000 on these positions (depth 3 and 4, in the
  same run as the new one: ``docs/notes/2026-11-26-themisto-movegen.md``).
"""

from __future__ import annotations

import random
import time

from flipside.themisto import Board
from flipside.themisto.ai.movegen import Position
from flipside.themisto.ai.search import Searcher
from tools.bench.table import Row, print_rows
from tools.play.themisto_selfplay import opening

PERFT_DEPTH = 2
SEARCH_DEPTHS = (3, 4)
GAMES = 6  # positions: a seeded game of 4, 7, 10, ... safe moves each


def position_perft(pos: Position, depth: int) -> int:
    """Perft on the search's board, every move played (nothing below a finished game)."""
    total = 0
    for move in pos.moves():
        pos.make(move)
        if depth == 1:
            total += 1
        elif not pos.won():
            total += position_perft(pos, depth - 1)
        pos.unmake()
    return total


def board_perft(board: Board, depth: int) -> int:
    """The same on the rules core: every move pushed and popped."""
    total = 0
    for move in board.legal_moves():
        board._play(move)
        total += 1 if depth == 1 else board_perft(board, depth - 1)
        board.pop()
    return total


def middle_games() -> list[Board]:
    """Seeded games where each move is one that does not lose at once, when there is one."""
    boards = [opening(random.Random(seed), 4 + 3 * seed) for seed in range(GAMES)]
    return [board for board in boards if board is not None]


def rows() -> list[Row]:
    """Perft both ways, then search nodes per CPU second at each depth."""
    boards = middle_games()
    start = time.process_time()
    fast = sum(position_perft(Position(board), PERFT_DEPTH) for board in boards)
    fast_seconds = time.process_time() - start
    start = time.process_time()
    core = sum(board_perft(board.copy(), PERFT_DEPTH) for board in boards)
    core_seconds = time.process_time() - start
    out: list[Row] = [
        (
            f"themisto perft({PERFT_DEPTH}), search board",
            round(fast_seconds, 2),
            f"s CPU, {fast:,} moves played on {len(boards)} positions"
            + ("" if fast == core else f" (rules core {core:,}: DIFFERENT)"),
        ),
        (
            f"themisto perft({PERFT_DEPTH}), rules core",
            round(core_seconds, 2),
            f"s CPU: the search's board is {core_seconds / fast_seconds:.1f}x as fast",
        ),
    ]
    for depth in SEARCH_DEPTHS:
        nodes = 0
        seconds = 0.0
        for board in boards:
            searcher = Searcher(board.copy())
            searcher.reduce_from = 2  # the top level's late move reductions
            start = time.process_time()
            searcher.run(depth)
            seconds += time.process_time() - start
            nodes += searcher.nodes
        out.append(
            (
                f"themisto search nodes/s, depth {depth}",
                round(nodes / seconds),
                f"per CPU second, {nodes:,} nodes on the same positions (the rules-core "
                + "search: 28-35k)",
            )
        )
    return out


if __name__ == "__main__":
    print_rows(rows())
