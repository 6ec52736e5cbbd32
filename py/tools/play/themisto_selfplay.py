"""Themisto self-play: the level ladder and top-level games (native only, not in the wheel).

Run: ``PYTHONPATH=py nice -n 10 .venv/bin/python -m tools.play.themisto_selfplay ladder --games 40``
     ``PYTHONPATH=py nice -n 10 .venv/bin/python -m tools.play.themisto_selfplay match 4 4 --games 100``
     ``... match 4 4 --workers-a 2 --wall-clock --games 100`` (level A over two worker processes)
     ``... match 4 4 --workers-a 2 --virtual --games 100`` (two virtual workers, CPU time)
     ``... match 4 4 --scale-a 2 --games 100`` (level A with twice its budget: the most any two
     workers could give it)

Each opening is ``--random-plies`` random moves from the start, each chosen among the moves
that do not let the opponent win at once, played twice with the sides swapped (once when a
level without noise plays itself: the swapped game would be the same). A draw counts half.
The levels' time budgets are counted in CPU time (``--wall-clock`` for wall time). Prints one
line per game (``--quiet`` to skip), then a summary: score of the first level, player one /
player two wins, draw rules, mean length, nodes per second of the searches.
"""

from __future__ import annotations

import argparse
import functools
import random
import time
from collections import Counter
from collections.abc import Mapping
from typing import Any

from flipside.themisto import Board
from flipside.themisto.ai.engine import Engine
from flipside.themisto.ai.ladder import LEVELS, MAX_LEVEL
from flipside.themisto.ai.split import pool_think
from flipside.themisto.ai.threats import winning_moves
from flipside.workers import Pool
from tools.play.game import play_out
from tools.play.virtual_pool import VirtualPool


def opening(rng: random.Random, plies: int) -> Board | None:
    """A board after ``plies`` random moves, none of which lets the opponent win at once
    (so the opening does not decide the game), or None if the game ended on the way."""
    board = Board()
    for _ in range(plies):
        safe = []
        for move in board.legal_moves():
            board.push(move)
            if not board.is_game_over() and not winning_moves(board, True):
                safe.append(move)
            board.pop()
        if not safe:
            return None
        board.push(rng.choice(safe))
    return board


def play(
    board: Board,
    engines: dict[int, Engine],
    stats: Counter[str],
    pool: Any = None,
    on: int = 0,
    seconds_on: float | None = None,
) -> Board:
    """Play ``board`` out: ``engines[player]`` moves for each player (player ``on``'s
    searches over ``pool``'s workers when one is given, within ``seconds_on`` a move when
    given, else its level's budget)."""

    def count(_: Board, info: Mapping[str, object]) -> None:
        stats["nodes"] += int(str(info["nodes"]))
        stats["ms"] += int(1000 * float(str(info["seconds"])))

    players: dict[int, Any] = {player: engine.think for player, engine in engines.items()}
    if pool is not None:
        players[on] = functools.partial(pool_think, pool, engines[on], seconds=seconds_on)
    elif seconds_on is not None:
        players[on] = functools.partial(engines[on].think, seconds=seconds_on)
    return play_out(board, players, count)


def match(
    a: int,
    b: int,
    games: int,
    plies: int,
    seed: int,
    quiet: bool,
    wall: bool = False,
    workers_a: int = 1,
    virtual: bool = False,
    scale_a: float = 1.0,
) -> dict[str, object]:
    """``games`` games (pairs with sides swapped) of level ``a`` against level ``b``; the
    time budgets count this process's CPU time unless ``wall``. Level ``a`` searches over
    ``workers_a`` worker processes (``flipside.workers``; wall clock only), or as many
    virtual workers on CPU time (``virtual``: ``tools.play.virtual_pool``), with its
    level's budget times ``scale_a``."""
    if workers_a > 1 and not wall and not virtual:
        raise SystemExit("--workers-a needs --wall-clock, or --virtual (CPU time)")
    pool: Any = None
    if workers_a > 1 and virtual:
        pool = VirtualPool(workers_a)
    elif workers_a > 1:
        pool = Pool(workers_a, warm="flipside.themisto.ai.api")
    try:
        return _match(a, b, games, plies, seed, quiet, wall, pool, scale_a)
    finally:
        if isinstance(pool, Pool):
            pool.close()


def _match(
    a: int,
    b: int,
    games: int,
    plies: int,
    seed: int,
    quiet: bool,
    wall: bool,
    pool: Any,
    scale_a: float = 1.0,
) -> dict[str, object]:
    clock = time.perf_counter if wall else time.process_time
    rng = random.Random(seed)
    score = 0.0
    results: Counter[str] = Counter()
    stats: Counter[str] = Counter()
    lengths = []
    n = 0
    start = time.perf_counter()
    while n < games:
        board = opening(rng, plies)
        if board is None:
            continue
        # a level against itself plays each opening once: with sides swapped the top level
        # (no noise, budgets on CPU time, both sides alike) replays the same game
        same = a == b and not wall and pool is None and LEVELS[a].noise == 0 and scale_a == 1
        for a_player in (1,) if same else (1, 2):
            if n >= games:
                break
            engines = {
                a_player: Engine(a, seed=rng.randrange(1 << 30), clock=clock),
                3 - a_player: Engine(b, seed=rng.randrange(1 << 30), clock=clock),
            }
            seconds_a = None if scale_a == 1 else LEVELS[a].seconds * scale_a
            game = play(board.copy(), engines, stats, pool, a_player, seconds_a)
            status = game.status
            n += 1
            lengths.append(game.ply)
            if status.result == "win":
                results[f"p{status.winner}"] += 1
                if status.winner == a_player:
                    score += 1
                    results["a"] += 1
                else:
                    results["b"] += 1
            else:
                score += 0.5
                results[f"draw: {status.reason}"] += 1
            if not quiet:
                print(
                    f"game {n}: level {a} is player {a_player}: {status} after {game.ply} plies"
                    f" [{game.moves_text()}]",
                    flush=True,
                )
    seconds = time.perf_counter() - start
    summary = {
        "levels": f"{a} vs {b}"
        + ("" if pool is None else f" ({pool.size} workers for {a})")
        + ("" if scale_a == 1 else f" ({scale_a}x the budget for {a})"),
        "games": n,
        "score_a": round(100 * score / n, 1),
        "results": dict(results),
        "mean_plies": round(sum(lengths) / n, 1),
        "nodes_per_second": round(1000 * stats["nodes"] / max(stats["ms"], 1)),
        "wall_seconds": round(seconds),
    }
    print(summary, flush=True)
    return summary


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    sub = parser.add_subparsers(dest="command", required=True)
    lad = sub.add_parser("ladder", help="each level against the one below")
    lad.add_argument("--games", type=int, default=40)
    lad.add_argument("--from-level", type=int, default=2)
    one = sub.add_parser("match", help="level A against level B")
    one.add_argument("a", type=int)
    one.add_argument("b", type=int)
    one.add_argument("--games", type=int, default=100)
    one.add_argument(
        "--workers-a",
        type=int,
        default=1,
        help="level A searches over this many worker processes (needs --wall-clock or --virtual)",
    )
    one.add_argument(
        "--virtual",
        action="store_true",
        help="level A's workers are virtual: one process, a clock of CPU seconds",
    )
    one.add_argument("--scale-a", type=float, default=1.0, help="level A's time budget times this")
    for p in (lad, one):
        p.add_argument("--random-plies", type=int, default=2)
        p.add_argument("--seed", type=int, default=1)
        p.add_argument("--quiet", action="store_true")
        p.add_argument(
            "--wall-clock",
            action="store_true",
            help="count the time budgets on the wall clock (default: CPU time, so that a"
            " loaded machine plays the levels as an idle one would)",
        )
    args = parser.parse_args()
    if args.command == "ladder":
        for level in range(args.from_level, MAX_LEVEL + 1):
            match(
                level,
                level - 1,
                args.games,
                args.random_plies,
                args.seed,
                args.quiet,
                args.wall_clock,
            )
    else:
        match(
            args.a,
            args.b,
            args.games,
            args.random_plies,
            args.seed,
            args.quiet,
            args.wall_clock,
            args.workers_a,
            args.virtual,
            args.scale_a,
        )


if __name__ == "__main__":
    main()
