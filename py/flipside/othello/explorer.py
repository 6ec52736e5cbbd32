"""Othello's opening explorer: what the WTHOR archive's games played from a position.

The tree (``explorer.bin``, format in :mod:`flipside.tree_file`, built by
``py/tools/build/explorer.py``) holds every position that enough of the archive's games
reached, its eight symmetric forms as one (:func:`canonical`), and every move played from
it with the games' results, mean final disc difference and mean theoretical score.
:func:`explore` answers for a game record's position on screen, and says where the game
left the tree (:func:`left_book`). Standard library only; the file is read on first use.
"""

from __future__ import annotations

from functools import cache
from importlib import resources
from typing import Any

from flipside.i18n import tr
from flipside.othello import game as othello_game
from flipside.othello.board import START_BLACK, START_WHITE, Board
from flipside.othello.notation import PASS, PASS_MOVE, Color, Move
from flipside.record import Record
from flipside.symmetry import INVERSE, SQUARES, images
from flipside.tree_file import Edge, Tree, move_rows

JSON = Any
DATA_FILE = "explorer.bin"


def map_move(symmetry: int, code: int) -> int:
    """A move's code (its square, or ``PASS``) under ``symmetry``."""
    return code if code == PASS else SQUARES[symmetry][code]


Form = tuple[int, int, int]
"""A position as (black, white, side to move)."""


def canonical(black: int, white: int, turn: int) -> tuple[Form, int, tuple[int, ...]]:
    """The position's least symmetric form (its key in the tree is that form's hash), the
    first symmetry that takes it there, and every symmetry that does (more than one when
    the position is symmetric, as the start is)."""
    forms = list(zip(images(black), images(white), strict=True))
    least = min(forms)
    found = tuple(s for s, form in enumerate(forms) if form == least)
    return (*least, turn), found[0], found


def frame_move(symmetries: tuple[int, ...], code: int) -> tuple[int, int]:
    """A move played in a position as the tree stores it: (its class: the least code among
    its images under every symmetry taking the position to its canonical form; and its
    code in the first one's frame). Moves of one class lead to the same position."""
    return min(map_move(s, code) for s in symmetries), map_move(symmetries[0], code)


@cache
def tree() -> Tree:
    """The explorer's tree, read on first use."""
    try:
        data = resources.files(__package__).joinpath(DATA_FILE).read_bytes()
    except FileNotFoundError:
        raise ValueError(tr("the opening explorer's data is not installed")) from None
    return Tree(data)


def lookup(board: Board) -> tuple[int, list[tuple[Move, Edge]]] | None:
    """The games that reached ``board`` and every move they played from it, in its own
    frame, most played first; None when the position is not in the tree (or only shares
    a hash with one of its positions: a stored move is not legal here)."""
    form, symmetry, _ = canonical(board.black, board.white, int(board.turn))
    node = tree().find(*form)
    if node is None:
        return None
    back = INVERSE[symmetry]
    out = []
    for edge in tree().edges(node):
        move = PASS_MOVE if edge.move == PASS else Move(map_move(back, edge.move))
        if not board.is_legal(move):
            return None
        out.append((move, edge))
    return tree().games(node), out


def left_book(start: Board, moves: list[Move]) -> JSON:
    """Where a game from ``start`` left the tree: ``{"ply", "move", "games"}`` (``ply``
    counted from 1 over ``moves``, passes included; ``games``: how many of the archive's
    games played that move, fewer than the tree needs), or None when it never did or did
    not start in the tree."""
    board = start.copy()
    if lookup(board) is None:
        return None
    for ply, move in enumerate(moves, start=1):
        here = lookup(board)
        games = next((edge.games for m, edge in (here or (0, []))[1] if m == move), 0)
        board.push(move)
        if lookup(board) is None:
            return {"ply": ply, "move": str(move), "games": games}
    return None


def explore(record: str) -> JSON:
    """The explorer's answer for the position after ``record``: ``found``, ``games`` (that
    reached it), ``moves`` (each: ``move``, ``games``, ``first`` Black's wins, ``draws``,
    ``second`` White's wins, ``score`` the mean final disc difference and ``theory`` the
    mean theoretical score, both Black's view), the ``opening`` name, ``left`` (where the
    game left the tree, see :func:`left_book`) and ``source`` (the tree's metadata)."""
    from flipside.othello.ai.openings import opening_of

    game = othello_game.replay(Record.parse(record))
    found = lookup(game.board)
    games, edges = found if found is not None else (0, [])
    start = game.options.board()
    standard = (start.black, start.white, start.turn) == (START_BLACK, START_WHITE, Color.BLACK)
    opening = opening_of(game.board) if standard else None
    return {
        "found": found is not None,
        "games": games,
        "moves": move_rows(edges),
        "opening": None if opening is None else opening.name,
        "left": left_book(start, game.board.move_stack),
        "source": tree().meta,
    }
