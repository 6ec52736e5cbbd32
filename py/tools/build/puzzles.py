"""Build the puzzle sets ``web/puzzles/othello.json`` and ``web/puzzles/themisto.json``.

Deterministic (same archive, same engine, same files) and committed; the page fetches a set
only when its puzzles are opened.

- **Othello endgames**: every ``STRIDE``-th game of the WTHOR archive, in file order,
  stopped at 6 to 12 empty squares (by turns); a puzzle when the side to move has at least
  two moves, exactly one best move by the exact solver, and the second best at least
  ``MIN_GAP`` discs worse. Rating from the empties and that gap.
- **Othello midgame**: every ``MIDGAME_STRIDE``-th game at 20 to 30 empty squares, where
  searches of both ``MIDGAME_DEPTHS`` put the same move first by ``MIDGAME_GAP`` discs.
- **Themisto**: wins in one, saves and wins in two from self-play
  (``tools.build.themisto_puzzles``).

The sets are numbered from 1 in that order (a new kind goes after the existing ids, so links
stay valid).

    PYTHONPATH=py .venv/bin/python -m tools.build.puzzles [othello] [themisto]  # prints sizes
"""

from __future__ import annotations

import json
import sys

from flipside.othello import Board
from flipside.othello.ai.endgame import Solver
from flipside.othello.ai.engine import Engine
from flipside.othello.notation import Move
from flipside.othello.wthor import read_wthor
from tools import ROOT, SHARED_DATA
from tools.build import themisto_puzzles as themisto

OUT = ROOT / "web" / "puzzles"
OTHELLO_COUNT = 300
THEMISTO_COUNT = 300
STRIDE = 97
MIN_GAP = 2
EMPTIES = (6, 7, 8, 9, 10, 11, 12)
MIDGAME_COUNT = 100
MIDGAME_STRIDE = 61
MIDGAME_EMPTIES = tuple(range(20, 31))
MIDGAME_DEPTHS = (4, 6)
MIDGAME_GAP = 8.0
"""A midgame puzzle: at both ``MIDGAME_DEPTHS`` the same move is best by ``MIDGAME_GAP``
discs or more (a search's estimate, not a proof to the end)."""


def othello_puzzles(stop: int = OTHELLO_COUNT) -> list[dict[str, object]]:
    """Endgame puzzles from the WTHOR games (see the module docstring); the first ``stop``."""
    out: list[dict[str, object]] = []
    number = 0
    for path in sorted((SHARED_DATA / "wthor").glob("WTH_*.wtb")):
        for game in read_wthor(path):
            number += 1
            if number % STRIDE or len(out) >= min(stop, OTHELLO_COUNT):
                continue
            empties = EMPTIES[len(out) % len(EMPTIES)]
            board = _othello_at(game.transcript(), empties)
            if board is None:
                continue
            P, O = board.bits()
            scores = Solver().move_scores(P, O)
            if len(scores) < 2:
                continue
            ranked = sorted(scores.values(), reverse=True)
            best, second = ranked[0], ranked[1]
            if best - second < MIN_GAP:
                continue
            move = next(sq for sq, v in scores.items() if v == best)
            gap = best - second
            out.append(
                {
                    "id": len(out) + 1,
                    "position": board.position().replace(" ", ""),
                    "toMove": str(board.turn).lower(),
                    "best": str(Move(move)),
                    "kind": "endgame",
                    "score": best,
                    "gap": gap,
                    "empties": empties,
                    "rating": 900 + 60 * (empties - 6) + 25 * max(0, 12 - gap),
                    "source": f"{path.stem} game {number}",
                }
            )
    return out


def midgame_puzzles(stop: int = MIDGAME_COUNT) -> list[dict[str, object]]:
    """Midgame puzzles from the WTHOR games: every ``MIDGAME_STRIDE``-th game stopped at 20
    to 30 empty squares in turn, kept when one move is clearly best (``MIDGAME_GAP``)."""
    out: list[dict[str, object]] = []
    number = tried = 0
    for path in sorted((SHARED_DATA / "wthor").glob("WTH_*.wtb")):
        for game in read_wthor(path):
            number += 1
            if number % MIDGAME_STRIDE or len(out) >= min(stop, MIDGAME_COUNT):
                continue
            empties = MIDGAME_EMPTIES[tried % len(MIDGAME_EMPTIES)]
            board = _othello_at(game.transcript(), empties)
            if board is None:
                continue
            tried += 1
            clear = clearly_best(board)
            if clear is None:
                continue
            move, value, gap = clear
            out.append(
                {
                    "position": board.position().replace(" ", ""),
                    "toMove": str(board.turn).lower(),
                    "best": move,
                    "kind": "midgame",
                    "value": value,
                    "gap": gap,
                    "empties": empties,
                    "rating": 1100 + 20 * (empties - 20) + 25 * max(0, 20 - round(gap)),
                    "source": f"{path.stem} game {number}",
                }
            )
    return out


def clearly_best(board: Board) -> tuple[str, float, float] | None:
    """(the move, its value, its lead over the second best) when the same move leads by
    ``MIDGAME_GAP`` discs or more at every depth of ``MIDGAME_DEPTHS``; values rounded to
    tenths of a disc, from the deepest search."""
    best: set[str] = set()
    for depth in MIDGAME_DEPTHS:
        values = Engine().analysis(board, depth=depth).values
        ranked = sorted(values.items(), key=lambda mv: -mv[1])
        if len(ranked) < 2 or ranked[0][1] - ranked[1][1] < MIDGAME_GAP:
            return None
        best.add(str(ranked[0][0]))
        value, gap = ranked[0][1], ranked[0][1] - ranked[1][1]
    if len(best) != 1:
        return None
    return best.pop(), round(value, 1), round(gap, 1)


def _othello_at(transcript: str, empties: int) -> Board | None:
    """The position of the game with ``empties`` empty squares, the side to move able to
    move; None when the game does not get there."""
    board = Board()
    for i in range(0, len(transcript), 2):
        P, O = board.bits()
        if 64 - (P | O).bit_count() == empties:
            break
        if board.legal_moves()[0].is_pass:
            board.push(board.legal_moves()[0])
        try:
            board.push_str(transcript[i : i + 2])
        except ValueError:
            return None
    P, O = board.bits()
    if 64 - (P | O).bit_count() != empties or board.is_game_over():
        return None
    if board.legal_moves()[0].is_pass:
        return None
    return board


def othello_set() -> list[dict[str, object]]:
    """The Othello set: the endgames, then the midgame puzzles, numbered from 1."""
    found = othello_puzzles() + midgame_puzzles()
    return [{"id": n} | {k: v for k, v in p.items() if k != "id"} for n, p in enumerate(found, 1)]


def themisto_puzzles(stop: int | None = None) -> list[dict[str, object]]:
    """The Themisto set: the wins in one, then the save-the-game and win-in-two puzzles (see
    ``tools.build.themisto_puzzles``); the first ``stop`` wins in one only, when given."""
    found = themisto.wins_in_one(stop or THEMISTO_COUNT)
    if stop is None:
        found += themisto.deep_puzzles(range(1, themisto.DEEP_SEEDS + 1))
    return [{"id": number, **puzzle} for number, puzzle in enumerate(found, 1)]


def main(names: list[str]) -> None:
    """Write the sets ``names`` (both when empty)."""
    OUT.mkdir(exist_ok=True)
    makers = {"othello": othello_set, "themisto": themisto_puzzles}
    for name in names or list(makers):
        make = makers[name]
        puzzles = make()
        path = OUT / f"{name}.json"
        text = json.dumps({"game": name, "puzzles": puzzles}, separators=(",", ":"))
        path.write_text(text + "\n")
        print(f"{path}: {len(puzzles)} puzzles, {len(text.encode())} bytes")


if __name__ == "__main__":
    main(sys.argv[1:])
