"""The games Flipside plays: one typed adapter per game, found by name.

An adapter is a module (``flipside.othello.game``, ``flipside.themisto.game``) that reads
and writes its game's records and builds the state the page draws; its computer player is a
module of its own (``AI_MODULE``), and so is its opening explorer (``EXPLORER_MODULE``), each
imported on first use so that the start-up snapshot holds only the rules. The facade,
import/export and the links reach a game only through here; the types a game implements are
below the games, in :mod:`flipside.protocol`.
"""

from __future__ import annotations

import importlib
from typing import Any

from flipside.i18n import tr
from flipside.othello import game as othello_game
from flipside.protocol import Adapter, GameAI, GameExplorer, Played
from flipside.record import Record
from flipside.themisto import game as themisto_game

GAMES: dict[str, Adapter[Any]] = {"othello": othello_game, "themisto": themisto_game}


def adapter(name: object) -> Adapter[Any]:
    """The adapter of the game called ``name``; ValueError for an unknown name."""
    if not isinstance(name, str) or name not in GAMES:
        raise ValueError(
            tr(
                "no game called {name!r}; Flipside has {games}",
                name=name,
                games=", ".join(sorted(GAMES)),
            )
        )
    return GAMES[name]


def title(name: str) -> str:
    """The game's name in words in the language in use (``Othello``, Japanese ``オセロ``)."""
    return tr(adapter(name).TITLE)


def side_word(name: str, side: str) -> str:
    """The name of ``side`` of the game called ``name`` in the language in use."""
    return tr(adapter(name).SIDE_WORDS[side])


def ai(name: str) -> GameAI:
    """The computer player of the game called ``name`` (imported on first use)."""
    game = adapter(name)
    if not game.AI_MODULE:
        raise ValueError(tr("{game} has no computer player", game=tr(game.TITLE)))
    module: GameAI = importlib.import_module(game.AI_MODULE)
    return module


def explorer(name: str) -> GameExplorer:
    """The opening explorer of the game called ``name`` (imported on first use)."""
    game = adapter(name)
    if not game.EXPLORER_MODULE:
        raise ValueError(tr("{game} has no opening explorer", game=tr(game.TITLE)))
    module: GameExplorer = importlib.import_module(game.EXPLORER_MODULE)
    return module


def replay(record: Record) -> Played:
    """The game ``record`` holds, replayed by its game's adapter."""
    game: Played = adapter(record.game).replay(record)
    return game
