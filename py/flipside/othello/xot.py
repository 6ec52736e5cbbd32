"""XOT openings: a list of balanced 8-move openings to start games from (``xot.tsv``).

The list is Flipside's own, built from the WTHOR archive and the engine by
``python -m tools.train.xot_list`` (see ``docs/othello-openings.md``). It is read on first use,
so that the start-up snapshot does not hold it.
"""

from __future__ import annotations

import functools
from pathlib import Path

XOT_FILE = Path(__file__).with_name("xot.tsv")
XOT_PLIES = 8
"""Moves in every XOT opening."""
XOT_MARGIN = 2.0
"""Every opening of the list is valued within this many discs of even (a 6-ply search)."""


@functools.cache
def xot_lines() -> tuple[str, ...]:
    """Every XOT opening, as a transcript of its ``XOT_PLIES`` moves (``f5d6c3d3c4f4c5b3``)."""
    rows = XOT_FILE.read_text().splitlines()[1:]
    return tuple(row.split("\t", 1)[0] for row in rows if row)


def is_xot(transcript: str) -> bool:
    """Whether ``transcript`` (lower case, no spaces) is an opening of the list."""
    return transcript in _line_set()


@functools.cache
def _line_set() -> frozenset[str]:
    return frozenset(xot_lines())


def random_xot(seed: int | None = None) -> str:
    """An opening of the list chosen at random (``seed`` fixes the choice)."""
    import random

    return random.Random(seed).choice(xot_lines())
