"""The NBoard engine's session (flipside.othello.nboard) without a process: its parsers on
malformed input, every command's answer checked against the protocol's forms and the
rules, the exact endgame against the solver, a search stopped by a waiting ping."""

from __future__ import annotations

import pytest

from flipside.othello import ggf
from flipside.othello.ai.endgame import Solver
from flipside.othello.ai.engine import solve
from flipside.othello.board import Board
from flipside.othello.nboard import (
    EXACT_BEYOND_DEPTH,
    Inbox,
    Session,
    line_text,
    parse_count,
    parse_move,
    parse_number,
)
from flipside.othello.notation import PASS_MOVE, Move, parse_square
from nboard_lines import MYNAME, PONG, check_go, check_hint, searches, split_answer

MIDGAME = "f5d6c3d3c4f4f6f3e6e7d7c6b5g5"
"""14 moves, out of the opening book: Black to move with 46 empties."""
NEAR_END = (
    "f5d6c3d3c4f4f6f3e6e7d7c6b5g5g7c5b6c8f7g6e2h8e3g8c7b8g3f2e1f1d8e8f8h4a8c2g4d1d2h5c1a5"
    "b4b7h2h3g1h1g2b1"
)
"""50 moves (level-3 play from ``MIDGAME``): Black to move with 10 empties."""
PASS_GAME = (
    "f5f6e6f4c3d6f3c5f7g5h6f8e7g6b6e8c6h4g4e3d7c4d2a6c7h3d3d8h5c8h2g3f2f1e1b5e2d1c1b1c2g1"
    "a5a4b3b4b7a3b2a1a2b8a8a7g8g7g2h1"
)
"""A 1977 game up to the moment Black must pass (White then plays h7)."""


class Recorder:
    """A session whose answers (stdout) and warnings (stderr) are kept as lists."""

    def __init__(self, stop: bool = False) -> None:
        self.out: list[str] = []
        self.err: list[str] = []
        self.session = Session(self.out.append, self.err.append, lambda: stop)

    def ask(self, line: str) -> list[str]:
        """The answer lines of one command (nothing may go to stderr)."""
        before = len(self.out)
        assert self.session.handle(line) is True
        assert self.err == [], self.err
        return self.out[before:]

    def game(self, transcript: str, depth: int) -> Board:
        board = Board.from_transcript(transcript)
        assert MYNAME.match(self.ask(f"set depth {depth}")[0])
        assert self.ask(f"set game {ggf.write(board)}") == []
        return board


# -- parsers -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text", ["", "x", "1.5", "3 4", "0", "61", "-2", "1e3", "٣"]
)  # the last: an Arabic-Indic digit
def test_parse_count_refuses_what_is_not_a_whole_number_in_range(text: str) -> None:
    with pytest.raises(ValueError, match="the depth must be a whole number 1..60"):
        parse_count(text, "the depth", 1, 60)


def test_parse_count_and_number_read_what_the_protocol_sends() -> None:
    assert parse_count(" 12 ", "the depth", 1, 60) == 12
    assert parse_count("+3", "n", 1, 5) == 3
    assert parse_number("-1.25", "the eval") == -1.25
    assert parse_number("", "the eval") == 0.0
    for bad in ("nan", "inf", "x", "1,5"):
        with pytest.raises(ValueError, match="the eval must be a number"):
            parse_number(bad, "the eval")


@pytest.mark.parametrize(
    ("text", "move", "value", "seconds"),
    [
        ("F5", "f5", 0.0, 0.0),
        ("f5/1.5", "f5", 1.5, 0.0),
        ("F5/-2/0.3", "f5", -2.0, 0.3),
        ("f5//0.01", "f5", 0.0, 0.01),
        ("PA", "pass", 0.0, 0.0),
        ("pa/3.00/1.2", "pass", 3.0, 1.2),
    ],
)
def test_parse_move_reads_move_eval_and_time(
    text: str, move: str, value: float, seconds: float
) -> None:
    assert parse_move(text) == (Move.parse(move), value, seconds)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "expected one move"),
        ("f5 d6", "expected one move"),
        ("z9", "'z9' is not a square"),
        ("f5/x", "the eval must be a number"),
        ("f5/1/y", "the time must be a number"),
        ("f5/1/2/3", "expected move/eval/time"),
        ("/1.5", "'' is not a square"),
    ],
)
def test_parse_move_refuses_malformed_moves(text: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        parse_move(text)


def test_a_line_writes_in_the_passes_the_search_leaves_out() -> None:
    before = Board.from_transcript(PASS_GAME[:-4])  # Black to play g2, then White h1
    squares = [parse_square(s) for s in ("g2", "h1", "h7")]
    assert line_text(before, squares) == "G2-H1-PA-H7"
    assert line_text(before, [parse_square("a1")]) == ""  # not legal: the line ends


# -- commands ------------------------------------------------------------------------------

MALFORMED = [
    "foo",
    "foo bar baz",
    "set",
    "set depth",
    "set depth 0",
    "set depth 61",
    "set depth deep",
    "set colour black",
    "set contempt",
    "set contempt much",
    "set game",
    "set game (;GM[Chess];)",
    "set game (;GM[Othello]B[a1];)",
    "set game (;GM[Othello]",
    "move",
    "move z9",
    "move a1",
    "move f5/x/1",
    "move f5 d6",
    "hint 0",
    "hint some",
    "ping",
    "ping one",
    "go now",
    "learn twice",
    "nboard one",
    "Z9",
    "\x00\ufffd",
]


@pytest.mark.parametrize("line", MALFORMED)
def test_a_malformed_command_gets_one_line_on_stderr_and_changes_nothing(line: str) -> None:
    recorder = Recorder()
    board = recorder.game("f5d6", 3)
    assert recorder.session.handle(line) is True
    assert recorder.out[1:] == []  # only the "set myname" of set depth
    assert len(recorder.err) == 1 and "ignored" in recorder.err[0], recorder.err
    assert "\n" not in recorder.err[0]
    assert recorder.session.board.position() == board.position()
    assert recorder.session.depth == 3
    recorder.err.clear()
    assert recorder.ask("ping 5") == ["pong 5"]  # and it goes on


def test_set_depth_names_the_engine_and_set_game_reads_the_ggf_game() -> None:
    recorder = Recorder()
    assert recorder.ask("nboard 1") == []
    assert recorder.ask("set depth 5") == ["set myname Flipside5"]
    board = Board.from_transcript(MIDGAME)
    assert recorder.ask(f"set game {ggf.write(board)}") == []
    assert recorder.session.board.position() == board.position()
    assert recorder.session.board.transcript() == MIDGAME
    assert recorder.ask("set contempt 1.5") == []
    assert recorder.session.contempt == 1.5


def test_moves_in_every_form_the_protocol_allows() -> None:
    recorder = Recorder()
    for line in ("move F5/1.20/0.5", "move d6", "C3", "move d3//0.1", "c4"):
        assert recorder.ask(line) == []
    assert recorder.session.board.transcript() == "f5d6c3d3c4"


def test_a_pass_is_played_when_sent_and_when_left_out() -> None:
    recorder = Recorder()
    recorder.game(PASS_GAME, 3)
    assert recorder.ask("move PA") == []
    assert recorder.ask("move h7") == []
    assert recorder.session.board.is_game_over()
    recorder.game(PASS_GAME, 3)
    assert recorder.ask("move h7/0/0") == []  # White's move after Black's forced pass
    assert recorder.session.board.is_game_over()
    assert [str(m) for m in recorder.session.board.move_stack[-2:]] == ["pass", "h7"]


def test_ping_and_learn_answer_at_once() -> None:
    recorder = Recorder()
    assert recorder.ask("ping 7") == ["pong 7"]
    assert PONG.match(recorder.ask("ping -3")[0])
    assert recorder.ask("learn") == ["learned"]
    assert recorder.ask("") == []
    assert recorder.session.handle("quit") is False


def test_go_answers_a_legal_move_with_its_search_and_status_lines() -> None:
    recorder = Recorder()
    board = recorder.game(MIDGAME, 3)
    lines = recorder.ask("go")
    answer = check_go(board, lines)
    assert answer["eval"] is not None and answer["time"] is not None
    assert [found["depth"] for found in searches(lines)] == ["1", "2", "3"]
    assert recorder.session.board.position() == board.position()  # go does not play the move


def test_hint_answers_the_best_moves_best_first_at_each_depth() -> None:
    recorder = Recorder()
    board = recorder.game(MIDGAME, 3)
    batches = check_hint(board, recorder.ask("hint 4"), 4)
    assert [batch[0]["depth"] for batch in batches] == ["1", "2", "3"]
    everything = check_hint(board, recorder.ask("hint 100"), 100)  # more than there are
    assert len(everything[-1]) == len(board.legal_moves())
    assert check_hint(board, recorder.ask("hint"), 1)[-1][0]["note"] == "midgame"


def test_go_and_hint_are_exact_within_reach_of_the_depth() -> None:
    recorder = Recorder()
    board = recorder.game(NEAR_END, 10 - EXACT_BEYOND_DEPTH)
    score, best = solve(board)
    lines = recorder.ask("go")
    answer = check_go(board, lines)
    assert answer["move"].lower() in [str(m) for m in best]
    assert float(answer["eval"]) == score
    exact = [found for found in searches(lines) if found["depth"] == "10"]
    assert len(exact) == 1 and exact[0]["note"] == "exact"
    assert "exact, 10 empties" in lines[-1]

    values = Solver().move_scores(*board.bits())
    batches = check_hint(board, recorder.ask("hint 3"), 3)
    last = batches[-1]
    assert [found["depth"] for found in last] == ["10"] * 3
    assert [float(found["eval"]) for found in last] == sorted(values.values(), reverse=True)[:3]
    for found in last:
        assert values[parse_square(found["pv"][:2].lower())] == float(found["eval"])


def test_one_depth_short_of_reach_the_search_stays_a_midgame_search() -> None:
    recorder = Recorder()
    board = recorder.game(NEAR_END, 9 - EXACT_BEYOND_DEPTH)
    lines = recorder.ask("go")
    check_go(board, lines)
    assert all(found["note"] == "midgame" for found in searches(lines))


def test_go_plays_the_book_from_depth_4_and_searches_below() -> None:
    recorder = Recorder()
    recorder.ask("set depth 4")
    lines = recorder.ask("go")
    answer = check_go(Board(), lines)
    assert answer["eval"] is not None and "book move" in lines[-1]
    recorder.ask("set depth 3")
    lines = recorder.ask("go")
    check_go(Board(), lines)
    assert searches(lines) and "book" not in lines[-1]


def test_a_forced_pass_and_the_end_of_the_game() -> None:
    recorder = Recorder()
    board = recorder.game(PASS_GAME, 3)
    assert board.legal_moves() == [PASS_MOVE]
    assert split_answer(recorder.ask("go"))[1] == ["=== PA"]
    hint = searches(split_answer(recorder.ask("hint 2"))[1])
    assert len(hint) == 1 and hint[0]["pv"] == "PA"
    recorder.ask("move PA")
    recorder.ask("move h7")
    answered = len(recorder.out)
    for command in ("go", "hint 1"):
        assert recorder.session.handle(command) is True
        assert "the game is over" in recorder.err.pop()
    assert len(recorder.out) == answered


def test_a_waiting_ping_stops_the_search_after_its_first_depth() -> None:
    recorder = Recorder(stop=True)
    board = recorder.game(MIDGAME, 30)
    lines = recorder.ask("go")
    check_go(board, lines)
    assert [found["depth"] for found in searches(lines)] == ["1"]
    batches = check_hint(board, recorder.ask("hint 2"), 2)
    assert len(batches) == 1
    recorder.game(NEAR_END, 20)  # exact range: the solve is stopped too
    lines = recorder.ask("go")
    check_go(Board.from_transcript(NEAR_END), lines)
    assert all(found["note"] == "midgame" for found in searches(lines))


def test_the_inbox_tells_a_waiting_ping_or_quit() -> None:
    inbox = Inbox()
    inbox.put("hint 3\n")
    inbox.put("set game (;GM[Othello]C[ping];)\n")
    assert not inbox.stop_waiting()
    inbox.put("ping 4\n")
    assert inbox.stop_waiting()
    assert [inbox.get(), inbox.get(), inbox.get()] == [
        "hint 3\n",
        "set game (;GM[Othello]C[ping];)\n",
        "ping 4\n",
    ]
    inbox.put("quit\n")
    assert inbox.stop_waiting()
    inbox.get()
    inbox.put(None)  # the end of input lets a search finish
    assert not inbox.stop_waiting() and inbox.get() is None
