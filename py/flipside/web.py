"""The JSON facade the web worker calls: one function per request method.

The page talks to Python through one tiny protocol, carried as JSON strings::

    request  {"id": 7, "method": "play", "params": {"record": "othello/f5", "move": "d6"}}
    response {"id": 7, "result": {...}}
          or {"id": 7, "error": {"type": "IllegalMoveError", "message": "..."}}

:func:`handle` decodes a request, calls the function registered under ``method`` with
``params`` as keyword arguments and encodes the answer. Every method takes and returns plain
JSON values (dict, list, str, int, float, bool, None): no Python object reaches JavaScript.

The facade is stateless: a game travels as its record (``flipside.record``: set-up and moves
in one short text that is also the link fragment), and each call replays it. The rules
methods (``new``, ``state``, ``play``, ``undo``, ``flag``, ``next_game``, ``open_link``,
``open_saved``) take the game from the record and dispatch to that game's adapter
(``flipside.othello.game``, ``flipside.themisto.game``). A game *state* has one shape for
every game (see ``docs/architecture.md``): cells, legal targets, the squares the last move
changed, counts, status text, the move list (who made each move), the record after each
move, the result, the link and save strings, and the game's own extras under ``extra``.

Adding a method: write a function taking keyword arguments and returning plain JSON, and
decorate it with :func:`method`. Raise ``ValueError`` (or a subclass) with a readable
message for bad input. Adding a game: an adapter module and an entry in :data:`GAMES`.
"""

from __future__ import annotations

import functools
import json
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

import flipside
from flipside.othello import PASS_MOVE, Board, Color, Move, perft
from flipside.othello import game as othello_game
from flipside.record import Record
from flipside.themisto import game as themisto_game

if TYPE_CHECKING:
    from flipside.othello.engine import Engine

JSON = Any
"""A plain JSON value (dict, list, str, int, float, bool or None)."""

METHODS: dict[str, Callable[..., JSON]] = {}
"""Request method name -> function (keyword parameters, plain JSON result)."""

SAVE_FORMAT = "flipside-save"
SAVE_VERSION = 2

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


# -- games --------------------------------------------------------------------------------
# A game travels as its record's text (``flipside.record``): the link fragment, also what a
# save holds. Each game's adapter module reads and writes its records and builds its state.

GAMES = {"othello": othello_game, "themisto": themisto_game}
GAME_NAMES = {"othello": "Othello", "themisto": "Themisto"}


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
        "games": sorted(GAMES),
    }


@method
def new(game: str, options: JSON = None) -> JSON:
    """A new game of ``game`` with the New game dialog's ``options`` (see each adapter's
    ``options_from_json``)."""
    adapter = _adapter(game)
    chosen = adapter.options_from_json({} if options is None else options)
    return _state(adapter.replay(Record(adapter.NAME, "", chosen.fields())))


@method
def state(record: str) -> JSON:
    """The state of the game ``record`` (a record's text, e.g. ``"othello/f5d6"``)."""
    return _state(_replay(record))


@method
def play(record: str, move: str) -> JSON:
    """Play ``move`` (Othello ``f5``; Themisto ``c1-c3x`` or ``pass``) after ``record``; the
    state lists the squares the move changed, for the animation."""
    parsed = _record(record)
    _expect_str("move", move)
    if parsed.game == "othello":
        game, flipped, played = othello_game.play(parsed, move)
        return _state(game, othello_game.view(game, flipped, played))
    played_game = themisto_game.play(parsed, move)
    return _state(played_game, themisto_game.view(played_game, animate=True))


@method
def undo(record: str) -> JSON:
    """The state with the last move taken back (Othello: the last disc placed)."""
    parsed = _record(record)
    return _state(_adapter(parsed.game).undo(parsed))


@method
def flag(record: str, side: str) -> JSON:
    """The game lost on time by ``side``, the side to move (games with a clock)."""
    parsed = _record(record)
    _expect_str("side", side)
    if parsed.game != "othello":
        raise ValueError(f"{GAME_NAMES[parsed.game]} games have no clock")
    return _state(othello_game.flag(parsed, side))


@method
def next_game(record: str) -> JSON:
    """The next game of a series (colours swapped), after a finished one."""
    parsed = _record(record)
    if parsed.game != "othello":
        raise ValueError(f"{GAME_NAMES[parsed.game]} games have no series")
    return _state(othello_game.next_game(parsed))


@method
def at(record: str, ply: int) -> JSON:
    """The position after the first ``ply`` entries of the move list of ``record`` (0: the
    set-up), for stepping through a game: its state (``record`` is that prefix, to play on
    from), plus ``ply``, ``plies`` (the whole game's length) and ``link``, the whole game's
    link at that ply (``&ply=N``; none at the last move). A lost-on-time flag belongs to the
    last position only."""
    parsed = _record(record)
    adapter = GAMES[parsed.game]
    texts = adapter.prefixes(adapter.replay(parsed))
    if isinstance(ply, bool) or not isinstance(ply, int) or not 0 <= ply <= len(texts):
        raise ValueError(f"ply must be an integer 0..{len(texts)}, got {ply!r}")
    if ply == len(texts):
        return {**state(record), "ply": ply, "plies": ply}
    shown = parsed.with_moves("") if ply == 0 else Record.parse(texts[ply - 1])
    answer = _state(adapter.replay(shown.without("flag")))
    return {**answer, "ply": ply, "plies": len(texts), "link": f"{parsed.text()}&ply={ply}"}


@method
def open_link(fragment: str) -> JSON:
    """Open a shared link's fragment (``"othello/f5d6c3"``, with or without ``#``): the
    whole game's state; with ``&ply=N`` (the position on screen when it was shared) also
    ``ply``, which the page then shows with :func:`at`."""
    _expect_str("fragment", fragment)
    try:
        parsed = Record.parse(fragment)
    except ValueError as exc:
        raise ValueError(f"this link cannot be read: {exc}") from None
    if parsed.game not in GAMES:
        raise ValueError(f"this link names no game Flipside knows ({parsed.game or 'empty'!r})")
    ply_text = parsed.option("ply", "")
    try:
        opened = _state(GAMES[parsed.game].replay(parsed.without("ply")))
    except ValueError as exc:
        raise ValueError(
            f"this link is not a valid {GAME_NAMES[parsed.game]} game: {exc}"
        ) from None
    if not ply_text:
        return opened
    plies = len(opened["moves"])
    if not ply_text.isdigit() or int(ply_text) > plies:
        raise ValueError(f"this link's ply {ply_text!r} is not a move of its game (0..{plies})")
    return {**opened, "ply": int(ply_text)}


@method
def open_saved(text: str) -> JSON:
    """Open a game saved by the page (the ``save`` string of a state; version 1 saves, an
    Othello transcript, are read too)."""
    _expect_str("text", text)
    try:
        data = json.loads(text)
    except json.JSONDecodeError:
        raise ValueError("the saved game is not readable (not JSON)") from None
    if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
        raise ValueError("the saved game is not a Flipside save")
    version = data.get("version")
    if version == 1 and data.get("game") == "othello" and isinstance(data.get("transcript"), str):
        data = {"game": "othello", "record": "othello/" + data["transcript"]}
    elif version != SAVE_VERSION:
        raise ValueError(f"the saved game has version {version!r}; expected {SAVE_VERSION}")
    game, record = data.get("game"), data.get("record")
    if game not in GAMES or not isinstance(record, str):
        raise ValueError("the saved game names no game Flipside knows")
    try:
        parsed = Record.parse(record)
        if parsed.game != game:
            raise ValueError(f"it holds a {parsed.game or 'nameless'} game, not {game}")
        return _state(GAMES[game].replay(parsed))
    except ValueError as exc:
        raise ValueError(f"the saved game is damaged: {exc}") from None


# -- study and share ------------------------------------------------------------------------
# ``flipside.study`` (and the GGF / WTHOR readers) are imported on first use: the start-up
# snapshot holds only the rules.


@method
def recognise(text: str) -> JSON:
    """What the pasted ``text`` is (``kind``, ``label`` in words) and the game it opens
    (``state``); a ValueError says which format it looked like and what is wrong."""
    from flipside.study import recognise as find

    _expect_str("text", text)
    found = find(text)
    state = found.state if found.state is not None else _state(_replay(found.record.text()))
    return {"kind": found.kind, "label": found.label, "state": state}


@method
def export(record: str, ply: int | None = None) -> JSON:
    """The game ``record`` as ``transcript``, ``position`` (after ``ply`` moves of the move
    list; the end by default), ``link``, ``text`` (a text file), ``ggf`` (Othello) and
    ``filename``."""
    from flipside.study import export as texts

    if ply is not None and (isinstance(ply, bool) or not isinstance(ply, int)):
        raise RequestError(f"ply must be an integer, got {ply!r}")
    parsed = _record(record)
    _replay(record)
    return texts(parsed, ply)


@method
def editor_check(
    game: str,
    cells: str,
    toMove: str,
    pending: list[int] | None = None,
    moveLimit: int | None = None,
) -> JSON:
    """A new game from the board editor's position (``cells``: 64 of X/O/-, ``toMove``,
    Themisto's ``pending`` lost turns and ``moveLimit``), or a ValueError saying why the
    position cannot be played."""
    from flipside.study import edited_record

    _adapter(game)
    _expect_str("cells", cells)
    _expect_str("toMove", toMove)
    return _state(_replay(edited_record(game, cells, toMove, pending, moveLimit).text()))


@method
def wthor_list(data: str, players: str | None = None, tournaments: str | None = None) -> JSON:
    """The games of a WTHOR ``.wtb`` file (``data`` in base64), with names from the
    ``WTHOR.JOU`` (``players``) and ``WTHOR.TRN`` (``tournaments``) files when given."""
    import base64
    import binascii

    from flipside.study import wthor_list as listing

    def decode(name: str, value: object) -> bytes | None:
        if value is None:
            return None
        _expect_str(name, value)
        try:
            return base64.b64decode(str(value), validate=True)
        except binascii.Error:
            raise RequestError(f"{name} must be base64") from None

    wtb = decode("data", data)
    assert wtb is not None
    return listing(wtb, decode("players", players), decode("tournaments", tournaments))


def _adapter(game: object) -> Any:
    _expect_str("game", game)
    if game not in GAMES:
        raise ValueError(f"no game called {game!r}; Flipside has {', '.join(sorted(GAMES))}")
    return GAMES[str(game)]


def _record(text: object) -> Record:
    _expect_str("record", text)
    assert isinstance(text, str)
    parsed = Record.parse(text)
    _adapter(parsed.game)
    return parsed


def _replay(text: object) -> Any:
    parsed = _record(text)
    return GAMES[parsed.game].replay(parsed)


def _state(game: Any, view: JSON = None) -> JSON:
    """A game's state: the adapter's view plus what every game has (record, link, save)."""
    record = game.record()
    adapter = GAMES[record.game]
    view = adapter.view(game) if view is None else view
    text = record.text()
    save = {"format": SAVE_FORMAT, "version": SAVE_VERSION, "game": record.game, "record": text}
    return {"game": record.game, "record": text, **view, "link": text, "save": json.dumps(save)}


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


@functools.cache
def _othello_engine(level: int) -> Engine:
    """The worker's engine at ``level``, kept for the worker's life: its hash table goes on
    from one move to the next."""
    from flipside.othello.engine import Engine

    return Engine(level)


@method
def othello_think(
    record: str, level: int | str, seconds: float | None = None, seed: int | None = None
) -> JSON:
    """The computer's move at ``level`` (1..6 or ``"max"``) in the game ``record``.

    Progress: after each finished search depth a report ``{"type": "depth", "depth",
    "move", "score", "pv", "nodes", "exact", "seconds"}`` goes to :func:`report`, so "move
    now" can play the best move so far. The answer has the same fields plus ``level`` and
    ``record``; ``score`` is in discs from the side to move (exact when ``exact``)."""
    board = _othello_board(record)
    engine = _othello_engine(_checked_level(level))
    seed = _checked_seed(seed)
    if seed is not None:
        engine.random.seed(seed)

    def on_depth(info: dict[str, object]) -> None:
        report({"type": "depth", **_search_info(info)})

    budget = _checked_seconds(seconds) or level_seconds(engine.level)
    info = engine.think(board, seconds=budget, on_depth=on_depth)
    return {**_search_info(info), "level": engine.level, "record": record}


@method
def othello_hints(record: str, level: int | str = 4, seconds: float | None = None) -> JSON:
    """A value for every legal move in the game ``record`` (discs from the side to move:
    ``values`` maps move names to numbers, ints when ``exact``), the best move and line."""
    from flipside.othello.engine import Engine

    board = _othello_board(record)
    engine = Engine(_checked_level(level))

    def on_depth(info: dict[str, object]) -> None:
        report({"type": "depth", **_search_info(info)})

    found = engine.analysis(board, seconds=_checked_seconds(seconds), on_depth=on_depth)
    return {**found.to_dict(), "record": record, "level": engine.level}


@method
def othello_value(record: str, depth: int = 2) -> JSON:
    """Value of the position of the game ``record`` from Black's view, in discs: a
    ``depth``-ply search, or exact (``exact: true``) near the end of the game."""
    from flipside.othello.endgame import Solver
    from flipside.othello.engine import position_value

    if isinstance(depth, bool) or not isinstance(depth, int) or not 1 <= depth <= 8:
        raise ValueError(f"depth must be an integer 1..8, got {depth!r}")
    board = _othello_board(record)
    P, O = board.bits()
    if board.is_game_over():
        value: float = position_value(board)
        exact = True  # the final result, empties to the winner
    elif 64 - (P | O).bit_count() <= EXACT_VALUE_EMPTIES:
        score = Solver().search(P, O)
        value, exact = (score if board.turn is Color.BLACK else -score), True
    else:
        value, exact = round(position_value(board, depth), 2), False
    return {"record": record, "value": value, "exact": exact}


@method
def othello_opening(record: str) -> JSON:
    """The named opening the game's moves begin with (``name``, ``moves``, ``length``), or
    None when the line has no name (or the game did not start from the standard start)."""
    from flipside.othello.openings import opening_of

    game = _othello_game(record)
    if game.options.handicap or game.options.start:
        return None
    opening = opening_of(Board.from_transcript(game.board.transcript()))
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


# -- Themisto AI ---------------------------------------------------------------------------
# Scores of the Themisto engine are in its own units (a few hundred at most) or proven results
# (``>= PROVEN``). The page gets points (score / 100, at most ``THEMISTO_SCALE - 1`` either
# way), a proven result as +/- ``THEMISTO_SCALE`` and a label ("W3": a forced win in 3 plies).

THEMISTO_SCALE = 8
THEMISTO_HINT_LEVEL = 3
"""Hints for Themisto: depth 2 (every win three plies ahead), 0.6 s native."""


def _themisto_points(score: int) -> float:
    from flipside.themisto.engine import PROVEN

    if abs(score) >= PROVEN:
        return float(THEMISTO_SCALE if score > 0 else -THEMISTO_SCALE)
    limit = THEMISTO_SCALE - 1
    return max(-limit, min(limit, round(score / 100, 1)))


def _themisto_label(score: int) -> str:
    """``W3`` / ``L2`` for a forced win / loss in that many plies, else ``+1.5``, ``0``."""
    from flipside.themisto.engine import PROVEN, WIN

    if abs(score) >= PROVEN:
        return f"{'W' if score > 0 else 'L'}{WIN - abs(score)}"
    points = _themisto_points(score)
    return "0" if points == 0 else f"{points:+g}".replace("-", "\u2212")


def _verdict(proven: object) -> str | None:
    if not isinstance(proven, dict):
        return None
    return f"player {proven['winner']} wins by force in {proven['plies']}"


def _themisto_info(info: dict[str, object]) -> JSON:
    """A Themisto search answer for the page: score in points, ``verdict`` when proven."""
    score = info["score"]
    assert isinstance(score, int)
    out = _search_info(info)
    return {**out, "score": _themisto_points(score), "verdict": _verdict(info["proven"])}


def _themisto_board(record: object) -> Any:
    parsed = _record(record)
    if parsed.game != "themisto":
        raise ValueError(f"the Themisto AI cannot play {GAME_NAMES[parsed.game]}")
    board = themisto_game.replay(parsed).board
    if board.is_game_over():
        raise ValueError("the game is over: there is no move to choose")
    return board


def _themisto_level(level: object) -> int:
    from flipside.themisto.engine import MAX_LEVEL, parse_level

    if isinstance(level, bool) or not isinstance(level, int | str):
        raise RequestError(f"level must be 1..{MAX_LEVEL} or 'max', got {level!r}")
    return parse_level(level)


@method
def themisto_think(
    record: str, level: int | str, seconds: float | None = None, seed: int | None = None
) -> JSON:
    """The computer's move at ``level`` (1..4 or ``"max"``) in the Themisto game ``record``.

    Progress reports and the answer as for :func:`othello_think`; ``score`` is in points
    from the player to move's view (+/-8: proven), ``verdict`` says a proven result in words
    ("player one wins by force in 3") or is None."""
    from flipside.themisto.engine import LEVELS, Engine

    board = _themisto_board(record)
    engine = Engine(_themisto_level(level), seed=_checked_seed(seed))

    def on_depth(info: dict[str, object]) -> None:
        report({"type": "depth", **_themisto_info(info)})

    budget = _checked_seconds(seconds) or LEVELS[engine.level].seconds * PYODIDE_SLOWDOWN
    info = engine.think(board, seconds=budget, on_depth=on_depth)
    return {**_themisto_info(info), "level": engine.level, "record": record}


@method
def themisto_hints(
    record: str, level: int | str = THEMISTO_HINT_LEVEL, seconds: float | None = None
) -> JSON:
    """A value for every legal move of the Themisto game ``record`` (points from the player
    to move's view in ``values``, a short text in ``labels``, ``exactMoves`` the proven ones),
    the best move and line, and ``verdict`` when the position is proven."""
    from flipside.themisto.engine import LEVELS, PROVEN, Engine

    board = _themisto_board(record)
    engine = Engine(_themisto_level(level))

    def on_depth(info: dict[str, object]) -> None:
        report({"type": "depth", **_themisto_info(info)})

    budget = _checked_seconds(seconds) or LEVELS[engine.level].seconds * PYODIDE_SLOWDOWN
    found = engine.analysis(board, seconds=budget, on_depth=on_depth)
    scores = {str(move): value for move, value in found.values.items()}
    return {
        **found.to_dict(),
        "values": {name: _themisto_points(v) for name, v in scores.items()},
        "labels": {name: _themisto_label(v) for name, v in scores.items()},
        "exactMoves": sorted(name for name, v in scores.items() if abs(v) >= PROVEN),
        "verdict": _verdict(found.proven),
        "bestFrom": None if found.best.is_pass else found.best.from_sq,
        "record": record,
        "level": engine.level,
    }


@method
def themisto_value(record: str) -> JSON:
    """Value of the Themisto game ``record`` from player one's view, in points (+8 / -8: a
    forced win for player one / two, ``exact``): a depth-1 search, which sees every win in
    one and two; a finished game gives its result."""
    from flipside.themisto.engine import Engine

    parsed = _record(record)
    if parsed.game != "themisto":
        raise ValueError(f"the Themisto AI cannot value {GAME_NAMES[parsed.game]}")
    board = themisto_game.replay(parsed).board
    status = board.status
    if board.is_game_over():
        sign = 0 if status.result != "win" else (1 if status.winner == 1 else -1)
        return {"record": record, "value": float(sign * THEMISTO_SCALE), "exact": True}
    info = Engine("max").think(board, depth=1)
    score = info["score"]
    assert isinstance(score, int)
    value = _themisto_points(score) * (1 if board.turn == 1 else -1)
    return {"record": record, "value": value, "exact": info["proven"] is not None}


# -- any game: the page's AI calls ------------------------------------------------------------
# The page asks these; each looks up the record's game and answers with that game's method.


def _game_method(record: object, name: str) -> Callable[..., JSON]:
    game = _record(record).game
    func = METHODS.get(f"{game}_{name}")
    if func is None:
        raise ValueError(f"{GAME_NAMES[game]} has no computer player")
    return func


@method
def think(
    record: str, level: int | str, seconds: float | None = None, seed: int | None = None
) -> JSON:
    """The computer's move in the game ``record`` (``othello_think``, ``themisto_think``)."""
    return _game_method(record, "think")(record=record, level=level, seconds=seconds, seed=seed)


@method
def hints(record: str, seconds: float | None = None) -> JSON:
    """Every legal move's value at the game's hint level (``othello_hints``, ...)."""
    return _game_method(record, "hints")(record=record, seconds=seconds)


@method
def value(record: str) -> JSON:
    """The position's value for the evaluation graph, first player's view (``*_value``)."""
    return _game_method(record, "value")(record=record)


@method
def opening(record: str) -> JSON:
    """The named opening (Othello), or None for a game without a book of names."""
    if _record(record).game != "othello":
        return None
    return othello_opening(record=record)


def _search_info(info: dict[str, object]) -> JSON:
    """The engine's progress / answer dict without the per-move table (plain JSON)."""
    return {key: value for key, value in info.items() if key != "scores"}


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


def _othello_game(record: object) -> othello_game.Game:
    parsed = _record(record)
    if parsed.game != "othello":
        raise ValueError(f"the Othello AI cannot play {GAME_NAMES[parsed.game]}")
    return othello_game.replay(parsed)


def _othello_board(record: object) -> Board:
    """The board of an Othello record (any forced pass played); a game lost on time is over."""
    game = _othello_game(record)
    if game.options.flag is not None:
        raise ValueError(f"the game is over: {game.options.flag}'s time ran out")
    return game.board


def _expect_str(name: str, value: object) -> None:
    if not isinstance(value, str):
        raise RequestError(f"{name} must be a string, got {type(value).__name__}")
