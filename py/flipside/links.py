"""Links and saves: a shared link's fragment or a saved game's text, and the game it holds.

The page stores both as strings; this module reads them back with messages a player
understands, and writes the save. The facade and import/export both open them here.
"""

from __future__ import annotations

import json
from dataclasses import dataclass

from flipside import games
from flipside.record import Record

SAVE_FORMAT = "flipside-save"
SAVE_VERSION = 2


@dataclass(frozen=True)
class Opened:
    """A game opened from a link: the game, its adapter, and the ply the link showed."""

    game: games.Played
    plies: int
    ply: int | None = None


def save_text(record: Record) -> str:
    """The save of a game: what the page keeps in the browser's storage."""
    save = {"format": SAVE_FORMAT, "version": SAVE_VERSION, "game": record.game}
    return json.dumps({**save, "record": record.text()})


def open_link(fragment: str) -> Opened:
    """The game of a link's fragment (``"othello/f5d6c3"``, with or without ``#``), with
    the ply of ``&ply=N`` when the link has one."""
    try:
        parsed = Record.parse(fragment)
    except ValueError as exc:
        raise ValueError(f"this link cannot be read: {exc}") from None
    if parsed.game not in games.GAMES:
        raise ValueError(f"this link names no game Flipside knows ({parsed.game or 'empty'!r})")
    adapter = games.adapter(parsed.game)
    ply_text = parsed.option("ply", "")
    try:
        game = adapter.replay(parsed.without("ply"))
    except ValueError as exc:
        raise ValueError(f"this link is not a valid {adapter.TITLE} game: {exc}") from None
    plies = len(adapter.prefixes(game))
    if not ply_text:
        return Opened(game, plies)
    if not ply_text.isdigit() or int(ply_text) > plies:
        raise ValueError(f"this link's ply {ply_text!r} is not a move of its game (0..{plies})")
    return Opened(game, plies, int(ply_text))


def is_save(data: object) -> bool:
    """Whether decoded JSON ``data`` says it is a Flipside save."""
    return isinstance(data, dict) and data.get("format") == SAVE_FORMAT


def open_saved(text: str) -> games.Played:
    """The game of a save (the ``save`` string of a state; version 1 saves, an Othello
    transcript, are read too)."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError:
        raise ValueError("the saved game is not readable (not JSON)") from None
    if not is_save(data):
        raise ValueError("the saved game is not a Flipside save")
    version = data.get("version")
    if version == 1 and data.get("game") == "othello" and isinstance(data.get("transcript"), str):
        data = {"game": "othello", "record": "othello/" + data["transcript"]}
    elif version != SAVE_VERSION:
        raise ValueError(f"the saved game has version {version!r}; expected {SAVE_VERSION}")
    game, record = data.get("game"), data.get("record")
    if game not in games.GAMES or not isinstance(record, str):
        raise ValueError("the saved game names no game Flipside knows")
    try:
        parsed = Record.parse(record)
        if parsed.game != game:
            raise ValueError(f"it holds a {parsed.game or 'nameless'} game, not {game}")
        return games.replay(parsed)
    except ValueError as exc:
        raise ValueError(f"the saved game is damaged: {exc}") from None
