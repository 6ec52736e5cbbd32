"""The Othello board: rules, move stack, results (python-chess style API).

>>> b = Board()
>>> b.push_str("f5")
Move('f5')
>>> b.push_str("d6")
Move('d6')
>>> b.transcript()
'f5d6'
>>> [str(m) for m in b.legal_moves()][:3]
['c3', 'c4', 'c5']
"""

from __future__ import annotations

from dataclasses import dataclass

from flipside.i18n import tr
from flipside.othello.bitboard import FLIPS, FULL
from flipside.othello.bitboard import flips as _flips
from flipside.othello.bitboard import legal_moves as _legal_moves
from flipside.othello.notation import (
    PASS_MOVE,
    Color,
    Move,
    format_position,
    parse_position,
    parse_square,
    split_transcript,
)

START_BLACK = (1 << 28) | (1 << 35)  # e4, d5
START_WHITE = (1 << 27) | (1 << 36)  # d4, e5

HANDICAP_CORNERS = (0, 63, 7, 56)
"""Handicap corner squares in the order they are given: a1, h8, h1, a8."""

SUPPLY = 32
"""Discs each player starts with in the disc supply."""


class IllegalMoveError(ValueError):
    """A move that is not legal in the position (a ``ValueError``, so the CLI reports it)."""


@dataclass(frozen=True, slots=True)
class Result:
    """The score of a position (final when ``over``; otherwise as if the game stopped now).

    ``margin`` is the disc count difference (larger minus smaller). ``black_final`` is Black's
    disc count with the empty squares given to the winner (split evenly on a draw), the WTHOR
    convention; ``score`` is Black's disc difference counted the same way (the FFO
    convention), so ``score == 2 * black_final - 64``.
    """

    black: int
    white: int
    empty: int
    winner: Color | None
    margin: int
    black_final: int
    score: int
    over: bool

    def to_dict(self) -> dict[str, object]:
        """Plain-JSON form (winner as ``"Black"``/``"White"``/``None``)."""
        return {
            "black": self.black,
            "white": self.white,
            "empty": self.empty,
            "winner": None if self.winner is None else str(self.winner),
            "margin": self.margin,
            "black_final": self.black_final,
            "score": self.score,
            "over": self.over,
        }


def score_discs(black: int, white: int, over: bool = True) -> Result:
    """Build the :class:`Result` for the given disc counts."""
    empty = 64 - black - white
    if black > white:
        winner: Color | None = Color.BLACK
        black_final = black + empty
    elif white > black:
        winner = Color.WHITE
        black_final = black
    else:
        winner = None
        black_final = black + empty // 2
    return Result(
        black=black,
        white=white,
        empty=empty,
        winner=winner,
        margin=abs(black - white),
        black_final=black_final,
        score=2 * black_final - 64,
        over=over,
    )


class Board:
    """An Othello position with its move history.

    ``Board()`` is the start position (white d4 e5, black e4 d5, Black to move).
    ``Board(handicap=n, handicap_color=c)`` also puts ``n`` (1..4) discs of colour ``c`` on the
    corners, in the order of :data:`HANDICAP_CORNERS` (a1, h8, h1, a8); Black still moves first.
    Equality and hash compare the position (discs and side to move), not the history.
    """

    __slots__ = ("_placed", "_root", "_stack", "black", "turn", "white")

    def __init__(self, handicap: int = 0, handicap_color: Color = Color.BLACK) -> None:
        if not 0 <= handicap <= 4:
            raise ValueError(tr("handicap is 0 to 4 corners, got {handicap}", handicap=handicap))
        handicap_color = Color(handicap_color)
        black, white = START_BLACK, START_WHITE
        corners = 0
        for sq in HANDICAP_CORNERS[:handicap]:
            corners |= 1 << sq
        if handicap_color is Color.BLACK:
            black |= corners
        else:
            white |= corners
        placed = [2, 2]
        placed[handicap_color] += handicap
        self.black: int = black
        """Bit set of black discs."""
        self.white: int = white
        """Bit set of white discs."""
        self.turn: Color = Color.BLACK
        """The side to move."""
        self._stack: list[tuple[Move, int]] = []
        self._root: tuple[int, int, Color] = (black, white, Color.BLACK)
        self._placed: list[int] = placed  # discs each side has put on the board

    @classmethod
    def with_handicap(cls, corners: int, for_color: Color = Color.BLACK) -> Board:
        """Start position with ``corners`` (1..4) corner discs for ``for_color``."""
        if not 1 <= corners <= 4:
            raise ValueError(tr("handicap is 1 to 4 corners, got {corners}", corners=corners))
        return cls(handicap=corners, handicap_color=for_color)

    @classmethod
    def from_position(cls, text: str) -> Board:
        """Board from ``"<64 chars> X|O"`` (a1..h1, a2..h2, ..., h8; see notation)."""
        black, white, turn = parse_position(text)
        return cls.from_bits(black, white, turn)

    @classmethod
    def from_bits(cls, black: int, white: int, turn: Color) -> Board:
        """Board from bit sets (bit ``8 * rank + file``) and the side to move."""
        if black & white:
            raise ValueError(tr("a square cannot hold both a black and a white disc"))
        if (black | white) & ~FULL:
            raise ValueError("bit sets must fit in 64 bits")
        board = cls()
        board.black, board.white, board.turn = black, white, Color(turn)
        board._root = (black, white, board.turn)
        # Unknown history: assume alternate moves from the 2 + 2 start (Black moved first).
        n = black.bit_count() + white.bit_count()
        extra = max(n - 4, 0)
        board._placed = [2 + (extra + 1) // 2, 2 + extra // 2]
        return board

    @classmethod
    def from_transcript(cls, text: str, start: Board | None = None) -> Board:
        """Replay a transcript (``f5d6c3...``) from the start position (or a copy of ``start``).

        Upper or lower case, spaces and move numbers are accepted; passes may be written
        ``pa``/``ps``/``pass`` or left out. Raises ``ValueError`` naming the move number and
        text, e.g. ``move 12: g9 is not a square`` or ``move 7: c3 is not legal for White``.
        """
        board = cls() if start is None else start.copy()
        for number, token in enumerate(split_transcript(text), start=1):
            try:
                move = Move.parse(token)
            except ValueError as exc:
                raise ValueError(tr("move {number}: {error}", number=number, error=exc)) from None
            try:
                board.push(move)
            except IllegalMoveError:
                if move.is_pass or board.has_legal_move() or board.is_game_over():
                    raise IllegalMoveError(
                        tr("move {number}: {error}", number=number, error=board._illegal(move))
                    ) from None
                board.push(PASS_MOVE)  # an implied pass
                try:
                    board.push(move)
                except IllegalMoveError:
                    error = IllegalMoveError(
                        tr("move {number}: {error}", number=number, error=board._illegal(move))
                    )
                    board.pop()
                    raise error from None
        return board

    # -- state -------------------------------------------------------------------------

    def _own(self) -> tuple[int, int]:
        """(side to move's discs, opponent's discs)."""
        if self.turn is Color.BLACK:
            return self.black, self.white
        return self.white, self.black

    def _moves(self) -> int:
        P, O = self._own()
        return _legal_moves(P, O)

    def position(self) -> str:
        """The ``"<64 chars> X|O"`` form of the position."""
        return format_position(self.black, self.white, self.turn)

    def bits(self) -> tuple[int, int]:
        """(side to move's discs, opponent's discs) as bit sets, the engine's view."""
        return self._own()

    def piece_at(self, square: int | str) -> Color | None:
        """Colour of the disc on a square (number or name), or None when empty."""
        sq = parse_square(square) if isinstance(square, str) else square
        if self.black >> sq & 1:
            return Color.BLACK
        if self.white >> sq & 1:
            return Color.WHITE
        return None

    def count(self, color: Color) -> int:
        """Number of discs of a colour on the board."""
        return (self.black if color is Color.BLACK else self.white).bit_count()

    @property
    def move_stack(self) -> list[Move]:
        """Moves played since the root position (passes included)."""
        return [move for move, _ in self._stack]

    @property
    def ply(self) -> int:
        """Number of moves (passes included) played since the root position."""
        return len(self._stack)

    def root(self) -> Board:
        """A new board at the position this board's history starts from."""
        black, white, turn = self._root
        board = Board.from_bits(black, white, turn)
        board._placed = self._root_placed()
        return board

    def _root_placed(self) -> list[int]:
        placed = list(self._placed)
        for i, (move, _) in enumerate(self._stack):
            if not move.is_pass:
                mover = self._root[2] if i % 2 == 0 else self._root[2].opponent
                placed[mover] -= 1
        return placed

    # -- moves -------------------------------------------------------------------------

    def legal_moves(self) -> list[Move]:
        """Legal moves in square order (a1, b1, ..., h8); ``[PASS_MOVE]`` when the side to
        move must pass; ``[]`` when the game is over."""
        P, O = self._own()
        moves = _legal_moves(P, O)
        if moves:
            out = []
            while moves:
                low = moves & -moves
                out.append(Move(low.bit_length() - 1))
                moves ^= low
            return out
        if _legal_moves(O, P):
            return [PASS_MOVE]
        return []

    def has_legal_move(self) -> bool:
        """True when the side to move can place a disc (so it may not pass)."""
        return self._moves() != 0

    def is_legal(self, move: Move) -> bool:
        """Whether ``move`` may be played now (a pass only when nothing else is legal)."""
        P, O = self._own()
        moves = _legal_moves(P, O)
        if move.is_pass:
            return moves == 0 and _legal_moves(O, P) != 0
        return bool(moves >> move.square & 1)

    def is_game_over(self) -> bool:
        """True when neither side can move."""
        P, O = self._own()
        return _legal_moves(P, O) == 0 and _legal_moves(O, P) == 0

    def flip_mask(self, move: Move) -> int:
        """Bit set of the discs ``move`` would flip (0 for a pass or an illegal move)."""
        if move.is_pass:
            return 0
        P, O = self._own()
        return _flips(P, O, move.square)

    def flips(self, move: Move | str) -> list[int]:
        """Squares (0..63, ascending) that ``move`` flips, for animation; [] for a pass."""
        if isinstance(move, str):
            move = Move.parse(move)
        mask = self.flip_mask(move)
        return [sq for sq in range(64) if mask >> sq & 1]

    def push(self, move: Move) -> None:
        """Play ``move``; raises :class:`IllegalMoveError` when it is not legal."""
        if move.is_pass:
            if not self.is_legal(move):
                raise self._illegal(move)
            flipped = 0
        else:
            sq = move.square
            bit = 1 << sq
            P, O = self._own()
            # A placement is legal exactly when the square is empty and it flips something.
            flipped = 0 if (P | O) & bit else FLIPS[sq](P, O)
            if not flipped:
                raise self._illegal(move)
            if self.turn is Color.BLACK:
                self.black = P | bit | flipped
                self.white = O ^ flipped
            else:
                self.white = P | bit | flipped
                self.black = O ^ flipped
            self._placed[self.turn] += 1
        self._stack.append((move, flipped))
        self.turn = self.turn.opponent

    def _illegal(self, move: Move) -> IllegalMoveError:
        if move.is_pass and self.has_legal_move():
            return IllegalMoveError(
                tr("pass is not legal for {side}: it has a move", side=self.turn.word())
            )
        if self.is_game_over():
            return IllegalMoveError(tr("{move} is not legal: the game is over", move=move))
        return IllegalMoveError(
            tr("{move} is not legal for {side}", move=move, side=self.turn.word())
        )

    def push_str(self, text: str) -> Move:
        """Parse and play a move (``"f5"``, ``"pass"``); returns the move."""
        move = Move.parse(text)
        self.push(move)
        return move

    def pop(self) -> Move:
        """Undo the last move and return it; ``IndexError`` when there is none."""
        if not self._stack:
            raise IndexError("pop from a board with no moves played")
        move, flipped = self._stack.pop()
        self.turn = self.turn.opponent
        if not move.is_pass:
            bit = 1 << move.square
            if self.turn is Color.BLACK:
                self.black &= ~(bit | flipped)
                self.white |= flipped
            else:
                self.white &= ~(bit | flipped)
                self.black |= flipped
            self._placed[self.turn] -= 1
        return move

    def peek(self) -> Move | None:
        """The last move played, or None."""
        return self._stack[-1][0] if self._stack else None

    # -- results -----------------------------------------------------------------------

    def result(self) -> Result:
        """Disc counts, winner, margin and final score (see :class:`Result`)."""
        return score_discs(self.black.bit_count(), self.white.bit_count(), self.is_game_over())

    def disc_supply(self) -> tuple[int, int]:
        """Discs left in (Black's, White's) supply, for a UI to show.

        Each player has 32 discs and puts two on the board at the start (plus any handicap
        corners); each move takes one disc from the mover's supply, or from the opponent's
        once the mover's is empty. A board set up from a position string has no history:
        its discs are assumed placed alternately from the start, Black first.
        """
        black = SUPPLY - self._placed[Color.BLACK]
        white = SUPPLY - self._placed[Color.WHITE]
        if black < 0:
            white, black = white + black, 0
        if white < 0:
            black, white = black + white, 0
        return black, white

    # -- notation ----------------------------------------------------------------------

    def transcript(self) -> str:
        """Moves since the root position, e.g. ``"f5d6c3"``, passes omitted."""
        return "".join(str(move) for move, _ in self._stack if not move.is_pass)

    def copy(self) -> Board:
        """An independent copy, history included."""
        board = Board.__new__(Board)
        board.black, board.white, board.turn = self.black, self.white, self.turn
        board._stack = list(self._stack)
        board._root = self._root
        board._placed = list(self._placed)
        return board

    def to_dict(self) -> dict[str, object]:
        """Plain-JSON view: position, side to move, legal moves, counts, supply, result."""
        black_supply, white_supply = self.disc_supply()
        return {
            "position": self.position(),
            "turn": str(self.turn),
            "legal_moves": [str(m) for m in self.legal_moves()],
            "black": self.count(Color.BLACK),
            "white": self.count(Color.WHITE),
            "supply": {"black": black_supply, "white": white_supply},
            "transcript": self.transcript(),
            "moves": [str(m) for m in self.move_stack],
            "game_over": self.is_game_over(),
            "result": self.result().to_dict(),
        }

    def __str__(self) -> str:
        rows = ["  a b c d e f g h"]
        for rank in range(8):
            cells = []
            for file in range(8):
                sq = 8 * rank + file
                cells.append("X" if self.black >> sq & 1 else "O" if self.white >> sq & 1 else "-")
            rows.append(f"{rank + 1} " + " ".join(cells))
        return "\n".join(rows)

    def __repr__(self) -> str:
        return f"Board.from_position({self.position()!r})"

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Board):
            return NotImplemented
        return (self.black, self.white, self.turn) == (other.black, other.white, other.turn)

    def __hash__(self) -> int:
        return hash((self.black, self.white, int(self.turn)))
