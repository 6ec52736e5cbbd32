"""`python -m flipside themisto perft|moves|show`: the Themisto commands.

Each command starts from the start position, or ``--position P`` (a position string), then
replays ``--moves "m1 m2 ..."``. Bad input raises ValueError, which ``flipside.cli`` prints
as one line on stderr with exit status 2.
"""

from __future__ import annotations

import argparse
from typing import Any

from flipside.cli import print_perft
from flipside.themisto.board import Board
from flipside.themisto.perft import divide, perft


def _board(args: argparse.Namespace) -> Board:
    """The board the command works on: start or ``--position``, then ``--moves``."""
    limit: int = args.move_limit
    if limit < 1:
        raise ValueError(f"bad --move-limit {limit}: expected 1 or more")
    return Board.from_moves(args.moves or "", args.position, limit)


def _perft(args: argparse.Namespace) -> int:
    return print_perft(_board(args), args.depth, args.divide, perft, divide)


def _moves(args: argparse.Namespace) -> int:
    print(" ".join(str(m) for m in _board(args).legal_moves()))
    return 0


def _show(args: argparse.Namespace) -> int:
    board = _board(args)
    print(board)
    print(f"position: {board.position()}")
    return 0


def add_parser(games: Any) -> None:
    """Add the ``themisto`` sub-parser (commands perft, moves, show) to ``games``."""
    themisto = games.add_parser("themisto", help="Themisto rules: perft, legal moves, board")
    commands = themisto.add_subparsers(dest="command", required=True)

    def common(p: argparse.ArgumentParser) -> None:
        p.add_argument(
            "--position",
            metavar="P",
            help="start from this position: '<64 of X/O/-> <player> <P1 pending> <P2 pending>'",
        )
        p.add_argument("--moves", metavar="MOVES", help='then play these moves: "b1-b3 h2-e5x"')
        p.add_argument(
            "--move-limit",
            type=int,
            default=200,
            metavar="N",
            help="the game is drawn after N moves (default 200)",
        )

    p = commands.add_parser("perft", help="count move sequences of DEPTH moves")
    p.add_argument("depth", type=int, metavar="DEPTH")
    p.add_argument("--divide", action="store_true", help="also print the count after each move")
    common(p)
    p.set_defaults(func=_perft)

    p = commands.add_parser("moves", help="list the legal moves, sorted")
    common(p)
    p.set_defaults(func=_moves)

    p = commands.add_parser("show", help="print the board, the player to move, lost turns")
    common(p)
    p.set_defaults(func=_show)
