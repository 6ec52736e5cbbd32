"""The words Python makes, in Japanese: statuses, ``said``, move notes, labels and errors
through the facade (the request's ``lang``), one plural form, and the CLI under
``LANG=ja_JP.UTF-8``; notation stays as it is."""

from __future__ import annotations

import json
from collections.abc import Iterator

import pytest

from flipside import facade, i18n
from flipside.cli import main
from flipside.i18n import ntr


@pytest.fixture(autouse=True)
def english_afterwards() -> Iterator[None]:
    yield
    i18n.use("en")


def answer(method: str, **params: object) -> dict:  # type: ignore[type-arg]
    request = {"id": 1, "method": method, "params": params, "lang": "ja"}
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


def test_an_othello_game_in_japanese() -> None:
    state = result("state", record="othello/f5")
    assert state["status"] == "白番"
    assert state["said"] == "黒が f5 に打ち、e5 を返しました"
    assert [m["text"] for m in state["moves"]] == ["f5"]  # notation stays
    over = result("state", record="othello/d3c3b3d2e1d6d7e3f4")
    assert over["over"] and over["status"] == "終局：黒の勝ち 13–0"


def test_errors_in_japanese() -> None:
    assert error("play", record="othello/f5", move="a1") == "a1 は白の合法手ではありません"
    assert error("open_link", fragment="othello/f5c9") == (
        "このリンクはオセロの正しい対局ではありません：2手目：c9 はマスではありません"
    )
    assert error("undo", record="othello/") == "戻す手がありません"


def test_one_plural_form_for_every_number() -> None:
    assert result("recognise", text="f5")["label"] == "オセロの棋譜（1手）"
    assert result("recognise", text="f5d6c3")["label"] == "オセロの棋譜（3手）"
    i18n.use("ja")
    for n in (0, 1, 2, 11):
        assert ntr("{n} inaccuracy", "{n} inaccuracies", n) == f"緩手 {n}"


def test_a_themisto_game_and_its_hints_in_japanese() -> None:
    from flipside.themisto.ai import api as themisto_ai
    from flipside.themisto.ai.search import WIN

    state = result("state", record="themisto/b1-b4")
    assert state["status"] == "後手の番"
    assert state["said"] == "先手が b1 を b4 へ動かしました"
    captured = result("state", record="themisto/b1-b4,b4-b2,c8-c3x")
    assert captured["said"] == "先手が c8 を c3 へ動かし、b2 を取りました"
    assert captured["moves"][-1]["note"] == "b2 を取る"
    i18n.use("ja")
    assert themisto_ai.label(WIN - 3) == "勝3" and themisto_ai.label(-(WIN - 2)) == "負2"
    assert themisto_ai.label(150) == "+1.5"  # a decimal point, as in English
    found = result("hints", record="themisto/a1-b2,a7-b6,d1-c2,h7-g6", seconds=5)
    assert found["labels"]["c2-d1x"] == "勝1"
    assert found["verdict"] == "先手が 1 手で必勝"


def test_the_cli_speaks_japanese_when_lang_asks(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "ja_JP.UTF-8")
    assert main(["othello", "show", "f5"]) == 0
    out = capsys.readouterr().out
    assert "黒 (X) 4  白 (O) 1" in out
    assert "白番（* は合法手）" in out and "棋譜：f5" in out
    assert main(["othello", "show", "f5c9"]) == 2
    assert capsys.readouterr().err == "flipside: エラー: 2手目：c9 はマスではありません\n"
    assert main(["themisto", "show", "--moves", "b1-b4"]) == 0
    assert "プレイヤー2の番" in capsys.readouterr().out
