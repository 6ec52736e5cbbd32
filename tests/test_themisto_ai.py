"""Themisto AI: the win-in-one test against the rules, the tactics suite, the API's shape.

The tactics positions come from random games (``tools.play.themisto_tactics``); each has
the full set of correct moves, found by brute force on the rules core. Searches here run at
fixed depths with a generous time budget, so the results do not depend on the machine.
"""

from __future__ import annotations

import random

import pytest

from flipside.themisto import Board, Move
from flipside.themisto.ai.engine import Engine
from flipside.themisto.ai.evaluation import evaluate
from flipside.themisto.ai.ladder import LEVELS, MAX_LEVEL, parse_level
from flipside.themisto.ai.search import PROVEN, WIN, Searcher
from flipside.themisto.ai.threats import winning_moves

# (kind, what it shows, position, the correct moves)
TACTICS: list[tuple[str, str, str, list[str]]] = [
    (
        "win1-p1-plain",
        "player one wins in one, plain slide",
        "XO---XX-O---XO---OX---OOO---X----X-X-----O------OOOO--OOO-OXOXO- 1 0 0",
        ["c3-b4x", "c3-c6x", "d5-c6x", "d8-e7", "e4-b4x", "e4-e7", "f8-b4x", "f8-e7"],
    ),
    (
        "win1-p1-plain",
        "player one wins in one, plain or capture",
        "XO---X--O---XOOO--X---OOOX-------X-X-----------XOOOO--OOO-OXOXO- 1 0 0",
        [
            "b4-e7",
            "c3-c6x",
            "c3-d2x",
            "d5-c6x",
            "d5-d2x",
            "d8-e7",
            "e2-e7",
            "f8-e7",
            "h6-c6x",
            "h6-d2x",
        ],
    ),
    (
        "win1-p1-capture",
        "player one wins in one only by a capture",
        "XOXOXO-OO------XX------OO------X-O----OOO------XX------OOXOXOXOX 1 0 0",
        ["b5-a5x"],
    ),
    (
        "win1-p1-capture",
        "player one wins by a capture (three ways)",
        "XOXOXO-OO-X----XX------OO------X------OOO------XX--X---OOX-XOXOX 1 0 0",
        ["c2-c8x", "d7-c8x", "g5-a5x"],
    ),
    (
        "win1-p2-plain",
        "player two wins in one, plain slide",
        "XO---XX-O---XO---OX---OOO---X----X-X----------X-OOOO--OOO-OXOXO- 2 0 0",
        ["c3-c6x", "d5-c6x", "d8-e7", "e4-e7", "f8-e7", "g6-c6x"],
    ),
    (
        "win1-p2-plain",
        "player two wins in one with player one pending",
        "XOO--XX-O---XO---O----OOO---X----X-X----------X-OOOO--OOO-OXOXO- 2 1 0",
        ["d5-c6x", "d8-e7", "e4-e7", "f8-e7", "g6-c6x"],
    ),
    (
        "win1-p2-capture",
        "player two wins in one only by a capture",
        "XOXOXOXOO------XX------OO------X-O-----OO------XX------OOXOXOXOX 2 0 0",
        ["b5-a5x"],
    ),
    (
        "win1-p2-capture",
        "player two wins by a long capture",
        "XOXOXO-OO------XX------OO------X------OOO------XX--X---OOXOXOXOX 2 0 0",
        ["g5-a5x"],
    ),
    (
        "win1-p1-colour-O",
        "player one makes a white five",
        "XOX-XOXOO-----O-XO----OOO------X-------OO------X-OO----OO-OXOXOX 1 0 0",
        ["d8-d1x"],
    ),
    (
        "win1-p2-colour-O",
        "player two makes a white five",
        "XO--X-XOO-O---O-XO----OOO------X-X-----O-X-----X-OO----OO-OXOXOX 2 0 0",
        ["a3-b4x", "e1-b4x", "f8-b4x", "h4-b4x"],
    ),
    (
        "win1-p1-colour-X",
        "player one makes a black five, player two pending",
        "XO--OXX----XO-OO---X--O-OX-----X--O------X------OOXOX-O-O-OXOXO- 1 0 1",
        ["d7-d6x", "g3-d6x"],
    ),
    (
        "win1-p1-exact-not-overline",
        "player one: exact five, not the overline",
        "XOO-XXX-O-O-X-O--O----OOO------X-X-------X-O-----OO----OO-OXOXOX 1 0 0",
        ["e1-b4x", "h4-b4x"],
    ),
    (
        "win1-p1-exact-not-overline",
        "player one: only the exact five wins",
        "XX----OX--OX---O--O-O-O-O-XOOO-XOO------------O----O----OXOXOXXX 1 0 1",
        ["c4-c6"],
    ),
    (
        "win1-p2-overline",
        "player two: the overline wins too",
        "XX----OX--OX---O--O-O-O-O-XOOO-XOO------------O----O----OXOXOXXX 2 0 0",
        ["b1-b4x", "c4-c6", "d7-g4x", "f8-b4x", "g3-g4x", "g6-g4x"],
    ),
    (
        "avoid-loss1",
        "start: 88 of 160 moves lose at once",
        "XOXOXOXOO------XX------OO------XX------OO------XX------OOXOXOXOX 1 0 0",
        [
            "a1-b2",
            "a1-g7",
            "a2-b2",
            "a2-b3",
            "a2-c2",
            "a2-d2",
            "a2-e2",
            "a2-f2",
            "a2-f7",
            "a2-g2",
            "a7-b6",
            "a7-b7",
            "a7-c7",
            "a7-d7",
            "a7-e7",
            "a7-f2",
            "a7-f7",
            "a7-g7",
            "a8-b7",
            "a8-g2",
            "b1-b2",
            "b1-b3",
            "b1-b4",
            "b1-b5",
            "b1-b6",
            "b1-b7",
            "b1-c2",
            "b1-g6",
            "b8-b2",
            "b8-b3",
            "b8-b4",
            "b8-b5",
            "b8-b6",
            "b8-b7",
            "b8-c7",
            "b8-g3",
            "g1-b6",
            "g1-f2",
            "g1-g2",
            "g1-g3",
            "g1-g4",
            "g1-g5",
            "g1-g6",
            "g1-g7",
            "g8-b3",
            "g8-f7",
            "g8-g2",
            "g8-g3",
            "g8-g4",
            "g8-g5",
            "g8-g6",
            "g8-g7",
            "h1-b7",
            "h1-g2",
            "h2-b2",
            "h2-c2",
            "h2-c7",
            "h2-d2",
            "h2-e2",
            "h2-f2",
            "h2-g2",
            "h2-g3",
            "h7-b7",
            "h7-c2",
            "h7-c7",
            "h7-d7",
            "h7-e7",
            "h7-f7",
            "h7-g6",
            "h7-g7",
            "h8-b2",
            "h8-g7",
        ],
    ),
    (
        "avoid-loss1",
        "player two must stop a five",
        "XO--XOXOO-O---O-XO----OOO------X-------OO------X-OO----OO-OXOXOX 2 0 0",
        [
            "a1-b2",
            "a1-c3",
            "a1-g7",
            "a2-b2",
            "a3-b2",
            "a3-b4",
            "a3-d6",
            "a3-e7",
            "a8-b8",
            "a8-b8x",
            "b1-b2",
            "b1-c1",
            "b1-d1",
            "c7-a5",
            "c7-b6",
            "c7-b8",
            "c7-b8x",
            "c7-c3",
            "c7-c3x",
            "c7-c4",
            "c7-c6",
            "c7-d7",
            "c7-e7",
            "c7-f4",
            "c7-f7",
            "c7-g7",
            "d8-d2",
            "d8-d3",
            "d8-d6",
            "d8-d7",
            "d8-e7",
            "d8-g5",
            "e1-b4",
            "e1-c1",
            "e1-c3",
            "e1-d1",
            "e1-d2",
            "e1-e2",
            "e1-e7",
            "e1-f2",
            "g1-b6",
            "g1-f2",
            "g1-h2",
            "g3-c3",
            "g3-c3x",
            "g3-d3",
            "g3-d6",
            "g3-f2",
            "g3-f3",
            "g3-g4",
            "g3-g5",
            "g3-g6",
            "g3-g7",
            "g3-h2",
            "g3-h2x",
            "g8-c4",
            "g8-f7",
            "g8-g4",
            "g8-g6",
            "g8-g7",
            "h1-h2",
            "h4-b4",
            "h4-c4",
            "h4-e7",
            "h4-f4",
            "h4-g5",
            "h7-d3",
            "h7-d7",
            "h7-e7",
            "h7-f7",
            "h7-g6",
            "h7-g7",
            "h8-b2",
            "h8-c3",
            "h8-g7",
        ],
    ),
    (
        "avoid-loss1-lost-turn",
        "a lost turn would hand over a winning double move",
        "XOO--XX-O-O-XOO--O----OOO--------X-------X-O---O-OO---OOO-OXOXO- 1 0 0",
        [
            "a1-b2",
            "a1-c3",
            "a1-f6",
            "a8-a6",
            "a8-a7",
            "a8-b8",
            "b5-a5",
            "b5-a5x",
            "b5-a6",
            "b5-c4",
            "b5-c5",
            "b5-c6",
            "b5-d3",
            "b5-d5",
            "b5-d7",
            "b5-g5",
            "b6-a5",
            "b6-a6",
            "b6-a7",
            "b6-c5",
            "b6-c6",
            "b6-e3",
            "b7-a6",
            "b7-a7",
            "b7-b8",
            "b7-b8x",
            "b7-f3",
            "b7-f3x",
            "c7-b8",
            "c7-e7",
            "c7-f7",
            "c8-b8",
            "c8-e6",
            "d8-e7",
            "d8-f6",
            "d8-g5",
            "e2-c4",
            "e2-d3",
            "e2-e3",
            "e2-e6",
            "e2-e7",
            "e2-f3",
            "f1-e1",
            "f2-e3",
            "f2-f3",
            "f2-f6",
            "f2-f7",
            "f8-e7",
            "f8-f3",
            "f8-f6",
            "f8-f7",
            "g1-h1",
            "g1-h2",
            "g2-d5",
            "g2-f3",
            "g2-f3x",
            "g2-h1",
            "g2-h2",
            "g3-e5",
            "g3-f3",
            "g3-f3x",
            "g3-g6",
            "g3-h2",
            "g7-e7",
            "g7-f7",
            "g7-g6",
            "g7-h8x",
            "g8-e6",
            "g8-f7",
            "g8-h8",
            "h3-e6",
            "h3-h1",
            "h3-h2",
            "h3-h5",
            "h6-e6",
            "h6-f6",
            "h6-g6",
            "h7-g6",
            "h7-h8",
            "h7-h8x",
        ],
    ),
    (
        "avoid-loss1-lost-turn",
        "avoid a lost turn (player two)",
        "XOO--XX-O-O-XOO--O----OOO--------X-------X-O--X--OO---OOO-OXOXO- 2 0 0",
        [
            "a1-b2",
            "a1-c3",
            "a1-f6",
            "a8-a6",
            "a8-a7",
            "a8-b8",
            "b5-a5",
            "b5-a5x",
            "b5-a6",
            "b5-c4",
            "b5-c5",
            "b5-c6",
            "b5-d3",
            "b5-d5",
            "b5-d7",
            "b5-f5",
            "b5-f5x",
            "b5-g5",
            "b5-g5x",
            "b5-h5",
            "b6-a5",
            "b6-a6",
            "b6-a7",
            "b6-c5",
            "b6-c6",
            "b6-e3",
            "b7-a6",
            "b7-a7",
            "b7-b8",
            "b7-b8x",
            "b7-f3",
            "b7-f3x",
            "c7-b8",
            "c7-e7",
            "c7-f7",
            "c8-b8",
            "c8-e6",
            "c8-f5",
            "d8-e7",
            "d8-f6",
            "d8-g5",
            "d8-g5x",
            "d8-h4",
            "e2-c4",
            "e2-d1",
            "e2-d3",
            "e2-e1",
            "e2-e3",
            "e2-e6",
            "e2-e7",
            "e2-f3",
            "e2-g4",
            "e2-h5",
            "f1-e1",
            "f2-e3",
            "f2-f3",
            "f2-f5",
            "f2-f6",
            "f2-f7",
            "f8-e7",
            "f8-f3",
            "f8-f5",
            "f8-f5x",
            "f8-f6",
            "f8-f7",
            "g1-h1",
            "g1-h2",
            "g2-d5",
            "g2-f3",
            "g2-f3x",
            "g2-h1",
            "g2-h2",
            "g3-e5",
            "g3-f3",
            "g3-f3x",
            "g3-h2",
            "g6-e6",
            "g6-f6",
            "g6-f7",
            "g7-e7",
            "g7-f6",
            "g7-f7",
            "g7-h8",
            "g7-h8x",
            "g8-e6",
            "g8-f7",
            "g8-h8",
            "h3-e6",
            "h3-f5",
            "h3-h1",
            "h3-h2",
            "h3-h5",
            "h7-h5",
            "h7-h8",
            "h7-h8x",
        ],
    ),
    (
        "double-move-win",
        "double move wins",
        "XO--X-XOO-O---O-XO----OOO------X-X-----OO------X-OO----OO-OXOXOX 1 0 1",
        [
            "a3-b4",
            "a3-c1",
            "a8-a7",
            "b5-a5",
            "b5-f1x",
            "c7-a5x",
            "c7-b6",
            "c7-c6",
            "c7-d7",
            "d8-d1",
            "d8-d7",
            "e1-a5",
            "e1-b4",
            "e8-c6",
            "e8-d7",
            "e8-e2",
            "e8-e7",
            "e8-f7",
            "e8-g6",
            "f8-b4",
            "f8-c5",
            "f8-d6",
            "f8-e7",
            "f8-f1",
            "f8-f1x",
            "f8-f2",
            "f8-f3",
            "f8-f4",
            "f8-f7",
            "f8-g7",
            "g1-a7",
            "g1-b6",
            "g2-c6",
            "g2-f1",
            "g8-g4x",
            "g8-g5",
            "h1-h2x",
            "h3-d7",
            "h3-g4x",
            "h4-b4",
            "h4-g4",
            "h5-c5",
            "h5-d1",
            "h5-e2",
            "h5-f3",
            "h5-f7",
            "h5-g4",
            "h5-g4x",
            "h5-g5",
            "h5-g6",
            "h6-b6",
            "h6-c1",
            "h6-c6",
            "h6-c6x",
            "h6-d2",
            "h6-d6",
            "h6-f4",
            "h6-g5",
            "h6-g6",
            "h6-g7",
            "h7-d7",
        ],
    ),
    (
        "double-move-win",
        "double move wins (2)",
        "XOO--XX-O-O-XOO--O----OOO--------X-------X-O---O-OO----OO-OXOXOX 1 0 1",
        [
            "a1-e5",
            "a2-a3",
            "a2-b2",
            "a8-a5",
            "a8-b8x",
            "b1-b2",
            "b5-b4",
            "b5-e5",
            "b5-h5",
            "b6-c6x",
            "b7-c6",
            "b7-d5",
            "c1-a3",
            "c1-a3x",
            "c1-b2",
            "c1-d1",
            "c1-d2",
            "c1-e1",
            "c1-e3",
            "c1-e3x",
            "c1-f4",
            "c1-g5",
            "c7-b8x",
            "c7-c3",
            "c7-c4",
            "c7-c5",
            "c7-c6",
            "c7-d7",
            "c8-b8x",
            "c8-d7",
            "c8-g4",
            "c8-g4x",
            "d6-a3",
            "d6-a3x",
            "d6-b4",
            "d6-c5",
            "d6-c6",
            "d6-d1",
            "d6-d1x",
            "d6-d2",
            "d6-d3",
            "d6-d7",
            "d6-e7",
            "d6-f4",
            "d6-g6",
            "d8-d7",
            "d8-h4",
            "e2-d2",
            "e2-e5",
            "e2-g4",
            "e2-h5",
            "e8-c6",
            "e8-d7",
            "e8-e3",
            "e8-e3x",
            "e8-e5",
            "e8-e6",
            "e8-e7",
            "e8-f7",
            "e8-g6",
            "e8-h5",
            "e8-h5x",
            "f1-d1",
            "f2-c5",
            "f2-f4",
            "f8-e7",
            "f8-f3",
            "f8-f4",
            "f8-f7",
            "f8-g7",
            "g2-c6",
            "g3-c3",
            "g3-d3",
            "g3-e3",
            "g3-e3x",
            "g3-g4",
            "g3-g5",
            "g3-h2x",
            "g3-h4",
            "g8-c4",
            "g8-d5",
            "g8-g4",
            "g8-g4x",
            "g8-g5",
            "h3-d7",
            "h3-g4",
            "h3-g4x",
            "h3-h2x",
            "h3-h4",
            "h3-h5x",
            "h6-d2",
            "h6-e3",
            "h6-e3x",
            "h6-f4",
            "h6-h4",
            "h7-d3",
            "h7-d7",
            "h8-e5",
        ],
    ),
    (
        "double-move-win",
        "double move wins (3)",
        "XOO--XX-O---XOO--O----OOO--------X---X---X-O--X--OO---OOO-OXOXO- 1 0 1",
        [
            "a1-e5",
            "a2-a3",
            "a2-b2",
            "a2-d2",
            "a4-a3",
            "a4-a3x",
            "a4-a5",
            "a4-b4",
            "a4-c4",
            "a4-e4",
            "a4-f4",
            "a4-g4",
            "a4-g4x",
            "a4-h4",
            "a8-a5",
            "a8-b8x",
            "b1-b2",
            "b1-d3",
            "b1-e4",
            "b3-a3x",
            "b3-b4",
            "b3-c4",
            "b3-d3",
            "b3-f3x",
            "b5-b4",
            "b5-d3",
            "b5-e5",
            "b6-c6x",
            "b7-c6",
            "b7-e4",
            "b7-f3x",
            "c1-a3",
            "c1-a3x",
            "c1-b2",
            "c1-c3",
            "c1-c4",
            "c1-c5",
            "c1-c6",
            "c1-d2",
            "c1-e1",
            "c1-f4",
            "c7-b8x",
            "c7-c3",
            "c7-c4",
            "c7-c5",
            "c7-c6",
            "c7-d7",
            "c8-b8",
            "c8-b8x",
            "c8-d7",
            "d6-a3",
            "d6-a3x",
            "d6-b4",
            "d6-c5",
            "d6-c6",
            "d6-d1",
            "d6-d1x",
            "d6-d2",
            "d6-d3",
            "d6-d7",
            "d6-e5",
            "d6-e6",
            "d6-e7",
            "d6-f4",
            "d6-f6",
            "d8-d7",
            "e2-e4x",
            "e2-e5",
            "e2-f3",
            "e8-c6",
            "e8-d7",
            "e8-e3",
            "e8-e3x",
            "e8-e4",
            "e8-e5",
            "e8-e6",
            "e8-e7",
            "e8-f7",
            "f1-d1",
            "f2-c5",
            "f2-e1",
            "f2-f4",
            "f5-d3",
            "f5-d7",
            "f5-e5",
            "f5-f4",
            "g2-c6",
            "g2-e4",
            "g2-f3x",
            "g3-c3",
            "g3-d3",
            "g3-f3x",
            "g3-f4",
            "g3-g4",
            "g3-g5",
            "g3-h2x",
            "g3-h4",
            "g6-g4",
            "g7-b2",
            "g7-c3",
            "g7-d7",
            "g7-e5",
            "g8-c4",
            "h3-g4",
            "h3-g4x",
            "h3-h2x",
            "h3-h4",
            "h7-h4",
        ],
    ),
    (
        "win2-forcing",
        "player two forces a win in two",
        "X----O-OX---O--XX------OOXO----XOXX----OO--X---XX---X-OOO---OXOX 2 0 0",
        ["d6-d3"],
    ),
    (
        "win2-forcing",
        "player two forces a win in two (2)",
        "XXXXXX--X----X--XXX---XO-X---XOXX---XO--OX---X-X--X---X------X-X 2 0 0",
        ["f1-c4"],
    ),
    (
        "win2-forcing",
        "player two forces a win in two (3)",
        "XX--XXX-X-X----XX--X----O---X--XX----X-OO--X--XXX-X----OOX---XXX 2 0 0",
        ["c2-c1"],
    ),
]

WIN_OR_DEFEND = [t for t in TACTICS if t[0].startswith(("win1", "avoid-loss1"))]
SLOW_BUDGET = 1000.0  # seconds: never reached at these depths, so no test depends on timing


def test_the_suite_covers_every_kind() -> None:
    kinds = {t[0] for t in TACTICS}
    assert len(TACTICS) >= 20
    for kind in (
        "win1-p1-plain",
        "win1-p1-capture",
        "win1-p2-plain",
        "win1-p2-capture",
        "win1-p1-exact-not-overline",
        "win1-p1-colour-O",
        "avoid-loss1",
        "avoid-loss1-lost-turn",
        "double-move-win",
        "win2-forcing",
    ):
        assert kind in kinds


def test_winning_moves_agree_with_playing_every_move() -> None:
    rng = random.Random(5)
    checked = 0
    for _ in range(6):
        board = Board()
        while not board.is_game_over():
            truth = []
            for m in board.legal_moves():
                if m.is_pass:
                    continue
                board.push(m)
                if board.status.result == "win":
                    truth.append(m)
                board.pop()
            assert sorted(winning_moves(board)) == sorted(truth), board.position()
            checked += 1
            board.push(rng.choice(board.legal_moves()))
    assert checked > 30


@pytest.mark.parametrize("level", range(2, MAX_LEVEL + 1))
@pytest.mark.parametrize(("kind", "doc", "position", "correct"), WIN_OR_DEFEND)
def test_every_level_above_the_first_wins_and_defends_in_one(
    level: int, kind: str, doc: str, position: str, correct: list[str]
) -> None:
    board = Board.from_position(position)
    for seed in range(3):
        info = Engine(level, seed=seed).think(board, seconds=SLOW_BUDGET, depth=1)
        assert info["move"] in correct, (kind, doc, info)


CARELESS_LEVELS = [n for n, level in LEVELS.items() if level.caution < 100]


@pytest.mark.parametrize("level", CARELESS_LEVELS)
@pytest.mark.parametrize(("kind", "doc", "position", "correct"), WIN_OR_DEFEND)
def test_a_careless_evaluation_changes_no_forced_result(
    level: int, kind: str, doc: str, position: str, correct: list[str]
) -> None:
    board = Board.from_position(position)
    info = Engine(level).think(board, seconds=SLOW_BUDGET)  # at the level's own depth
    assert info["move"] in correct, (kind, doc, info)


def test_caution_only_lowers_the_weight_of_the_opponents_rows() -> None:
    rng = random.Random(7)
    board = Board()
    lowered = 0
    for _ in range(300):
        if board.is_game_over():
            board = Board()
        full, half, none = evaluate(board), evaluate(board, 50), evaluate(board, 0)
        assert none >= half >= full
        lowered += none > full
        board.push(rng.choice(board.legal_moves()))
    assert lowered > 10


def test_caution_applies_when_playing_not_in_analysis() -> None:
    board = Board.from_moves("a1-b2 b8-c7 h2-g3 g1-f2")
    level = min(CARELESS_LEVELS)
    careless = Engine(level).analysis(board, seconds=SLOW_BUDGET).values
    assert careless == Engine(MAX_LEVEL).analysis(board, seconds=SLOW_BUDGET, depth=2).values


@pytest.mark.parametrize(("kind", "doc", "position", "correct"), TACTICS)
def test_max_level_solves_the_suite(kind: str, doc: str, position: str, correct: list[str]) -> None:
    board = Board.from_position(position)
    depth = 2 if kind in ("win2-forcing", "double-move-win") else 1
    info = Engine("max").think(board, seconds=SLOW_BUDGET, depth=depth)
    assert info["move"] in correct, (kind, doc, info)
    if kind.startswith("win") or kind == "double-move-win":
        assert info["proven"] is not None
        assert info["proven"]["winner"] == ("one" if board.turn == 1 else "two")  # type: ignore[index]


@pytest.mark.parametrize(
    ("kind", "doc", "position", "correct"),
    [t for t in TACTICS if t[0] in ("win2-forcing", "double-move-win")],
)
def test_late_move_reductions_keep_the_forced_wins(
    kind: str, doc: str, position: str, correct: list[str]
) -> None:
    board = Board.from_position(position)
    assert LEVELS[MAX_LEVEL].reduce_late
    info = Engine("max").think(board, seconds=SLOW_BUDGET, depth=3)  # reductions from depth 3
    assert info["move"] in correct, (kind, doc, info)
    assert info["proven"] is not None


def test_late_move_reductions_search_fewer_nodes() -> None:
    board = Board()  # depth 4 at the start: 41,427 nodes without, 21,261 with reductions
    plain = Searcher(board.copy())
    plain.run(4)
    reduced = Searcher(board.copy())
    reduced.reduce_from = 2
    answer = reduced.run(4)
    assert reduced.nodes < plain.nodes * 0.8
    assert answer.move in board.legal_moves()


def test_a_win_is_reported_as_proven_with_its_length() -> None:
    board = Board.from_moves("g1-g3 c8-d7")
    info = Engine("max").think(board, seconds=SLOW_BUDGET, depth=2)
    assert info["move"] == "c1-c8x"
    assert info["proven"] == {"winner": "one", "plies": 1}
    assert info["score"] == WIN - 1
    assert info["exact"] is True


def test_think_and_analysis_have_the_keys_the_page_uses() -> None:
    board = Board()
    seen: list[dict[str, object]] = []
    info = Engine(3).think(board, seconds=SLOW_BUDGET, on_depth=seen.append)
    for key in ("move", "score", "pv", "nodes", "exact", "proven", "seconds", "depth", "scores"):
        assert key in info
    assert [d["depth"] for d in seen] == [1, 2]
    assert Move.parse(str(info["move"])) in board.legal_moves()
    analysis = Engine(2).analysis(board, seconds=SLOW_BUDGET).to_dict()
    values = analysis["values"]
    assert isinstance(values, dict) and len(values) == 160
    # the start: 88 moves lose at once, so they are proven losses for player one
    assert sum(1 for v in values.values() if v <= -PROVEN) == 88
    assert set(analysis) >= {"values", "best", "pv", "exact", "proven", "depth", "nodes"}


def test_a_stop_request_keeps_the_last_finished_depth() -> None:
    board = Board()
    calls = {"n": 0}

    def stop() -> bool:
        calls["n"] += 1
        return True

    info = Engine("max").think(board, seconds=SLOW_BUDGET, should_stop=stop)
    assert info["depth"] == 1  # depth 1 always finishes; the stop ends depth 2
    assert calls["n"] > 0


def test_levels_and_names() -> None:
    assert len(LEVELS) >= 4
    assert parse_level("max") == MAX_LEVEL
    assert parse_level("2") == 2
    with pytest.raises(ValueError):
        parse_level("0")
    with pytest.raises(ValueError):
        Engine(3).think(Board.from_moves("g1-g3 c8-d7 c1-c8x"))


def test_engine_is_exported_lazily() -> None:
    import flipside.themisto as package

    assert package.Engine is Engine


def test_cli_bestmove_says_when_a_win_is_forced(capsys: pytest.CaptureFixture[str]) -> None:
    from flipside.cli import main

    assert main(["themisto", "bestmove", "--level", "max", "--moves", "g1-g3 c8-d7"]) == 0
    lines = capsys.readouterr().out.strip().splitlines()
    assert lines[-2:] == ["player one wins by force in 1", "c1-c8x"]
    assert main(["themisto", "bestmove", "--level", "2", "--seed", "1"]) == 0
    move = capsys.readouterr().out.strip().splitlines()[-1]
    assert Move.parse(move) in Board().legal_moves()


def test_plain_wins_only_leave_out_the_capture_wins() -> None:
    # the search's horizon skips the captures' part of the win test when it cannot matter
    for kind, _, position, correct in TACTICS:
        if kind in ("win1-p1-capture", "win1-p2-capture"):
            board = Board.from_position(position)
            assert sorted(str(m) for m in winning_moves(board)) == sorted(correct)
            assert winning_moves(board, captures=False) == []


def test_the_budget_is_counted_on_the_given_clock() -> None:
    ticks = {"now": 0.0}

    def clock() -> float:  # each reading is a second later
        ticks["now"] += 1.0
        return ticks["now"]

    info = Engine("max", clock=clock).think(Board(), seconds=5.0)
    assert info["depth"] == 1  # depth 1 always finishes; the budget stops depth 2 at once
    assert ticks["now"] > 5.0


@pytest.mark.parametrize(
    ("kind", "doc", "position", "correct"), [t for t in TACTICS if t[0] == "win2-forcing"]
)
def test_an_unfinished_depth_that_refutes_the_last_answer_is_used(
    kind: str, doc: str, position: str, correct: list[str]
) -> None:
    board = Board.from_position(position)
    seen: list[dict[str, object]] = []
    Engine("max").think(board, seconds=SLOW_BUDGET, depth=2, on_depth=seen.append)
    first, second = seen[0], seen[-1]
    assert first["move"] not in correct and second["move"] in correct  # depth 2 finds it
    polls = {"n": 0, "last": 0}

    def stop() -> bool:  # polled every few nodes from depth 2 on
        polls["n"] += 1
        return polls["n"] == polls["last"]

    Engine("max").think(board, seconds=SLOW_BUDGET, depth=2, should_stop=stop)
    polls["last"], polls["n"] = polls["n"], 0  # now stop depth 2 at its very last poll
    info = Engine("max").think(board, seconds=SLOW_BUDGET, depth=2, should_stop=stop)
    assert polls["n"] == polls["last"]
    assert info["depth"] == 1  # the finished depth
    assert info["move"] in correct and info["score"] == WIN - 3  # the better move found
