"""Othello AI speed per game stage, natively, and where the time goes (cProfile).

    .venv/bin/python py/tools/profile_othello.py [--profile] [--depth 6]

Midgame: iterative deepening to ``--depth`` on seeded random positions after 12..44 moves
(three positions per stage), nodes per CPU second per stage. Endgame: ``Solver.best`` on
FFO #1-#7 (14 empties), nodes per CPU second. ``--profile`` adds the functions taking most
of the time (cProfile, own time) for each path.
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from flipside.othello.board import Board
from flipside.othello.endgame import Solver
from flipside.othello.notation import PASS_MOVE
from flipside.othello.search import Searcher

FFO = Path(__file__).resolve().parents[2] / ".." / "shared" / "data" / "ffo" / "ffo-1-19.tsv"
STAGES = (12, 20, 28, 36, 44)


def midgame_boards(plies: int) -> list[Board]:
    """Three seeded random games stopped after ``plies`` moves (a stage of the game)."""
    out = []
    for seed in range(3):
        rnd = random.Random(1000 * plies + seed)
        board = Board()
        while board.ply < plies and not board.is_game_over():
            moves = board.legal_moves()
            board.push(rnd.choice(moves) if moves else PASS_MOVE)
        out.append(board)
    return out


def midgame_positions(plies: int) -> list[tuple[int, int]]:
    return [board.bits() for board in midgame_boards(plies)]


def ffo_positions(count: int = 7) -> list[tuple[int, int]]:
    out = []
    for line in FFO.read_text().splitlines()[1 : 1 + count]:
        _, board64, side = line.split("\t")[:3]
        black = sum(1 << i for i, c in enumerate(board64) if c == "X")
        white = sum(1 << i for i, c in enumerate(board64) if c == "O")
        out.append((black, white) if side == "X" else (white, black))
    return out


def midgame(plies: int, depth: int) -> tuple[int, float]:
    nodes, cpu = 0, time.process_time()
    for P, O in midgame_positions(plies):
        searcher = Searcher()
        searcher.run(P, O, depth)
        nodes += searcher.nodes
    return nodes, time.process_time() - cpu


def endgame() -> tuple[int, float]:
    nodes, cpu = 0, time.process_time()
    for P, O in ffo_positions():
        solver = Solver()
        solver.best(P, O)
        nodes += solver.nodes
    return nodes, time.process_time() - cpu


def show_profile(call: object, top: int = 12) -> None:
    profile = cProfile.Profile()
    profile.runcall(call)  # type: ignore[arg-type]
    pstats.Stats(profile).sort_stats("tottime").print_stats(top)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--depth", type=int, default=6)
    parser.add_argument("--profile", action="store_true")
    args = parser.parse_args(argv)
    for plies in STAGES:
        nodes, cpu = midgame(plies, args.depth)
        print(
            f"midgame after {plies} moves, depth {args.depth}: {nodes:,} nodes, {cpu:.2f} s CPU, "
            f"{nodes / cpu:,.0f} nodes/s",
            flush=True,
        )
    nodes, cpu = endgame()
    print(
        f"endgame FFO #1-#7 best move: {nodes:,} nodes, {cpu:.2f} s CPU, {nodes / cpu:,.0f} nodes/s"
    )
    if args.profile:
        show_profile(lambda: [midgame(plies, args.depth) for plies in STAGES])
        show_profile(endgame)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
