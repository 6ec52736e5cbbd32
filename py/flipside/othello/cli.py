"""`python -m flipside othello perft|moves|show|solve|bestmove|play|nboard`: the Othello
commands.

One function per command (``_perft``, ``_moves``, ``_show``, ``_solve``, ``_bestmove``,
``_play``, ``_nboard``), each taking the parsed
arguments and returning an exit status; ``add_parser`` wires them up. Bad input raises
ValueError, which ``flipside.cli`` prints as one line on stderr with exit status 2.
"""

from __future__ import annotations

import argparse
from typing import Any

from flipside.i18n import number, tr
from flipside.othello.board import Board
from flipside.othello.notation import PASS, Color, Move
from flipside.othello.perft import perft, perft_divide
from flipside.perft_command import print_perft
from flipside.workers import add_option as add_workers


def parse_board(text: str) -> Board:
    """A board from a position string (``"<64 chars> X|O"``) or a transcript (``f5d6...``).

    Every move in a transcript has a digit and a position has none, which tells them apart.
    """
    if any(ch.isdigit() for ch in text) or not text.strip():
        return Board.from_transcript(text)
    return Board.from_position(text)


def _start(args: argparse.Namespace) -> Board:
    """The board a command starts from: ``--position`` (or the start), then ``--moves``."""
    board = Board() if args.position is None else parse_board(args.position)
    if args.moves:
        board = Board.from_transcript(args.moves, start=board)
    return board


def _perft(args: argparse.Namespace) -> int:
    return print_perft(_start(args), args.depth, args.divide, perft, perft_divide)


def _moves(args: argparse.Namespace) -> int:
    board = parse_board(args.board)
    moves = board.legal_moves()
    print(" ".join(str(m) for m in moves))  # an empty line when the game is over
    return 0


def format_board(board: Board) -> str:
    """The board as text: coordinates, discs (X black, O white, * legal move), status."""
    legal = {m.square for m in board.legal_moves() if m.square != PASS}
    lines = ["  a b c d e f g h"]
    for rank in range(8):
        cells = []
        for file in range(8):
            sq = 8 * rank + file
            piece = board.piece_at(sq)
            cells.append(piece.letter if piece is not None else "*" if sq in legal else "-")
        lines.append(f"{rank + 1} " + " ".join(cells))
    result = board.result()
    lines.append(tr("Black (X) {black}  White (O) {white}", black=result.black, white=result.white))
    score = f"{result.black_final}-{64 - result.black_final}"
    if board.is_game_over():
        if result.winner is None:
            lines.append(tr("game over: draw {score}", score=score))
        else:
            lines.append(
                tr("game over: {side} wins {score}", side=result.winner.word(), score=score)
            )
    elif not board.has_legal_move():
        lines.append(tr("{side} to move: must pass", side=board.turn.word()))
    else:
        lines.append(tr("{side} to move (* marks a legal move)", side=board.turn.word()))
    lines.append(tr("position: {position}", position=board.position()))
    if board.ply:
        lines.append(tr("transcript: {transcript}", transcript=board.transcript()))
    return "\n".join(lines)


def _show(args: argparse.Namespace) -> int:
    print(format_board(parse_board(args.board)))
    return 0


def _solve(args: argparse.Namespace) -> int:
    import time

    from flipside.othello.ai.engine import solve

    board = parse_board(args.board)
    start = time.perf_counter()
    score, best = solve(board)
    seconds = time.perf_counter() - start
    empties = 64 - (board.black | board.white).bit_count()
    print(
        tr(
            "{side} to move, {empties} empties, solved in {seconds} s",
            side=board.turn.word(),
            empties=empties,
            seconds=number(seconds, ".2f"),
        )
    )
    print(" ".join([f"{score:+d}"] + [str(m) for m in best]))
    return 0


def _bestmove(args: argparse.Namespace) -> int:
    from flipside.othello.ai.engine import Engine

    board = parse_board(args.board)
    engine = Engine(level=args.level)
    if args.workers == 1:
        print(engine.best_move(board))
        return 0
    with _pool(args.workers) as pool:
        print(_pool_move(pool, engine, board))
    return 0


def _pool(workers: int) -> Any:
    """The worker processes of ``--workers N`` (each has read the AI's data)."""
    from flipside.workers import Pool

    return Pool(workers, warm="flipside.othello.ai.api")


def _pool_move(pool: Any, engine: Any, board: Board) -> Move:
    """The move ``engine``'s level plays, searched over the pool's workers (a move with no
    search to split comes from ``engine`` itself)."""
    from flipside.othello.ai.split import pool_think

    return Move.parse(str(pool_think(pool, engine, board)["move"]))


def _play(args: argparse.Namespace) -> int:
    from flipside.othello.ai.engine import Engine

    engine = Engine(level=args.level, seed=args.seed)
    human = Color.parse(args.color)
    board = Board() if args.position is None else parse_board(args.position)
    if args.error is not None:
        from flipside.othello.ai.api import parse_loss

        parse_loss(f"loss:{args.error:g}")  # a ValueError for an error out of range
    dealt = _dealt_opening(args, board)
    if args.error is None:
        who = tr("level {level}", level=engine.level)
    elif args.error == 1:
        who = tr("losing {loss} disc a move", loss=number(args.error))
    else:
        who = tr("losing {loss} discs a move", loss=number(args.error))
    print(
        tr(
            "You play {side}; the computer plays {who}. Type a move, undo or quit.",
            side=human.word(),
            who=who,
        )
    )
    pool = _pool(args.workers) if args.workers > 1 and args.error is None else None
    try:
        return _play_game(args, board, engine, human, dealt, pool)
    finally:
        if pool is not None:
            pool.close()


def _play_game(
    args: argparse.Namespace, board: Board, engine: Any, human: Color, dealt: int, pool: Any
) -> int:
    from flipside.othello.ai.openings import opening_of

    while not board.is_game_over():
        print(format_board(board))
        opening = opening_of(board)
        if opening is not None:
            print(tr("opening: {name}", name=opening.name))
        if board.turn is not human:
            move = _computer_move(engine, board, args, pool)
            print(tr("computer plays {move}", move=move))
        elif not board.has_legal_move():
            print(tr("you must pass"))
            move = Move.parse("pass")
        else:
            try:
                text = input(tr("your move: ")).strip()
            except EOFError:
                return 1
            if text.lower() in ("quit", "q", "exit"):
                return 1
            if text.lower() in ("undo", "u"):
                if not _undo_to_turn(board, human, dealt):
                    print(tr("nothing to undo"))
                continue
            try:
                move = Move.parse(text)
            except ValueError as exc:
                print(exc)
                continue
            if not board.is_legal(move):
                legal = " ".join(str(m) for m in board.legal_moves())
                print(tr("{move} is not legal; legal moves: {legal}", move=move, legal=legal))
                continue
        board.push(move)
    print(format_board(board))
    return 0


def _nboard(args: argparse.Namespace) -> int:
    import sys

    from flipside.othello.nboard import serve

    return serve(sys.stdin, sys.stdout, sys.stderr)


def _dealt_opening(args: argparse.Namespace, board: Board) -> int:
    """Play the ``--opening`` asked for (xot or random:N) on ``board``; its length in plies."""
    if not args.opening:
        return 0
    from flipside.othello import game as othello_game
    from flipside.record import Record

    if args.position is not None:
        raise ValueError(tr("--opening starts from the standard position: not with --position"))
    options = othello_game.parse_options(Record("othello", "", (("opening", args.opening),)))
    moves = othello_game.opening_moves(options, args.seed)
    for i in range(0, len(moves), 2):
        board.push_str(moves[i : i + 2])
    print(tr("opening ({kind}): {moves}", kind=args.opening, moves=moves))
    return board.ply


def _computer_move(engine: Any, board: Board, args: argparse.Namespace, pool: Any) -> Move:
    if pool is not None:
        return _pool_move(pool, engine, board)
    if args.error is None:
        move: Move = engine.best_move(board)
        return move
    from flipside.othello.ai.api import think

    answer = think(
        f"othello/{board.transcript()}", f"loss:{args.error:g}", None, args.seed, lambda _: None
    )
    return Move.parse(answer["move"])


def _undo_to_turn(board: Board, human: Color, dealt: int = 0) -> bool:
    """Take back moves until it is ``human``'s turn again, at least one of theirs included
    and none of the ``dealt`` opening; False (board unchanged) when that cannot be done."""
    moves: list[Move] = []
    while board.ply > dealt:
        moves.append(board.pop())
        if board.turn is human and not moves[-1].is_pass:
            return True
    for move in reversed(moves):
        board.push(move)
    return False


def add_parser(games: Any) -> Any:
    """Add the ``othello`` sub-parser and its commands to ``games``; its sub-commands, to
    which ``flipside.cli`` adds the commands above the game (``analyse``)."""
    othello = games.add_parser("othello", help="Othello rules: perft, legal moves, board")
    commands = othello.add_subparsers(dest="command", required=True)
    add_commands(commands)
    return commands


def add_commands(commands: Any) -> None:
    """Add the rules commands; other modules may add more commands to ``commands``."""
    p = commands.add_parser("perft", help="count the leaves of the game tree to DEPTH plies")
    p.add_argument("depth", type=int, metavar="DEPTH")
    p.add_argument(
        "--position",
        metavar="P",
        help='start from this position ("<64 of X/O/-> X|O", a1..h8) or transcript',
    )
    p.add_argument("--moves", metavar="MOVES", help='then play these moves: "f5d6c3"')
    p.add_argument("--divide", action="store_true", help="also print the count below each move")
    p.set_defaults(func=_perft)

    p = commands.add_parser("moves", help="list the legal moves in a1, b1, ..., h8 order")
    p.add_argument("board", metavar="POSITION", help='"<64 of X/O/-> X|O" or a transcript')
    p.set_defaults(func=_moves)

    p = commands.add_parser("show", help="print the board with coordinates and side to move")
    p.add_argument("board", metavar="TRANSCRIPT|POSITION", help="a transcript or a position")
    p.set_defaults(func=_show)

    p = commands.add_parser("solve", help="exact endgame score and every best move")
    p.add_argument("board", metavar="POSITION", help='"<64 of X/O/-> X|O" or a transcript')
    p.set_defaults(func=_solve)

    p = commands.add_parser("bestmove", help="the move the engine plays at a level")
    p.add_argument("board", metavar="POSITION", help='"<64 of X/O/-> X|O" or a transcript')
    p.add_argument("--level", default="max", metavar="N|max", help="engine level (default max)")
    add_workers(p, "split the search")
    p.set_defaults(func=_bestmove)

    p = commands.add_parser("play", help="play a game against the engine in the terminal")
    p.add_argument("--level", default="3", metavar="N|max", help="engine level (default 3)")
    p.add_argument("--color", default="black", help="your colour: black (default) or white")
    p.add_argument("--position", metavar="P", help="start from this position or transcript")
    p.add_argument("--seed", type=int, help="seed for the low levels' random choices")
    p.add_argument("--opening", metavar="xot|random:N", help="start from a dealt opening")
    p.add_argument(
        "--error", type=float, metavar="D", help="the computer loses D discs a move on average"
    )
    add_workers(p, "split the computer's searches (not with --error)")
    p.set_defaults(func=_play)

    p = commands.add_parser(
        "nboard", help="an engine for NBoard and other programs speaking the NBoard protocol"
    )
    p.set_defaults(func=_nboard)
