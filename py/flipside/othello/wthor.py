"""Reader for WTHOR game archives (``WTH_YYYY.wtb``, Fédération Française d'Othello).

Little-endian. A 16-byte header (creation century, year, month, day: one byte each; uint32
number of games; uint16 0; uint16 year of the games; board size; game type; depth P; a
reserved byte), then one 68-byte record per game: uint16 tournament, uint16 black player,
uint16 white player, uint8 Black's final disc count (empties to the winner), uint8 Black's
theoretical disc count with perfect play from P empties, and 60 move bytes ``10 * row +
column`` (1-based, a1 = 11, h8 = 88), 0 after the last move. Passes are not recorded.

Standard library only; shared by the rules tests and the AI training tools.
"""

from __future__ import annotations

import struct
from dataclasses import dataclass
from pathlib import Path

from flipside.i18n import tr
from flipside.othello.notation import square_name

HEADER_SIZE = 16
RECORD_SIZE = 68
_HEADER = struct.Struct("<4BIHHBBBB")
_RECORD = struct.Struct("<HHHBB60s")


@dataclass(frozen=True, slots=True)
class WthorHeader:
    """The file header."""

    created: tuple[int, int, int, int]  # century, year, month, day
    games: int
    year: int
    board_size: int
    game_type: int
    depth: int


@dataclass(frozen=True, slots=True)
class WthorGame:
    """One game: player and tournament ids, recorded scores and moves (squares 0..63)."""

    tournament: int
    black_player: int
    white_player: int
    black_score: int
    """Black's final disc count, empty squares counted for the winner (as recorded)."""
    theoretical_score: int
    """Black's disc count with perfect play from the header's depth (as recorded)."""
    moves: tuple[int, ...]

    def transcript(self) -> str:
        """The moves as a transcript (``f5d6...``), passes omitted as in the file."""
        return "".join(square_name(sq) for sq in self.moves)


def _square(byte: int, index: int) -> int:
    row, col = divmod(byte, 10)
    if not (1 <= row <= 8 and 1 <= col <= 8):
        raise ValueError(
            tr("WTHOR move {number}: byte {byte} is not a square", number=index + 1, byte=byte)
        )
    return 8 * (row - 1) + (col - 1)


def parse_wthor(data: bytes) -> tuple[WthorHeader, list[WthorGame]]:
    """Parse the bytes of a ``.wtb`` file into its header and games."""
    if len(data) < HEADER_SIZE:
        raise ValueError(tr("WTHOR data too short for a header: {n} bytes", n=len(data)))
    c, y, m, d, count, _zero, year, size, gtype, depth, _res = _HEADER.unpack_from(data)
    header = WthorHeader((c, y, m, d), count, year, size, gtype, depth)
    expected = HEADER_SIZE + RECORD_SIZE * count
    if len(data) < expected:
        raise ValueError(
            tr(
                "WTHOR data has {n} bytes, header promises {expected}",
                n=len(data),
                expected=expected,
            )
        )
    games = []
    for offset in range(HEADER_SIZE, expected, RECORD_SIZE):
        tour, black, white, score, theory, raw = _RECORD.unpack_from(data, offset)
        length = raw.index(0) if 0 in raw else 60
        moves = tuple(_square(b, i) for i, b in enumerate(raw[:length]))
        games.append(WthorGame(tour, black, white, score, theory, moves))
    return header, games


def read_wthor(path: str | Path) -> list[WthorGame]:
    """The games of a ``.wtb`` file."""
    return parse_wthor(Path(path).read_bytes())[1]


PLAYER_NAME_SIZE = 20
"""Bytes per player name in ``WTHOR.JOU`` (zero-padded, ISO-8859-1)."""
TOURNAMENT_NAME_SIZE = 26
"""Bytes per tournament name in ``WTHOR.TRN``."""


def parse_names(data: bytes, size: int) -> list[str]:
    """The names of a ``WTHOR.JOU`` (``size`` 20) or ``WTHOR.TRN`` (26) file, by number.

    Same 16-byte header as a ``.wtb``, the number of names as the uint16 at offset 8 (files
    that leave it 0 are read to their end), then one zero-padded ISO-8859-1 name per record.
    """
    if len(data) < HEADER_SIZE:
        raise ValueError(tr("WTHOR name file too short for a header: {n} bytes", n=len(data)))
    (count,) = struct.unpack_from("<H", data, 8)
    room = (len(data) - HEADER_SIZE) // size
    count = room if count == 0 else min(count, room)
    names = []
    for i in range(count):
        raw = data[HEADER_SIZE + i * size : HEADER_SIZE + (i + 1) * size]
        names.append(raw.split(b"\0", 1)[0].decode("latin-1").strip())
    return names
