"""Themisto board: the rules of ``shared/specs/themisto.md``, with push/pop and game status.

The board is two bit sets (black disks, white disks). ``turn`` is the *player* to move (1 or
2): either player may move a disk of either colour. Each ``push`` records what ``pop`` needs,
so search and perft never copy the board.
"""

from __future__ import annotations

from dataclasses import asdict

from flipside.i18n import tr
from flipside.squares import DIRECTIONS, square_name
from flipside.themisto.bitboard import (
    NEIGHBOURS,
    RAY_SQUARES,
    captured,
    origin,
    run_length,
    run_squares,
    targets,
)
from flipside.themisto.notation import (
    Move,
    format_board,
    format_position,
    parse_position,
    split_moves,
)
from flipside.themisto.status import ONGOING, MoveInfo, Status

DEFAULT_MOVE_LIMIT = 200
#: Longest line a player may capture: player one 1-3 disks, player two any length (at most 6).
CAPTURE_LIMIT = (0, 3, 6)
_LINES = (0, 2, 4, 6)  # one direction index per line: horizontal, vertical, two diagonals


def _start() -> tuple[int, int]:
    black = white = 0
    for sq in range(64):
        f, r = sq & 7, sq >> 3
        if f in (0, 7) or r in (0, 7):
            if (f + r) % 2 == 0:
                black |= 1 << sq
            else:
                white |= 1 << sq
    return black, white


START_BLACK, START_WHITE = _start()


class IllegalMoveError(ValueError):
    """A move the rules do not allow here; the message says why."""


# One push: (move, mover, black before, white before, pending before, status before,
# captured bit set, mover lost a turn).
_Record = tuple[Move, int, int, int, tuple[int, int], Status, int, bool]


def _squares(bits: int) -> tuple[int, ...]:
    out = []
    while bits:
        low = bits & -bits
        out.append(low.bit_length() - 1)
        bits ^= low
    return tuple(out)


class Board:
    """A Themisto game: the position, the moves played and the history the rules need
    (no repetition, threefold repetition, the move limit, passes)."""

    __slots__ = ("_black", "_pending", "_seen", "_status", "_turn", "_undo", "_white", "move_limit")

    def __init__(self, move_limit: int = DEFAULT_MOVE_LIMIT) -> None:
        """The start position, player one to move; the game is drawn after ``move_limit`` moves."""
        self._setup(START_BLACK, START_WHITE, 1, (0, 0), move_limit)

    def _setup(
        self, black: int, white: int, turn: int, pending: tuple[int, int], move_limit: int
    ) -> None:
        if move_limit < 1:
            raise ValueError(tr("bad move limit {limit}: expected 1 or more", limit=move_limit))
        self.move_limit = move_limit
        self._black, self._white, self._turn, self._pending = black, white, turn, pending
        self._status = ONGOING
        self._undo: list[_Record] = []
        self._seen: dict[tuple[int, int, int, tuple[int, int]], int] = {
            (black, white, turn, pending): 1
        }

    @classmethod
    def from_position(cls, text: str, move_limit: int = DEFAULT_MOVE_LIMIT) -> Board:
        """The board of a position string, with no history (see ``notation``)."""
        board = cls.__new__(cls)
        board._setup(*parse_position(text), move_limit)
        return board

    @classmethod
    def from_moves(
        cls, text: str, position: str | None = None, move_limit: int = DEFAULT_MOVE_LIMIT
    ) -> Board:
        """Replay a space-separated move list from the start or from ``position``.

        A bad move raises ValueError (IllegalMoveError for a rule) as ``move N: <why>``.
        """
        board = cls(move_limit) if position is None else cls.from_position(position, move_limit)
        for number, token in enumerate(split_moves(text), 1):
            try:
                board.push_str(token)
            except IllegalMoveError as exc:
                raise IllegalMoveError(
                    tr("move {number}: {error}", number=number, error=exc)
                ) from None
            except ValueError as exc:
                raise ValueError(tr("move {number}: {error}", number=number, error=exc)) from None
        return board

    def copy(self) -> Board:
        """An independent board with the same position and history."""
        other = Board.__new__(Board)
        other.move_limit = self.move_limit
        other._black, other._white = self._black, self._white
        other._turn, other._pending, other._status = self._turn, self._pending, self._status
        other._undo = list(self._undo)
        other._seen = dict(self._seen)
        return other

    # ----- state -----------------------------------------------------------------------

    @property
    def turn(self) -> int:
        """The player to move: 1 or 2."""
        return self._turn

    @property
    def pending_lost_turns(self) -> tuple[int, int]:
        """Lost turns pending for (player one, player two), each 0 or 1."""
        return self._pending

    @property
    def status(self) -> Status:
        """Ongoing, a win (winner and row) or a draw (which rule)."""
        return self._status

    def is_game_over(self) -> bool:
        """True once the game is won or drawn."""
        return self._status.result != "ongoing"

    def bits(self) -> tuple[int, int]:
        """(black, white) as bit sets, bit ``sq`` for square ``sq``."""
        return self._black, self._white

    def cell(self, sq: int) -> str:
        """``"X"`` (black disk), ``"O"`` (white disk) or ``"-"`` (empty) on square ``sq``."""
        return "X" if self._black >> sq & 1 else "O" if self._white >> sq & 1 else "-"

    @property
    def move_stack(self) -> list[Move]:
        """The moves played on this board (passes included), oldest first."""
        return [record[0] for record in self._undo]

    @property
    def ply(self) -> int:
        """How many moves (passes included) have been played on this board."""
        return len(self._undo)

    def position(self) -> str:
        """The position string: ``<64 chars> <player> <P1 pending> <P2 pending>``."""
        return format_position(self._black, self._white, self._turn, self._pending)

    def moves_text(self) -> str:
        """The moves played, space-separated (replayable with ``from_moves``)."""
        return " ".join(str(m) for m in self.move_stack)

    # ----- move generation ---------------------------------------------------------------

    def _targets(self) -> list[tuple[int, int, int]]:
        """(direction, destinations, destinations where a capture is possible) for each
        direction and disk colour, before the no-repetition rule (``bitboard.targets``)."""
        limit = CAPTURE_LIMIT[self._turn]
        return [
            (d, near | far, taking)
            for d, near, far, taking in targets(self._black, self._white, limit)
        ]

    def _repeating(self) -> list[Move]:
        """The moves (at most two) that obey every other rule but give back the board as it
        stood before the previous move. Only a slide from a square that the previous board
        had empty to a square it had occupied can, so at most one slide is tried."""
        if not self._undo:
            return []
        record = self._undo[-1]
        before = record[2] | record[3]
        now = self._black | self._white
        gone, came = now & ~before, before & ~now
        if gone.bit_count() != 1 or came.bit_count() != 1:
            return []
        frm, to = gone.bit_length() - 1, came.bit_length() - 1
        out = []
        for capture in (False, True):
            move = Move(frm, to, capture)
            if self._slide_problem(move) is None:
                black, white, _ = self._result(move)
                if black == record[2] and white == record[3]:
                    out.append(move)
        return out

    def legal_moves(self) -> list[Move]:
        """Every legal move, sorted by from square, to square, non-capturing form first.

        ``[Move.PASS]`` when the player to move has none; ``[]`` once the game is over.
        """
        if self._status.result != "ongoing":
            return []
        occupied = self._black | self._white
        moves = []
        for d, dests, taking in self._targets():
            while dests:
                low = dests & -dests
                dests ^= low
                to = low.bit_length() - 1
                frm = origin(to, d, occupied)
                moves.append(Move(frm, to, False))
                if taking & low:
                    moves.append(Move(frm, to, True))
        repeating = self._repeating()
        if repeating:
            moves = [m for m in moves if m not in repeating]
        if not moves:
            return [Move.PASS]
        moves.sort(key=lambda m: (m.from_sq, m.to_sq, m.capture))
        return moves

    def count_moves(self) -> int:
        """``len(self.legal_moves())`` without building the moves (perft's last ply)."""
        if self._status.result != "ongoing":
            return 0
        n = 0
        for _, dests, taking in self._targets():
            n += dests.bit_count() + taking.bit_count()
        n -= len(self._repeating())
        return n if n else 1

    def destinations(self, square: int) -> list[tuple[int, bool]]:
        """Where the disk on ``square`` may legally go: (to square, capture possible) pairs in
        square order; empty when the square is empty or that disk cannot move. A destination
        is listed when either form is legal; ``can_capture`` says whether ``x`` is."""
        found: dict[int, bool] = {}
        for m in self.legal_moves():
            if m.from_sq == square:
                found[m.to_sq] = found.get(m.to_sq, False) or m.capture
        return sorted(found.items())

    # ----- checking and playing ----------------------------------------------------------

    def _slide_problem(self, move: Move) -> str | None:
        """Why ``move`` (not a pass) breaks the slide, adjacency or capture rule, or None."""
        frm, to = move.from_sq, move.to_sq
        if not (0 <= frm < 64 and 0 <= to < 64):
            return tr(
                "{origin}->{target} is not a move between squares 0..63",
                origin=move.from_sq,
                target=move.to_sq,
            )
        if frm == to:
            return tr("{move} does not move", move=move)
        occupied = self._black | self._white
        if not occupied >> frm & 1:
            return tr("{move}: there is no disk on {square}", move=move, square=square_name(frm))
        df, dr = (to & 7) - (frm & 7), (to >> 3) - (frm >> 3)
        if df and dr and abs(df) != abs(dr):
            return tr("{move} is not a straight line", move=move)
        d = DIRECTIONS.index(((df > 0) - (df < 0), (dr > 0) - (dr < 0)))
        for sq in RAY_SQUARES[d][frm]:
            if occupied >> sq & 1:
                if sq == to:
                    return tr("{move}: {square} is not empty", move=move, square=square_name(to))
                return tr(
                    "{move} is blocked by the disk on {square}", move=move, square=square_name(sq)
                )
            if sq == to:
                break
        if not NEIGHBOURS[to] & occupied & ~(1 << frm):
            return tr(
                "{move}: {square} is not next to another disk", move=move, square=square_name(to)
            )
        if move.capture and not self._result(move)[2]:
            return tr("{move} captures nothing", move=move)
        return None

    def _problem(self, move: Move) -> str | None:
        """Why ``move`` is illegal here, or None."""
        if self._status.result != "ongoing":
            return tr("{move}: the game is over, {status}", move=move, status=self._status)
        if move.is_pass:
            if self.legal_moves() != [Move.PASS]:
                return tr("pass: player {player} has a legal move", player=self._turn)
            return None
        problem = self._slide_problem(move)
        if problem is None and self._undo:
            record = self._undo[-1]
            if self._result(move)[:2] == (record[2], record[3]):
                problem = tr("{move} repeats the position before the previous move", move=move)
        return problem

    def is_legal(self, move: Move) -> bool:
        """True when ``push(move)`` would be accepted."""
        return self._problem(move) is None

    def _result(self, move: Move) -> tuple[int, int, int]:
        """(black, white, captured) after the slide ``move``, assumed geometrically legal."""
        frm, to = 1 << move.from_sq, 1 << move.to_sq
        black, white = self._black, self._white
        if black & frm:
            own, other = black ^ frm, white | to
        else:
            own, other = white ^ frm, black | to
        taken = captured(own, other, move.to_sq, CAPTURE_LIMIT[self._turn]) if move.capture else 0
        own ^= taken
        other |= taken
        if black & frm:
            return own, other, taken
        return other, own, taken

    def push(self, move: Move) -> None:
        """Play ``move``; IllegalMoveError (a ValueError) with the reason if it is not legal."""
        problem = self._problem(move)
        if problem is not None:
            raise IllegalMoveError(problem)
        self._play(move)

    def push_str(self, text: str) -> Move:
        """Parse ``text`` (``b1-b4``, ``c1c3x``, ``pass``), play it and return the move."""
        move = Move.parse(text)
        self.push(move)
        return move

    def _play(self, move: Move) -> None:
        """Play a legal ``move`` (not checked): the fast path for search and perft."""
        mover = self._turn
        black, white = self._black, self._white
        if move.from_sq < 0:
            new_black, new_white, taken, lost = black, white, 0, False
        else:
            frm = move.from_sq
            own = black if black >> frm & 1 else white
            lost = False
            for d in _LINES:
                if 3 <= run_length(own, frm, d) <= 4:
                    lost = True
                    break
            new_black, new_white, taken = self._result(move)
        self._undo.append((move, mover, black, white, self._pending, self._status, taken, lost))
        pending = [self._pending[0], self._pending[1]]
        if lost:
            pending[mover - 1] += 1
        turn = 3 - mover
        while pending[turn - 1]:  # a skipped turn is consumed; both pending: both consumed
            pending[turn - 1] -= 1
            turn = 3 - turn
        key = (new_black, new_white, turn, (pending[0], pending[1]))
        self._black, self._white, self._turn, self._pending = key
        seen = self._seen.get(key, 0) + 1
        self._seen[key] = seen
        if move.from_sq >= 0:
            row = self._winning_row(move, taken, mover)
            if row:
                self._status = Status("win", mover, row)
                return
        elif len(self._undo) >= 2:
            previous = self._undo[-2]
            if previous[0].is_pass and previous[1] != mover:
                self._status = Status("draw", reason="both passed")
                return
        if seen >= 3:
            self._status = Status("draw", reason="threefold repetition")
        elif len(self._undo) >= self.move_limit:
            self._status = Status("draw", reason="move limit")

    def _winning_row(self, move: Move, taken: int, mover: int) -> tuple[int, ...]:
        """Squares of the rows this move made that win for ``mover`` (empty if none).

        Every disk the move placed or flipped now has the moved disk's new colour, so a made
        row is a maximal run of that colour through one of those squares.
        """
        colour = self._black if self._black >> move.to_sq & 1 else self._white
        if colour.bit_count() < 5:
            return ()
        row: set[int] = set()
        for sq in (move.to_sq, *_squares(taken)):
            for d in _LINES:
                n = run_length(colour, sq, d)
                if n == 5 or (n > 5 and mover == 2):
                    row.update(run_squares(colour, sq, d))
        return tuple(sorted(row))

    def pop(self) -> Move:
        """Undo the last move and return it; IndexError if no move was played on this board."""
        if not self._undo:
            raise IndexError("pop from a board with no moves played")
        move, mover, black, white, pending, status, _, _ = self._undo.pop()
        key = (self._black, self._white, self._turn, self._pending)
        seen = self._seen[key] - 1
        if seen:
            self._seen[key] = seen
        else:
            del self._seen[key]
        self._black, self._white, self._turn, self._pending = black, white, mover, pending
        self._status = status
        return move

    def last_move_info(self) -> MoveInfo | None:
        """What the last move did (flips, lost turn, pending turns, status), or None."""
        if not self._undo:
            return None
        move, mover, _, _, _, _, taken, lost = self._undo[-1]
        flipped = () if move.is_pass else (move.to_sq, *_squares(taken))
        return MoveInfo(move, mover, flipped, _squares(taken), lost, self._pending, self._status)

    def to_dict(self) -> dict[str, object]:
        """The state as JSON-ready plain data."""
        info = self.last_move_info()
        return {
            "position": self.position(),
            "turn": self._turn,
            "pending_lost_turns": list(self._pending),
            "status": asdict(self._status),
            "moves": [str(m) for m in self.move_stack],
            "move_limit": self.move_limit,
            "last_move": None if info is None else {**asdict(info), "move": str(info.move)},
        }

    def __str__(self) -> str:
        p1, p2 = self._pending
        lines = [
            format_board(self._black, self._white),
            tr("player {player} to move", player=self._turn),
            tr("pending lost turns: player 1: {p1}, player 2: {p2}", p1=p1, p2=p2),
        ]
        if self._status.over:
            lines.append(tr("game over: {status}", status=self._status))
        return "\n".join(lines)

    def __repr__(self) -> str:
        return f"Board.from_position({self.position()!r})"
