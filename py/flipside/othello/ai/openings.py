"""Opening names and the opening book.

Names: recognise the line played so far among the named Othello openings.

The names and their move sequences (all starting with f5) are in ``openings-en.tsv``, a
copy of the reference list shipped with the package. Black's first move may be any of f5,
e6, d3 or c4: these are one move under the four board symmetries that keep the start
position (identity, the two diagonal reflections and the 180-degree rotation). The game is
mapped by the symmetry taking its first move to f5, then the longest named line that is a
prefix of the game gives the name.

Book: ``opening-book.bin`` (built by ``py/tools/train/build_book.py``) maps positions of the
WTHOR games' first moves (and of games the engine lost) to their moves valued by the
engine's own deeper searches, minimaxed through the book. ``book_moves`` looks the position
up under all eight board symmetries, so transpositions and any orientation are found.
"""

from __future__ import annotations

import random
import struct
import zlib
from dataclasses import dataclass
from functools import cache
from importlib import resources

from flipside.othello.board import START_BLACK, START_WHITE, Board
from flipside.othello.notation import Color, Move, parse_square, square_name

DATA_FILE = "openings-en.tsv"
BOOK_FILE = "opening-book.bin"
BOOK_SCALE = 16
"""Book values are stored in 1/16 disc."""


def _identity(f: int, r: int) -> tuple[int, int]:
    return f, r


def _transpose(f: int, r: int) -> tuple[int, int]:  # reflection in the a1-h8 diagonal
    return r, f


def _anti_transpose(f: int, r: int) -> tuple[int, int]:  # reflection in the h1-a8 diagonal
    return 7 - r, 7 - f


def _rotate180(f: int, r: int) -> tuple[int, int]:
    return 7 - f, 7 - r


def _mirror_files(f: int, r: int) -> tuple[int, int]:
    return 7 - f, r


def _mirror_ranks(f: int, r: int) -> tuple[int, int]:
    return f, 7 - r


def _rotate90(f: int, r: int) -> tuple[int, int]:
    return 7 - r, f


def _rotate270(f: int, r: int) -> tuple[int, int]:
    return r, 7 - f


SYMMETRIES = (
    _identity,
    _transpose,
    _anti_transpose,
    _rotate180,
    _mirror_files,
    _mirror_ranks,
    _rotate90,
    _rotate270,
)
"""The eight board symmetries; the first four keep the start position. Each is its own
inverse except the two quarter turns, which are each other's (``INVERSE``)."""

INVERSE = (0, 1, 2, 3, 4, 5, 7, 6)


def map_square(symmetry: int, sq: int) -> int:
    """Image of square ``sq`` (0..63) under ``SYMMETRIES[symmetry]``."""
    return _SQUARE_MAPS[symmetry][sq]


def _square_map(symmetry: int) -> list[int]:
    out = []
    for sq in range(64):
        f, r = SYMMETRIES[symmetry](sq % 8, sq // 8)
        out.append(8 * r + f)
    return out


_SQUARE_MAPS = [_square_map(s) for s in range(8)]


def map_bits(symmetry: int, bits: int) -> int:
    """Image of a bit set under ``SYMMETRIES[symmetry]``."""
    squares = _SQUARE_MAPS[symmetry]
    out = 0
    while bits:
        low = bits & -bits
        out |= 1 << squares[low.bit_length() - 1]
        bits ^= low
    return out


@dataclass(frozen=True)
class Opening:
    """A named line: ``moves`` as played in the game (its orientation), ``length`` plies."""

    name: str
    moves: tuple[str, ...]

    @property
    def length(self) -> int:
        """Number of moves in the named line."""
        return len(self.moves)

    def to_dict(self) -> dict[str, object]:
        """JSON-friendly form."""
        return {"name": self.name, "moves": "".join(self.moves), "length": self.length}


@cache
@cache
def named_lines() -> dict[tuple[int, ...], str]:
    """Every named line as a tuple of squares (from f5) -> its name (read once; not to be
    changed by the caller)."""
    text = resources.files(__package__).joinpath(DATA_FILE).read_text(encoding="utf-8")
    lines: dict[tuple[int, ...], str] = {}
    for row in text.splitlines()[1:]:
        if not row.strip():
            continue
        moves, name = row.split("\t")
        squares = tuple(parse_square(moves[i : i + 2]) for i in range(0, len(moves), 2))
        lines[squares] = name
    return lines


def recognise(moves: list[Move] | list[str]) -> Opening | None:
    """The longest named opening the game's moves (from the start position) begin with."""
    squares = []
    for move in moves:
        m = Move.parse(move) if isinstance(move, str) else move
        if m.is_pass:
            break  # no named line contains a pass
        squares.append(m.square)
    if not squares:
        return None
    f5 = parse_square("f5")
    symmetry = next((s for s in range(4) if map_square(s, squares[0]) == f5), None)
    if symmetry is None:
        return None
    mapped = tuple(map_square(symmetry, sq) for sq in squares)
    lines = named_lines()
    for n in range(len(mapped), 0, -1):
        name = lines.get(mapped[:n])
        if name is not None:
            return Opening(name, tuple(square_name(sq) for sq in squares[:n]))
    return None


def opening_of(board: Board) -> Opening | None:
    """The named opening of a game, or None (also when it did not start from the standard
    start position with Black to move)."""
    root = board.root()
    if (root.black, root.white, root.turn) != (START_BLACK, START_WHITE, Color.BLACK):
        return None
    return recognise(board.move_stack)


BookMoves = tuple[tuple[int, float], ...]
"""A book position's moves: (square, value for the side to move in discs), best first."""


@cache
def book() -> dict[tuple[int, int], BookMoves]:
    """The opening book: (P, O) in one orientation -> its moves (see ``BookMoves``). Read on
    the first call: the page fetches the file with the AI's first request."""
    return parse_book(resources.files(__package__).joinpath(BOOK_FILE).read_bytes())


def parse_book(blob: bytes) -> dict[tuple[int, int], BookMoves]:
    """The entries of a compressed version 2 book file (``build_book.py`` writes it)."""
    data = zlib.decompress(blob)
    magic, version, count = struct.unpack_from("<4sHI", data)
    if magic != b"FSBK" or version != 2:
        raise ValueError(f"{BOOK_FILE}: not a version 2 opening book")
    entries: dict[tuple[int, int], BookMoves] = {}
    pos = 10
    for _ in range(count):
        P, O, n = struct.unpack_from("<QQB", data, pos)
        pos += 17
        chunk = data[pos : pos + 3 * n]
        entries[(P, O)] = tuple((sq, v / BOOK_SCALE) for sq, v in struct.iter_unpack("<Bh", chunk))
        pos += 3 * n
    if pos != len(data):
        raise ValueError(f"{BOOK_FILE}: size does not match its header")
    return entries


def book_moves(P: int, O: int) -> BookMoves | None:
    """The book's moves for the side to move (squares in this orientation, best first), or
    None when the position is not in the book."""
    entries = book()
    for symmetry in range(8):
        hit = entries.get((map_bits(symmetry, P), map_bits(symmetry, O)))
        if hit is not None:
            back = INVERSE[symmetry]
            return tuple((map_square(back, sq), value) for sq, value in hit)
    return None


def book_move(
    P: int, O: int, spread: float = 0.0, rng: random.Random | None = None
) -> tuple[int, float] | None:
    """(square, value for the side to move) from the book, or None if not in it: the best
    move, or with ``spread`` > 0 one drawn uniformly (by ``rng``) among the moves valued
    within ``spread`` discs of the best."""
    moves = book_moves(P, O)
    if moves is None:
        return None
    if spread <= 0 or rng is None:
        return moves[0]
    best = moves[0][1]
    return rng.choice([m for m in moves if m[1] >= best - spread])
