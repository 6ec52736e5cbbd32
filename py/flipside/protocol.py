"""What the games implement and what sits above them asks for: the protocol types.

Every import points down: a game (``flipside.othello``, ``flipside.themisto``) imports from
here, never from the registry (``flipside.games``), the facade, the review or the CLIs that
use it. An adapter (``<game>/game.py``) is an :class:`Adapter`; a computer player (its
``AI_MODULE``, ``<game>/ai/api.py``) is a :class:`GameAI`. The review's per-move arithmetic
that a game's ``judge`` needs (:func:`unjudged`) lives here too.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

from flipside.i18n import tr
from flipside.record import Record

JSON = Any
"""A plain JSON value (dict, list, str, int, float, bool or None)."""

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
    EXPLORER_MODULE: str
    """The module of the game's opening explorer (a :class:`GameExplorer`), or "" for none."""
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
    game record's text; ``report`` gets one dict per finished search depth. ``split_start``,
    ``split_step`` and ``search_task`` are the same searches split over several workers
    (:mod:`flipside.split`)."""

    def think(
        self,
        record: str,
        level: int | str,
        seconds: float | None,
        seed: int | None,
        report: Report,
        spent: float | None = None,
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

    def split_start(
        self,
        kind: str,
        subject: str,
        level: int | str | None,
        seconds: float | None,
        seed: int | None,
        workers: int,
    ) -> JSON: ...
    def split_step(self, state: JSON, done: list[JSON], elapsed: float) -> JSON: ...
    def search_task(self, task: JSON) -> JSON: ...


def unjudged(record: str, move: str, legal: list[str]) -> JSON | None:
    """The review row of ``move`` when there was no choice (``legal``: the moves after
    ``record``), else None; ValueError when ``move`` is not legal there."""
    if move not in legal:
        raise ValueError(tr("{move} is not a legal move after {record}", move=move, record=record))
    if len(legal) > 1:
        return None
    return {"best": move, "bestValue": None, "value": None, "exact": False, "choices": 1}


class GameExplorer(Protocol):
    """What the facade asks of a game's opening explorer (its ``EXPLORER_MODULE``)."""

    def explore(self, record: str) -> JSON: ...
