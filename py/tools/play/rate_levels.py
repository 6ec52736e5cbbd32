"""Ratings of the computer's levels from self-play: the scale the player's rating is read on.

    PYTHONPATH=py .venv/bin/python -m tools.play.rate_levels play othello --games 20
    PYTHONPATH=py .venv/bin/python -m tools.play.rate_levels play themisto --games 20
    PYTHONPATH=py .venv/bin/python -m tools.play.rate_levels fit

``play`` has the levels of a game meet in the pairs of :data:`PAIRS` (each ladder level the
next, each chosen-error opponent two neighbouring levels), ``--games`` games a pair: every
opening (a seeded random line of a few moves) twice, colours swapped. Each game goes through
the facade as the page plays it (``think`` at the level's own budget, ``play``), and its
result is appended to ``.cache/rate-levels/<game>.jsonl`` at once, so a stopped run goes on
where it stopped (``--seed`` fixes the openings and the engines' choices).

``fit`` finds the ratings that make the results most likely under the Elo curve (a draw
counts half a win; Bradley–Terry by Newton's method), anchors each game's level 1 at 1000,
and writes ``py/flipside/level-ratings.json``, which ``flipside.rating`` reads. It prints
each level's rating with its standard error and each pair's score.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
from collections import defaultdict
from pathlib import Path
from typing import Any

from flipside import facade
from tools import ROOT

RESULTS = ROOT / ".cache" / "rate-levels"
OUT = ROOT / "py" / "flipside" / "level-ratings.json"
ANCHOR = ("1", 1000.0)
PAIRS: dict[str, list[tuple[str, str]]] = {
    "othello": [
        ("1", "2"),
        ("2", "3"),
        ("3", "4"),
        ("4", "5"),
        ("5", "6"),
        ("loss:4", "1"),
        ("loss:4", "2"),
        ("loss:2", "2"),
        ("loss:2", "3"),
        ("loss:1", "3"),
        ("loss:1", "4"),
        ("loss:0.5", "4"),
        ("loss:0.5", "5"),
    ],
    "themisto": [("1", "2"), ("2", "3"), ("3", "4")],
}
OPENING_PLIES = {"othello": (4, 8), "themisto": (2, 2)}
_SCALE = math.log(10) / 400


def _call(method: str, **params: Any) -> Any:
    answer = json.loads(facade.handle(json.dumps({"method": method, "params": params})))
    if "error" in answer:
        raise RuntimeError(f"{method}: {answer['error']['message']}")
    return answer["result"]


def _level(text: str) -> int | str:
    return int(text) if text.isdigit() else text


def opening(game: str, rng: random.Random) -> dict[str, Any]:
    """A random legal line of a few moves from the start (the state after it)."""
    state = _call("new", game=game)
    low, high = OPENING_PLIES[game]
    for _ in range(rng.randint(low, high)):
        if state["over"]:
            break
        state = _call("play", record=state["record"], move=rng.choice(legal_moves(state)))
    return state  # type: ignore[no-any-return]


def legal_moves(state: dict[str, Any]) -> list[str]:
    """The move names of a state: Othello's ``legalNames``, Themisto's slides and captures."""
    if state["legalNames"]:
        return list(state["legalNames"])
    targets = state["extra"].get("targets") or {}
    names = [t[kind] for ts in targets.values() for t in ts for kind in ("plain", "capture")]
    return sorted(n for n in names if n) or ["pass"]


def play_game(state: dict[str, Any], first: str, second: str, seed: int) -> float:
    """Play ``state`` out, ``first`` moving for the game's first side; ``first``'s points."""
    sides = list(state["sides"])
    levels = {sides[0]: first, sides[1]: second}
    while not state["over"]:
        mover = state["toMove"]
        answer = _call("think", record=state["record"], level=_level(levels[mover]), seed=seed)
        state = _call("play", record=state["record"], move=answer["move"])
    winner = state["result"]["winner"]
    return 0.5 if winner is None else 1.0 if winner == sides[0] else 0.0


def play(game: str, games: int, seed: int) -> None:
    """Play the missing games of every pair of ``game``, appending each result."""
    RESULTS.mkdir(parents=True, exist_ok=True)
    path = RESULTS / f"{game}.jsonl"
    done = _results(path)
    for a, b in PAIRS[game]:
        rng = random.Random(f"{seed}:{game}:{a}:{b}")
        for n in range(games // 2):
            start = opening(game, rng)
            for first, second in ((a, b), (b, a)):
                key = f"{a}|{b}|{n}|{first}"
                if key in done:
                    continue
                points = play_game(start, first, second, seed + n)
                row = {"key": key, "first": first, "second": second, "points": points}
                with path.open("a") as out:
                    out.write(json.dumps(row) + "\n")
                done[key] = row
                print(f"{game} {first} vs {second}: {points}", flush=True)


def _results(path: Path) -> dict[str, dict[str, Any]]:
    if not path.exists():
        return {}
    rows = (json.loads(line) for line in path.read_text().splitlines() if line.strip())
    return {row["key"]: row for row in rows}


def fit_ratings(games: list[tuple[str, str, float]]) -> dict[str, tuple[float, float]]:
    """Each player's Elo rating and standard error from ``(player, opponent, points)``
    games, player ``ANCHOR[0]`` fixed at ``ANCHOR[1]`` (Bradley–Terry, Newton's method)."""
    players = sorted({p for g in games for p in g[:2]} - {ANCHOR[0]})
    index = {p: i for i, p in enumerate(players)}
    rating = dict.fromkeys(players, ANCHOR[1]) | {ANCHOR[0]: ANCHOR[1]}
    n = len(players)
    hessian = [[0.0] * n for _ in range(n)]
    for _ in range(100):
        grad = [0.0] * n
        hessian = [[1e-9 if i == j else 0.0 for j in range(n)] for i in range(n)]
        for a, b, points in games:
            p = 1 / (1 + math.exp(_SCALE * (rating[b] - rating[a])))
            w = _SCALE**2 * p * (1 - p)
            for x, sign in ((a, 1.0), (b, -1.0)):
                if x in index:
                    grad[index[x]] += sign * _SCALE * (points - p)
                    hessian[index[x]][index[x]] += w
            if a in index and b in index:
                hessian[index[a]][index[b]] -= w
                hessian[index[b]][index[a]] -= w
        step = _solve(hessian, grad)
        for p, s in zip(players, step, strict=True):
            rating[p] += max(-300.0, min(300.0, s))
        if max((abs(s) for s in step), default=0.0) < 1e-6:
            break
    covariance = [_solve(hessian, [1.0 if j == i else 0.0 for j in range(n)]) for i in range(n)]
    errors = {p: math.sqrt(max(covariance[i][i], 0.0)) for p, i in index.items()}
    return {p: (rating[p], errors.get(p, 0.0)) for p in rating}


def _solve(matrix: list[list[float]], vector: list[float]) -> list[float]:
    """``matrix``⁻¹ ``vector`` by Gaussian elimination (a small positive definite matrix)."""
    n = len(vector)
    rows = [row[:] + [v] for row, v in zip(matrix, vector, strict=True)]
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(rows[r][col]))
        rows[col], rows[pivot] = rows[pivot], rows[col]
        for r in range(n):
            if r != col and rows[col][col]:
                factor = rows[r][col] / rows[col][col]
                rows[r] = [x - factor * y for x, y in zip(rows[r], rows[col], strict=True)]
    return [rows[i][n] / rows[i][i] for i in range(n)]


def fit() -> None:
    """Fit every game's ladder from its results and write :data:`OUT`."""
    table: dict[str, dict[str, int]] = {}
    for game in PAIRS:
        rows = list(_results(RESULTS / f"{game}.jsonl").values())
        if not rows:
            sys.exit(f"rate_levels: no results for {game}: run 'play {game}' first")
        games = [(r["first"], r["second"], float(r["points"])) for r in rows]
        ratings = fit_ratings(games)
        table[game] = {level: round(r) for level, (r, _) in sorted(ratings.items(), key=_order)}
        print(f"{game}: {len(games)} games")
        for level, (r, se) in sorted(ratings.items(), key=_order):
            print(f"  {level:>9}  {r:7.0f}  ± {se:4.0f}")
        scores: dict[tuple[str, str], list[float]] = defaultdict(list)
        for first, second, points in games:
            key = tuple(sorted((first, second)))
            scores[key].append(points if first == key[0] else 1 - points)  # type: ignore[index]
        for (a, b), pts in sorted(scores.items()):
            print(f"  {a} vs {b}: {sum(pts):.1f} / {len(pts)}")
    OUT.write_text(json.dumps(table, indent=1, sort_keys=True) + "\n")
    print(f"wrote {OUT.relative_to(ROOT)}")


def _order(item: tuple[str, Any]) -> tuple[int, float]:
    level = item[0]
    return (0, float(level)) if level.isdigit() else (1, -float(level.split(":")[1]))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    commands = parser.add_subparsers(dest="command", required=True)
    p = commands.add_parser("play", help="play the pairs' games of one game")
    p.add_argument("game", choices=sorted(PAIRS))
    p.add_argument("--games", type=int, default=20, help="games per pair (even)")
    p.add_argument("--seed", type=int, default=1)
    commands.add_parser("fit", help="fit the ratings and write level-ratings.json")
    args = parser.parse_args()
    if args.command == "play":
        play(args.game, args.games, args.seed)
    else:
        fit()


if __name__ == "__main__":
    main()
