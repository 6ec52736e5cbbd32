"""The last solve's line (``solved_line``): its later positions are answered at once, and
each answer is an exact best move with its exact value."""

from __future__ import annotations

from flipside.othello.ai.engine import Engine, solve
from flipside.othello.board import Board
from flipside.othello.notation import Move

# 12 empty squares; the solved line has the side to move play again after a pass (a8, b7).
GAME = (
    "f5f4c3d6d3c5b6d2c4b3e6f3e3f6g4b4g6g3c1h6d7f2g1c2h2d1b2a2a3g5h5f7e2g2g7a7g8h3h4c6a1b5b1h1"
    "e1f8e8a4"
)


def _after(board: Board, moves: list[str]) -> Board:
    """``board`` after ``moves`` (names), the passes between them played too."""
    board = board.copy()
    for name in moves:
        if not board.has_legal_move():
            board.push(board.legal_moves()[0])  # the pass
        board.push_str(name)
    if not board.has_legal_move() and not board.is_game_over():
        board.push(board.legal_moves()[0])
    return board


def test_each_position_of_the_line_has_an_exact_best_move_and_value() -> None:
    board = Board.from_transcript(GAME)
    engine = Engine(6)
    first = engine.think(board, seconds=30)
    assert first["exact"] and first["nodes"] != 0
    line = [str(name) for name in first["pv"]]  # type: ignore[attr-defined]
    assert len(line) >= 6
    passes = 0
    for done in range(len(line)):
        here = _after(board, line[:done])
        passes = here.ply - board.ply - done
        score, best = solve(here)
        answer = engine.think(here, seconds=30)
        assert answer["exact"] and answer["nodes"] == 0, done  # no search
        assert Move.parse(str(answer["move"])) in best, done
        assert answer["score"] == score, done
        assert answer["pv"] == line[done:]
    assert passes == 1  # the line's pass is followed


def test_a_position_off_the_line_is_searched_and_a_new_solve_replaces_the_line() -> None:
    board = Board.from_transcript(GAME)
    engine = Engine(6)
    line = [str(name) for name in engine.think(board, seconds=30)["pv"]]  # type: ignore[attr-defined]
    expected = _after(board, line[:1])
    other = next(m for m in expected.legal_moves() if str(m) != line[1])
    off = _after(board, [line[0], str(other)])
    answer = engine.think(off, seconds=30)
    assert answer["exact"] and answer["nodes"] != 0  # searched
    score, best = solve(off)
    assert answer["score"] == score and Move.parse(str(answer["move"])) in best
    # The new solve's line is kept in place of the first one.
    assert engine.think(_after(off, [str(answer["move"])]), seconds=30)["nodes"] == 0
    assert engine.think(expected, seconds=30)["nodes"] != 0
