"""Playing a friend by link: ``friend_link`` adds ``&friend=<side>`` to a game's link, and
``open_link`` opens it with ``friend``, the side whoever opens it plays. Links only: the
state's own link and save never carry it; a bad side is refused by name.

These tests also run inside Pyodide (tests/pyodide/run_tests.mjs).
"""

from __future__ import annotations

import json

import pytest

from flipside import facade as web
from flipside import i18n

GAME = "f5d6c3d3c4f4f6f3e6e7"  # ten moves: Black to move
SHORT_GAME = "d3c3f5f4f3d2d1e3b3"  # White is wiped out: Black wins 13-0
THEMISTO_WIN = "a1-b2,a7-b6,d1-c2,h7-g6,c2-d1x"  # player one captures and wins


def call(method: str, lang: str = "en", **params: object) -> dict[str, object]:
    """The facade's answer to one request in ``lang``; English again after it (the language
    is the process's: a test after this one that calls the facade directly reads English)."""
    request = {"id": 1, "method": method, "params": params, "lang": lang}
    try:
        return json.loads(web.handle(json.dumps(request)))  # type: ignore[no-any-return]
    finally:
        i18n.use("en")


def result(method: str, **params: object) -> dict:  # type: ignore[type-arg]
    answer = call(method, **params)
    assert "error" not in answer, answer
    return answer["result"]  # type: ignore[return-value]


def error(method: str, lang: str = "en", **params: object) -> str:
    answer = call(method, lang, **params)
    assert "result" not in answer, answer
    return answer["error"]["message"]  # type: ignore[index]


def test_a_friends_link_opens_the_game_with_the_side_to_play() -> None:
    sent = result("friend_link", record=f"othello/{GAME}&clock=300", side="black")["link"]
    assert sent == f"othello/{GAME}&clock=300&friend=black"
    opened = result("open_link", fragment="#" + sent)
    assert opened["friend"] == "black" == opened["toMove"]
    assert opened["record"] == opened["link"] == f"othello/{GAME}&clock=300"
    assert "friend" not in json.loads(opened["save"])["record"]
    assert "friend" not in result("open_link", fragment=f"othello/{GAME}")


def test_the_reply_goes_back_to_the_other_side_and_opens_for_it() -> None:
    opened = result("open_link", fragment="themisto/b1-b4&friend=two")
    assert opened["toMove"] == "two"
    played = result("play", record=opened["record"], move="g8-g6")
    reply = result("friend_link", record=played["record"], side="one")["link"]
    back = result("open_link", fragment=reply)
    assert back["friend"] == "one" and [m["text"] for m in back["moves"]] == ["b1-b4", "g8-g6"]


def test_a_finished_game_may_be_sent_to_either_side() -> None:
    for record in (f"othello/{SHORT_GAME}", f"themisto/{THEMISTO_WIN}"):
        over = result("state", record=record)
        assert over["over"] and over["toMove"] is None
        for side in over["sides"]:
            link = result("friend_link", record=record, side=side)["link"]
            assert result("open_link", fragment=link)["friend"] == side


def test_a_friends_link_may_show_an_earlier_ply() -> None:
    opened = result("open_link", fragment=f"othello/{GAME}&friend=black&ply=3")
    assert (opened["friend"], opened["ply"], len(opened["moves"])) == ("black", 3, 10)


@pytest.mark.parametrize(
    ("fragment", "why"),
    [
        (
            f"othello/{GAME}&friend=white",
            "this link sends the move to White, but Black is to move",
        ),
        (
            f"othello/{GAME}&friend=green",
            "this link sends the move to 'green', not a side of Othello (black, white)",
        ),
        (
            "themisto/b1-b4&friend=black",
            "this link sends the move to 'black', not a side of Themisto (one, two)",
        ),
        (
            "themisto/b1-b4&friend=",
            "this link sends the move to '', not a side of Themisto (one, two)",
        ),
        (
            "themisto/b1-b4&friend=one",
            "this link sends the move to Player one, but Player two is to move",
        ),
    ],
)
def test_a_bad_friend_is_refused_by_name(fragment: str, why: str) -> None:
    assert error("open_link", fragment=fragment) == why
    record, _, side = fragment.partition("&friend=")
    assert error("friend_link", record=record, side=side) == why


def test_a_bad_friend_in_a_pasted_link_and_in_german() -> None:
    assert error("recognise", text=f"https://x.org/#othello/{GAME}&friend=white") == (
        "link: sends the move to White, but Black is to move"
    )
    assert error("open_link", "de", fragment=f"othello/{GAME}&friend=white") == (
        "dieser Link gibt den Zug an Weiß weiter, aber Schwarz ist am Zug"
    )


def test_saves_and_records_never_hold_a_friend() -> None:
    save = json.dumps(
        {
            "format": "flipside-save",
            "version": 2,
            "game": "othello",
            "record": "othello/f5&friend=white",
        }
    )
    assert error("open_saved", text=save) == "the saved game is damaged: unknown option 'friend'"
    assert error("state", record="othello/f5&friend=white") == "unknown option 'friend'"
