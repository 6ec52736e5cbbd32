"""The game library's Python side: files of many games read into records, records checked
and summarised, and the library written out as files other programs read.

The page keeps the library (IndexedDB); it hands Python texts and records and stores what
comes back. Formats: a GGF file of many Othello games (``(;GM[Othello]...;)`` one after the
other), Flipside's game files one after the other (``Flipside game`` blocks, as the export
writes them, which carry every option of a record), or a text with one game a line (an
Othello transcript, a Themisto move list, a Flipside link). The facade imports this module
on first use, so it stays out of the start-up snapshot.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from flipside import games
from flipside.i18n import tr
from flipside.import_export import TEXT_FILE_TITLE, export, ggf_game, recognise
from flipside.othello import game as othello_game
from flipside.protocol import Played
from flipside.record import Record

JSON = Any
MAX_GAMES = 100_000
"""A file with more games than this is refused (the page would not list them)."""
PROGRESS_EVERY = 250
"""Games read between two reports of :func:`read_games`."""


def read_games(text: str, progress: Callable[[int, int], None] = lambda done, total: None) -> JSON:
    """The games of an import file: ``{"games": [{record, black, white, date, place, and the
    summary of :func:`summaries`}], "errors": [{"number", "message"}], "format"}``; a game
    that cannot be read is reported by its number (1-based) and skipped. ValueError when the
    file holds no game at all. ``progress(done, total)`` is told every
    :data:`PROGRESS_EVERY` games."""
    body = text.lstrip("\ufeff")
    errors: list[JSON] = []
    if "(;" in body:
        found, kind = _read_ggf(body, progress), "ggf"
    else:
        kind = "flipside" if TEXT_FILE_TITLE in body else "lines"
        found = _read_blocks(_blocks(body, kind), progress)
    out: list[JSON] = []
    for number, item in enumerate(found, 1):
        if isinstance(item, str):
            errors.append({"number": number, "message": item})
        else:
            out.append(item)
    if not out and not errors:
        raise ValueError(tr("this file holds no game Flipside can read"))
    if len(out) > MAX_GAMES:
        raise ValueError(tr("the file holds more than {n} games", n=MAX_GAMES))
    return {"games": out, "errors": errors, "format": kind}


def _read_ggf(body: str, progress: Callable[[int, int], None]) -> list[JSON | str]:
    from flipside.othello import ggf

    found: list[JSON | str] = []
    blocks = ggf.split_games(body)
    for number, block in enumerate(blocks, 1):
        if number % PROGRESS_EVERY == 0:
            progress(number, len(blocks))
        try:
            game = ggf.read_game(block)
            played = ggf_game(game)
        except ValueError as exc:
            found.append(str(exc))
            continue
        tags = game.tags
        found.append(
            {
                **_summary(played),
                "black": tags.get("PB", ""),
                "white": tags.get("PW", ""),
                "date": tags.get("DT", ""),
                "place": tags.get("PC", ""),
            }
        )
    return found


def _blocks(body: str, kind: str) -> list[str]:
    """The texts of the games of a file: ``Flipside game`` blocks, or one game a line."""
    if kind == "flipside":
        parts = body.split(TEXT_FILE_TITLE)
        return [TEXT_FILE_TITLE + part for part in parts[1:]]
    lines = (line.strip() for line in body.splitlines())
    return [line for line in lines if line and not line.startswith(("#", "%", "//"))]


def _read_blocks(blocks: list[str], progress: Callable[[int, int], None]) -> list[JSON | str]:
    found: list[JSON | str] = []
    for number, block in enumerate(blocks, 1):
        if number % PROGRESS_EVERY == 0:
            progress(number, len(blocks))
        try:
            played = games.replay(recognise(block).record)
        except ValueError as exc:
            found.append(str(exc))
            continue
        found.append({**_summary(played), "black": "", "white": "", "date": "", "place": ""})
    return found


def summaries(records: list[str]) -> list[JSON]:
    """What the library lists of each record: ``{record, game, sides, moves, over, result,
    opening}`` (the record as the game writes it; ``sides``, ``moves`` (entries of the move
    list) and ``result`` as in the state), or ``{"error"}`` for a record that is not a valid
    game."""
    out: list[JSON] = []
    for text in records:
        if not isinstance(text, str):
            out.append({"error": tr("a game's record must be a text")})
            continue
        try:
            parsed = Record.parse(text)
            out.append(_summary(games.replay(parsed)))
        except ValueError as exc:
            out.append({"error": str(exc)})
    return out


def _summary(played: Played) -> JSON:
    record = played.record()
    facts = games.adapter(record.game).summary(played)
    opening = _opening(played) if facts["moves"] else None
    return {"record": record.text(), "game": record.game, **facts, "opening": opening}


def _opening(played: Played) -> str | None:
    """The named opening of an Othello game from the usual start (the names are Othello's;
    its list is read without the rest of the computer player, whose evaluation a list of
    games does not need)."""
    if not isinstance(played, othello_game.Game):
        return None
    from flipside.othello.ai.openings import opening_of

    found = opening_of(played.board)
    return None if found is None else found.name


def export_games(entries: list[JSON]) -> JSON:
    """The library as files: ``ggf`` (the Othello games, one GGF game a line, with players,
    date and place when the entries give them), ``text`` (the other games as Flipside game
    files one after the other) and how many games each holds."""
    ggf_games: list[str] = []
    texts: list[str] = []
    for entry in entries:
        record = Record.parse(str(entry["record"]))
        if record.game == "othello":
            ggf_games.append(_ggf(record, entry))
        else:
            texts.append(export(record)["text"])
    return {
        "ggf": "\n".join(ggf_games) + "\n" if ggf_games else None,
        "text": "\n".join(texts) if texts else None,
        "counts": {"ggf": len(ggf_games), "text": len(texts)},
    }


def _ggf(record: Record, entry: JSON) -> str:
    from flipside.othello import ggf

    game = othello_game.replay(record)
    result = None
    if game.board.is_game_over() or game.options.flag is not None:
        black, white = othello_game.final_score(game)
        result = black - white

    def tag(name: str, default: str) -> str:
        value = entry.get(name)
        return value if isinstance(value, str) and value else default

    return ggf.write(
        game.board,
        black=tag("black", "Black"),
        white=tag("white", "White"),
        place=tag("place", "Flipside"),
        date=tag("date", ""),
        clock=game.options.clock,
        result=result,
    )
