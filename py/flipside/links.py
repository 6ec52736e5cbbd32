"""Links and saves: a shared link's fragment or a saved game's text, and the game it holds.

The page stores both as strings; this module reads them back with messages a player
understands, and writes the save. The facade and import/export both open them here.

Two options belong to links only, never to a record or a save: ``&ply=N`` (the position on
screen when the link was made) and ``&friend=<side>`` (a move sent to a friend: whoever
opens the link plays that side, the side to move; any side once the game is over).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from flipside import games
from flipside.i18n import tr
from flipside.protocol import Adapter, Played
from flipside.record import Record

SAVE_FORMAT = "flipside-save"
SAVE_VERSION = 2


@dataclass(frozen=True)
class Opened:
    """A game opened from a link: the game, its adapter, and the ply the link showed."""

    game: Played
    plies: int
    ply: int | None = None
    friend: str | None = None
    """The side a friend's link hands to whoever opens it (``&friend=<side>``)."""


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
    friend = dict(parsed.options).get("friend")
    try:
        game = adapter.replay(parsed.without("ply").without("friend"))
    except ValueError as exc:
        if pasted:
            raise ValueError(
                tr("link: not a valid {game} game: {error}", game=tr(adapter.TITLE), error=exc)
            ) from None
        raise ValueError(
            tr("this link is not a valid {game} game: {error}", game=tr(adapter.TITLE), error=exc)
        ) from None
    plies = len(adapter.prefixes(game))
    if friend is not None:
        check_friend(adapter, game, friend, pasted)
    if not ply_text:
        return Opened(game, plies, None, friend)
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
    return Opened(game, plies, int(ply_text), friend)


def check_friend(adapter: Adapter[Any], game: Played, side: str, pasted: bool = False) -> None:
    """ValueError unless ``side`` may receive ``game`` as a friend's move: a side of the
    game, and the side to move while the game goes on. ``pasted``: as in :func:`open_link`."""
    sides = tuple(adapter.SIDE_WORDS)
    if side not in sides:
        words = {"side": side, "game": tr(adapter.TITLE), "sides": ", ".join(sides)}
        if pasted:
            raise ValueError(
                tr("link: sends the move to {side!r}, not a side of {game} ({sides})", **words)
            )
        raise ValueError(
            tr("this link sends the move to {side!r}, not a side of {game} ({sides})", **words)
        )
    mover = adapter.view(game)["toMove"]
    if mover is not None and mover != side:
        names = {"side": tr(adapter.SIDE_WORDS[side]), "mover": tr(adapter.SIDE_WORDS[mover])}
        if pasted:
            raise ValueError(tr("link: sends the move to {side}, but {mover} is to move", **names))
        raise ValueError(tr("this link sends the move to {side}, but {mover} is to move", **names))


def friend_link(record: str, side: str) -> str:
    """The link that sends the game ``record`` to a friend who plays ``side`` (the side to
    move; once the game is over, the side that did not make the last move, say)."""
    parsed = Record.parse(record)
    adapter = games.adapter(parsed.game)
    game = adapter.replay(parsed)
    check_friend(adapter, game, side)
    sent = game.record()
    return Record(sent.game, sent.moves, (*sent.options, ("friend", side))).text()


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
