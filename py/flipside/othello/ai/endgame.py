"""Exact endgame solver: the final disc difference with perfect play, on bitboards.

Scores are from the side to move (``P``), empty squares going to the winner (FFO
convention), so they are even numbers in -64..64.

The search is a negamax alpha-beta with principal-variation (null-window) searches, split by
the number of empty squares ``n`` because what pays off changes with it:

* ``n > SHALLOW`` (``_deep``): moves from ``legal_moves``, a transposition table keyed on
  the two bitboards (bounds plus the best square), hash move first, then fastest-first
  ordering: fewest replies for the opponent, corner replies counted three times (from
  ``EVAL_SORT_MIN`` empties, plus the pattern evaluation of the reply), and (above
  ``ETC_MIN`` empties) an enhanced transposition cutoff (children looked up in the table
  first).
* ``4 <= n <= SHALLOW`` (``_shallow``): the empty squares are a list in a fixed order of
  square quality (:data:`PRIORITY`); a square is tried only when it touches an opponent
  disc; squares in regions (quadrants) with an odd number of empties come first (parity
  ordering).
* ``n <= 3``: special-cased with the squares as arguments; the last move only counts
  flipped discs.
* From 4 empties up, when alpha is high (``STABILITY_ALPHA``): a stability cutoff, the
  opponent's stable discs (:mod:`flipside.othello.ai.stability`) capping the score.

``Solver.search`` may be stopped from outside: ``should_stop()`` (and the deadline) are
polled about every 2,048 nodes and raise :class:`Stopped`.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from flipside.othello.ai.stability import safe_lines, stable
from flipside.othello.bitboard import FLIPS, legal_moves

SHALLOW = 7
"""Up to this many empties the solver uses the list-based search without a hash table."""

ETC_MIN = 8
"""Above this many empties, look up every child in the hash table before searching."""

STABILITY_ALPHA = 40
"""The stability cutoff is tried only from this alpha on (below, it seldom cuts)."""

ASPIRATION = 4
"""Half width of ``Solver.best``'s first window around a guessed score."""

EVAL_SORT_MIN = 12
"""From this many empties the solver sorts moves by the evaluation of the reply (plus the
opponent's mobility), below by mobility alone."""

SORT_MOBILITY = 64
"""Weight of one opponent move (a corner move counts 3) in the evaluation-based order, in
evaluation units (16 = one disc)."""

_SORT_FIRST = 1 << 20  # below any evaluation-based key: the hash move first

POLL_INTERVAL = 2048
"""Nodes between two calls of ``should_stop`` / clock reads."""

_CORNERS = (1 << 0) | (1 << 7) | (1 << 56) | (1 << 63)
_INF = 100  # beyond any score


def _evaluator() -> Callable[[int, int], int]:
    """The pattern evaluation, imported on the first deep node (the tables are large)."""
    from flipside.othello.ai.evaluation import evaluate

    return evaluate


def _neighbours(sq: int) -> int:
    f0, r0 = sq % 8, sq // 8
    mask = 0
    for df in (-1, 0, 1):
        for dr in (-1, 0, 1):
            f, r = f0 + df, r0 + dr
            if (df or dr) and 0 <= f < 8 and 0 <= r < 8:
                mask |= 1 << (8 * r + f)
    return mask


NEIGHBOURS = [_neighbours(sq) for sq in range(64)]
"""Squares adjacent to each square: a move there flips only if one holds an opponent disc."""

QUADRANT = [1 << ((sq // 32) * 2 + (sq % 8) // 4) for sq in range(64)]
"""The quadrant bit of each square (a1-d4, e1-h4, a5-d8, e5-h8) for parity ordering."""


EndTable = dict[tuple[int, int], tuple[int, int, int]]
"""The solver's hash table: (P, O) -> (lower bound, upper bound, best square)."""


class Stopped(Exception):
    """Raised inside a search when it was asked to stop (or ran out of time)."""


def final_score(P: int, O: int) -> int:
    """Disc difference for ``P`` at the end of the game, empties to the winner."""
    p = P.bit_count()
    o = O.bit_count()
    if p > o:
        return 64 - 2 * o
    if p < o:
        return 2 * p - 64
    return 0


def parity_of(empty: int) -> int:
    """Bit set of the quadrants holding an odd number of the ``empty`` squares."""
    parity = 0
    while empty:
        low = empty & -empty
        parity ^= QUADRANT[low.bit_length() - 1]
        empty ^= low
    return parity


_PRIORITY_NAMES = (
    "a1 h1 a8 h8 c1 f1 a3 h3 a6 h6 c8 f8 c3 f3 c6 f6 d1 e1 a4 h4 a5 h5 d8 e8 "
    "d3 e3 c4 f4 c5 f5 d6 e6 d2 e2 b4 g4 b5 g5 d7 e7 c2 f2 b3 g3 b6 g6 c7 f7 "
    "b1 g1 a2 h2 a7 h7 b8 g8 b2 g2 b7 g7 d4 e4 d5 e5"
)

PRIORITY = [(ord(n[0]) - 97) + 8 * (int(n[1]) - 1) for n in _PRIORITY_NAMES.split()]
"""All 64 squares, best first: the order the list-based search tries same-parity moves."""


def empties_in_order(empty: int) -> list[int]:
    """The ``empty`` squares in :data:`PRIORITY` order."""
    return [sq for sq in PRIORITY if empty >> sq & 1]


def squares_of(bits: int) -> list[int]:
    """Square numbers of a bit set, ascending."""
    out = []
    while bits:
        low = bits & -bits
        out.append(low.bit_length() - 1)
        bits ^= low
    return out


class Solver:
    """One exact search session: counts nodes, keeps its transposition table, can be stopped.

    ``should_stop`` is a callable polled every :data:`POLL_INTERVAL` nodes; ``deadline`` a
    ``time.perf_counter()`` value. Either one ends the search with :class:`Stopped`.
    """

    def __init__(
        self,
        should_stop: Callable[[], bool] | None = None,
        deadline: float | None = None,
        table: EndTable | None = None,
    ) -> None:
        self.nodes = 0
        # A caller may pass the table of an earlier search of the same kind to go on with.
        self.table: EndTable = {} if table is None else table
        self.should_stop = should_stop
        self.deadline = deadline
        self._next_poll = POLL_INTERVAL
        # safe_lines() by filled squares: few sets of filled squares recur in one search.
        self._safe: dict[int, tuple[int, int, int, int]] = {}

    def _poll(self) -> None:
        self._next_poll = self.nodes + POLL_INTERVAL
        if self.should_stop is not None and self.should_stop():
            raise Stopped
        if self.deadline is not None and time.perf_counter() > self.deadline:
            raise Stopped

    def _cap(self, P: int, O: int) -> int:
        """The most ``P`` can score: 64 less two per stable disc of ``O``."""
        filled = P | O
        safe = self._safe.get(filled)
        if safe is None:
            safe = self._safe[filled] = safe_lines(filled)
        return 64 - 2 * stable(O, filled, safe).bit_count()

    # -- the last two empties --------------------------------------------------------------

    def _last1(self, P: int, O: int, sq: int) -> int:
        """Score for ``P`` with one empty square ``sq`` left."""
        self.nodes += 1
        p = P.bit_count()
        n = FLIPS[sq](P, O).bit_count() if O & NEIGHBOURS[sq] else 0
        if n:
            return 2 * (p + n) - 62
        n = FLIPS[sq](O, P).bit_count() if P & NEIGHBOURS[sq] else 0
        if n:
            return 2 * (p - n) - 64
        return 2 * p - 62 if p > 31 else 2 * p - 64

    def _last2(self, P: int, O: int, alpha: int, beta: int, a: int, b: int) -> int:
        """Score for ``P`` with the two empty squares ``a`` and ``b`` left."""
        self.nodes += 1
        last1 = self._last1
        best = -_INF
        f = FLIPS[a](P, O) if O & NEIGHBOURS[a] else 0
        if f:
            best = -last1(O ^ f, P | f | (1 << a), b)
            if best >= beta:
                return best
        f = FLIPS[b](P, O) if O & NEIGHBOURS[b] else 0
        if f:
            v = -last1(O ^ f, P | f | (1 << b), a)
            return max(best, v)
        if best > -_INF:
            return best
        # P passes: O moves, minimising.
        best = _INF
        f = FLIPS[a](O, P) if P & NEIGHBOURS[a] else 0
        if f:
            best = last1(P ^ f, O | f | (1 << a), b)
            if best <= alpha:
                return best
        f = FLIPS[b](O, P) if P & NEIGHBOURS[b] else 0
        if f:
            v = last1(P ^ f, O | f | (1 << b), a)
            return min(best, v)
        if best < _INF:
            return best
        return final_score(P, O)

    def _last3(self, P: int, O: int, alpha: int, beta: int, a: int, b: int, c: int) -> int:
        """Score for ``P`` with the three empty squares ``a``, ``b``, ``c`` left."""
        self.nodes += 1
        # Parity: a square alone in its quadrant first.
        qa, qb, qc = QUADRANT[a], QUADRANT[b], QUADRANT[c]
        if qa == qb != qc:
            a, b, c = c, a, b
        elif qa == qc != qb:
            a, b = b, a
        last2 = self._last2
        best = -_INF
        for x, y, z in ((a, b, c), (b, a, c), (c, a, b)):
            if O & NEIGHBOURS[x]:
                f = FLIPS[x](P, O)
                if f:
                    v = -last2(O ^ f, P | f | (1 << x), -beta, -alpha, y, z)
                    if v > best:
                        if v >= beta:
                            return v
                        best = v
                        alpha = max(alpha, v)
        if best > -_INF:
            return best
        for x in (a, b, c):
            if P & NEIGHBOURS[x] and FLIPS[x](O, P):
                return -self._last3(O, P, -beta, -alpha, a, b, c)
        return final_score(P, O)

    # -- few empties: list of squares, parity ordering ------------------------------------

    def _shallow(
        self, P: int, O: int, alpha: int, beta: int, empties: list[int], parity: int
    ) -> int:
        """Score for ``P`` with the ``empties`` (4..SHALLOW squares) left."""
        self.nodes += 1
        if alpha >= STABILITY_ALPHA and alpha >= 64 - 2 * O.bit_count():
            cap = self._cap(P, O)  # the stability cutoff, as in _deep
            if cap <= alpha:
                return cap
        best = -_INF
        n = len(empties)
        ordered = [s for s in empties if parity & QUADRANT[s]]
        if len(ordered) < n:
            ordered += [s for s in empties if not parity & QUADRANT[s]]
        for sq in ordered:
            if not O & NEIGHBOURS[sq]:
                continue
            f = FLIPS[sq](P, O)
            if not f:
                continue
            rest = empties.copy()
            rest.remove(sq)
            if n == 4:
                v = -self._last3(O ^ f, P | f | (1 << sq), -beta, -alpha, rest[0], rest[1], rest[2])
            else:
                v = -self._shallow(
                    O ^ f, P | f | (1 << sq), -beta, -alpha, rest, parity ^ QUADRANT[sq]
                )
            if v > best:
                best = v
                if v > alpha:
                    if v >= beta:
                        return v
                    alpha = v
        if best > -_INF:
            return best
        # No move for P: pass if the opponent has one, else the game is over.
        for sq in empties:
            if P & NEIGHBOURS[sq] and FLIPS[sq](O, P):
                return -self._shallow(O, P, -beta, -alpha, empties, parity)
        return final_score(P, O)

    # -- many empties: hash table, fastest-first ---------------------------------------------

    def _deep(self, P: int, O: int, alpha: int, beta: int, n: int) -> int:
        """Score for ``P`` with ``n`` (> SHALLOW) empty squares."""
        self.nodes += 1
        if self.nodes >= self._next_poll:
            self._poll()
        # Hash probe, children, principal-variation loop: copied on purpose in
        # search.Searcher._node (depth-tagged bounds, evaluation order). A shared helper
        # would cost a call per node on the hottest path of both searches.
        table = self.table
        key = (P, O)
        entry = table.get(key)
        hash_sq = -1
        if entry is not None:
            lower, upper, hash_sq = entry
            if lower >= beta:
                return lower
            if upper <= alpha:
                return upper
            if lower == upper:
                return lower
            alpha = max(alpha, lower)
            beta = min(beta, upper)
        else:
            lower, upper = -_INF, _INF
        if alpha >= STABILITY_ALPHA and alpha >= 64 - 2 * O.bit_count():
            # Stability cutoff: O's stable discs cap P's score; if the cap is at most alpha,
            # no move can raise it.
            cap = self._cap(P, O)
            if cap <= alpha:
                return cap
        moves = legal_moves(P, O)
        if not moves:
            if not legal_moves(O, P):
                return final_score(P, O)
            return -self._deep_or_shallow(O, P, -beta, -alpha, n)
        children = []
        if n >= EVAL_SORT_MIN:
            # Many empties: the evaluation of each reply (the opponent's view, lower first)
            # with the opponent's mobility; the nodes are few and the order matters most.
            evaluate = _evaluator()
            while moves:
                bit = moves & -moves
                moves ^= bit
                sq = bit.bit_length() - 1
                f = FLIPS[sq](P, O)
                nP = O ^ f
                nO = P | f | bit
                if sq == hash_sq:
                    order = -_SORT_FIRST
                else:
                    mob = legal_moves(nP, nO)
                    order = evaluate(nP, nO) + SORT_MOBILITY * (
                        mob.bit_count() + 2 * (mob & _CORNERS).bit_count()
                    )
                children.append((order, sq, nP, nO))
        while moves:
            bit = moves & -moves
            moves ^= bit
            sq = bit.bit_length() - 1
            f = FLIPS[sq](P, O)
            nP = O ^ f
            nO = P | f | bit
            if sq == hash_sq:
                order = -1
            else:
                mob = legal_moves(nP, nO)
                order = mob.bit_count() + 2 * (mob & _CORNERS).bit_count()
            children.append((order, sq, nP, nO))
        if n > ETC_MIN:
            # Enhanced transposition cutoff: a child whose stored upper bound already
            # proves this node at least beta ends the search before any recursion.
            get = table.get
            for _, _, nP, nO in children:
                e = get((nP, nO))
                if e is not None and -e[1] >= beta:
                    return -e[1]
        children.sort()
        alpha0 = alpha
        best = -_INF
        best_sq = -1
        child = self._deep if n - 1 > SHALLOW else self._deep_or_shallow
        first = True
        for _, sq, nP, nO in children:
            if first:
                v = -child(nP, nO, -beta, -alpha, n - 1)
                first = False
            else:
                v = -child(nP, nO, -alpha - 1, -alpha, n - 1)
                if alpha < v < beta:
                    v = -child(nP, nO, -beta, -v, n - 1)
            if v > best:
                best = v
                best_sq = sq
                if v > alpha:
                    if v >= beta:
                        break
                    alpha = v
        if best <= alpha0:
            table[key] = (lower, best, best_sq)
        elif best >= beta:
            table[key] = (best, upper, best_sq)
        else:
            table[key] = (best, best, best_sq)
        return best

    def _deep_or_shallow(self, P: int, O: int, alpha: int, beta: int, n: int) -> int:
        if n > SHALLOW:
            return self._deep(P, O, alpha, beta, n)
        empty = ~(P | O) & 0xFFFFFFFFFFFFFFFF
        if n <= 2:
            if n == 2:
                a = empty & -empty
                return self._last2(
                    P, O, alpha, beta, a.bit_length() - 1, (empty ^ a).bit_length() - 1
                )
            if n == 1:
                return self._last1(P, O, empty.bit_length() - 1)
            return final_score(P, O)
        if n == 3:
            a = empty & -empty
            empty ^= a
            b = empty & -empty
            c = empty ^ b
            return self._last3(
                P, O, alpha, beta, a.bit_length() - 1, b.bit_length() - 1, c.bit_length() - 1
            )
        return self._shallow(P, O, alpha, beta, empties_in_order(empty), parity_of(empty))

    # -- entry points ----------------------------------------------------------------------

    def search(self, P: int, O: int, alpha: int = -64, beta: int = 64) -> int:
        """Fail-soft score of the position for ``P`` within the window (alpha, beta)."""
        n = 64 - (P | O).bit_count()
        return self._deep_or_shallow(P, O, alpha, beta, n)

    def move_value(self, P: int, O: int, sq: int, alpha: int = -64, beta: int = 64) -> int:
        """Score for ``P`` of playing the legal move ``sq``, within (alpha, beta)."""
        f = FLIPS[sq](P, O)
        return -self.search(O ^ f, P | f | (1 << sq), -beta, -alpha)

    def best(
        self, P: int, O: int, order: list[int] | None = None, guess: int | None = None
    ) -> tuple[int, int]:
        """Exact score for ``P`` and one best square (-1 when ``P`` has no move).

        Root moves in the given ``order`` (e.g. a midgame search's, best first; moves it
        leaves out come last), else fastest-first; after the first, a null-window search
        proves each one worse or finds it better (then it is searched again with a full
        window).
        """
        moves = legal_moves(P, O)
        if not moves:
            return self.search(P, O), -1
        children = []
        rank = {sq: i for i, sq in enumerate(order or [])}
        for sq in squares_of(moves):
            f = FLIPS[sq](P, O)
            nP, nO = O ^ f, P | f | (1 << sq)
            if order:
                key = rank.get(sq, 64)
            else:
                mob = legal_moves(nP, nO)
                key = mob.bit_count() + 2 * (mob & _CORNERS).bit_count()
            children.append((key, sq, nP, nO))
        children.sort()
        best, best_sq = -_INF, -1
        for _, sq, nP, nO in children:
            if best_sq < 0 and guess is not None:
                # Aspiration: the first move in a window around the guess, again if outside.
                alpha, beta = max(-64, guess - ASPIRATION), min(64, guess + ASPIRATION)
                v = -self.search(nP, nO, -beta, -alpha)
                if v <= alpha:
                    v = -self.search(nP, nO, -v - 1, 64)
                elif v >= beta:
                    v = -self.search(nP, nO, -64, -v + 1)
            elif best_sq < 0:
                v = -self.search(nP, nO)
            else:
                v = -self.search(nP, nO, -best - 1, -best)
                if v > best:
                    v = -self.search(nP, nO, -64, -v)
            if v > best:
                best, best_sq = v, sq
        return best, best_sq

    def outcome_move(self, P: int, O: int, order: list[int]) -> tuple[int, int]:
        """A move by the game's outcome only (win / draw / loss; much cheaper than exact).

        Tries the legal squares ``order`` in turn with the window (-1, 1) and stops at the
        first win. Returns (value, square): value > 0 a proven win (a lower bound of the
        score), 0 a draw, < 0 every move tried loses (then square is ``order[0]``). Stopped
        after a draw was found, it answers that draw; before, it raises :class:`Stopped`.
        """
        best, best_sq = -_INF, order[0]
        for sq in order:
            f = FLIPS[sq](P, O)
            try:
                v = -self.search(O ^ f, P | f | (1 << sq), -1, 1)
            except Stopped:
                if best == 0:
                    break
                raise
            if v > best:
                best, best_sq = v, sq
                if v > 0:
                    break
        return best, best_sq if best >= 0 else order[0]

    def principal_variation(self, P: int, O: int, first: int, limit: int = 8) -> list[int]:
        """A best line starting with the move ``first`` (squares; passes left out), each
        later move found by an exact search, which the warm hash table keeps cheap. Stopped
        (or out of time), it ends the line where it got to."""
        line = [first]
        f = FLIPS[first](P, O)
        P, O = O ^ f, P | f | (1 << first)
        while len(line) < limit:
            if not legal_moves(P, O):
                if not legal_moves(O, P):
                    break
                P, O = O, P
            try:
                _, sq = self.best(P, O)
            except Stopped:
                break
            line.append(sq)
            f = FLIPS[sq](P, O)
            P, O = O ^ f, P | f | (1 << sq)
        return line

    def solve(self, P: int, O: int) -> tuple[int, list[int]]:
        """Exact score for ``P`` and every best move (squares ascending; [] when P must pass
        or the game is over)."""
        score = self.search(P, O)
        moves = legal_moves(P, O)
        best = []
        for sq in squares_of(moves):
            # Null window just below the score: a move reaching it is a best move.
            if self.move_value(P, O, sq, score - 1, score) >= score:
                best.append(sq)
        return score, best

    def move_scores(self, P: int, O: int) -> dict[int, int]:
        """Exact score of every legal move for ``P``."""
        return {sq: self.move_value(P, O, sq) for sq in squares_of(legal_moves(P, O))}


def solve(P: int, O: int) -> tuple[int, list[int]]:
    """Exact score for the side to move ``P`` and the ascending list of its best squares."""
    return Solver().solve(P, O)
