"""`python -m flipside othello nboard`: an Othello engine for NBoard and other programs that
speak the NBoard protocol (one command a line on stdin, one answer a line on stdout).

``Session.handle(line)`` does one command: ``nboard``, ``set depth|game|contempt``, ``move``
(or a bare move such as ``F5``), ``hint``, ``go``, ``ping``, ``learn``, ``quit``. ``serve``
reads stdin in a thread of its own, so a ``ping`` (or ``quit``) that arrives while a
search runs stops that search before it is answered, as the protocol asks.
A command that is unknown or malformed gets one line on stderr and is ignored; the engine
goes on. The protocol's words are not translated. What each command does: docs/nboard.md.

Searches: ``set depth N`` is the midgame depth in plies (the top level's selective search,
Multi-ProbCut, no time limit); a position with at most ``N + EXACT_BEYOND_DEPTH`` empty
squares is solved exactly instead. ``go`` plays the opening book's move (from depth
``BOOK_FROM_DEPTH``) when the position is in it. Values are discs from the side to move.
"""

from __future__ import annotations

import io
import math
import re
import threading
import time
from collections import deque
from collections.abc import Callable, Iterable
from typing import TextIO

from flipside.othello import ggf
from flipside.othello.ai.endgame import Solver, Stopped
from flipside.othello.ai.openings import book_move
from flipside.othello.ai.search import DepthResult, Searcher, Table
from flipside.othello.bitboard import legal_moves
from flipside.othello.board import Board
from flipside.othello.notation import PASS, PASS_MOVE, Move

NAME = "Flipside"
DEFAULT_DEPTH = 8
"""The midgame depth until the program sends ``set depth``."""
MAX_DEPTH = 60
EXACT_BEYOND_DEPTH = 4
"""Positions with at most ``depth + EXACT_BEYOND_DEPTH`` empties are solved exactly (depth 4:
8 empties, as level 3; depth 12: 16, as the top level). A solve there takes 0.6 to 2.3 times
as long as the midgame search of that depth (docs/notes/2026-11-27-nboard.md)."""
PRESEARCH_DEPTH = 4
"""Before a solve, a midgame search this deep (at most) orders the moves and gives the move
to fall back on when a ``ping`` stops the solve."""
BOOK_FROM_DEPTH = 4
"""``go`` plays the opening book's move from this depth up (levels 4 to 6 use the book)."""
SELECTIVITY = 1.0
"""Multi-ProbCut threshold of the midgame search, as the top level's."""
TABLE_LIMIT = 60_000
"""The midgame hash table goes on from one command to the next up to this many entries."""

Send = Callable[[str], None]


def parse_count(text: str, what: str, low: int, high: int) -> int:
    """A whole number ``low..high`` written alone; ValueError naming ``what`` otherwise."""
    words = text.split()
    if len(words) != 1 or not re.fullmatch(r"[+-]?[0-9]+", words[0]):
        raise ValueError(f"{what} must be a whole number {low}..{high}, got {text.strip()!r}")
    value = int(words[0])
    if not low <= value <= high:
        raise ValueError(f"{what} must be a whole number {low}..{high}, got {value}")
    return value


def parse_number(text: str, what: str) -> float:
    """A finite decimal number (``""`` counts as 0, as the protocol's omitted fields)."""
    if not text.strip():
        return 0.0
    try:
        value = float(text)
    except ValueError:
        value = math.nan
    if not math.isfinite(value):
        raise ValueError(f"{what} must be a number, got {text.strip()!r}")
    return value


def parse_move(text: str) -> tuple[Move, float, float]:
    """``F5``, ``F5/1.5`` or ``F5/1.5/0.3`` (move, eval, seconds; ``PA`` a pass) as the
    ``move`` command and GGF write them; omitted numbers are 0."""
    words = text.split()
    if len(words) != 1:
        raise ValueError(f"expected one move such as F5 or F5/1.50/2.3, got {text.strip()!r}")
    fields = words[0].split("/")
    if len(fields) > 3:
        raise ValueError(f"expected move/eval/time, got {words[0]!r}")
    fields += [""] * (3 - len(fields))
    try:
        move = Move.parse(fields[0])
    except ValueError:
        raise ValueError(f"{fields[0]!r} is not a square (a1..h8) or PA") from None
    return move, parse_number(fields[1], "the eval"), parse_number(fields[2], "the time")


def is_move(text: str) -> bool:
    """True for a square name (``F5``) or ``PA``."""
    try:
        Move.parse(text)
    except ValueError:
        return False
    return True


def move_name(square: int) -> str:
    """A square as the protocol writes it: ``F5`` (``PA`` for the pass)."""
    return "PA" if square == PASS else str(Move(square)).upper()


def line_text(board: Board, squares: Iterable[int]) -> str:
    """A principal variation for the protocol: ``F5-D6-PA-C3`` (passes the search leaves
    out written in; it ends early at a move that is not legal)."""
    board = board.copy()
    words: list[str] = []
    for sq in squares:
        move = Move(sq)
        if not board.is_legal(move) and board.is_legal(PASS_MOVE):
            board.push(PASS_MOVE)
            words.append("PA")
        if not board.is_legal(move):
            break
        board.push(move)
        words.append(move_name(sq))
    return "-".join(words)


def value_text(value: float) -> str:
    """A value in discs as the protocol's double: ``2.00``, ``-0.50``."""
    return f"{value:.2f}" if abs(value) >= 0.005 else "0.00"


class Session:
    """One engine: the position (``board``), the depth, and the answers it sends.

    ``send(line)`` writes one line to the program (stdout), ``warn(line)`` one line for a
    person (stderr); ``should_stop()`` is polled during searches (a ``ping`` is waiting).
    """

    def __init__(
        self, send: Send, warn: Send, should_stop: Callable[[], bool] | None = None
    ) -> None:
        self.send = send
        self.warn = warn
        self.should_stop = should_stop if should_stop is not None else lambda: False
        self.board = Board()
        self.depth = DEFAULT_DEPTH
        self.contempt = 0.0
        self.version: int | None = None
        self.table: Table = {}

    def handle(self, line: str) -> bool:
        """Do the command of one input line; False after ``quit``. A bad command is told on
        stderr and ignored."""
        command, _, rest = line.strip().partition(" ")
        rest = rest.strip()
        try:
            if command == "quit":
                return False
            if command:
                self._dispatch(command, rest)
        except ValueError as exc:
            message = str(exc).replace("\n", " ")
            self.warn(f"{NAME}: {line.strip()[:60]!r} ignored: {message}")
        return True

    def _dispatch(self, command: str, rest: str) -> None:
        if command == "nboard":
            self.version = parse_count(rest, "the protocol version", 0, 1_000_000)
        elif command == "set":
            self._set(rest)
        elif command == "move":
            self._move(rest)
        elif command == "hint":
            self.hint(parse_count(rest, "the number of moves", 1, 2**31 - 1) if rest else 1)
        elif command == "go":
            self._no_arguments(command, rest)
            self.go()
        elif command == "ping":
            self.send(f"pong {parse_count(rest, 'the ping number', -(2**63), 2**63)}")
        elif command == "learn":
            self._no_arguments(command, rest)
            self.send("learned")  # the book is a fixed file: nothing is stored
        elif not rest and is_move(command):
            self._move(command)  # NBoard 1.1 sends a bare move: "F5"
        else:
            raise ValueError(f"unknown command {command!r}")

    @staticmethod
    def _no_arguments(command: str, rest: str) -> None:
        if rest:
            raise ValueError(f"{command} takes no arguments, got {rest!r}")

    def _set(self, rest: str) -> None:
        name, _, value = rest.partition(" ")
        if name == "depth":
            self.depth = parse_count(value, "the depth", 1, MAX_DEPTH)
            self.send(f"set myname {NAME}{self.depth}")
        elif name == "game":
            self.board = read_game(value)
        elif name == "contempt":
            if not value.strip():
                raise ValueError("set contempt needs a number of discs")
            self.contempt = parse_number(value, "the contempt")  # kept; see docs/nboard.md
        else:
            raise ValueError(f"unknown setting {name!r} (depth, game and contempt are known)")

    def _move(self, text: str) -> None:
        move, _eval, _seconds = parse_move(text)
        board = self.board
        if not board.is_legal(move) and not move.is_pass and board.is_legal(PASS_MOVE):
            board.push(PASS_MOVE)  # the program left out a forced pass
            if not board.is_legal(move):
                board.pop()
        board.push(move)  # IllegalMoveError, a ValueError, names the move and the side

    # -- searching ---------------------------------------------------------------------

    def _searcher(self) -> Searcher:
        if len(self.table) > TABLE_LIMIT:
            self.table = {}
        return Searcher(should_stop=self.should_stop, selectivity=SELECTIVITY, table=self.table)

    def _position(self, command: str) -> tuple[int, int, int]:
        """``(P, O, empties)`` of the position to search; ValueError when the game is over."""
        if self.board.is_game_over():
            raise ValueError(f"{command}: the game is over, there is no move to search")
        P, O = self.board.bits()
        return P, O, 64 - (P | O).bit_count()

    def _search_line(self, squares: list[int], value: float, depth: int, exact: bool) -> None:
        note = "exact" if exact else "midgame"
        pv = line_text(self.board, squares)
        self.send(f"search {pv} {value_text(value)} 0 {depth} {note}")

    def _nodestats(self, nodes: int, start: float) -> None:
        self.send(f"nodestats {nodes} {_since(start)}")

    def go(self) -> None:
        """Send ``=== move/eval/time``: the move this engine would play (the board stays as it
        is: the program sends the move back with ``move`` if it is played)."""
        P, O, empties = self._position("go")
        start = time.perf_counter()
        self.send(f"status {NAME} is thinking (depth {self.depth})")
        moves = legal_moves(P, O)
        if not moves:
            self.send("=== PA")
            self.send(f"status {NAME}: a forced pass")
            return
        if self.depth >= BOOK_FROM_DEPTH and (hit := book_move(P, O)) is not None:
            square, mean = hit
            self.send(f"=== {move_name(square)}/{value_text(mean)}/0.00")
            self.send(f"status {NAME}: {move_name(square)}, a book move")
            return
        result = self._best(P, O, empties, moves, start)
        seconds = _since(start)
        move = move_name(result.move)
        self.send(f"=== {move}/{value_text(result.score)}/{seconds}")
        kind = f"exact, {empties} empties" if result.exact else f"depth {result.depth}"
        self.send(
            f"status {NAME}: {move} {value_text(result.score)} ({kind}, "
            f"{result.nodes} nodes, {seconds} s)"
        )

    def _best(self, P: int, O: int, empties: int, moves: int, start: float) -> DepthResult:
        """The best move: a depth-1 search when forced, exact within reach, else the
        midgame search; a search line after each finished depth and the solve."""
        searcher = self._searcher()

        def report(result: DepthResult) -> None:
            self._search_line(result.pv, result.score, result.depth, False)
            self._nodestats(result.nodes, start)

        if not moves & (moves - 1):  # one legal move: its value at depth 1
            return searcher.run(P, O, 1, None, report)
        if empties > self.depth + EXACT_BEYOND_DEPTH:
            return searcher.run(P, O, min(self.depth, empties), None, report)
        result = searcher.run(P, O, min(self.depth, empties, PRESEARCH_DEPTH), None, report)
        if self.should_stop():
            return result
        solver = Solver(self.should_stop)
        try:
            score, sq = solver.best(P, O, searcher.root_order, 2 * round(result.score / 2))
        except Stopped:
            return result
        pv = solver.principal_variation(P, O, sq)
        nodes = searcher.nodes + solver.nodes
        self._search_line(pv, score, empties, True)
        self._nodestats(nodes, start)
        return DepthResult(empties, sq, score, pv, nodes, True, time.perf_counter() - start)

    def hint(self, count: int) -> None:
        """Send ``search`` lines for the ``count`` best moves, best first, after each
        finished depth (and for the exact values within reach)."""
        P, O, empties = self._position("hint")
        start = time.perf_counter()
        self.send(f"status {NAME} is analysing (depth {self.depth})")
        if not legal_moves(P, O):  # a forced pass: its value from the opponent's search
            result = self._searcher().run(O, P, min(self.depth, empties))
            self.send(f"search PA {value_text(-result.score)} 0 {result.depth} midgame")
            self.send(f"status {NAME}: a forced pass")
            return
        searcher = self._searcher()
        exact = empties <= self.depth + EXACT_BEYOND_DEPTH
        depth = min(self.depth, empties, PRESEARCH_DEPTH) if exact else min(self.depth, empties)

        def report(result: DepthResult) -> None:
            best = sorted(result.scores, key=lambda sq: -result.scores[sq])[:count]
            for sq in best:
                pv = searcher.principal_variation(P, O, sq, result.depth)
                self._search_line(pv, result.scores[sq], result.depth, False)
            self._nodestats(result.nodes, start)

        result = searcher.run(P, O, depth, None, report, all_values=True)
        summary = f"depth {result.depth}"
        if exact and not self.should_stop():
            solver = Solver(self.should_stop)
            try:
                values = {sq: solver.move_value(P, O, sq) for sq in searcher.root_order}
                for sq in sorted(values, key=lambda sq: -values[sq])[:count]:
                    pv = solver.principal_variation(P, O, sq)
                    self._search_line(pv, values[sq], empties, True)
            except Stopped:
                pass
            else:
                summary = f"exact, {empties} empties"
                self._nodestats(searcher.nodes + solver.nodes, start)
        self.send(f"status {NAME}: {summary} in {_since(start)} s")


def _since(start: float) -> str:
    """Seconds since ``start`` as the protocol's double."""
    return f"{time.perf_counter() - start:.2f}"


def read_game(text: str) -> Board:
    """The board at the end of a GGF game (its moves kept as the board's history)."""
    game = ggf.read_game(text)
    board = Board.from_position(game.start)
    for name in game.moves:
        board.push(Move.parse(name))
    return board


STOPS = (["ping"], ["quit"])
"""The first words of the lines that stop a running search."""


class Inbox:
    """Input lines waiting to be done, filled by a reader thread; it can tell whether a
    line that stops a search (``ping``, ``quit``) is among them. The end of input does not
    stop one: a script piped in gets every answer (a program that has gone is noticed at
    the next line sent)."""

    def __init__(self) -> None:
        self._lines: deque[str | None] = deque()
        self._ready = threading.Condition()

    def fill(self, stream: TextIO) -> None:
        """Queue every line of ``stream``, then None (the end of input)."""
        try:
            for line in stream:
                self.put(line)
        finally:
            self.put(None)

    def put(self, line: str | None) -> None:
        with self._ready:
            self._lines.append(line)
            self._ready.notify()

    def get(self) -> str | None:
        """The next line (waiting for one); None at the end of input."""
        with self._ready:
            while not self._lines:
                self._ready.wait()
            return self._lines.popleft()

    def stop_waiting(self) -> bool:
        """True when a waiting line asks the running search to stop."""
        with self._ready:
            return any(line is not None and line.split()[:1] in STOPS for line in self._lines)


def serve(stdin: TextIO, stdout: TextIO, stderr: TextIO) -> int:
    """Run the engine on these streams until ``quit`` or the end of input; exit status 0.
    Every answer is flushed at once (programs read a pipe)."""
    if isinstance(stdin, io.TextIOWrapper):
        stdin.reconfigure(errors="replace")  # a stray byte is a bad command, not a crash

    def send(line: str) -> None:
        stdout.write(line + "\n")
        stdout.flush()

    def warn(line: str) -> None:
        stderr.write(line + "\n")
        stderr.flush()

    inbox = Inbox()
    threading.Thread(target=inbox.fill, args=(stdin,), daemon=True).start()
    session = Session(send, warn, inbox.stop_waiting)
    while (line := inbox.get()) is not None:
        try:
            if not session.handle(line):
                break
        except BrokenPipeError:  # the program has gone
            return 0
        except Exception as exc:  # noqa: BLE001 - a fault in one command must not end the engine
            warn(f"{NAME}: internal error on {line.strip()[:60]!r}: {type(exc).__name__}: {exc}")
    return 0
