"""Perft counts (pass = a ply, a finished game = one leaf at every deeper depth)."""

from __future__ import annotations

import random

import pytest

from flipside.othello import Board, perft
from flipside.othello.bitboard import legal_moves
from flipside.othello.perft import (
    _LANES_FULL,
    _LANES_INNER,
    _image,
    canonical,
    perft_divide,
    symmetries,
)

EXPECTED = [1, 4, 12, 56, 244, 1396, 8200, 55092, 390216, 3005288, 24571284]


@pytest.mark.parametrize("depth", range(9))
def test_perft_start(depth: int) -> None:
    assert perft(Board(), depth) == EXPECTED[depth]


@pytest.mark.slow
@pytest.mark.parametrize("depth", [9, 10])
def test_perft_start_deep(depth: int) -> None:
    assert perft(Board(), depth) == EXPECTED[depth]


def _plain_perft(board: Board, depth: int) -> int:
    """Reference: walk every node through the public Board API, no table, no bulk count."""
    if depth == 0:
        return 1
    moves = board.legal_moves()
    if not moves:
        return 1
    total = 0
    for move in moves:
        board.push(move)
        total += _plain_perft(board, depth - 1)
        board.pop()
    return total


DIRECTIONS = ((1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (-1, -1), (1, -1), (-1, 1))


def _naive_moves(cells: str, me: str) -> dict[int, list[int]]:
    """Square by square on the 64-character board: each legal square -> the squares it flips.
    Shares no code with the package (no bitboards)."""
    them = "O" if me == "X" else "X"
    moves = {}
    for sq in range(64):
        if cells[sq] != "-":
            continue
        flipped = []
        for df, dr in DIRECTIONS:
            f, r, run = sq % 8 + df, sq // 8 + dr, []
            while 0 <= f < 8 and 0 <= r < 8 and cells[8 * r + f] == them:
                run.append(8 * r + f)
                f, r = f + df, r + dr
            if run and 0 <= f < 8 and 0 <= r < 8 and cells[8 * r + f] == me:
                flipped += run
        if flipped:
            moves[sq] = flipped
    return moves


def _naive_perft(cells: str, me: str, depth: int) -> int:
    if depth == 0:
        return 1
    them = "O" if me == "X" else "X"
    moves = _naive_moves(cells, me)
    if not moves:
        return 1 if not _naive_moves(cells, them) else _naive_perft(cells, them, depth - 1)
    total = 0
    for sq, flipped in moves.items():
        after = list(cells)
        for x in [sq, *flipped]:
            after[x] = me
        total += _naive_perft("".join(after), them, depth - 1)
    return total


@pytest.mark.parametrize(
    ("position", "depth"),
    [
        (Board().position(), 6),
        ("XO" + "-" * 62 + " O", 4),  # White passes, then Black plays c1 and it is over
        ("XXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXOO-O- X", 5),
        ("--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X", 4),
        (Board.from_transcript("f5d6c3d3c4f4f6f3e6e7").position(), 4),
    ],
)
def test_perft_matches_a_naive_square_by_square_mover(position: str, depth: int) -> None:
    cells, me = position.split()
    for d in range(depth + 1):
        assert perft(Board.from_position(position), d) == _naive_perft(cells, me, d)


@pytest.mark.parametrize(
    "position",
    [
        # White must pass (Black can still play c1): the pass counts as a ply.
        "XO" + "-" * 62 + " O",
        # A late position with passes likely on both sides.
        "XXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXOO-O- X",
        # Near the end of a real game (FFO #1).
        "--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X",
    ],
)
def test_perft_matches_plain_walk(position: str) -> None:
    board = Board.from_position(position)
    for depth in range(6):
        assert perft(board, depth) == _plain_perft(board, depth)


def test_pass_counts_as_a_ply() -> None:
    board = Board.from_position("XO" + "-" * 62 + " O")
    assert [perft(board, d) for d in range(5)] == [1, 1, 1, 1, 1]
    assert [str(m) for m in board.legal_moves()] == ["pass"]


def test_finished_game_is_one_leaf_at_every_depth() -> None:
    board = Board.from_position("X" * 63 + "- O")
    assert board.is_game_over()
    assert [perft(board, d) for d in range(5)] == [1, 1, 1, 1, 1]


def test_divide_sums_to_perft() -> None:
    board = Board.from_transcript("f5d6c3")
    divide = perft_divide(board, 4)
    assert [name for name, _ in divide] == [str(m) for m in board.legal_moves()]
    assert sum(count for _, count in divide) == perft(board, 4)


def test_symmetries_are_the_eight_board_images() -> None:
    b1 = 1 << 1  # b1
    images = symmetries(b1)
    names = sorted(sq for x in images for sq in range(64) if x == 1 << sq)
    # b1 maps to b1, g1, b8, g8, a2, h2, a7, h7.
    assert names == sorted([1, 6, 57, 62, 8, 15, 48, 55])
    board = Board.from_transcript("f5")
    mirror = Board.from_transcript("e6")  # f5 reflected in the a1-h8 diagonal
    assert canonical(*board.bits()) == canonical(*mirror.bits())
    rng = random.Random(3)
    for _ in range(50):
        p, o = rng.getrandbits(64), rng.getrandbits(64)
        o &= ~p
        pairs = list(zip(symmetries(p), symmetries(o), strict=True))
        assert canonical(p, o) == min(pairs)
        assert all(_image(o, i) == symmetries(o)[i] for i in range(8))
    # A symmetric P (ties between images) still gives the smallest pair.
    p = 1 << 27 | 1 << 36  # d4 and e5: unchanged by the a1-h8 reflection
    o = 1 << 28
    assert canonical(p, o) == min(zip(symmetries(p), symmetries(o), strict=True))


def test_lane_moves_match_single_board_moves() -> None:
    rng = random.Random(7)
    boards = []
    for _ in range(33):
        p = rng.getrandbits(64) & rng.getrandbits(64)
        o = rng.getrandbits(64) & ~p
        boards.append((p, o))
    packed_p = sum(p << (80 * i) for i, (p, _) in enumerate(boards))
    packed_o = sum(o << (80 * i) for i, (_, o) in enumerate(boards))
    n = len(boards)
    moves = legal_moves(packed_p, packed_o, _LANES_FULL[n], _LANES_INNER[n])
    for i, (p, o) in enumerate(boards):
        assert (moves >> (80 * i)) & (2**64 - 1) == legal_moves(p, o)
    assert moves >> (80 * n) == 0
