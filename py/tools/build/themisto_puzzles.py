"""Themisto puzzles: the kinds, their proofs, and the self-play games they are found in.

Every position is judged as the page shows a puzzle: the position alone (the rule against
going back to the previous board then applies from the puzzle's first move on).

- **win in one**: exactly one move wins at once.
- **save the game**: no move wins at once, and every move but one lets the opponent win at
  once.
- **win in two**: no move wins at once, and exactly one move leaves the opponent no reply
  after which the mover cannot win at once (and no reply that wins for the opponent).

The proofs use :func:`flipside.themisto.ai.threats.winning_moves` (tested against the rules
core) and one shortcut, exact by the rules: a reply can only stop a win that is threatened if
it moves from, or lands on, a square on a line through the winning move's landing square, or
the winning disk's own square, or captures. A threat is found by asking for the mover's wins
as if it were their turn again.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor

from flipside.themisto.ai.engine import Engine
from flipside.themisto.ai.threats import winning_moves
from flipside.themisto.bitboard import RAYS
from flipside.themisto.board import Board
from flipside.themisto.notation import Move, format_position

WIN_IN_ONE_SLIP = 0.25
"""The win-in-one games: the share of moves played at random instead of level 2's (a slip
leaves a win in one on the board)."""
DEEP_SLIP = 0.05
"""The save-the-game and win-in-two games: fewer slips, so the games last and threats build."""
DEEP_SEEDS = 1000
"""How many seeded games the save-the-game and win-in-two puzzles are looked for in."""
RATING = {"win in one": 900, "save the game": 1200, "win in two": 1400}
_LINES_THROUGH = tuple(sum(RAYS[d][sq] for d in range(8)) for sq in range(64))
"""``_LINES_THROUGH[sq]``: every square on a line through ``sq`` (``sq`` excluded)."""


def threats(board: Board, player: int) -> list[Move]:
    """The moves that would win at once for ``player`` if it were their turn now."""
    black, white = board.bits()
    return winning_moves(Board.from_position(format_position(black, white, player, (0, 0))))


def _hot(wins: list[Move]) -> int:
    """The squares a move must touch (leave or land on) to stop any of ``wins``."""
    hot = 0
    for move in wins:
        hot |= _LINES_THROUGH[move.to_sq] | 1 << move.to_sq | 1 << move.from_sq
    return hot


def _may_stop(moves: list[Move], hot: int) -> list[Move]:
    return [m for m in moves if m.capture or (hot >> m.from_sq | hot >> m.to_sq) & 1]


def saving_moves(board: Board, most: int = 2) -> list[Move]:
    """Up to ``most`` moves after which the opponent cannot win at once (for a position where
    the player to move cannot win at once and has no lost turn to come)."""
    me = board.turn
    danger = threats(board, 3 - me)
    if not danger:
        return board.legal_moves()[:most]
    safe = []
    for move in _may_stop(board.legal_moves(), _hot(danger)):
        board.push(move)
        if not winning_moves(board, first_only=True):
            safe.append(move)
        board.pop()
        if len(safe) >= most:
            break
    return safe


def defences(board: Board, me: int, most: int = 1) -> list[Move]:
    """Up to ``most`` replies (the opponent to move) after which ``me`` cannot win at once:
    every reply that wins for the opponent or stops all of ``me``'s threats."""
    if board.pending_lost_turns[me - 1]:
        return board.legal_moves()[:most]  # ``me`` has lost the coming turn
    found = winning_moves(board)[:most]
    if found:
        return found
    wins = threats(board, me)
    replies = board.legal_moves() if not wins else _may_stop(board.legal_moves(), _hot(wins))
    for reply in replies:
        board.push(reply)
        if board.turn != me or not winning_moves(board, first_only=True):
            found.append(reply)
        board.pop()
        if len(found) >= most:
            break
    return found


def forcing_moves(board: Board, most: int = 2) -> list[Move]:
    """Up to ``most`` moves that win in two (see the module docstring); the player to move
    has no lost turn to come and the opponent none either."""
    me = board.turn
    out = []
    for move in board.legal_moves():
        board.push(move)
        threatening = not board.is_game_over() and board.turn != me and threats(board, me)
        if threatening and not defences(board, me):
            out.append(move)
        board.pop()
        if len(out) >= most:
            break
    return out


def stubborn_reply(board: Board, move: Move) -> tuple[Move, Move]:
    """After the winning ``move``: the reply that leaves the fewest winning moves, preferring
    one that does not cost its player their next turn (the first such in move order), and the
    first of those wins."""
    board.push(move)
    opponent = board.turn
    best: tuple[tuple[int, int], Move, Move] | None = None
    for reply in board.legal_moves():
        board.push(reply)
        rank = (board.pending_lost_turns[opponent - 1], len(winning_moves(board)))
        if best is None or rank < best[0]:
            best = (rank, reply, winning_moves(board)[0])
        board.pop()
    board.pop()
    assert best is not None
    return best[1], best[2]


def kind_of(board: Board, deep: bool) -> tuple[str, Move] | None:
    """The puzzle the position is (its kind, the one answer), or None; ``deep`` looks for
    save-the-game and win-in-two puzzles, else for wins in one only."""
    if board.is_game_over():
        return None
    winners = winning_moves(board)
    if not deep:
        return ("win in one", winners[0]) if len(winners) == 1 else None
    if winners or board.pending_lost_turns != (0, 0):
        return None
    safe = saving_moves(board)
    if len(safe) == 1 and len(board.legal_moves()) > 1:
        return "save the game", safe[0]
    if len(safe) > 1:
        forcing = forcing_moves(board)
        if len(forcing) == 1:
            return "win in two", forcing[0]
    return None


def _games(seed: int, slip: float) -> Iterator[tuple[int, Board]]:
    """(ply, board) of the seeded game of level 2 against itself with slips."""
    player = Engine(2, seed=seed)
    slips = random.Random(seed)
    board = Board()
    for ply in range(60):
        if board.is_game_over():
            return
        yield ply, board
        if slips.random() < slip:
            board.push(slips.choice(board.legal_moves()))
        else:
            board.push(Move.parse(str(player.think(board)["move"])))


def _entry(
    board: Board, kind: str, move: Move, seed: int, ply: int, slip: float
) -> dict[str, object]:
    out: dict[str, object] = {
        "position": board.position().replace(" ", "_"),
        "toMove": "one" if board.turn == 1 else "two",
        "best": str(move),
        "kind": kind,
        "rating": RATING[kind] + 10 * min(ply, 40),
        "source": f"level 2 self-play with slips ({slip:.0%}), seed {seed}, ply {ply}",
    }
    if kind == "win in two":
        reply, win = stubborn_reply(board, move)
        out |= {"defence": str(reply), "win": str(win)}
    return out


def wins_in_one(stop: int) -> list[dict[str, object]]:
    """The first ``stop`` win-in-one puzzles, at most one a game (games with many slips)."""
    out: list[dict[str, object]] = []
    seed = 0
    while len(out) < stop and seed < 20_000:
        seed += 1
        for ply, board in _games(seed, WIN_IN_ONE_SLIP):
            alone = Board.from_position(board.position())
            found = kind_of(alone, deep=False) if ply >= 4 else None
            if found is not None:
                out.append(_entry(alone, *found, seed, ply, WIN_IN_ONE_SLIP))
                break
    return out


def deep_puzzles_of(seed: int) -> list[dict[str, object]]:
    """The save-the-game and win-in-two puzzles of one game: the first of each kind."""
    out: dict[str, dict[str, object]] = {}
    for ply, board in _games(seed, DEEP_SLIP):
        alone = Board.from_position(board.position())
        found = kind_of(alone, deep=True) if ply >= 4 else None
        if found is not None and found[0] not in out:
            out[found[0]] = _entry(alone, *found, seed, ply, DEEP_SLIP)
    return list(out.values())


def deep_puzzles(seeds: range, workers: int = 2) -> list[dict[str, object]]:
    """The save-the-game and win-in-two puzzles of the games ``seeds``, in seed order (each
    game on one of ``workers`` processes; the result does not depend on how many)."""
    with ProcessPoolExecutor(workers) as pool:
        return [p for found in pool.map(deep_puzzles_of, seeds, chunksize=8) for p in found]
