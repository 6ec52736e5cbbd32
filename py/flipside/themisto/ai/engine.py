"""The Themisto computer player: levels, best move, hints and forced wins found by search.

``Engine(level=N).best_move(board)`` plays; ``think`` is the entry for the page's worker (time
budget, ``should_stop()`` for "move now", ``on_depth(info)`` after each finished depth, a
JSON-friendly answer); ``analysis`` / ``analyze`` give a value to every legal move (hints).

The search is alpha-beta (negamax) with iterative deepening and a transposition table, on the
rules core's push/pop. Every node first asks whether the player to move can make a winning row
*now* (:func:`winning_moves`, bit-parallel for the plain slides): so a search of depth ``d``
sees wins ``d + 1`` plies ahead, depth 1 already avoids every loss in one, and a lost turn
(the opponent moving twice) is just two plies by the same player. ``docs/themisto-ai.md`` says
why this and not MCTS.

Values are from the player to move's view: ``WIN - n`` (a win ``n`` plies ahead, proven), its
negative (a proven loss), else an estimate well inside ``±PROVEN``.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass

from flipside import levels
from flipside.themisto.bitboard import (
    FULL,
    RAY_SQUARES,
    RAYS,
    SHIFTS,
    captured,
    origin,
    run_length,
    slides,
)
from flipside.themisto.board import CAPTURE_LIMIT, Board
from flipside.themisto.notation import Move

Info = dict[str, object]

WIN = 100000
"""The value of a win on the next ply; a win ``n`` plies ahead is ``WIN - n``."""
PROVEN = WIN - 1000
"""Values at or above ``PROVEN`` (or at or below ``-PROVEN``) are forced wins (losses)."""
_INF = WIN + 1
_LINES = (0, 2, 4, 6)


@dataclass(frozen=True)
class Level:
    """How one level plays.

    ``depth``: deepest iteration (plies; the win check adds one); ``seconds``: time budget per
    move, native (the browser is about twice as slow); ``noise``: standard deviation of the
    random amount added to each unproven move's value before choosing (0 plays the best move);
    ``random_moves``: share of moves chosen uniformly at random among the legal ones (a
    blunder: only level 1 has it); ``reduce_late``: late move reductions when playing (not in
    ``analysis``; see ``Searcher.reduce_from``); ``caution``: the weight, in percent, the
    evaluation gives the opponent's rows when playing (not in ``analysis``): below 100 the
    level underrates threats it cannot yet see to the end. From level 2 up a proven win is
    always played and a proven loss never chosen while another move is not one.
    """

    depth: int
    seconds: float
    noise: float = 0.0
    random_moves: float = 0.0
    reduce_late: bool = False
    caution: int = 100


LEVELS: dict[int, Level] = {
    1: Level(depth=1, seconds=0.3, noise=200.0, random_moves=0.5),
    2: Level(depth=1, seconds=0.3, noise=200.0),
    3: Level(depth=2, seconds=0.6, caution=25),
    4: Level(depth=30, seconds=1.2, reduce_late=True),
}
"""The levels, weakest first. The strongest (``MAX_LEVEL``) is also called ``"max"``."""

MAX_LEVEL = max(LEVELS)


def parse_level(level: int | str) -> int:
    """Level number from ``3``, ``"3"`` or ``"max"``; ValueError for anything else."""
    return levels.parse_level(level, LEVELS)


# ----- threats -----------------------------------------------------------------------------


def _line_shifts() -> tuple[tuple[int, int, int], ...]:
    """Per line: (k, mask after ``<< k``, mask after ``>> k``), one step either way."""
    out = []
    for d in _LINES:
        amount, mask = SHIFTS[d]
        back_amount, back_mask = SHIFTS[d ^ 1]
        if amount > 0:
            out.append((amount, mask, back_mask))
        else:
            out.append((back_amount, back_mask, mask))
    return tuple(out)


_LINE_SHIFTS = _line_shifts()
_CACHE: dict[tuple[int, int, int], int] = {}
#: ``_QUEEN[sq]``: every square on a line through ``sq`` (``sq`` excluded).
_QUEEN = tuple(sum(RAYS[d][sq] for d in range(8)) for sq in range(64))


def five_squares(colour: int, empty: int, player: int) -> int:
    """The empty squares where a disk of ``colour`` would make a winning row for ``player``:
    a maximal run of exactly five (player one) or five or more (player two) on some line."""
    key = (colour, empty, player)
    hit = _CACHE.get(key)
    if hit is not None:
        return hit
    out = 0
    for k, up_mask, down_mask in _LINE_SHIFTS:
        # up[i]: squares with i or more disks of ``colour`` in a row beyond them (<< side)
        a1 = (colour << k) & up_mask
        a2 = ((colour & a1) << k) & up_mask
        if not a2:
            continue  # no two in a row on this line: no five can be made
        b1 = (colour >> k) & down_mask
        b2 = ((colour & b1) >> k) & down_mask
        a3 = ((colour & a2) << k) & up_mask
        b3 = ((colour & b2) >> k) & down_mask
        a4 = ((colour & a3) << k) & up_mask
        b4 = ((colour & b3) >> k) & down_mask
        if player == 1:
            a5 = ((colour & a4) << k) & up_mask
            b5 = ((colour & b4) >> k) & down_mask
            out |= (
                (~a1 & b4 & ~b5)
                | (a1 & ~a2 & b3 & ~b4)
                | (a2 & ~a3 & b2 & ~b3)
                | (a3 & ~a4 & b1 & ~b2)
                | (a4 & ~a5 & ~b1)
            )
        else:
            out |= b4 | (a1 & b3) | (a2 & b2) | (a3 & b1) | a4
    out &= empty
    if len(_CACHE) > 50000:
        _CACHE.clear()
    _CACHE[key] = out
    return out


def reach(colour: int, empty: int) -> int:
    """Every empty square a disk of ``colour`` can slide to (adjacency not checked)."""
    out = 0
    for d in range(8):
        near, far = slides(colour, empty, d)
        out |= near | far
    return out


def _five_cover(bits: int) -> int:
    """Every square of ``bits`` that is part of five in a row on some line."""
    cover = 0
    for k, up_mask, down_mask in _LINE_SHIFTS:
        x = bits & ((bits << k) & up_mask)  # two in a row ending here
        x &= (x << k) & up_mask  # three
        x &= (x << k) & up_mask  # four
        x &= (x << k) & up_mask  # x: the last square of each five in a row
        if x:
            for _ in range(4):
                cover |= x
                x = (x >> k) & down_mask
            cover |= x
    return cover


def threat_squares(board: Board, player: int) -> tuple[int, int]:
    """(squares where ``player`` could win by sliding a white disk there (it turns black),
    the same for a black disk turning white), without captures. Both sides use both colours."""
    black, white = board.bits()
    empty = ~(black | white) & FULL
    to_black = five_squares(black, empty, player)
    to_white = five_squares(white, empty, player)
    if to_black:
        to_black &= reach(white, empty)
    if to_white:
        to_white &= reach(black, empty)
    return to_black, to_white


def _wins(colour: int, squares: int, player: int) -> bool:
    while squares:
        low = squares & -squares
        squares ^= low
        sq = low.bit_length() - 1
        for d in _LINES:
            n = run_length(colour, sq, d)
            if n == 5 or (n > 5 and player == 2):
                return True
    return False


def _capture_reach(own: int, other: int, empty: int, limit: int) -> tuple[int, int]:
    """(empty squares where a capture of ``own`` runs ending on ``other`` is possible, the
    ``own`` disks of those runs), over all eight directions."""
    dests = runs = 0
    for d in range(8):
        amount, mask = SHIFTS[d ^ 1]
        if amount > 0:
            t = frontier = own & (other << amount) & mask
            for _ in range(limit - 1):
                frontier = own & (frontier << amount) & mask
                if not frontier:
                    break
                t |= frontier
            dests |= empty & (t << amount) & mask
        else:
            back = -amount
            t = frontier = own & (other >> back) & mask
            for _ in range(limit - 1):
                frontier = own & (frontier >> back) & mask
                if not frontier:
                    break
                t |= frontier
            dests |= empty & (t >> back) & mask
        runs |= t
    return dests, runs


#: ``_ZONES[n][sq]``: the squares up to ``n`` steps from ``sq`` along the eight directions
_ZONES = {
    n: tuple(sum(1 << s for d in range(8) for s in RAY_SQUARES[d][sq][:n]) for sq in range(64))
    for n in set(CAPTURE_LIMIT[1:])
}


def _may_capture_five(capturing: int, runs: int, other: int, limit: int) -> int:
    """The squares of ``capturing`` where a capture might complete five in a row: the
    arriving disk and every capturable disk within reach of it, all turned ``other``, would
    put one of them in five in a row (a cheap bound, checked exactly afterwards)."""
    zone = _ZONES[limit]
    kept = 0
    while capturing:
        low = capturing & -capturing
        capturing ^= low
        changed = low | runs & zone[low.bit_length() - 1]
        if _five_cover(other | changed) & changed:
            kept |= low
    return kept


def _history_key(move: Move) -> int:
    """A move as a small int (the search's history table is keyed by it)."""
    return move.from_sq << 7 | move.to_sq << 1 | move.capture


def winning_moves(
    board: Board, first_only: bool = False, captures: bool = True, plain: bool = True
) -> list[Move]:
    """The legal moves that win at once for the player to move (with or without a capture).

    The plain slides are found for all squares at once (:func:`five_squares`); only the
    destinations where a capture is possible are played out one by one (the costly part:
    ``captures=False`` skips them, ``plain=False`` looks at captures only; the search's
    leaves check the slides first and play out the captures only when it matters).
    """
    if board.is_game_over():
        return []
    player = board.turn
    black, white = board.bits()
    occupied = black | white
    empty = ~occupied & FULL
    limit = CAPTURE_LIMIT[player]
    out: list[Move] = []
    for own, other in ((black, white), (white, black)):
        # a disk of ``own`` arrives flipped: it joins ``other``
        target = five_squares(other, empty, player) if plain else 0
        capturing, runs = _capture_reach(own, other, empty, limit) if captures else (0, 0)
        if capturing and not _five_cover(other | capturing | runs) & (capturing | runs):
            capturing = 0  # no capture could complete five in a row
        if capturing:
            capturing = _may_capture_five(capturing, runs, other, limit)
        if not target and not capturing:
            continue
        for d in range(8):
            near, far = slides(own, empty, d)
            dests = (near | far) & (target | capturing)
            while dests:
                low = dests & -dests
                dests ^= low
                to = low.bit_length() - 1
                if low & target:
                    move = Move(origin(to, d, occupied), to, False)
                    if board.is_legal(move):
                        out.append(move)
                        if first_only:
                            return out
                if low & capturing:
                    frm = origin(to, d, occupied)
                    taken = captured(own ^ (1 << frm), other | low, to, limit)
                    changed = low | taken
                    if (
                        taken
                        and _five_cover(other | changed) & changed
                        and (player == 2 or _wins(other | changed, changed, player))
                    ):
                        move = Move(frm, to, True)
                        if board.is_legal(move):
                            out.append(move)
                            if first_only:
                                return out
    return out


# ----- evaluation ----------------------------------------------------------------------------


def evaluate(board: Board, caution: int = 100) -> int:
    """Estimate for the player to move, who has no win in one (the search checked).

    It counts rows either side could complete next move (reachable winning squares, either
    colour): the opponent's are a threat the mover must answer (two are usually lost); the
    mover's own squares that no disk reaches yet are latent threats. When the opponent has a
    lost turn pending, the mover moves twice in a row: its latent threats become real.
    ``caution`` (percent) scales what the opponent's rows cost.
    """
    me = board.turn
    them = 3 - me
    black, white = board.bits()
    empty = ~(black | white) & FULL
    fives = [
        (player, sign, five_squares(black, empty, player), five_squares(white, empty, player))
        for player, sign in ((me, 1), (them, -1))
    ]
    # where a black disk would complete a row, a white disk must slide (it arrives flipped)
    any_black = fives[0][2] | fives[1][2]
    any_white = fives[0][3] | fives[1][3]
    reach_white = reach(white, empty) if any_black else 0
    reach_black = reach(black, empty) if any_white else 0
    score = 0
    double = board.pending_lost_turns[them - 1] > 0
    for player, sign, fb, fw in fives:
        live = (fb & reach_white).bit_count() + (fw & reach_black).bit_count()
        latent = (fb & ~reach_white).bit_count() + (fw & ~reach_black).bit_count()
        if sign < 0:
            score -= (300 * live if live < 2 else 900) * caution // 100
            score -= 25 * latent * caution // 100
        else:
            score += (60 if double else 25) * latent + 40 * live
    if double:
        score += 40
    return score


# ----- search ----------------------------------------------------------------------------


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
        self.board = board
        self.clock = clock
        self.should_stop = should_stop
        self.deadline = deadline
        self.nodes = 0
        self.table: dict[tuple[int, int, int, tuple[int, int]], tuple[int, int, int, Move]] = {}
        self.history: dict[int, int] = {}
        #: per ply, the last two moves that caused a cut-off there (tried before the full list)
        self.killers: dict[int, list[Move]] = {}
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

    def _check(self) -> None:
        if not self.armed:
            return  # depth 1 always finishes: it is what takes wins and avoids losses in one
        if self.deadline is not None and self.clock() > self.deadline:
            raise Stopped
        if self.should_stop is not None and self.should_stop():
            raise Stopped

    def _ordered(self, moves: list[Move], best: Move | None) -> int:
        """Sort ``moves`` best first (in place); return the hot squares (where either
        player could complete a row now)."""
        board = self.board
        me = board.turn
        hot = 0
        for player in (me, 3 - me):
            a, b = threat_squares(board, player)
            hot |= a | b
        history = self.history

        def key(m: Move) -> int:
            if m == best:
                return -(10**9)
            to = m.to_sq
            k = -history.get(_history_key(m), 0)
            if hot >> to & 1:
                k -= 10**6
            if m.capture:
                k -= 1000
            return k

        moves.sort(key=key)
        return hot

    def _candidates(self, best: Move | None, ply: int) -> Iterator[tuple[Move, bool]]:
        """The moves of an inner node, best first, each with whether it is quiet (no capture,
        not onto a square where either player could complete a row): the table's move and
        this ply's killers (checked legal) before the full list is even made, since one of
        them often cuts off; then the rest, ordered (threat squares, history)."""
        board = self.board
        tried: list[Move] = []
        if best is not None and board.is_legal(best):
            tried.append(best)
            yield best, False
        for killer in self.killers.get(ply, ()):
            if killer not in tried and board.is_legal(killer):
                tried.append(killer)
                yield killer, False
        moves = board.legal_moves()
        if tried:
            moves = [m for m in moves if m not in tried]
        hot = self._ordered(moves, None)
        for move in moves:
            yield move, not move.capture and not hot >> move.to_sq & 1

    def search(self, depth: int, alpha: int, beta: int, ply: int) -> int:
        """Value of the board for its player to move, searched ``depth`` plies."""
        board = self.board
        self.nodes += 1
        self._check()  # every node: a node costs far more than reading the clock
        status = board.status
        if status.result != "ongoing":
            if status.result == "draw":
                return 0
            return WIN - ply if status.winner == board.turn else -(WIN - ply)
        if depth <= 0:
            return self._leaf(beta, ply)
        if winning_moves(board, True):
            return WIN - ply - 1
        key = (*board.bits(), board.turn, board.pending_lost_turns)
        entry = self.table.get(key)
        best_move: Move | None = None
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
        me = board.turn
        best = -_INF
        chosen = None
        late = 0
        for move, quiet in self._candidates(best_move, ply):
            board._play(move)
            same = board.turn == me  # the mover lost a turn: it moves again
            try:
                if chosen is None:
                    value = self._value(same, depth - 1, alpha, beta, ply + 1)
                else:
                    # principal variation search: after the first move, a null window shows
                    # most moves no better; only one that beats alpha is searched again in
                    # full. Late quiet moves are first searched a ply shallower.
                    late += quiet
                    reduce = depth >= self.reduce_from and quiet and late > self.reduce_after
                    if reduce or beta > alpha + 1:
                        value = self._value(same, depth - 1 - reduce, alpha, alpha + 1, ply + 1)
                        if value > alpha and (reduce or value < beta):
                            value = self._value(same, depth - 1, alpha, beta, ply + 1)
                    else:
                        value = self._value(same, depth - 1, alpha, beta, ply + 1)
            finally:
                board.pop()
            if value > best:
                best, chosen = value, move
                if value > alpha:
                    alpha = value
                    if alpha >= beta:
                        code = _history_key(move)
                        self.history[code] = self.history.get(code, 0) + depth * depth
                        killers = self.killers.setdefault(ply, [])
                        if move not in killers and not move.is_pass:
                            killers.insert(0, move)
                            del killers[2:]
                        break
        assert chosen is not None
        flag = _UPPER if best <= alpha0 else _LOWER if best >= beta else _EXACT
        self.table[key] = (depth, flag, _to_tt(best, ply), chosen)
        return best

    def _value(self, same: bool, depth: int, alpha: int, beta: int, ply: int) -> int:
        """A child's value for the parent's player (``same``: the parent's player moves
        again after a lost turn, so the value is not negated)."""
        if same:
            return self.search(depth, alpha, beta, ply)
        return -self.search(depth, -beta, -alpha, ply)

    def _leaf(self, beta: int, ply: int) -> int:
        """Value at the horizon: a win in one, else the evaluation. The captures' part of
        the win test (most of its cost) is skipped when the evaluation already fails high:
        a win could only raise the value, which changes nothing."""
        board = self.board
        if winning_moves(board, True, captures=False):
            return WIN - ply - 1
        if ply <= self.double_move_plies and board.pending_lost_turns[2 - board.turn]:
            # the player to move moves twice (the opponent lost a turn): check whether some
            # first move leaves a win for the second, so a lost turn that hands over a
            # winning double move is seen at the horizon (deeper, only the evaluation)
            if winning_moves(board, True, plain=False):
                return WIN - ply - 1
            return self._double_move(ply)
        value = evaluate(board, self.caution)
        if value < beta and winning_moves(board, True, plain=False):
            return WIN - ply - 1
        return value

    def _double_move(self, ply: int) -> int:
        """Value at the horizon for a player about to move twice: a win on the second move
        when some first move allows one, else the evaluation."""
        board = self.board
        me = board.turn
        for move in board.legal_moves():
            if move.is_pass:
                break
            self._check()
            board._play(move)
            try:
                self.nodes += 1
                status = board.status
                if status.result == "win":
                    return WIN - ply - 1
                if board.turn == me and not status.over and winning_moves(board, True):
                    return WIN - ply - 2
            finally:
                board.pop()
        return evaluate(board, self.caution)

    def _child(self, move: Move, depth: int, alpha: int, beta: int) -> int:
        board = self.board
        me = board.turn
        board._play(move)
        try:
            if board.turn == me:
                return self.search(depth - 1, alpha, beta, 1)
            return -self.search(depth - 1, -beta, -alpha, 1)
        finally:
            board.pop()

    def principal_variation(self, first: Move, depth: int) -> list[Move]:
        """The first move, then the table's best moves, while they are legal."""
        board = self.board
        line = [first]
        board._play(first)
        played = 1
        try:
            while len(line) < depth + 1 and not board.is_game_over():
                win = winning_moves(board, True)
                if win:
                    line.append(win[0])
                    break
                key = (*board.bits(), board.turn, board.pending_lost_turns)
                entry = self.table.get(key)
                if entry is None or not board.is_legal(entry[3]):
                    break
                line.append(entry[3])
                board._play(entry[3])
                played += 1
        finally:
            for _ in range(played):
                board.pop()
        return line

    def run(
        self,
        max_depth: int,
        all_values: bool = False,
        on_depth: Callable[[DepthResult], None] | None = None,
    ) -> DepthResult:
        """Iterative deepening to ``max_depth`` or the deadline; the last finished depth's
        answer (depth 0 = only the win-in-one check, when even depth 1 did not finish)."""
        board = self.board
        start = self.clock()
        moves = board.legal_moves()
        turn = board.turn
        wins = winning_moves(board)
        if wins:
            first = {m: (WIN - 1 if m in wins else 0) for m in moves}
            result = DepthResult(
                0, wins[0], WIN - 1, [wins[0]], 1, self.clock() - start, turn, first
            )
            if not all_values:
                if on_depth is not None:
                    on_depth(result)
                return result
        order = moves[:]
        self._ordered(order, None)
        result = DepthResult(0, order[0], 0, [order[0]], 0, 0.0, turn, {m: 0 for m in moves})
        for depth in range(1, max_depth + 1):
            scores: dict[Move, int] = {}
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
                if scores and not all_values and best_move != result.move:
                    # The unfinished depth already refutes the last answer: the first move
                    # searched was that answer, and ``best_move`` scored better at this depth.
                    result = DepthResult(
                        result.depth,
                        best_move,
                        alpha,
                        self.principal_variation(best_move, depth),
                        self.nodes,
                        self.clock() - start,
                        turn,
                        {**result.scores, **scores},
                    )
                break
            self.armed = True
            order.sort(key=lambda m: -scores[m])
            pv = self.principal_variation(best_move, depth)
            result = DepthResult(
                depth,
                best_move,
                alpha,
                pv,
                self.nodes,
                self.clock() - start,
                turn,
                scores,
            )
            if on_depth is not None:
                on_depth(result)
            settled = alpha > 0 or all(v <= -PROVEN for v in scores.values())
            if abs(alpha) >= PROVEN and settled and WIN - abs(alpha) <= depth + 1:
                break  # settled within this depth: deeper searches cannot change it
        return result


# ----- the player --------------------------------------------------------------------------


@dataclass
class Analysis:
    """A value for every legal move (player to move's view), the best line and how sure."""

    values: dict[Move, int]
    best: Move
    pv: list[Move]
    proven: dict[str, object] | None
    depth: int
    nodes: int
    seconds: float

    @property
    def exact(self) -> bool:
        """True when the best value is a proven result."""
        return self.proven is not None

    def to_dict(self) -> Info:
        """JSON-friendly form (moves as names)."""
        return {
            "values": {str(m): v for m, v in self.values.items()},
            "best": str(self.best),
            "pv": [str(m) for m in self.pv],
            "exact": self.exact,
            "proven": self.proven,
            "depth": self.depth,
            "nodes": self.nodes,
            "seconds": round(self.seconds, 3),
        }


def describe(info: Info) -> str:
    """A line for people: ``player one wins by force in 3`` or ``score +25 (depth 4)``."""
    proven = info.get("proven")
    if isinstance(proven, dict):
        return f"player {proven['winner']} wins by force in {proven['plies']}"
    return f"score {int(str(info['score'])):+d} (depth {info['depth']})"


class Engine:
    """A computer player at a level (1 = beginner .. ``MAX_LEVEL``; ``"max"`` accepted).

    ``seed`` fixes the random choices of the noisy low levels (for tests and replays);
    ``clock`` is what the time budget is counted on (self-play on a shared machine passes
    ``time.process_time``, so other programs' load does not change the levels).
    """

    def __init__(
        self,
        level: int | str = 3,
        seed: int | None = None,
        clock: Callable[[], float] = time.perf_counter,
    ) -> None:
        self.clock = clock
        self.level = parse_level(level)
        self.settings = LEVELS[self.level]
        self.random = random.Random(seed)

    def best_move(self, board: Board) -> Move:
        """The move this level plays (``Move.PASS`` when the player to move must pass)."""
        return Move.parse(str(self.think(board)["move"]))

    def think(
        self,
        board: Board,
        seconds: float | None = None,
        should_stop: Callable[[], bool] | None = None,
        on_depth: Callable[[Info], None] | None = None,
        depth: int | None = None,
    ) -> Info:
        """Choose a move within ``seconds`` (default: the level's budget).

        ``should_stop()`` and the clock are polled at every node (a node can cost a
        millisecond or more): when it returns True the search ends and the answer of the last
        finished depth is played. Depth 1 always finishes (it
        takes every win in one and avoids every loss in one); the budget and ``should_stop``
        apply from depth 2 on. ``on_depth(info)`` gets a dict
        after each finished depth. Both it and the answer have the keys ``depth, move, score,
        pv, nodes, exact, proven, seconds, scores`` (moves as names; score from the player to
        move's view; ``proven`` is ``{"winner": "one"|"two", "plies": N}`` or None).
        ``depth`` overrides the level's deepest iteration (tests, fixed-depth matches).
        """
        if board.is_game_over():
            raise ValueError("the game is over: there is no move to choose")
        moves = board.legal_moves()
        if moves == [Move.PASS]:
            return {
                "move": "pass",
                "score": 0,
                "pv": ["pass"],
                "depth": 0,
                "nodes": 0,
                "exact": False,
                "proven": None,
                "seconds": 0.0,
                "scores": {"pass": 0},
            }
        level = self.settings
        budget = level.seconds if seconds is None else seconds
        noisy = level.noise > 0 or level.random_moves > 0
        work = board.copy()
        searcher = Searcher(work, should_stop, self.clock() + budget, self.clock)
        if level.reduce_late:
            searcher.reduce_from = 2
        searcher.caution = level.caution

        def report(result: DepthResult) -> None:
            if on_depth is not None:
                on_depth(result.to_dict())

        result = searcher.run(depth or level.depth, noisy, report)
        info = result.to_dict()
        if noisy:
            move = self._noisy_choice(result.scores)
            value = result.scores[move]
            info["move"] = str(move)
            info["score"] = value
            info["pv"] = [str(move)]
            info["proven"] = proven_of(value, board.turn)
            info["exact"] = info["proven"] is not None
        return info

    def _noisy_choice(self, scores: dict[Move, int]) -> Move:
        level = self.settings
        rnd = self.random
        if level.random_moves and rnd.random() < level.random_moves:
            return rnd.choice(sorted(scores))
        best = max(scores.values())
        if best >= PROVEN:
            return min(m for m in scores if scores[m] == best)
        alive = [m for m in sorted(scores) if scores[m] > -PROVEN] or sorted(scores)
        return max(alive, key=lambda m: scores[m] + rnd.gauss(0.0, level.noise))

    def analysis(
        self,
        board: Board,
        seconds: float | None = None,
        should_stop: Callable[[], bool] | None = None,
        on_depth: Callable[[Info], None] | None = None,
        depth: int | None = None,
    ) -> Analysis:
        """Every legal move's value (player to move's view) and the best line, at this level's
        depth (at least 1) and budget. A value at or above ``PROVEN`` is a forced win."""
        if board.is_game_over():
            raise ValueError("the game is over: there is no move to analyse")
        start = self.clock()
        if board.legal_moves() == [Move.PASS]:
            return Analysis({Move.PASS: 0}, Move.PASS, [Move.PASS], None, 0, 0, 0.0)
        level = self.settings
        budget = level.seconds if seconds is None else seconds
        work = board.copy()
        searcher = Searcher(work, should_stop, self.clock() + budget, self.clock)

        def report(result: DepthResult) -> None:
            if on_depth is not None:
                on_depth(result.to_dict())

        result = searcher.run(depth or max(level.depth, 1), True, report)
        return Analysis(
            dict(result.scores),
            result.move,
            result.pv,
            result.proven(),
            result.depth,
            result.nodes,
            self.clock() - start,
        )

    def analyze(self, board: Board) -> dict[Move, int]:
        """Value of every legal move (player to move's view; ``>= PROVEN`` a forced win)."""
        return self.analysis(board).values
