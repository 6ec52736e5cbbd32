"""Othello's adapter for the facade (``flipside.othello.game``) to the letter: each option's
bounds and its message, the dialog's options, the colours of a series' games, standings with
draws and wins by either colour, scores of games lost on time, and the errors of play, undo,
flag and next game. (Written against the mutants that survived ``./build.sh mutate``.)"""

from __future__ import annotations

import pytest

from flipside.othello import Board, Color
from flipside.othello import game as og
from flipside.record import Record

SHORT_GAME = "d3c3f5f4f3d2d1e3b3"  # White is wiped out: Black wins 13-0 (64-0 scored)
BLACK_AHEAD = (  # Black to move with 37 discs against 19 (a random game, seed 3)
    "c4c5f6c3b5g7e3e6c2f3g3a5h8b3f4f2b4f5f7h3a3d2e2e1a6e7d7c1c6g8f1g4d1b6b1d3g6b7f8a7c7h6a8b2"
    "g5g2a1d6h2h5a4d8"
)
START = "-" * 27 + "OX------XO" + "-" * 27 + "X"  # the standard start as a set-up


def options(text: str) -> og.Options:
    return og.parse_options(Record.parse("othello/" + text))


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("&colour=red", "unknown option 'colour'"),
        ("&handicap=5w", "handicap '5w': expected 1-4 corners and b or w, e.g. 2w"),
        (f"&handicap=2w&start={START}", "a set-up position cannot also have a handicap"),
        ("&clock=0", "clock '0': expected seconds per player, 1 to 21600"),
        ("&clock=21601", "clock '21601': expected seconds per player, 1 to 21600"),
        ("&clock=1.5", "clock '1.5': expected seconds per player, 1 to 21600"),
        ("&series=games:0", "series 'games:0': expected games:N (1-20) or points:N (1-640)"),
        ("&series=games:21", "series 'games:21': expected games:N (1-20) or points:N (1-640)"),
        ("&series=points:641", "series 'points:641': expected games:N (1-20) or points:N (1-640)"),
        ("&past=40-24", "past games are given without a series"),
        ("&flag=red", "flag 'red': expected black or white"),
        ("&series=games:1&past=40-24", "the series was already decided before this game"),
        (
            "&series=games:9&past=40-25",
            "past game '40-25': expected Black-White discs adding up to 64",
        ),
        ("&series=games:9&past=x", "past game 'x': expected Black-White discs adding up to 64"),
        ("&series=games:20&past=" + ",".join(["32-32"] * 61), "too many past games"),
    ],
)
def test_bad_options_are_named_exactly(text: str, message: str) -> None:
    with pytest.raises(ValueError) as info:
        options(text)
    assert str(info.value) == message


@pytest.mark.parametrize(
    "text",
    ["&clock=1", "&clock=21600", "&series=games:1", "&series=games:20", "&series=points:640"],
)
def test_options_at_their_bounds_are_accepted(text: str) -> None:
    assert options(text).fields() == Record.parse("othello/" + text).options


def test_no_options_are_the_defaults_and_sixty_past_draws_are_allowed() -> None:
    assert options("") == og.Options() and og.Options().fields() == ()
    sixty = options("&series=games:20&past=" + ",".join(["32-32"] * 60))
    assert len(sixty.past) == 60 and not og.series_standing(sixty)["over"]


def test_a_set_up_position_is_kept_without_spaces_under_its_own_key() -> None:
    given = options(f"&start={START[:64]}%20{START[64]}")
    assert given.start == START and given.fields() == (("start", START),)
    assert og.replay(Record("othello", "f5", given.fields())).board.position() == (
        Board.from_transcript("f5").position()
    )


@pytest.mark.parametrize(("past", "corners_for"), [(0, "X"), (1, "O"), (2, "X"), (3, "O")])
def test_handicap_corners_follow_the_same_player_through_a_series(
    past: int, corners_for: str
) -> None:
    scores = ",".join(["32-32"] * past)
    opts = options("&handicap=2b&series=games:9" + (f"&past={scores}" if past else ""))
    board = opts.board()
    assert board.position()[0] == board.position()[63] == corners_for  # a1 and h8


# -- the New game dialog's options -----------------------------------------------------------


def test_dialog_options_become_record_options() -> None:
    assert og.options_from_json({"handicap": 2}).fields() == (("handicap", "2w"),)
    both = og.options_from_json({"handicap": 3, "handicapFor": "black", "clock": 60})
    assert both.fields() == (("handicap", "3b"), ("clock", "60"))
    spaced = og.options_from_json({"start": START[:64] + " " + START[64]})
    assert spaced.fields() == (("start", START),)
    series = og.options_from_json({"series": {"kind": "points", "target": 64}})
    assert series.fields() == (("series", "points:64"),)
    assert og.options_from_json({}) == og.Options()


@pytest.mark.parametrize(
    ("data", "kind", "message"),
    [
        (5, TypeError, "options must be a JSON object"),
        ({"colour": 1}, ValueError, "unknown Othello option 'colour'"),
        ({"handicap": "2"}, ValueError, "handicap: expected 1-4 corners for black or white"),
        (
            {"handicap": 2, "handicapFor": "red"},
            ValueError,
            "handicap: expected 1-4 corners for black or white",
        ),
        ({"series": 3}, ValueError, "series: expected {kind, target}"),
    ],
)
def test_bad_dialog_options_are_named_exactly(data: object, kind: type, message: str) -> None:
    with pytest.raises(kind) as info:
        og.options_from_json(data)
    assert str(info.value) == message


# -- play, undo, flag, next game -----------------------------------------------------------------


def error_of(func: object, *args: object) -> str:
    with pytest.raises(ValueError) as info:
        func(*args)  # type: ignore[operator]
    return str(info.value)


def test_errors_of_play_undo_flag_and_next_game() -> None:
    lost = Record.parse("othello/f5&flag=white")
    assert error_of(og.play, Record("othello", "f5"), "pass") == (
        "passes are played automatically when a side has no move"
    )
    assert error_of(og.play, lost, "d6") == "the game is over: White's time ran out"
    assert error_of(og.undo, lost) == "a game lost on time cannot be taken back"
    assert error_of(og.undo, Record("othello")) == "there is no move to undo"
    assert error_of(og.flag, lost, "white") == "the game is already over"
    assert error_of(og.flag, Record("othello", "f5"), "black") == (
        "only the side to move can run out of time, not black"
    )
    assert error_of(og.next_game, Record("othello", SHORT_GAME)) == (
        "this game is not part of a series"
    )
    series = (("series", "games:2"),)
    assert error_of(og.next_game, Record("othello", "f5", series)) == "the game is not over yet"
    # First to 64 points: A (Black in game 1) wins it 64-0, which ends the series.
    decided = Record("othello", SHORT_GAME, (("series", "points:64"),))
    assert error_of(og.next_game, decided) == "the series is over"


def test_play_tells_the_squares_it_flipped() -> None:
    _, flipped, move = og.place(Record("othello"), "f5")
    assert flipped == [36] and str(move) == "f5"  # e5
    assert og.place(Record("othello", "f5"), "f6")[1] == [36]


def test_flag_keeps_the_moves_and_the_options() -> None:
    game = og.flag(Record("othello", "f5", (("clock", "60"),)), "white")
    assert game.record() == Record("othello", "f5", (("clock", "60"), ("flag", "white")))


def test_next_game_starts_empty_with_the_score_added_and_no_flag() -> None:
    record = Record("othello", "f5", (("series", "games:3"), ("flag", "white")))
    following = og.next_game(record)
    assert following.record() == Record("othello", "", (("series", "games:3"), ("past", "63-1")))
    assert following.options.flag is None and following.board.turn is Color.BLACK


# -- scores and standings --------------------------------------------------------------------


def test_a_game_lost_on_time_gives_the_empty_squares_and_at_least_33_to_the_winner() -> None:
    white_ran_out = og.replay(Record.parse("othello/f5&flag=white"))  # Black 4, White 1
    assert og.final_score(white_ran_out) == (63, 1)
    black_ran_out = og.replay(Record.parse("othello/f5&flag=black"))  # still Black 4, White 1
    assert og.final_score(black_ran_out) == (4, 60)
    # Black, far ahead (37-19), runs out of time: White wins with 33, not 64 - 37 = 27.
    ahead = og.replay(Record.parse(f"othello/{BLACK_AHEAD}&flag=black"))
    assert (ahead.board.count(Color.BLACK), ahead.board.count(Color.WHITE)) == (37, 19)
    assert og.final_score(ahead) == (31, 33)
    assert og.view(ahead)["result"] == {
        "winner": "white",
        "score": [31, 33],
        "discs": [37, 19],
        "reason": "time",
    }


def test_series_standing_in_games_counts_draws_as_halves() -> None:
    opts = options("&series=games:3&past=40-24,32-32,20-44")
    standing = og.series_standing(opts, (10, 54))
    assert standing == {
        "kind": "games",
        "target": 3,
        "games": [
            {"number": 1, "black": "A", "score": [40, 24], "winner": "A"},
            {"number": 2, "black": "B", "score": [32, 32], "winner": None},
            {"number": 3, "black": "A", "score": [20, 44], "winner": "B"},
            {"number": 4, "black": "B", "score": [10, 54], "winner": "A"},
        ],
        "score": {"A": 2.5, "B": 1.5},
        "number": 4,
        "black": "B",
        "over": False,
        "winner": None,
    }


def test_series_standing_in_points_counts_margins_and_ends_at_the_target() -> None:
    opts = options("&series=points:60&past=40-24,24-40")
    standing = og.series_standing(opts, (50, 14))
    assert [g["winner"] for g in standing["games"]] == ["A", "A", "A"]
    assert standing["score"] == {"A": 16 + 16 + 36, "B": 0}
    assert standing["over"] and standing["winner"] == "A" and standing["number"] == 3
    even = og.series_standing(options("&series=points:60&past=40-24,40-24"))
    assert even["score"] == {"A": 16, "B": 16} and not even["over"] and even["winner"] is None


# -- the state the page draws ---------------------------------------------------------------

WHITE_WINS = (  # a random game (seed 1..3000, the shortest White win): 34-30 after a pass
    "e6f6f5d6d7f7e7f4g6h5g8g7f3g4g5h6c6f2h7b7f1d8h4h8c8e8c7f8a6a7b6g2d3a5b8e2a8d2c2h3d1e3g3c5"
    "a4c4e1c1b4b3b5h2b1a3a2b2g1c3"
)


def test_a_white_win_is_told_and_scored_for_white() -> None:
    board = Board.from_transcript(WHITE_WINS)
    while not board.is_game_over():
        board.push(next(m for m in board.legal_moves()))
    transcript = board.transcript()
    black, white = board.count(Color.BLACK), board.count(Color.WHITE)
    assert white > black
    state = og.view(og.replay(Record("othello", transcript)))
    assert state["status"] == f"Game over: White wins {white}–{black}"
    assert state["result"]["winner"] == "white" and state["result"]["reason"] == "no moves"
    assert state["result"]["discs"] == [black, white]
    assert state["toMove"] is None and state["legal"] == [] and state["over"]


def test_the_state_names_its_sides_and_has_no_origin_square() -> None:
    state = og.view(og.replay(Record("othello", "f5")))
    assert state["sides"] == ["black", "white"] and state["lastFrom"] is None
    assert state["lastMove"] == 37 and state["extra"]["flag"] is None  # f5
    lost = og.view(og.replay(Record.parse("othello/f5&flag=white")))
    assert lost["extra"]["flag"] == "white" and lost["result"]["reason"] == "time"
    assert lost["status"] == "Game over: White's time ran out. Black wins"


def test_the_last_move_shown_after_a_pass_is_the_last_disc_placed() -> None:
    must_pass = "d3c3e6d2d1e1b2c1"  # Black cannot reply to c1: the pass is played
    state = og.view(og.replay(Record("othello", must_pass)))
    assert state["extra"]["passed"] and state["lastMove"] == 2  # c1
    assert [m["text"] for m in state["moves"][-2:]] == ["c1", "pass"]


@pytest.mark.parametrize(("past", "side"), [(0, "black"), (1, "white"), (2, "black"), (3, "white")])
def test_the_handicap_is_shown_for_the_player_who_has_it(past: int, side: str) -> None:
    scores = ",".join(["32-32"] * past)
    record = Record.parse(
        "othello/&handicap=1b&series=games:9" + (f"&past={scores}" if past else "")
    )
    assert og.view(og.replay(record))["extra"]["handicap"] == {"corners": 1, "for": side}
    assert og.view(og.replay(Record("othello")))["extra"]["handicap"] is None


def test_the_prefixes_keep_the_options() -> None:
    state = og.view(og.replay(Record("othello", "f5d6", (("clock", "60"),))))
    assert state["prefixes"] == ["othello/f5&clock=60", "othello/f5d6&clock=60"]


def test_a_game_outside_a_series_has_no_series_state() -> None:
    assert og.view(og.replay(Record("othello", "f5")))["extra"]["series"] is None
