"""The search's move generator and make/unmake (``flipside.themisto.ai.movegen``) against the
rules core, on random reachable positions: the same moves (captures, passes, the no-repetition
rule), the same position after a move (disks, player to move, lost turns, wins and draws),
and unmake restoring everything make changed.

Each example walks a game on a rules-core ``Board`` and a ``Position`` side by side and
compares them at every ply. The walk often plays back the move made two plies before (so
positions repeat and threefold repetition comes up) and the move limit is often short.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from flipside.themisto import Board, Move
from flipside.themisto.ai import threats
from flipside.themisto.ai.evaluation import score
from flipside.themisto.ai.movegen import PASS, Position, decode, encode
from flipside.themisto.ai.threats import in_board_order, win_codes, winning_moves

# No example database (no file writes: these tests also run inside Pyodide).
SETTINGS = settings(database=None, deadline=None, max_examples=100)


def state(pos: Position) -> tuple[int, int, int, tuple[int, int], bool]:
    pending = pos.pending
    return pos.black, pos.white, pos.turn, (pending & 1, pending >> 1), pos.drawn


def board_state(board: Board) -> tuple[int, int, int, tuple[int, int], bool]:
    return (*board.bits(), board.turn, board.pending_lost_turns, board.status.result == "draw")


def compare(board: Board, pos: Position, rng: random.Random) -> None:
    """The position, its moves and what each of them does, as the rules core says."""
    assert state(pos) == board_state(board)
    assert pos.key == (*board.bits(), board.turn, pos.pending)
    legal = board.legal_moves()
    moves = pos.moves()
    assert sorted(decode(m) for m in moves) == legal
    assert len(set(moves)) == len(moves)
    for move in legal:
        assert pos.is_legal(encode(move))
    for _ in range(20):  # anything else is refused
        code = rng.randrange(64) << 7 | rng.randrange(64) << 1 | rng.randrange(2)
        assert pos.is_legal(code) == (decode(code) in legal)
    if legal == [Move.PASS] or not legal:
        return
    before = state(pos), pos.key, dict(pos.seen), pos.ply, len(pos.stack)
    for move in rng.sample(legal, min(len(legal), 12)):
        pos.make(encode(move))
        board.push(move)
        won = board.status.result == "win"
        assert pos.won() == won
        assert (pos.black, pos.white, pos.turn) == (*board.bits(), board.turn)
        assert not won or not board.status.over or board.status.result == "win"
        if not won:
            assert state(pos) == board_state(board)
        pos.unmake()
        board.pop()
        after = state(pos), pos.key, {k: v for k, v in pos.seen.items() if v}, pos.ply
        assert after == (*before[:2], {k: v for k, v in before[2].items() if v}, before[3])
        assert len(pos.stack) == before[4]


def check_wins(board: Board, pos: Position) -> None:
    """The win test on the search's board, and the leaf's shortcut for plain wins."""
    wins = winning_moves(board)
    threats._CAPTURES.clear()
    threats._FIRST.clear()
    for _ in range(2):  # the search's question (is there a win?), from cold caches and warm
        for plain in (True, False):
            first = win_codes(pos.black, pos.white, pos.turn, pos.is_legal, True, True, plain)
            expected = [w for w in wins if plain or w.capture]
            assert len(first) == bool(expected) and all(decode(m) in expected for m in first)
    found = win_codes(pos.black, pos.white, pos.turn, pos.is_legal)
    assert [decode(m) for m in in_board_order(found, pos.black)] == wins
    captures = [m for m in found if m & 1]
    if captures:  # a remembered first win that is now ruled out (as the rule can) is not given
        threats._CAPTURES.clear()
        threats._FIRST.clear()
        first = win_codes(pos.black, pos.white, pos.turn, pos.is_legal, True, True, False)
        legal = lambda m: m != first[0] and pos.is_legal(m)
        rest = win_codes(pos.black, pos.white, pos.turn, legal, True, True, False)
        assert rest == [] if len(captures) == 1 else rest[0] in captures and rest != first
    me = pos.turn
    live = score(pos.black, pos.white, me, bool(pos.pending & (3 - me)))[1]
    plain = winning_moves(board, captures=False)
    assert bool(live) == bool(plain) or (live and not live & ~pos.back_square())
    if live & ~pos.back_square():
        assert plain


def walk(board: Board, seed: int, plies: int) -> None:
    """Play ``plies`` moves on ``board`` and on a ``Position`` of it, comparing at each ply."""
    rng = random.Random(seed)
    pos = Position(board)
    for ply in range(plies):
        if board.is_game_over():
            break
        compare(board, pos, rng)
        if ply % 4 == 0:
            check_wins(board, pos)
        legal = board.legal_moves()
        move = rng.choice(legal)
        if len(board.move_stack) >= 2 and rng.random() < 0.6:
            old = board.move_stack[-2]  # play it back: positions repeat
            back = Move(old.to_sq, old.from_sq, False)
            if not old.is_pass and back in legal:
                move = back
        board.push(move)
        pos.make(encode(move))
        if board.status.result == "win":
            assert pos.won()
            break
        assert not pos.won()
    assert state(pos) == board_state(board) or board.status.result == "win"


# Natively only (14.6 s in Pyodide): in Pyodide the sparse positions below run the same
# generator against the rules core, passes and wins included.
@pytest.mark.native
@SETTINGS
@given(st.integers(0, 2**32), st.integers(0, 60), st.sampled_from([12, 30, 200]))
def test_random_games_agree_with_the_rules_core(seed: int, opening: int, limit: int) -> None:
    rng = random.Random(seed)
    board = Board(move_limit=limit)
    for _ in range(opening):
        if board.is_game_over():
            return
        board.push(rng.choice(board.legal_moves()))
    walk(board, seed, 40)


@settings(SETTINGS, max_examples=60)
@given(st.integers(0, 2**32), st.integers(2, 12), st.sampled_from(["1 0 0", "2 0 0", "2 1 0"]))
def test_sparse_positions_with_passes_agree_with_the_rules_core(
    seed: int, disks: int, rest: str
) -> None:
    rng = random.Random(seed)
    cells = ["-"] * 64
    for sq in rng.sample(range(64), disks):
        cells[sq] = rng.choice("XO")
    walk(Board.from_position(f"{''.join(cells)} {rest}", move_limit=40), seed, 30)


def test_a_pass_is_the_only_move_and_two_passes_draw() -> None:
    board = Board.from_position("X" + "-" * 57 + "O" + "-" * 5 + " 1 0 0")
    pos = Position(board)
    assert pos.moves() == [PASS] and pos.is_legal(PASS) and pos.back_square() == 0
    pos.make(PASS)
    assert not pos.drawn and pos.turn == 2
    pos.make(PASS)
    assert pos.drawn and pos.moves() == []
    pos.unmake()
    pos.unmake()
    assert state(pos) == board_state(board)


def test_moves_sort_as_the_rules_core_lists_them() -> None:
    board = Board.from_moves("a1-b2 b8-c7 h2-g3")
    codes = sorted(Position(board).moves())
    assert [decode(c) for c in codes] == board.legal_moves()
    assert all(encode(decode(c)) == c for c in codes)
