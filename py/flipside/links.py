"""Links and saves: a shared link's fragment or a saved game's text, and the game it holds.

The page stores both as strings; this module reads them back with messages a player
understands, and writes the save. The facade and import/export both open them here.
"""

from __future__ import annotations

import json
from dataclasses import dataclass

from flipside import games
from flipside.i18n import tr
from flipside.protocol import Played
from flipside.record import Record

SAVE_FORMAT = "flipside-save"
SAVE_VERSION = 2


@dataclass(frozen=True)
class Opened:
    """A game opened from a link: the game, its adapter, and the ply the link showed."""

    game: Played
    plies: int
    ply: int | None = None


def save_text(record: Record) -> str:
    """The save of a game: what the page keeps in the browser's storage."""
    save = {"format": SAVE_FORMAT, "version": SAVE_VERSION, "game": record.game}
    return json.dumps({**save, "record": record.text()})


def open_link(fragment: str, pasted: bool = False) -> Opened:
    """The game of a link's fragment (``"othello/f5d6c3"``, with or without ``#``), with
    the ply of ``&ply=N`` when the link has one. ``pasted``: the errors speak of a link
    found in a pasted text (``link: ...``) rather than of the page's own link."""
    try:
        parsed = Record.parse(fragment)
    except ValueError as exc:
        if pasted:
            raise ValueError(tr("link: cannot be read: {error}", error=exc)) from None
        raise ValueError(tr("this link cannot be read: {error}", error=exc)) from None
    if parsed.game not in games.GAMES:
        if pasted and not parsed.game:
            raise ValueError(tr("link: names no game Flipside knows ('empty')"))
        if pasted:
            raise ValueError(tr("link: names no game Flipside knows ({game!r})", game=parsed.game))
        if not parsed.game:
            raise ValueError(tr("this link names no game Flipside knows ('empty')"))
        raise ValueError(tr("this link names no game Flipside knows ({game!r})", game=parsed.game))
    adapter = games.adapter(parsed.game)
    ply_text = parsed.option("ply", "")
    try:
        game = adapter.replay(parsed.without("ply"))
    except ValueError as exc:
        if pasted:
            raise ValueError(
                tr("link: not a valid {game} game: {error}", game=adapter.TITLE, error=exc)
            ) from None
        raise ValueError(
            tr("this link is not a valid {game} game: {error}", game=adapter.TITLE, error=exc)
        ) from None
    plies = len(adapter.prefixes(game))
    if not ply_text:
        return Opened(game, plies)
    if not ply_text.isdigit() or int(ply_text) > plies:
        if pasted:
            raise ValueError(
                tr(
                    "link:'s ply {ply!r} is not a move of its game (0..{plies})",
                    ply=ply_text,
                    plies=plies,
                )
            )
        raise ValueError(
            tr(
                "this link's ply {ply!r} is not a move of its game (0..{plies})",
                ply=ply_text,
                plies=plies,
            )
        )
    return Opened(game, plies, int(ply_text))


def is_save(data: object) -> bool:
    """Whether decoded JSON ``data`` says it is a Flipside save."""
    return isinstance(data, dict) and data.get("format") == SAVE_FORMAT


def open_saved(text: str) -> Played:
    """The game of a save (the ``save`` string of a state; version 1 saves, an Othello
    transcript, are read too)."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError:
        raise ValueError(tr("the saved game is not readable (not JSON)")) from None
    if not is_save(data):
        raise ValueError(tr("the saved game is not a Flipside save"))
    version = data.get("version")
    if version == 1 and data.get("game") == "othello" and isinstance(data.get("transcript"), str):
        data = {"game": "othello", "record": "othello/" + data["transcript"]}
    elif version != SAVE_VERSION:
        raise ValueError(
            tr(
                "the saved game has version {version!r}; expected {expected}",
                version=version,
                expected=SAVE_VERSION,
            )
        )
    game, record = data.get("game"), data.get("record")
    if game not in games.GAMES or not isinstance(record, str):
        raise ValueError(tr("the saved game names no game Flipside knows"))
    try:
        parsed = Record.parse(record)
        if parsed.game != game:
            if not parsed.game:
                raise ValueError(tr("it holds a nameless game, not {game}", game=game))
            raise ValueError(
                tr("it holds a {found} game, not {game}", found=parsed.game, game=game)
            )
        return games.replay(parsed)
    except ValueError as exc:
        raise ValueError(tr("the saved game is damaged: {error}", error=exc)) from None
