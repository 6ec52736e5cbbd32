"""Malformed Themisto saves and why each is refused: the same table for the facade's tests
(tests/test_facade_games.py) and the page's (tests/e2e/test_games.py)."""

from __future__ import annotations

import json


def save_of(text: object, **changes: object) -> str:
    data = {"format": "flipside-save", "version": 2, "game": "themisto", "record": text}
    return json.dumps(data | changes)


BAD_THEMISTO_SAVES = {
    "{": "not readable",
    "[]": "not a Flipside save",
    "null": "not a Flipside save",
    json.dumps({"format": "other"}): "not a Flipside save",
    save_of("themisto/", version=3): "version 3",
    save_of("themisto/", version="2"): "version '2'",
    save_of("themisto/", game="go"): "names no game",
    save_of("themisto/", game=None): "names no game",
    save_of("themisto/", record=None): "names no game",
    save_of("themisto/", record=42): "names no game",
    save_of("othello/f5"): "holds a othello game",
    save_of("themisto/b1-b9"): "damaged",
    save_of("themisto/b1-b4,b4-b1"): "repeats",
    save_of("themisto/pass"): "has a legal move",
    save_of("themisto/&limit=0"): "move limit",
    save_of("themisto/&colour=red"): "unknown option",
    save_of("themisto/&start=XO"): "bad position",
    save_of("themisto/c4-c5"): "no disk",
    save_of("themisto/a1-a1"): "does not move",
    save_of("themisto/&v=9"): "another version",
    save_of("themisto/&x"): "not key=value",
}
