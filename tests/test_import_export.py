"""Study and share (flipside.import_export through the facade): recognising pasted games, exporting
them, the board editor's check and WTHOR listings."""

from __future__ import annotations

import base64
import json
import struct
from pathlib import Path

import pytest

from flipside import facade as web
from flipside.othello.wthor import parse_names

WTHOR = Path(__file__).resolve().parents[1] / ".." / "shared" / "data" / "wthor"
START = "-" * 27 + "OX------XO" + "-" * 27
THEMISTO_START = "XOXOXOXOO------XX------OO------XX------OO------XX------OOXOXOXOX"
THEMISTO_LINE = "g1-g3 d8-e7 c1-c7 g3-g2"


def call(method: str, **params: object) -> dict[str, object]:
    return json.loads(web.handle(json.dumps({"id": 1, "method": method, "params": params})))


def ok(method: str, **params: object) -> dict:
    answer = call(method, **params)
    assert "error" not in answer, answer
    return answer["result"]


def refused(method: str, **params: object) -> str:
    answer = call(method, **params)
    assert "result" not in answer, answer
    return answer["error"]["message"]


# -- accepted formats ----------------------------------------------------------------------

ACCEPTED = [
    ("f5d6c3d3c4", "transcript", "othello/f5d6c3d3c4"),
    ("F5 D6 C3 D3 C4", "transcript", "othello/f5d6c3d3c4"),
    ("1. f5 2. d6 3. c3", "transcript", "othello/f5d6c3"),
    ("f5, d6, c3", "transcript", "othello/f5d6c3"),
    (START + " X", "position", f"othello/&start={START}X"),
    (START.replace("-", ".").replace("X", "*") + " O", "position", f"othello/&start={START}O"),
    (START + " black", "position", f"othello/&start={START}X"),
    (START + "O", "position", f"othello/&start={START}O"),
    ("othello/f5d6", "link", "othello/f5d6"),
    ("#othello/f5d6&clock=300", "link", "othello/f5d6&clock=300"),
    ("https://example.org/flipside/#othello/f5d6c3", "link", "othello/f5d6c3"),
    ("(;GM[Othello]PB[a]PW[b]B[f5]W[d6];)", "ggf", "othello/f5d6"),
    (THEMISTO_LINE, "themisto-moves", "themisto/g1-g3,d8-e7,c1-c7,g3-g2"),
    ("1. g1-g3 d8-e7 2. c1-c7", "themisto-moves", "themisto/g1-g3,d8-e7,c1-c7"),
    ("G1G3, D8-E7", "themisto-moves", "themisto/g1-g3,d8-e7"),
    (
        THEMISTO_START + " 2 0 0",
        "themisto-position",
        f"themisto/&start={THEMISTO_START}_2_0_0",
    ),
    (
        THEMISTO_START + "_1_0_1",
        "themisto-position",
        f"themisto/&start={THEMISTO_START}_1_0_1",
    ),
    ("themisto/g1-g3,d8-e7&limit=120", "link", "themisto/g1-g3,d8-e7&limit=120"),
    ("https://example.org/#themisto/g1-g3", "link", "themisto/g1-g3"),
]


@pytest.mark.parametrize(("text", "kind", "record"), ACCEPTED)
def test_each_accepted_format_opens_its_game(text: str, kind: str, record: str) -> None:
    found = ok("recognise", text=text)
    assert found["kind"] == kind
    assert found["state"]["record"] == record
    assert found["label"]


def test_labels_say_what_will_open() -> None:
    assert ok("recognise", text="f5d6c3")["label"] == "an Othello transcript (3 moves)"
    assert ok("recognise", text=START + " O")["label"] == "an Othello position, White to move"
    assert ok("recognise", text=THEMISTO_LINE)["label"] == "a Themisto move list (4 moves)"
    label = ok("recognise", text="(;GM[Othello]PB[a]PW[b]B[f5];)(;GM[Othello]B[f5];)")["label"]
    assert label == "a GGF Othello game, a vs b (1 move), the first of 2 games"


def test_a_saved_game_and_a_text_file_are_read() -> None:
    state = ok("new", game="themisto")
    assert ok("recognise", text=state["save"])["kind"] == "save"
    text = ok("export", record="othello/f5d6c3")["text"]
    assert ok("recognise", text=text)["state"]["record"] == "othello/f5d6c3"


# -- malformed pastes ----------------------------------------------------------------------

BAD_OTHELLO = [
    ("", "there is nothing to read"),
    ("   \n ", "there is nothing to read"),
    ("hello world", "Flipside cannot read 'hello world'"),
    ("f5f5", "Othello transcript: move 2: f5 is not legal for White"),
    ("f5d6c3z9", "Othello transcript: move 4: z9 is not a square"),
    ("f5 d6 c3 i1", "move 4: i1 is not a square"),
    ("f5d6c3c3", "move 4: c3 is not legal for White"),
    ("f5 d6 a1", "move 3: a1 is not legal for Black"),
    ("f5 pass", "move 2: pass is not legal for White: it has a move"),
    ("f5 d6 c9", "move 3: c9 is not a square"),
    ("f5d6!c3", "move 3: '!c3' is not a move"),
    ("-" * 64, "64 squares but no side to move"),
    ("-" * 63 + " X", "63 squares before the side to move 'X', expected 64"),
    ("-" * 66 + " X", "66 squares before the side to move 'X', expected 64"),
    (START + " Z", "'Z' is not a side to move (use X for Black or O for White)"),
    (START[:10] + "Q" + START[11:] + " X", "square c2: 'Q' is not X, O or -"),
    ("-" * 64 + " X", "neither side has a move in this position"),
    ("X" * 64 + " O", "neither side has a move in this position"),
    ("othello/f5f5", "link: not a valid Othello game: move 2: f5 is not legal for White"),
    ("#othello/f5&clock=abc", "clock 'abc': expected seconds per player"),
    ("#othello/f5&v=2", "made by another version of Flipside"),
    ("#othello/f5&colour=red", "unknown option 'colour'"),
    ("othello/f5&handicap=9z", "handicap '9z'"),
    ("(;GM[Othello]B[f5]", "GGF: a game starts with '(;' but never ends with ';)'"),
    ("(;GM[Othello]B[f5]W[f5];)", "GGF move 2 (W[f5]): f5 is not legal for White"),
    ("(;GM[Go]B[dd];)", "GGF: the game is 'Go', not Othello"),
    ('{"format": "flipside-save", "version": 9}', "the saved game has version 9"),
    ("{not json", "Flipside cannot read"),
    ("chess/e4", "link: names no game Flipside knows ('chess')"),
    ("https://example.org/#go/d4", "link: names no game Flipside knows ('go')"),
]

BAD_THEMISTO = [
    ("b1-b4 c1-c9", "Themisto move list: move 2: bad move 'c1-c9'"),
    ("g1-g3 g1-g4", "Themisto move list: move 2:"),
    ("g1-g3 d8-e7x", "Themisto move list: move 2: d8-e7x captures nothing"),
    ("a1-a1", "Themisto move list: move 1:"),
    ("g1-g3 pass", "Themisto move list: move 2:"),
    ("g1-g3 zz-e7", "Themisto move list: move 2: bad move 'zz-e7'"),
    ("g1-g3 d8-e7 f5", "Themisto move list: move 3: bad move 'f5'"),
    (THEMISTO_START + " 1 1 0", "player 1 is to move but has a lost turn pending"),
    (THEMISTO_START + " 2 0 1", "player 2 is to move but has a lost turn pending"),
    (THEMISTO_START + " 3 0 0", "Themisto position"),
    (THEMISTO_START + " 1 2 0", "pending lost turns '2' '0', expected 0 or 1 each"),
    (THEMISTO_START[:63] + " 1 0 0", "the board has 63 squares, not 64"),
    (THEMISTO_START[:63] + "Q 1 0 0", "h8 holds 'Q', expected X, O or -"),
    (THEMISTO_START + "_1_1_0", "player 1 is to move but has a lost turn pending"),
    ("themisto/g1-g3,g1-g4", "link: not a valid Themisto game: move 2:"),
    ("themisto/g1-g3&limit=5", "move limit '5': expected off or 10 to 1000 moves"),
    ("themisto/g1-g3&start=nonsense", "link: not a valid Themisto game"),
    ("#themisto/&clock=300", "unknown option 'clock'"),
    ("https://x.org/#themisto/g1-g3,b1-b9", "link: not a valid Themisto game: move 2"),
    ("https://x.org/#themisto/&v=3", "made by another version of Flipside"),
    ("g1-g3 ; d8-e7 ; ???", "Themisto move list: move 3: bad move '???'"),
]


@pytest.mark.parametrize(("text", "message"), BAD_OTHELLO + BAD_THEMISTO)
def test_malformed_pastes_get_a_clear_message(text: str, message: str) -> None:
    assert message in refused("recognise", text=text)


def test_there_are_twenty_malformed_pastes_of_each_game() -> None:
    assert len(BAD_OTHELLO) >= 20 and len(BAD_THEMISTO) >= 20


# -- export and round trips ----------------------------------------------------------------

GAMES = [
    "othello/f5d6c3d3c4f4",
    "othello/d3c3e6d2d1e1b2c1",  # Black must pass here
    f"othello/f4&start={START}O",
    "othello/f5d6&clock=300",
    "themisto/g1-g3,d8-e7,c1-c7,g3-g2",
    f"themisto/d8-e7&start={THEMISTO_START}_2_0_0",
]


@pytest.mark.parametrize("record", GAMES)
def test_export_then_import_gives_the_game_back(record: str) -> None:
    texts = ok("export", record=record)
    assert ok("recognise", text=texts["link"])["state"]["record"] == record
    assert (
        ok("recognise", text="https://example.org/#" + texts["link"])["state"]["record"] == record
    )
    assert ok("recognise", text=texts["text"])["state"]["record"] == record
    at_end = ok("recognise", text=texts["position"])["state"]
    assert at_end["position"] == ok("state", record=record)["position"]
    if "start=" not in record and "clock" not in record:
        assert ok("recognise", text=texts["transcript"])["state"]["record"] == record
    if record.startswith("othello"):
        from_ggf = ok("recognise", text=texts["ggf"])["state"]["record"]
        assert from_ggf == record  # the clock travels in TI
    else:
        assert texts["ggf"] is None


def test_the_position_string_is_the_one_at_the_ply_asked() -> None:
    record = "othello/f5d6c3"
    prefixes = ok("state", record=record)["prefixes"]
    assert (
        ok("export", record=record, ply=1)["position"]
        == ok("state", record=prefixes[0])["position"]
    )
    assert ok("export", record=record, ply=0)["position"] == START + " X"
    assert "ply 4 is outside the game" in refused("export", record=record, ply=4)
    assert "ply must be an integer" in refused("export", record=record, ply="2")


def test_export_of_a_finished_othello_game_has_its_result_in_ggf() -> None:
    texts = ok("export", record="othello/d3c3f5f4f3d2d1e3b3")  # Black wins 13-0
    assert "RE[+64.000]" in texts["ggf"]


# -- the board editor ----------------------------------------------------------------------


def test_the_editor_opens_a_playable_othello_position() -> None:
    state = ok("editor_check", game="othello", cells=START, toMove="white")
    assert state["record"] == f"othello/&start={START}O"
    assert state["toMove"] == "white" and state["legalNames"]


def test_the_editor_opens_a_themisto_position_with_its_limit() -> None:
    state = ok(
        "editor_check",
        game="themisto",
        cells=THEMISTO_START,
        toMove="two",
        pending=[1, 0],
        moveLimit=60,
    )
    assert state["record"] == f"themisto/&limit=60&start={THEMISTO_START}_2_1_0"
    assert state["toMove"] == "two"


@pytest.mark.parametrize(
    ("params", "message"),
    [
        (
            {"game": "othello", "cells": "-" * 64, "toMove": "black"},
            "Othello: neither side has a move",
        ),
        ({"game": "othello", "cells": START, "toMove": "red"}, "Othello: 'red' is not a side"),
        ({"game": "othello", "cells": "Z" * 64, "toMove": "black"}, "64 squares of X, O and -"),
        (
            {"game": "themisto", "cells": THEMISTO_START, "toMove": "one", "pending": [1, 0]},
            "Themisto: player one has a pending lost turn",
        ),
        (
            {"game": "themisto", "cells": "-" * 64, "toMove": "one"},
            "Themisto: neither player can slide a disk",
        ),
        ({"game": "chess", "cells": START, "toMove": "black"}, "no game called 'chess'"),
    ],
)
def test_the_editor_refuses_what_cannot_be_played(params: dict, message: str) -> None:
    assert message in refused("editor_check", **params)


# -- WTHOR ------------------------------------------------------------------------------------


def _names_file(names: list[str], size: int) -> bytes:
    header = bytes([20, 24, 1, 1]) + struct.pack("<IHHBBBB", 0, len(names), 0, 0, 0, 0, 0)
    return header + b"".join(n.encode("latin-1").ljust(size, b"\0") for n in names)


def test_a_wthor_file_lists_its_games_with_numbers_for_names() -> None:
    data = (WTHOR / "WTH_1977.wtb").read_bytes()
    listing = ok("wthor_list", data=base64.b64encode(data).decode())
    assert listing["year"] == 1977 and listing["count"] == 12 and not listing["named"]
    first = listing["games"][0]
    assert first["black"].startswith("player #") and first["tournament"].startswith("tournament #")
    for game in listing["games"]:
        state = ok("state", record=game["record"])
        assert state["over"]
        assert state["result"]["score"] == game["score"]  # replayed to the recorded score


def test_wthor_names_come_from_the_jou_and_trn_tables() -> None:
    data = (WTHOR / "WTH_1977.wtb").read_bytes()
    first = ok("wthor_list", data=base64.b64encode(data).decode())["games"][0]
    top = max(first["black"], first["white"], key=len)
    count = max(int(first["black"][8:]), int(first["white"][8:])) + 1
    players = _names_file([f"Joueur {i} é" for i in range(count)], 20)
    tournaments = _names_file(
        [f"Tournoi {i}" for i in range(int(first["tournament"][12:]) + 1)], 26
    )
    listing = ok(
        "wthor_list",
        data=base64.b64encode(data).decode(),
        players=base64.b64encode(players).decode(),
        tournaments=base64.b64encode(tournaments).decode(),
    )
    named = listing["games"][0]
    assert listing["named"] and top
    assert named["black"] == f"Joueur {first['black'][8:]} é"
    assert named["tournament"] == f"Tournoi {first['tournament'][12:]}"


def test_name_tables_are_read_to_their_end_when_the_count_is_zero() -> None:
    table = _names_file(["Ann", "Bo"], 20)
    table = table[:8] + b"\0\0" + table[10:]
    assert parse_names(table, 20) == ["Ann", "Bo"]


def test_bad_wthor_data_is_refused() -> None:
    assert "too short for a header" in refused("wthor_list", data=base64.b64encode(b"abc").decode())
    assert "data must be base64" in refused("wthor_list", data="not base64!")
