"""Themisto for the facade: a record's options, replaying it, and the state the page draws.

A record's moves are comma-separated (``b1-b4,c1-c3x,pass``). Options, in this order:

- ``limit=120``: the move limit (default 200, left out), or ``limit=off`` for none;
- ``start=<position>``: a set-up position string with ``_`` for its spaces
  (``<64 chars>_<player>_<P1 pending>_<P2 pending>``), instead of the start.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from flipside.i18n import N_, tr
from flipside.record import Record
from flipside.squares import square_name
from flipside.themisto.board import DEFAULT_MOVE_LIMIT, Board
from flipside.themisto.notation import Move, split_moves
from flipside.themisto.perft import perft as count_leaves

JSON = Any
NAME = "themisto"
TITLE = "Themisto"
AI_MODULE = "flipside.themisto.ai.api"
"""The computer player (think, hints, value), imported on first use."""
EXPLORER_MODULE = "flipside.themisto.explorer"
"""The opening explorer (the tree of played positions), imported on first use."""
SIDES = ("one", "two")
NO_LIMIT = 1_000_000  # "off": a limit no game reaches (threefold repetition still ends cycles)
LIMIT_RANGE = (10, 1000)
DRAW_TEXT = {
    "both passed": N_("both players passed in turn"),
    "threefold repetition": N_("the same position came up a third time"),
    "move limit": N_("the move limit was reached"),
}
"""Why a draw ended the game, by :attr:`Status.reason` (translated where shown)."""
PLAYER_WORDS = {1: N_("Player one"), 2: N_("Player two")}
"""The players' names at the start of a sentence."""
SIDE_WORDS = {"one": PLAYER_WORDS[1], "two": PLAYER_WORDS[2]}
"""Each side's name in words (translated where shown)."""
PLAYER_INNER = {1: N_("player one"), 2: N_("player two")}
"""The players' names inside a sentence."""


@dataclass(frozen=True, slots=True)
class Options:
    """A Themisto game's set-up: the move limit (``NO_LIMIT`` for none) and start."""

    limit: int = DEFAULT_MOVE_LIMIT
    start: str = ""

    def fields(self) -> tuple[tuple[str, str], ...]:
        out = []
        if self.limit != DEFAULT_MOVE_LIMIT:
            out.append(("limit", "off" if self.limit == NO_LIMIT else str(self.limit)))
        if self.start:
            out.append(("start", self.start.replace(" ", "_")))
        return tuple(out)

    def board(self) -> Board:
        if self.start:
            return Board.from_position(self.start, self.limit)
        return Board(self.limit)


def parse_options(record: Record) -> Options:
    """The options of ``record``; ValueError naming the bad one."""
    for key, _ in record.options:
        if key not in ("limit", "start"):
            raise ValueError(tr("unknown option {key!r}", key=key))
    limit = DEFAULT_MOVE_LIMIT
    if text := record.option("limit").lower():
        if text == "off":
            limit = NO_LIMIT
        elif text.isdigit() and LIMIT_RANGE[0] <= int(text) <= LIMIT_RANGE[1]:
            limit = int(text)
        else:
            raise ValueError(tr("move limit {text!r}: expected off or 10 to 1000 moves", text=text))
    start = ""
    if text := record.option("start"):
        start = Board.from_position(text.replace("_", " ")).position()
    return Options(limit, start)


def opening_moves(options: Options, seed: int | None = None) -> str:
    """Themisto games start from the set-up: no dealt opening."""
    return ""


def options_from_json(data: JSON) -> Options:
    """Options chosen in the New game dialog: ``moveLimit`` (a number, or 0/null for
    none), ``start`` (a position string)."""
    if not isinstance(data, dict):
        raise TypeError(tr("options must be a JSON object"))
    if unknown := set(data) - {"moveLimit", "start"}:
        raise ValueError(tr("unknown Themisto option {option!r}", option=min(unknown)))
    fields = []
    limit = data.get("moveLimit", DEFAULT_MOVE_LIMIT)
    if limit != DEFAULT_MOVE_LIMIT:
        fields.append(("limit", "off" if not limit else str(limit)))
    if data.get("start"):
        fields.append(("start", str(data["start"])))
    return parse_options(Record(NAME, "", tuple(fields)))


@dataclass(slots=True)
class Game:
    """A replayed record."""

    board: Board
    options: Options

    def record(self) -> Record:
        return Record(NAME, ",".join(str(m) for m in self.board.move_stack), self.options.fields())


def replay(record: Record) -> Game:
    """Replay ``record``; ValueError (``move N: ...``) for a bad move or option."""
    options = parse_options(record)
    board = options.board()
    for number, token in enumerate(split_moves(record.moves), 1):
        try:
            board.push_str(token)
        except ValueError as exc:
            raise type(exc)(tr("move {number}: {error}", number=number, error=exc)) from None
    return Game(board, options)


def play(record: Record, move: str) -> tuple[Game, JSON]:
    """Play ``move`` (``c1-c3x``, ``pass``) after ``record``: the game and its view, which
    animates the move."""
    game = replay(record)
    game.board.push_str(move)
    return game, view(game, animate=True)


def flag(record: Record, side: str) -> Game:
    """Themisto has no clock: ValueError."""
    raise ValueError(tr("Themisto games have no clock"))


def next_game(record: Record) -> Game:
    """Themisto has no series: ValueError."""
    raise ValueError(tr("Themisto games have no series"))


def undo(record: Record) -> Game:
    """The game with its last move taken back."""
    game = replay(record)
    if not game.board.move_stack:
        raise ValueError(tr("there is no move to undo"))
    game.board.pop()
    return game


def _player(n: int) -> str:
    return SIDES[n - 1]


def _who(n: int) -> str:
    """Player ``n``'s name to start a sentence with, in the language in use."""
    return tr(PLAYER_WORDS[n])


def _whom(n: int) -> str:
    """Player ``n``'s name inside a sentence, in the language in use."""
    return tr(PLAYER_INNER[n])


def _targets(board: Board) -> dict[str, list[JSON]]:
    """For each disk that can move: its destinations, each with the plain and the capturing
    move (None when that form is illegal) and the disks the capture would flip."""
    out: dict[str, dict[int, JSON]] = {}
    for move in board.legal_moves():
        if move.is_pass:
            continue
        entry = out.setdefault(str(move.from_sq), {}).setdefault(
            move.to_sq, {"to": move.to_sq, "plain": None, "capture": None, "captures": []}
        )
        if move.capture:
            board.push(move)
            info = board.last_move_info()
            board.pop()
            entry["capture"] = str(move)
            entry["captures"] = list(info.captured) if info else []
        else:
            entry["plain"] = str(move)
    return {frm: list(dests.values()) for frm, dests in out.items()}


def view(game: Game, animate: bool = False) -> JSON:
    """Everything the page needs to draw the game (the facade adds link and save)."""
    board, options = game.board, game.options
    status = board.status
    over = status.over
    targets = {} if over else _targets(board)
    info = board.last_move_info()
    last = info.move if info and not info.move.is_pass else None
    lost = None
    if info and info.lost_turn:
        lost = tr(
            "{player} loses the next turn: {other} moves twice",
            player=_who(info.player),
            other=_whom(3 - info.player),
        )
    moves = _move_list(game)
    black, white = board.bits()
    return {
        "cells": board.position()[:64],
        "position": board.position(),
        "toMove": None if over else _player(board.turn),
        "sides": list(SIDES),
        "legal": sorted(int(sq) for sq in targets),
        "legalNames": [],
        "lastMove": None if last is None else last.to_sq,
        "lastFrom": None if last is None else last.from_sq,
        "changed": list(info.flipped) if info and animate else [],
        "moves": moves,
        "prefixes": prefixes(game),
        "said": _said(board, info, lost),
        "counts": {"black": black.bit_count(), "white": white.bit_count()},
        "over": over,
        "result": _result(board) if over else None,
        "status": _status(board, lost),
        "canUndo": bool(board.move_stack),
        "extra": {
            "targets": targets,
            "canPass": not over and board.legal_moves() == [Move.PASS],
            "pending": dict(zip(SIDES, board.pending_lost_turns, strict=True)),
            "lostTurn": lost,
            "captured": list(info.captured) if info else [],
            "row": list(status.row),
            "draw": status.reason or None,
            "moveLimit": None if options.limit == NO_LIMIT else options.limit,
            "movesPlayed": board.ply,
        },
    }


def _move_list(game: Game) -> list[JSON]:
    replayed = game.options.board()
    out = []
    for move in game.board.move_stack:
        replayed.push(move)
        info = replayed.last_move_info()
        assert info is not None
        notes, does = [], []
        if move.is_pass:
            notes.append(tr("passes"))
            does.append("pass")
        if info.captured:
            captured = " ".join(square_name(sq) for sq in info.captured)
            notes.append(tr("captures {squares}", squares=captured))
            does.append("capture")
        if info.lost_turn:
            notes.append(tr("{player} moves twice", player=_whom(3 - info.player)))
            does.append("moves twice")
        if info.status.result == "win":
            notes.append(tr("wins"))
            does.append("win")
        elif info.status.result == "draw":
            notes.append(tr("draw: {reason}", reason=tr(DRAW_TEXT[info.status.reason])))
            does.append("draw")
        out.append(
            {"text": str(move), "by": _player(info.player), "note": ", ".join(notes), "does": does}
        )
    return out


def _said(board: Board, info: Any, lost: str | None) -> str:
    """The last move in words, for a screen reader ("Player two slides c1 to c3 and
    captures d2"), with a lost turn and the result; "" before any move."""
    if info is None:
        return ""
    mover = _who(info.player)
    move = info.move
    if move.is_pass:
        words = [tr("{player} passes", player=mover)]
    else:
        origin, target = square_name(move.from_sq), square_name(move.to_sq)
        if info.captured:
            captured = " ".join(square_name(sq) for sq in info.captured)
            text = tr(
                "{player} slides {origin} to {target} and captures {squares}",
                player=mover,
                origin=origin,
                target=target,
                squares=captured,
            )
        else:
            text = tr(
                "{player} slides {origin} to {target}", player=mover, origin=origin, target=target
            )
        words = [text]
    if lost:
        words.append(lost)
    if board.status.over:
        words.append(_status(board, None))
    return ". ".join(words)


def summary(game: Game) -> JSON:
    """What a list of games shows of one, as :func:`view` has it: its sides, the number of
    entries of its move list, whether it is over and its result."""
    over = game.board.status.over
    moves = len(game.board.move_stack)
    return {
        "sides": list(SIDES),
        "moves": moves,
        "over": over,
        "result": _result(game.board) if over else None,
    }


def prefixes(game: Game) -> list[str]:
    moves = [str(m) for m in game.board.move_stack]
    fields = game.options.fields()
    return [Record(NAME, ",".join(moves[: i + 1]), fields).text() for i in range(len(moves))]


def _result(board: Board) -> JSON:
    status = board.status
    if status.result == "win":
        return {"winner": _player(status.winner), "row": list(status.row), "reason": "row"}
    return {"winner": None, "row": [], "reason": status.reason}


def _status(board: Board, lost: str | None) -> str:
    status = board.status
    if status.result == "win":
        row = " ".join(square_name(sq) for sq in status.row)
        if status.winner == 1:
            return tr("Game over: player one wins with exactly five in a row ({row})", row=row)
        return tr("Game over: player two wins with five or more in a row ({row})", row=row)
    if status.result == "draw":
        reason = tr(DRAW_TEXT[status.reason])
        if status.reason == "move limit":
            return tr(
                "Game over: a draw, {reason} ({limit} moves)", reason=reason, limit=board.move_limit
            )
        return tr("Game over: a draw, {reason}", reason=reason)
    text = tr("{player} to move", player=_who(board.turn))
    info = board.last_move_info()
    if info and info.move.is_pass:
        text = tr(
            "{player} has no move and passes. {status}", player=_who(info.player), status=text
        )
    if lost:
        text = f"{lost}. {text}"
    if board.legal_moves() == [Move.PASS]:
        text = tr("{status}: no slide is possible, so pass", status=text)
    return text


def perft(depth: int, position: str | None = None) -> int:
    """Leaf count of the game tree to ``depth`` plies from the start or ``position``."""
    board = Board() if position is None else Board.from_position(position)
    return count_leaves(board, depth)
