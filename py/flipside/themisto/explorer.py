"""Themisto's explorer: what Flipside's own computer games played from a position.

The tree (``explorer.bin``, format in :mod:`flipside.tree_file`, built by
``py/tools/build/explorer.py`` from the top level's self-play, see ``docs/explorer.md``)
holds every position that enough of those games reached, with its sixteen symmetric forms
as one (:func:`canonical`: the board's eight symmetries, each with the colours swapped or
not, since the disks belong to nobody), and every move played from it with who won.
:func:`explore` answers for a game record's position. Standard library only.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from flipside.record import Record
from flipside.symmetry import INVERSE, SQUARES, images
from flipside.themisto import game as themisto_game
from flipside.themisto.board import Board
from flipside.themisto.notation import Move
from flipside.tree_file import Edge, Tree, move_rows, read_tree, tree_move, where_left

JSON = Any
PASS = 1 << 13
"""The code of a pass; a slide is ``from * 64 + to``, plus ``CAPTURE`` when it captures."""
CAPTURE = 1 << 12

Form = tuple[int, int, int]
"""A position as (one colour, the other, the player to move and the lost turns owed)."""


def encode(move: Move) -> int:
    """A move's code in the tree."""
    if move.is_pass:
        return PASS
    return move.from_sq * 64 + move.to_sq + (CAPTURE if move.capture else 0)


def decode(code: int) -> Move:
    """The move of a code."""
    if code == PASS:
        return Move.PASS
    return Move(code >> 6 & 63, code & 63, bool(code & CAPTURE))


def map_move(symmetry: int, code: int) -> int:
    """A move's code under ``symmetry`` (0..15: the board's ``symmetry % 8``; swapping the
    colours moves no disk)."""
    if code == PASS:
        return code
    squares = SQUARES[symmetry % 8]
    return squares[code >> 6 & 63] * 64 + squares[code & 63] + (code & CAPTURE)


def canonical(board: Board) -> tuple[Form, int, tuple[int, ...]]:
    """The position's least symmetric form (the tree's key is its hash), the first of the
    sixteen symmetries (8 to 15: colours swapped) that takes it there, and every one that
    does."""
    black, white = board.bits()
    one, two = board.pending_lost_turns
    extra = board.turn * 4 + one * 2 + two
    forms = [*zip(images(black), images(white), strict=True)]
    forms += [(w, b) for b, w in forms]
    least = min(forms)
    found = tuple(s for s, form in enumerate(forms) if form == least)
    return (*least, extra), found[0], found


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
    form, symmetry, _ = canonical(board)
    node = tree().find(*form)
    if node is None:
        return None
    back = INVERSE[symmetry % 8]
    moves = board.legal_moves()
    out = []
    for edge in tree().edges(node):
        move = decode(map_move(back, edge.move))
        if move not in moves:
            return None
        out.append((move, edge))
    return tree().games(node), out


def left_book(start: Board, moves: list[Move]) -> JSON:
    """Where a game from ``start`` left the tree: ``{"ply", "move", "games"}`` or None
    (:func:`flipside.tree_file.where_left`)."""
    return where_left(lookup, start, moves)


def explore(record: str) -> JSON:
    """The explorer's answer for the position after ``record``: ``found``, ``games`` (that
    reached it), ``moves`` (each: ``move``, ``games``, ``first`` player one's wins,
    ``draws``, ``second`` player two's wins), ``left`` (where the game left the tree) and
    ``source`` (the tree's metadata: how its games were played)."""
    game = themisto_game.replay(Record.parse(record))
    found = lookup(game.board)
    games, edges = found if found is not None else (0, [])
    return {
        "found": found is not None,
        "games": games,
        "moves": move_rows(edges, scores=False),
        "opening": None,
        "left": left_book(game.options.board(), game.board.move_stack),
        "source": tree().meta,
    }
