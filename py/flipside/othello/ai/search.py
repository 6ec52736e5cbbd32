"""Midgame search: negamax alpha-beta with PVS, iterative deepening, a hash table, time control.

Positions are bitboards ``(P, O)``, ``P`` the side to move. Values are in the evaluation's
unit, ``1 / SCALE`` of a disc, from the side to move: the estimated final disc difference.
Finished games score ``final disc difference * SCALE`` exactly.

``Searcher.run`` deepens one ply at a time until the depth limit, the time budget or an
outside ``should_stop()`` (polled every :data:`POLL_INTERVAL` nodes) ends it; it answers with
the last depth that finished, so stopping early always has a move to play. ``on_depth`` is
called after each finished depth with a JSON-friendly dict (see :class:`DepthResult`).
"""

from __future__ import annotations

import functools
import json
import math
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from importlib import resources
from typing import Protocol

from flipside.othello.ai.endgame import Stopped, final_score
from flipside.othello.ai.evaluation import SCALE, evaluate
from flipside.othello.bitboard import FLIPS, legal_moves
from flipside.othello.notation import square_name

EVAL_ORDER_MIN = 3
"""Nodes searched deeper than this sort their moves by the evaluation, others by mobility."""

POLL_INTERVAL = 1024
"""Nodes between two polls of the clock and ``should_stop``."""

START_SHARE = 0.4
"""A new depth is not started once this share of the budget is used..."""

UNSTABLE_START_SHARE = 0.6
"""...or this share when the position is unstable (see ``Searcher.run``)."""

UNSTABLE_DROP = 2.0
"""A best value this many discs below the value two depths before makes the move unstable."""

GROWTH = 2.2
"""A selective search's next depth is predicted to cost this many times the last one (on 14
archive positions searched to depth 11 this predicted the next depth's time better than the
ratio of the last two depths: typical error 1.5x against 1.8x)."""

PASS_SHARE = 0.5
"""A move after which the opponent must pass gets this share of the budget and hard limit:
the computer's next move, in the same reply, gets the rest (``checks.reply_budget``)."""


def _pass_follows(P: int, O: int, sq: int) -> bool:
    """Whether the move ``sq`` leaves the opponent no move while the game goes on."""
    f = FLIPS[sq](P, O)
    nP, nO = O ^ f, P | f | (1 << sq)
    return not legal_moves(nP, nO) and bool(legal_moves(nO, nP))


_CORNERS = (1 << 0) | (1 << 7) | (1 << 56) | (1 << 63)
_INF = 1 << 30
INF = _INF
"""Beyond any value of the search: the bounds of a full window."""
# Frontier move order: corners and the other edge squares first, the squares next to
# corners (C and X squares) last.
_BAD = 0x42C300000000C342
_GOOD = 0x3C0081818181003C | _CORNERS
_PLAIN = 0xFFFFFFFFFFFFFFFF ^ _GOOD ^ _BAD

Evaluate = Callable[[int, int], int]
Table = dict[tuple[int, int], tuple[int, int, int, int]]
"""The hash table: (P, O) -> (depth, lower bound, upper bound, best square)."""


class HashTable(Protocol):
    """What the search asks of its hash table: a :data:`Table`, or a table that processes
    share (``shared_search.SharedTable``)."""

    def get(self, key: tuple[int, int], /) -> tuple[int, int, int, int] | None: ...

    def __setitem__(self, key: tuple[int, int], entry: tuple[int, int, int, int], /) -> None: ...

    def __len__(self) -> int: ...


MPC_FILE = "mpc.json"
"""Multi-ProbCut lines fitted by ``py/tools/fit_mpc.py`` (read on first selective search)."""

MPC_MIN_DEPTH = 3
"""Nodes searched at least this deep try a ProbCut (when the search is selective)."""


def shallow_depth(depth: int) -> int:
    """Depth of the ProbCut check search for a node searched ``depth`` plies (as in Edax:
    a quarter of the depth, even, plus the depth's parity)."""
    return 2 * (depth // 4) + (depth & 1)


MpcTable = list[list[tuple[int, float, float, float] | None]]


def load_mpc(scale: int = SCALE) -> MpcTable:
    """Per number of empties (0..60) and depth (0..60): ``(shallow depth, a, b, sigma)`` with
    ``b`` and ``sigma`` in evaluation units, or None where no line applies. Depths beyond the
    fitted ones use the deepest fitted line of the same parity (its check depth moved along)."""
    data = json.loads(resources.files(__package__).joinpath(MPC_FILE).read_text())
    table: MpcTable = [[None] * 61 for _ in range(61)]
    for row in data["fits"]:
        lo, hi = row["empties"]
        depth, shallow = row["depth"], row["shallow"]
        line = (shallow, row["a"], row["b"] * scale, row["sigma"] * scale)
        for empties in range(lo, hi + 1):
            table[empties][depth] = line
    for empties in range(61):
        row_ = table[empties]
        for depth in range(MPC_MIN_DEPTH + 2, 61):
            if row_[depth] is None and row_[depth - 2] is not None:
                shallow, a, b, sigma = row_[depth - 2]  # type: ignore[misc]
                row_[depth] = (shallow + 2, a, b, sigma)
    return table


@functools.cache
def mpc_table() -> MpcTable:
    """The fitted ProbCut lines, read once."""
    return load_mpc()


def depth_limit(budget: float, hard: float, critical: bool, selectivity: float) -> float:
    """Seconds until which a depth may run, and by which the next must be predicted to end:
    ``hard`` for a critical move or a selective search (the top level spends the time between
    its budget and its hard limit rather than leave much of the budget unused), else the
    budget."""
    return hard if critical or selectivity > 0 else budget


def next_fits(finished: list[float], target: float, selectivity: float) -> bool:
    """A selective search only: the next depth is predicted to end by ``target`` seconds (its
    time = the last depth's times ``GROWTH``). ProbCut makes each depth cost fewer times the
    one before than a full-width search, so a fixed start share would leave much of the
    budget unused. ``finished``: the elapsed seconds at the end of each finished depth, after
    a 0."""
    if selectivity <= 0 or len(finished) < 3:
        return False
    return finished[-1] + (finished[-1] - finished[-2]) * GROWTH <= target


@dataclass
class DepthResult:
    """What one finished iteration found (values in discs, from the side to move)."""

    depth: int
    move: int  # square, or -1 when the side to move has no move
    score: float
    pv: list[int]
    nodes: int
    exact: bool
    seconds: float
    scores: dict[int, float] = field(default_factory=dict)  # per root move when analysing

    def to_dict(self) -> dict[str, object]:
        """JSON-friendly form: squares as names (``"f5"``), ``"pass"`` for no move."""
        return {
            "depth": self.depth,
            "move": square_name(self.move) if self.move >= 0 else "pass",
            "score": self.score,
            "pv": [square_name(sq) for sq in self.pv],
            "nodes": self.nodes,
            "exact": self.exact,
            "seconds": round(self.seconds, 3),
            "scores": {square_name(sq): v for sq, v in self.scores.items()},
        }


class Searcher:
    """A midgame search session with a hash table (its own unless given) and a node count."""

    def __init__(
        self,
        evaluate: Evaluate = evaluate,
        scale: int = SCALE,
        should_stop: Callable[[], bool] | None = None,
        deadline: float | None = None,
        selectivity: float = 0.0,
        table: HashTable | None = None,
    ) -> None:
        self.evaluate = evaluate
        self.scale = scale
        self.should_stop = should_stop
        self.deadline = deadline
        self.nodes = 0
        self._next_poll = POLL_INTERVAL
        self._armed = True  # False while the first depth runs: it always finishes
        # A caller may pass the table of an earlier search with the same evaluation and
        # selectivity to go on with.
        self.table: HashTable = {} if table is None else table
        self.improved = -1  # a root move that beat the first one in the current iteration
        self.root_order: list[int] = []  # root moves, best first, after the last finished depth
        # Multi-ProbCut: a node is cut when a shallow search predicts its value is beyond the
        # window by ``selectivity`` standard deviations of the fitted line (0: no cuts).
        self.selectivity = selectivity
        self._mpc = mpc_table() if selectivity > 0 else []
        self._probcut = selectivity > 0  # False inside a check search (no nested cuts)
        self.probcuts = 0

    def _poll(self) -> None:
        self._next_poll = self.nodes + POLL_INTERVAL
        if not self._armed:
            return
        if self.should_stop is not None and self.should_stop():
            raise Stopped
        if self.deadline is not None and time.perf_counter() > self.deadline:
            raise Stopped

    def _frontier(self, P: int, O: int, alpha: int, beta: int, moves: int = -1) -> int:
        """Depth-1 value: best of the evaluated replies (cut off at ``beta``). ``moves`` is
        ``legal_moves(P, O)`` when the caller already has it."""
        self.nodes += 1
        if moves < 0:
            moves = legal_moves(P, O)
        if not moves:
            if not legal_moves(O, P):
                return final_score(P, O) * self.scale
            return -self._frontier(O, P, -beta, -alpha)
        evaluate = self.evaluate
        best = -_INF
        count = 0
        for group in (moves & _GOOD, moves & _PLAIN, moves & _BAD):
            while group:
                bit = group & -group
                group ^= bit
                f = FLIPS[bit.bit_length() - 1](P, O)
                v = -evaluate(O ^ f, P | f | bit)
                count += 1
                if v > best:
                    best = v
                    if v >= beta:
                        self.nodes += count
                        return best
        self.nodes += count
        return best

    def _node(self, P: int, O: int, alpha: int, beta: int, depth: int) -> int:
        """Fail-soft negamax value of ``(P, O)`` searched ``depth`` plies deep."""
        if depth <= 1:
            if depth == 1:
                return self._frontier(P, O, alpha, beta)
            self.nodes += 1
            return self.evaluate(P, O)
        self.nodes += 1
        if self.nodes >= self._next_poll:
            self._poll()
        # Hash probe, children, principal-variation loop: copied on purpose in
        # endgame.Solver._deep (exact bounds without a depth, its own move order, ETC). A
        # shared helper would cost a call per node on the hottest path of both searches.
        table = self.table
        key = (P, O)
        entry = table.get(key)
        hash_sq = -1
        if entry is not None:
            hash_sq = entry[3]
            if entry[0] >= depth:
                lower, upper = entry[1], entry[2]
                if lower >= beta:
                    return lower
                if upper <= alpha:
                    return upper
                if lower == upper:
                    return lower
        if self._probcut and depth >= MPC_MIN_DEPTH:
            cut = self._probcut_value(P, O, alpha, beta, depth)
            if cut is not None:
                return cut
        moves = legal_moves(P, O)
        if not moves:
            if not legal_moves(O, P):
                return final_score(P, O) * self.scale
            return -self._node(O, P, -beta, -alpha, depth)
        children = []
        evaluate = self.evaluate
        d = depth - 1
        while moves:
            bit = moves & -moves
            moves ^= bit
            sq = bit.bit_length() - 1
            f = FLIPS[sq](P, O)
            nP = O ^ f
            nO = P | f | bit
            if depth > EVAL_ORDER_MIN:
                mob = -1
                order = -_INF if sq == hash_sq else evaluate(nP, nO)
            else:
                mob = legal_moves(nP, nO)
                order = (
                    -_INF if sq == hash_sq else mob.bit_count() + (mob & _CORNERS).bit_count() * 2
                )
            # The child's last argument: its moves for _frontier, the depth for _node.
            children.append((order, sq, nP, nO, mob if d == 1 else d))
        children.sort()
        alpha0 = alpha
        best = -_INF
        best_sq = -1
        child = self._frontier if d == 1 else self._node
        first = True
        for _, sq, nP, nO, arg in children:
            if first:
                v = -child(nP, nO, -beta, -alpha, arg)
                first = False
            else:
                v = -child(nP, nO, -alpha - 1, -alpha, arg)
                if alpha < v < beta:
                    v = -child(nP, nO, -beta, -v, arg)
            if v > best:
                best = v
                best_sq = sq
                if v > alpha:
                    if v >= beta:
                        break
                    alpha = v
        self._store(key, depth, alpha0, beta, best, best_sq)
        return best

    def _probcut_value(self, P: int, O: int, alpha: int, beta: int, depth: int) -> int | None:
        """Multi-ProbCut: ``beta`` (or ``alpha``) when a shallow null-window search predicts
        with the fitted line that the ``depth``-ply value is at least ``beta`` (at most
        ``alpha``) with ``selectivity`` standard deviations to spare; else None."""
        empties = 64 - (P | O).bit_count()
        if depth >= empties:
            return None
        line = self._mpc[empties][depth]
        if line is None:
            return None
        shallow, a, b, sigma = line
        margin = self.selectivity * sigma
        limit = 64 * self.scale
        cut: int | None = None
        self._probcut = False  # no cuts inside the check searches
        try:
            if beta < limit:
                bound = math.ceil((beta + margin - b) / a)
                if bound < limit and self._check(P, O, bound - 1, bound, shallow) >= bound:
                    cut = beta
            if cut is None and alpha > -limit:
                bound = math.floor((alpha - margin - b) / a)
                if bound > -limit and self._check(P, O, bound, bound + 1, shallow) <= bound:
                    cut = alpha
        finally:
            self._probcut = True
        if cut is not None:
            self.probcuts += 1
        return cut

    def _check(self, P: int, O: int, alpha: int, beta: int, depth: int) -> int:
        """The ProbCut check search: ``depth`` plies (0: the evaluation)."""
        if depth == 0:
            return self.evaluate(P, O)
        if depth == 1:
            return self._frontier(P, O, alpha, beta)
        return self._node(P, O, alpha, beta, depth)

    def _store(
        self, key: tuple[int, int], depth: int, alpha: int, beta: int, best: int, best_sq: int
    ) -> None:
        """Record a fail-soft result searched with the window (alpha, beta)."""
        if best <= alpha:
            self.table[key] = (depth, -_INF, best, best_sq)
        elif best >= beta:
            self.table[key] = (depth, best, _INF, best_sq)
        else:
            self.table[key] = (depth, best, best, best_sq)

    def principal_variation(self, P: int, O: int, first: int, limit: int) -> list[int]:
        """The best line from the hash table, starting with the move ``first``."""
        line = [first]
        f = FLIPS[first](P, O)
        P, O = O ^ f, P | f | (1 << first)
        seen = set()
        while len(line) < limit and (P, O) not in seen:
            seen.add((P, O))
            moves = legal_moves(P, O)
            if not moves:
                if not legal_moves(O, P):
                    break
                P, O = O, P
                continue
            entry = self.table.get((P, O))
            if entry is None or entry[3] < 0 or not moves >> entry[3] & 1:
                break
            sq = entry[3]
            line.append(sq)
            f = FLIPS[sq](P, O)
            P, O = O ^ f, P | f | (1 << sq)
        return line

    def root(
        self, P: int, O: int, depth: int, order: list[int], all_values: bool
    ) -> tuple[int, dict[int, int]]:
        """Search every root move ``depth`` plies; returns (best square, values).

        With ``all_values`` every move gets its exact value at that depth (for hints);
        otherwise moves after the first are only proven worse by null-window searches, and
        their values are upper bounds.
        """
        values: dict[int, int] = {}
        alpha = -_INF
        best_sq = order[0]
        self.improved = -1
        for sq in order:
            f = FLIPS[sq](P, O)
            nP, nO = O ^ f, P | f | (1 << sq)
            if all_values or alpha == -_INF:
                v = -self._node(nP, nO, -_INF, _INF, depth - 1)
            else:
                v = -self._node(nP, nO, -alpha - 1, -alpha, depth - 1)
                if v > alpha:
                    v = -self._node(nP, nO, -_INF, -alpha, depth - 1)
            values[sq] = v
            if v > alpha:
                if alpha > -_INF:
                    self.improved = sq  # proven better than the previous depth's best
                alpha = v
                best_sq = sq
        return best_sq, values

    def root_move(self, P: int, O: int, sq: int, depth: int, alpha: int, beta: int) -> int:
        """Fail-soft value of the root move ``sq`` searched ``depth`` plies within the window
        (``alpha``, ``beta``): one root move of :meth:`root`, as a search split over workers
        asks for it (``flipside.split``). Depth 1 always finishes."""
        self._armed = depth > 1
        f = FLIPS[sq](P, O)
        return -self._node(O ^ f, P | f | (1 << sq), -beta, -alpha, depth - 1)

    def run(
        self,
        P: int,
        O: int,
        max_depth: int,
        budget: float | None = None,
        on_depth: Callable[[DepthResult], None] | None = None,
        all_values: bool = False,
        hard: float | None = None,
    ) -> DepthResult:
        """Iterative deepening from depth 1 up to ``max_depth`` plies within ``budget``
        seconds; the result of the deepest finished iteration.

        Always finishes depth 1 (so there is a move even when stopped at once). Values are
        estimates (``exact`` False): exact values come from the endgame solver.
        Time: a depth is not started once ``START_SHARE`` of the budget is used, and one
        still running at the budget is abandoned. When the last depth changed the best move
        or its value fell ``UNSTABLE_DROP`` discs below the value two depths before (a
        critical move), a depth may start until ``UNSTABLE_START_SHARE`` of the budget, and
        it runs until ``hard`` seconds (at least the budget). A selective search runs every
        depth until ``hard`` and also starts one predicted to end by then (``next_fits``).
        When the best move leaves the opponent no move, these times are ``PASS_SHARE`` of
        theirs (the computer moves again within the same reply). A move proven better than
        the previous depth's best in an abandoned iteration is played.
        """
        start = time.perf_counter()
        hard = budget if budget is None or hard is None else max(hard, budget)
        if budget is not None:
            self.deadline = start + budget
        moves = legal_moves(P, O)
        empties = 64 - (P | O).bit_count()
        if not moves:
            score = final_score(P, O) if not legal_moves(O, P) else 0
            return DepthResult(0, -1, float(score), [], 0, not legal_moves(O, P), 0.0)
        order = [sq for sq in range(64) if moves >> sq & 1]
        result: DepthResult | None = None
        history: list[tuple[int, float]] = []  # (best square, value) per finished depth
        finished: list[float] = [0.0]  # elapsed seconds at the end of each finished depth
        scale = self.scale
        for depth in range(1, max(1, max_depth) + 1):
            self._armed = depth > 1
            try:
                best_sq, values = self.root(P, O, depth, order, all_values)
            except Stopped:
                if result is not None and self.improved >= 0:
                    sq = self.improved
                    result.move, result.pv = sq, [sq]
                break
            order.sort(key=lambda sq: -values[sq])
            self.root_order = order
            elapsed = time.perf_counter() - start
            result = DepthResult(
                depth,
                best_sq,
                values[best_sq] / scale,
                self.principal_variation(P, O, best_sq, depth),
                self.nodes,
                False,
                elapsed,
                {sq: v / scale for sq, v in values.items()} if all_values else {},
            )
            history.append((best_sq, result.score))
            if on_depth is not None:
                on_depth(result)
            if depth >= empties or (self.should_stop is not None and self.should_stop()):
                break
            if budget is None or hard is None:
                continue
            unstable = len(history) >= 3 and (
                history[-1][0] != history[-2][0] or history[-1][1] < history[-3][1] - UNSTABLE_DROP
            )
            share = UNSTABLE_START_SHARE if unstable else START_SHARE
            # A move after which the opponent must pass keeps time for the next move (a
            # move's search, not an analysis).
            part = PASS_SHARE if not all_values and _pass_follows(P, O, best_sq) else 1.0
            limit = depth_limit(part * budget, part * hard, unstable, self.selectivity)
            finished.append(elapsed)
            if elapsed > share * part * budget and not next_fits(finished, limit, self.selectivity):
                break
            self.deadline = start + limit
        assert result is not None
        return result
