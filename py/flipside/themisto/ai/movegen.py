"""The search's board: Themisto move generation and make/unmake on bitboards, moves as ints.

A move is the int ``from << 7 | to << 1 | capture`` (``PASS`` = -1); ints sort as ``Move``
objects do. :class:`Position` starts from a rules-core ``Board`` (its position and the history
the rules need: the board before the last move, repetition counts, the move limit) and keeps
what ``Board.push``/``pop`` keep, except the winning row: ``make`` does not look for wins (the
search tests for a win before it plays a move); ``won()`` says whether the last move won.
"""

from __future__ import annotations

from flipside.themisto.bitboard import (
    NEIGHBOURS,
    RAY_SQUARES,
    RAYS,
    SHIFTS,
    run_length,
    targets,
)
from flipside.themisto.board import CAPTURE_LIMIT, Board
from flipside.themisto.notation import Move

PASS = -1
_LINES = (0, 2, 4, 6)


def encode(move: Move) -> int:
    """The int of ``move``."""
    return PASS if move.is_pass else move.from_sq << 7 | move.to_sq << 1 | move.capture


def decode(code: int) -> Move:
    """The ``Move`` of an int."""
    return Move.PASS if code < 0 else Move(code >> 7, code >> 1 & 63, bool(code & 1))


def _between() -> list[int]:
    """``_BETWEEN[frm << 6 | to]``: the squares a slide from ``frm`` to ``to`` passes over,
    ``to`` included; -1 when the two are not on one line."""
    out = [-1] * 4096
    for frm in range(64):
        for d in range(8):
            path = 0
            for to in RAY_SQUARES[d][frm]:
                path |= 1 << to
                out[frm << 6 | to] = path
    return out


_BETWEEN = _between()
#: ``_RAY_BITS[sq]``: the eight rays from ``sq`` that are not empty, as tuples of square bits
_RAY_BITS = tuple(
    tuple(tuple(1 << s for s in RAY_SQUARES[d][sq]) for d in range(8) if RAY_SQUARES[d][sq])
    for sq in range(64)
)


def captured_by(lines: int, enders: int, to: int, limit: int) -> int:
    """``bitboard.captured``, faster: every run of 1..``limit`` ``lines`` disks leading from
    ``to`` directly to an ``enders`` disk."""
    total = 0
    for ray in _RAY_BITS[to]:
        if not lines & ray[0]:
            continue
        run = 0
        for bit in ray:
            if lines & bit:
                run |= bit
                continue
            if enders & bit and run.bit_count() <= limit:
                total |= run
            break
    return total


#: ``_QUEEN[sq]``: every square on a line through ``sq`` (``sq`` excluded).
_QUEEN = tuple(sum(RAYS[d][sq] for d in range(8)) for sq in range(64))
#: whether moving a disk loses a turn, by (the lines through its square) << 6 | its square
_LOSES: dict[int, bool] = {}


def _loses_turn(own: int, frm: int) -> bool:
    """True when the disk on ``frm`` is part of a run of exactly 3 or 4 of ``own`` on a line."""
    key = (own & _QUEEN[frm]) << 6 | frm
    lost = _LOSES.get(key)
    if lost is None:
        lost = any(3 <= run_length(own, frm, d) <= 4 for d in _LINES)
        if len(_LOSES) > 100000:
            _LOSES.clear()
        _LOSES[key] = lost
    return lost


# One make: (move, black, white, turn, drawn, key) as before it.
_Record = tuple[int, int, int, int, bool, tuple[int, int, int, int]]


class Position:
    """A position for the search: ``black``, ``white`` (bit sets), ``turn`` (the player to
    move), ``pending`` (bit 0: player one owes a lost turn, bit 1: player two), ``drawn``
    (the last move drew: both passed, threefold repetition or the move limit) and ``key``
    (board, player and pending lost turns, the transposition table's key)."""

    __slots__ = (
        "black",
        "drawn",
        "key",
        "last",
        "limit",
        "ply",
        "seen",
        "stack",
        "turn",
        "white",
    )

    def __init__(self, board: Board) -> None:
        self.black, self.white = board.bits()
        self.turn = board.turn
        p1, p2 = board.pending_lost_turns
        self.key = (self.black, self.white, self.turn, p1 | p2 << 1)
        self.drawn = board.status.result == "draw"
        self.ply = board.ply
        self.limit = board.move_limit
        self.seen = {(b, w, t, p[0] | p[1] << 1): n for (b, w, t, p), n in board._seen.items()}
        self.stack: list[_Record] = []
        record = board._undo[-1] if board._undo else None
        #: (the last move, its player, black and white before it), from the board if none here
        self.last = (
            (PASS, 0, -1, -1)
            if record is None
            else (encode(record[0]), record[1], record[2], record[3])
        )

    @property
    def pending(self) -> int:
        """Lost turns owed: bit 0 player one, bit 1 player two."""
        return self.key[3]

    def _after(self, code: int) -> tuple[int, int, int]:
        """(black, white, captured) after the slide ``code``, assumed geometrically legal."""
        frm, to = 1 << (code >> 7), 1 << (code >> 1 & 63)
        black, white = self.black, self.white
        if black & frm:
            own, other = black ^ frm, white | to
        else:
            own, other = white ^ frm, black | to
        taken = 0
        if code & 1:
            taken = captured_by(own, other, code >> 1 & 63, CAPTURE_LIMIT[self.turn])
            own ^= taken
            other |= taken
        if black & frm:
            return own, other, taken
        return other, own, taken

    def _before_last(self) -> tuple[int, int]:
        """The board before the previous move, which no move may bring back."""
        if self.stack:
            record = self.stack[-1]
            return record[1], record[2]
        return self.last[2], self.last[3]

    def back_square(self) -> int:
        """The square (as a bit) the last move started from, 0 after a pass or none: the
        only move the no-repetition rule can forbid lands there."""
        code = self.stack[-1][0] if self.stack else self.last[0]
        return 0 if code < 0 else 1 << (code >> 7)

    def moves(self) -> list[int]:
        """Every legal move (``[PASS]`` when there is none, ``[]`` once the game is drawn),
        in no particular order."""
        if self.drawn:
            return []
        occupied = self.black | self.white
        out = []
        for d, near, far, taking in targets(self.black, self.white, CAPTURE_LIMIT[self.turn]):
            step = SHIFTS[d][0]  # one step away, the disk is on ``to - step``
            while near:
                low = near & -near
                near ^= low
                to = low.bit_length() - 1
                code = (to - step) << 7 | to << 1
                out.append(code)
                if taking & low:
                    out.append(code | 1)
            rays = RAYS[d ^ 1]  # looking back from a destination, its disk is the first
            up = SHIFTS[d ^ 1][0] > 0
            while far:
                low = far & -far
                far ^= low
                to = low.bit_length() - 1
                hits = rays[to] & occupied
                code = (hits & -hits if up else hits).bit_length() - 1 << 7 | to << 1
                out.append(code)
                if taking & low:
                    out.append(code | 1)
        before = self._before_last()
        gone, came = occupied & ~(before[0] | before[1]), (before[0] | before[1]) & ~occupied
        if before[0] >= 0 and gone.bit_count() == 1 and came.bit_count() == 1:
            code = (gone.bit_length() - 1) << 7 | (came.bit_length() - 1) << 1
            for c in (code, code | 1):
                if c in out and self._after(c)[:2] == before:
                    out.remove(c)
        return out or [PASS]

    def is_legal(self, code: int) -> bool:
        """True when ``code`` is a legal move here."""
        if code < 0:
            return self.moves() == [PASS]
        frm, to = code >> 7, code >> 1 & 63
        occupied = self.black | self.white
        path = _BETWEEN[frm << 6 | to]
        if self.drawn or path < 0 or path & occupied or not occupied >> frm & 1:
            return False
        if not NEIGHBOURS[to] & occupied & ~(1 << frm):
            return False
        black, white, taken = self._after(code)
        if code & 1 and not taken:
            return False
        return (black, white) != self._before_last()

    def make(self, code: int) -> None:
        """Play the legal move ``code`` (not checked; wins are not looked for)."""
        black, white, turn, key = self.black, self.white, self.turn, self.key
        pending = key[3]
        self.stack.append((code, black, white, turn, self.drawn, key))
        if code >= 0:
            frm, to = 1 << (code >> 7), 1 << (code >> 1 & 63)
            at = code >> 7
            if black & frm:
                lost = _LOSES.get((black & _QUEEN[at]) << 6 | at)  # _loses_turn's cache first
                if lost or lost is None and _loses_turn(black, at):
                    pending |= turn  # bit 0 for player one, bit 1 for player two
                black ^= frm
                white |= to
                if code & 1:
                    taken = captured_by(black, white, code >> 1 & 63, CAPTURE_LIMIT[turn])
                    black ^= taken
                    white |= taken
            else:
                lost = _LOSES.get((white & _QUEEN[at]) << 6 | at)
                if lost or lost is None and _loses_turn(white, at):
                    pending |= turn
                white ^= frm
                black |= to
                if code & 1:
                    taken = captured_by(white, black, code >> 1 & 63, CAPTURE_LIMIT[turn])
                    white ^= taken
                    black |= taken
        nxt = 3 - turn
        while pending & nxt:  # a skipped turn is consumed; both pending: both consumed
            pending ^= nxt
            nxt = 3 - nxt
        self.black, self.white, self.turn = black, white, nxt
        self.key = key = (black, white, nxt, pending)
        seen = self.seen.get(key, 0) + 1
        self.seen[key] = seen
        self.ply += 1
        if code < 0:
            if len(self.stack) > 1:
                last, mover = self.stack[-2][0], self.stack[-2][3]
            else:
                last, mover = self.last[0], self.last[1]
            if last < 0 and mover and mover != turn:
                self.drawn = True
                return
        self.drawn = seen >= 3 or self.ply >= self.limit

    def unmake(self) -> None:
        """Undo the last ``make``."""
        self.seen[self.key] -= 1
        _, self.black, self.white, self.turn, self.drawn, self.key = self.stack.pop()
        self.ply -= 1

    def won(self) -> bool:
        """True when the last move made a winning row for the player who made it."""
        code, black, white, turn, _, _ = self.stack[-1]
        if code < 0:
            return False
        if self.black >> (code >> 1 & 63) & 1:
            colour, changed = self.black, self.black & ~black
        else:
            colour, changed = self.white, self.white & ~white
        while changed:
            low = changed & -changed
            changed ^= low
            for d in _LINES:
                n = run_length(colour, low.bit_length() - 1, d)
                if n == 5 or (n > 5 and turn == 2):
                    return True
        return False
