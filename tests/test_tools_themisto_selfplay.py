"""tools.play.themisto_selfplay's match: one side with a multiple of its budget (native only)."""

from __future__ import annotations

from typing import Any

import pytest

from flipside.themisto.ai.engine import Engine
from flipside.themisto.ai.ladder import LEVELS
from tools.play import themisto_selfplay


def test_scale_a_gives_level_a_that_many_times_its_budget(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    asked: list[tuple[int, float | None]] = []
    think = Engine.think

    def quick_think(self: Engine, board: Any, seconds: float | None = None, **rest: Any) -> Any:
        asked.append((board.turn, seconds))
        return think(self, board, depth=1)

    monkeypatch.setattr(Engine, "think", quick_think)
    summary = themisto_selfplay.match(3, 3, games=2, plies=2, seed=1, quiet=True, scale_a=2.0)
    assert summary["games"] == 2  # both colours: the sides differ, so the opening is replayed
    assert "2.0x the budget for 3" in str(summary["levels"])
    scaled = 2 * LEVELS[3].seconds
    # level A is player 1 in the first game and player 2 in the second: each colour was
    # played with the level's own budget (None) and with twice it
    assert set(asked) == {(1, None), (2, None), (1, scaled), (2, scaled)}
