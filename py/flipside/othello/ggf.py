"""GGF (Generic Game Format) for Othello: read and write one game, as NBoard and the online
servers (GGS) store them.

A game is ``(;`` then tags ``KEY[value]`` then ``;)``, e.g.::

    (;GM[Othello]PC[GGS/os]DT[2003.01.05_12:00:00.UTC]PB[alice]PW[bob]RB[2000]RW[1900]
    TI[15:00//02:00]TY[8]RE[+12.000]BO[8 ---------------------------O*------*O----------------
    ----------- *]B[f5//0.01]W[d6/-1.5/2.3]C[a comment];)

Tags read: ``GM`` (must be Othello), ``PC`` place, ``DT`` date, ``PB``/``PW`` players,
``RB``/``RW`` ratings, ``TI`` time control, ``TY`` board type (``8``, with letters for
variants; only 8x8 boards), ``RE`` result (Black's disc difference, ``?`` unknown, ``:r``
resigned, ``:t`` time), ``BO`` the start board (``8``, 64 squares row by row from a1 with ``*``
black, ``O`` white, ``-`` empty, then the side to move ``*`` or ``O``), ``B``/``W`` the moves
(``f5``, ``pa`` for a pass; an evaluation and seconds after ``/`` are ignored), ``C``
comments. Other tags are kept as read. Written: ``GM``, ``PC``, ``DT`` (when given),
``PB``, ``PW``, ``RE`` (finished games), ``TI`` (a clock), ``TY``, ``BO``, ``B``/``W``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from flipside.i18n import tr
from flipside.othello.board import Board, IllegalMoveError
from flipside.othello.notation import PASS_MOVE, Color, Move, format_position, parse_position

_TAG = re.compile(r"\s*([A-Za-z]{1,4})\[((?:\\.|[^\]\\])*)\]", re.DOTALL)
START_BO = "8 " + "-" * 27 + "O*------*O" + "-" * 27 + " *"


@dataclass(slots=True)
class GgfGame:
    """One game read from GGF: its tags (first value of each), the start position
    (``"<64 chars> X|O"``), the moves (passes included, as ``pass``) and the comments."""

    tags: dict[str, str] = field(default_factory=dict)
    start: str = ""
    moves: list[str] = field(default_factory=list)
    comments: list[str] = field(default_factory=list)

    def transcript(self) -> str:
        """The moves as a transcript, passes left out."""
        return "".join(m for m in self.moves if m != "pass")

    def is_standard_start(self) -> bool:
        """True when the game starts from the usual four discs, Black to move."""
        return self.start == Board().position()

    def clock(self) -> int:
        """Seconds a side from ``TI`` (``15:00``, ``1:30:00``, ``15:00//02:00``: the main
        time); 0 without one or when it cannot be read."""
        main = self.tags.get("TI", "").split("/")[0].strip()
        parts = main.split(":")
        if not main or len(parts) > 3 or not all(p.isdigit() for p in parts):
            return 0
        seconds = 0
        for part in parts:
            seconds = 60 * seconds + int(part)
        return seconds


def split_games(text: str) -> list[str]:
    """The ``(; ... ;)`` blocks of a text (a file may hold many games)."""
    games, pos = [], 0
    while (begin := text.find("(;", pos)) >= 0:
        end = text.find(";)", begin + 2)
        if end < 0:
            raise ValueError(tr("GGF: a game starts with '(;' but never ends with ';)'"))
        games.append(text[begin : end + 2])
        pos = end + 2
    if not games:
        raise ValueError(tr("GGF: no game found (a game is written '(;GM[Othello]...;)')"))
    return games


def _board_tag(value: str) -> str:
    """``BO[8 <64 squares> <side>]`` as a position string; ValueError naming what is wrong."""
    fields = value.split()
    if not fields or fields[0] != "8":
        raise ValueError(
            tr("GGF: BO[{value}]: only 8x8 boards are supported", value=value.strip()[:20])
        )
    compact = "".join(fields[1:])
    if len(compact) != 65:
        raise ValueError(
            tr(
                "GGF: BO has {n} squares and a side to move, expected 64",
                n=max(len(compact) - 1, 0),
            )
        )
    black, white, turn = parse_position(compact[:64] + " " + compact[64])
    return format_position(black, white, turn)


def _move_value(value: str) -> str:
    name = value.split("/")[0].strip().lower()
    return "pass" if name in ("pa", "pass", "ps") else name


def read_game(text: str) -> GgfGame:
    """Read one GGF game (the text of a ``(; ... ;)`` block) and check its moves."""
    body = text.strip()
    if not body.startswith("(;") or not body.endswith(";)"):
        raise ValueError(tr("GGF: a game is written between '(;' and ';)'"))
    body = body[2:-2]
    game = GgfGame()
    moves: list[tuple[str, str]] = []
    pos = 0
    while pos < len(body):
        m = _TAG.match(body, pos)
        if m is None:
            rest = body[pos:].strip()
            if not rest:
                break
            raise ValueError(tr("GGF: cannot read {text!r} (expected TAG[value])", text=rest[:20]))
        key, value = m.group(1).upper(), m.group(2).replace("\\]", "]").replace("\\\\", "\\")
        pos = m.end()
        if key in ("B", "W"):
            moves.append((key, _move_value(value)))
        elif key == "C":
            game.comments.append(value)
        else:
            game.tags.setdefault(key, value)
    kind = game.tags.get("GM")
    if kind is None:
        raise ValueError(tr("GGF: the game has no GM tag (expected GM[Othello])"))
    if kind.strip().lower() != "othello":
        raise ValueError(tr("GGF: the game is {kind!r}, not Othello", kind=kind.strip()))
    board_type = game.tags.get("TY", "8").strip().lower()
    if not board_type.startswith("8"):
        raise ValueError(
            tr("GGF: board type TY[{kind}]: only 8x8 boards are supported", kind=board_type)
        )
    game.start = _board_tag(game.tags.get("BO", START_BO))
    board = Board.from_position(game.start)
    for number, (colour, name) in enumerate(moves, 1):
        mover = Color.BLACK if colour == "B" else Color.WHITE
        label = tr("GGF move {number} ({move})", number=number, move=f"{colour}[{name}]")
        if mover is not board.turn:
            if board.has_legal_move() or board.is_game_over():
                raise ValueError(
                    tr(
                        "{label}: it is {side}'s turn, not {mover}'s",
                        label=label,
                        side=board.turn.word(),
                        mover=mover.word(),
                    )
                )
            board.push(PASS_MOVE)  # a pass the file left out
            game.moves.append("pass")
        try:
            move = Move.parse(name)
            board.push(move)
        except IllegalMoveError as exc:
            raise ValueError(f"{label}: {exc}") from None
        except ValueError:
            raise ValueError(
                tr("{label}: {name!r} is not a square or pa", label=label, name=name)
            ) from None
        game.moves.append(str(move))
    return game


def read(text: str) -> list[GgfGame]:
    """Every game of a GGF text."""
    return [read_game(block) for block in split_games(text)]


def _escape(value: str) -> str:
    return value.replace("\\", "\\\\").replace("]", "\\]")


def write(
    board: Board,
    black: str = "Black",
    white: str = "White",
    place: str = "Flipside",
    date: str = "",
    clock: int = 0,
    result: int | None = None,
    comments: list[str] | None = None,
) -> str:
    """A GGF game of ``board``'s moves from its root position. ``result`` is Black's final
    disc difference (empties to the winner) of a finished game; ``clock`` seconds a side."""
    root = board.root()
    cells = root.position().replace("X", "*")
    tags = [("GM", "Othello"), ("PC", place)]
    if date:
        tags.append(("DT", date))
    tags += [("PB", black), ("PW", white)]
    if result is not None:
        tags.append(("RE", f"{result:+d}.000"))
    if clock:
        tags.append(("TI", f"{clock // 60}:{clock % 60:02d}"))
    tags += [("TY", "8"), ("BO", f"8 {cells[:64]} {'*' if root.turn is Color.BLACK else 'O'}")]
    out = "".join(f"{k}[{_escape(v)}]" for k, v in tags)
    turn = root.turn
    for move in board.move_stack:
        out += f"{'B' if turn is Color.BLACK else 'W'}[{'pa' if move.is_pass else move}]"
        turn = turn.opponent
    out += "".join(f"C[{_escape(c)}]" for c in comments or [])
    return f"(;{out};)"
