"""Command line: `python -m flipside <game> <command> ...`.

Each game owns its sub-commands in `flipside.<game>.cli`, which exposes
`add_parser(subparsers)` and returns the game's sub-commands; the commands that sit above the
games (``analyse``, `flipside.review_cli`; ``explore``, `flipside.explore_cli`) are added here,
so a game imports nothing above it.
The chosen command's handler is stored as `func` on the parsed namespace and returns an exit
status.
Bad arguments print a one-line error on stderr and exit with status 2.

The messages (not the ``--help`` texts, nor the notation) are in the language the locale
variables ask for, as gettext reads them: ``LANGUAGE``, ``LC_ALL``, ``LC_MESSAGES``, then
``LANG`` (``LANG=de_DE.UTF-8``: German); English otherwise (``flipside.i18n``).
"""

from __future__ import annotations

import argparse
import importlib
import os
import sys
from collections.abc import Sequence
from typing import Any

from flipside import i18n, review_cli
from flipside.i18n import tr
from flipside.othello import cli as othello_cli
from flipside.themisto import cli as themisto_cli


class _Parser(argparse.ArgumentParser):
    """ArgumentParser whose errors are one line on stderr, exit status 2."""

    def error(self, message: str) -> None:  # type: ignore[override]
        sys.stderr.write(tr("flipside: error: {error}", error=message) + "\n")
        raise SystemExit(2)


def add_explore(commands: Any, game: str) -> None:
    """Add ``explore`` to the sub-commands of ``game``; `flipside.explore_cli` runs it,
    imported then (the site's app wheel, which the page and the tests in Pyodide load, leaves
    the explorer's modules out)."""
    p = commands.add_parser(
        "explore", help="the moves played from a position in the explorer's games"
    )
    p.add_argument("source", nargs="?", metavar="GAME", help="a transcript, a link or a file")
    p.add_argument("--json", action="store_true", help="print JSON for tools")
    p.set_defaults(func=_explore, game_name=game)


def _explore(args: argparse.Namespace) -> int:
    status: int = importlib.import_module("flipside.explore_cli").run(args)
    return status


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="flipside", description="Othello and Themisto rules, notation and AI.")
    games = parser.add_subparsers(dest="game", required=True, parser_class=_Parser)
    for name, game_cli in (("othello", othello_cli), ("themisto", themisto_cli)):
        commands = game_cli.add_parser(games)
        review_cli.add_command(commands, name)
        add_explore(commands, name)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    i18n.use(i18n.from_environment(os.environ))
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        status: int = args.func(args)
    except ValueError as exc:  # rule and notation errors carry a readable message
        sys.stderr.write(tr("flipside: error: {error}", error=exc) + "\n")
        return 2
    except KeyboardInterrupt:
        return 130
    return status
