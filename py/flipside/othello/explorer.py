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
from typing import Any

from flipside.othello import game as othello_game
from flipside.othello.board import START_BLACK, START_WHITE, Board
from flipside.othello.notation import PASS, PASS_MOVE, Color, Move
from flipside.record import Record
from flipside.symmetry import INVERSE, SQUARES, images
from flipside.tree_file import Edge, Tree, move_rows, read_tree, tree_move, where_left

JSON = Any


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
    """A move as the tree stores it: its class and its code in the canonical frame
    (:func:`flipside.tree_file.tree_move`)."""
    return tree_move(map_move, symmetries, code)


@cache
def tree() -> Tree:
    """The explorer's tree, read on first use."""
    return read_tree(__package__)


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
    """Where a game from ``start`` left the tree: ``{"ply", "move", "games"}`` or None
    (:func:`flipside.tree_file.where_left`)."""
    return where_left(lookup, start, moves)


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
