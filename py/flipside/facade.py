"""The JSON facade the web worker calls: one function per request method.

The page talks to Python through one tiny protocol, carried as JSON strings::

    request  {"id": 7, "method": "play", "params": {"record": "othello/f5", "move": "d6"}, "lang": "de"}
    response {"id": 7, "result": {...}}
          or {"id": 7, "error": {"type": "IllegalMoveError", "message": "..."}}

:func:`handle` decodes a request, calls the function registered under ``method`` with
``params`` as keyword arguments and encodes the answer. Every method takes and returns plain
JSON values (dict, list, str, int, float, bool, None): no Python object reaches JavaScript.
Every text of an answer (statuses, ``said``, move notes, error messages) is in the request's
``lang`` (``en``, the default, or ``de``: ``flipside.i18n``).

The facade is stateless: a game travels as its record (``flipside.record``: set-up and moves
in one short text that is also the link fragment), and each call replays it. The rules
methods (``new``, ``state``, ``play``, ``undo``, ``flag``, ``next_game``, ``open_link``,
``open_saved``, ``friend_link``) take the game from the record and dispatch to that game's adapter
(``flipside.games``: ``flipside.othello.game``, ``flipside.themisto.game``). A game *state* has one shape for
every game (see ``docs/architecture.md``): cells, legal targets, the squares the last move
changed, counts, status text, the move list (who made each move), the record after each
move, the result, the link and save strings, and the game's own extras under ``extra``.

Adding a method: write a function taking keyword arguments and returning plain JSON, and
decorate it with :func:`method`. Raise ``ValueError`` (or a subclass) with a readable
message for bad input. Adding a game: an adapter module and an entry in ``flipside.games``;
the computer player's calls (``think``, ``hints``, ``value``, ``opening``, ``solve``) go to
the game's AI module, imported on first use so the start-up snapshot holds only the rules;
so do ``split_start``, ``split_step`` and ``search_task``, the same searches split over the
page's pool of workers (``flipside.split``).
"""

from __future__ import annotations

import json
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import flipside
from flipside import games, i18n, links
from flipside.checks import (
    RequestError,
    checked_seconds,
    checked_seed,
    checked_spent,
    expect_str,
)
from flipside.i18n import tr
from flipside.protocol import Adapter, GameAI, Played
from flipside.record import Record

JSON = Any
"""A plain JSON value (dict, list, str, int, float, bool or None)."""

METHODS: dict[str, Callable[..., JSON]] = {}
"""Request method name -> function (keyword parameters, plain JSON result)."""

__all__ = ["METHODS", "RequestError", "handle", "method", "report"]


def method[F: Callable[..., JSON]](func: F) -> F:
    """Register ``func`` as a request method under its own name."""
    METHODS[func.__name__] = func
    return func


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
            raise RequestError(tr("request is not JSON: {error}", error=exc)) from None
        if not isinstance(message, dict):
            raise RequestError(tr("request must be a JSON object"))
        request_id = message.get("id")
        language = message.get("lang", "en")
        i18n.use(language if isinstance(language, str) else repr(language))
        name = message.get("method")
        params = message.get("params", {})
        params = {} if params is None else params
        func = METHODS.get(name) if isinstance(name, str) else None
        if func is None:
            raise RequestError(tr("unknown method {name!r}", name=name))
        if not isinstance(params, dict):
            raise RequestError(tr("{name}: params must be a JSON object", name=name))
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


def _depth_report(info: JSON) -> None:
    report({"type": "depth", **info})


# -- games --------------------------------------------------------------------------------
# A game travels as its record's text (``flipside.record``): the link fragment, also what a
# save holds. Each game's adapter (``flipside.games``) reads and writes its records and
# builds its state.


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
        "games": sorted(games.GAMES),
    }


@method
def new(game: str, options: JSON = None, seed: int | None = None) -> JSON:
    """A new game of ``game`` with the New game dialog's ``options`` (see each adapter's
    ``options_from_json``), starting with the moves of a dealt opening if they ask for one
    (``seed`` fixes its random choice)."""
    adapter = _adapter(game)
    chosen = adapter.options_from_json({} if options is None else options)
    moves = adapter.opening_moves(chosen, checked_seed(seed))
    return _state(adapter.replay(Record(adapter.NAME, moves, chosen.fields())))


@method
def state(record: str) -> JSON:
    """The state of the game ``record`` (a record's text, e.g. ``"othello/f5d6"``)."""
    return _state(_replay(record))


@method
def play(record: str, move: str) -> JSON:
    """Play ``move`` (Othello ``f5``; Themisto ``c1-c3x`` or ``pass``) after ``record``; the
    state lists the squares the move changed, for the animation."""
    parsed = _record(record)
    expect_str("move", move)
    played, view = games.adapter(parsed.game).play(parsed, move)
    return _state(played, view)


@method
def undo(record: str) -> JSON:
    """The state with the last move taken back (Othello: the last disc placed)."""
    parsed = _record(record)
    return _state(games.adapter(parsed.game).undo(parsed))


@method
def flag(record: str, side: str) -> JSON:
    """The game lost on time by ``side``, the side to move (games with a clock)."""
    parsed = _record(record)
    expect_str("side", side)
    return _state(games.adapter(parsed.game).flag(parsed, side))


@method
def next_game(record: str) -> JSON:
    """The next game of a series (colours swapped), after a finished one."""
    parsed = _record(record)
    return _state(games.adapter(parsed.game).next_game(parsed))


@method
def at(record: str, ply: int) -> JSON:
    """The position after the first ``ply`` entries of the move list of ``record`` (0: the
    set-up), for stepping through a game: its state (``record`` is that prefix, to play on
    from), plus ``ply``, ``plies`` (the whole game's length) and ``link``, the whole game's
    link at that ply (``&ply=N``; none at the last move). A lost-on-time flag belongs to the
    last position only."""
    parsed = _record(record)
    adapter = games.adapter(parsed.game)
    texts = adapter.prefixes(adapter.replay(parsed))
    if isinstance(ply, bool) or not isinstance(ply, int) or not 0 <= ply <= len(texts):
        raise ValueError(
            tr("ply must be an integer 0..{last}, got {ply!r}", last=len(texts), ply=ply)
        )
    if ply == len(texts):
        return {**state(record), "ply": ply, "plies": ply}
    shown = parsed.with_moves("") if ply == 0 else Record.parse(texts[ply - 1])
    answer = _state(adapter.replay(shown.without("flag")))
    return {**answer, "ply": ply, "plies": len(texts), "link": f"{parsed.text()}&ply={ply}"}


@method
def open_link(fragment: str) -> JSON:
    """Open a shared link's fragment (``"othello/f5d6c3"``, with or without ``#``): the
    whole game's state; with ``&ply=N`` (the position on screen when it was shared) also
    ``ply``, which the page then shows with :func:`at`; with ``&friend=<side>`` (a move sent
    to a friend, :func:`friend_link`) also ``friend``, the side the opener plays."""
    opened = links.open_link(expect_str("fragment", fragment))
    answer = _state(opened.game)
    if opened.ply is not None:
        answer["ply"] = opened.ply
    if opened.friend is not None:
        answer["friend"] = opened.friend
    return answer


@method
def friend_link(record: str, side: str) -> JSON:
    """The link that sends the game ``record`` to a friend who plays ``side``: the side to
    move (any side once the game is over); :func:`open_link` names it as ``friend``."""
    return {"link": links.friend_link(expect_str("record", record), expect_str("side", side))}


@method
def open_saved(text: str) -> JSON:
    """Open a game saved by the page (the ``save`` string of a state; version 1 saves, an
    Othello transcript, are read too)."""
    return _state(links.open_saved(expect_str("text", text)))


# -- import / export --------------------------------------------------------------------------
# ``flipside.import_export`` (and the GGF / WTHOR readers) are imported on first use: the
# start-up snapshot holds only the rules.


@method
def recognise(text: str) -> JSON:
    """What the pasted ``text`` is (``kind``, ``label`` in words) and the game it opens
    (``state``); a ValueError says which format it looked like and what is wrong."""
    from flipside.import_export import recognise as find

    found = find(expect_str("text", text))
    opened = _state(_replay(found.record.text()))
    if found.ply is not None:
        opened = {**opened, "ply": found.ply}
    return {"kind": found.kind, "label": found.label, "state": opened}


@method
def export(record: str, ply: int | None = None) -> JSON:
    """The game ``record`` as ``transcript``, ``position`` (after ``ply`` moves of the move
    list; the end by default), ``link``, ``text`` (a text file), ``ggf`` (Othello) and
    ``filename``."""
    from flipside.import_export import export as texts

    if ply is not None and (isinstance(ply, bool) or not isinstance(ply, int)):
        raise RequestError(tr("ply must be an integer, got {ply!r}", ply=ply))
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
    from flipside.import_export import edited_record

    _adapter(game)
    expect_str("cells", cells)
    expect_str("toMove", toMove)
    return _state(_replay(edited_record(game, cells, toMove, pending, moveLimit).text()))


@method
def wthor_list(data: str, players: str | None = None, tournaments: str | None = None) -> JSON:
    """The games of a WTHOR ``.wtb`` file (``data`` in base64), with names from the
    ``WTHOR.JOU`` (``players``) and ``WTHOR.TRN`` (``tournaments``) files when given."""
    import base64
    import binascii

    from flipside.import_export import wthor_list as listing

    def decode(name: str, value: object) -> bytes | None:
        if value is None:
            return None
        expect_str(name, value)
        try:
            return base64.b64decode(str(value), validate=True)
        except binascii.Error:
            raise RequestError(tr("{name} must be base64", name=name)) from None

    wtb = decode("data", data)
    assert wtb is not None
    return listing(wtb, decode("players", players), decode("tournaments", tournaments))


def _adapter(game: object) -> Adapter[Any]:
    return games.adapter(expect_str("game", game))


def _record(text: object) -> Record:
    parsed = Record.parse(expect_str("record", text))
    games.adapter(parsed.game)
    return parsed


def _replay(text: object) -> Played:
    return games.replay(_record(text))


def _state(game: Played, view: JSON = None) -> JSON:
    """A game's state: the adapter's view plus what every game has (record, link, save)."""
    record = game.record()
    view = games.adapter(record.game).view(game) if view is None else view
    text = record.text()
    return {
        "game": record.game,
        "record": text,
        **view,
        "link": text,
        "save": links.save_text(record),
    }


@method
def perft(depth: int, position: str | None = None, game: str = "othello") -> JSON:
    """Leaf count of ``game``'s tree to ``depth`` plies from its start (or ``position``),
    timed inside this Python."""
    if isinstance(depth, bool) or not isinstance(depth, int) or not 0 <= depth <= 12:
        raise ValueError(tr("perft depth must be an integer 0..12, got {depth!r}", depth=depth))
    if position is not None:
        expect_str("position", position)
    adapter = _adapter(game)
    start = time.perf_counter()
    nodes = adapter.perft(depth, position)
    return {"depth": depth, "nodes": nodes, "seconds": time.perf_counter() - start}


# -- the computer player ----------------------------------------------------------------------
# Each game's AI answers these (``flipside.GameAI``); its module is imported on first use.


def _ai(record: object) -> GameAI:
    return games.ai(_record(record).game)


@method
def think(
    record: str,
    level: int | str,
    seconds: float | None = None,
    seed: int | None = None,
    spent: float | None = None,
) -> JSON:
    """The computer's move at ``level`` (1..the game's top level, or ``"max"``) in the game
    ``record``; ``spent``: seconds its earlier moves in a row took (the player passing between
    them), which this move's budget shares (``checks.reply_budget``). After each finished search depth a report ``{"type": "depth", "depth",
    "move", "score", "pv", "nodes", "exact", "seconds", ...}`` goes to :func:`report`, so
    "move now" can play the best move so far; the answer has the same fields plus ``level``
    and ``record``."""
    ai = _ai(record)
    seconds = checked_seconds(seconds)
    return ai.think(record, level, seconds, checked_seed(seed), _depth_report, checked_spent(spent))


@method
def shared_think(
    record: str,
    level: int | str,
    run: int,
    worker: int,
    seconds: float | None = None,
    spent: float | None = None,
) -> JSON:
    """This worker's part (``worker``: 0 for the one whose answer keeps the level's time) of
    the computer's move searched by several workers on the page's shared table
    (:func:`attach_shared`), the search numbered ``run``: as :func:`think`, with ``worker``
    in the answer; a helper's answer may be None (a move not shared: worker 0 answers it
    alone). Othello only (``docs/othello-ai.md``, "Several workers")."""
    global _share
    ai = _ai(record)
    share_think = getattr(ai, "shared_think", None)
    if share_think is None or _shared is None:
        raise RequestError("this worker has no shared table, or this game shares no search")
    if not isinstance(run, int) or not isinstance(worker, int) or worker < 0:
        raise RequestError(f"run and worker must be whole numbers, got {run!r}, {worker!r}")
    if _share is None:
        from flipside.othello.ai.shared_search import PageShare

        _share = PageShare(_shared)
    return share_think(
        record,
        level,
        checked_seconds(seconds),
        checked_spent(spent),
        _share,
        run,
        worker,
        _depth_report,
    )


_shared: Any = None
"""The page's shared memory as worker.js gave it (:func:`attach_shared`)."""
_share: Any = None
"""That memory as the searches use it (``shared_search.PageShare``), made on first use."""


def attach_shared(shared: Any) -> None:
    """Give this worker the page's shared memory: an object of ``web/js/shared-table.js``
    (worker.js calls this, not a request). Nothing is imported here: the AI's modules may not
    be installed yet."""
    global _shared, _share
    _shared = shared
    _share = None


@method
def hints(record: str, seconds: float | None = None, level: int | str | None = None) -> JSON:
    """A value for every legal move (``values``: move name -> value from the side to move),
    the best move and line, at the game's hint level unless ``level`` is given."""
    return _ai(record).hints(record, level, checked_seconds(seconds), _depth_report)


@method
def value(record: str, depth: int | None = None) -> JSON:
    """The position's value for the evaluation graph, the first player's view (``value``,
    ``exact``): a shallow search of ``depth`` plies (the game's default), exact where the
    game's AI can tell."""
    return _ai(record).value(record, depth)


@method
def opening(record: str) -> JSON:
    """The named opening the game begins with, or None (a game with no book of names)."""
    return _ai(record).opening(record)


@method
def warm(game: str, level: int | str = "max") -> JSON:
    """Make the first move asked of a fresh worker quick: import ``game``'s computer player
    and load what its search reads (evaluation, opening book, tables) by a short search of
    the game's ``WARM_RECORD`` at ``level`` and the value of its start; ``{"game", "level",
    "seconds"}``."""
    started = time.perf_counter()
    record = f"{_adapter(game).NAME}/"
    ai = _ai(record)
    ai.think(ai.WARM_RECORD, level, WARM_SECONDS, None, lambda _: None)
    ai.value(record, None)
    return {"game": game, "level": level, "seconds": round(time.perf_counter() - started, 3)}


WARM_SECONDS = 0.05
"""The warming search's budget (native seconds)."""


@method
def solve(position: str, game: str = "othello") -> JSON:
    """Exact solve of ``game``'s ``position``: the score with perfect play, every best move,
    nodes and seconds (a ValueError for a game without an exact solver)."""
    return games.ai(_adapter(game).NAME).solve(expect_str("position", position))


# -- the opening explorer -------------------------------------------------------------------------
# Each game's explorer (``EXPLORER_MODULE``) reads its tree file on first use.


@method
def explore(record: str) -> JSON:
    """What was played from the position after ``record``: ``found``, ``games`` that
    reached it, ``moves`` (``move``, ``games``, ``first`` / ``draws`` / ``second`` the
    results, and Othello's mean final ``score`` and ``theory`` score), the ``opening`` name,
    ``left`` (the move where the game left the tree: ``ply``, ``move``, ``games``) and
    ``source`` (which games the tree holds)."""
    parsed = _record(record)
    return games.explorer(parsed.game).explore(parsed.text())


# -- a search split over several workers ----------------------------------------------------------
# The page's pool of search workers drives the split these three methods make (flipside.split;
# the contract, step by step, is in docs/architecture.md): one call starts it, each finished task
# goes back with the elapsed seconds, and each task is a self-contained request any worker answers.


@method
def split_start(
    kind: str,
    workers: int,
    record: str | None = None,
    position: str | None = None,
    game: str = "othello",
    level: int | str | None = None,
    seconds: float | None = None,
    seed: int | None = None,
) -> JSON:
    """The first step of ``think`` or ``hints`` of ``record``, or of ``solve`` of ``game``'s
    ``position``, split over ``workers`` workers: ``{state, tasks, reports, answer}``. Each
    task goes to the worker it names (``search_task``); ``answer`` is what ``think`` /
    ``hints`` / ``solve`` would answer, and comes with no tasks (at once when there is no
    search to split: a book move, a forced move)."""
    if kind == "solve":
        ai = games.ai(_adapter(game).NAME)
        subject = expect_str("position", position)
    else:
        ai = _ai(record)
        subject = expect_str("record", record)
    if isinstance(workers, bool) or not isinstance(workers, int):
        raise RequestError(tr("workers must be an integer, got {workers!r}", workers=workers))
    found = ai.split_start(
        kind, subject, level, checked_seconds(seconds), checked_seed(seed), workers
    )
    return _split_step(found)


@method
def endgame_start(
    record: str,
    level: int | str,
    workers: int,
    seconds: float | None = None,
    spent: float | None = None,
) -> JSON:
    """The first step of the computer's move at ``level`` in ``record`` split over
    ``workers`` workers, as :func:`split_start`'s, when the move is in the endgame's phases;
    ``{"declined": true, ...}`` with no tasks for a middle-game move. ``spent``: as
    :func:`think`'s. Othello only (``docs/othello-workers.md``)."""
    ai = _ai(record)
    start = getattr(ai, "endgame_start", None)
    if start is None:
        raise RequestError("this game splits no endgame")
    if isinstance(workers, bool) or not isinstance(workers, int):
        raise RequestError(tr("workers must be an integer, got {workers!r}", workers=workers))
    found = start(
        expect_str("record", record), level, checked_seconds(seconds), checked_spent(spent), workers
    )
    return _split_step(found)


@method
def keep_line(record: str, level: int | str, answer: JSON) -> None:
    """Give this worker the line of an exact ``answer`` (a split ``endgame_start``'s) of the
    computer's move at ``level`` in ``record``: a later position on it is then answered at
    once, as after this worker's own solve. Othello only."""
    ai = _ai(record)
    keep = getattr(ai, "keep_line", None)
    if keep is None:
        raise RequestError("this game keeps no solved line")
    if not isinstance(answer, dict):
        raise RequestError(f"answer must be an object, got {answer!r}")
    pv, score = answer.get("pv"), answer.get("score")
    if not isinstance(pv, list) or not all(isinstance(m, str) for m in pv):
        raise RequestError(f"answer.pv must be a list of moves, got {pv!r}")
    if isinstance(score, bool) or not isinstance(score, int | float):
        raise RequestError(f"answer.score must be a number, got {score!r}")
    keep(expect_str("record", record), level, answer)


@method
def split_step(state: JSON, done: list[JSON], elapsed: float) -> JSON:
    """The next step of a split search: ``state`` as the last step gave it, ``done`` the tasks
    finished since (``{task, result}`` with ``search_task``'s answer, or ``{task, error}``
    when the worker was lost: its work is given out again), ``elapsed`` the seconds since
    ``split_start`` was asked. Same shape as ``split_start``'s answer."""
    if not isinstance(state, dict) or not isinstance(state.get("game"), str):
        raise RequestError(tr("state must be the state of the last step"))
    if not isinstance(done, list) or not all(isinstance(d, dict) and "task" in d for d in done):
        raise RequestError(tr("done must be a list of finished tasks"))
    if isinstance(elapsed, bool) or not isinstance(elapsed, int | float) or elapsed < 0:
        raise RequestError(
            tr("elapsed must be a number of seconds, got {elapsed!r}", elapsed=elapsed)
        )
    return _split_step(games.ai(state["game"]).split_step(state, done, float(elapsed)))


@method
def search_task(task: JSON) -> JSON:
    """One task of a split search (as ``split_start`` / ``split_step`` hand them out), answered
    by this worker: a root move's value in a window, the shallow depths, a win/draw/loss
    search. A worker keeps its tables for the tasks of one search (the task's ``session``)."""
    if not isinstance(task, dict) or not isinstance(task.get("game"), str):
        raise RequestError(tr("task must be a task of a split search"))
    return games.ai(task["game"]).search_task(task)


def _split_step(found: JSON) -> JSON:
    """A split step as the page gets it: each report marked as a depth report."""
    return {**found, "reports": [{"type": "depth", **r} for r in found["reports"]]}


# -- game review --------------------------------------------------------------------------------
# The page reviews a game one move at a time (progress, pause, cancel); ``flipside.review``.


@method
def judge(record: str, ply: int, seconds: float | None = None, depth: int | None = None) -> JSON:
    """The review of move ``ply`` (0-based) of the game ``record``: the move's value and the
    best move's (the mover's view, the game's review unit), the loss, ``exact`` and the mark
    (None, "inaccuracy", "mistake" or "blunder"); ``seconds``: native search time, or
    ``depth``: a search of that many plies with no time limit (the same rows on any device:
    the benches compare pools of workers with it)."""
    from flipside import review

    _record(record)
    if depth is not None and (
        isinstance(depth, bool) or not isinstance(depth, int) or not 1 <= depth <= 8
    ):
        raise ValueError(tr("depth must be an integer 1..8, got {depth!r}", depth=depth))
    return review.judge(record, ply, checked_seconds(seconds), depth)


@method
def review_summary(record: str, rows: list[JSON]) -> JSON:
    """Each player's marks, mean loss and accuracy from the rows :func:`judge` gave, and the
    game's review scale (unit, thresholds)."""
    from flipside import review

    _record(record)
    if not isinstance(rows, list) or not all(isinstance(r, dict) for r in rows):
        raise RequestError(tr("rows must be a list of judge answers"))
    try:
        return review.summary(record, rows)
    except (KeyError, TypeError):
        raise RequestError(tr("rows must be a list of judge answers")) from None


@method
def training_cards(record: str, rows: list[JSON], sides: list[str] | None = None) -> JSON:
    """The training cards of a reviewed game (``flipside.training``): one per mistake or
    blunder made by one of ``sides`` (None: either), each with the position before it and
    the moves it accepts, from the review's own values."""
    from flipside import training

    _record(record)
    if not isinstance(rows, list) or not all(isinstance(r, dict) for r in rows):
        raise RequestError(tr("rows must be a list of judge answers"))
    if sides is not None and (
        not isinstance(sides, list) or not all(isinstance(s, str) for s in sides)
    ):
        raise RequestError(tr("sides must be a list of sides"))
    try:
        return training.mistake_cards(record, rows, sides)
    except (KeyError, TypeError):
        raise RequestError(tr("rows must be a list of judge answers")) from None


@method
def opening_lines(game: str = "othello") -> JSON:
    """The named openings the opening trainer's repertoires are made of: ``[{name, moves}]``
    (Othello's; none for a game without a list)."""
    from flipside import training

    return training.opening_lines(_adapter(game).NAME)


# -- the game library ---------------------------------------------------------------------------
# The page keeps every game in the browser (IndexedDB); Python reads and writes the files and
# checks the records (``flipside.library``), and estimates the player's rating
# (``flipside.rating``). Both are imported on first use.


@method
def library_read(text: str) -> JSON:
    """The games of an import file (a GGF file of many games, Flipside game files, or one
    transcript, move list or link a line): ``{games: [{record, black, white, date, place,
    game, sides, moves, over, result, opening}], errors: [{number, message}], format}``;
    reports ``{type: "progress", done, total}`` as it reads."""
    from flipside import library

    def progress(done: int, total: int) -> None:
        report({"type": "progress", "done": done, "total": total})

    return library.read_games(expect_str("text", text), progress)


@method
def library_summaries(records: list[str]) -> JSON:
    """For each record: ``{record, game, moves, over, result, opening}`` or ``{error}``."""
    from flipside import library

    if not isinstance(records, list):
        raise RequestError(tr("records must be a list of game records"))
    return library.summaries(records)


@method
def library_export(entries: list[JSON]) -> JSON:
    """The library's games as files: ``{ggf, text, counts}`` (Othello as GGF, the rest as
    Flipside game files); each entry has a ``record`` and may name ``black``, ``white``,
    ``date`` and ``place``."""
    from flipside import library

    if not isinstance(entries, list) or not all(
        isinstance(e, dict) and isinstance(e.get("record"), str) for e in entries
    ):
        raise RequestError(tr("entries must be a list of objects with a record"))
    for entry in entries:
        _replay(entry["record"])
    return library.export_games(entries)


@method
def rating(games: list[JSON] | None = None, puzzles: list[JSON] | None = None) -> JSON:
    """The player's rating per game, from results against the computer's levels (``games``:
    ``[{game, level, score}]`` oldest first) and from puzzles (``puzzles``: ``[{game,
    rating, score}]``): ``{games: {<game>: {rating, sd, count, history}}, puzzles: {...},
    levels}``, ``history`` the estimate after each result; ``levels`` the levels' ratings."""
    from flipside import rating as elo

    def results(
        items: object, opponent: Callable[[JSON], float]
    ) -> dict[str, list[tuple[float, float]]]:
        if items is None:
            return {}
        if not isinstance(items, list) or not all(isinstance(i, dict) for i in items):
            raise RequestError(tr("results must be a list of objects"))
        by_game: dict[str, list[tuple[float, float]]] = {}
        for item in items:
            score = item.get("score")
            if score not in (0, 0.5, 1):
                raise RequestError(tr("a result's score must be 0, 0.5 or 1"))
            game = _adapter(item.get("game")).NAME
            by_game.setdefault(game, []).append((opponent(item), float(score)))
        return by_game

    def puzzle_rating(item: JSON) -> float:
        value = item.get("rating")
        if isinstance(value, bool) or not isinstance(value, int | float):
            raise RequestError(tr("a puzzle result needs its puzzle's rating"))
        return float(value)

    def summary(by_game: dict[str, list[tuple[float, float]]]) -> JSON:
        out = {}
        for game, pairs in by_game.items():
            steps = elo.history(pairs)
            out[game] = {**steps[-1], "count": len(pairs), "history": steps}
        return out

    played = results(games, lambda i: elo.level_rating(_adapter(i["game"]).NAME, str(i["level"])))
    return {
        "games": summary(played),
        "puzzles": summary(results(puzzles, puzzle_rating)),
        "levels": elo.LEVEL_RATINGS,
        "prior": {"rating": elo.PRIOR_MEAN, "sd": elo.PRIOR_SD},
    }
