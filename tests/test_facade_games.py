"""The facade's games: records, Othello's options (handicap, set-up, clock, series, disc
supply), Themisto in the page's terms (targets, captures, lost turns, wins, draws, passes),
links and saves of both games, and the error for every malformed one.

These tests also run inside Pyodide (tests/pyodide/run_tests.mjs).
"""

from __future__ import annotations

import json

import pytest

from bad_saves import BAD_THEMISTO_SAVES
from flipside import facade as web
from flipside.othello import Board
from flipside.record import Record
from flipside.themisto import Board as ThemistoBoard

MUST_PASS = "d3c3e6d2d1e1b2c1"  # Black has no move here; White moves again
SHORT_GAME = "d3c3f5f4f3d2d1e3b3"  # White is wiped out: Black wins 13-0
# Random games (seeds 4 and 8) in which a side places a 31st disc: its opponent gives it one.
BLACK_RUNS_OUT = (
    "c4e3f2c5d6e2f3g1d1g3e6c3b6e1b2a7g4f4h2f7d2h3b4c1g8e7f8a5a4b3c2d3h4d7c7e8f5a2b5d8c6h8g2"
    "g5h1b7h5a3c8g7a1f6h7h6a8b1a6b8g6f1"
)
# Seed 36: a side is given a disc three moves before the end (the status tells it).
GIVEN_BEFORE_THE_END = (
    "f5f4c3d6d3b2e6f6g4f3g5c6g3h3c5d2c7b7g7b8e3g6f7f8g2h4d1g1c8h5a8e2d7b5h1h6e7e8b4a7f2c1h7"
    "a5a6f1h8c4a4g8c2b6b3a2a3b1e1d8h2a1"
)
WHITE_RUNS_OUT = (
    "c4e3f5c5c3g6e2c2b3a3b5e6c1f3e7e8d6c7f7d3h5d1g5a6b1b6a5f6b4c6b2f8f4a2d8d2a7b8b7g3g8a1g4"
    "h4d7a4g2h6f2g1h3e1f1a8h7h2h1c8h8g7"
)


def call(method: str, **params: object) -> dict[str, object]:
    return json.loads(web.handle(json.dumps({"id": 1, "method": method, "params": params})))


def result(method: str, **params: object) -> dict:  # type: ignore[type-arg]
    answer = call(method, **params)
    assert "error" not in answer, answer
    return answer["result"]  # type: ignore[return-value]


def error(method: str, **params: object) -> str:
    answer = call(method, **params)
    assert "result" not in answer, answer
    return answer["error"]["message"]  # type: ignore[index]


# -- records ------------------------------------------------------------------------------


def test_record_text_round_trips_and_keeps_plain_games_plain() -> None:
    plain = Record.parse("#othello/f5d6c3")
    assert plain == Record("othello", "f5d6c3") and plain.text() == "othello/f5d6c3"
    rich = Record("othello", "f5", (("handicap", "2w"), ("clock", "300")))
    assert rich.text() == "othello/f5&handicap=2w&clock=300"
    assert Record.parse(rich.text()) == rich
    spaced = Record("themisto", "b1-b4,pass", (("start", "X O"),))
    assert Record.parse(spaced.text()) == spaced and " " not in spaced.text()
    assert Record.parse("othello/f5&v=1") == Record("othello", "f5")
    # The messages name what was wrong, word for word (the page shows them).
    with pytest.raises(ValueError) as newer:
        Record.parse("othello/f5&v=2")
    assert str(newer.value) == (
        "it was made by another version of Flipside (format '2', this one reads 1)"
    )
    with pytest.raises(ValueError) as twice:
        Record.parse("othello/&clock=1&clock=2")
    assert str(twice.value) == "option 'clock' is given twice"
    with pytest.raises(ValueError) as bare:
        Record.parse("othello/&cl%20ock")
    assert str(bare.value) == "option 'cl ock' is not key=value"
    assert rich.without("clock") == Record("othello", "f5", (("handicap", "2w"),))


# -- Othello ------------------------------------------------------------------------------


def test_the_move_after_a_forced_pass_is_the_other_sides() -> None:
    passed = result("state", record="othello/" + MUST_PASS)
    assert passed["toMove"] == "white" and passed["extra"]["passed"] is True
    reply = passed["legalNames"][0]
    after = result("play", record=passed["record"], move=reply)
    board = Board.from_transcript(MUST_PASS + reply)
    assert after["position"] == board.position()
    assert [m["by"] for m in after["moves"][-3:]] == ["white", "black", "white"]
    assert after["moves"][-2]["text"] == "pass"
    think = result("think", record=passed["record"], level=1, seconds=0.1, seed=1)
    assert think["move"] in passed["legalNames"]
    hints = result("hints", record=passed["record"], level=2)
    assert set(hints["values"]) == set(passed["legalNames"])


def test_draw_status_text() -> None:
    board = Board.from_position("X" * 32 + "O" * 32 + " X")
    state = result("state", record="othello/&start=" + board.position().replace(" ", ""))
    assert state["over"] and state["status"] == "Game over: a draw, 32–32"
    assert state["result"] == {
        "winner": None,
        "score": [32, 32],
        "discs": [32, 32],
        "reason": "no moves",
    }


def test_handicap_corners_are_placed_and_travel_in_the_link() -> None:
    state = result("new", game="othello", options={"handicap": 3, "handicapFor": "white"})
    assert state["record"] == "othello/&handicap=3w"
    cells = state["cells"]
    assert [cells[sq] for sq in (0, 63, 7, 56)] == ["O", "O", "O", "-"]
    assert state["toMove"] == "black" and state["extra"]["handicap"] == {
        "corners": 3,
        "for": "white",
    }
    assert state["extra"]["supply"] == {"black": 30, "white": 27}
    played = result("play", record=state["record"], move=state["legalNames"][0])
    assert played["record"] == f"othello/{state['legalNames'][0]}&handicap=3w"
    opened = result("open_link", fragment=played["link"])
    assert opened["position"] == played["position"]
    assert result("opening", record="othello/f5d6c3d3c4&handicap=1b") is None
    assert "handicap '5w'" in error("open_link", fragment="othello/&handicap=5w")


def test_a_set_up_position_is_played_from() -> None:
    start = Board.from_transcript("f5d6c3").position()
    record = "othello/d3&start=" + start.replace(" ", "")
    state = result("state", record=record)
    assert state["position"] == Board.from_transcript("f5d6c3d3").position()
    assert state["moves"] == [{"text": "d3", "by": "white", "note": ""}]
    assert "cannot also have a handicap" in error("state", record=record + "&handicap=1b")


def test_the_disc_supply_counts_down_and_the_opponent_gives_discs() -> None:
    for transcript, short in ((BLACK_RUNS_OUT, "Black"), (WHITE_RUNS_OUT, "White")):
        state = result("state", record="othello/" + transcript)
        other = "White" if short == "Black" else "Black"
        notes = [m for m in state["moves"] if "gives" in m["note"]]
        assert notes, transcript
        assert {m["by"] for m in notes} == {short.lower()}
        assert notes[0]["note"] == f"{short} has no discs left: {other} gives one"
        assert state["extra"]["supply"] == {"black": 0, "white": 0}
        # The move that borrowed: before it, the mover's own supply was empty.
        index = state["moves"].index(notes[0])
        before = result("state", record=state["prefixes"][index - 1])
        assert before["extra"]["supply"][short.lower()] == 0
        assert before["extra"]["supply"][other.lower()] > 0
        borrowed = result("state", record=state["prefixes"][index])
        assert borrowed["extra"]["gave"] == notes[0]["note"]
        if not borrowed["over"]:
            assert borrowed["status"].startswith(notes[0]["note"] + ". ")
    state = result("state", record="othello/" + GIVEN_BEFORE_THE_END)
    index = next(i for i, m in enumerate(state["moves"]) if "gives" in m["note"])
    given = result("state", record=state["prefixes"][index])
    assert not given["over"] and given["status"].startswith(given["extra"]["gave"] + ". ")
    fresh = result("play", record="othello/", move="f5")
    assert fresh["extra"]["supply"] == {"black": 29, "white": 30}


def test_a_clock_that_runs_out_loses_the_game() -> None:
    state = result("new", game="othello", options={"clock": 180})
    assert state["record"] == "othello/&clock=180" and state["extra"]["clock"] == 180
    played = result("play", record=state["record"], move="f5")
    assert "only the side to move" in error("flag", record=played["record"], side="black")
    lost = result("flag", record=played["record"], side="white")
    assert lost["record"] == "othello/f5&clock=180&flag=white"
    assert lost["over"] and lost["toMove"] is None and lost["legal"] == []
    assert lost["status"] == "Game over: White's time ran out. Black wins"
    assert lost["result"]["winner"] == "black" and lost["result"]["reason"] == "time"
    assert lost["result"]["score"] == [63, 1]  # discs on the board, empties to the winner
    assert lost["canUndo"] is False
    assert "time ran out" in error("play", record=lost["record"], move="f6")
    assert "cannot be taken back" in error("undo", record=lost["record"])
    assert "already over" in error("flag", record=lost["record"], side="black")
    assert "time ran out" in error("think", record=lost["record"], level=1)
    assert "no clock" in error("flag", record="themisto/", side="one")


def test_a_series_alternates_colours_and_keeps_the_score() -> None:
    state = result("new", game="othello", options={"series": {"kind": "games", "target": 2}})
    series = state["extra"]["series"]
    assert series["number"] == 1 and series["black"] == "A" and series["score"] == {"A": 0, "B": 0}
    assert "not over yet" in error("next_game", record=state["record"])
    won = result("state", record="othello/" + SHORT_GAME + "&series=games:2")
    assert won["extra"]["series"]["score"] == {"A": 1, "B": 0}
    second = result("next_game", record=won["record"])
    assert second["record"] == "othello/&series=games:2&past=64-0"
    assert second["extra"]["series"]["black"] == "B" and second["extra"]["series"]["number"] == 2
    assert second["toMove"] == "black" and second["moves"] == []
    # Player B (Black now) wins game 2 the same way: the series is level at 1-1.
    level = result("state", record="othello/" + SHORT_GAME + "&series=games:2&past=64-0")
    standing = level["extra"]["series"]
    assert standing["score"] == {"A": 1, "B": 1} and standing["over"] is False
    assert [g["winner"] for g in standing["games"]] == ["A", "B"]
    third = result("next_game", record=level["record"])
    assert third["extra"]["series"]["black"] == "A"
    # A's flag falls in game 3 while A (Black) is to move: B wins the series 2-1.
    final = result("flag", record=third["record"], side="black")
    assert final["extra"]["series"]["over"] and final["extra"]["series"]["winner"] == "B"
    assert "series is over" in error("next_game", record=final["record"])
    points = result("state", record="othello/" + SHORT_GAME + "&series=points:100")
    assert points["extra"]["series"]["score"] == {"A": 64, "B": 0}
    assert "already decided" in error("state", record="othello/&series=games:1&past=64-0")


def test_a_handicap_follows_its_player_through_a_series() -> None:
    first = result("state", record="othello/" + SHORT_GAME + "&handicap=1w&series=games:3")
    second = result("next_game", record=first["record"])
    assert first["extra"]["handicap"]["for"] == "white"
    assert second["extra"]["handicap"]["for"] == "black"  # player B: White, then Black
    assert second["cells"][0] == "X"


# -- Themisto -----------------------------------------------------------------------------


def themisto(picture: str, player: int = 1, pending: str = "0 0") -> str:
    """A Themisto record starting from an 8-line picture (missing ranks empty)."""
    rows = [r.replace(" ", "") for r in picture.strip().splitlines()]
    rows += ["........"] * (8 - len(rows))
    cells = "".join(rows).replace(".", "-")
    return f"themisto/&start={cells}_{player}_{pending.replace(' ', '_')}"


def test_a_new_themisto_game() -> None:
    state = result("new", game="themisto")
    assert state["game"] == "themisto" and state["record"] == "themisto/"
    assert state["position"] == ThemistoBoard().position()
    assert state["toMove"] == "one" and state["sides"] == ["one", "two"]
    assert state["status"] == "Player one to move"
    targets = state["extra"]["targets"]
    assert sum(len(d) for d in targets.values()) == 160  # no capture is possible at the start
    assert state["legal"] == sorted(int(sq) for sq in targets)
    assert state["extra"]["moveLimit"] == 200 and state["extra"]["canPass"] is False
    played = result("play", record=state["record"], move="b1-b4")
    assert played["record"] == "themisto/b1-b4" and played["toMove"] == "two"
    assert played["lastFrom"] == 1 and played["lastMove"] == 25 and played["changed"] == [25]
    assert played["moves"] == [{"text": "b1-b4", "by": "one", "note": "", "does": []}]
    assert result("undo", record=played["record"])["position"] == state["position"]
    assert "no move to undo" in error("undo", record="themisto/")


def test_a_capture_is_offered_with_the_disks_it_flips() -> None:
    record = themisto(
        """
        ........
        ........
        ........
        X...XO..
        ...X....
        ...O....
        """
    )
    state = result("state", record=record)
    d4 = next(t for t in state["extra"]["targets"]["24"] if t["to"] == 27)  # a4 -> d4
    assert d4 == {"to": 27, "plain": "a4-d4", "capture": "a4-d4x", "captures": [28, 35]}
    played = result("play", record=record, move="a4-d4x")
    assert sorted(played["changed"]) == [27, 28, 35]
    assert played["moves"][0]["note"] == "captures e4 d5"
    declined = result("play", record=record, move="a4-d4")
    assert declined["changed"] == [27]


def test_a_lost_turn_is_told_in_the_status_and_the_move_list() -> None:
    record = themisto("XXX.....\n........\nO.......")
    state = result("play", record=record, move="a1-a2")
    assert state["status"] == (
        "Player one loses the next turn: player two moves twice. Player two to move"
    )
    assert state["moves"][0]["note"] == "player two moves twice"
    assert state["extra"]["lostTurn"].startswith("Player one loses")
    again = result("play", record=state["record"], move="a3-b3")
    assert again["toMove"] == "two" and again["extra"]["lostTurn"] is None


def test_a_win_names_the_row_and_the_rule() -> None:
    state = result("play", record=themisto("XXXX....\n........\n....O..."), move="e3-e1")
    assert state["over"] and state["toMove"] is None and state["extra"]["targets"] == {}
    assert state["extra"]["row"] == [0, 1, 2, 3, 4]
    assert state["result"] == {"winner": "one", "row": [0, 1, 2, 3, 4], "reason": "row"}
    assert state["status"] == (
        "Game over: player one wins with exactly five in a row (a1 b1 c1 d1 e1)"
    )
    assert state["moves"][-1]["note"] == "wins"


def test_draws_say_which_rule() -> None:
    cycle = "b1-b3,g8-g6,b3-b1,g6-g8"
    repeated = result("state", record=f"themisto/{cycle},{cycle}")
    assert repeated["status"] == "Game over: a draw, the same position came up a third time"
    assert repeated["result"] == {"winner": None, "row": [], "reason": "threefold repetition"}
    limited = result("state", record="themisto/b1-b3,g8-g6,b3-b1,g6-g8,b1-b3&limit=off")
    assert limited["extra"]["moveLimit"] is None
    moves = ",".join(["b1-b3", "g8-g6", "h2-g3", "a7-b6"] + ["c1-c3"] * 0)
    short = result("state", record=f"themisto/{moves}&limit=10")
    assert short["extra"]["moveLimit"] == 10 and not short["over"]
    ended = result("new", game="themisto", options={"moveLimit": 10})
    record = ended["record"]
    assert record == "themisto/&limit=10"
    for _ in range(10):
        state = result("state", record=record)
        if state["over"]:
            break
        move = next(t for d in state["extra"]["targets"].values() for t in d if t["plain"])
        record = result("play", record=record, move=move["plain"])["record"]
    final = result("state", record=record)
    assert final["over"] and final["result"]["reason"] == "move limit"
    assert final["status"] == "Game over: a draw, the move limit was reached (10 moves)"


def test_a_pass_is_offered_only_without_a_slide() -> None:
    record = themisto("X.......")
    state = result("state", record=record)
    assert state["extra"]["canPass"] is True and state["legal"] == []
    assert state["status"].endswith("no slide is possible, so pass")
    passed = result("play", record=record, move="pass")
    assert passed["status"].startswith("Player one has no move and passes.")
    both = result("play", record=passed["record"], move="pass")
    assert both["status"] == "Game over: a draw, both players passed in turn"
    assert "has a legal move" in error("play", record="themisto/", move="pass")


# -- links and saves of both games --------------------------------------------------------


@pytest.mark.parametrize(
    "record",
    [
        "othello/f5d6c3",
        "othello/f5&handicap=2b&clock=60&series=points:64",
        "themisto/b1-b4,g8-g6",
        "themisto/b1-b4&limit=off",
        "themisto/&limit=50",
    ],
)
def test_links_and_saves_round_trip(record: str) -> None:
    state = result("open_link", fragment="#" + record)
    assert state["link"] == record == state["record"]
    assert result("open_saved", text=state["save"])["record"] == record
    assert json.loads(state["save"])["version"] == 2


def test_a_version_one_save_still_opens() -> None:
    old = json.dumps(
        {"format": "flipside-save", "version": 1, "game": "othello", "transcript": "f5"}
    )
    assert result("open_saved", text=old)["record"] == "othello/f5"


BAD_THEMISTO_LINKS = {
    "themisto/b1-b9": "b1-b9",
    "themisto/b1b4b4": "bad move",
    "themisto/a1-a1": "does not move",
    "themisto/b1-c3": "not a straight line",
    "themisto/c4-c5": "no disk on c4",
    "themisto/a1-b1": "b1 is not empty",
    "themisto/b1-b4,b4-b1": "repeats the position",
    "themisto/pass": "has a legal move",
    "themisto/b1-b4,a4-c4": "blocked by the disk on b4",
    "themisto/b1-b4x": "captures nothing",
    "themisto/b1-b3,g8-g6,b3-b1,g6-g8,b1-b3,g8-g6,b3-b1,g6-g8,b1-b3": "game is over",
    "themisto/&limit=5": "move limit '5'",
    "themisto/&limit=many": "move limit 'many'",
    "themisto/&depth=3": "unknown option 'depth'",
    "themisto/&start=XO": "bad position",
    "themisto/&start=" + "X" * 64 + "_3_0_0": "player to move '3'",
    "themisto/&start=" + "X" * 64 + "_1_1_0": "lost turn pending",
    "themisto/&start=" + "Z" * 64 + "_1_0_0": "holds 'Z'",
    "themisto/b1-b4&v=7": "another version",
    "themisto/&limit": "not key=value",
    "themisto/&limit=20&limit=30": "given twice",
    "chess/e4": "no game Flipside knows",
    "/b1-b4": "no game Flipside knows",
}


@pytest.mark.parametrize(("fragment", "why"), BAD_THEMISTO_LINKS.items())
def test_malformed_themisto_links_say_what_is_wrong(fragment: str, why: str) -> None:
    message = error("open_link", fragment=fragment)
    assert why in message
    assert message.startswith(("this link is not a valid Themisto game", "this link"))


@pytest.mark.parametrize(("text", "why"), BAD_THEMISTO_SAVES.items())
def test_malformed_themisto_saves_say_what_is_wrong(text: str, why: str) -> None:
    assert why in error("open_saved", text=text)


def test_new_game_options_are_checked() -> None:
    assert "unknown Othello option 'speed'" in error("new", game="othello", options={"speed": 1})
    assert "unknown Themisto option" in error("new", game="themisto", options={"clock": 60})
    assert "clock '0.5'" in error("new", game="othello", options={"clock": 0.5})
    assert "series" in error("new", game="othello", options={"series": {"kind": "sets"}})
    othello = result(
        "new",
        game="othello",
        options={"handicap": 1, "handicapFor": "black", "clock": 90, "series": None},
    )
    assert othello["record"] == "othello/&handicap=1b&clock=90"
    none = result("new", game="themisto", options={"moveLimit": 0})
    assert none["record"] == "themisto/&limit=off"
