"""`python -m flipside themisto perft|moves|show|bestmove|play`: the Themisto commands.

Each command starts from the start position, or ``--position P`` (a position string), then
replays ``--moves "m1 m2 ..."``. Bad input raises ValueError, which ``flipside.cli`` prints
as one line on stderr with exit status 2.
"""

from __future__ import annotations

import argparse
from typing import Any

from flipside.i18n import tr
from flipside.perft_command import print_perft
from flipside.themisto.board import Board
from flipside.themisto.perft import divide, perft
from flipside.workers import add_option as add_workers


def _board(args: argparse.Namespace) -> Board:
    """The board the command works on: start or ``--position``, then ``--moves``."""
    limit: int = args.move_limit
    if limit < 1:
        raise ValueError(tr("bad --move-limit {limit}: expected 1 or more", limit=limit))
    return Board.from_moves(args.moves or "", args.position, limit)


def _perft(args: argparse.Namespace) -> int:
    return print_perft(_board(args), args.depth, args.divide, perft, divide)


def _moves(args: argparse.Namespace) -> int:
    print(" ".join(str(m) for m in _board(args).legal_moves()))
    return 0


def _show(args: argparse.Namespace) -> int:
    board = _board(args)
    print(board)
    print(tr("position: {position}", position=board.position()))
    return 0


def _bestmove(args: argparse.Namespace) -> int:
    """Search and print what was found at each depth, then the chosen move on the last line.
    A proven result reads ``player one wins by force in N`` (N plies, moves of both sides)."""
    from flipside.themisto.ai.engine import Engine, describe

    board = _board(args)
    if board.is_game_over():
        raise ValueError(tr("the game is over: {status}", status=board.status))
    engine = Engine(level=args.level, seed=args.seed)

    def show(info: dict[str, object]) -> None:
        pv = " ".join(str(m) for m in info["pv"])  # type: ignore[attr-defined]
        print(
            tr(
                "depth {depth}: {found}, {nodes} nodes, pv {pv}",
                depth=info["depth"],
                found=describe(info),
                nodes=info["nodes"],
                pv=pv,
            )
        )

    if args.workers == 1:
        info = engine.think(board, seconds=args.seconds, on_depth=show if args.verbose else None)
    else:
        with _pool(args.workers) as pool:
            info = _pool_think(pool, engine, board, args.seconds, show if args.verbose else None)
    print(describe(info))
    print(info["move"])
    return 0


def _pool(workers: int) -> Any:
    """The worker processes of ``--workers N`` (each has run the search once)."""
    from flipside.workers import Pool

    return Pool(workers, warm="flipside.themisto.ai.api")


def _pool_think(
    pool: Any, engine: Any, board: Board, seconds: float | None, show: Any = None
) -> Any:
    """``engine.think`` searched over the pool's workers (a move with no search to split
    comes from ``engine`` itself); ``show`` gets each finished depth."""
    from flipside.themisto.ai.split import pool_think

    return pool_think(pool, engine, board, seconds, show)


def _play(args: argparse.Namespace) -> int:
    """Play against the engine in the terminal: type moves (``b1-b4``, ``c1-c3x``), ``undo``,
    ``hint`` or ``quit``."""
    from flipside.themisto.ai.engine import Engine

    board = _board(args)
    engine = Engine(level=args.level, seed=args.seed)
    human = int(args.player)
    print(
        tr(
            "You are player {player}; the computer plays level {level}.",
            player=human,
            level=engine.level,
        )
    )
    pool = _pool(args.workers) if args.workers > 1 else None
    try:
        return _play_game(board, engine, human, pool)
    finally:
        if pool is not None:
            pool.close()


def _play_game(board: Board, engine: Any, human: int, pool: Any) -> int:
    from flipside.themisto.ai.engine import describe

    def think() -> Any:
        return engine.think(board) if pool is None else _pool_think(pool, engine, board, None)

    while not board.is_game_over():
        print(board)
        if board.turn != human:
            info = think()
            print(tr("computer plays {move} ({found})", move=info["move"], found=describe(info)))
            board.push_str(str(info["move"]))
            continue
        try:
            text = input(tr("your move> ")).strip()
        except EOFError:
            return 0
        if text in ("quit", "q"):
            return 0
        if text == "undo":
            if board.ply:
                board.pop()
            while board.ply and board.turn != human:
                board.pop()
            continue
        if text == "hint":
            info = think()
            print(tr("hint: {move} ({found})", move=info["move"], found=describe(info)))
            continue
        try:
            board.push_str(text)
        except ValueError as exc:
            print(exc)
            print(tr("legal moves: {moves}", moves=" ".join(str(m) for m in board.legal_moves())))
    print(board)
    return 0


def add_parser(games: Any) -> Any:
    """Add the ``themisto`` sub-parser and its commands to ``games``; its sub-commands, to
    which ``flipside.cli`` adds the commands above the game (``analyse``)."""
    themisto = games.add_parser(
        "themisto", help="Themisto rules and AI: perft, moves, board, bestmove, play"
    )
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

    p = commands.add_parser("bestmove", help="the move the engine plays at a level")
    p.add_argument("--level", default="max", metavar="N|max", help="engine level (default max)")
    p.add_argument("--seconds", type=float, help="time budget (default: the level's)")
    p.add_argument("--seed", type=int, help="seed for the low levels' random choices")
    p.add_argument("--verbose", action="store_true", help="print each finished depth")
    add_workers(p, "split the search")
    common(p)
    p.set_defaults(func=_bestmove)

    p = commands.add_parser("play", help="play against the engine in the terminal")
    p.add_argument("--level", default="3", metavar="N|max", help="engine level (default 3)")
    p.add_argument("--player", default="1", choices=("1", "2"), help="your side (default 1)")
    p.add_argument("--seed", type=int, help="seed for the low levels' random choices")
    add_workers(p, "split the computer's searches")
    common(p)
    p.set_defaults(func=_play)
    return commands
