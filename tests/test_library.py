"""The game library's Python side (flipside.library through the facade): files of many games
read and written, records checked and summarised."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from flipside import facade as web
from flipside.othello import wthor
from flipside.record import Record

WTHOR = Path(__file__).resolve().parents[1] / ".." / "shared" / "data" / "wthor"


def call(method: str, **params: object) -> dict:
    return json.loads(web.handle(json.dumps({"id": 1, "method": method, "params": params})))


def ok(method: str, **params: object) -> dict:
    answer = call(method, **params)
    assert "error" not in answer, answer
    return answer["result"]


def refused(method: str, **params: object) -> str:
    answer = call(method, **params)
    assert "result" not in answer, answer
    return answer["error"]["message"]


def finished_game() -> str:
    """A whole Othello game: the first legal move each turn until the end."""
    state = ok("new", game="othello")
    while not state["over"]:
        state = ok("play", record=state["record"], move=state["legalNames"][0])
    return state["record"]


FINISHED = finished_game()
GAMES = [
    {"record": "othello/f5d6c3", "black": "Ann", "white": "Bob", "date": "2026.11.26", "place": ""},
    {"record": "othello/f5f6&clock=300", "black": "Flipside 6", "white": "You"},
    {"record": "othello/&start=" + "-" * 27 + "OX------XO" + "-" * 27 + "O"},
    {"record": "themisto/g1-g3,d8-e7&limit=120"},
    {"record": "themisto/g1-g3,d8-e7,c1-c7&limit=off"},
]


def test_finished_othello_game_round_trips_with_result():
    record = FINISHED
    files = ok("library_export", entries=[{"record": record, "black": "A", "white": "B"}])
    assert "RE[" in files["ggf"] and "PB[A]" in files["ggf"]
    read = ok("library_read", text=files["ggf"])
    assert [g["record"] for g in read["games"]] == [record]
    assert (read["games"][0]["black"], read["games"][0]["white"]) == ("A", "B")


def test_export_then_import_keeps_every_game_and_its_names():
    files = ok("library_export", entries=GAMES)
    assert files["counts"] == {"ggf": 3, "text": 2}
    assert files["ggf"].count("(;GM[Othello]") == 3
    othello = ok("library_read", text=files["ggf"])
    assert othello["format"] == "ggf" and othello["errors"] == []
    assert [g["record"] for g in othello["games"]] == [g["record"] for g in GAMES[:3]]
    assert [g["black"] for g in othello["games"]] == ["Ann", "Flipside 6", "Black"]
    assert othello["games"][0]["date"] == "2026.11.26"
    themisto = ok("library_read", text=files["text"])
    assert themisto["format"] == "flipside"
    assert [g["record"] for g in themisto["games"]] == [g["record"] for g in GAMES[3:]]


def test_a_bad_game_is_reported_by_number_and_the_others_kept():
    files = ok("library_export", entries=GAMES[:3])
    blocks = files["ggf"].splitlines()
    broken = blocks[1].replace("W[f6]", "W[a1]")  # not legal: reported, not fatal
    read = ok("library_read", text="\n".join([blocks[0], broken, blocks[2]]))
    assert [g["record"] for g in read["games"]] == [GAMES[0]["record"], GAMES[2]["record"]]
    assert [e["number"] for e in read["errors"]] == [2]
    assert "a1" in read["errors"][0]["message"]


def test_a_file_of_lines_reads_transcripts_move_lists_and_links():
    text = "# my games\nf5d6c3d3\n\ng1-g3 d8-e7\nhttps://example.org/flipside/#othello/f5f6\nzz\n"
    read = ok("library_read", text=text)
    assert read["format"] == "lines"
    assert [g["record"] for g in read["games"]] == [
        "othello/f5d6c3d3",
        "themisto/g1-g3,d8-e7",
        "othello/f5f6",
    ]
    assert [e["number"] for e in read["errors"]] == [4]


def test_a_file_with_no_game_is_refused():
    assert "no game" in refused("library_read", text="\n# nothing here\n")
    chess = ok("library_read", text="(;GM[Chess];)")
    assert chess["games"] == [] and "Chess" in chess["errors"][0]["message"]


def test_summaries_give_moves_result_and_opening_or_the_error():
    finished, opening, bad, themisto = ok(
        "library_summaries",
        records=[FINISHED, "othello/f5d6c3d3c4f4", "othello/a1", "themisto/g1-g3"],
    )
    assert finished["over"] and finished["moves"] >= 58
    assert finished["result"]["score"][0] + finished["result"]["score"][1] == 64
    assert opening["opening"] and not opening["over"] and opening["result"] is None
    assert "a1" in bad["error"]
    assert themisto == {
        "record": "themisto/g1-g3",
        "game": "themisto",
        "sides": ["one", "two"],
        "moves": 1,
        "over": False,
        "result": None,
        "opening": None,
    }
    assert ok("library_summaries", records=[12])[0]["error"]


def test_export_refuses_bad_entries():
    assert refused("library_export", entries=[{"record": "othello/zz"}])
    assert "entries" in refused("library_export", entries=[{"moves": "f5"}])


@pytest.mark.skipif(not WTHOR.exists(), reason="the shared WTHOR data is beside the project")
def test_a_thousand_tournament_games_round_trip_through_ggf():
    _, games = wthor.parse_wthor((WTHOR / "WTH_2015.wtb").read_bytes())
    records = [Record("othello", g.transcript()).text() for g in games[:1000]]
    entries = [{"record": r, "black": f"p{i}", "white": "w"} for i, r in enumerate(records)]
    files = ok("library_export", entries=entries)
    read = ok("library_read", text=files["ggf"])
    assert read["errors"] == []
    assert [g["record"] for g in read["games"]] == records
    assert [g["black"] for g in read["games"]] == [e["black"] for e in entries]


def test_reading_a_long_file_reports_progress_and_summarises_each_game():
    records = ["othello/f5d6c3", "othello/f5f6e6f4", FINISHED] * 200
    files = ok("library_export", entries=[{"record": r} for r in records])
    reports: list[dict] = []
    request = json.dumps({"id": 1, "method": "library_read", "params": {"text": files["ggf"]}})
    answer = json.loads(web.handle(request, lambda text: reports.append(json.loads(text))))
    games = answer["result"]["games"]
    assert [(r["done"], r["total"]) for r in reports] == [(250, 600), (500, 600)]
    assert {r["type"] for r in reports} == {"progress"}
    first, second, last = games[:3]
    assert (first["moves"], first["over"], first["sides"]) == (3, False, ["black", "white"])
    assert first["opening"] and first["game"] == "othello"
    assert (
        last["over"] and last["result"]["score"] == ok("state", record=FINISHED)["result"]["score"]
    )
    assert games[3:6] == [first, second, last]
