"""Othello rules against reference data: FFO positions, WTHOR game replays, and the setup
options (handicap, disc supply, results)."""

from __future__ import annotations

import csv
from pathlib import Path

import pytest

from flipside.othello import (
    HANDICAP_CORNERS,
    PASS_MOVE,
    Board,
    Color,
    IllegalMoveError,
    Move,
    score_discs,
)
from flipside.othello.wthor import RECORD_SIZE, parse_wthor, read_wthor

DATA = Path(__file__).resolve().parents[1] / ".." / "shared" / "data"
REPLAY_YEARS = (1989, 1990)  # 5,172 games, 41 of them stopped early


def _ffo_rows() -> list[dict[str, str]]:
    with (DATA / "ffo" / "ffo-1-19.tsv").open(newline="") as f:
        return list(csv.DictReader(f, delimiter="\t"))


FFO = _ffo_rows()


@pytest.mark.parametrize("row", FFO, ids=[row["id"] for row in FFO])
def test_ffo_legal_move_sets(row: dict[str, str]) -> None:
    board = Board.from_position(f"{row['board64']} {row['side']}")
    assert board.position() == f"{row['board64']} {row['side']}"
    assert board.turn is Color.parse(row["side"])
    assert 64 - board.count(Color.BLACK) - board.count(Color.WHITE) == int(row["empties"])
    listed = {
        item.split(":")[0] for item in row[next(k for k in row if k.startswith("all_"))].split()
    }
    assert {str(m) for m in board.legal_moves()} == listed
    assert set(row["best_moves"].split(",")) <= listed


def test_all_nineteen_ffo_positions_read() -> None:
    assert [row["id"] for row in FFO] == [f"ffo{i}" for i in range(1, 20)]


# Natively only (8.9 s in Pyodide): in Pyodide perft, the property tests and the evaluation's
# held-out WTHOR games play the same moves, flips and passes.
@pytest.mark.native
def test_wthor_replays() -> None:
    finished = early = 0
    for year in REPLAY_YEARS:
        games = read_wthor(DATA / "wthor" / f"WTH_{year}.wtb")
        assert len(games) > 2000
        for number, game in enumerate(games):
            # Raises (naming the move) if any recorded move is illegal; passes are implied.
            board = Board.from_transcript(game.transcript())
            assert board.transcript() == game.transcript()
            if board.is_game_over():
                finished += 1
                result = board.result()
                assert result.over
                assert result.black_final == game.black_score, (year, number)
            else:
                early += 1  # stopped by time or resignation
    assert finished + early == 5172
    assert 0 < early < 0.02 * finished  # about 1% stop early; the rest must score exactly


def test_wthor_header_and_records() -> None:
    data = (DATA / "wthor" / "WTH_1990.wtb").read_bytes()
    header, games = parse_wthor(data)
    assert header.year == 1990 and header.games == len(games) == (len(data) - 16) // RECORD_SIZE
    assert header.board_size in (0, 8)
    assert all(len(g.moves) <= 60 and all(0 <= sq < 64 for sq in g.moves) for g in games)
    # The first move of every game is one of the four legal opening moves.
    assert {Move(g.moves[0]) for g in games if g.moves} <= set(Board().legal_moves())
    with pytest.raises(ValueError, match="header promises"):
        parse_wthor(data[:100])


def test_pass_only_when_nothing_else() -> None:
    board = Board.from_position("XO" + "-" * 62 + " O")  # White has no move, Black has c1
    assert board.legal_moves() == [PASS_MOVE] and board.is_legal(PASS_MOVE)
    board.push(PASS_MOVE)
    assert board.turn is Color.BLACK and board.legal_moves() == [Move.parse("c1")]
    with pytest.raises(IllegalMoveError, match="pass is not legal for Black"):
        board.push(PASS_MOVE)
    board.push_str("c1")
    assert board.is_game_over() and board.legal_moves() == []
    with pytest.raises(IllegalMoveError, match="game is over"):
        board.push(PASS_MOVE)
    assert board.transcript() == "c1"
    assert [str(m) for m in board.move_stack] == ["pass", "c1"]


def test_implied_and_written_passes_in_transcripts() -> None:
    start = Board.from_position("XO" + "-" * 62 + " O")
    for text in ("c1", "pass c1", "PA C1", "ps c1"):
        board = Board.from_transcript(text, start=start)
        assert board.is_game_over() and board.count(Color.BLACK) == 3, text
    with pytest.raises(ValueError, match="move 2: c1 is not legal: the game is over"):
        Board.from_transcript("c1 c1", start=start)


def test_result_counts_empties_for_the_winner() -> None:
    # Black 40, White 20, 4 empty: Black wins 44-20.
    r = score_discs(40, 20)
    assert (r.winner, r.margin, r.black_final, r.score, r.empty) == (Color.BLACK, 20, 44, 24, 4)
    r = score_discs(20, 40)
    assert (r.winner, r.margin, r.black_final, r.score) == (Color.WHITE, 20, 20, -24)
    r = score_discs(30, 30)
    assert (r.winner, r.margin, r.black_final, r.score) == (None, 0, 32, 0)
    board = Board.from_position("X" * 60 + "---O O")  # nobody can move
    r = board.result()
    assert r.over and r.winner is Color.BLACK and r.black_final == 63 and r.score == 62
    assert r.to_dict()["winner"] == "Black"


@pytest.mark.parametrize("corners", [1, 2, 3, 4])
@pytest.mark.parametrize("color", [Color.BLACK, Color.WHITE])
def test_handicap_corners(corners: int, color: Color) -> None:
    board = Board.with_handicap(corners, for_color=color)
    assert board == Board(handicap=corners, handicap_color=color)
    placed = [sq for sq in (0, 7, 56, 63) if board.piece_at(sq) is color]
    assert sorted(placed) == sorted(HANDICAP_CORNERS[:corners])
    assert HANDICAP_CORNERS == (0, 63, 7, 56)  # a1, h8, h1, a8
    assert board.count(color) == 2 + corners and board.count(color.opponent) == 2
    assert board.turn is Color.BLACK
    supply = board.disc_supply()
    assert supply[color] == 30 - corners and supply[color.opponent] == 30
    with pytest.raises(ValueError, match="1 to 4"):
        Board.with_handicap(5)


def test_handicap_disc_is_a_real_disc() -> None:
    board = Board.with_handicap(1, for_color=Color.WHITE)
    assert board.piece_at("a1") is Color.WHITE
    assert board.legal_moves() == Board().legal_moves()  # the corner is far from the centre
    # Put a black disc on b2 next to White's a1 corner: c3 now flanks it for White.
    near = Board.from_position("O-------" + "-X------" + "-" * 48 + " O")
    assert near.legal_moves() == [Move.parse("c3")]
    assert near.flips(Move.parse("c3")) == [Move.parse("b2").square]


def test_disc_supply() -> None:
    board = Board()
    assert board.disc_supply() == (30, 30)
    board.push_str("f5")
    assert board.disc_supply() == (29, 30)
    board.push_str("d6")
    assert board.disc_supply() == (29, 29)
    board.pop()
    assert board.disc_supply() == (29, 30)
    # A real game where Black made 33 moves to White's 27 (White passed): Black's own 30
    # discs run out and the last 3 come from White's supply.
    game = read_wthor(DATA / "wthor" / "WTH_1989.wtb")[4]
    board = Board()
    black_moves = white_moves = borrowed = 0
    for sq in game.moves:
        if not board.has_legal_move():
            board.push(PASS_MOVE)
        mover = board.turn
        before = board.disc_supply()
        board.push(Move(sq))
        after = board.disc_supply()
        if mover is Color.BLACK:
            black_moves += 1
            if before[0] == 0:
                borrowed += 1
                assert after == (0, before[1] - 1)
            else:
                assert after == (before[0] - 1, before[1])
        else:
            white_moves += 1
        assert sum(after) == 64 - board.count(Color.BLACK) - board.count(Color.WHITE)
    assert (black_moves, white_moves, borrowed) == (33, 27, 3)
    assert board.disc_supply() == (0, 0)


def test_white_borrows_from_black_when_her_supply_is_empty() -> None:
    # Four handicap corners leave White 26 discs; playing the first legal move each turn,
    # White makes 29 moves, so her last 3 discs come from Black's supply.
    board = Board(handicap=4, handicap_color=Color.WHITE)
    supply = [30, 26]  # the rule, counted here independently
    borrowed = 0
    while not board.is_game_over():
        move, mover = board.legal_moves()[0], board.turn  # a forced pass is listed alone
        if not move.is_pass:
            source = mover if supply[mover] else mover.opponent
            borrowed += source is not mover
            supply[source] -= 1
        board.push(move)
        assert board.disc_supply() == tuple(supply)
    assert borrowed == 3 and board.disc_supply() == (0, 0)
    assert board.count(Color.WHITE) + board.count(Color.BLACK) == 64
