"""Themisto's adapter for the facade (``flipside.themisto.game``) to the letter, and the one
shape every game's state has: the same keys for Othello and Themisto, each game's extras,
the move limit's bounds, the dialog's options and what a capture turns over. (Written
against the mutants that survived ``./build.sh mutate``.)"""

from __future__ import annotations

import json

import pytest

from flipside import facade as web
from flipside.record import Record
from flipside.themisto import Board
from flipside.themisto import game as tg

STATE_KEYS = {
    "game", "record", "link", "save", "cells", "position", "toMove", "sides", "legal",
    "legalNames", "lastMove", "lastFrom", "changed", "moves", "prefixes", "said", "counts", "over",
    "result", "status", "canUndo", "extra",
}  # fmt: skip
OTHELLO_EXTRA = {
    "transcript",
    "passed",
    "supply",
    "gave",
    "handicap",
    "clock",
    "flag",
    "series",
    "opening",
}
THEMISTO_EXTRA = {
    "targets", "canPass", "pending", "lostTurn", "captured", "row", "draw", "moveLimit",
    "movesPlayed",
}  # fmt: skip
# From the start, player one wins on move 5 by sliding c2 to d1, capturing c1 and e1.
WIN = "a1-b2,a7-b6,d1-c2,h7-g6,c2-d1x"


def state(record: str, method: str = "state", **params: object) -> dict:  # type: ignore[type-arg]
    request = {"id": 1, "method": method, "params": {"record": record, **params}}
    answer = json.loads(web.handle(json.dumps(request)))
    assert "error" not in answer, answer
    return answer["result"]  # type: ignore[no-any-return]


@pytest.mark.parametrize("record", ["othello/", "othello/f5", "themisto/", "themisto/" + WIN])
def test_every_state_has_one_shape(record: str) -> None:
    got = state(record)
    assert set(got) == STATE_KEYS
    assert set(got["extra"]) == (OTHELLO_EXTRA if got["game"] == "othello" else THEMISTO_EXTRA)
    assert set(got["counts"]) == {"black", "white"}
    assert len(got["cells"]) == 64 and got["position"].startswith(got["cells"])


def test_a_themisto_state_in_detail() -> None:
    played = state("themisto/", "play", move="a1-b2")
    start = Board().position()[:64]
    assert start[0] == "X" and start[9] == "-"  # a1 black, b2 empty
    assert played["cells"] == "-" + start[1:9] + "O" + start[10:]  # the disk arrives flipped
    assert played["legalNames"] == [] and played["canUndo"] is True
    assert played["lastFrom"] == 0 and played["lastMove"] == 9 and played["changed"] == [9]
    assert played["prefixes"] == ["themisto/a1-b2"]
    assert played["extra"]["pending"] == {"one": 0, "two": 0}
    assert played["extra"]["captured"] == [] and played["extra"]["movesPlayed"] == 1
    reloaded = state("themisto/a1-b2")
    assert reloaded["changed"] == []  # a reload is not animated
    fresh = state("themisto/")
    assert fresh["canUndo"] is False and fresh["counts"] == {"black": 14, "white": 14}


def test_a_capture_names_the_disks_it_turns_over() -> None:
    won = state("themisto/" + ",".join(WIN.split(",")[:-1]), "play", move="c2-d1x")
    assert won["extra"]["captured"] == [2, 4]  # c1, e1
    assert sorted(won["changed"]) == [2, 3, 4] and won["over"]
    assert won["result"] == {"winner": "one", "row": [1, 2, 3, 4, 5], "reason": "row"}
    before = state("themisto/" + ",".join(WIN.split(",")[:-1]))
    target = next(t for t in before["extra"]["targets"]["10"] if t["to"] == 3)  # c2 to d1
    assert target == {"to": 3, "plain": "c2-d1", "capture": "c2-d1x", "captures": [2, 4]}
    assert won["extra"]["targets"] == {} and won["legal"] == []


@pytest.mark.parametrize(
    ("limit", "ok"), [("9", False), ("10", True), ("1000", True), ("1001", False), ("x", False)]
)
def test_the_move_limit_runs_from_10_to_1000(limit: str, ok: bool) -> None:
    record = Record.parse(f"themisto/&limit={limit}")
    if ok:
        assert tg.parse_options(record).limit == int(limit)
        assert tg.parse_options(record).board().move_limit == int(limit)
    else:
        with pytest.raises(ValueError) as info:
            tg.parse_options(record)
        assert str(info.value) == f"move limit {limit!r}: expected off or 10 to 1000 moves"


def test_a_set_up_position_keeps_its_move_limit_and_reads_back() -> None:
    position = Board().position()
    opts = tg.parse_options(Record("themisto", "", (("limit", "50"), ("start", position))))
    assert opts.start == position and opts.board().move_limit == 50
    assert opts.fields() == (("limit", "50"), ("start", position.replace(" ", "_")))
    assert tg.parse_options(Record("themisto")) == tg.Options() and tg.Options().start == ""


def test_dialog_options_become_record_options() -> None:
    assert tg.options_from_json({"moveLimit": 0}).fields() == (("limit", "off"),)
    assert tg.options_from_json({"moveLimit": 50}).fields() == (("limit", "50"),)
    start = Board().position()
    assert tg.options_from_json({"start": start}).fields() == (("start", start.replace(" ", "_")),)
    assert tg.options_from_json({}) == tg.Options()


@pytest.mark.parametrize(
    ("data", "kind", "message"),
    [
        (5, TypeError, "options must be a JSON object"),
        ({"limit": 5}, ValueError, "unknown Themisto option 'limit'"),
    ],
)
def test_bad_dialog_options_are_named_exactly(data: object, kind: type, message: str) -> None:
    with pytest.raises(kind) as info:
        tg.options_from_json(data)
    assert str(info.value) == message


def test_a_bad_move_names_its_number_and_undo_of_nothing_says_so() -> None:
    with pytest.raises(ValueError, match="^move 2: "):
        tg.replay(Record("themisto", "a1-b2,a1-a1"))
    with pytest.raises(ValueError) as info:
        tg.undo(Record("themisto"))
    assert str(info.value) == "there is no move to undo"


def test_player_two_wins_with_five_or_more_and_the_list_tells_it() -> None:
    cells = "OOOO----" + "-" * 8 + "----X---" + "-" * 40
    record = f"themisto/&start={cells}_2_0_0"
    ongoing = state(record)
    assert ongoing["result"] is None and ongoing["extra"]["draw"] is None
    won = state(record, "play", move="e3-e1")
    assert won["status"] == "Game over: player two wins with five or more in a row (a1 b1 c1 d1 e1)"
    assert won["moves"] == [{"text": "e3-e1", "by": "two", "note": "wins", "does": ["win"]}]


def test_move_notes_join_and_name_passes_and_draws() -> None:
    won = state("themisto/" + WIN)
    assert won["moves"][-1]["note"] == "captures c1 e1, wins"
    lone = "themisto/&start=X" + "-" * 63 + "_1_0_0"  # no slide for anyone: pass, pass
    drawn = state(lone + "", "play", move="pass")
    drawn = state(drawn["record"], "play", move="pass")
    assert [m["note"] for m in drawn["moves"]] == [
        "passes",
        "passes, draw: both players passed in turn",
    ]
    assert drawn["extra"]["draw"] == "both passed"


def test_prefixes_are_the_records_after_each_move_with_the_options() -> None:
    got = state("themisto/a1-b2,a7-b6&limit=50")
    assert got["prefixes"] == ["themisto/a1-b2&limit=50", "themisto/a1-b2,a7-b6&limit=50"]
