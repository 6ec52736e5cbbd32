"""Othello's computer player as the facade asks for it: think, hints, value, opening, solve.

Each call takes a game record's text (or, for ``solve``, a position) and answers plain JSON;
see :class:`flipside.protocol.GameAI`. The facade imports this module on first use.
"""

from __future__ import annotations

import itertools
import math
import random
import time
from typing import Any

import flipside.split as shared_split
from flipside.checks import PAGE_SLOWDOWN, checked_level, reply_budget, search_info
from flipside.i18n import tr
from flipside.othello import game as othello_game
from flipside.othello.ai import split as othello_split
from flipside.othello.ai import tasks as othello_tasks
from flipside.othello.ai.endgame import Solver
from flipside.othello.ai.engine import (
    LEVELS,
    MAX_LEVEL,
    Engine,
    engine_at,
    parse_level,
    position_value,
)
from flipside.othello.ai.openings import opening_of
from flipside.othello.ai.shared_search import PageShare, part, shares
from flipside.othello.bitboard import legal_moves
from flipside.othello.board import Board
from flipside.othello.notation import PASS_MOVE, Color, Move
from flipside.protocol import Report, unjudged
from flipside.record import Record

JSON = Any
EXACT_VALUE_EMPTIES = 10
"""``value`` is exact (solved) from this many empty squares down."""
MAX_SOLVE_EMPTIES = 22
"""``solve`` refuses deeper positions: they would take minutes in a browser."""
HINT_LEVEL = 4
WARM_RECORD = "othello/d3e3f6c5b5b6f3f2e2d2c1d1c3b4e1g3c2g7h4g1g4d6g2h3"
"""A midgame out of the opening book (36 empties): warming on it loads the book and the
evaluation and runs the search's code once before the first move."""


def level_seconds(level: int) -> float:
    """The wall-clock budget of ``level`` on this platform (native budget x slowdown); the
    top level then takes up to 2.4 s a move in the page, within the 3 s the browser allows."""
    return LEVELS[level].seconds * PAGE_SLOWDOWN


def think(
    record: str,
    level: int | str,
    seconds: float | None,
    seed: int | None,
    report: Report,
    spent: float | None = None,
) -> JSON:
    """The computer's move at ``level`` (1..6 or ``"max"``) in the game ``record``, within
    what is left of one reply's budget when its earlier moves in a row took ``spent``.

    ``report`` gets ``{"depth", "move", "score", "pv", "nodes", "exact", "seconds"}`` after
    each finished depth, so "move now" can play the best move so far. The answer has the
    same fields plus ``level`` and ``record``; ``score`` is in discs from the side to move
    (exact when ``exact``)."""
    if isinstance(level, str) and level.startswith(LOSS_PREFIX):
        budget = reply_budget(seconds or level_seconds(LOSS_LEVEL), spent)
        return _think_with_loss(record, parse_loss(level), budget, seed, report)
    board = _board(record)
    engine = engine_at(parse_level(checked_level(level, MAX_LEVEL)))
    if seed is not None:
        engine.random.seed(seed)
    budget = reply_budget(seconds or level_seconds(engine.level), spent)
    info = engine.think(board, seconds=budget, on_depth=lambda i: report(search_info(i)))
    return {**search_info(info), "level": engine.level, "record": record}


def shared_think(
    record: str,
    level: int | str,
    seconds: float | None,
    spent: float | None,
    share: PageShare,
    run: int,
    worker: int,
    report: Report,
) -> JSON:
    """Worker ``worker``'s part of the computer's move searched by the page's workers on one
    shared table (``shared_search``; the search numbered ``run``). A move the workers do not
    share (the endgame's phases, a book move, a level with noise) is worker 0's own
    :func:`think`, and the others answer None at once. Worker 0 reports its depths."""
    number = parse_level(checked_level(level, MAX_LEVEL))
    board = _board(record)
    engine = share.engine(number)
    if not shares(engine, board):
        return None if worker else think(record, level, seconds, None, report, spent)
    budget = reply_budget(seconds or level_seconds(number), spent)
    on_depth = None if worker else lambda i: report(search_info(i))
    info = part(engine, board, budget, worker, share.stopped(run), on_depth)
    return {**search_info(info), "level": number, "record": record, "worker": worker}


# -- an opponent with a chosen error ------------------------------------------------------------

LOSS_PREFIX = "loss:"
LOSSES = (0.5, 1.0, 2.0, 4.0)
"""The average disc losses a move the page offers (level ``"loss:2"``)."""
LOSS_LEVEL = 5
"""The search that values every move for the chosen-error opponent (midgame)."""
LOSS_EXACT_EMPTIES = 12
"""From this many empty squares down it values every move exactly."""
SEARCH_LOSS = 0.4
"""Discs a move the midgame search's own best moves lose, by the review's deeper search
(``./build.sh bench --only othello_error``, docs/notes/2026-11-25-openings.md): the target
loss there is drawn with this much less mean (at least half the setting)."""


def parse_loss(level: str) -> float:
    """The average loss a ``"loss:D"`` level asks for (0 < D <= 16); ValueError otherwise."""
    try:
        loss = float(level[len(LOSS_PREFIX) :])
    except ValueError:
        loss = math.nan
    if not 0 < loss <= 16:
        raise ValueError(
            tr("level {level!r}: expected loss:D with D discs from 0 to 16", level=level)
        )
    return loss


def pick_with_loss(losses: dict[str, float], target: float, chance: float) -> str:
    """The move whose loss is ``target`` on average: between the two moves whose losses
    bracket ``target``, the worse one with probability ``(target - lo) / (hi - lo)``
    (``chance`` uniform in [0, 1)); the best or the worst move outside their range."""
    ordered = sorted(losses.items(), key=lambda item: (item[1], item[0]))
    if target <= ordered[0][1]:
        return ordered[0][0]
    for (low_move, low), (high_move, high) in itertools.pairwise(ordered):
        if low <= target <= high:
            return high_move if high > low and chance < (target - low) / (high - low) else low_move
    return ordered[-1][0]


def _think_with_loss(
    record: str, loss: float, seconds: float | None, seed: int | None, report: Report
) -> JSON:
    """A move that loses ``loss`` discs on average, like a player of that strength: every
    move valued (exactly near the end), a target loss drawn from an exponential
    distribution of mean ``loss``, and the move whose loss is the target on average."""
    board = _board(record)
    rng = random.Random(seed)
    P, O = board.bits()
    start = time.perf_counter()
    if board.legal_moves() == [PASS_MOVE]:
        raise ValueError(tr("passes are played automatically when a side has no move"))
    if 64 - (P | O).bit_count() <= LOSS_EXACT_EMPTIES:
        solver = Solver()
        values = {str(Move(sq)): float(v) for sq, v in solver.move_scores(P, O).items()}
        exact, depth, nodes = True, 64 - (P | O).bit_count(), solver.nodes
    else:
        budget = seconds or level_seconds(LOSS_LEVEL)
        found = Engine(LOSS_LEVEL).analysis(
            board, seconds=budget, on_depth=lambda i: report(search_info(i))
        )
        values = {str(m): float(v) for m, v in found.values.items()}
        exact, depth, nodes = found.exact, found.depth, found.nodes
    best = max(values.values())
    mean = loss if exact else max(loss - SEARCH_LOSS, loss / 2)
    target = -mean * math.log(1.0 - rng.random())
    move = pick_with_loss({m: best - v for m, v in values.items()}, target, rng.random())
    return {
        "depth": depth,
        "move": move,
        "score": values[move],
        "pv": [move],
        "nodes": nodes,
        "exact": exact,
        "seconds": time.perf_counter() - start,
        "loss": best - values[move],
        "level": f"{LOSS_PREFIX}{loss:g}",
        "record": record,
    }


def hints(record: str, level: int | str | None, seconds: float | None, report: Report) -> JSON:
    """A value for every legal move (discs from the side to move: ``values`` maps move names
    to numbers, ints when ``exact``), the best move and line."""
    board = _board(record)
    engine = Engine(checked_level(HINT_LEVEL if level is None else level, MAX_LEVEL))
    found = engine.analysis(board, seconds=seconds, on_depth=lambda i: report(search_info(i)))
    return {**found.to_dict(), "record": record, "level": engine.level}


def value(record: str, depth: int | None) -> JSON:
    """Value of the position from Black's view, in discs: a ``depth``-ply search (2 by
    default), or exact (``exact: true``) near the end of the game."""
    depth = 2 if depth is None else depth
    if isinstance(depth, bool) or not isinstance(depth, int) or not 1 <= depth <= 8:
        raise ValueError(tr("depth must be an integer 1..8, got {depth!r}", depth=depth))
    board = _board(record)
    P, O = board.bits()
    if board.is_game_over():
        result: float = position_value(board)
        exact = True  # the final result, empties to the winner
    elif 64 - (P | O).bit_count() <= EXACT_VALUE_EMPTIES:
        score = Solver().search(P, O)
        result, exact = (score if board.turn is Color.BLACK else -score), True
    else:
        result, exact = round(position_value(board, depth), 2), False
    return {"record": record, "value": result, "exact": exact}


def opening(record: str) -> JSON:
    """The named opening the game's moves begin with (``name``, ``moves``, ``length``), or
    None when the line has no name (or the game did not start from the standard start)."""
    game = _game(record)
    if game.options.handicap or game.options.start:
        return None
    found = opening_of(Board.from_transcript(game.board.transcript()))
    return None if found is None else found.to_dict()


def solve(position: str) -> JSON:
    """Exact solve of ``position`` (``"<64 chars> X|O"``): final disc difference for the
    side to move with perfect play, every best move, nodes searched and seconds taken."""
    board = _solvable(position)
    P, O = board.bits()
    empties = 64 - (P | O).bit_count()
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


def _solvable(position: str) -> Board:
    """The board of ``position``; ValueError beyond ``MAX_SOLVE_EMPTIES``."""
    board = Board.from_position(position)
    P, O = board.bits()
    empties = 64 - (P | O).bit_count()
    if empties > MAX_SOLVE_EMPTIES:
        raise ValueError(
            tr(
                "solving is limited to {limit} empty squares, got {empties}",
                limit=MAX_SOLVE_EMPTIES,
                empties=empties,
            )
        )
    return board


# -- a search split over several workers (flipside.split, othello/ai/split.py) ---------------


def split_start(
    kind: str,
    subject: str,
    level: int | str | None,
    seconds: float | None,
    seed: int | None,
    workers: int,
) -> JSON:
    """The first step of ``think`` or ``hints`` (``subject``: a record) or ``solve``
    (``subject``: a position) split over ``workers`` workers: ``{state, tasks, reports,
    answer}`` (see :mod:`flipside.split`); ``level`` None: the top level's move, the hint
    level's hints. A move with no search to split (the book, a forced move, a level with
    noise or a chosen error) is answered at once, as ``think`` answers it; so is a solve
    with fewer than two moves."""
    if kind == "solve":
        return split_board(kind, _solvable(subject), subject, None, None, None, workers)
    if kind not in ("think", "hints"):
        raise ValueError(tr("kind must be think, hints or solve, got {kind!r}", kind=kind))
    if kind == "think" and isinstance(level, str) and level.startswith(LOSS_PREFIX):
        shared_split.pool_state(workers)  # a ValueError for a bad number of workers
        reports: list[JSON] = []
        return shared_split.step(
            None, [], reports, think(subject, level, seconds, seed, reports.append)
        )
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
    once comes from ``engine`` (default: this process's engine at the level)."""
    shared_split.pool_state(workers)  # a ValueError for a bad number of workers
    if kind == "solve":
        P, O = board.bits()
        if legal_moves(P, O).bit_count() < 2:
            return shared_split.step(None, [], [], solve(board.position()))
        first = othello_split.start("solve", board, MAX_LEVEL, None, workers)
        return _split_answer(first, kind, subject, MAX_LEVEL)
    if kind == "hints":
        _bits_to_move(board)
        number = parse_level(checked_level(HINT_LEVEL if level is None else level, MAX_LEVEL))
        budget = LEVELS[number].seconds if seconds is None else seconds
        first = othello_split.start("hints", board, number, budget, workers)
        return _split_answer(first, kind, subject, number)
    number = parse_level(checked_level(MAX_LEVEL if level is None else level, MAX_LEVEL))
    budget = seconds or level_seconds(number)
    _bits_to_move(board)
    first = othello_split.start("think", board, number, budget, workers, engine, seed)
    return _split_answer(first, kind, subject, number)


def endgame_start(
    record: str, level: int | str, seconds: float | None, spent: float | None, workers: int
) -> JSON:
    """The first step of the computer's move in ``record`` split over ``workers`` workers when
    it is in the endgame's phases (the exact solve, the win/draw/loss searches), within what
    is left of one reply's budget when its earlier moves in a row took ``spent``; for a
    middle-game move (which the page's workers search on a shared table, or one alone)
    ``declined`` and nothing else."""
    number = parse_level(checked_level(level, MAX_LEVEL))
    board = _board(record)
    engine = engine_at(number)
    if shares(engine, board):
        shared_split.pool_state(workers)  # a ValueError for a bad number of workers
        return {"state": None, "tasks": [], "reports": [], "answer": None, "declined": True}
    budget = reply_budget(seconds or level_seconds(number), spent)
    return split_board("think", board, record, number, budget, None, workers, engine)


def keep_line(record: str, level: int | str, answer: JSON) -> None:
    """Give this worker's engine at ``level`` the line of a split search's exact ``answer``
    (``endgame_start``'s) in ``record``: its later positions are then answered at once."""
    engine = engine_at(parse_level(checked_level(level, MAX_LEVEL)))
    othello_split.keep_line(engine, _board(record), answer)


def _bits_to_move(board: Board) -> tuple[int, int]:
    if board.is_game_over():
        raise ValueError(tr("the game is over: there is no move to choose"))
    return board.bits()


def split_step(state: JSON, done: list[JSON], elapsed: float) -> JSON:
    """The next step of a split search after the tasks ``done`` (``{task, result}`` or
    ``{task, error}``) at ``elapsed`` seconds since its start."""
    found = othello_split.step(state, done, elapsed)
    return _split_answer(found, state["kind"], state["subject"], state["level"])


def search_task(task: JSON) -> JSON:
    """One task of a split search, answered by this worker."""
    return othello_tasks.run_task(task)


def _split_answer(found: JSON, kind: str, subject: str, level: int) -> JSON:
    """A coordinator's step with its reports and answer as ``think`` / ``hints`` / ``solve``
    give them."""
    if found["state"] is not None:
        found["state"]["subject"] = subject
    found["reports"] = [search_info(r) for r in found["reports"]]
    answer = found["answer"]
    if answer is not None and kind == "think":
        found["answer"] = {**search_info(answer), "level": level, "record": subject}
    elif answer is not None and kind == "hints":
        found["answer"] = {**answer, "record": subject, "level": level}
    return found


def _game(record: str) -> othello_game.Game:
    parsed = Record.parse(record)
    if parsed.game != othello_game.NAME:
        raise ValueError(tr("the Othello AI cannot play {game}", game=parsed.game))
    return othello_game.replay(parsed)


def _board(record: str) -> Board:
    """The board of the game (any forced pass played); a game lost on time is over."""
    game = _game(record)
    if game.options.flag is not None:
        raise ValueError(
            tr("the game is over: {side}'s time ran out", side=game.options.flag.word())
        )
    return game.board


# -- review -----------------------------------------------------------------------------------

REVIEW_LEVEL = 5
"""The review's searches: level 5's depth (6 plies), exact from ``REVIEW_EXACT_EMPTIES``."""
REVIEW_EXACT_EMPTIES = 12
"""The review solves positions with this many empty squares or fewer (every move exact)."""
REVIEW_SECONDS = 0.25
"""Native seconds per reviewed move (the page's ``PAGE_SLOWDOWN`` times that)."""
UNIT = "discs"
MARKS = (2.0, 4.0, 8.0)
"""A loss of at least this many discs is an inaccuracy, a mistake, a blunder."""
HALF_LOSS = 4.0
"""A move's accuracy is 100% halved for every ``HALF_LOSS`` discs it loses."""


def judge(record: str, move: str, seconds: float | None, depth: int | None = None) -> JSON:
    """The value of ``move`` played after ``record`` and of the best move there, in discs from
    the mover's view: ``{best, bestValue, value, exact, choices, bestSquares, values}`` (the
    squares to ring on the board; every legal move's value, which a training card of the
    move reads); ``exact`` when both are solved. A position with one legal move (or a pass)
    has ``choices`` 1 and no values.
    ``depth``: a search of that many plies (no time limit unless ``seconds``), never solved."""
    board = _board(record)
    legal = [str(m) for m in board.legal_moves()]
    if (forced := unjudged(record, move, legal)) is not None:
        return forced
    budget: float | None = (REVIEW_SECONDS if seconds is None else seconds) * PAGE_SLOWDOWN
    P, O = board.bits()
    if depth is None and 64 - (P | O).bit_count() <= REVIEW_EXACT_EMPTIES:
        scores = Solver().move_scores(P, O)
        values: dict[str, int | float] = {str(Move(sq)): v for sq, v in scores.items()}
        exact = True
    else:
        if depth is not None:
            budget = None if seconds is None else seconds * PAGE_SLOWDOWN
        found = Engine(REVIEW_LEVEL).analysis(board, seconds=budget, depth=depth)
        values = {str(m): round(v, 2) for m, v in found.values.items()}
        exact = found.exact
    best = max(values, key=lambda name: values[name])
    best = move if values[move] >= values[best] else best  # a tie: the move played was best
    return {
        "best": best,
        "bestValue": values[best],
        "value": values[move],
        "exact": exact,
        "choices": len(legal),
        "bestSquares": [Move.parse(best).square],
        "values": values,
    }


def blunder_by_proof(row: JSON) -> bool:
    """Othello's marks come from the loss in discs alone."""
    return False
