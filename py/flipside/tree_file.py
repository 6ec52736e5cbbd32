"""The opening explorer's data file: a tree of positions and the moves played from each.

Both games' explorers (``flipside.othello.explorer``, ``flipside.themisto.explorer``) read
this format; ``py/tools/build/explorer.py`` writes it. A position is stored once for all its
symmetric forms, under a 32-bit hash of its canonical form (:func:`position_hash`, with the
file's ``salt``: the first that gives every position of the tree its own hash); each
position has the number of games that reached it and one *edge* per move played from it,
the move written in the canonical form's frame (the game's own code: a square, or a slide),
with the games that played it, the first player's wins, the draws, the sum of the final
scores and the sum of the archive's theoretical scores (Othello) over the games that have
one.

The file is zlib-compressed; inside, little-endian::

    b"FSXP", u16 version, u32 length of the metadata, metadata (UTF-8 JSON),
    u32 positions N, u32 edges E,
    N x u32 the hashes, ascending, each written as its difference from the one before,
    N x u32 games that reached each position, N x u16 edges of each position,
    E x u16 move, E x u32 games, E x u32 first player's wins, E x u32 draws,
    E x i32 sum of final scores, E x i32 sum of theoretical scores, E x u32 games with one.

Edges are in the order of their positions. Columns of fixed-size numbers compress well
and load as ``array``s without a loop in Python.

This module sits below the games, as :mod:`flipside.protocol` and :mod:`flipside.split` do:
it knows no game and imports nothing of Flipside's but :mod:`flipside.i18n`, so each game's
``explorer.py`` builds on it without an arrow pointing up (``tools.check.modules``).
"""

from __future__ import annotations

import json
import struct
import sys
import zlib
from array import array
from bisect import bisect_left
from collections.abc import Callable
from dataclasses import dataclass
from importlib import resources
from itertools import accumulate
from typing import Any

from flipside.i18n import tr

DATA_FILE = "explorer.bin"
"""A game package's tree, beside its modules (left out of the site's wheel: the page fetches
it on first use)."""
MAGIC = b"FSXP"
VERSION = 1
_MASK = (1 << 64) - 1

NODE_COLUMNS = (("games", "I"), ("edges", "H"))
EDGE_COLUMNS = (
    ("move", "H"),
    ("games", "I"),
    ("first", "I"),
    ("draws", "I"),
    ("score", "i"),
    ("theory", "i"),
    ("theory_games", "I"),
)
"""The columns after the hashes, in file order: (name, ``array`` type code)."""


def _mix(x: int) -> int:
    """SplitMix64's finaliser: a bijection of 64-bit numbers that spreads every bit."""
    x = (x + 0x9E3779B97F4A7C15) & _MASK
    x = ((x ^ (x >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    x = ((x ^ (x >> 27)) * 0x94D049BB133111EB) & _MASK
    return x ^ (x >> 31)


def position_key(first: int, second: int, extra: int, salt: int = 0) -> int:
    """A 64-bit hash of a position: two 64-bit bit sets and a small number (the side to
    move, and for Themisto the lost turns owed). The same on every platform."""
    return _mix(_mix(_mix(first ^ salt) ^ second) ^ extra)


def position_hash(first: int, second: int, extra: int, salt: int = 0) -> int:
    """The 32 bits of :func:`position_key` the data file keeps."""
    return position_key(first, second, extra, salt) >> 32


@dataclass(frozen=True, slots=True)
class Edge:
    """One move played from a position, in the canonical frame (``move`` is the game's
    code), with what the games that played it did."""

    move: int
    games: int
    first: int
    """The first player's wins (Othello's Black, Themisto's player one)."""
    draws: int
    score: int
    """Sum of the final scores (Othello: Black's disc difference)."""
    theory: int
    """Sum of the theoretical scores of the ``theory_games`` games that have one."""
    theory_games: int

    @property
    def second(self) -> int:
        """The second player's wins."""
        return self.games - self.first - self.draws


class Tree:
    """A data file read into columns: positions found by hash, their edges."""

    def __init__(self, data: bytes) -> None:
        try:
            raw = zlib.decompress(data)
        except zlib.error:
            raise ValueError(tr("the explorer's data file is damaged")) from None
        if raw[:4] != MAGIC or struct.unpack_from("<H", raw, 4)[0] != VERSION:
            raise ValueError(tr("the explorer's data file is not of this version of Flipside"))
        (length,) = struct.unpack_from("<I", raw, 6)
        at = 10 + length
        self.meta: dict[str, Any] = json.loads(raw[10:at].decode("utf-8"))
        count, edges = struct.unpack_from("<II", raw, at)
        at += 8
        columns: dict[str, array[int]] = {}

        def read(name: str, code: str, n: int) -> None:
            nonlocal at
            column = array(code)
            size = column.itemsize * n
            column.frombytes(raw[at : at + size])
            if sys.byteorder == "big":
                column.byteswap()
            columns[name] = column
            at += size

        read("hash", "I", count)
        for name, code in NODE_COLUMNS:
            read(f"node_{name}", code, count)
        for name, code in EDGE_COLUMNS:
            read(name, code, edges)
        if at != len(raw):
            raise ValueError(tr("the explorer's data file is damaged"))
        self.hashes = list(accumulate(columns.pop("hash"), lambda a, b: (a + b) & 0xFFFFFFFF))
        self.node_games = columns.pop("node_games")
        self.first_edge = [0, *accumulate(columns.pop("node_edges"))]
        self.columns = columns

    def __len__(self) -> int:
        return len(self.hashes)

    @property
    def edge_count(self) -> int:
        """How many edges (moves from a position) the tree holds."""
        return self.first_edge[-1]

    def find(self, first: int, second: int, extra: int) -> int | None:
        """The index of the position (a canonical form: :func:`position_key`'s arguments)
        whose hash it has, or None."""
        key = position_hash(first, second, extra, self.meta.get("salt", 0))
        i = bisect_left(self.hashes, key)
        return i if i < len(self.hashes) and self.hashes[i] == key else None

    def games(self, node: int) -> int:
        """The games that reached position ``node``."""
        return self.node_games[node]

    def edges(self, node: int) -> list[Edge]:
        """The moves played from position ``node``, most played first (as stored)."""
        c = self.columns
        return [
            Edge(
                c["move"][i],
                c["games"][i],
                c["first"][i],
                c["draws"][i],
                c["score"][i],
                c["theory"][i],
                c["theory_games"][i],
            )
            for i in range(self.first_edge[node], self.first_edge[node + 1])
        ]


def read_tree(package: str) -> Tree:
    """The tree of a game's package (its ``DATA_FILE``); a ValueError when the package was
    installed without it."""
    try:
        data = resources.files(package).joinpath(DATA_FILE).read_bytes()
    except FileNotFoundError:
        raise ValueError(tr("the opening explorer's data is not installed")) from None
    return Tree(data)


def tree_move(
    map_move: Callable[[int, int], int], symmetries: tuple[int, ...], code: int
) -> tuple[int, int]:
    """A move played in a position as the tree stores it: (its class: the least code among
    its images, by the game's ``map_move``, under every symmetry taking the position to its
    canonical form; and its code in the first one's frame). Moves of one class lead to the
    same position."""
    return min(map_move(s, code) for s in symmetries), map_move(symmetries[0], code)


def where_left(lookup: Callable[[Any], object | None], start: Any, moves: list[Any]) -> Any:
    """Where a game from the board ``start`` left the tree (``lookup`` gives a board's
    ``(games, [(move, edge)...])`` or None out of it): ``{"ply", "move", "games"}`` (``ply``
    counted from 1 over ``moves``, passes included; ``games``: how many of the tree's games
    played that move, fewer than the tree needs), or None when it never did or did not
    start in the tree."""
    board = start.copy()
    if lookup(board) is None:
        return None
    for ply, move in enumerate(moves, start=1):
        here: Any = lookup(board)
        games = next((edge.games for m, edge in (here or (0, []))[1] if m == move), 0)
        board.push(move)
        if lookup(board) is None:
            return {"ply": ply, "move": str(move), "games": games}
    return None


def move_rows(edges: list[tuple[Any, Edge]], scores: bool = True) -> list[dict[str, Any]]:
    """The explorer's rows of moves (a move object, shown by its name, and its edge):
    ``move``, ``games``, ``first`` (the first player's wins), ``draws``, ``second``, and
    with ``scores`` ``score`` and ``theory`` (means over the games that have them, one
    decimal, or None)."""

    def mean(total: int, count: int) -> float | None:
        return round(total / count, 1) if count else None

    return [
        {
            "move": str(move),
            "games": edge.games,
            "first": edge.first,
            "draws": edge.draws,
            "second": edge.second,
            "score": mean(edge.score, edge.games) if scores else None,
            "theory": mean(edge.theory, edge.theory_games) if scores else None,
        }
        for move, edge in edges
    ]


Form = tuple[int, int, int]
"""A canonical form: :func:`position_key`'s arguments."""


def pack(meta: dict[str, Any], nodes: list[tuple[Form, int, list[Edge]]]) -> bytes:
    """The data file of ``nodes``: (canonical form, games, edges), any order; the hashes
    with the first salt (0, 1, ...) under which no two positions share one."""
    forms = [form for form, _, _ in nodes]
    salt = next(
        s for s in range(1 << 16) if len({position_hash(*f, s) for f in forms}) == len(forms)
    )
    meta = {**meta, "salt": salt}
    keyed = sorted((position_hash(*form, salt), games, edges) for form, games, edges in nodes)
    hashes = [h for h, _, _ in keyed]
    gaps = [b - a for a, b in zip([0, *hashes], hashes, strict=False)]
    edges = [edge for _, _, node_edges in keyed for edge in node_edges]
    text = json.dumps(meta, sort_keys=True, ensure_ascii=False).encode("utf-8")
    parts = [MAGIC, struct.pack("<HI", VERSION, len(text)), text]
    parts.append(struct.pack("<II", len(keyed), len(edges)))

    def column(code: str, values: list[int]) -> None:
        out = array(code, values)
        if sys.byteorder == "big":
            out.byteswap()
        parts.append(out.tobytes())

    column("I", gaps)
    column("I", [games for _, games, _ in keyed])
    column("H", [len(node_edges) for _, _, node_edges in keyed])
    for name, code in EDGE_COLUMNS:
        column(code, [getattr(edge, name) for edge in edges])
    return zlib.compress(b"".join(parts), 9)
