"""Themisto threat-space proof search: try to settle the start and each first move.

Run: ``PYTHONPATH=py nice -n 10 .venv/bin/python -m tools.play.themisto_prove --plies 7 --nodes 20000``

For each of player one's first moves (and the start itself) it asks whether the attacker
(player two after a first move, player one at the start) wins by force with threats only:

- attacker to move: a win in one (the engine's ``winning_moves``) proves the node; else the
  attacker tries only moves after which the defender cannot win at once and the attacker
  threatens to win (a plain slide that would make a winning row) or moves again (the
  defender lost a turn); with ``--wide`` also moves that add a "four" (an empty square that
  would complete a winning row, reachable or not);
- defender to move: a win in one disproves the node; else every defender move must fail: a
  move after which the attacker wins at once fails, the others are searched on.

A "proven" result is a forced win (every defence tried); "not proven" only means no forced
win was found with threats within ``--plies`` plies and ``--nodes`` positions: the moves that
are not threats (quiet moves) are never tried for the attacker, so it proves nothing the
other way. Prints one line per first move and a summary.
"""

from __future__ import annotations

import argparse
import time

from flipside.themisto import Board
from flipside.themisto.ai.threats import five_squares, threat_squares, winning_moves
from flipside.themisto.bitboard import FULL
from flipside.themisto.notation import Move


class OutOfNodes(Exception):
    """The node budget of one proof ran out."""


class Prover:
    """Depth-limited AND/OR search over threats, with a table of settled positions."""

    def __init__(self, attacker: int, nodes: int, wide: bool) -> None:
        self.attacker = attacker
        self.wide = wide
        self.limit = nodes
        self.nodes = 0
        # position key -> deepest ply budget known to fail (proofs are stored as -1: any)
        self.failed: dict[tuple[int, int, int, tuple[int, int]], int] = {}
        self.proven: set[tuple[int, int, int, tuple[int, int]]] = set()

    def prove(self, board: Board, plies: int) -> bool:
        """True when the attacker wins by force within ``plies`` plies (threats only)."""
        self.nodes += 1
        if self.nodes > self.limit:
            raise OutOfNodes
        status = board.status
        if status.result != "ongoing":
            return status.result == "win" and status.winner == self.attacker
        key = (*board.bits(), board.turn, board.pending_lost_turns)
        if key in self.proven:
            return True
        if self.failed.get(key, -1) >= plies:
            return False
        found = self._search(board, plies)
        if found:
            self.proven.add(key)
        else:
            self.failed[key] = max(plies, self.failed.get(key, -1))
        return found

    def _search(self, board: Board, plies: int) -> bool:
        attacker = self.attacker
        if board.turn == attacker:
            if winning_moves(board, True):
                return True
            if plies < 3:  # a threat, a defence, then the win: three plies at least
                return False
            for move in self._threats(board):
                board._play(move)
                try:
                    if self.prove(board, plies - 1):
                        return True
                finally:
                    board.pop()
            return False
        if winning_moves(board, True) or plies < 2:
            return False
        moves = board.legal_moves()
        survivors = []
        for move in moves:
            board._play(move)
            try:
                if board.status.result == "draw":
                    return False
                if board.turn == attacker and winning_moves(board, True):
                    continue  # this defence loses at once
                survivors.append(move)
            finally:
                board.pop()
        for move in survivors:
            board._play(move)
            try:
                if not self.prove(board, plies - 1):
                    return False
            finally:
                board.pop()
        return True

    def _threats(self, board: Board) -> list[Move]:
        """Attacker moves that leave no win in one to the defender and either threaten a
        win (a plain slide to a winning square) or let the attacker move again."""
        attacker = self.attacker
        fours = self._fours(board)
        out = []
        for move in board.legal_moves():
            if move.is_pass:
                continue
            board._play(move)
            try:
                if board.is_game_over():
                    continue
                if board.turn == attacker:
                    out.append(move)
                elif not winning_moves(board, True):
                    a, b = threat_squares(board, attacker)
                    if a | b or self.wide and self._fours(board) > fours:
                        out.append(move)
            finally:
                board.pop()
        return out

    def _fours(self, board: Board) -> int:
        """How many empty squares would complete a winning row for the attacker (reachable
        or not, either colour)."""
        black, white = board.bits()
        empty = ~(black | white) & FULL
        return (
            five_squares(black, empty, self.attacker).bit_count()
            + five_squares(white, empty, self.attacker).bit_count()
        )


def settle(board: Board, attacker: int, plies: int, nodes: int, wide: bool) -> tuple[str, int, int]:
    """("win in N" | "not proven" | "out of nodes", plies tried, nodes) by iterative deepening."""
    prover = Prover(attacker, nodes, wide)
    for depth in range(1, plies + 1, 2):
        try:
            if prover.prove(board, depth):
                return f"win in {depth}", depth, prover.nodes
        except OutOfNodes:
            return "out of nodes", depth, prover.nodes
    return "not proven", plies, prover.nodes


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--plies", type=int, default=7, help="longest forced win tried")
    parser.add_argument("--nodes", type=int, default=20000, help="positions per first move")
    parser.add_argument(
        "--wide", action="store_true", help="the attacker also tries moves that add a four"
    )
    parser.add_argument("--moves", default="", help="only these first moves (space-separated)")
    args = parser.parse_args()
    start = time.perf_counter()
    board = Board()
    verdict, depth, used = settle(board, 1, args.plies, args.nodes, args.wide)
    print(f"start, player one attacking: {verdict} (plies {depth}, {used} nodes)", flush=True)
    tally: dict[str, int] = {}
    chosen = args.moves.split() if args.moves else [str(m) for m in board.legal_moves()]
    for name in chosen:
        board.push_str(name)
        if winning_moves(board, True):
            verdict, depth, used = "win in 1", 1, 1
        else:
            verdict, depth, used = settle(board, 2, args.plies, args.nodes, args.wide)
        board.pop()
        kind = verdict.split(" (")[0]
        tally[kind] = tally.get(kind, 0) + 1
        print(
            f"{name}: player two {verdict} (plies {depth}, {used} nodes,"
            f" {time.perf_counter() - start:.0f} s)",
            flush=True,
        )
    print({"first moves": len(chosen), **tally, "seconds": round(time.perf_counter() - start)})


if __name__ == "__main__":
    main()
