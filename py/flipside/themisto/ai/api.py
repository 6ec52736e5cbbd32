"""Themisto's computer player as the facade asks for it: think, hints, value.

Scores of the Themisto engine are in its own units (a few hundred at most) or proven results
(``>= PROVEN``). The page gets points (score / 100, at most ``SCALE - 1`` either way), a
proven result as +/- ``SCALE`` and a label ("W3": a forced win in 3 plies). The facade
imports this module on first use; see :class:`flipside.protocol.GameAI`.
"""

from __future__ import annotations

from typing import Any

import flipside.split as shared_split
from flipside.checks import PAGE_SLOWDOWN, checked_level, reply_budget, search_info
from flipside.i18n import number, tr
from flipside.protocol import Report, unjudged
from flipside.record import Record
from flipside.themisto import game as themisto_game
from flipside.themisto.ai import split as themisto_split
from flipside.themisto.ai import tasks as themisto_tasks
from flipside.themisto.ai.engine import Analysis, Engine
from flipside.themisto.ai.ladder import LEVELS, MAX_LEVEL, parse_level
from flipside.themisto.ai.search import PROVEN, WIN
from flipside.themisto.board import Board
from flipside.themisto.notation import Move

JSON = Any
SCALE = 8
HINT_LEVEL = 3
WARM_RECORD = "themisto/"
"""Warming searches the start (Themisto has no opening book): it imports the search and
fills its tables' code paths before the first move."""
"""Hints for Themisto: depth 2 (every win three plies ahead), 0.6 s native."""


def points(score: int) -> float:
    """An engine score in the page's points (+/- ``SCALE``: proven)."""
    if abs(score) >= PROVEN:
        return float(SCALE if score > 0 else -SCALE)
    limit = SCALE - 1
    return max(-limit, min(limit, round(score / 100, 1)))


def label(score: int) -> str:
    """``W3`` / ``L2`` for a forced win / loss in that many plies, else ``+1.5``, ``0``, in
    the language in use (German: ``S3`` / ``N2``, ``+1,5``)."""
    if abs(score) >= PROVEN:
        plies = WIN - abs(score)
        return tr("W{plies}", plies=plies) if score > 0 else tr("L{plies}", plies=plies)
    shown = points(score)
    return "0" if shown == 0 else number(shown, "+g").replace("-", "\u2212")


def _verdict(proven: object) -> str | None:
    if not isinstance(proven, dict):
        return None
    player = tr(themisto_game.PLAYER_INNER[1 if proven["winner"] == "one" else 2])
    return tr("{player} wins by force in {plies}", player=player, plies=proven["plies"])


def _info(info: dict[str, object]) -> JSON:
    """A search answer for the page: score in points, ``verdict`` when proven."""
    score = info["score"]
    assert isinstance(score, int)
    return {**search_info(info), "score": points(score), "verdict": _verdict(info["proven"])}


def _replayed(record: str) -> Board:
    parsed = Record.parse(record)
    if parsed.game != themisto_game.NAME:
        raise ValueError(tr("the Themisto AI cannot play {game}", game=parsed.game))
    return themisto_game.replay(parsed).board


def _board(record: str) -> Board:
    board = _replayed(record)
    if board.is_game_over():
        raise ValueError(tr("the game is over: there is no move to choose"))
    return board


def _engine(level: int | str, seed: int | None = None) -> Engine:
    return Engine(parse_level(checked_level(level, MAX_LEVEL)), seed=seed)


def think(
    record: str,
    level: int | str,
    seconds: float | None,
    seed: int | None,
    report: Report,
    spent: float | None = None,
) -> JSON:
    """The computer's move at ``level`` (1..4 or ``"max"``): progress and answer as for
    Othello's; ``score`` is in points from the player to move's view (+/-8: proven),
    ``verdict`` says a proven result in words ("player one wins by force in 3") or is None."""
    board = _board(record)
    engine = _engine(level, seed)
    budget = reply_budget(seconds or LEVELS[engine.level].seconds * PAGE_SLOWDOWN, spent)
    info = engine.think(board, seconds=budget, on_depth=lambda i: report(_info(i)))
    return {**_info(info), "level": engine.level, "record": record}


def hints(record: str, level: int | str | None, seconds: float | None, report: Report) -> JSON:
    """A value for every legal move (points from the player to move's view in ``values``, a
    short text in ``labels``, ``exactMoves`` the proven ones), the best move and line, and
    ``verdict`` when the position is proven."""
    board = _board(record)
    engine = _engine(HINT_LEVEL if level is None else level)
    budget = seconds or LEVELS[engine.level].seconds * PAGE_SLOWDOWN
    found = engine.analysis(board, seconds=budget, on_depth=lambda i: report(_info(i)))
    return _hints_answer(found, record, engine.level)


def _hints_answer(found: Analysis, record: str, level: int) -> JSON:
    scores = {str(move): v for move, v in found.values.items()}
    return {
        **found.to_dict(),
        "values": {name: points(v) for name, v in scores.items()},
        "labels": {name: label(v) for name, v in scores.items()},
        "exactMoves": sorted(name for name, v in scores.items() if abs(v) >= PROVEN),
        "verdict": _verdict(found.proven),
        "bestFrom": None if found.best.is_pass else found.best.from_sq,
        "record": record,
        "level": level,
    }


def value(record: str, depth: int | None) -> JSON:
    """Value of the game from player one's view, in points (+8 / -8: a forced win for player
    one / two, ``exact``): a ``depth``-ply search (1 by default, which sees every win in one
    and two); a finished game gives its result."""
    depth = 1 if depth is None else depth
    if isinstance(depth, bool) or not isinstance(depth, int) or not 1 <= depth <= 4:
        raise ValueError(tr("depth must be an integer 1..4, got {depth!r}", depth=depth))
    board = _replayed(record)
    status = board.status
    if board.is_game_over():
        sign = 0 if status.result != "win" else (1 if status.winner == 1 else -1)
        return {"record": record, "value": float(sign * SCALE), "exact": True}
    info = Engine("max").think(board, depth=depth)
    score = info["score"]
    assert isinstance(score, int)
    shown = points(score) * (1 if board.turn == 1 else -1)
    return {"record": record, "value": shown, "exact": info["proven"] is not None}


def opening(record: str) -> JSON:
    """Themisto has no book of opening names: None."""
    return None


def solve(position: str) -> JSON:
    """Themisto has no exact solver for a position: ValueError."""
    raise ValueError(tr("Themisto has no exact solver"))


# -- review -----------------------------------------------------------------------------------

REVIEW_LEVEL = 3
"""The review's searches: the hint level's depth (every win three plies ahead)."""
REVIEW_SECONDS = 0.5
"""Native seconds per reviewed move (the page's ``PAGE_SLOWDOWN`` times that)."""
UNIT = "points"
MARKS = (1.0, 2.0, 4.0)
"""A loss of at least this many points is an inaccuracy, a mistake, a blunder; a move that
gives up a forced win, or walks into a forced loss it could avoid, is always a blunder."""
HALF_LOSS = 2.0
"""A move's accuracy is 100% halved for every ``HALF_LOSS`` points it loses."""


def judge(record: str, move: str, seconds: float | None, depth: int | None = None) -> JSON:
    """The value of ``move`` played after ``record`` and of the best move there, in points
    from the mover's view (+/-``SCALE``: proven): ``{best, bestValue, value, exact, choices,
    label, bestLabel, bestSquares, values}`` (``values``: every legal move's, in points);
    ``exact`` when both are proven. One legal move: no values.
    ``depth``: a search of that many plies (no time limit unless ``seconds``)."""
    board = _board(record)
    legal = [str(m) for m in board.legal_moves()]
    if (forced := unjudged(record, move, legal)) is not None:
        return forced
    engine = _engine(REVIEW_LEVEL)
    budget = (REVIEW_SECONDS if seconds is None else seconds) * PAGE_SLOWDOWN
    if depth is not None:
        budget = 1e9 if seconds is None else seconds * PAGE_SLOWDOWN
    found = engine.analysis(board, seconds=budget, depth=depth)
    scores = {str(m): v for m, v in found.values.items()}
    best = max(scores, key=lambda name: scores[name])
    best = move if scores[move] >= scores[best] else best  # a tie: the move played was best
    return {
        "best": best,
        "bestValue": points(scores[best]),
        "value": points(scores[move]),
        "exact": abs(scores[best]) >= PROVEN and abs(scores[move]) >= PROVEN,
        "choices": len(legal),
        "label": label(scores[move]),
        "bestLabel": label(scores[best]),
        "bestSquares": _squares(best),
        "values": {name: points(score) for name, score in scores.items()},
    }


# -- a search split over several workers (flipside.split, themisto/ai/split.py) --------------


def split_start(
    kind: str,
    subject: str,
    level: int | str | None,
    seconds: float | None,
    seed: int | None,
    workers: int,
) -> JSON:
    """The first step of ``think`` or ``hints`` of the game ``subject`` split over
    ``workers`` workers: ``{state, tasks, reports, answer}`` (see :mod:`flipside.split`);
    ``level`` None: the top level's move, the hint level's hints.
    A move with no search to split (a forced move, a win now, a level with noise) is
    answered at once, as ``think`` answers it. Themisto has no exact solver to split."""
    if kind == "solve":
        raise ValueError(tr("Themisto has no exact solver"))
    if kind not in ("think", "hints"):
        raise ValueError(tr("kind must be think, hints or solve, got {kind!r}", kind=kind))
    return split_board(kind, _board(subject), subject, level, seconds, seed, workers)


def split_board(
    kind: str,
    board: Board,
    subject: str,
    level: int | str | None,
    seconds: float | None,
    seed: int | None,
    workers: int,
    engine: Engine | None = None,
) -> JSON:
    """:func:`split_start` of a board (``subject`` names it in the answer); an answer at
    once comes from ``engine`` (default: a new engine at the level)."""
    shared_split.pool_state(workers)  # a ValueError for a bad number of workers
    if board.is_game_over():
        raise ValueError(tr("the game is over: there is no move to choose"))
    if level is None:
        level = HINT_LEVEL if kind == "hints" else MAX_LEVEL
    number = (engine or _engine(level)).level
    budget = seconds or LEVELS[number].seconds * PAGE_SLOWDOWN
    if kind == "hints":
        first = themisto_split.start("hints", board, number, budget, workers)
        return _split_answer(first, kind, subject, number)
    first = themisto_split.start("think", board, number, budget, workers, engine, seed)
    return _split_answer(first, kind, subject, number)


def split_step(state: JSON, done: list[JSON], elapsed: float) -> JSON:
    """The next step of a split search after the tasks ``done`` (``{task, result}`` or
    ``{task, error}``) at ``elapsed`` seconds since its start."""
    found = themisto_split.step(state, done, elapsed)
    return _split_answer(found, state["kind"], state["subject"], state["level"])


def search_task(task: JSON) -> JSON:
    """One task of a split search, answered by this worker."""
    return themisto_tasks.run_task(task)


def _split_answer(found: JSON, kind: str, subject: str, level: int) -> JSON:
    """A coordinator's step with its reports and answer as ``think`` / ``hints`` give them."""
    if found["state"] is not None:
        found["state"]["subject"] = subject
    found["reports"] = [_info(r) for r in found["reports"]]
    answer = found["answer"]
    if answer is not None and kind == "think":
        found["answer"] = {**_info(answer), "level": level, "record": subject}
    elif answer is not None:
        analysis = Analysis(
            {Move.parse(m): v for m, v in answer["scores"].items()},
            Move.parse(answer["move"]),
            [Move.parse(m) for m in answer["pv"]],
            answer["proven"],
            answer["depth"],
            answer["nodes"],
            answer["seconds"],
        )
        found["answer"] = _hints_answer(analysis, subject, level)
    return found


def _squares(name: str) -> list[int]:
    """The squares a move joins (from, to), to ring on the board."""
    move = Move.parse(name)
    return [] if move.from_sq < 0 else [move.from_sq, move.to_sq]


def blunder_by_proof(row: JSON) -> bool:
    """A move that gives up a forced win, or plays into a forced loss another move avoids."""
    best, played = float(row["bestValue"]), float(row["value"])
    return (best >= SCALE > played) or (played <= -SCALE < best)
