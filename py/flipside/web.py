"""The JSON facade the web worker calls: one function per request method.

The page talks to Python through one tiny protocol, carried as JSON strings::

    request  {"id": 7, "method": "othello_play", "params": {"transcript": "f5", "move": "d6"}}
    response {"id": 7, "result": {...}}
          or {"id": 7, "error": {"type": "IllegalMoveError", "message": "..."}}

:func:`handle` decodes a request, calls the function registered under ``method`` with
``params`` as keyword arguments and encodes the answer. Every method takes and returns plain
JSON values (dict, list, str, int, float, bool, None): no Python object reaches JavaScript.

The facade is stateless: a game travels as its transcript (a string the page keeps, puts in
the link and saves), and each call replays it. A game *state* is everything the view needs to
draw the next frame: cells, legal targets, the discs the last move flipped, counts, status
text, the move list, the result, plus the link and save strings for the page to store.

Adding a method (for instance an AI move for Othello, or the Themisto game): write a function
taking keyword arguments and returning plain JSON, and decorate it with :func:`method`.
Raise ``ValueError`` (or a subclass) with a readable message for bad input.
"""

from __future__ import annotations

import json
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar
from urllib.parse import unquote

import flipside
from flipside.othello import PASS_MOVE, Board, Color, Move, perft

JSON = Any
"""A plain JSON value (dict, list, str, int, float, bool or None)."""

METHODS: dict[str, Callable[..., JSON]] = {}
"""Request method name -> function (keyword parameters, plain JSON result)."""

SAVE_FORMAT = "flipside-save"
SAVE_VERSION = 1

_F = TypeVar("_F", bound=Callable[..., JSON])


def method(func: _F) -> _F:
    """Register ``func`` as a request method under its own name."""
    METHODS[func.__name__] = func
    return func


class RequestError(ValueError):
    """A request that is not well formed (unknown method, bad parameters)."""


def handle(request: str) -> str:
    """Answer one JSON request string with one JSON response string (never raises)."""
    request_id: JSON = None
    try:
        try:
            message = json.loads(request)
        except json.JSONDecodeError as exc:
            raise RequestError(f"request is not JSON: {exc}") from None
        if not isinstance(message, dict):
            raise RequestError("request must be a JSON object")
        request_id = message.get("id")
        name = message.get("method")
        params = message.get("params", {})
        params = {} if params is None else params
        func = METHODS.get(name) if isinstance(name, str) else None
        if func is None:
            raise RequestError(f"unknown method {name!r}")
        if not isinstance(params, dict):
            raise RequestError(f"{name}: params must be a JSON object")
        try:
            result = func(**params)
        except TypeError as exc:
            if exc.__traceback__ is not None and exc.__traceback__.tb_next is None:
                raise RequestError(f"{name}: {exc}") from None  # wrong parameter names
            raise
        return json.dumps({"id": request_id, "result": result})
    except Exception as exc:  # noqa: BLE001 - every failure becomes an error for the page
        error = {"type": type(exc).__name__, "message": str(exc) or type(exc).__name__}
        return json.dumps({"id": request_id, "error": error})


# -- general -------------------------------------------------------------------------------


@method
def engine_info() -> JSON:
    """Package and Python versions, the methods this facade answers, and whether the
    package's files are on disk (after a snapshot start they arrive a moment later)."""
    return {
        "flipside": flipside.__version__,
        "filesInstalled": Path(flipside.__file__ or "").is_file(),
        "python": sys.version.split()[0],
        "platform": sys.platform,
        "methods": sorted(METHODS),
    }


@method
def open_link(fragment: str) -> JSON:
    """Open a shared link's fragment (``"othello/f5d6c3"``, with or without ``#``)."""
    _expect_str("fragment", fragment)
    text = fragment.strip().lstrip("#")
    game, _, rest = text.partition("/")
    if game.lower() == "othello":
        try:
            return othello_state(_unquote(rest))
        except ValueError as exc:
            raise ValueError(f"this link is not a valid Othello game: {exc}") from None
    raise ValueError(f"this link names no game Flipside knows ({game or 'empty'!r})")


@method
def open_saved(text: str) -> JSON:
    """Open a game saved by the page (the ``save`` string of a state)."""
    _expect_str("text", text)
    try:
        data = json.loads(text)
    except json.JSONDecodeError:
        raise ValueError("the saved game is not readable (not JSON)") from None
    if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
        raise ValueError("the saved game is not a Flipside save")
    if data.get("version") != SAVE_VERSION:
        raise ValueError(f"the saved game has version {data.get('version')!r}; expected 1")
    if data.get("game") != "othello" or not isinstance(data.get("transcript"), str):
        raise ValueError("the saved game names no game Flipside knows")
    try:
        return othello_state(data["transcript"])
    except ValueError as exc:
        raise ValueError(f"the saved game is damaged: {exc}") from None


# -- Othello -------------------------------------------------------------------------------


@method
def othello_new() -> JSON:
    """A new Othello game."""
    return _othello_view(Board())


@method
def othello_state(transcript: str) -> JSON:
    """The state after replaying ``transcript`` (``"f5d6c3"``; passes may be left out)."""
    _expect_str("transcript", transcript)
    return _othello_view(Board.from_transcript(transcript))


@method
def othello_play(transcript: str, move: str) -> JSON:
    """Play ``move`` (``"f5"``) after ``transcript``; the state lists the discs it flipped."""
    _expect_str("transcript", transcript)
    _expect_str("move", move)
    board = _othello_replay(transcript)
    played = Move.parse(move)
    if played.is_pass:
        raise ValueError("passes are played automatically when a side has no move")
    flipped = board.flips(played) if board.is_legal(played) else []
    board.push(played)  # raises IllegalMoveError (a ValueError) with the reason
    return _othello_view(board, flipped=flipped, last=played)


@method
def othello_undo(transcript: str) -> JSON:
    """The state with the last disc placed in ``transcript`` taken back."""
    _expect_str("transcript", transcript)
    board = _othello_replay(transcript)
    placed = [m for m in board.move_stack if not m.is_pass]
    if not placed:
        raise ValueError("there is no move to undo")
    return othello_state("".join(str(m) for m in placed[:-1]))


@method
def othello_perft(depth: int, position: str | None = None) -> JSON:
    """Leaf count of the game tree to ``depth`` plies, timed inside this Python."""
    if isinstance(depth, bool) or not isinstance(depth, int) or not 0 <= depth <= 12:
        raise ValueError(f"perft depth must be an integer 0..12, got {depth!r}")
    board = Board() if position is None else Board.from_position(position)
    start = time.perf_counter()
    nodes = perft(board, depth)
    return {"depth": depth, "nodes": nodes, "seconds": time.perf_counter() - start}


def _othello_replay(transcript: str) -> Board:
    """Replay a transcript, then play the forced pass if the side to move has no move."""
    board = Board.from_transcript(transcript)
    if board.legal_moves() == [PASS_MOVE]:
        board.push(PASS_MOVE)
    return board


def _othello_view(board: Board, flipped: list[int] | None = None, last: Move | None = None) -> JSON:
    """Everything the page needs to draw ``board`` (plus ``flipped`` by move ``last``)."""
    passed = False
    if board.legal_moves() == [PASS_MOVE]:
        board.push(PASS_MOVE)
        passed = True
    if last is None:
        last = next((m for m in reversed(board.move_stack) if not m.is_pass), None)
    position = board.position()
    black, white = board.count(Color.BLACK), board.count(Color.WHITE)
    over = board.is_game_over()
    legal = [] if over else [m.square for m in board.legal_moves()]
    transcript = board.transcript()
    result = board.result().to_dict() if over else None
    return {
        "game": "othello",
        "position": position,
        "cells": position[:64],
        "toMove": None if over else str(board.turn).lower(),
        "legal": legal,
        "legalNames": [str(Move(sq)) for sq in legal],
        "lastMove": None if last is None else last.square,
        "flipped": list(flipped or []),
        "passed": passed,
        "moves": [str(m) for m in board.move_stack],
        "transcript": transcript,
        "counts": {"black": black, "white": white},
        "over": over,
        "result": result,
        "status": _othello_status(board, passed, black, white),
        "canUndo": transcript != "",
        "link": "othello/" + transcript,
        "save": json.dumps(
            {
                "format": SAVE_FORMAT,
                "version": SAVE_VERSION,
                "game": "othello",
                "transcript": transcript,
            }
        ),
    }


def _othello_status(board: Board, passed: bool, black: int, white: int) -> str:
    if board.is_game_over():
        if black == white:
            return f"Game over: a draw, {black}–{white}"
        winner = "Black" if black > white else "White"
        return f"Game over: {winner} wins {max(black, white)}–{min(black, white)}"
    mover = str(board.turn)
    if passed:
        return f"{board.turn.opponent} has no move and passes. {mover} to move"
    return f"{mover} to move"


def _expect_str(name: str, value: object) -> None:
    if not isinstance(value, str):
        raise RequestError(f"{name} must be a string, got {type(value).__name__}")


def _unquote(text: str) -> str:
    """Undo percent-encoding of a link fragment (only %xx escapes can appear)."""
    return unquote(text)
