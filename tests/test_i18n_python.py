"""The words Python makes, in German: statuses, ``said``, move notes, labels and errors
through the facade (the request's ``lang``), the CLI under ``LANG=de_DE.UTF-8``; English
stays the default."""

from __future__ import annotations

import json
from collections.abc import Iterator

import pytest

from flipside import facade, i18n
from flipside.cli import main
from flipside.i18n import ntr, tr


@pytest.fixture(autouse=True)
def english_afterwards() -> Iterator[None]:
    yield
    i18n.use("en")


def answer(method: str, lang: str | None = "de", **params: object) -> dict:  # type: ignore[type-arg]
    request: dict[str, object] = {"id": 1, "method": method, "params": params}
    if lang is not None:
        request["lang"] = lang
    reply: dict = json.loads(facade.handle(json.dumps(request)))  # type: ignore[type-arg]
    return reply


def result(method: str, **params: object) -> dict:  # type: ignore[type-arg]
    reply = answer(method, **params)
    assert "result" in reply, reply
    value: dict = reply["result"]  # type: ignore[type-arg]
    return value


def error(method: str, **params: object) -> str:
    reply = answer(method, **params)
    assert "error" in reply, reply
    message: str = reply["error"]["message"]
    return message


# -- Othello ------------------------------------------------------------------------------


def test_an_othello_move_in_german() -> None:
    state = result("state", record="othello/f5")
    assert state["status"] == "Weiß ist am Zug"
    assert state["said"] == "Schwarz zieht f5 und dreht e5 um"
    assert [m["text"] for m in state["moves"]] == ["f5"]  # notation stays


def test_the_end_in_german() -> None:
    # A shortest game: White has no disc left after nine moves.
    state = result("state", record="othello/d3c3b3d2e1d6d7e3f4")
    assert state["over"]
    assert state["status"] == "Spielende: Schwarz gewinnt 13–0"
    assert (
        state["said"] == "Schwarz zieht f4 und dreht e3 e4 e5 um. Spielende: Schwarz gewinnt 13–0"
    )


def test_a_disc_given_from_the_other_supply_is_noted_in_german() -> None:
    note = tr("{side} has no discs left: {other} gives one", side="Schwarz", other="Weiß")
    i18n.use("de")
    assert tr("{side} has no discs left: {other} gives one", side="Schwarz", other="Weiß") == (
        "Schwarz hat keine Spielsteine mehr: Weiß überlässt einen"
    )
    assert note == "Schwarz has no discs left: Weiß gives one"


def test_errors_in_german() -> None:
    assert error("play", record="othello/f5", move="a1") == "a1 ist für Weiß nicht erlaubt"
    assert error("open_link", fragment="othello/f5c9") == (
        "dieser Link ist keine gültige Othello-Partie: Zug 2: c9 ist kein Feld"
    )
    assert error("open_link", fragment="chess/e4") == (
        "dieser Link nennt kein Spiel, das Flipside kennt ('chess')"
    )
    assert error("undo", record="othello/") == (
        "es gibt keinen Zug, der rückgängig gemacht werden kann"
    )
    assert error("open_saved", text="{") == "das gespeicherte Spiel ist nicht lesbar (kein JSON)"


def test_what_a_paste_is_in_german_with_its_plural() -> None:
    assert result("recognise", text="f5")["label"] == "eine Othello-Partienotation (1 Zug)"
    assert result("recognise", text="f5d6c3")["label"] == "eine Othello-Partienotation (3 Züge)"
    assert result("recognise", text="#othello/f5d6")["label"] == "ein Othello-Link (2 Züge)"
    assert error("recognise", text="othello/f5f5") == (
        "Link: keine gültige Othello-Partie: Zug 2: f5 ist für Weiß nicht erlaubt"
    )
    assert error("recognise", text="   ").startswith("es gibt nichts zu lesen: erwartet wird ")


def test_ntr_chooses_the_german_form_by_number() -> None:
    i18n.use("de")
    assert ntr("an Othello transcript ({n} move)", "an Othello transcript ({n} moves)", 1) == (
        "eine Othello-Partienotation (1 Zug)"
    )
    assert ntr("{n} inaccuracy", "{n} inaccuracies", 2) == "2 Ungenauigkeiten"


# -- Themisto -----------------------------------------------------------------------------


def test_a_themisto_game_in_german() -> None:
    state = result("state", record="themisto/b1-b4")
    assert state["status"] == "Spieler zwei ist am Zug"
    assert state["said"] == "Spieler eins zieht b1 nach b4"
    assert error("play", record="themisto/b1-b4", move="a1-a2") == "a1-a2: a2 ist nicht leer"
    assert error("play", record="themisto/b1-b4", move="b4-b1") == (
        "b4-b1 stellt die Stellung vor dem vorigen Zug wieder her"
    )
    captured = result("state", record="themisto/b1-b4,b4-b2,c8-c3x")
    assert captured["said"] == "Spieler eins zieht c8 nach c3 und schlägt b2"
    assert captured["moves"][-1] == {
        "text": "c8-c3x",
        "by": "one",
        "note": "schlägt b2",
        "does": ["capture"],
    }
    assert error("flag", record="themisto/", side="one") == "Themisto-Partien haben keine Uhr"


def test_themisto_words_of_a_capture_and_a_draw_in_german() -> None:
    i18n.use("de")
    assert tr(
        "{player} slides {origin} to {target} and captures {squares}",
        player=tr("Player two"),
        origin="c1",
        target="c3",
        squares="d2",
    ) == ("Spieler zwei zieht c1 nach c3 und schlägt d2")
    assert tr(
        "{player} loses the next turn: {other} moves twice",
        player="Spieler eins",
        other="Spieler zwei",
    ) == ("Spieler eins muss den nächsten Zug aussetzen: Spieler zwei zieht zweimal")
    state = result("new", game="themisto", options={"moveLimit": 10})
    record = state["record"]
    assert state["status"] == "Spieler eins ist am Zug"
    assert record.startswith("themisto/")


def test_themisto_hint_labels_in_german_letters_and_a_decimal_comma() -> None:
    from flipside.themisto.ai import api as themisto_ai
    from flipside.themisto.ai.search import PROVEN, WIN

    i18n.use("de")
    assert themisto_ai.label(WIN - 3) == "S3"  # Sieg: a forced win in three plies
    assert themisto_ai.label(-(WIN - 2)) == "N2"  # Niederlage: a forced loss in two
    assert themisto_ai.label(150) == "+1,5" and themisto_ai.label(-150) == "\u22121,5"
    assert themisto_ai.label(0) == "0" and themisto_ai.label(300) == "+3"
    i18n.use("en")
    assert themisto_ai.label(WIN - 3) == "W3" and themisto_ai.label(-(WIN - 2)) == "L2"
    assert themisto_ai.label(150) == "+1.5" and themisto_ai.label(-150) == "\u22121.5"
    assert PROVEN <= WIN - 3
    # Through the facade: the hints of a German request say S1 for the winning captures.
    found = result("hints", record="themisto/a1-b2,a7-b6,d1-c2,h7-g6", seconds=5)
    assert found["labels"]["c2-d1x"] == "S1"
    assert all(label[0] in "SN+0\u2212" for label in found["labels"].values())
    assert not any("." in label for label in found["labels"].values())
    assert found["verdict"] == "Spieler eins erzwingt den Sieg in 1"


def test_numbers_with_decimals_take_a_comma_in_german() -> None:
    i18n.use("de")
    assert i18n.number(1.5) == "1,5" and i18n.number(-0.25, "+g") == "-0,25"
    assert i18n.number(0.123, ".2f") == "0,12" and i18n.number(3) == "3"
    i18n.use("en")
    assert i18n.number(1.5) == "1.5" and i18n.number(0.123, ".2f") == "0.12"


def test_the_review_table_in_german() -> None:
    from flipside import review

    row = {"ply": 0, "by": "black", "move": "f5", "value": 0.5, "best": "f5", "bestValue": 0.5}
    row |= {"exact": False, "loss": 1.25, "mark": "inaccuracy", "choices": 4}
    done = review.Review("othello/f5", [row], review.summary("othello/f5", [row]))
    i18n.use("de")
    text = review.table(done)
    assert "+0,5" in text and "1,25" in text and "Ungenauigkeit" in text
    assert "mittlerer Verlust 1,25 Steine" in text and "\u00a0%" in text
    assert "0.5" not in text and " discs" not in text
    head, first = text.splitlines()[:2]
    assert head.split()[1:4] == ["von", "Zug", "Wert"] and "bester Wert" in head
    assert first.split()[1] == "Schwarz" and "\nSchwarz: Genauigkeit" in text
    i18n.use("en")
    english = review.table(done)
    assert "+0.5" in english and "mean loss 1.25 discs" in english


# -- English by default, each request its own language -------------------------------------


def test_english_stays_the_default() -> None:
    assert result("state", record="othello/f5")["status"] == "Weiß ist am Zug"
    english = answer("state", lang=None, record="othello/f5")["result"]
    assert english["status"] == "White to move"
    assert english["said"] == "Black plays f5, flipping e5"
    assert answer("play", lang="en", record="othello/f5", move="a1")["error"]["message"] == (
        "a1 is not legal for White"
    )
    assert i18n.language() == "en"


# -- the CLI ------------------------------------------------------------------------------


def test_the_cli_speaks_german_when_lang_asks(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "de_DE.UTF-8")
    assert main(["othello", "show", "f5"]) == 0
    out = capsys.readouterr().out
    assert "Schwarz (X) 4  Weiß (O) 1" in out
    assert "Weiß ist am Zug (* zeigt einen erlaubten Zug)" in out
    assert "Partienotation: f5" in out
    assert main(["othello", "show", "f5c9"]) == 2
    assert capsys.readouterr().err == "flipside: Fehler: Zug 2: c9 ist kein Feld\n"
    assert main(["themisto", "show", "--moves", "b1-b4"]) == 0
    assert "Spieler 2 ist am Zug" in capsys.readouterr().out


def test_the_cli_keeps_english_otherwise(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "C.UTF-8")
    i18n.use("de")  # a German request before does not carry over
    assert main(["othello", "show", "f5c9"]) == 2
    assert capsys.readouterr().err == "flipside: error: move 2: c9 is not a square\n"
