"""The Themisto computer player: levels, best move, hints and forced wins found by search.

``Engine(level=N).best_move(board)`` plays; ``think`` is the entry for the page's worker (time
budget, ``should_stop()`` for "move now", ``on_depth(info)`` after each finished depth, a
JSON-friendly answer); ``analysis`` / ``analyze`` give a value to every legal move (hints).

The search is alpha-beta (negamax) with iterative deepening and a transposition table, on
its own board (``movegen.Position``). Every node first asks whether the player to move can
make a winning row *now* (bit-parallel for the plain slides): so a search of depth ``d``
sees wins ``d + 1`` plies ahead, depth 1 already avoids every loss in one, and a lost turn
(the opponent moving twice) is just two plies by the same player. ``docs/themisto-ai.md`` says
why this and not MCTS.

Values are from the player to move's view: ``WIN - n`` (a win ``n`` plies ahead, proven), its
negative (a proven loss), else an estimate well inside ``±PROVEN``.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import dataclass

from flipside.i18n import tr
from flipside.themisto.ai.ladder import LEVELS, parse_level
from flipside.themisto.ai.search import PROVEN, DepthResult, Info, Searcher, proven_of
from flipside.themisto.board import Board
from flipside.themisto.game import PLAYER_INNER
from flipside.themisto.notation import Move


@dataclass
class Analysis:
    """A value for every legal move (player to move's view), the best line and how sure."""

    values: dict[Move, int]
    best: Move
    pv: list[Move]
    proven: dict[str, object] | None
    depth: int
    nodes: int
    seconds: float

    @property
    def exact(self) -> bool:
        """True when the best value is a proven result."""
        return self.proven is not None

    def to_dict(self) -> Info:
        """JSON-friendly form (moves as names)."""
        return {
            "values": {str(m): v for m, v in self.values.items()},
            "best": str(self.best),
            "pv": [str(m) for m in self.pv],
            "exact": self.exact,
            "proven": self.proven,
            "depth": self.depth,
            "nodes": self.nodes,
            "seconds": round(self.seconds, 3),
        }


def describe(info: Info) -> str:
    """A line for people: ``player one wins by force in 3`` or ``score +25 (depth 4)``."""
    proven = info.get("proven")
    if isinstance(proven, dict):
        player = tr(PLAYER_INNER[1 if proven["winner"] == "one" else 2])
        return tr("{player} wins by force in {plies}", player=player, plies=proven["plies"])
    return tr(
        "score {score} (depth {depth})",
        score=format(int(str(info["score"])), "+d"),
        depth=info["depth"],
    )


class Engine:
    """A computer player at a level (1 = beginner .. ``MAX_LEVEL``; ``"max"`` accepted).

    ``seed`` fixes the random choices of the noisy low levels (for tests and replays);
    ``clock`` is what the time budget is counted on (self-play on a shared machine passes
    ``time.process_time``, so other programs' load does not change the levels).
    """

    def __init__(
        self,
        level: int | str = 3,
        seed: int | None = None,
        clock: Callable[[], float] = time.perf_counter,
    ) -> None:
        self.clock = clock
        self.level = parse_level(level)
        self.settings = LEVELS[self.level]
        self.random = random.Random(seed)

    def best_move(self, board: Board) -> Move:
        """The move this level plays (``Move.PASS`` when the player to move must pass)."""
        return Move.parse(str(self.think(board)["move"]))

    def think(
        self,
        board: Board,
        seconds: float | None = None,
        should_stop: Callable[[], bool] | None = None,
        on_depth: Callable[[Info], None] | None = None,
        depth: int | None = None,
    ) -> Info:
        """Choose a move within ``seconds`` (default: the level's budget).

        ``should_stop()`` and the clock are polled every 16 nodes (a node can cost a
        millisecond or more): when it returns True the search ends and the answer of the last
        finished depth is played. Depth 1 always finishes (it
        takes every win in one and avoids every loss in one); the budget and ``should_stop``
        apply from depth 2 on. ``on_depth(info)`` gets a dict
        after each finished depth. Both it and the answer have the keys ``depth, move, score,
        pv, nodes, exact, proven, seconds, scores`` (moves as names; score from the player to
        move's view; ``proven`` is ``{"winner": "one"|"two", "plies": N}`` or None).
        ``depth`` overrides the level's deepest iteration (tests, fixed-depth matches).
        """
        if board.is_game_over():
            raise ValueError(tr("the game is over: there is no move to choose"))
        moves = board.legal_moves()
        if moves == [Move.PASS]:
            return {
                "move": "pass",
                "score": 0,
                "pv": ["pass"],
                "depth": 0,
                "nodes": 0,
                "exact": False,
                "proven": None,
                "seconds": 0.0,
                "scores": {"pass": 0},
            }
        level = self.settings
        budget = level.seconds if seconds is None else seconds
        noisy = level.noise > 0 or level.random_moves > 0
        work = board.copy()
        searcher = Searcher(work, should_stop, self.clock() + budget, self.clock)
        if level.reduce_late:
            searcher.reduce_from = 2
        searcher.caution = level.caution

        def report(result: DepthResult) -> None:
            if on_depth is not None:
                on_depth(result.to_dict())

        result = searcher.run(depth or level.depth, noisy, report)
        info = result.to_dict()
        if noisy:
            move = self._noisy_choice(result.scores)
            value = result.scores[move]
            info["move"] = str(move)
            info["score"] = value
            info["pv"] = [str(move)]
            info["proven"] = proven_of(value, board.turn)
            info["exact"] = info["proven"] is not None
        return info

    def _noisy_choice(self, scores: dict[Move, int]) -> Move:
        level = self.settings
        rnd = self.random
        if level.random_moves and rnd.random() < level.random_moves:
            return rnd.choice(sorted(scores))
        best = max(scores.values())
        if best >= PROVEN:
            return min(m for m in scores if scores[m] == best)
        alive = [m for m in sorted(scores) if scores[m] > -PROVEN] or sorted(scores)
        return max(alive, key=lambda m: scores[m] + rnd.gauss(0.0, level.noise))

    def analysis(
        self,
        board: Board,
        seconds: float | None = None,
        should_stop: Callable[[], bool] | None = None,
        on_depth: Callable[[Info], None] | None = None,
        depth: int | None = None,
    ) -> Analysis:
        """Every legal move's value (player to move's view) and the best line, at this level's
        depth (at least 1) and budget. A value at or above ``PROVEN`` is a forced win."""
        if board.is_game_over():
            raise ValueError(tr("the game is over: there is no move to analyse"))
        start = self.clock()
        if board.legal_moves() == [Move.PASS]:
            return Analysis({Move.PASS: 0}, Move.PASS, [Move.PASS], None, 0, 0, 0.0)
        level = self.settings
        budget = level.seconds if seconds is None else seconds
        work = board.copy()
        searcher = Searcher(work, should_stop, self.clock() + budget, self.clock)

        def report(result: DepthResult) -> None:
            if on_depth is not None:
                on_depth(result.to_dict())

        result = searcher.run(depth or max(level.depth, 1), True, report)
        return Analysis(
            dict(result.scores),
            result.move,
            result.pv,
            result.proven(),
            result.depth,
            result.nodes,
            self.clock() - start,
        )

    def analyze(self, board: Board) -> dict[Move, int]:
        """Value of every legal move (player to move's view; ``>= PROVEN`` a forced win)."""
        return self.analysis(board).values
