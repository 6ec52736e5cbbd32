"""tools.play.othello_losses: discs lost per move and phase, by a deeper search (native)."""

from __future__ import annotations

from flipside.othello.ai.endgame import Solver
from flipside.othello.ai.engine import Engine
from flipside.othello.board import Board
from flipside.othello.notation import Color
from tools.play import othello_losses as tool


def late_game() -> tuple[str, list[dict[str, object]], int]:
    """A game from a 12-empty position of a seeded level-2 game to its end: the opening
    (the first moves), the moves after it and Black's final margin."""
    board = Board()
    engine = Engine(2, seed=5)
    moves: list[dict[str, object]] = []
    opening = ""
    while not board.is_game_over():
        if 64 - (board.black | board.white).bit_count() == 12 and not opening:
            opening = board.transcript()
        move = engine.best_move(board)
        if opening:
            moves.append({"move": str(move), "book": False, "exact": False, "cpu": 0.0})
        board.push(move)
    return opening, moves, board.result().score


def test_exact_losses_add_up_to_the_result() -> None:
    opening, moves, black_margin = late_game()
    game = {"opening": opening, "moves": moves, "a_colour": "black", "black_margin": black_margin}
    deep = tool.DeepValues(seconds=1.0, exact=12, cache={})
    losses = tool.game_losses(game, deep)
    start = Board.from_transcript(opening)
    value = Solver().search(*start.bits())
    black_start = value if start.turn is Color.BLACK else -value
    lost = {side: sum(x for s, _, x in losses if s == side) for side in "AB"}
    # With exact values every loss is a true loss, and the losses telescope: what Black
    # could have scored, less what each side gave away, is the result.
    assert black_start - lost["A"] + lost["B"] == black_margin
    assert {phase for _, phase, _ in losses} == {"16 or fewer (exact)"}
    assert lost["A"] + lost["B"] > 0  # level 2 makes mistakes
    assert tool.a_margin(game) == black_margin
    assert tool.a_margin(game | {"a_colour": "white"}) == -black_margin


def test_phases_by_empties_and_book() -> None:
    assert tool.phase_of(50, book=True) == "book"
    assert tool.phase_of(50, book=False) == "45+ empties"
    assert tool.phase_of(23, book=False) == "23-28"
    assert tool.phase_of(22, book=False) == "17-22 (probable)"
    assert tool.phase_of(16, book=False) == "16 or fewer (exact)"
