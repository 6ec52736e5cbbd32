"""Themisto's explorer games: the top level against itself at a fixed depth (native only).

Run: ``PYTHONPATH=py nohup nice -n 19 .venv/bin/python -m tools.play.themisto_explorer_games
--games 3000 --out py/tools/build/data/themisto-explorer-games.tsv &``

Game ``i`` opens with ``OPENING_PLIES`` random moves, each among those that do not let the
opponent win at once (player one's first move, player two's reply, player one's second move),
drawn by ``random.Random(SEED_BASE + i)``; an opening an earlier game already played is drawn
again (the rest of the game would be the same). Then the top level (its evaluation and late
move reductions) plays both sides at ``--depth`` plies with no time limit. No noise and no
clock: the same index gives the same game on any machine, so the first N lines of the file
are the same N games however the run was split. The output is resumable: games already in
``--out`` are kept and the run goes on from the next index.

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


def game(index: int, used: set[str], depth: int = DEPTH) -> Board:
    """Game ``index``: its random opening (not one of ``used``, which it joins), then the
    top level at ``depth`` for both sides."""
    rng = random.Random(SEED_BASE + index)
    board = opening(rng, OPENING_PLIES)
    while board is None or board.moves_text() in used:
        board = opening(rng, OPENING_PLIES)
    used.add(board.moves_text())
    engine = Engine(MAX_LEVEL, seed=0, clock=time.process_time)

    def think(b: Board) -> dict[str, object]:
        return engine.think(b, seconds=NO_LIMIT, depth=depth)

    return play_out(board, {1: think, 2: think})


def line(index: int, board: Board) -> str:
    """The file's line for a finished game."""
    status = board.status
    result = str(status.winner) if status.result == "win" else "draw"
    return f"{index}\t{','.join(str(m) for m in board.move_stack)}\t{result}\n"


def openings(path: Path) -> set[str]:
    """The openings of the games the file already holds (as ``Board.moves_text``)."""
    if not path.exists():
        return set()
    rows = [text.split("\t")[1].split(",") for text in path.read_text().splitlines() if text]
    return {" ".join(moves[:OPENING_PLIES]) for moves in rows}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=3000)
    parser.add_argument("--depth", type=int, default=DEPTH)
    parser.add_argument("--out", type=Path, required=True)
    args = parser.parse_args()
    args.out.parent.mkdir(parents=True, exist_ok=True)
    start = time.process_time()
    used = openings(args.out)
    first = len(used)
    with args.out.open("a") as out:
        for index in range(first, args.games):
            out.write(line(index, game(index, used, args.depth)))
            out.flush()
    played = args.games - first
    if played > 0:
        seconds = time.process_time() - start
        print(f"{played} games in {seconds:.0f} CPU s ({seconds / played:.2f} s a game)")


if __name__ == "__main__":
    main()
