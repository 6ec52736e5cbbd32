"""Find Themisto tactics positions in random games and their sets of correct moves.

Run: ``PYTHONPATH=py nice -n 10 .venv/bin/python -m tools.play.themisto_tactics > tactics.txt``

The correct moves are found by brute force on the rules core (push/pop every move; the
opponent's replies in full), with ``winning_moves`` as the last ply's win test (itself checked
against pushing every move in ``tests/test_themisto_ai.py``). Prints one Python tuple per
position: ``(kind, position string, sorted correct moves)``, for ``tests/test_themisto_ai.py``.
"""

from __future__ import annotations

import random

from flipside.themisto import Board, Move
from flipside.themisto.ai.threats import winning_moves
from flipside.themisto.bitboard import run_length


def can_win(board: Board, me: int, plies: int) -> bool:
    """True when player ``me`` wins by force within ``plies`` plies (either player's)."""
    status = board.status
    if status.over:
        return status.result == "win" and status.winner == me
    if plies <= 0:
        return False
    if board.turn == me:
        if winning_moves(board, True):
            return True
        if plies < 2:
            return False
        for m in board.legal_moves():
            board.push(m)
            ok = can_win(board, me, plies - 1)
            board.pop()
            if ok:
                return True
        return False
    for m in board.legal_moves():
        board.push(m)
        ok = can_win(board, me, plies - 1)
        board.pop()
        if not ok:
            return False
    return True


def until_my_turn(board: Board, me: int) -> int:
    """Plies the opponent has before ``me`` moves again (1, or 2 after a lost turn)."""
    return 2 if board.pending_lost_turns[me - 1] else 1


def classify(board: Board, found: dict[str, list[tuple[str, str, list[str]]]]) -> None:
    me = board.turn
    moves = board.legal_moves()
    if moves == [Move.PASS]:
        return
    position = board.position()
    wins = winning_moves(board)

    def add(kind: str, correct: list[Move]) -> None:
        if len(found.setdefault(kind, [])) < 3 and 0 < len(correct) < len(moves):
            found[kind].append((kind, position, sorted(str(m) for m in correct)))

    if wins:
        plain = [m for m in wins if not m.capture]
        colours = set()
        for m in wins:
            board.push(m)
            colours.add(board.cell(board.status.row[0]))
            board.pop()
        kind = f"win1-p{me}-{'plain' if plain else 'capture'}"
        add(kind, wins)
        add(f"win1-p{me}-colour-{''.join(sorted(colours))}", wins)
        if me == 1:
            for m in moves:
                if m in wins:
                    continue
                board.push(m)
                colour = board._black if board._black >> m.to_sq & 1 else board._white
                over = any(run_length(colour, m.to_sq, d) > 5 for d in (0, 2, 4, 6))
                board.pop()
                if over:
                    add("win1-p1-exact-not-overline", wins)
                    break
        return
    double = board.pending_lost_turns[2 - me] > 0
    safe, lost_turn_losses = [], []
    win2 = []
    for m in moves:
        board.push(m)
        info = board.last_move_info()
        opp_plies = until_my_turn(board, me)
        if board.turn == me and not board.status.over:
            if winning_moves(board, True):
                win2.append(m)
            safe.append(m)
        elif not can_win(board, 3 - me, opp_plies):
            safe.append(m)
        elif info is not None and info.lost_turn and not winning_moves(board, True):
            lost_turn_losses.append(m)
        board.pop()
    if double and win2:
        add("double-move-win", win2)
    if len(safe) < len(moves):
        add("avoid-loss1", safe)
        if lost_turn_losses:
            add("avoid-loss1-lost-turn", safe)
    if not double and len(found.get("win2-forcing", [])) < 3 and len(safe) == len(moves) > 0:
        forcing = []
        for m in moves:
            board.push(m)
            if can_win(board, me, 2):
                forcing.append(m)
            board.pop()
        add("win2-forcing", forcing)


def main() -> None:
    rng = random.Random(7)
    found: dict[str, list[tuple[str, str, list[str]]]] = {}
    for _ in range(400):
        board = Board()
        while not board.is_game_over():
            classify(board, found)
            board.push(rng.choice(board.legal_moves()))
        if all(len(v) >= 3 for v in found.values()) and len(found) >= 12:
            break
    for kind in sorted(found):
        for row in found[kind]:
            print(f"    {row!r},", flush=True)


if __name__ == "__main__":
    main()
