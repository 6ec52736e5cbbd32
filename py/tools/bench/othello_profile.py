"""Othello AI speed per game stage, natively, and where the time goes (cProfile).

    PYTHONPATH=py .venv/bin/python -m tools.bench.othello_profile [--profile] [--depth 6] [--pyodide]

Midgame: iterative deepening to ``--depth`` on seeded random positions after 12..44 moves
(three positions per stage), nodes per CPU second per stage. Endgame: ``Solver.best`` on
FFO #1-#7 (14 empties), nodes per CPU second. ``--profile`` adds the functions taking most
of the time (cProfile, own time) for each path. ``--pyodide`` runs the same searches inside
Pyodide under Node too (the built ``dist/pyodide``; ``./build.sh build`` first), right after
the native ones, and prints both rates and their ratio per row (wall-clock seconds there).
"""

from __future__ import annotations

import argparse
import cProfile
import json
import pstats
import random
import subprocess
import time

from flipside.othello.ai.endgame import Solver
from flipside.othello.ai.search import Searcher
from flipside.othello.board import Board
from flipside.othello.notation import PASS_MOVE
from tools import ROOT, SHARED_DATA

FFO = SHARED_DATA / "ffo" / "ffo-1-19.tsv"
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


def rows(depth: int) -> list[tuple[str, int, float]]:
    """``(label, nodes, seconds)`` per midgame stage and for the endgame, natively."""
    out = []
    for plies in STAGES:
        nodes, cpu = midgame(plies, depth)
        out.append((f"midgame after {plies} moves, depth {depth}", nodes, cpu))
    nodes, cpu = endgame()
    out.append(("endgame FFO #1-#7 best move", nodes, cpu))
    return out


def pyodide_code(depth: int) -> str:
    """The same searches as ``rows`` for Pyodide; its last expression is their JSON."""
    stages = {plies: midgame_positions(plies) for plies in STAGES}
    return (
        "import json, time\n"
        "from flipside.othello.ai.endgame import Solver\n"
        "from flipside.othello.ai.search import Searcher\n"
        "out = []\n"
        f"for plies, positions in {stages!r}.items():\n"
        "    nodes, t = 0, time.perf_counter()\n"
        "    for P, O in positions:\n"
        "        s = Searcher()\n"
        f"        s.run(P, O, {depth})\n"
        "        nodes += s.nodes\n"
        "    out.append((nodes, time.perf_counter() - t))\n"
        "nodes, t = 0, time.perf_counter()\n"
        f"for P, O in {ffo_positions()!r}:\n"
        "    s = Solver()\n"
        "    s.best(P, O)\n"
        "    nodes += s.nodes\n"
        "out.append((nodes, time.perf_counter() - t))\n"
        "json.dumps(out)\n"
    )


def pyodide_rows(depth: int) -> list[tuple[int, float]]:
    """``(nodes, wall seconds)`` of ``rows``' searches inside Pyodide under Node."""
    runner = ROOT / "tests" / "pyodide" / "run_python.mjs"
    done = subprocess.run(
        ["node", str(runner), pyodide_code(depth)], check=True, capture_output=True, text=True
    )
    return [tuple(row) for row in json.loads(done.stdout.strip().splitlines()[-1])]


def show_profile(call: object, top: int = 12) -> None:
    profile = cProfile.Profile()
    profile.runcall(call)  # type: ignore[arg-type]
    pstats.Stats(profile).sort_stats("tottime").print_stats(top)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--depth", type=int, default=6)
    parser.add_argument("--profile", action="store_true")
    parser.add_argument("--pyodide", action="store_true")
    args = parser.parse_args(argv)
    native = rows(args.depth)
    for label, nodes, cpu in native:
        print(f"{label}: {nodes:,} nodes, {cpu:.2f} s CPU, {nodes / cpu:,.0f} nodes/s", flush=True)
    if args.pyodide:
        for (label, nodes, cpu), (py_nodes, wall) in zip(native, pyodide_rows(args.depth)):
            if py_nodes != nodes:
                raise SystemExit(f"{label}: {py_nodes} nodes in Pyodide, {nodes} natively")
            print(
                f"{label}, Pyodide: {py_nodes / wall:,.0f} nodes/s "
                f"({wall:.2f} s wall), {cpu / wall:.2f}x native"
            )
    if args.profile:
        show_profile(lambda: [midgame(plies, args.depth) for plies in STAGES])
        show_profile(endgame)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
