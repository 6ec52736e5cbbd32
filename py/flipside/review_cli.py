"""The ``analyse`` command of both games: ``python -m flipside <game> analyse GAME``.

``GAME`` is a transcript, a Flipside link or save, a GGF game, a file holding one of those,
or (Othello) a WTHOR ``.wtb`` file with ``--number N``. It prints the review of
:mod:`flipside.review` as a table, or as JSON with ``--json``; ``--workers N`` judges the
moves on N worker processes at once (the same rows).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from flipside import games, review
from flipside.i18n import tr
from flipside.import_export import recognise, wthor_list
from flipside.record import Record
from flipside.workers import add_option as add_workers


def add_command(commands: Any, game: str) -> None:
    """Add ``analyse`` to the sub-commands of ``game``."""
    p = commands.add_parser("analyse", help="review every move of a game: values, marks, accuracy")
    p.add_argument("source", metavar="GAME", help="a transcript, a link, a GGF game or a file")
    if game == "othello":
        p.add_argument("--number", type=int, metavar="N", help="the game's number in a .wtb file")
    p.add_argument("--seconds", type=float, metavar="S", help="search time per move")
    p.add_argument("--depth", type=int, metavar="D", help="search D plies per move instead")
    p.add_argument("--json", action="store_true", help="print JSON for tools")
    add_workers(p, "judge the moves")
    p.set_defaults(func=_analyse, game_name=game)


def read_game(source: str, game: str, number: int | None = None) -> str:
    """The record of the game ``source`` names (text or a file; a WTHOR file's game
    ``number``, counted from 1); ValueError saying what is wrong."""
    path = Path(source)
    if path.suffix.lower() == ".wtb":
        if number is None:
            raise ValueError(tr("a WTHOR file holds many games: choose one with --number N"))
        listing = wthor_list(path.read_bytes())
        if not 1 <= number <= listing["count"]:
            raise ValueError(
                tr(
                    "{file} holds games 1..{count}, not {number}",
                    file=path.name,
                    count=listing["count"],
                    number=number,
                )
            )
        record: str = listing["games"][number - 1]["record"]
        return record
    text = path.read_text(encoding="utf-8", errors="replace") if _is_file(path) else source
    found = recognise(text)
    if found.record.game != game:
        raise ValueError(
            tr(
                "that is a {found} game, not {game}",
                found=games.title(found.record.game),
                game=games.title(game),
            )
        )
    return found.record.text()


def _is_file(path: Path) -> bool:
    try:
        return path.is_file()
    except OSError:  # a long transcript is not a file name
        return False


def _analyse(args: argparse.Namespace) -> int:
    if args.seconds is not None and not 0 < args.seconds <= 600:
        raise ValueError(tr("--seconds must be between 0 and 600"))
    if args.depth is not None and not 1 <= args.depth <= 20:
        raise ValueError(tr("--depth must be between 1 and 20"))
    record = read_game(args.source, args.game_name, getattr(args, "number", None))
    if not review.plies(record):
        raise ValueError(tr("the game has no moves to review"))
    show = _progress(args.json)
    done = review.review(record, args.seconds, args.depth, show, args.workers)
    if not args.json and sys.stderr.isatty():
        sys.stderr.write("\r\033[K")
    if args.json:
        print(json.dumps(done.to_json(), indent=1))
    else:
        print(
            tr("{game} game {record}", game=games.title(Record.parse(record).game), record=record)
        )
        print(review.table(done))
    return 0


def _progress(quiet: bool) -> Any:
    def show(row: Any) -> None:
        if not quiet and sys.stderr.isatty():
            sys.stderr.write("\r" + tr("move {number} reviewed", number=row["ply"] + 1))
            sys.stderr.flush()

    return show
