"""``python -m tools.play.shared_search``: the shared-table search timed to a fixed depth
against the single search prints a row per position and the totals."""

from __future__ import annotations

import pytest

from tools.play import shared_search


def test_the_timing_prints_every_position_and_the_speed_up(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert shared_search.main(["--depth", "5", "--stages", "20"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].split() == ["plies", "single", "shared-1", "shared-2", "moves"]
    rows = [line.split() for line in lines[1:-1]]
    assert len(rows) == 3 and all(row[0] == "20" for row in rows)
    assert all(len(move) == 2 and move[0] in "abcdefgh" for row in rows for move in row[4:7])
    assert lines[-1].startswith("total") and "speed-up" in lines[-1]
