"""Property tests for flipside.themisto, against a slow square-by-square reading of the spec.

``reference_*`` below follow shared/specs/themisto.md word by word on a list of 64 cells
("X", "O", "-"), with no bitboards: the engine's set-at-once move generation, its one-call
move count and its fast push must agree with them on random positions and random games.
"""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from flipside.themisto import Board, Move

DIRS = ((1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (-1, -1), (1, -1), (-1, 1))
LINES = ((1, 0), (0, 1), (1, 1), (1, -1))
FLIP = {"X": "O", "O": "X"}
# No example database (no file writes: these tests also run inside Pyodide) and few examples:
# each one plays whole games.
SETTINGS = settings(database=None, deadline=None, max_examples=30)


def _walk(sq: int, df: int, dr: int) -> list[int]:
    f, r, out = sq % 8 + df, sq // 8 + dr, []
    while 0 <= f < 8 and 0 <= r < 8:
        out.append(8 * r + f)
        f, r = f + df, r + dr
    return out


def _run(cells: list[str], sq: int, df: int, dr: int) -> list[int]:
    """The maximal run of cells[sq]'s colour through sq along the line (df, dr)."""
    run = [sq]
    for sign in (1, -1):
        for s in _walk(sq, sign * df, sign * dr):
            if cells[s] != cells[sq]:
                break
            run.append(s)
    return run


def reference_play(
    cells: list[str], player: int, frm: int, to: int, capture: bool
) -> tuple[list[str], list[int]] | None:
    """Cells after the slide (flip on arrival, all capturable lines if ``capture``) and the
    captured squares; None when ``capture`` is asked and nothing is capturable."""
    after = list(cells)
    colour = after[frm]
    after[frm] = "-"
    after[to] = FLIP[colour]
    taken: list[int] = []
    for df, dr in DIRS:
        line: list[int] = []
        for s in _walk(to, df, dr):
            if after[s] != colour:
                if line and after[s] == FLIP[colour] and (player == 2 or len(line) <= 3):
                    taken += line
                break
            line.append(s)
    if capture:
        if not taken:
            return None
        for s in taken:
            after[s] = FLIP[colour]
    return after, sorted(taken)


def reference_moves(
    cells: list[str], player: int, forbidden: list[str] | None
) -> set[tuple[int, int, bool]]:
    """Every (from, to, capture) legal for ``player`` (no pass, game assumed ongoing)."""
    out = set()
    for frm in range(64):
        if cells[frm] == "-":
            continue
        for df, dr in DIRS:
            for to in _walk(frm, df, dr):
                if cells[to] != "-":
                    break
                neighbours = [s for ef, er in DIRS for s in _walk(to, ef, er)[:1]]
                if not any(s != frm and cells[s] != "-" for s in neighbours):
                    continue
                for capture in (False, True):
                    played = reference_play(cells, player, frm, to, capture)
                    if played is not None and played[0] != forbidden:
                        out.add((frm, to, capture))
    return out


def reference_lost_turn(cells: list[str], frm: int) -> bool:
    return any(len(_run(cells, frm, df, dr)) in (3, 4) for df, dr in LINES)


def reference_win(after: list[str], changed: list[int], player: int) -> set[int]:
    row: set[int] = set()
    for s in changed:
        for df, dr in LINES:
            run = _run(after, s, df, dr)
            if len(run) == 5 or (len(run) > 5 and player == 2):
                row.update(run)
    return row


def cells_of(board: Board) -> list[str]:
    return list(board.position().split()[0])


def triples(moves: list[Move]) -> set[tuple[int, int, bool]]:
    return {(m.from_sq, m.to_sq, m.capture) for m in moves}


positions = st.tuples(
    st.lists(st.sampled_from("XXOO-----"), min_size=64, max_size=64),
    st.sampled_from([1, 2]),
)


@SETTINGS
@given(positions)
def test_legal_moves_match_the_reference_on_random_positions(
    pos: tuple[list[str], int],
) -> None:
    cells, player = pos
    board = Board.from_position(f"{''.join(cells)} {player} 0 0")
    moves = board.legal_moves()
    expected = reference_moves(cells, player, None)
    assert triples(moves) == expected if expected else moves == [Move.PASS]
    assert board.count_moves() == len(moves)
    assert moves == sorted(moves)


@SETTINGS
@given(positions)
def test_every_move_plays_as_the_reference_says(pos: tuple[list[str], int]) -> None:
    cells, player = pos
    board = Board.from_position(f"{''.join(cells)} {player} 0 0")
    before = board.position()
    for move in board.legal_moves():
        if move.is_pass:
            continue
        played = reference_play(cells, player, move.from_sq, move.to_sq, move.capture)
        assert played is not None
        after, taken = played
        board.push(move)
        info = board.last_move_info()
        assert info is not None
        assert cells_of(board) == after
        assert list(info.captured) == (taken if move.capture else [])
        assert info.flipped == (move.to_sq, *info.captured)
        assert info.lost_turn == reference_lost_turn(cells, move.from_sq)
        row = reference_win(after, list(info.flipped), player)
        assert set(board.status.row) == row
        assert board.status.result == ("win" if row else "ongoing")
        assert board.pop() == move
        assert board.position() == before and not board.status.over


def random_game(seed: int, plies: int, move_limit: int = 200) -> Board:
    rng = random.Random(seed)
    board = Board(move_limit=move_limit)
    for _ in range(plies):
        moves = board.legal_moves()
        if not moves:
            break
        board.push(rng.choice(moves))
    return board


@settings(SETTINGS, max_examples=15)
@given(st.integers(0, 2**32), st.integers(1, 50))
def test_random_games_agree_with_the_reference_including_no_repetition(
    seed: int, plies: int
) -> None:
    board = random_game(seed, plies)
    history = Board()
    forbidden: list[str] | None = None
    for move in board.move_stack:
        player = history.turn
        expected = reference_moves(cells_of(history), player, forbidden)
        got = history.legal_moves()
        assert triples(got) == expected if expected else got == [Move.PASS]
        forbidden = cells_of(history)
        history.push(move)
    assert history.position() == board.position()


@SETTINGS
@given(st.integers(0, 2**32), st.integers(0, 80))
def test_pop_inverts_push_over_random_games(seed: int, plies: int) -> None:
    board = random_game(seed, plies)
    snapshots = []
    replay = Board()
    for move in board.move_stack:
        snapshots.append((replay.position(), replay.status, replay.legal_moves()))
        replay.push(move)
    for position, status, moves in reversed(snapshots):
        board.pop()
        assert (board.position(), board.status, board.legal_moves()) == (position, status, moves)
    assert board.ply == 0


@SETTINGS
@given(st.integers(0, 2**32), st.integers(0, 80))
def test_every_listed_move_is_accepted_and_nothing_else_is(seed: int, plies: int) -> None:
    board = random_game(seed, plies)
    legal = board.legal_moves()
    for move in legal:
        assert board.is_legal(move), move
        copy = board.copy()
        copy.push(move)
        assert copy.ply == board.ply + 1
    rng = random.Random(seed)
    for _ in range(200):
        move = Move(rng.randrange(64), rng.randrange(64), rng.random() < 0.5)
        assert board.is_legal(move) == (move in legal)


@SETTINGS
@given(st.integers(0, 2**32), st.integers(0, 80))
def test_position_strings_round_trip(seed: int, plies: int) -> None:
    board = random_game(seed, plies)
    text = board.position()
    again = Board.from_position(text)
    assert again.position() == text
    assert (again.turn, again.pending_lost_turns) == (board.turn, board.pending_lost_turns)
    assert Board.from_moves(board.moves_text()).position() == text


@SETTINGS
@given(st.integers(0, 2**32), st.sampled_from([20, 60, 200]))
def test_random_games_end_or_keep_going_without_errors(seed: int, limit: int) -> None:
    board = random_game(seed, 10_000, move_limit=limit)
    assert board.is_game_over()
    assert board.ply <= limit
    assert board.legal_moves() == [] and board.count_moves() == 0
    if board.status.result == "draw":
        assert board.status.reason in ("both passed", "threefold repetition", "move limit")
    else:
        assert board.status.winner in (1, 2) and len(board.status.row) >= 5
