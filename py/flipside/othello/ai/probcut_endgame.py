"""Selective endgame search: the exact solver with ProbCut (a probable score, much sooner).

A node of the solver with at least ``CUT_MIN`` empty squares first runs a null-window
midgame search of a few plies (the *check*) and uses a line fitted on exact scores,
``exact ~ a * check value + b`` with residual deviation ``sigma`` (``py/tools/fit_endcut.py``,
the ``"endgame"`` rows of ``mpc.json``): when the check proves the exact score at least
``beta`` (at most ``alpha``) with ``selectivity`` deviations to spare, the node returns that
bound without searching its moves. The answer is the score the game probably ends with;
the engine plays its move where the exact solve would not fit in the time, and uses it as
the exact solve's first window where it does.
"""

from __future__ import annotations

import functools
import json
import math
from collections.abc import Callable
from importlib import resources

from flipside.othello.ai.endgame import EndTable, Solver
from flipside.othello.ai.evaluation import SCALE
from flipside.othello.ai.search import MPC_FILE, Searcher

CUT_MIN = 10
"""Solver nodes with at least this many empties try a ProbCut."""

EndcutTable = list[tuple[int, float, float, float] | None]


def check_depth(empties: int) -> int:
    """Plies of the check search at a node with ``empties`` empty squares."""
    return 2 if empties < 15 else 4


def load_endcut(scale: int = SCALE) -> EndcutTable:
    """Per number of empties (0..60): ``(check depth, a, b, sigma)``, ``b`` and ``sigma`` in
    evaluation units (None below ``CUT_MIN``). Beyond the fitted empties the last group's
    line applies."""
    data = json.loads(resources.files(__package__).joinpath(MPC_FILE).read_text())
    fits = {(row["empties"][0], row["empties"][1], row["shallow"]): row for row in data["endgame"]}
    table: EndcutTable = [None] * 61
    last = max(hi for _, hi, _ in fits)
    for empties in range(CUT_MIN, 61):
        shallow = check_depth(empties)
        n = min(empties, last)
        for (lo, hi, s), row in fits.items():
            if lo <= n <= hi and s == shallow:
                table[empties] = (shallow, row["a"], row["b"] * scale, row["sigma"] * scale)
    return table


@functools.cache
def endcut_table() -> EndcutTable:
    """The fitted endgame ProbCut lines, read once."""
    return load_endcut()


class SelectiveSolver(Solver):
    """The solver with ProbCut at nodes of ``CUT_MIN`` or more empties: its scores and
    moves are probable, not proven (``selectivity`` deviations of the fitted lines).

    It wraps ``Solver._deep`` (which calls ``self._deep`` for its children), so the exact
    solver itself pays nothing for the selective one."""

    def __init__(
        self,
        selectivity: float,
        should_stop: Callable[[], bool] | None = None,
        deadline: float | None = None,
        table: EndTable | None = None,
    ) -> None:
        super().__init__(should_stop, deadline, table)
        self.selectivity = selectivity
        self.lines = endcut_table()
        self.checker = Searcher(should_stop=should_stop, deadline=deadline)
        self.probcuts = 0

    def _deep(self, P: int, O: int, alpha: int, beta: int, n: int) -> int:
        line = self.lines[n]
        if line is not None:
            entry = self.table.get((P, O))
            # (an entry that answers the node already: no check)
            if entry is None or entry[0] < beta and entry[1] > alpha and entry[0] != entry[1]:
                cut = self._probcut(P, O, alpha, beta, line)
                if cut is not None:
                    self.nodes += 1
                    return cut
        return Solver._deep(self, P, O, alpha, beta, n)

    def _probcut(
        self, P: int, O: int, alpha: int, beta: int, line: tuple[int, float, float, float]
    ) -> int | None:
        """``beta`` (``alpha``) when the check search proves the exact score probably at
        least ``beta`` (at most ``alpha``), else None."""
        shallow, a, b, sigma = line
        margin = self.selectivity * sigma
        checker = self.checker
        scale = checker.scale
        before = checker.nodes
        cut: int | None = None
        if beta < 64:
            bound = math.ceil((beta * scale + margin - b) / a)
            if checker._node(P, O, bound - 1, bound, shallow) >= bound:
                cut = beta
        if cut is None and alpha > -64:
            bound = math.floor((alpha * scale - margin - b) / a)
            if checker._node(P, O, bound, bound + 1, shallow) <= bound:
                cut = alpha
        self.nodes += checker.nodes - before
        if cut is not None:
            self.probcuts += 1
        return cut
