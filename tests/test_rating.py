"""The player's rating (flipside.rating) and the levels' fit (tools.play.rate_levels)."""

from __future__ import annotations

import json
import math
import random

import pytest

from flipside import facade as web
from flipside import rating
from tools.play.rate_levels import fit_ratings


def log_posterior(r: float, results: list[tuple[float, float]]) -> float:
    """The quantity the estimate maximises, written out independently."""
    total = -((r - rating.PRIOR_MEAN) ** 2) / (2 * rating.PRIOR_SD**2)
    for opponent, score in results:
        p = 1 / (1 + 10 ** ((opponent - r) / 400))
        total += score * math.log(p) + (1 - score) * math.log(1 - p)
    return total


def test_no_results_give_the_prior():
    assert rating.estimate([]) == pytest.approx((rating.PRIOR_MEAN, rating.PRIOR_SD))


def test_even_results_against_the_prior_mean_stay_there():
    r, sd = rating.estimate([(1500, 1), (1500, 0)] * 10)
    assert r == pytest.approx(1500, abs=1e-6)
    assert sd < rating.PRIOR_SD / 2


@pytest.mark.parametrize("seed", range(5))
def test_the_estimate_is_the_peak_of_the_posterior(seed: int) -> None:
    rng = random.Random(seed)
    results = [(rng.choice([900, 1200, 1600, 2000]), rng.choice([0, 0.5, 1])) for _ in range(30)]
    r, sd = rating.estimate(results)
    around = (r - 300 + x / 20 for x in range(12_000))  # the peak, found by brute force
    grid = max(around, key=lambda x: log_posterior(x, results))
    assert r == pytest.approx(grid, abs=0.15)
    # the spread is the curvature at the peak: the log-posterior falls by 1/2 one sd away
    drop = (
        log_posterior(r, results)
        - (log_posterior(r + sd, results) + log_posterior(r - sd, results)) / 2
    )
    assert drop == pytest.approx(0.5, rel=0.02)


def test_wins_raise_and_losses_lower_the_rating_and_games_narrow_it():
    base, base_sd = rating.estimate([(1400, 1), (1400, 0)])
    won, _ = rating.estimate([(1400, 1), (1400, 0), (1400, 1)])
    lost, _ = rating.estimate([(1400, 1), (1400, 0), (1400, 0)])
    assert lost < base < won
    _, more_sd = rating.estimate([(1400, 1), (1400, 0)] * 20)
    assert more_sd < base_sd


def test_all_wins_stay_finite():
    r, sd = rating.estimate([(1000, 1)] * 50)
    assert 1500 < r < 3500 and sd > 0


def test_history_ends_at_the_estimate_of_all_results():
    results = [(1000, 1), (1200, 1), (1600, 0.5), (2000, 0), (1600, 1)]
    steps = rating.history(results)
    assert len(steps) == len(results)
    assert steps[-1]["rating"] == pytest.approx(rating.estimate(results)[0], abs=1e-4)
    assert steps[2]["rating"] == pytest.approx(rating.estimate(results[:3])[0], abs=1e-4)


def test_the_fit_recovers_the_ratings_that_made_the_results():
    truth = {"1": 1000.0, "2": 1250.0, "3": 1400.0, "loss:2": 1150.0}
    games = []
    for a, b in [("1", "2"), ("2", "3"), ("loss:2", "1"), ("loss:2", "2")]:
        p = 1 / (1 + 10 ** ((truth[b] - truth[a]) / 400))
        wins = round(4000 * p)
        games += [(a, b, 1.0)] * wins + [(a, b, 0.0)] * (4000 - wins)
    fitted = fit_ratings(games)
    assert fitted["1"] == (1000.0, 0.0)  # the anchor
    for level, value in truth.items():
        assert fitted[level][0] == pytest.approx(value, abs=3)
    assert 0 < fitted["2"][1] < fitted["3"][1]  # further from the anchor, less sure


def call(method: str, **params: object) -> dict:
    return json.loads(web.handle(json.dumps({"id": 1, "method": method, "params": params})))


def test_facade_rates_each_game_and_the_puzzles_apart():
    levels = rating.LEVEL_RATINGS
    level = max(levels["othello"], key=lambda k: levels["othello"][k])
    answer = call(
        "rating",
        games=[{"game": "othello", "level": level, "score": 1}] * 3,
        puzzles=[{"game": "themisto", "rating": 1200, "score": 0}],
    )["result"]
    othello = answer["games"]["othello"]
    assert othello["count"] == 3 and len(othello["history"]) == 3
    expected = rating.estimate([(levels["othello"][level], 1.0)] * 3)
    assert othello["rating"] == pytest.approx(expected[0]) and othello["sd"] == pytest.approx(
        expected[1]
    )
    assert "themisto" not in answer["games"]
    assert answer["puzzles"]["themisto"]["rating"] < rating.PRIOR_MEAN
    assert answer["levels"] == levels


@pytest.mark.parametrize(
    ("params", "words"),
    [
        ({"games": [{"game": "othello", "level": "9", "score": 1}]}, "no rating"),
        ({"games": [{"game": "othello", "level": "1", "score": 2}]}, "score"),
        ({"games": [{"game": "chess", "level": "1", "score": 1}]}, "chess"),
        ({"puzzles": [{"game": "othello", "score": 1}]}, "rating"),
        ({"games": "all"}, "list"),
    ],
)
def test_facade_refuses_bad_results(params: dict, words: str) -> None:
    assert words in call("rating", **params)["error"]["message"]
