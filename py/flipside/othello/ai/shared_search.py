"""The computer's midgame move searched by several processes that share one hash table
(simplified ABDADA): ``--workers N`` on the command line.

Every worker runs the level's own ``Engine.think`` on the same position, with the same
budget and time rules, but its midgame search (:class:`SharingSearcher`) keeps its entries
in one table in shared memory (:class:`SharedTable`) and marks, in a small ``busy`` table,
the later children ("young brothers") it is searching. A worker that meets a young brother
another is searching leaves it for a second pass over the node's children; by then its
value is usually in the shared table. So the workers spread the tree among them with no
messages at all. Worker 0 keeps the level's time rules; when it answers, the others stop
and answer the last depth they finished, and the deepest answer is played (worker 0's when
as deep; its ``nodes`` are every worker's). A lost worker's answer is missed, no more.

Measured at a fixed depth (``python -m tools.play.shared_search``): two processes finish a
depth-12 search 1.47x as fast as one, where the root split (``split.py``) gives 1.08-1.2x.
The split still serves the endgame (exact solves split well at the root), hints and
analysis (docs/notes/2026-11-28-shared-table.md).

The page's search workers share a table too when the page is cross-origin isolated: a
``SharedArrayBuffer`` that Python in Pyodide reaches only through JavaScript functions
(:class:`CallTable`, :class:`PageShare`; ``web/js/shared-table.js`` holds that layout).

The table has no lock. A slot is five 64-bit words, ``P, O, data, extra, check`` with
``check = P ^ O ^ data ^ extra``; a slot whose words two writers mixed fails the check and
reads as empty. A new entry replaces the slot's old one. Slot 0 holds signals: word 0 the
number of the search running (0 when none), word 1 the last number given, word 2 the level
whose entries the table holds.
"""

from __future__ import annotations

import functools
import struct
from collections.abc import Callable
from typing import Any

from flipside.othello.ai.endgame import final_score
from flipside.othello.ai.engine import Engine
from flipside.othello.ai.search import _CORNERS, EVAL_ORDER_MIN, INF, MPC_MIN_DEPTH, Searcher
from flipside.othello.bitboard import FLIPS, legal_moves
from flipside.othello.board import Board

JSON = Any
SLOT = struct.Struct("<5Q")
"""A hash slot: ``P, O, data, extra, check``."""
TABLE_SLOTS = 1 << 17
"""Hash slots (5 MiB): about twice the entries a single engine keeps (``TABLE_LIMIT``)."""
BUSY_SLOTS = 1 << 14
"""Slots of the table of nodes being searched (one 64-bit key each)."""
SHARE_DEPTH = 3
"""Young brothers this many plies from the leaves or more are left for later while another
worker searches them (2 measured the same; below that a mark costs more than it saves)."""
PAGE_SHARE_DEPTH = 2
"""The same in the page, where 2 measured better: two workers finished 0.50-0.60 plies
deeper than one at level 6's budget (three runs of the ``pool_think`` bench) against
0.33-0.47 with 3 (four runs); docs/notes/2026-11-29-shared-table-page.md."""
HELPER_BUDGETS = 4.0
"""A helper's budget, in the level's: it is stopped when worker 0 answers, long before."""
_OFFSET = 1 << 31
_MASK64 = (1 << 64) - 1


class SharedTable:
    """The search's hash table, ``(P, O) -> (depth, lower, upper, best square)``, in
    ``slots`` slots (a power of two) of ``buffer``, after the slot of signals."""

    def __init__(self, buffer: Any, slots: int) -> None:
        if slots <= 0 or slots & (slots - 1):
            raise ValueError(f"the number of slots must be a power of two, got {slots}")
        self.view = memoryview(buffer)
        if len(self.view) < size_of(slots, 0):
            raise ValueError("the buffer is too small for the table")
        self._mask = slots - 1

    def get(self, key: tuple[int, int], /) -> tuple[int, int, int, int] | None:
        P, O, data, extra, check = SLOT.unpack_from(self.view, ((hash(key) & self._mask) + 1) * 40)
        if P != key[0] or O != key[1] or check != P ^ O ^ data ^ extra:
            return None
        return (
            extra >> 8,
            (data >> 32) - _OFFSET,
            (data & 0xFFFFFFFF) - _OFFSET,
            (extra & 0xFF) - 1,
        )

    def __setitem__(self, key: tuple[int, int], entry: tuple[int, int, int, int], /) -> None:
        depth, lower, upper, best_sq = entry
        P, O = key
        low = min(max(lower, -_OFFSET), _OFFSET - 1) + _OFFSET
        data = low << 32 | (min(max(upper, -_OFFSET), _OFFSET - 1) + _OFFSET)
        extra = depth << 8 | (best_sq + 1)
        offset = ((hash(key) & self._mask) + 1) * 40
        SLOT.pack_into(self.view, offset, P, O, data, extra, P ^ O ^ data ^ extra)

    def __len__(self) -> int:
        """Zero: the table never grows, so an engine never drops it."""
        return 0

    def signal(self, word: int) -> int:
        return int(SLOT.unpack_from(self.view, 0)[word])

    def set_signal(self, word: int, value: int) -> None:
        struct.pack_into("<Q", self.view, 8 * word, value & _MASK64)


class CallTable:
    """The same table in memory this process reaches only through two functions: the page's
    ``SharedArrayBuffer`` (``web/js/shared-table.js``, which says the layout), read and written
    by one JavaScript call each. ``probe(index, p_low, p_high, o_low, o_high)`` answers -1 or
    the entry packed in one number (``PACK`` bits each for the two bounds, then the depth and
    best square); ``store(index, p_low, p_high, o_low, o_high, lower, upper, extra)``."""

    def __init__(self, probe: Callable[..., int], store: Callable[..., None], slots: int) -> None:
        if slots <= 0 or slots & (slots - 1):
            raise ValueError(f"the number of slots must be a power of two, got {slots}")
        self._probe = probe
        self._store = store
        self._mask = slots - 1

    def get(self, key: tuple[int, int], /) -> tuple[int, int, int, int] | None:
        P, O = key
        packed = self._probe(hash(key) & self._mask, P & _LOW32, P >> 32, O & _LOW32, O >> 32)
        if packed < 0:
            return None
        lower = (packed >> PACK & _PACKED) - _BOUND
        upper = (packed & _PACKED) - _BOUND
        extra = packed >> 2 * PACK
        return (
            extra >> 7,
            -INF if lower <= -_BOUND + 1 else lower,
            INF if upper >= _BOUND - 1 else upper,
            (extra & 0x7F) - 1,
        )

    def __setitem__(self, key: tuple[int, int], entry: tuple[int, int, int, int], /) -> None:
        depth, lower, upper, best_sq = entry
        P, O = key
        self._store(
            hash(key) & self._mask,
            P & _LOW32,
            P >> 32,
            O & _LOW32,
            O >> 32,
            min(max(lower, 1 - _BOUND), _BOUND - 1),
            min(max(upper, 1 - _BOUND), _BOUND - 1),
            min(depth, 63) << 7 | (best_sq + 1),
        )

    def __len__(self) -> int:
        """Zero: the table never grows, so an engine never drops it."""
        return 0


PACK = 20
"""Bits of each bound in a packed entry: values within ``_BOUND - 2`` (evaluations are
within 64 discs times ``SCALE``); the outermost values stand for the infinite bounds."""
_BOUND = 1 << (PACK - 1)
_PACKED = (1 << PACK) - 1
_LOW32 = 0xFFFFFFFF


def size_of(table_slots: int, busy_slots: int) -> int:
    """Bytes of a shared block: the signals, the hash table and the busy table."""
    return (table_slots + 1) * SLOT.size + 8 * busy_slots


def views(block: Any) -> tuple[SharedTable, memoryview]:
    """The hash table and the busy table of a shared block (a buffer of ``BLOCK_SIZE``)."""
    view = memoryview(block)
    split = size_of(TABLE_SLOTS, 0)
    return SharedTable(view[:split], TABLE_SLOTS), view[split:].cast("Q")


BLOCK_SIZE = size_of(TABLE_SLOTS, BUSY_SLOTS)


class SharingSearcher(Searcher):
    """A midgame search on a shared table that leaves busy young brothers for later; the
    ``busy`` table's marks have ``mark_bits`` bits (31 in the page's ``Int32Array``).

    :meth:`_node` is ``Searcher._node`` with the young brothers' marks and second pass:
    copied on purpose, as ``endgame.Solver._deep`` is, because a hook would cost a call per
    node on the search's hottest path."""

    def __init__(
        self, busy: Any, share_depth: int = SHARE_DEPTH, mark_bits: int = 64, **options: Any
    ) -> None:
        super().__init__(**options)
        self.busy = busy
        self._busy_mask = len(busy) - 1
        self._mark_mask = (1 << mark_bits) - 1
        self.share_depth = share_depth

    def _node(self, P: int, O: int, alpha: int, beta: int, depth: int) -> int:
        if depth <= 1:
            if depth == 1:
                return self._frontier(P, O, alpha, beta)
            self.nodes += 1
            return self.evaluate(P, O)
        self.nodes += 1
        if self.nodes >= self._next_poll:
            self._poll()
        key = (P, O)
        entry = self.table.get(key)
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
                order = -INF if sq == hash_sq else evaluate(nP, nO)
            else:
                mob = legal_moves(nP, nO)
                corners = (mob & _CORNERS).bit_count()
                order = -INF if sq == hash_sq else mob.bit_count() + corners * 2
            children.append((order, sq, nP, nO, mob if d == 1 else d))
        children.sort()
        alpha0 = alpha
        best = -INF
        best_sq = -1
        child = self._frontier if d == 1 else self._node
        share = d >= self.share_depth
        busy = self.busy
        later = []
        first = True
        cut = False
        for item in children:
            _, sq, nP, nO, arg = item
            if first:
                v = -child(nP, nO, -beta, -alpha, arg)
                first = False
            elif share:
                mark = hash((nP, nO)) & self._mark_mask | 1
                slot = mark & self._busy_mask
                if busy[slot] == mark:  # another worker searches it: later
                    later.append(item)
                    continue
                busy[slot] = mark
                try:
                    v = -child(nP, nO, -alpha - 1, -alpha, arg)
                    if alpha < v < beta:
                        v = -child(nP, nO, -beta, -v, arg)
                finally:
                    if busy[slot] == mark:
                        busy[slot] = 0
            else:
                v = -child(nP, nO, -alpha - 1, -alpha, arg)
                if alpha < v < beta:
                    v = -child(nP, nO, -beta, -v, arg)
            if v > best:
                best = v
                best_sq = sq
                if v > alpha:
                    if v >= beta:
                        cut = True
                        break
                    alpha = v
        if not cut:
            for _, sq, nP, nO, arg in later:
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


# -- a worker's side ---------------------------------------------------------------------------


@functools.cache
def _block_views(block: str) -> tuple[SharedTable, memoryview]:
    """This worker's views of the shared block named ``block``, kept for its life."""
    import atexit

    from flipside.workers import attach

    shared = attach(block)
    table, busy = views(shared.buf)
    atexit.register(_let_go, table, busy, shared)
    return table, busy


def _let_go(table: SharedTable, busy: memoryview, shared: Any) -> None:
    """Release this worker's views of a shared block, then the block (at the worker's exit)."""
    busy.release()
    table.view.release()
    shared.close()


def sharing_engine(
    level: int, table: Any, busy: Any, mark_bits: int = 64, share_depth: int = SHARE_DEPTH
) -> Engine:
    """An engine at ``level`` whose midgame search uses ``table`` and the ``busy`` marks."""
    engine = Engine(level)
    engine.table = table
    engine.new_searcher = functools.partial(
        SharingSearcher, busy, share_depth=share_depth, mark_bits=mark_bits
    )
    return engine


@functools.cache
def _engine(level: int, block: str) -> Engine:
    """This worker's engine at ``level`` on the shared block named ``block``, kept for its
    life (as ``engine_at``)."""
    table, busy = _block_views(block)
    return sharing_engine(level, table, busy)


def part(
    engine: Engine,
    board: Board,
    budget: float,
    worker: int,
    stopped: Callable[[], bool],
    on_depth: Callable[[JSON], None] | None = None,
) -> JSON:
    """Worker ``worker``'s part of a shared search: ``engine.think`` of ``board``. Worker 0
    keeps the level's time rules within ``budget`` seconds; the others search on
    (``HELPER_BUDGETS`` times the budget at most) until ``stopped()``, and answer their last
    finished depth."""
    stop: Callable[[], bool] | None = None
    if worker:
        stop = stopped
        budget *= HELPER_BUDGETS
    info: JSON = engine.think(board, budget, stop, on_depth)
    return info


def think(block: str, run: int, worker: int, position: str, level: int, budget: float) -> JSON:
    """Worker ``worker``'s part (:func:`part`) of the shared search number ``run`` of
    ``position`` at ``level`` on the shared block named ``block``: the helpers stop when
    the search's number is no longer ``run``."""
    engine = _engine(level, block)
    table = engine.table
    assert isinstance(table, SharedTable)
    return part(
        engine, Board.from_position(position), budget, worker, lambda: table.signal(0) != run
    )


class PageShare:
    """The page's shared memory as this worker's searches use it: an object of
    ``web/js/shared-table.js`` (``probe``, ``store``, ``slots``, and the ``busy`` and
    ``signals`` arrays of 32-bit words; signal 0 is the number of the search running), with
    an engine per level on it, made on first use."""

    def __init__(self, shared: Any) -> None:
        self.table = CallTable(shared.probe, shared.store, int(shared.slots))
        self.busy = shared.busy
        self.signals = shared.signals
        self.engines: dict[int, Engine] = {}

    def engine(self, level: int) -> Engine:
        if level not in self.engines:
            self.engines[level] = sharing_engine(
                level, self.table, self.busy, mark_bits=31, share_depth=PAGE_SHARE_DEPTH
            )
        return self.engines[level]

    def stopped(self, run: int) -> Callable[[], bool]:
        """Whether the search number ``run`` is over (the page set signal 0 to another)."""
        signals = self.signals
        return lambda: bool(signals[0] != run)


# -- the caller's side -------------------------------------------------------------------------


def shares(engine: Engine, board: Board) -> bool:
    """Whether ``engine``'s move in ``board`` is a midgame search (no endgame phase, no
    noise), the one the workers share."""
    level = engine.settings
    P, O = board.bits()
    empties = 64 - (P | O).bit_count()
    return level.noise == 0 and empties > level.endgame + level.outcome + level.probable


def pool_think(pool: Any, engine: Engine, board: Board, budget: float) -> JSON:
    """``engine.think(board, budget)`` by every worker of ``pool`` (``flipside.workers.Pool``)
    sharing one table: the deepest answer, worker 0's first (this process's own search when
    every worker is lost), with the nodes of every worker and how many answered (``workers``)."""
    name, block = pool.shared_block(BLOCK_SIZE)
    table, busy = views(block)
    if table.signal(2) != engine.level:
        block[:] = bytes(len(block))
        table.set_signal(2, engine.level)
    tables = size_of(TABLE_SLOTS, 0)
    block[tables:] = bytes(len(block) - tables)
    run = table.signal(1) + 1
    table.set_signal(1, run)
    table.set_signal(0, run)
    position = board.position()
    calls = [(name, run, w, position, engine.level, budget) for w in range(pool.size)]
    try:
        results = pool.together(think, calls, lambda: table.set_signal(0, 0))
    finally:
        busy.release()
        table.view.release()
        block.release()
    found = [result for result in results if result is not None]
    if not found:
        return engine.think(board, budget)
    answer: JSON = max(found, key=lambda result: int(result["depth"]))  # the first deepest
    answer["nodes"] = sum(int(result["nodes"]) for result in found)
    answer["workers"] = len(found)
    return answer
