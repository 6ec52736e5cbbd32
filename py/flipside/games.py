"""The games Flipside plays: one typed adapter per game, found by name.

An adapter is a module (``flipside.othello.game``, ``flipside.themisto.game``) that reads
and writes its game's records and builds the state the page draws; its computer player is a
module of its own (``AI_MODULE``), imported on first use so that the start-up snapshot holds
only the rules. The facade, import/export and the links reach a game only through here.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any, Protocol

from flipside.i18n import tr
from flipside.othello import game as othello_game
from flipside.record import Record
from flipside.themisto import game as themisto_game

JSON = Any
Report = Callable[[JSON], None]
"""Where a search sends its progress (one plain-JSON dict per finished depth)."""


class Played(Protocol):
    """A game replayed by its adapter: what every game's state object offers."""

    def record(self) -> Record: ...


class Options(Protocol):
    """A game's New game options, as record fields."""

    def fields(self) -> tuple[tuple[str, str], ...]: ...


class Adapter[G: Played](Protocol):
    """What the facade asks of a game's rules. ``G`` is the game's own state object."""

    NAME: str
    TITLE: str
    AI_MODULE: str
    """The module of the game's computer player (a :class:`GameAI`), or "" for none."""
    SIDE_WORDS: dict[str, str]
    """Each side's name (``black``: ``Black``), in English: translated where shown."""

    def options_from_json(self, data: JSON) -> Options: ...
    def opening_moves(self, options: Any, seed: int | None = None) -> str: ...
    def replay(self, record: Record) -> G: ...
    def play(self, record: Record, move: str) -> tuple[G, JSON]: ...
    def undo(self, record: Record) -> G: ...
    def flag(self, record: Record, side: str) -> G: ...
    def next_game(self, record: Record) -> G: ...
    def view(self, game: G) -> JSON: ...
    def summary(self, game: G) -> JSON: ...
    def prefixes(self, game: G) -> list[str]: ...
    def perft(self, depth: int, position: str | None) -> int: ...


class GameAI(Protocol):
    """What the facade asks of a game's computer player (its ``AI_MODULE``). Each takes a
    game record's text; ``report`` gets one dict per finished search depth."""

    def think(
        self, record: str, level: int | str, seconds: float | None, seed: int | None, report: Report
    ) -> JSON: ...
    def hints(
        self, record: str, level: int | str | None, seconds: float | None, report: Report
    ) -> JSON: ...
    def value(self, record: str, depth: int | None) -> JSON: ...
    def opening(self, record: str) -> JSON: ...
    def solve(self, position: str) -> JSON: ...

    WARM_RECORD: str
    """A game whose search reads everything a move's search reads (out of any opening book,
    which would answer with no search): the facade's ``warm`` searches it."""
    UNIT: str
    """The unit of the review's values ("discs")."""
    MARKS: tuple[float, float, float]
    """The loss from which a move is an inaccuracy, a mistake, a blunder."""
    HALF_LOSS: float
    """The loss that halves a move's accuracy."""

    def judge(
        self, record: str, move: str, seconds: float | None, depth: int | None = None
    ) -> JSON: ...
    def blunder_by_proof(self, row: JSON) -> bool: ...


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
    """The game's name in words (``Othello``)."""
    return adapter(name).TITLE


def side_word(name: str, side: str) -> str:
    """The name of ``side`` of the game called ``name`` in the language in use."""
    return tr(adapter(name).SIDE_WORDS[side])


def ai(name: str) -> GameAI:
    """The computer player of the game called ``name`` (imported on first use)."""
    game = adapter(name)
    if not game.AI_MODULE:
        raise ValueError(tr("{game} has no computer player", game=game.TITLE))
    module: GameAI = importlib.import_module(game.AI_MODULE)
    return module


def replay(record: Record) -> Played:
    """The game ``record`` holds, replayed by its game's adapter."""
    game: Played = adapter(record.game).replay(record)
    return game
