"""The Othello computer player: levels, best move, hints, exact solving, position values.

``Engine(level=N).best_move(board)`` plays; ``think`` is the entry for the page's worker (time
budget, ``should_stop()`` for "move now", ``on_depth(info)`` after each finished depth, a
JSON-friendly answer); ``analysis`` gives a value to every legal move (hints);
``solve(board)`` is the exact endgame answer; ``position_value`` one position's value from
Black's view (a point of the page's evaluation graph).

Values are disc differences from the side to move: ``int`` when exact (solved), ``float``
when estimated by the evaluation.
"""

from __future__ import annotations

import functools
import random
import time
from collections.abc import Callable
from dataclasses import dataclass

from flipside.i18n import tr
from flipside.levels import parse_level as parse_named_level
from flipside.othello.ai.endgame import EndTable, Solver, Stopped
from flipside.othello.ai.openings import book_move
from flipside.othello.ai.search import DepthResult, HashTable, Searcher
from flipside.othello.ai.solved_line import SolvedLine
from flipside.othello.bitboard import legal_moves
from flipside.othello.board import Board
from flipside.othello.notation import PASS_MOVE, Color, Move, square_name

Info = dict[str, object]


@dataclass(frozen=True)
class Level:
    """How one level plays.

    ``depth``: deepest midgame iteration (plies); ``seconds``: time budget per move, native
    (the browser is about twice as slow); ``endgame``: solve exactly from this many empty
    squares; ``noise``: standard deviation, in discs, of the random amount added to each
    move's value before choosing (0 plays the best move); ``random_moves``: share of moves
    chosen uniformly at random among the legal ones; ``book``: play the opening book's move
    when the position is in it (first 20 moves of well-trodden lines); ``hard_limit``: no
    midgame move takes longer than this many times ``seconds`` (critical moves may use the
    time between the budget and this limit); ``solve_limit``: the same for the exact and
    win/draw/loss endgame searches; ``outcome``: up to this many
    empties beyond ``endgame``, search for a winning (else drawing) move by the outcome
    only, when the estimate says it fits in the time; ``selectivity``: Multi-ProbCut in the
    midgame search, cutting a node when a shallow search predicts it outside the window by
    this many standard deviations (0: a full-width search); ``probable``: up to this many
    empties beyond ``endgame + outcome``, a selective win/draw/loss search (ProbCut in the
    solver, ``probcut_endgame.py``) after a shorter midgame search, and where the exact searches
    do not fit in the time; ``book_spread``: in the book, play a move drawn among those valued
    within this many discs of the best (0: the best), so that games differ.
    """

    depth: int
    seconds: float
    endgame: int
    noise: float
    random_moves: float = 0.0
    book: bool = False
    hard_limit: float = 1.2
    solve_limit: float = 1.3
    outcome: int = 0
    selectivity: float = 0.0
    probable: int = 0
    book_spread: float = 0.0


LEVELS: dict[int, Level] = {
    1: Level(depth=1, seconds=0.1, endgame=0, noise=8.0, random_moves=0.4),
    2: Level(depth=1, seconds=0.1, endgame=6, noise=2.0, random_moves=0.05),
    3: Level(depth=2, seconds=0.2, endgame=8, noise=0.0),
    4: Level(depth=4, seconds=0.4, endgame=10, noise=0.0, book=True, book_spread=3.0),
    5: Level(depth=6, seconds=0.8, endgame=10, noise=0.0, book=True, book_spread=1.5),
    6: Level(
        depth=30,
        seconds=1.2,
        endgame=16,
        noise=0.0,
        book=True,
        selectivity=1.0,
        probable=6,
    ),
}
"""The levels, weakest first. The strongest (``MAX_LEVEL``) is also called ``"max"``."""

MAX_LEVEL = max(LEVELS)

HINT_SOLVE_FACTOR = 8.0
"""Hints (``analysis``) in the exact range may solve for this many times the budget."""

PRESEARCH_SHARE = 0.15
"""Share of the budget for the midgame search before an exact solve (the fallback move)."""

SOLVE_NODES = 350_000
"""Typical nodes of ``Solver.best`` on a game position with ``SOLVE_NODES_EMPTIES`` empties;
each more empty square multiplies it by ``SOLVE_GROWTH`` (measured on game positions with
15-17 empties: 0.3-0.5 M nodes at 15, 0.9-1.3 M at 16, 0.8-4 M at 17)."""
SOLVE_NODES_EMPTIES = 15
SOLVE_GROWTH = 2.5
ENDGAME_SPEED = 6.0
"""Endgame solver nodes per second / midgame search nodes per second (measured 4.4-7.8)."""
OUTCOME_SPEEDUP = 6.0
"""How much cheaper a win/draw/loss search is than an exact solve: a cautious estimate
(measured on 8 game positions with 14-16 empties: median 9x, from 3x to 1,800x)."""
SOLVE_CHANCE = 2.0
"""A solve is started when its estimated time is at most this many times the time left (at
a level with a selective win/draw/loss search, ``probable``, it is always started in the
exact range: that search runs first and its move is played if the solve runs out of time,
so a slower machine, such as the page's, tries the same solves as this one)."""

PROBABLE_SHARE = 0.5
"""Share of the budget for the midgame search before a selective win/draw/loss search."""

PROBABLE_SPEEDUP = 250.0
"""How much cheaper the selective win/draw/loss search is than ``solve_estimate`` (median
on game positions with 18-22 empties and a close midgame value: 220-340x)."""

PROBABLE_SELECTIVITY = 1.0
"""ProbCut threshold of the selective endgame search (deviations of the fitted lines)."""


TABLE_LIMIT = 60_000
"""An engine keeps its midgame hash table from one move to the next (entries stay true of
their positions, and the last search's lines order the next one: about 18% less time to a
given depth over a game) until it holds this many entries (16.5 MB natively); then it
starts a fresh one."""

PROBABLE_TABLE_LIMIT = 50_000
"""The selective win/draw/loss search's table is kept from move to move too (its probable
bounds hold whatever the root: 23% fewer nodes over the 16-21 empty positions of six
archive games) until it holds this many entries (11 MB natively; the searches of FFO
#1-#19 together store 2,608)."""
EXACT_TABLE_LIMIT = 50_000
"""The exact solver's table is kept from move to move too (its bounds are exact whatever
the root, and the next move's solve lies inside the last one's tree) until it holds this
many entries."""


def solve_estimate(empties: int, midgame_rate: float) -> float:
    """Estimated seconds of an exact solve, from the midgame search's nodes per second."""
    nodes = SOLVE_NODES * SOLVE_GROWTH ** (empties - SOLVE_NODES_EMPTIES)
    return nodes / max(midgame_rate * ENDGAME_SPEED, 1.0)


def parse_level(level: int | str) -> int:
    """Level number from ``3``, ``"3"`` or ``"max"``; ValueError for anything else."""
    return parse_named_level(level, LEVELS)


def _bits(board: Board) -> tuple[int, int]:
    if board.is_game_over():
        raise ValueError(tr("the game is over: there is no move to choose"))
    return board.bits()


@dataclass
class Analysis:
    """A value for every legal move (discs, side to move), the best line and how sure."""

    values: dict[Move, int | float]
    best: Move
    pv: list[Move]
    exact: bool
    depth: int
    nodes: int
    seconds: float

    def to_dict(self) -> Info:
        """JSON-friendly form (moves as names)."""
        return {
            "values": {str(m): v for m, v in self.values.items()},
            "best": str(self.best),
            "pv": [str(m) for m in self.pv],
            "exact": self.exact,
            "depth": self.depth,
            "nodes": self.nodes,
            "seconds": round(self.seconds, 3),
        }


class Engine:
    """A computer player at a level (1 = beginner .. ``MAX_LEVEL``; ``"max"`` accepted).

    ``seed`` fixes the random choices of the noisy low levels (for tests and replays).
    """

    def __init__(self, level: int | str = 4, seed: int | None = None) -> None:
        self.level = parse_level(level)
        self.settings = LEVELS[self.level]
        self.random = random.Random(seed)
        self.table: HashTable = {}
        self.probable_table: EndTable = {}
        self.exact_table: EndTable = {}
        self.solved = SolvedLine()
        """The last exact solve's line: its later positions are answered without a search."""
        self.new_searcher: Callable[..., Searcher] = Searcher
        """Makes the midgame searcher of :meth:`think` (a pool's shared search changes it)."""

    # -- playing -------------------------------------------------------------------------

    def best_move(self, board: Board) -> Move:
        """The move this level plays (``PASS_MOVE`` when the side to move must pass)."""
        info = self.think(board)
        return Move.parse(str(info["move"]))

    def think(
        self,
        board: Board,
        seconds: float | None = None,
        should_stop: Callable[[], bool] | None = None,
        on_depth: Callable[[Info], None] | None = None,
    ) -> Info:
        """Choose a move within ``seconds`` (default: the level's budget).

        ``should_stop()`` is polled every 1-2k nodes: when it returns True the search ends
        and the best move of the last finished depth is played. ``on_depth(info)`` gets a
        dict after each finished depth: ``depth, move, score, pv, nodes, exact, seconds``
        (moves as names, score in discs from the side to move). Returns the same kind of dict
        for the chosen move; a move from the opening book has ``"book": True``, depth 0 and
        the book's value as its score.
        """
        P, O = _bits(board)
        if not legal_moves(P, O):
            return {
                "move": str(PASS_MOVE),
                "score": 0.0,
                "pv": [],
                "depth": 0,
                "nodes": 0,
                "exact": False,
                "seconds": 0.0,
            }
        level = self.settings
        if level.book:
            hit = book_move(P, O, level.book_spread, self.random)
            if hit is not None:
                info: Info = {
                    "move": square_name(hit[0]),
                    "score": float(hit[1]),
                    "pv": [square_name(hit[0])],
                    "depth": 0,
                    "nodes": 0,
                    "exact": False,
                    "seconds": 0.0,
                    "book": True,
                }
                if on_depth is not None:
                    on_depth(info)
                return info
        empties = 64 - (P | O).bit_count()
        known = self.solved.at(P, O)
        if known is not None:  # on the last solve's line: its exact move, at once
            line = DepthResult(empties, known.move, known.score, known.line, 0, True, 0.0)
            if on_depth is not None:
                on_depth(line.to_dict())
            return line.to_dict()
        budget = level.seconds if seconds is None else seconds
        start = time.perf_counter()
        solve_end = start + max(budget, 0.01) * level.solve_limit
        midgame_end = start + max(budget, 0.01) * level.hard_limit
        noisy = level.noise > 0

        def report(result: DepthResult) -> None:
            if on_depth is not None:
                on_depth(result.to_dict())

        if len(self.table) > TABLE_LIMIT:
            self.table = {}
        if len(self.probable_table) > PROBABLE_TABLE_LIMIT:
            self.probable_table = {}
        if len(self.exact_table) > EXACT_TABLE_LIMIT:
            self.exact_table = {}
        searcher = self.new_searcher(
            should_stop=should_stop, selectivity=level.selectivity, table=self.table
        )
        moves = legal_moves(P, O)
        if not moves & (moves - 1):  # a forced move: no time spent
            return searcher.run(P, O, 1, None, report).to_dict()
        stopped = should_stop if should_stop is not None else lambda: False
        solved: DepthResult | None = None
        result: DepthResult | None = None
        probable = level.probable > 0 and empties <= level.endgame + level.outcome + level.probable
        if empties <= level.endgame + level.outcome:
            result = searcher.run(
                P, O, min(level.depth, empties, 6), budget * PRESEARCH_SHARE, report, noisy
            )
            now = time.perf_counter()
            estimate = solve_estimate(empties, searcher.nodes / max(now - start, 1e-3))
            fits = SOLVE_CHANCE * (solve_end - now)
            likely: DepthResult | None = None
            tries = probable and empties <= level.endgame  # the solve, whatever the estimate
            if tries:
                # A quick probable win/draw/loss first: the move to play if the exact
                # solve runs out of time, and the solve's first move.
                probable = False  # not again below
                likely = self._outcome(
                    P, O, searcher, result, start, solve_end, should_stop, probable=True
                )
                if likely is not None:
                    searcher.root_order.remove(likely.move)
                    searcher.root_order.insert(0, likely.move)
                fits = SOLVE_CHANCE * (solve_end - time.perf_counter())
            if stopped():
                pass
            elif tries or (empties <= level.endgame and estimate <= fits):
                solved = self._solve(
                    P, O, searcher, result, start, solve_end, should_stop, self.exact_table
                )
                if solved is not None:
                    self.solved.keep(P, O, solved.pv, solved.score)
            elif level.outcome and estimate / OUTCOME_SPEEDUP <= fits:
                solved = self._outcome(P, O, searcher, result, start, solve_end, should_stop)
            if solved is None and likely is not None:
                solved = likely
        if solved is None:
            # The midgame search (on, after a pre-search), with a share of the budget when a
            # selective win/draw/loss search follows.
            until = start + budget * (PROBABLE_SHARE if probable else 1.0)
            left = until - time.perf_counter()
            depth = min(level.depth, empties)
            if result is None or (left > 0 and not stopped()):
                hard_left = (until - start) * level.hard_limit - (time.perf_counter() - start)
                again = searcher.run(P, O, depth, left, report, noisy, max(left, hard_left))
                if result is None or again.depth >= result.depth:
                    result = again
            now = time.perf_counter()
            rate = searcher.nodes / max(now - start, 1e-3)
            estimate = solve_estimate(empties, rate) / PROBABLE_SPEEDUP
            if probable and not stopped() and estimate <= SOLVE_CHANCE * (solve_end - now):
                solved = self._outcome(
                    P, O, searcher, result, start, solve_end, should_stop, probable=True
                )
            now = time.perf_counter()
            if solved is None and probable and not stopped() and start + budget > now:
                # The selective search did not fit, or every move probably loses: the
                # midgame search goes on with the time left.
                again = searcher.run(
                    P, O, depth, start + budget - now, report, noisy, midgame_end - now
                )
                if again.depth >= result.depth:
                    result = again
        if solved is not None:
            report(solved)
            return solved.to_dict()
        assert result is not None
        info = result.to_dict()
        if noisy:
            scores = result.scores
            if self.random.random() < level.random_moves:
                sq = self.random.choice(sorted(scores))
            else:
                sq = max(scores, key=lambda s: scores[s] + self.random.gauss(0.0, level.noise))
            info["move"] = square_name(sq)
            info["score"] = scores[sq]
            info["pv"] = [square_name(sq)]
        return info

    @staticmethod
    def _solve(
        P: int,
        O: int,
        searcher: Searcher,
        result: DepthResult,
        start: float,
        deadline: float,
        should_stop: Callable[[], bool] | None,
        table: EndTable | None = None,
    ) -> DepthResult | None:
        """The exact best move and line, or None when stopped or out of time first. The
        midgame pre-search ``result`` gives the root order and the first window's centre;
        ``table``, an earlier solve's, goes on being filled."""
        solver = Solver(should_stop, deadline, table)
        guess = 2 * round(result.score / 2)
        try:
            score, sq = solver.best(P, O, searcher.root_order or None, guess)
        except Stopped:
            return None
        line = solver.principal_variation(P, O, sq)
        empties = 64 - (P | O).bit_count()
        nodes = searcher.nodes + solver.nodes
        return DepthResult(empties, sq, score, line, nodes, True, time.perf_counter() - start)

    def _outcome(
        self,
        P: int,
        O: int,
        searcher: Searcher,
        result: DepthResult,
        start: float,
        deadline: float,
        should_stop: Callable[[], bool] | None,
        probable: bool = False,
    ) -> DepthResult | None:
        """A move proven to win (or draw), trying the midgame search's order; None when
        every move loses (the midgame move is as good as any) or out of time first. With
        ``probable`` the search is selective: the win (or draw) is probable, not proven."""
        if probable:
            from flipside.othello.ai.probcut_endgame import SelectiveSolver

            solver: Solver = SelectiveSolver(
                PROBABLE_SELECTIVITY, should_stop, deadline, self.probable_table
            )
        else:
            solver = Solver(should_stop, deadline)
        try:
            value, sq = solver.outcome_move(P, O, searcher.root_order or [result.move])
        except Stopped:
            return None
        if value < 0:
            return None
        score = max(result.score, 2.0) if value > 0 else 0.0
        nodes = searcher.nodes + solver.nodes
        empties = 64 - (P | O).bit_count()
        elapsed = time.perf_counter() - start
        return DepthResult(empties, sq, score, [sq], nodes, False, elapsed)

    # -- hints -------------------------------------------------------------------------------

    def analysis(
        self,
        board: Board,
        seconds: float | None = None,
        should_stop: Callable[[], bool] | None = None,
        on_depth: Callable[[Info], None] | None = None,
        depth: int | None = None,
    ) -> Analysis:
        """Every legal move's value and the best line, at this level's depth and budget:
        exact (ints) when the position is within the level's endgame reach, else estimates.
        ``depth`` fixes the search depth (no time limit unless ``seconds`` is given).
        ``on_depth`` receives :meth:`DepthResult.to_dict` dicts including ``scores``."""
        P, O = _bits(board)
        start = time.perf_counter()
        moves = legal_moves(P, O)
        if not moves:
            return Analysis({PASS_MOVE: 0.0}, PASS_MOVE, [PASS_MOVE], False, 0, 0, 0.0)
        level = self.settings
        budget: float | None = level.seconds if seconds is None else seconds
        empties = 64 - (P | O).bit_count()
        searcher = Searcher(should_stop=should_stop)
        solving = empties <= level.endgame

        def report(result: DepthResult) -> None:
            if on_depth is not None:
                on_depth(result.to_dict())

        if depth is not None:
            depth, solving = min(max(depth, 1), empties), False
            budget = seconds
        else:
            depth = min(max(level.depth, 2), empties, 4 if solving else 60)
        share = budget if budget is None else budget * (0.25 if solving else 1.0)
        result = searcher.run(P, O, depth, share, report, True)
        values: dict[Move, int | float] = {Move(sq): v for sq, v in result.scores.items()}
        best, pv, exact, nodes = result.move, result.pv, False, searcher.nodes
        if solving:
            assert budget is not None
            solver = Solver(should_stop, start + max(budget, 0.05) * HINT_SOLVE_FACTOR)
            try:
                exact_values = solver.move_scores(P, O)
                best = max(exact_values, key=lambda sq: exact_values[sq])
                pv = solver.principal_variation(P, O, best)
            except Stopped:
                best = result.move
            else:
                values = {Move(sq): v for sq, v in exact_values.items()}
                exact, nodes = True, nodes + solver.nodes
        return Analysis(
            values,
            Move(best),
            [Move(sq) for sq in pv],
            exact,
            empties if exact else result.depth,
            nodes,
            time.perf_counter() - start,
        )


@functools.cache
def engine_at(level: int) -> Engine:
    """This process's engine at ``level`` (a page's worker, a pool's worker), kept for its
    life: its hash tables go on from one move to the next."""
    return Engine(level)


def solve(board: Board) -> tuple[int, list[Move]]:
    """Exact final disc difference for the side to move with perfect play, and every best
    move (``[PASS_MOVE]`` when it must pass, ``[]`` when the game is over)."""
    P, O = board.bits()
    score, best = Solver().solve(P, O)
    if not best and not board.is_game_over():
        return score, [PASS_MOVE]
    return score, [Move(sq) for sq in best]


def position_value(board: Board, depth: int = 2) -> float:
    """Value of a position from Black's view, in discs: a ``depth``-ply search (the exact
    result when the game is over). A side that must pass is valued from its opponent's turn."""
    P, O = board.bits()
    if legal_moves(P, O) or not legal_moves(O, P):
        value = Searcher().run(P, O, depth).score
    else:
        value = -Searcher().run(O, P, depth).score
    return value if board.turn is Color.BLACK else -value
