"""One test per clarified point of shared/specs/themisto.md, each on a small constructed position.

Pictures list ranks 1..8 top to bottom, files a..h left to right: X black, O white, . empty.
"""

from __future__ import annotations

import pytest

from flipside.squares import parse_square, square_name
from flipside.themisto import Board, IllegalMoveError, Move
from flipside.themisto.board import _start


def board(picture: str, player: int = 1, pending: str = "0 0", move_limit: int = 200) -> Board:
    """A board from an 8-line picture (missing trailing ranks are empty)."""
    rows = [r.replace(" ", "") for r in picture.strip().splitlines()]
    rows += ["........"] * (8 - len(rows))
    assert all(len(r) == 8 for r in rows), rows
    cells = "".join(rows).replace(".", "-")
    return Board.from_position(f"{cells} {player} {pending}", move_limit=move_limit)


def sq(name: str) -> int:
    return parse_square(name)


def dests(b: Board, name: str) -> list[str]:
    return [square_name(to) for to, _ in b.destinations(sq(name))]


# ----- setup --------------------------------------------------------------------------------


def test_start_position_alternates_colours_around_the_border() -> None:
    b = Board()
    assert b.cell(sq("a1")) == "X" and b.cell(sq("b1")) == "O"
    assert b.cell(sq("h1")) == "O" and b.cell(sq("h8")) == "X"
    assert b.position() == (
        "XOXOXOXOO------XX------OO------XX------OO------XX------OOXOXOXOX 1 0 0"
    )
    assert b.turn == 1 and b.pending_lost_turns == (0, 0)
    # The start bit sets are computed at import time by _start(); call it here too.
    start = "XOXOXOXOO------XX------OO------XX------OO------XX------OOXOXOXOX"
    black = sum(1 << i for i, c in enumerate(start) if c == "X")
    white = sum(1 << i for i, c in enumerate(start) if c == "O")
    assert _start() == (black, white)


# ----- the slide ----------------------------------------------------------------------------


def test_slide_stops_at_disks_and_never_jumps() -> None:
    b = board("X..OX...")
    assert dests(b, "a1") == ["c1"]  # b1 touches only a1; d1 is taken; e1+ lies beyond d1
    with pytest.raises(IllegalMoveError, match="a1-e1 is blocked by the disk on d1"):
        b.push_str("a1-e1")
    with pytest.raises(IllegalMoveError, match="d1 is not empty"):
        b.push_str("a1-d1")
    with pytest.raises(IllegalMoveError, match="not a straight line"):
        b.push_str("a1-c2")


def test_adjacency_is_counted_after_the_origin_empties() -> None:
    b = board(
        """
        ........
        ........
        ........
        ...X....
        ........
        .....O..
        """
    )
    # d5 touches only d4, the moving disk's own origin; e5 also touches f6.
    with pytest.raises(IllegalMoveError, match="d5 is not next to another disk"):
        b.push_str("d4-d5")
    assert sq("e5") in [to for to, _ in b.destinations(sq("d4"))]
    assert sq("d5") not in [to for to, _ in b.destinations(sq("d4"))]


def test_moved_disk_is_flipped_on_arrival() -> None:
    b = board("X..O....")
    b.push_str("a1-c1")
    assert b.cell(sq("c1")) == "O" and b.cell(sq("a1")) == "-"
    assert b.last_move_info().flipped == (sq("c1"),)  # type: ignore[union-attr]


# ----- custodian capture ----------------------------------------------------------------------


def capture_line(length: int, player: int) -> Board:
    """An X disk on a6 can slide to a4; then b4.. holds `length` X disks ended by an O."""
    row4 = "." + "X" * length + "O" + "." * (6 - length)
    return board(f"........\n........\n........\n{row4}\n........\nX.......", player)


@pytest.mark.parametrize("length", [1, 2, 3])
def test_player_one_captures_lines_of_one_to_three(length: int) -> None:
    b = capture_line(length, 1)
    b.push_str("a6-a4x")
    info = b.last_move_info()
    assert info is not None
    assert info.captured == tuple(range(sq("b4"), sq("b4") + length))
    assert b.position().startswith("-" * 24 + "O" * (length + 2))


@pytest.mark.parametrize("length", [4, 5, 6])
def test_player_one_cannot_capture_four_or_more(length: int) -> None:
    b = capture_line(length, 1)
    assert Move.parse("a6-a4x") not in b.legal_moves()
    with pytest.raises(IllegalMoveError, match="a6-a4x captures nothing"):
        b.push_str("a6-a4x")


@pytest.mark.parametrize("length", [1, 4, 6])
def test_player_two_captures_lines_of_any_length(length: int) -> None:
    b = capture_line(length, 2)
    b.push_str("a6-a4x")
    assert b.last_move_info().captured == tuple(  # type: ignore[union-attr]
        range(sq("b4"), sq("b4") + length)
    )


def test_capture_is_optional_and_takes_every_line_at_once() -> None:
    b = board(
        """
        ........
        ........
        ........
        X...XO..
        ...X....
        ...O....
        """
    )
    moves = [m for m in b.legal_moves() if m.from_sq == sq("a4") and m.to_sq == sq("d4")]
    assert [str(m) for m in moves] == ["a4-d4", "a4-d4x"]  # no third form with one line only
    assert (sq("d4"), True) in b.destinations(sq("a4"))
    assert (sq("c4"), False) in b.destinations(sq("a4"))
    before = b.position()
    b.push_str("a4-d4")  # declined: nothing but the moved disk flips
    assert b.last_move_info().flipped == (sq("d4"),)  # type: ignore[union-attr]
    b.pop()
    assert b.position() == before
    b.push_str("a4-d4x")
    assert b.last_move_info().captured == (sq("e4"), sq("d5"))  # type: ignore[union-attr]
    assert b.cell(sq("e4")) == "O" and b.cell(sq("d5")) == "O"


def test_line_broken_by_a_gap_or_the_edge_is_not_captured() -> None:
    # c6 slides to c4 (flipped to O): d4 X, e4 empty, f4 O is broken by the gap.
    gap = board("........\n........\n........\n...X.O..\n........\n..X.....")
    from_c6 = [str(m) for m in gap.legal_moves() if m.from_sq == sq("c6")]
    assert "c6-c4" in from_c6 and "c6-c4x" not in from_c6
    # e6 slides to e4: f4..h4 are X up to the edge, with no O to end the line.
    edge = board("........\n........\n........\n.....XXX\n........\n....X...")
    from_e6 = [str(m) for m in edge.legal_moves() if m.from_sq == sq("e6")]
    assert "e6-e4" in from_e6 and "e6-e4x" not in from_e6


def test_the_line_back_through_the_emptied_origin_is_not_captured() -> None:
    # d4 slides one step to e4; behind it, d4 is now empty, so c4 (X) ended by b4 (O) is not
    # a line next to e4 any more.
    b = board("........\n........\n........\n.OXX....\n....X...")
    assert [str(m) for m in b.legal_moves() if m.from_sq == sq("d4") and m.to_sq == sq("e4")] == [
        "d4-e4"
    ]


# ----- lost turns ---------------------------------------------------------------------------------


@pytest.mark.parametrize("run", [1, 2, 3, 4, 5, 6])
def test_leaving_a_run_of_exactly_three_or_four_loses_the_next_turn(run: int) -> None:
    b = board("X" * run + "." * (8 - run) + "\n........\nO.......")
    b.push_str("a1-a2")  # a2 touches b1 (or a3): legal for every run length
    info = b.last_move_info()
    assert info is not None
    assert info.lost_turn == (run in (3, 4))
    if run in (3, 4):
        assert b.turn == 2 and b.pending_lost_turns == (1, 0)
        b.push_str("a3-b3")  # not penalised; player one's turn is skipped: player two again
        assert not b.last_move_info().lost_turn  # type: ignore[union-attr]
        assert b.turn == 2 and b.pending_lost_turns == (0, 0)
    else:
        assert b.turn == 2 and b.pending_lost_turns == (0, 0)


def test_lost_turn_counts_runs_along_a_diagonal_through_the_moved_disk() -> None:
    b = board("X.......\n.X......\n..X.....\n........\n........\n........\n.......O")
    b.push_str("b2-b1")  # b2 is the middle of the diagonal run a1-b2-c3
    assert b.last_move_info().lost_turn  # type: ignore[union-attr]


def test_both_players_pending_are_both_consumed() -> None:
    # The spec's example: P1 penalised, then P2 penalised: P1 skipped, P2 skipped, P1 moves.
    b = board("XXX.....\n........\n........\n........\n........\n........\n........\nOOO.....")
    b.push_str("a1-a2")
    assert (b.turn, b.pending_lost_turns) == (2, (1, 0))
    b.push_str("a8-a7")
    assert (b.turn, b.pending_lost_turns) == (1, (0, 0))
    # P2 pending while P1 makes a penalised move: both consumed, P2 moves.
    c = board(
        "XXX.....\n........\n........\n........\n........\n........\n........\nOO......",
        pending="0 1",
    )
    c.push_str("a1-a2")
    assert (c.turn, c.pending_lost_turns) == (2, (0, 0))


# ----- no repetition --------------------------------------------------------------------------------


def test_a_move_may_not_recreate_the_board_before_the_previous_move() -> None:
    b = board("X..O....\nO.......")
    b.push_str("a1-c1")  # X a1 -> O c1
    undo = Move.parse("c1-a1")  # O c1 -> X a1: the board before a1-c1 again
    assert undo not in b.legal_moves()
    assert b.count_moves() == len(b.legal_moves())
    with pytest.raises(IllegalMoveError, match="c1-a1 repeats the position before the previous"):
        b.push(undo)
    # The same position read from a string has no history: the move is allowed.
    fresh = Board.from_position(b.position())
    fresh.push(undo)


def test_no_repetition_applies_during_a_double_turn() -> None:
    # Player two's turn is skipped, so player one moves twice and may not undo the first move.
    b = board("X..O....\nO.......", pending="0 1")
    b.push_str("a1-c1")
    assert b.turn == 1
    assert Move.parse("c1-a1") not in b.legal_moves()
    with pytest.raises(IllegalMoveError, match="repeats the position"):
        b.push_str("c1-a1")


# ----- winning --------------------------------------------------------------------------------------


def test_player_one_wins_with_exactly_five() -> None:
    b = board("XXXX....\n........\n....O...")
    b.push_str("e3-e1")  # O arrives flipped to X: a1..e1
    assert b.status.result == "win" and b.status.winner == 1
    assert b.status.row == tuple(sq(n) for n in ("a1", "b1", "c1", "d1", "e1"))
    assert b.is_game_over() and b.legal_moves() == []


def test_overline_is_not_a_win_for_player_one_but_is_for_player_two() -> None:
    picture = "XXXX.X..\n........\n....O..."
    one = board(picture, player=1)
    one.push_str("e3-e1")  # a1..f1: six in a row
    assert one.status.result == "ongoing"
    two = board(picture, player=2)
    two.push_str("e3-e1")
    assert two.status.result == "win" and two.status.winner == 2
    assert two.status.row == tuple(range(6))


def test_player_two_wins_with_exactly_five_too() -> None:
    b = board("XXXX....\n........\n....O...", player=2)
    b.push_str("e3-e1")
    assert (b.status.result, b.status.winner) == ("win", 2)


def test_a_row_of_either_colour_counts() -> None:
    b = board("OOOO....\n........\n....X...")
    b.push_str("e3-e1")  # X arrives flipped to O: five white
    assert (b.status.result, b.status.winner) == ("win", 1)


def test_a_row_made_by_a_capture_counts() -> None:
    # a6-a4x flips b4 to O, completing b2..b6 in white (b4 was the black gap).
    b = board("........\n.O......\n.O......\n.XO.....\n.O......\nXO......")
    b.push_str("a6-a4x")
    assert b.status.result == "win"
    assert b.status.row == tuple(sq(n) for n in ("b2", "b3", "b4", "b5", "b6"))


def test_a_row_not_made_by_the_move_does_not_count() -> None:
    b = board("XXXXX...\n........\n........\n........\n.....X..\n........\n....O...")
    b.push_str("e7-e6")
    assert b.status.result == "ongoing"


# ----- passes and draws --------------------------------------------------------------------------


def test_a_player_without_moves_passes_and_two_passes_draw() -> None:
    b = board("X.......")  # one disk: no destination touches another disk
    assert b.legal_moves() == [Move.PASS] and str(Move.PASS) == "pass"
    assert b.count_moves() == 1
    b.push_str("pass")
    assert b.turn == 2 and b.status.result == "ongoing"
    b.push(Move.PASS)
    assert (b.status.result, b.status.reason) == ("draw", "both passed")


def test_pass_is_illegal_when_a_move_exists() -> None:
    with pytest.raises(IllegalMoveError, match="pass: player 1 has a legal move"):
        Board().push_str("pass")


def test_two_passes_by_the_same_player_are_not_a_draw() -> None:
    b = board("...X....", pending="0 1")
    b.push(Move.PASS)  # player two's turn is skipped: player one again
    assert b.turn == 1 and b.status.result == "ongoing"
    b.push(Move.PASS)
    assert b.turn == 2 and b.status.result == "ongoing"
    b.push(Move.PASS)
    assert b.status.reason == "both passed"


def test_third_occurrence_of_a_position_is_a_draw() -> None:
    b = Board()
    cycle = ["b1-b3", "g8-g6", "b3-b1", "g6-g8"]
    for move in cycle:
        b.push_str(move)
    assert b.position() == Board().position() and b.status.result == "ongoing"
    for move in cycle[:-1]:
        b.push_str(move)
    assert b.status.result == "ongoing"
    b.push_str(cycle[-1])
    assert (b.status.result, b.status.reason) == ("draw", "threefold repetition")


def test_an_undone_move_does_not_count_towards_repetition() -> None:
    # Pushed three times but undone twice: the position after b1-b3 has occurred once.
    b = Board()
    for _ in range(2):
        b.push_str("b1-b3")
        b.pop()
    b.push_str("b1-b3")
    assert b.status.result == "ongoing"
    # The same with a position seen before: the start position, a second time, undone twice.
    b.pop()
    cycle = ["b1-b3", "g8-g6", "b3-b1", "g6-g8"]
    for move in cycle:
        b.push_str(move)
    for _ in range(2):
        b.pop()
        b.push_str(cycle[-1])
        assert b.status.result == "ongoing"
    # The cycle still needs three real occurrences of the start position.
    for move in cycle:
        b.push_str(move)
    assert (b.status.result, b.status.reason) == ("draw", "threefold repetition")


def test_a_copy_has_its_own_repetition_count() -> None:
    cycle = ["b1-b3", "g8-g6", "b3-b1", "g6-g8"]
    b = Board()
    c = b.copy()
    for move in cycle * 2:  # the start position a second and third time, on the copy
        c.push_str(move)
    assert c.status.reason == "threefold repetition"
    for move in cycle:  # only the second time on the original
        b.push_str(move)
    assert b.status.result == "ongoing"
    # A copy keeps the history it was made with: one more cycle on it is the third time.
    d = b.copy()
    for move in cycle:
        d.push_str(move)
    assert d.status.reason == "threefold repetition" and b.status.result == "ongoing"


def test_move_limit_draws_and_is_an_option() -> None:
    b = Board(move_limit=3)
    for move in ["b1-b3", "g8-g6"]:
        b.push_str(move)
    assert b.status.result == "ongoing"
    b.push_str("h2-g3")
    assert (b.status.result, b.status.reason) == ("draw", "move limit")
    assert Board().move_limit == 200


def test_a_win_on_the_last_allowed_move_is_a_win() -> None:
    b = board("XXXX....\n........\n....O...", move_limit=1)
    b.push_str("e3-e1")
    assert b.status.result == "win"
