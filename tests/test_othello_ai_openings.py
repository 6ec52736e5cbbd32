"""Opening names: every named line is legal and recognised in all four orientations."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from flipside.othello.ai.engine import LEVELS, MAX_LEVEL, Engine
from flipside.othello.ai.openings import (
    book,
    book_move,
    book_moves,
    map_bits,
    map_square,
    named_lines,
    opening_of,
    recognise,
)
from flipside.othello.ai.search import Searcher
from flipside.othello.bitboard import legal_moves
from flipside.othello.board import Board
from flipside.othello.notation import Move, square_name

SHARED = Path(__file__).resolve().parents[1] / ".." / "shared" / "data" / "openings"
WTHOR = SHARED.parent / "wthor"
# The four turns of the board that keep the start position, as (file, rank) -> (file, rank):
# the one that makes a game's first move f5.
TURNS = {
    "f5": lambda f, r: (f, r),
    "e6": lambda f, r: (r, f),
    "c4": lambda f, r: (7 - f, 7 - r),
    "d3": lambda f, r: (7 - r, 7 - f),
}


def archive_replies(line: list[str]) -> dict[str, tuple[int, int]]:
    """Recount from the raw WTHOR records: after ``line`` (from f5), each move played ->
    (games, summed perfect-play outcome for the side that played it)."""
    replies: dict[str, tuple[int, int]] = {}
    for path in sorted(WTHOR.glob("WTH_*.wtb")):
        data = path.read_bytes()
        for offset in range(16, len(data), 68):
            record = data[offset : offset + 68]
            raw = record[8 : 8 + len(line) + 1]
            if len(raw) <= len(line) or 0 in raw:
                continue
            squares = [(b % 10 - 1, b // 10 - 1) for b in raw]
            turn = TURNS.get("abcdefgh"[squares[0][0]] + str(squares[0][1] + 1))
            if turn is None:
                continue
            names = ["abcdefgh"[f] + str(r + 1) for f, r in (turn(*sq) for sq in squares)]
            if names[:-1] != line:
                continue
            outcome = 2 * record[7] - 64  # Black's theoretical disc count -> Black's margin
            mover_sign = 1 if len(line) % 2 == 0 else -1  # no passes this early
            games, total = replies.get(names[-1], (0, 0))
            replies[names[-1]] = (games + 1, total + mover_sign * outcome)
    return replies


def test_shipped_copy_matches_the_reference_list() -> None:
    packaged = Path(__file__).resolve().parents[1] / "py" / "flipside" / "othello" / "ai"
    reference = (SHARED / "openings-en.tsv").read_text()
    assert (packaged / "openings-en.tsv").read_text() == reference
    assert len(named_lines()) == len(reference.splitlines()) - 1 == 87


@pytest.mark.parametrize("symmetry", range(4))
def test_every_line_is_legal_and_named_in_every_orientation(symmetry: int) -> None:
    for squares, name in named_lines().items():
        moves = [square_name(map_square(symmetry, sq)) for sq in squares]
        board = Board.from_transcript("".join(moves))  # raises if a move is illegal
        opening = opening_of(board)
        assert opening is not None and opening.name == name
        assert list(opening.moves) == moves


def test_the_four_first_moves() -> None:
    firsts = {square_name(map_square(s, 37)) for s in range(4)}
    assert firsts == {"f5", "e6", "d3", "c4"}


def test_longest_prefix_wins_and_continuations_keep_the_name() -> None:
    tiger = recognise(["f5", "d6", "c3", "d3", "c4"])
    assert tiger is not None and tiger.name == "Tiger"
    later = recognise(["f5", "d6", "c3", "d3", "c4", "f4", "c5", "b3", "c2", "h4"])
    assert later is not None and later.name == "Rose-Bill" and later.length == 9
    partial = recognise(["f5", "d6", "c3", "d3"])
    assert partial is not None and partial.name == "Perpendicular"
    assert recognise([]) is None


def test_other_starts_have_no_name() -> None:
    board = Board(handicap=1)
    board.push_str("f5")
    assert opening_of(board) is None
    assert opening_of(Board()) is None


def test_book_loads_its_moves_are_legal_best_first_and_found_in_every_orientation() -> None:
    entries = book()
    assert 5_000 < len(entries) < 100_000
    for (P, O), moves in entries.items():
        assert moves and all(legal_moves(P, O) >> sq & 1 for sq, _ in moves)
        values = [v for _, v in moves]
        assert values == sorted(values, reverse=True)
        assert all(-64 <= v <= 64 and v >= values[0] - 6 for v in values)
    (P, O), moves = sorted(entries.items())[len(entries) // 2]
    for symmetry in range(8):
        hit = book_moves(map_bits(symmetry, P), map_bits(symmetry, O))
        assert hit == tuple((map_square(symmetry, sq), v) for sq, v in moves)
    book.cache_clear()
    assert book() == entries  # the same file, the same book


def test_book_values_are_minimaxed_through_the_book() -> None:
    # A move that leads to another book position is worth minus that position's best value.
    entries = book()
    linked = 0
    for (P, O), moves in sorted(entries.items())[::20]:
        for sq, value in moves:
            child = Board.from_position(board_text(P, O))
            child.push(Move(sq))
            hit = book_moves(*child.bits()) if child.has_legal_move() else None
            if hit is not None:
                assert value == -hit[0][1]
                linked += 1
    assert linked > 100


def test_book_values_agree_with_a_search() -> None:
    # At the book's edge (no move leads to another book position) the values come from the
    # leaf searches alone: a shorter search of the same engine agrees within a few discs.
    entries = book()
    edge = []
    for (P, O), moves in sorted(entries.items())[::7]:
        board = Board.from_position(board_text(P, O))
        children = []
        for move in board.legal_moves():
            child = Board.from_position(board_text(P, O))
            child.push(move)
            children.append(child)
        if all(book_moves(*c.bits()) is None for c in children if c.has_legal_move()):
            edge.append(((P, O), moves[0][1]))
        if len(edge) == 12:
            break
    assert len(edge) == 12
    gaps = [abs(Searcher(selectivity=1.0).run(P, O, 6).score - v) for (P, O), v in edge]
    assert sum(gaps) / len(gaps) < 3.0, gaps


def board_text(P: int, O: int) -> str:
    """The position text of (P, O) with P (as Black) to move."""
    cells = "".join("X" if P >> sq & 1 else "O" if O >> sq & 1 else "-" for sq in range(64))
    return cells + " X"


def test_book_follows_archive_lines_and_only_strong_levels_use_it() -> None:
    board = Board.from_transcript("f5")  # archive_replies counts lines from f5
    line = ["f5"]
    for _ in range(6):
        # The book's positions are the archive's: its main line was played many times.
        assert sum(games for games, _ in archive_replies(line).values()) >= 10, line
        hit = book_move(*board.bits())
        assert hit is not None
        board.push(Move(hit[0]))
        line.append(square_name(hit[0]))
    info = Engine(level=MAX_LEVEL).think(Board.from_transcript("f5"))
    best = book_move(*Board.from_transcript("f5").bits())
    assert best is not None
    assert info["book"] is True and info["move"] == square_name(best[0])
    assert info["score"] == best[1]
    assert info["nodes"] == 0 and info["depth"] == 0  # answered with no search
    assert "book" not in Engine(level=3).think(Board.from_transcript("f5"))
    assert book_move(*random_position_out_of_book().bits()) is None


def random_position_out_of_book() -> Board:
    # A seeded random game of 16 moves: no archive player went there.
    rnd = random.Random(5)
    board = Board()
    while board.ply < 16:
        board.push(rnd.choice(board.legal_moves()))
    return board


def test_lower_levels_vary_their_book_moves_the_top_level_does_not() -> None:
    board = Board.from_transcript("f5d6")
    moves = book_moves(*board.bits())
    assert moves is not None
    spread = LEVELS[4].book_spread
    near = {square_name(sq) for sq, v in moves if v >= moves[0][1] - spread}
    assert len(near) >= 2
    chosen = [Engine(4, seed=s).think(board)["move"] for s in range(24)]
    assert set(chosen) <= near and len(set(chosen)) >= 2
    assert chosen == [Engine(4, seed=s).think(board)["move"] for s in range(24)]
    top = {Engine(MAX_LEVEL, seed=s).think(board)["move"] for s in range(6)}
    assert top == {square_name(moves[0][0])}
