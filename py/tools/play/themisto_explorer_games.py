"""Themisto's explorer games: the top level against itself at a fixed depth (native only).

Run: ``PYTHONPATH=py nohup nice -n 19 .venv/bin/python -m tools.play.themisto_explorer_games
--games 3000 --out py/tools/build/data/themisto-explorer-games.tsv [--part 0/2] &``

Game ``i`` opens with ``OPENING_PLIES`` random moves, each among those that do not let the
opponent win at once (player one's first move, player two's reply, player one's second move),
drawn by ``random.Random(SEED_BASE + i)``; an opening an earlier game already played is drawn
again (the rest of the game would be the same). Then the top level (its evaluation and late
move reductions) plays both sides at ``--depth`` plies with no time limit. No noise and no
clock: the same index gives the same game on any machine. The openings are drawn first for
every index (cheap), so a run can be split: ``--part K/N`` plays the indices ``i`` with
``i % N == K``, and several runs append to one file, each line whole. The output is
resumable: games already in ``--out`` are kept. The tree is built from the games ``0..M-1``
of the file (``read_games``), whatever order their lines are in.

One line per game: ``index<TAB>moves<TAB>result`` (moves comma-separated as in a record;
result ``1`` or ``2`` for the winner, ``draw`` for a draw).
"""

from __future__ import annotations

import argparse
import random
import time
from pathlib import Path

from flipside.themisto import Board
from flipside.themisto.ai.engine import Engine
from flipside.themisto.ai.ladder import MAX_LEVEL
from tools.play.game import play_out
from tools.play.themisto_selfplay import opening

SEED_BASE = 40_000
DEPTH = 3
OPENING_PLIES = 3
NO_LIMIT = 1e9


def openings(count: int) -> list[Board]:
    """The openings of games ``0..count-1``: each drawn by its own seed, drawn again while it
    is one an earlier index already has (the rest of the game would be the same)."""
    used: set[str] = set()
    out = []
    for index in range(count):
        rng = random.Random(SEED_BASE + index)
        board = opening(rng, OPENING_PLIES)
        while board is None or board.moves_text() in used:
            board = opening(rng, OPENING_PLIES)
        used.add(board.moves_text())
        out.append(board)
    return out


def play(board: Board, depth: int = DEPTH) -> Board:
    """The top level at ``depth`` plays ``board`` out for both sides."""
    engine = Engine(MAX_LEVEL, seed=0, clock=time.process_time)

    def think(b: Board) -> dict[str, object]:
        return engine.think(b, seconds=NO_LIMIT, depth=depth)

    return play_out(board, {1: think, 2: think})


def line(index: int, board: Board) -> str:
    """The file's line for a finished game."""
    status = board.status
    result = str(status.winner) if status.result == "win" else "draw"
    return f"{index}\t{','.join(str(m) for m in board.move_stack)}\t{result}\n"


def read_games(path: Path) -> list[tuple[list[str], str]]:
    """Games ``0..M-1`` of the file as (moves, result), M the first index it lacks."""
    rows = {}
    for text in path.read_text().splitlines():
        if text.strip():
            index, moves, result = text.split("\t")
            rows[int(index)] = (moves.split(","), result)
    count = next(i for i in range(len(rows) + 1) if i not in rows)
    return [rows[i] for i in range(count)]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=3000)
    parser.add_argument("--depth", type=int, default=DEPTH)
    parser.add_argument("--out", type=Path, required=True)
    parser.add_argument("--part", default="0/1", help="K/N: play the indices i % N == K")
    args = parser.parse_args()
    part, parts = (int(x) for x in args.part.split("/"))
    args.out.parent.mkdir(parents=True, exist_ok=True)
    done = set()
    if args.out.exists():
        done = {int(t.split("\t")[0]) for t in args.out.read_text().splitlines() if t.strip()}
    start = time.process_time()
    played = 0
    with args.out.open("a") as out:
        for index, board in enumerate(openings(args.games)):
            if index % parts != part or index in done:
                continue
            out.write(line(index, play(board, args.depth)))
            out.flush()
            played += 1
    if played:
        seconds = time.process_time() - start
        print(f"{played} games in {seconds:.0f} CPU s ({seconds / played:.2f} s a game)")


if __name__ == "__main__":
    main()
