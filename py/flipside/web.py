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


def handle(request: str, progress: Callable[[str], object] | None = None) -> str:
    """Answer one JSON request string with one JSON response string (never raises).

    ``progress``, when given, receives JSON strings while a long method runs (the AI's
    search after each finished depth, see :func:`report`); the worker posts them on."""
    global _progress
    request_id: JSON = None
    _progress = progress
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
    finally:
        _progress = None


_progress: Callable[[str], object] | None = None


def report(info: JSON) -> None:
    """Hand a progress report (plain JSON) to the caller of the running :func:`handle`."""
    if _progress is not None:
        _progress(json.dumps(info))


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


# -- Othello AI ----------------------------------------------------------------------------
# The AI modules are imported on first use: the start-up snapshot holds only the rules.

EXACT_VALUE_EMPTIES = 10
"""``othello_value`` is exact (solved) from this many empty squares down."""
MAX_SOLVE_EMPTIES = 22
"""``othello_solve`` refuses deeper positions: they would take minutes in a browser."""


# Level budgets (``LEVELS``) are native seconds. Inside Pyodide the search runs about 2x
# slower (``./build.sh bench``: midgame nodes/s, native vs the Chromium worker), so the page's
# searches get twice the wall time to reach the depths the level ladder was measured at;
# the top level then takes up to 2.4 s a move, within the 3 s the browser allows.
PYODIDE_SLOWDOWN = 2.0 if sys.platform == "emscripten" else 1.0


def level_seconds(level: int) -> float:
    """The wall-clock budget of ``level`` on this platform (native budget x slowdown)."""
    from flipside.othello.engine import LEVELS

    return LEVELS[level].seconds * PYODIDE_SLOWDOWN


@method
def othello_think(
    transcript: str, level: int | str, seconds: float | None = None, seed: int | None = None
) -> JSON:
    """The computer's move at ``level`` (1..6 or ``"max"``) after ``transcript``.

    Progress: after each finished search depth a report ``{"type": "depth", "depth",
    "move", "score", "pv", "nodes", "exact", "seconds"}`` goes to :func:`report`, so "move
    now" can play the best move so far. The answer has the same fields plus ``level`` and
    ``transcript``; ``score`` is in discs from the side to move (exact when ``exact``)."""
    from flipside.othello.engine import Engine

    board = _othello_replay(_checked_transcript(transcript))
    engine = Engine(_checked_level(level), seed=_checked_seed(seed))

    def on_depth(info: dict[str, object]) -> None:
        report({"type": "depth", **_search_info(info)})

    budget = _checked_seconds(seconds) or level_seconds(engine.level)
    info = engine.think(board, seconds=budget, on_depth=on_depth)
    return {**_search_info(info), "level": engine.level, "transcript": board.transcript()}


@method
def othello_hints(transcript: str, level: int | str = 4, seconds: float | None = None) -> JSON:
    """A value for every legal move after ``transcript`` (discs from the side to move:
    ``values`` maps move names to numbers, ints when ``exact``), the best move and line."""
    from flipside.othello.engine import Engine

    board = _othello_replay(_checked_transcript(transcript))
    engine = Engine(_checked_level(level))

    def on_depth(info: dict[str, object]) -> None:
        report({"type": "depth", **_search_info(info)})

    found = engine.analysis(board, seconds=_checked_seconds(seconds), on_depth=on_depth)
    return {**found.to_dict(), "transcript": board.transcript(), "level": engine.level}


@method
def othello_value(transcript: str, depth: int = 2) -> JSON:
    """Value of the position after ``transcript`` from Black's view, in discs: a
    ``depth``-ply search, or exact (``exact: true``) near the end of the game."""
    from flipside.othello.endgame import Solver
    from flipside.othello.engine import position_value

    if isinstance(depth, bool) or not isinstance(depth, int) or not 1 <= depth <= 8:
        raise ValueError(f"depth must be an integer 1..8, got {depth!r}")
    board = _othello_replay(_checked_transcript(transcript))
    P, O = board.bits()
    if board.is_game_over():
        value: float = position_value(board)
        exact = True  # the final result, empties to the winner
    elif 64 - (P | O).bit_count() <= EXACT_VALUE_EMPTIES:
        score = Solver().search(P, O)
        value, exact = (score if board.turn is Color.BLACK else -score), True
    else:
        value, exact = round(position_value(board, depth), 2), False
    return {"transcript": board.transcript(), "value": value, "exact": exact}


@method
def othello_opening(transcript: str) -> JSON:
    """The named opening the game's moves begin with (``name``, ``moves``, ``length``), or
    None when the line has no name."""
    from flipside.othello.openings import opening_of

    opening = opening_of(Board.from_transcript(_checked_transcript(transcript)))
    return None if opening is None else opening.to_dict()


@method
def othello_solve(position: str) -> JSON:
    """Exact solve of ``position`` (``"<64 chars> X|O"``): final disc difference for the
    side to move with perfect play, every best move, nodes searched and seconds taken."""
    from flipside.othello.endgame import Solver

    _expect_str("position", position)
    board = Board.from_position(position)
    P, O = board.bits()
    empties = 64 - (P | O).bit_count()
    if empties > MAX_SOLVE_EMPTIES:
        raise ValueError(f"solving is limited to {MAX_SOLVE_EMPTIES} empty squares, got {empties}")
    solver = Solver()
    start = time.perf_counter()
    score, best = solver.solve(P, O)
    seconds = time.perf_counter() - start
    moves = [str(Move(sq)) for sq in best]
    if not moves and not board.is_game_over():
        moves = [str(PASS_MOVE)]
    return {
        "score": score,
        "best": moves,
        "empties": empties,
        "nodes": solver.nodes,
        "seconds": seconds,
    }


def _search_info(info: dict[str, object]) -> JSON:
    """The engine's progress / answer dict without the per-move table (plain JSON)."""
    return {key: value for key, value in info.items() if key != "scores"}


def _checked_transcript(transcript: object) -> str:
    _expect_str("transcript", transcript)
    assert isinstance(transcript, str)
    return transcript


def _checked_level(level: object) -> int | str:
    from flipside.othello.engine import parse_level

    if isinstance(level, bool) or not isinstance(level, int | str):
        raise RequestError(f"level must be 1..6 or 'max', got {level!r}")
    return parse_level(level)


def _checked_seconds(seconds: object) -> float | None:
    if seconds is None:
        return None
    if isinstance(seconds, bool) or not isinstance(seconds, int | float) or not 0 < seconds <= 60:
        raise ValueError(f"seconds must be a number in (0, 60], got {seconds!r}")
    return float(seconds)


def _checked_seed(seed: object) -> int | None:
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
        raise RequestError(f"seed must be an integer, got {seed!r}")
    return seed


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
