"""The player's rating: an Elo estimate from results against opponents of known rating.

Each result is a game against an opponent of rating ``R`` scored 1 (win), 1/2 (draw) or 0
(loss); the chance of winning at rating ``r`` is the Elo curve ``1 / (1 + 10^((R - r)/400))``.
The estimate is the most likely rating given the results and a wide prior (mean
:data:`PRIOR_MEAN`, spread :data:`PRIOR_SD`: the start of an unrated player, as in Glicko),
and its uncertainty the spread of that posterior (the curvature at its peak). The prior keeps
all-wins or all-losses finite, and it matters less with every game.

The opponents are the computer's levels, whose ratings are fitted from computer self-play
(:data:`LEVEL_RATINGS`, written by ``py/tools/play/rate_levels.py``; the first level of each
ladder is anchored at 1000), and the puzzles, which carry their own rating.
"""

from __future__ import annotations

import json
import math
from collections import Counter
from collections.abc import Iterable, Sequence
from importlib import resources

from flipside.i18n import tr

PRIOR_MEAN = 1500.0
PRIOR_SD = 350.0
_SCALE = math.log(10) / 400  # the Elo curve's slope in natural units


def _level_ratings() -> dict[str, dict[str, float]]:
    text = resources.files("flipside").joinpath("level-ratings.json").read_text("utf-8")
    data = json.loads(text)
    return {game: {str(k): float(v) for k, v in table.items()} for game, table in data.items()}


LEVEL_RATINGS = _level_ratings()
"""Game -> level (``"3"``, ``"loss:2"``) -> rating, from computer self-play."""


def expected(rating: float, opponent: float) -> float:
    """The expected score at ``rating`` against ``opponent``."""
    return 1.0 / (1.0 + math.exp(_SCALE * (opponent - rating)))


def estimate(results: Iterable[tuple[float, float]]) -> tuple[float, float]:
    """The rating (posterior mode) and its standard deviation from ``(opponent rating,
    score)`` pairs; with no results, the prior itself."""
    return _estimate(Counter((float(r), float(s)) for r, s in results))


def _estimate(
    groups: Counter[tuple[float, float]], start: float = PRIOR_MEAN
) -> tuple[float, float]:
    """:func:`estimate` of results counted by (opponent rating, score), from ``start``."""
    rating = start
    precision = 1.0 / PRIOR_SD**2
    for _ in range(60):  # Newton's method on a concave log-posterior: a few steps suffice
        slope = (PRIOR_MEAN - rating) * precision
        curve = precision
        for (opponent, score), n in groups.items():
            p = expected(rating, opponent)
            slope += n * _SCALE * (score - p)
            curve += n * _SCALE**2 * p * (1 - p)
        step = max(-400.0, min(400.0, slope / curve))
        rating += step
        if abs(step) < 1e-6:
            break
    curve = precision + sum(
        n * _SCALE**2 * expected(rating, r) * (1 - expected(rating, r))
        for (r, _), n in groups.items()
    )
    return rating, 1.0 / math.sqrt(curve)


def level_rating(game: str, level: str) -> float:
    """The fitted rating of ``game``'s computer at ``level``; ValueError for an unknown one."""
    table = LEVEL_RATINGS.get(game, {})
    if str(level) not in table:
        raise ValueError(tr("no rating for {game} level {level!r}", game=game, level=str(level)))
    return table[str(level)]


def history(results: Sequence[tuple[float, float]]) -> list[dict[str, float]]:
    """The estimate after each result in turn: ``[{"rating", "sd"}]``, one per result."""
    groups: Counter[tuple[float, float]] = Counter()
    out = []
    rating = PRIOR_MEAN
    for opponent, score in results:
        groups[(float(opponent), float(score))] += 1
        rating, sd = _estimate(groups, rating)
        out.append({"rating": rating, "sd": sd})
    return out
