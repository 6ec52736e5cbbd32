"""Checks of request parameters, shared by the facade and the games' computer players.

A bad parameter is the caller's mistake, not the player's: it raises :class:`RequestError`
(a ValueError) with a message that names the parameter.
"""

from __future__ import annotations

import sys

from flipside.i18n import tr

PAGE_SLOWDOWN = 2.0 if sys.platform == "emscripten" else 1.0
"""Level budgets are native seconds. Inside Pyodide a search runs about 2x slower
(``./build.sh bench``: midgame nodes/s, native vs the Chromium worker), so the page's
searches get twice the wall time to reach the depths the level ladders were measured at."""


class RequestError(ValueError):
    """A malformed request: unknown method, missing or wrongly typed parameter."""


REPLY_FLOOR = 0.15
"""A move in a row of the computer's (the player passing between them) gets what is left of
one reply's budget, and at least this share of it (:func:`reply_budget`)."""


def reply_budget(budget: float, spent: float | None) -> float:
    """The budget of a move when the computer's earlier moves in a row (the player had to
    pass) already took ``spent`` seconds of this reply: the moves share one ``budget``."""
    if not spent:
        return budget
    return max(budget - spent, REPLY_FLOOR * budget)


def checked_spent(spent: object) -> float | None:
    """Seconds a reply has already taken: None or a number in [0, 600]."""
    if spent is None:
        return None
    if isinstance(spent, bool) or not isinstance(spent, int | float) or not 0 <= spent <= 600:
        raise RequestError(tr("spent must be a number in [0, 600], got {spent!r}", spent=spent))
    return float(spent)


def expect_str(name: str, value: object) -> str:
    """``value`` if it is a string, else RequestError."""
    if not isinstance(value, str):
        raise RequestError(
            tr("{name} must be a string, got {kind}", name=name, kind=type(value).__name__)
        )
    return value


def checked_seconds(seconds: object) -> float | None:
    """A search budget in seconds: None (the level's own) or a number in (0, 60]."""
    if seconds is None:
        return None
    if isinstance(seconds, bool) or not isinstance(seconds, int | float) or not 0 < seconds <= 60:
        raise ValueError(
            tr("seconds must be a number in (0, 60], got {seconds!r}", seconds=seconds)
        )
    return float(seconds)


def checked_seed(seed: object) -> int | None:
    """A random seed: None or an integer."""
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
        raise RequestError(tr("seed must be an integer, got {seed!r}", seed=seed))
    return seed


def checked_level(level: object, top: int) -> int | str:
    """A level as sent (``3``, ``"3"``, ``"max"``): the type checked, the value left to the
    game's own ladder."""
    if isinstance(level, bool) or not isinstance(level, int | str):
        raise RequestError(
            tr("level must be 1..{top} or 'max', got {level!r}", top=top, level=level)
        )
    return level


def search_info(info: dict[str, object]) -> dict[str, object]:
    """An engine's progress / answer dict without its per-move table (plain JSON)."""
    return {key: value for key, value in info.items() if key != "scores"}
