"""The NBoard protocol's answers as its description gives them (NTest's Protocol.htm), and
checks of a ``go`` or ``hint`` answer against the board it was asked about: shared by the
session tests and the subprocess tests."""

from __future__ import annotations

import re

from flipside.othello.board import Board
from flipside.othello.notation import Move

MOVE = r"(?:[A-H][1-8]|PA)"
SEARCH = re.compile(
    rf"^search (?P<pv>{MOVE}(?:-{MOVE})*) (?P<eval>-?\d+\.\d+) 0 (?P<depth>\d+)(?: (?P<note>.*))?$"
)
"""``search [pv] [eval] 0 [depth] [freeform text]``: the pv without whitespace, starting
with the move considered; the eval a double from the side to move."""
GO = re.compile(rf"^=== (?P<move>{MOVE})(?:/(?P<eval>-?\d+\.\d+)/(?P<time>\d+\.\d+))?$")
"""``=== [move]/[eval]/[time]`` (eval and time may be left out when the move is forced)."""
STATUS = re.compile(r"^status(?: (?P<text>.*))?$")
PONG = re.compile(r"^pong (?P<n>-?\d+)$")
NODESTATS = re.compile(r"^nodestats \d+ \d+\.\d+$")
MYNAME = re.compile(r"^set myname \S+$")


def searches(lines: list[str]) -> list[re.Match[str]]:
    """The ``search`` lines among ``lines``, matched."""
    return [found for line in lines if (found := SEARCH.match(line)) is not None]


def replay(board: Board, pv: str) -> Board:
    """The board after the line ``pv`` (``F5-D6-PA-C3``); IllegalMoveError if it is not legal."""
    board = board.copy()
    for word in pv.split("-"):
        board.push(Move.parse(word))
    return board


def check_search_lines(board: Board, lines: list[str], count: int) -> list[list[re.Match[str]]]:
    """Every line a ``search`` or ``nodestats`` line; each batch of search lines (one depth,
    closed by a ``nodestats``) holds at most ``count`` different legal first moves, best
    first, with legal lines. Returns the batches."""
    batches: list[list[re.Match[str]]] = [[]]
    for line in lines:
        if NODESTATS.match(line):
            batches.append([])
            continue
        found = SEARCH.match(line)
        assert found is not None, line
        replay(board, found["pv"])
        batches[-1].append(found)
    batches = [batch for batch in batches if batch]
    for batch in batches:
        firsts = [found["pv"][:2] for found in batch]
        values = [float(found["eval"]) for found in batch]
        assert len(set(firsts)) == len(firsts) <= count, batch
        assert values == sorted(values, reverse=True), batch
        assert len({found["depth"] for found in batch}) == 1, batch
    return batches


def split_answer(lines: list[str]) -> tuple[str, list[str], str]:
    """A search answer's first status line, the lines between, its last status line."""
    assert len(lines) >= 2 and STATUS.match(lines[0]) and STATUS.match(lines[-1]), lines
    return lines[0], lines[1:-1], lines[-1]


def check_go(board: Board, lines: list[str]) -> re.Match[str]:
    """A ``go`` answer: status, search lines, the ``===`` line with a legal move, status."""
    _, middle, _ = split_answer(lines)
    answer = GO.match(middle[-1])
    assert answer is not None, middle[-1]
    check_search_lines(board, middle[:-1], 1)
    assert board.is_legal(Move.parse(answer["move"])), answer.string
    return answer


def check_hint(board: Board, lines: list[str], count: int) -> list[list[re.Match[str]]]:
    """A ``hint`` answer: status, search lines for at most ``count`` moves a depth, status;
    the last depth gives as many moves as asked for (or every legal move)."""
    _, middle, _ = split_answer(lines)
    batches = check_search_lines(board, middle, count)
    assert batches, lines
    assert len(batches[-1]) == min(count, len(board.legal_moves())), batches[-1]
    depths = [int(batch[0]["depth"]) for batch in batches]
    assert depths == sorted(depths), depths
    return batches
