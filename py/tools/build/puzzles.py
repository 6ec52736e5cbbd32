"""Build the puzzle sets ``web/puzzles/othello.json`` and ``web/puzzles/themisto.json``.

Deterministic (same archive, same engine, same files) and committed; the page fetches a set
only when its puzzles are opened.

- **Othello** (endgames from real games): every ``STRIDE``-th game of the WTHOR archive, in
  file order, stopped at 6 to 12 empty squares (by turns); a puzzle when the side to move has
  at least two moves, exactly one best move by the exact solver, and the second best at
  least ``MIN_GAP`` discs worse. Rating from the empties and that gap.
- **Themisto** (from seeded games of level 2 against itself, a quarter of the moves played
  at random instead): "win in one" (exactly one move
  wins at once) and "save the game" (no move wins, and every move but one lets the opponent
  win at once). "Win in two" is left out for now: proving it takes the engine seconds a
  position, too slow to search enough self-play positions for a set.

    PYTHONPATH=py .venv/bin/python -m tools.build.puzzles        # writes both sets, prints sizes
"""

from __future__ import annotations

import json
import random

from flipside.othello import Board
from flipside.othello.ai.endgame import Solver
from flipside.othello.notation import Move
from flipside.othello.wthor import read_wthor
from flipside.themisto.ai.engine import Engine
from flipside.themisto.ai.threats import winning_moves
from flipside.themisto.board import Board as ThemistoBoard
from flipside.themisto.notation import Move as ThemistoMove
from tools import ROOT, SHARED_DATA

OUT = ROOT / "web" / "puzzles"
OTHELLO_COUNT = 300
THEMISTO_COUNT = 300
STRIDE = 97
MIN_GAP = 2
EMPTIES = (6, 7, 8, 9, 10, 11, 12)
SLIP = 0.25
"""Themisto's self-play: the share of moves played at random instead of level 2's (a slip
makes the positions where one move wins or saves the game that a set needs)."""


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
                    "score": best,
                    "gap": gap,
                    "empties": empties,
                    "rating": 900 + 60 * (empties - 6) + 25 * max(0, 12 - gap),
                    "source": f"{path.stem} game {number}",
                }
            )
    return out


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


def _themisto_kind(board: ThemistoBoard) -> tuple[str, ThemistoMove] | None:
    """The puzzle this position is (kind, the one answer), or None."""
    if board.is_game_over():
        return None
    winners = winning_moves(board)
    if len(winners) == 1:
        return "win in one", winners[0]
    if winners:
        return None
    safe = []
    for move in board.legal_moves():
        board.push(move)
        lost = bool(winning_moves(board, first_only=True))  # [] once the game is over
        board.pop()
        if not lost:
            safe.append(move)
            if len(safe) > 1:
                break
    if len(safe) == 1 and len(board.legal_moves()) > 1:
        return "save the game", safe[0]
    return None


def themisto_puzzles(stop: int = THEMISTO_COUNT) -> list[dict[str, object]]:
    """Puzzles from seeded games of level 2 against itself, with slips (see the module docstring): at
    most one a game, so that the set spreads over many games; the first ``stop``."""
    out: list[dict[str, object]] = []
    quota = {"win in one": THEMISTO_COUNT, "save the game": THEMISTO_COUNT}  # as found
    rating = {"win in one": 900, "save the game": 1200}
    seed = 0
    while len(out) < min(stop, THEMISTO_COUNT) and seed < 20_000:
        seed += 1
        player = Engine(2, seed=seed)
        slips = random.Random(seed)
        board = ThemistoBoard()
        for ply in range(60):
            if board.is_game_over():
                break
            # Judged as the puzzle shows it: the position alone, without the game's history
            # (which forbids a move back to the board before the last move).
            alone = ThemistoBoard.from_position(board.position())
            found = _themisto_kind(alone) if ply >= 4 else None
            if found is not None and quota[found[0]] > 0:
                kind, move = found
                quota[kind] -= 1
                out.append(
                    {
                        "id": len(out) + 1,
                        "position": board.position().replace(" ", "_"),
                        "toMove": "one" if board.turn == 1 else "two",
                        "best": str(move),
                        "kind": kind,
                        "rating": rating[kind] + 10 * min(ply, 40),
                        "source": f"level 2 self-play with slips, seed {seed}, ply {ply}",
                    }
                )
                break
            if slips.random() < SLIP:
                board.push(slips.choice(board.legal_moves()))
            else:
                board.push(ThemistoMove.parse(str(player.think(board)["move"])))
    return out


def main() -> None:
    OUT.mkdir(exist_ok=True)
    for name, make in (("othello", othello_puzzles), ("themisto", themisto_puzzles)):
        puzzles = make()
        path = OUT / f"{name}.json"
        text = json.dumps({"game": name, "puzzles": puzzles}, separators=(",", ":"))
        path.write_text(text + "\n")
        print(f"{path}: {len(puzzles)} puzzles, {len(text.encode())} bytes")


if __name__ == "__main__":
    main()
