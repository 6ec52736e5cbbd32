"""Match between two Othello engine configurations: score and disc margin with error bars.

    PYTHONPATH=py .venv/bin/python -m tools.play.othello_match --a level=6 --b level=6,endgame=16 --games 40
    PYTHONPATH=py .venv/bin/python -m tools.play.othello_match --a level=6,rev=HEAD~3 --b level=6 --budget-scale 0.25
    PYTHONPATH=py .venv/bin/python -m tools.play.othello_match --a workers=2 --b level=6 --xot --wall-clock
    PYTHONPATH=py .venv/bin/python -m tools.play.othello_match --a workers=2,virtual=1 --b level=6 --xot

A configuration is ``key=value`` pairs: ``level`` (1..6, default 6), ``rev`` (a git revision
of this repository whose engine plays; default the working tree), ``workers`` (search over
that many worker processes, ``flipside.workers``; needs ``--wall-clock``, or ``virtual=1``:
that many virtual workers on CPU time, ``tools.play.virtual_pool``) and any field of
the engine's ``Level`` (``seconds``, ``endgame``, ``depth``, feature flags...), which
replaces that field of the level's settings. ``--budget-scale`` multiplies both sides'
``seconds``.

Every player runs in its own process with its time budget counted in that process's CPU
time (a busy machine does not weaken either side), or on the wall clock with
``--wall-clock`` (a search over several processes spends more CPU time than wall time).
Each opening (a seeded random legal line of ``--plies`` moves, no two alike; with ``--openings
xot`` a seeded sample of the XOT list, ``flipside.othello.xot``; with ``--openings named`` the
named opening lines of 4+ moves, which stay in the opening book for a while; with ``--xot`` the XOT list
shuffled by the seed, as the parallel-search note's matches drew it) is played twice with
colours swapped; a pair's result is
the mean of its two games, and the error bars are 95% intervals from the spread of the pair
results (pairs, not games, are independent). ``--workers 2`` plays two games at a time.
``--record FILE`` appends every game to a JSON-lines file (opening, moves, which side A
played, each move's book / exact flags and CPU time), for ``tools.play.othello_losses``.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import math
import os
import random
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Mapping
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tools import ROOT
from tools.play.game import play_out

PY = ROOT / "py"

# -- the arithmetic of results (tested in tests/test_othello_match.py) -------------------------


def game_points(margin: int) -> float:
    """Points of a game for the player whose final disc difference is ``margin``."""
    return 1.0 if margin > 0 else 0.5 if margin == 0 else 0.0


@dataclass(frozen=True)
class Estimate:
    """A mean with the half width of its 95% confidence interval (inf for fewer than 2)."""

    mean: float
    half_width: float

    def __str__(self) -> str:
        return f"{self.mean:.3f} +- {self.half_width:.3f}"


def estimate(samples: list[float]) -> Estimate:
    """Mean and 95% interval half width (normal approximation, sample deviation)."""
    if not samples:
        raise ValueError("no samples")
    mean = statistics.fmean(samples)
    if len(samples) < 2:
        return Estimate(mean, math.inf)
    return Estimate(mean, 1.96 * statistics.stdev(samples) / math.sqrt(len(samples)))


def elo(score: float) -> float:
    """Elo difference matching a score rate (capped at +-800 for 0% and 100%)."""
    if score <= 0.0:
        return -800.0
    if score >= 1.0:
        return 800.0
    return max(-800.0, min(800.0, -400.0 * math.log10(1.0 / score - 1.0)))


@dataclass
class Summary:
    """A's results over opening pairs: each pair is (A's margin as Black, as White)."""

    pairs: list[tuple[int, int]] = field(default_factory=list)

    def pair_scores(self) -> list[float]:
        return [(game_points(b) + game_points(w)) / 2 for b, w in self.pairs]

    def pair_margins(self) -> list[float]:
        return [(b + w) / 2 for b, w in self.pairs]

    def record(self) -> tuple[int, int, int]:
        """A's (wins, draws, losses) over all games."""
        margins = [m for pair in self.pairs for m in pair]
        wins = sum(m > 0 for m in margins)
        draws = sum(m == 0 for m in margins)
        return wins, draws, len(margins) - wins - draws

    def score(self) -> Estimate:
        return estimate(self.pair_scores())

    def margin(self) -> Estimate:
        return estimate(self.pair_margins())

    def report(self, name_a: str, name_b: str) -> str:
        wins, draws, losses = self.record()
        score, margin = self.score(), self.margin()
        low = max(0.0, score.mean - score.half_width)
        high = min(1.0, score.mean + score.half_width)
        return (
            f"A = {name_a}\nB = {name_b}\n"
            f"{2 * len(self.pairs)} games ({len(self.pairs)} pairs): A {wins} wins, "
            f"{draws} draws, {losses} losses\n"
            f"A's score {100 * score.mean:.1f}% +- {100 * score.half_width:.1f} "
            f"(95%: {100 * low:.0f}-{100 * high:.0f}%, Elo {elo(score.mean):+.0f})\n"
            f"A's mean disc margin {margin.mean:+.2f} +- {margin.half_width:.2f}"
        )


# -- configurations and players ---------------------------------------------------------


def parse_config(text: str) -> dict[str, str]:
    """``"level=6,endgame=16"`` -> ``{"level": "6", "endgame": "16"}`` (level defaults to 6)."""
    config = {"level": "6"}
    for part in filter(None, (p.strip() for p in text.split(","))):
        key, sep, value = part.partition("=")
        if not sep or not key.strip() or not value.strip():
            raise ValueError(f"configuration item {part!r} is not key=value")
        config[key.strip()] = value.strip()
    return config


def checkout(rev: str, into: Path) -> Path:
    """The ``py/`` folder of git revision ``rev`` extracted under ``into``."""
    target = into / rev.replace("/", "_")
    if not target.exists():
        target.mkdir(parents=True)
        archive = subprocess.run(
            ["git", "-C", str(ROOT), "archive", rev, "py/flipside"],
            check=True,
            capture_output=True,
        ).stdout
        subprocess.run(["tar", "-x", "-C", str(target)], input=archive, check=True)
    return target / "py"


def player_main(config_json: str, scale: float, wall: bool = False) -> None:
    """Serve moves on stdin/stdout: one JSON request a line, one JSON answer a line (this
    process's ``flipside`` is the one its ``PYTHONPATH`` names first: see ``Player``).
    ``workers=N`` in the configuration searches over N worker processes
    (``flipside.workers``; wall clock only)."""
    import dataclasses

    from flipside.othello.ai import engine as engine_module
    from flipside.othello.board import Board

    if not wall:
        time.perf_counter = time.process_time  # every budget in this process's CPU time
    config = json.loads(config_json)
    workers = int(config.pop("workers", "1"))
    virtual = config.pop("virtual", "0") in ("1", "true", "yes")
    if workers > 1 and not wall and not virtual:
        raise SystemExit("player: workers=N needs --wall-clock, or virtual=1 (CPU time)")
    level = engine_module.parse_level(config.pop("level"))
    base = engine_module.LEVELS[level]
    changes: dict[str, Any] = {}
    for key, value in config.items():
        if not hasattr(base, key):
            raise SystemExit(f"player: the engine's Level has no field {key!r}")
        kind = type(getattr(base, key))
        changes[key] = value.lower() in ("1", "true", "yes") if kind is bool else kind(value)
    settings = dataclasses.replace(base, **changes)
    engine_module.LEVELS[level] = dataclasses.replace(settings, seconds=settings.seconds * scale)
    engine = engine_module.Engine(level)
    pool = None
    if workers > 1:
        from flipside.othello.ai import split as othello_split
        from flipside.workers import Pool

        if virtual:
            from tools.play.virtual_pool import VirtualPool

            pool = VirtualPool(workers)
        else:
            pool = Pool(workers, warm="flipside.othello.ai.api")

    try:  # a tree whose moves in a row share one reply's budget (checks.reply_budget)
        from flipside.checks import reply_budget
    except ImportError:
        reply_budget = None

    def think(board: Board, spent: float = 0.0) -> dict[str, Any]:
        if pool is None:
            if reply_budget is None or not spent:
                return engine.think(board)
            return engine.think(board, seconds=reply_budget(engine.settings.seconds, spent))
        answer: dict[str, Any] = othello_split.pool_think(pool, engine, board)
        return answer

    try:
        for line in sys.stdin:
            request = json.loads(line)
            if "seed" in request:
                engine = engine_module.Engine(level, seed=request["seed"])
                answer: dict[str, Any] = {"ok": True}
            else:
                board = Board.from_position(request["position"])
                cpu = time.process_time()
                clock = time.perf_counter()
                virtual_clock = getattr(pool, "clock", 0.0)
                info = think(board, float(request.get("spent", 0.0)))
                if wall:
                    took = time.perf_counter() - clock
                elif virtual:
                    took = getattr(pool, "clock", 0.0) - virtual_clock  # the virtual wall time
                else:
                    took = time.process_time() - cpu
                answer = {
                    "move": info["move"],
                    "cpu": took,
                    "exact": info.get("exact", False),
                    "book": info.get("book", False),
                    "depth": info.get("depth", 0),
                    "nodes": info.get("nodes", 0),
                }
            print(json.dumps(answer), flush=True)
    finally:
        if pool is not None and hasattr(pool, "close"):
            pool.close()  # its processes, and its shared memory block


class Player:
    """One configuration's engine in its own process."""

    def __init__(self, config: dict[str, str], scale: float, tmp: Path, wall: bool = False) -> None:
        config = dict(config)
        rev = config.pop("rev", None)
        src = checkout(rev, tmp) if rev else PY
        self.proc = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "tools.play.othello_match",
                "--player",
                json.dumps(config),
                str(scale),
                *(["--wall-clock"] if wall else []),
            ],
            env={**os.environ, "PYTHONPATH": os.pathsep.join([str(src), str(PY)])},
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )

    def move(self, board: Any, spent: float = 0.0) -> dict[str, Any]:
        """The move this player chooses on ``board`` (a pass without asking), when its
        earlier moves in a row (the opponent passed) took ``spent`` seconds."""
        if not board.has_legal_move():
            return {"move": "pass", "book": False}
        return self.ask({"position": board.position(), "spent": spent})

    def ask(self, request: dict[str, Any]) -> dict[str, Any]:
        assert self.proc.stdin is not None and self.proc.stdout is not None
        self.proc.stdin.write(json.dumps(request) + "\n")
        self.proc.stdin.flush()
        line = self.proc.stdout.readline()
        if not line:
            raise RuntimeError("a player process ended")
        answer: dict[str, Any] = json.loads(line)
        return answer

    def close(self) -> None:
        if self.proc.stdin is not None:
            self.proc.stdin.close()
        self.proc.wait()


def openings(count: int, plies: int, seed: int, kind: str = "random") -> list[str]:
    """``count`` distinct openings (transcripts): random legal lines of ``plies`` moves, or
    (``kind`` "xot") a seeded sample of the XOT list, or (``kind`` "named") a seeded sample
    of the named opening lines of 4 or more moves (lines the opening book holds: a match
    that tests books)."""
    from flipside.othello.board import Board

    rnd = random.Random(seed)
    if kind == "named":
        from flipside.othello.ai.openings import named_lines
        from flipside.squares import square_name

        named = sorted(
            "".join(square_name(sq) for sq in line) for line in named_lines() if len(line) >= 4
        )
        if count > len(named):
            raise ValueError(f"the named lines of 4+ moves are {len(named)}, {count} asked")
        return rnd.sample(named, count)
    if kind == "xot":
        from flipside.othello.xot import xot_lines

        lines = list(xot_lines())
        if count > len(lines):
            raise ValueError(f"the XOT list has {len(lines)} openings, {count} asked")
        return rnd.sample(lines, count)
    seen: set[str] = set()
    out: list[str] = []
    for _ in range(1000 * count):
        if len(out) == count:
            break
        board = Board()
        for _ in range(plies):
            moves = board.legal_moves()
            if not moves:
                break
            board.push(rnd.choice(moves))
        if board.is_game_over() or board.position() in seen:
            continue
        seen.add(board.position())
        out.append("".join(str(m) for m in board.move_stack))
    return out


def xot_openings(count: int, seed: int) -> list[str]:
    """``count`` distinct openings of the XOT list (``flipside.othello.xot``), shuffled by
    ``seed``."""
    from flipside.othello.xot import xot_lines

    lines = list(xot_lines())
    random.Random(seed).shuffle(lines)
    if count > len(lines):
        raise ValueError(f"the XOT list has {len(lines)} openings, not {count}")
    return lines[:count]


@dataclass
class MoveStats:
    """Per side: CPU seconds of every move searched (book and forced moves left out)."""

    times: list[float] = field(default_factory=list)

    def line(self, name: str, budget: float) -> str:
        if not self.times:
            return f"{name}: no searched moves"
        worst = max(self.times)
        return (
            f"{name}: {len(self.times)} searched moves, mean {statistics.fmean(self.times):.3f} "
            f"s CPU, worst {worst:.3f} s = {worst / budget:.2f}x the budget {budget:.3f} s"
        )


@dataclass
class GameRecord:
    """One game as played: its opening, every move after it (``"pass"`` included) with the
    answer's flags, and Black's final disc difference."""

    opening: str
    moves: list[dict[str, Any]] = field(default_factory=list)
    black_margin: int = 0


def play(
    black: Player, white: Player, opening: str, seed: int
) -> tuple[int, list[float], list[float], GameRecord]:
    """One game; Black's final disc difference, each side's searched move times and the
    game's record."""
    from flipside.othello.board import Board
    from flipside.othello.notation import Color

    black.ask({"seed": seed})
    white.ask({"seed": seed + 1})
    times: dict[Color, list[float]] = {Color.BLACK: [], Color.WHITE: []}
    record = GameRecord(opening)

    def searched(board: Board, answer: Mapping[str, object]) -> None:
        if not answer["book"] and len(board.legal_moves()) > 1:
            times[board.turn].append(float(str(answer["cpu"])))
        record.moves.append(
            {
                "move": str(answer["move"]),
                "book": bool(answer.get("book", False)),
                "exact": bool(answer.get("exact", False)),
                "cpu": round(float(str(answer.get("cpu", 0.0))), 4),
            }
        )

    # A side's moves in a row (the other passed) are one reply: each is asked with the time
    # the earlier ones took (``spent``), as the page asks them.
    reply: dict[str, Any] = {"side": None, "spent": 0.0}

    def mover(player: Player, side: Color) -> Callable[[Board], dict[str, Any]]:
        def move(board: Board) -> dict[str, Any]:
            if not board.has_legal_move():
                return {"move": "pass", "book": False}
            spent = reply["spent"] if reply["side"] == side else 0.0
            answer = player.move(board, spent)
            reply.update(side=side, spent=spent + float(answer.get("cpu", 0.0)))
            return answer

        return move

    players = {Color.BLACK: mover(black, Color.BLACK), Color.WHITE: mover(white, Color.WHITE)}
    board = play_out(Board.from_transcript(opening), players, searched)
    record.black_margin = board.result().score
    return record.black_margin, times[Color.BLACK], times[Color.WHITE], record


def budget_of(config: dict[str, str], scale: float) -> float:
    """The native budget per move of a configuration in this tree's levels (for reports)."""
    from flipside.othello.ai.engine import LEVELS, parse_level

    seconds = float(config.get("seconds", LEVELS[parse_level(config["level"])].seconds))
    return seconds * scale


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if argv[:1] == ["--player"]:
        player_main(argv[1], float(argv[2]), "--wall-clock" in argv[3:])
        return 0
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--a", default="level=6", help="configuration A (key=value,...)")
    parser.add_argument("--b", default="level=6", help="configuration B")
    parser.add_argument("--games", type=int, default=40, help="games (even: pairs x 2)")
    parser.add_argument("--plies", type=int, default=8, help="random opening length")
    parser.add_argument(
        "--openings", choices=("random", "xot", "named"), default="random", help="opening lines"
    )
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--budget-scale", type=float, default=1.0)
    parser.add_argument("--workers", type=int, default=1, help="games at a time")
    parser.add_argument("--json", type=Path, help="append the result to this JSON-lines file")
    parser.add_argument("--record", type=Path, help="append every game to this JSON-lines file")
    parser.add_argument(
        "--xot",
        action="store_true",
        help="the XOT list shuffled by the seed (the parallel-search note's matches)",
    )
    parser.add_argument(
        "--wall-clock",
        action="store_true",
        help="count the budgets on the wall clock (needed for workers=N: a search over"
        " several processes)",
    )
    args = parser.parse_args(argv)
    config_a, config_b = parse_config(args.a), parse_config(args.b)
    if args.xot:
        lines = xot_openings(args.games // 2, args.seed)
    else:
        lines = openings(args.games // 2, args.plies, args.seed, args.openings)
    summary = Summary()
    stats = {"A": MoveStats(), "B": MoveStats()}
    start = time.perf_counter()

    lock = threading.Lock()
    with tempfile.TemporaryDirectory() as tmp:

        def run(worker: int, jobs: list[tuple[int, str]]) -> None:
            a = Player(config_a, args.budget_scale, Path(tmp) / f"w{worker}", args.wall_clock)
            b = Player(config_b, args.budget_scale, Path(tmp) / f"w{worker}", args.wall_clock)
            try:
                for index, opening in jobs:
                    seed = args.seed * 100_000 + 4 * index
                    as_black, ta1, tb1, game1 = play(a, b, opening, seed)
                    as_white, tb2, ta2, game2 = play(b, a, opening, seed + 2)
                    if args.record:
                        with lock, args.record.open("a") as out:
                            for game, a_colour in ((game1, "black"), (game2, "white")):
                                row = {"a": args.a, "b": args.b, "a_colour": a_colour}
                                row |= dataclasses.asdict(game)
                                row["budget_scale"] = args.budget_scale
                                out.write(json.dumps(row) + "\n")
                    summary.pairs.append((as_black, -as_white))
                    stats["A"].times.extend(ta1 + ta2)
                    stats["B"].times.extend(tb1 + tb2)
                    wins, draws, losses = summary.record()
                    print(
                        f"  pair {len(summary.pairs)}/{len(lines)} {opening}: A as Black "
                        f"{as_black:+d}, as White {-as_white:+d} (A {wins}-{draws}-{losses}, "
                        f"{time.perf_counter() - start:.0f} s)",
                        file=sys.stderr,
                        flush=True,
                    )
            finally:
                a.close()
                b.close()

        jobs = list(enumerate(lines))
        with ThreadPoolExecutor(max_workers=args.workers) as pool:
            for done in [pool.submit(run, w, jobs[w :: args.workers]) for w in range(args.workers)]:
                done.result()

    print(summary.report(args.a, args.b))
    print(stats["A"].line("A", budget_of(config_a, args.budget_scale)))
    print(stats["B"].line("B", budget_of(config_b, args.budget_scale)))
    if args.json:
        score, margin = summary.score(), summary.margin()
        result = {
            "a": args.a,
            "b": args.b,
            "budget_scale": args.budget_scale,
            "games": 2 * len(summary.pairs),
            "record": summary.record(),
            "score": [score.mean, score.half_width],
            "margin": [margin.mean, margin.half_width],
            "worst_cpu": {k: max(s.times, default=0.0) for k, s in stats.items()},
            "pairs": summary.pairs,
        }
        with args.json.open("a") as out:
            out.write(json.dumps(result) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
