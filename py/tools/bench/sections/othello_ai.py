"""Othello AI benchmark: exact solves of FFO #1-#19 and midgame search speed.

``rows()`` returns ``(name, value, unit/note)`` tuples for the bench table; run the module
to print them: ``PYTHONPATH=py .venv/bin/python -m tools.bench.sections.othello_ai``. Each
FFO position is solved from a fresh solver (empty hash table): exact score plus every best
move, as the tests check.
Midgame speed: iterative deepening to a fixed depth on a few middle-game positions with the
trained evaluation; nodes are positions visited (evaluated leaves included). Move time: the
top level's CPU time per move on hard positions against its budget. Times are wall
clock; the CPU time of the process is shown too (they differ when the machine is busy).
"""

from __future__ import annotations

import random
import time

from flipside.othello.ai.endgame import Solver
from flipside.othello.ai.engine import LEVELS, MAX_LEVEL, Engine
from flipside.othello.ai.search import Searcher
from flipside.othello.board import Board
from flipside.othello.notation import square_name
from tools import SHARED_DATA

FFO = SHARED_DATA / "ffo" / "ffo-1-19.tsv"

MIDGAME_PLIES = (12, 18, 24, 30)  # random (seeded) games stopped after this many moves
MIDGAME_DEPTH = 6


def midgame_board(plies: int) -> Board:
    """A reproducible middle-game position: a seeded random game of ``plies`` moves."""
    rnd = random.Random(plies)
    board = Board()
    while board.ply < plies:
        board.push(rnd.choice(board.legal_moves()))
    return board


def ffo_rows() -> list[tuple[str, str, str]]:
    """Per FFO position: solve time and nodes, the result checked against the file."""
    out = []
    total_time = 0.0
    total_nodes = 0
    for line in FFO.read_text().splitlines()[1:]:
        ident, board64, side, empties, score, best = line.split("\t")[:6]
        black = sum(1 << i for i, c in enumerate(board64) if c == "X")
        white = sum(1 << i for i, c in enumerate(board64) if c == "O")
        P, O = (black, white) if side == "X" else (white, black)
        solver = Solver()
        start, cpu = time.perf_counter(), time.process_time()
        got, moves = solver.solve(P, O)
        seconds = time.perf_counter() - start
        cpu = time.process_time() - cpu
        ok = got == int(score) and {square_name(m) for m in moves} == set(best.split(","))
        total_time += seconds
        total_nodes += solver.nodes
        out.append(
            (
                f"othello FFO #{ident[3:]} ({empties} empties) solve",
                f"{seconds:.3f}",
                f"s ({cpu:.3f} s CPU), {solver.nodes} nodes, {solver.nodes / seconds:,.0f} "
                f"nodes/s, "
                f"{got:+d} {','.join(square_name(m) for m in moves)}" + ("" if ok else " WRONG"),
            )
        )
    out.append(("othello FFO #1-#19 total", f"{total_time:.2f}", f"s, {total_nodes} nodes"))
    return out


def midgame_rows() -> list[tuple[str, str, str]]:
    """Nodes per second of the midgame search (trained evaluation)."""
    nodes = 0
    seconds = cpu = 0.0
    for plies in MIDGAME_PLIES:
        P, O = midgame_board(plies).bits()
        searcher = Searcher()
        start, cpu0 = time.perf_counter(), time.process_time()
        searcher.run(P, O, MIDGAME_DEPTH)
        seconds += time.perf_counter() - start
        cpu += time.process_time() - cpu0
        nodes += searcher.nodes
    return [
        (
            "othello midgame search nodes/s",
            f"{nodes / seconds:,.0f}",
            (
                f"nodes/s (depth {MIDGAME_DEPTH}, {len(MIDGAME_PLIES)} positions, "
                f"{nodes} nodes in {seconds:.2f} s, {nodes / cpu:,.0f} per CPU second)"
            ),
        )
    ]


def game_position(seed: int, empties: int) -> Board:
    """A position with ``empties`` empty squares and more than one legal move from a seeded
    game: 10 random moves, then level 3 (as in tests/test_othello_ai_time.py)."""
    rnd = random.Random(seed)
    board = Board()
    engine = Engine(3, seed=seed)
    while True:
        if board.is_game_over():
            board, engine = Board(), Engine(3, seed=rnd.randrange(1000))
        left = 64 - (board.black | board.white).bit_count()
        if left <= empties and len(board.legal_moves()) > 1:
            return board
        if not board.has_legal_move():
            board.push_str("pass")
        elif board.ply < 10:
            board.push(rnd.choice(board.legal_moves()))
        else:
            board.push(engine.best_move(board))


def move_time_rows() -> list[tuple[str, str, str]]:
    """The top level's move time (CPU seconds, the engine's clock set to CPU time) on
    FFO #1-#19 and on 17-20-empty game positions, against its budget."""
    budget = LEVELS[MAX_LEVEL].seconds
    boards = [
        Board.from_position(f"{line.split()[1]} {line.split()[2]}")
        for line in FFO.read_text().splitlines()[1:]
    ]
    boards += [game_position(seed, empties) for seed, empties in enumerate((17, 18, 19, 20))]
    wall_clock = time.perf_counter
    time.perf_counter = time.process_time
    try:
        times, solved = [], 0
        for board in boards:
            cpu = time.process_time()
            info = Engine(MAX_LEVEL).think(board)
            times.append(time.process_time() - cpu)
            solved += bool(info["exact"])
    finally:
        time.perf_counter = wall_clock
    worst = max(times)
    return [
        (
            "othello top level worst move time",
            f"{worst:.3f}",
            (
                f"s CPU = {worst / budget:.2f}x its {budget} s budget (mean "
                f"{sum(times) / len(times):.3f} s; FFO #1-#19 + 4 game positions with 17-20 "
                f"empties, {solved} solved exactly)"
            ),
        )
    ]


def rows() -> list[tuple[str, str, str]]:
    """All rows of the Othello AI benchmark."""
    return ffo_rows() + midgame_rows() + move_time_rows()


if __name__ == "__main__":
    for name, value, note in rows():
        print(f"{name:45} {value:>10} {note}")
