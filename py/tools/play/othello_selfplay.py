"""Level ladder: each engine level plays the one below it over varied openings.

Every opening is played twice with colours swapped. Openings are random legal lines of
4 to 8 plies (seeded), or with ``--named`` the named openings (in a random one of their
four orientations). A game's score for the stronger level is 1 for a win, 1/2 for a draw.

    PYTHONPATH=py .venv/bin/python -m tools.play.othello_selfplay --pairs 1:2,2:3,3:4 --games 40 --workers 2

Time budgets are measured in CPU time of the worker process (``--wall-clock`` to change),
so the results do not depend on how busy the machine is.

Prints one line per pair (games, wins, draws, losses, score rate) and, with ``--json``,
writes the results to a file.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from flipside.othello.ai.engine import Engine
from flipside.othello.ai.openings import map_square, named_lines
from flipside.othello.board import Board
from flipside.othello.notation import Color, square_name
from tools.play.game import play_out


def random_opening(rnd: random.Random) -> list[str]:
    """A random legal line of 4 to 8 plies from the start position."""
    board = Board()
    for _ in range(rnd.randint(4, 8)):
        board.push(rnd.choice(board.legal_moves()))
    return [str(m) for m in board.move_stack]


def named_opening(rnd: random.Random, index: int) -> list[str]:
    """The ``index``-th named line (cycling) in a random orientation."""
    lines = sorted(named_lines())
    squares = lines[index % len(lines)]
    symmetry = rnd.randrange(4)
    return [square_name(map_square(symmetry, sq)) for sq in squares]


def play_game(black_level: int, white_level: int, opening: list[str], seed: int) -> int:
    """Play one game; returns Black's final disc difference."""
    players = {
        Color.BLACK: Engine(level=black_level, seed=seed).think,
        Color.WHITE: Engine(level=white_level, seed=seed + 1).think,
    }
    return play_out(Board.from_transcript("".join(opening)), players).result().score


def use_cpu_clock() -> None:
    """Time budgets count this process's CPU time instead of wall time, so a busy machine
    (other jobs, the other worker) does not make the time-limited levels weaker."""
    time.perf_counter = time.process_time  # the engine's only clock


def _job(args: tuple[int, int, list[str], int, bool, bool]) -> tuple[bool, int]:
    low, high, opening, seed, high_is_black, cpu_clock = args
    if cpu_clock:
        use_cpu_clock()
    if high_is_black:
        return high_is_black, play_game(high, low, opening, seed)
    return high_is_black, play_game(low, high, opening, seed)


def run_pair(
    low: int, high: int, games: int, workers: int, seed: int, named: bool, cpu_clock: bool
) -> dict[str, object]:
    """Play ``games`` (even) games between two levels; the stronger one's results."""
    rnd = random.Random(seed * 1000 + high)
    jobs = []
    for i in range(games // 2):
        opening = named_opening(rnd, i) if named else random_opening(rnd)
        for high_is_black in (True, False):
            jobs.append((low, high, opening, seed + 2 * i, high_is_black, cpu_clock))
    start = time.perf_counter()
    wins = draws = losses = 0
    with ProcessPoolExecutor(max_workers=workers) as pool:
        for done, (high_is_black, black_score) in enumerate(pool.map(_job, jobs), start=1):
            score = black_score if high_is_black else -black_score
            wins += score > 0
            draws += score == 0
            losses += score < 0
            print(
                f"  level {high} vs {low}, game {done}/{len(jobs)}: {score:+d} "
                f"(so far {wins}-{draws}-{losses})",
                file=sys.stderr,
                flush=True,
            )
    n = len(jobs)
    return {
        "low": low,
        "high": high,
        "games": n,
        "wins": wins,
        "draws": draws,
        "losses": losses,
        "rate": (wins + draws / 2) / n if n else 0.0,
        "seconds": round(time.perf_counter() - start, 1),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--pairs", default="1:2,2:3,3:4,4:5,5:6,6:7", help="low:high,...")
    parser.add_argument("--games", type=int, default=40, help="games per pair (even)")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--named", action="store_true", help="start from the named openings")
    parser.add_argument(
        "--wall-clock", action="store_true", help="budgets in wall time (default: CPU time)"
    )
    parser.add_argument("--json", type=Path, help="append results to this JSON-lines file")
    args = parser.parse_args(argv)
    for pair in args.pairs.split(","):
        low, high = (int(x) for x in pair.split(":"))
        result = run_pair(
            low, high, args.games, args.workers, args.seed, args.named, not args.wall_clock
        )
        print(
            f"level {high} vs {low}: {result['games']} games, {result['wins']} wins, "
            f"{result['draws']} draws, {result['losses']} losses, "
            f"score {100 * float(str(result['rate'])):.0f}% ({result['seconds']} s)",
            flush=True,
        )
        if args.json:
            with args.json.open("a") as out:
                out.write(json.dumps(result) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
