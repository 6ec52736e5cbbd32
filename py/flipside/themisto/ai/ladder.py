"""The Themisto computer's levels: depth, time, noise and caution of each."""

from __future__ import annotations

from dataclasses import dataclass

from flipside.levels import parse_level as parse_named_level


@dataclass(frozen=True)
class Level:
    """How one level plays.

    ``depth``: deepest iteration (plies; the win check adds one); ``seconds``: time budget per
    move, native (the browser is about twice as slow); ``noise``: standard deviation of the
    random amount added to each unproven move's value before choosing (0 plays the best move);
    ``random_moves``: share of moves chosen uniformly at random among the legal ones (a
    blunder: only level 1 has it); ``reduce_late``: late move reductions when playing (not in
    ``analysis``; see ``Searcher.reduce_from``); ``caution``: the weight, in percent, the
    evaluation gives the opponent's rows when playing (not in ``analysis``): below 100 the
    level underrates threats it cannot yet see to the end. From level 2 up a proven win is
    always played and a proven loss never chosen while another move is not one.
    """

    depth: int
    seconds: float
    noise: float = 0.0
    random_moves: float = 0.0
    reduce_late: bool = False
    caution: int = 100


LEVELS: dict[int, Level] = {
    1: Level(depth=1, seconds=0.3, noise=200.0, random_moves=0.5),
    2: Level(depth=1, seconds=0.3, noise=200.0),
    3: Level(depth=2, seconds=0.6, caution=25),
    4: Level(depth=30, seconds=1.2, reduce_late=True),
}
"""The levels, weakest first. The strongest (``MAX_LEVEL``) is also called ``"max"``."""

MAX_LEVEL = max(LEVELS)


def parse_level(level: int | str) -> int:
    """Level number from ``3``, ``"3"`` or ``"max"``; ValueError for anything else."""
    return parse_named_level(level, LEVELS)
