"""Themisto's search: alpha-beta (negamax) with iterative deepening and a transposition
table on the search's own board (``movegen.Position``: moves as ints, make/unmake on
bitboards); every node first asks whether the player to move wins now.

Values are from the player to move's view: ``WIN - n`` (a win ``n`` plies ahead, proven), its
negative (a proven loss), else an estimate well inside ``±PROVEN``.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass

from flipside.themisto.ai.evaluation import score
from flipside.themisto.ai.movegen import PASS, Position, decode
from flipside.themisto.ai.threats import hot_squares, in_board_order, win_codes
from flipside.themisto.board import Board
from flipside.themisto.notation import Move

Info = dict[str, object]

WIN = 100000
"""The value of a win on the next ply; a win ``n`` plies ahead is ``WIN - n``."""
PROVEN = WIN - 1000
"""Values at or above ``PROVEN`` (or at or below ``-PROVEN``) are forced wins (losses)."""
_INF = WIN + 1
INF = _INF
"""Beyond any value: the bounds of a full window."""


class Stopped(Exception):
    """The search ran out of time or was told to stop."""


_EXACT, _LOWER, _UPPER = 0, 1, 2


def _to_tt(value: int, ply: int) -> int:
    if value >= PROVEN:
        return value + ply
    if value <= -PROVEN:
        return value - ply
    return value


def _from_tt(value: int, ply: int) -> int:
    if value >= PROVEN:
        return value - ply
    if value <= -PROVEN:
        return value + ply
    return value


@dataclass
class DepthResult:
    """The answer of one finished iteration."""

    depth: int
    move: Move
    score: int
    pv: list[Move]
    nodes: int
    seconds: float
    turn: int
    scores: dict[Move, int]

    def proven(self) -> dict[str, object] | None:
        """``{"winner": "one"|"two", "plies": N}`` when the score is a forced result."""
        return proven_of(self.score, self.turn)

    def to_dict(self) -> Info:
        """JSON-friendly form (moves as names)."""
        return {
            "depth": self.depth,
            "move": str(self.move),
            "score": self.score,
            "pv": [str(m) for m in self.pv],
            "nodes": self.nodes,
            "exact": self.proven() is not None,
            "proven": self.proven(),
            "seconds": round(self.seconds, 3),
            "scores": {str(m): v for m, v in self.scores.items()},
        }


def proven_of(score: int, turn: int) -> dict[str, object] | None:
    """The forced result a value means, for the player ``turn`` to move, or None."""
    if abs(score) < PROVEN:
        return None
    winner = turn if score > 0 else 3 - turn
    return {"winner": "one" if winner == 1 else "two", "plies": WIN - abs(score)}


class Searcher:
    """One alpha-beta search with iterative deepening; ``nodes`` counts positions visited."""

    def __init__(
        self,
        board: Board,
        should_stop: Callable[[], bool] | None = None,
        deadline: float | None = None,
        clock: Callable[[], float] = time.perf_counter,
    ) -> None:
        self.pos = Position(board)
        self.clock = clock
        self.should_stop = should_stop
        self.deadline = deadline
        self.nodes = 0
        self.table: dict[tuple[int, int, int, int], tuple[int, int, int, int]] = {}
        self.history: dict[int, int] = {}
        #: per ply, the last two moves that caused a cut-off there (tried before the full list)
        self.killers: dict[int, list[int]] = {}
        self.armed = False
        #: horizon nodes up to this many plies from the root play out a pending double move
        #: (every first move, then the win test); deeper, only the evaluation sees it
        self.double_move_plies = 1
        #: late move reductions: at nodes with at least ``reduce_from`` plies to go, quiet
        #: moves after the first ``reduce_after`` quiet ones are first searched a ply less
        #: (and again in full when that shows them better); off unless set
        self.reduce_from = 1000
        self.reduce_after = 1
        #: how much the evaluation counts the opponent's rows (percent; see ``Level.caution``)
        self.caution = 100
        #: the root moves, best first, after the last finished depth
        self.root_order: list[int] = []

    def _check(self) -> None:
        if not self.armed:
            return  # depth 1 always finishes: it is what takes wins and avoids losses in one
        if self.deadline is not None and self.clock() > self.deadline:
            raise Stopped
        if self.should_stop is not None and self.should_stop():
            raise Stopped

    def _wins(self, first_only: bool = True, captures: bool = True, plain: bool = True) -> bool:
        """Whether the player to move can win now (see ``threats.win_codes``)."""
        pos = self.pos
        found = win_codes(pos.black, pos.white, pos.turn, pos.is_legal, first_only, captures, plain)
        return bool(found)

    def _ordered(self, moves: list[int]) -> int:
        """Sort ``moves`` best first (in place); return the hot squares (where either
        player could complete a row now)."""
        hot = hot_squares(self.pos.black, self.pos.white)
        history = self.history

        def key(m: int) -> int:
            k = -history.get(m, 0)
            if m >= 0 and hot >> (m >> 1 & 63) & 1:
                k -= 10**6
            if m & 1:
                k -= 1000
            return k

        moves.sort()  # ties stay in move order
        moves.sort(key=key)
        return hot

    def _candidates(self, best: int | None, ply: int) -> Iterator[tuple[int, bool]]:
        """The moves of an inner node, best first, each with whether it is quiet (no capture,
        not onto a square where either player could complete a row): the table's move and
        this ply's killers (checked legal) before the full list is even made, since one of
        them often cuts off; then the rest, ordered (threat squares, history)."""
        pos = self.pos
        tried: list[int] = []
        if best is not None and pos.is_legal(best):
            tried.append(best)
            yield best, False
        for killer in self.killers.get(ply, ()):
            if killer not in tried and pos.is_legal(killer):
                tried.append(killer)
                yield killer, False
        moves = pos.moves()
        if tried:
            moves = [m for m in moves if m not in tried]
        hot = self._ordered(moves)
        for move in moves:
            yield move, not move & 1 and not hot >> (move >> 1 & 63) & 1

    def search(self, depth: int, alpha: int, beta: int, ply: int) -> int:
        """Value of the position for its player to move, searched ``depth`` plies (the move
        that led here did not win: the parent's win test saw to that)."""
        pos = self.pos
        self.nodes += 1
        if self.armed and not self.nodes & 15:  # every 16th node: under a millisecond apart
            self._check()
        if pos.drawn:
            return 0
        if depth <= 0:
            return self._leaf(beta, ply)
        if self._wins():
            return WIN - ply - 1
        key = pos.key
        entry = self.table.get(key)
        best_move: int | None = None
        if entry is not None:
            e_depth, flag, value, best_move = entry
            if e_depth >= depth:
                value = _from_tt(value, ply)
                if flag == _EXACT:
                    return value
                if flag == _LOWER and value >= beta:
                    return value
                if flag == _UPPER and value <= alpha:
                    return value
        alpha0 = alpha
        me = pos.turn
        best = -_INF
        chosen = None
        late = 0
        search = self.search
        child = ply + 1
        for move, quiet in self._candidates(best_move, ply):
            pos.make(move)
            same = pos.turn == me  # the mover lost a turn: it moves again, so no negation
            try:
                full = True
                if chosen is not None:
                    # principal variation search: after the first move, a null window shows
                    # most moves no better; only one that beats alpha is searched again in
                    # full. Late quiet moves are first searched a ply shallower.
                    late += quiet
                    reduce = depth >= self.reduce_from and quiet and late > self.reduce_after
                    if reduce or beta > alpha + 1:
                        down = depth - 1 - reduce
                        value = (
                            search(down, alpha, alpha + 1, child)
                            if same
                            else -search(down, -alpha - 1, -alpha, child)
                        )
                        full = value > alpha and (reduce or value < beta)
                if full:
                    value = (
                        search(depth - 1, alpha, beta, child)
                        if same
                        else -search(depth - 1, -beta, -alpha, child)
                    )
            finally:
                pos.unmake()
            if value > best:
                best, chosen = value, move
                if value > alpha:
                    alpha = value
                    if alpha >= beta:
                        self.history[move] = self.history.get(move, 0) + depth * depth
                        killers = self.killers.setdefault(ply, [])
                        if move not in killers and move != PASS:
                            killers.insert(0, move)
                            del killers[2:]
                        break
        assert chosen is not None
        flag = _UPPER if best <= alpha0 else _LOWER if best >= beta else _EXACT
        self.table[key] = (depth, flag, _to_tt(best, ply), chosen)
        return best

    def _leaf(self, beta: int, ply: int) -> int:
        """Value at the horizon: a win in one, else the evaluation. The captures' part of
        the win test (most of its cost) is skipped when the evaluation already fails high:
        a win could only raise the value, which changes nothing."""
        pos = self.pos
        me = pos.turn
        double = pos.key[3] & (3 - me) != 0  # the opponent owes a lost turn
        value, live = score(pos.black, pos.white, me, double, self.caution)
        # a plain winning slide is illegal only when it undoes the last move (no repetition),
        # landing where that move started: a square elsewhere is a win without further ado
        if live and (live & ~pos.back_square() or self._wins(captures=False)):
            return WIN - ply - 1
        if ply <= self.double_move_plies and double:
            # the player to move moves twice (the opponent lost a turn): check whether some
            # first move leaves a win for the second, so a lost turn that hands over a
            # winning double move is seen at the horizon (deeper, only the evaluation)
            if self._wins(plain=False):
                return WIN - ply - 1
            return self._double_move(ply, value)
        if value < beta and self._wins(plain=False):
            return WIN - ply - 1
        return value

    def _double_move(self, ply: int, value: int) -> int:
        """Value at the horizon for a player about to move twice: a win on the second move
        when some first move allows one, else ``value`` (the evaluation). No first move wins
        (the caller checked)."""
        pos = self.pos
        me = pos.turn
        moves = pos.moves()
        moves.sort()
        for move in moves:
            if move == PASS:
                break
            self._check()
            pos.make(move)
            try:
                self.nodes += 1
                if pos.turn == me and not pos.drawn and self._wins():
                    return WIN - ply - 2
            finally:
                pos.unmake()
        return value

    def _child(self, move: int, depth: int, alpha: int, beta: int) -> int:
        pos = self.pos
        me = pos.turn
        pos.make(move)
        try:
            if pos.won():
                return WIN - 1
            if pos.turn == me:
                return self.search(depth - 1, alpha, beta, 1)
            return -self.search(depth - 1, -beta, -alpha, 1)
        finally:
            pos.unmake()

    def root_move(self, move: int, depth: int, alpha: int, beta: int) -> int:
        """Value of the root move ``move`` searched ``depth`` plies within (``alpha``,
        ``beta``): one root move of :meth:`run`, as a search split over workers asks for it
        (``flipside.split``). Depth 1 always finishes."""
        self.armed = depth > 1
        return self._child(move, depth, alpha, beta)

    def principal_variation(self, first: int, depth: int) -> list[Move]:
        """The first move, then the table's best moves, while they are legal."""
        pos = self.pos
        line = [first]
        pos.make(first)
        played = 1
        try:
            while len(line) < depth + 1 and not pos.drawn and not pos.won():
                win = in_board_order(
                    win_codes(pos.black, pos.white, pos.turn, pos.is_legal), pos.black
                )
                if win:
                    line.append(win[0])
                    break
                entry = self.table.get(pos.key)
                if entry is None or not pos.is_legal(entry[3]):
                    break
                line.append(entry[3])
                pos.make(entry[3])
                played += 1
        finally:
            for _ in range(played):
                pos.unmake()
        return [decode(m) for m in line]

    def run(
        self,
        max_depth: int,
        all_values: bool = False,
        on_depth: Callable[[DepthResult], None] | None = None,
    ) -> DepthResult:
        """Iterative deepening to ``max_depth`` or the deadline; the last finished depth's
        answer (depth 0 = only the win-in-one check, when even depth 1 did not finish)."""
        pos = self.pos
        start = self.clock()
        moves = sorted(pos.moves())
        turn = pos.turn
        wins = in_board_order(win_codes(pos.black, pos.white, turn, pos.is_legal), pos.black)
        if wins:
            first = {decode(m): (WIN - 1 if m in wins else 0) for m in moves}
            win = decode(wins[0])
            result = DepthResult(0, win, WIN - 1, [win], 1, self.clock() - start, turn, first)
            if not all_values:
                if on_depth is not None:
                    on_depth(result)
                return result
        order = moves[:]
        self._ordered(order)
        result = DepthResult(
            0, decode(order[0]), 0, [decode(order[0])], 0, 0.0, turn, {decode(m): 0 for m in moves}
        )
        for depth in range(1, max_depth + 1):
            scores: dict[int, int] = {}
            best_move = order[0]
            alpha = -_INF
            try:
                for move in order:
                    if all_values:
                        value = self._child(move, depth, -_INF, _INF)
                    elif scores:
                        # a null window first: most moves only need to be shown no better
                        value = self._child(move, depth, alpha, alpha + 1)
                        if value > alpha:
                            value = self._child(move, depth, alpha, _INF)
                    else:
                        value = self._child(move, depth, -_INF, _INF)
                    scores[move] = value
                    if value > alpha:
                        alpha, best_move = value, move
            except Stopped:
                if scores and not all_values and decode(best_move) != result.move:
                    # The unfinished depth already refutes the last answer: the first move
                    # searched was that answer, and ``best_move`` scored better at this depth.
                    result = DepthResult(
                        result.depth,
                        decode(best_move),
                        alpha,
                        self.principal_variation(best_move, depth),
                        self.nodes,
                        self.clock() - start,
                        turn,
                        {**result.scores, **{decode(m): v for m, v in scores.items()}},
                    )
                break
            self.armed = True
            order.sort(key=lambda m: -scores[m])
            self.root_order = order[:]
            pv = self.principal_variation(best_move, depth)
            result = DepthResult(
                depth,
                decode(best_move),
                alpha,
                pv,
                self.nodes,
                self.clock() - start,
                turn,
                {decode(m): v for m, v in scores.items()},
            )
            if on_depth is not None:
                on_depth(result)
            settled = alpha > 0 or all(v <= -PROVEN for v in scores.values())
            if abs(alpha) >= PROVEN and settled and WIN - abs(alpha) <= depth + 1:
                break  # settled within this depth: deeper searches cannot change it
        return result
