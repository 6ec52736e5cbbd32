"""Where the discs were lost: a match's games replayed against a much deeper search.

    PYTHONPATH=py nice -n 19 .venv/bin/python -m tools.play.othello_losses games.jsonl \
        [--lost-by A] [--seconds 6] [--exact 20] [--limit 20] [--cache losses.json]

Reads the games ``tools.play.othello_match --record`` wrote. Every position after the
opening gets a deep value from the side to move's view: the exact score (``Solver``) with
``--exact`` empties or fewer, else the top level's selective midgame search given
``--seconds`` of CPU (about five times the top level's 1.2 s: two or three plies deeper), its
hash table kept along the game as the engine keeps its own. A move's loss is the value
before it less the value after it from the mover's view (at least 0: a deeper search
sometimes likes the move better than the position). Losses are summed per side (A, B) and
per phase: book moves, the middle game by empties (45+, 37-44, 29-36, 23-28), the
probable range (17-22) and the exact range (16 or fewer). With ``--lost-by A`` only the
games A lost are read (``B``: B's losses; default: every game). ``--cache`` keeps each
position's value, so a second run (another selection, or the same games after a change)
searches only new positions.
"""

from __future__ import annotations

import argparse
import json
import time
from collections import defaultdict
from pathlib import Path
from typing import Any

PHASES = (
    ("book", None, None),
    ("45+ empties", 45, 60),
    ("37-44", 37, 44),
    ("29-36", 29, 36),
    ("23-28", 23, 28),
    ("17-22 (probable)", 17, 22),
    ("16 or fewer (exact)", 0, 16),
)


def phase_of(empties: int, book: bool) -> str:
    """The phase a move belongs to (by the empties before it)."""
    if book:
        return "book"
    for name, low, high in PHASES[1:]:
        assert low is not None and high is not None
        if low <= empties <= high:
            return name
    raise ValueError(f"empties out of range: {empties}")


class DeepValues:
    """Deep values of positions (side to move's view, discs), cached by position text."""

    def __init__(self, seconds: float, exact: int, cache: dict[str, float]) -> None:
        from flipside.othello.ai.search import Table

        self.seconds, self.exact, self.cache = seconds, exact, cache
        self.table: Table = {}
        self.cpu = 0.0

    def value(self, P: int, O: int, key: str) -> float:
        """The deep value of (P, O), P to move (a side that must pass: from its view too)."""
        key = f"{self.seconds}:{self.exact}:{key}"
        if key in self.cache:
            return self.cache[key]
        from flipside.othello.ai.endgame import Solver, final_score
        from flipside.othello.ai.search import Searcher
        from flipside.othello.bitboard import legal_moves

        cpu = time.process_time()
        if not legal_moves(P, O) and not legal_moves(O, P):
            value = float(final_score(P, O))
        elif not legal_moves(P, O):
            value = -self.value(O, P, key.rsplit(":", 1)[1] + "/pass")
        elif 64 - (P | O).bit_count() <= self.exact:
            value = float(Solver().search(P, O))
        else:
            if len(self.table) > 200_000:
                self.table = {}
            searcher = Searcher(selectivity=1.0, table=self.table)
            value = searcher.run(P, O, 60, self.seconds).score
        self.cpu += time.process_time() - cpu
        self.cache[key] = value
        return value


def game_losses(game: dict[str, Any], deep: DeepValues) -> list[tuple[str, str, float]]:
    """(side "A"/"B", phase, discs lost) for every move of a recorded game with a choice."""
    from flipside.othello.board import Board
    from flipside.othello.notation import Color

    board = Board.from_transcript(game["opening"])
    a_colour = Color.BLACK if game["a_colour"] == "black" else Color.WHITE
    out = []
    for move in game["moves"]:
        name = move["move"]
        if name == "pass":
            board.push_str(name)
            continue
        mover = board.turn
        P, O = board.bits()
        choice = len(board.legal_moves()) > 1
        before = deep.value(P, O, board.position())
        board.push_str(name)
        if board.is_game_over():
            after = float(board.result().score) * (1 if mover is Color.BLACK else -1)
        else:
            nP, nO = board.bits()
            child = deep.value(nP, nO, board.position())
            after = -child if board.turn is not mover else child
        if choice:
            side = "A" if mover is a_colour else "B"
            empties = 64 - (P | O).bit_count()
            out.append((side, phase_of(empties, move["book"]), max(0.0, before - after)))
    return out


def a_margin(game: dict[str, Any]) -> int:
    """A's final disc difference in a recorded game."""
    margin = int(game["black_margin"])
    return margin if game["a_colour"] == "black" else -margin


def report(losses: list[tuple[str, str, float]], games: int) -> str:
    """Discs lost per game, per side and phase, and the moves counted."""
    total: dict[tuple[str, str], float] = defaultdict(float)
    count: dict[tuple[str, str], int] = defaultdict(int)
    for side, phase, lost in losses:
        total[side, phase] += lost
        count[side, phase] += 1
    lines = [f"{games} games; discs lost per game (moves counted), by the deeper search"]
    lines.append(f"{'phase':22} {'A':>16} {'B':>16}")
    for phase, _, _ in PHASES:
        cells = [
            f"{total[s, phase] / max(games, 1):7.2f} ({count[s, phase]:4d})" for s in ("A", "B")
        ]
        lines.append(f"{phase:22} {cells[0]:>16} {cells[1]:>16}")
    sums = [sum(v for (s, _), v in total.items() if s == side) / max(games, 1) for side in "AB"]
    lines.append(f"{'all':22} {sums[0]:16.2f} {sums[1]:16.2f}")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("games", type=Path, nargs="+", help="JSON-lines files of --record")
    parser.add_argument("--lost-by", choices=("A", "B"), help="only the games this side lost")
    parser.add_argument("--seconds", type=float, default=6.0, help="CPU s per deep search")
    parser.add_argument("--exact", type=int, default=20, help="solve exactly up to this")
    parser.add_argument("--limit", type=int, help="at most this many games")
    parser.add_argument("--cache", type=Path, help="JSON file of deep values to keep")
    args = parser.parse_args(argv)
    time.perf_counter = time.process_time  # the deep search's budget in CPU time
    games = [json.loads(line) for path in args.games for line in path.read_text().splitlines()]
    if args.lost_by:
        sign = 1 if args.lost_by == "A" else -1
        games = [g for g in games if sign * a_margin(g) < 0]
    games = games[: args.limit]
    cache: dict[str, float] = {}
    if args.cache and args.cache.exists():
        cache = json.loads(args.cache.read_text())
    deep = DeepValues(args.seconds, args.exact, cache)
    losses: list[tuple[str, str, float]] = []
    try:
        for number, game in enumerate(games, 1):
            losses += game_losses(game, deep)
            print(f"game {number}/{len(games)}: {deep.cpu:.0f} CPU s so far", flush=True)
    finally:
        if args.cache:
            args.cache.write_text(json.dumps(cache))
    print(report(losses, len(games)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
