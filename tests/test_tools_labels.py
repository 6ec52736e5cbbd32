"""tools.train.jobs and tools.train.label_positions: resumable chunks on a local Dask
cluster, labels from the engine's own searches (native only). The cluster's test needs the
train extra (Dask): ./build.sh test installs it; by hand, pip install -e ".[train]"."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import numpy as np

from flipside.othello.ai.endgame import Solver
from flipside.othello.ai.search import Searcher
from tools.train import jobs
from tools.train import label_positions as tool


def test_labels_are_the_solver_and_the_selective_search() -> None:
    positions = tool.selfplay_positions(7)
    late = next((P, O) for P, O in positions if 64 - (P | O).bit_count() == 12)
    mid = next((P, O) for P, O in positions if 64 - (P | O).bit_count() == 40)
    assert tool.label(*late, exact=12, depth=4) == (float(Solver().search(*late)), True)
    value, exact = tool.label(*mid, exact=12, depth=4)
    assert not exact and value == Searcher(selectivity=1.0).run(*mid, 4).score


def test_selfplay_is_seeded_and_games_differ() -> None:
    assert tool.selfplay_positions(3) == tool.selfplay_positions(3)
    assert tool.selfplay_positions(3) != tool.selfplay_positions(4)
    game = tool.selfplay_positions(3)
    picked = tool.pick(game, 4, 20, 50, seed=1)
    empties = [64 - (P | O).bit_count() for P, O in picked]
    assert len(picked) == 4 and len(set(empties)) == 4
    assert all(20 <= e <= 50 for e in empties)
    assert picked == tool.pick(game, 4, 20, 50, seed=1)


def test_wthor_positions_replay_the_recorded_moves() -> None:
    name, index = tool.wthor_order()[0]
    assert (name, index) == ("WTH_1977.wtb", 0)
    result = tool.label_chunk(
        ("wthor", [(name, index)], {"per_game": 3, "low": 14, "high": 50, "exact": 14, "depth": 2})
    )
    assert result.items == 3 == len(result.arrays["P"])
    assert not result.arrays["holdout"].any() and (result.arrays["source"] == 0).all()
    for P, O, value, exact in zip(
        result.arrays["P"], result.arrays["O"], result.arrays["label"], result.arrays["exact"]
    ):
        assert tool.label(int(P), int(O), 14, 2) == (float(value), bool(exact))


def square_chunk(numbers: list[int]) -> jobs.ChunkResult:
    """A task for the job runner's test: the squares of its numbers."""
    values = np.array(numbers, dtype=np.int64)
    return jobs.ChunkResult({"n": values, "square": values**2}, len(numbers), 0.001)


def test_job_runs_on_a_local_cluster_writes_chunks_and_resumes(tmp_path: Path) -> None:
    # Never skipped: without Dask this fails and says why.
    assert importlib.util.find_spec("distributed"), (
        'needs the train extra: pip install -e ".[train]"'
    )
    folder = tmp_path / "job"
    work = [[1, 2], [3], [4, 5, 6]]
    items, _ = jobs.run(square_chunk, work, folder, workers=1)
    assert items == 6
    data = jobs.read_job(folder)
    assert data["n"].tolist() == [1, 2, 3, 4, 5, 6]
    assert data["square"].tolist() == [1, 4, 9, 16, 25, 36]
    assert jobs.job_totals(folder)[:2] == (3, 6)
    # A chunk lost (a stopped job): only that one runs again.
    jobs.chunk_path(folder, 1).unlink()
    again, _ = jobs.run(square_chunk, work, folder, workers=1)
    assert again == 1 and jobs.read_job(folder)["n"].tolist() == [1, 2, 3, 4, 5, 6]
    assert jobs.run(square_chunk, work, folder, workers=1) == (0, 0.0)


def test_rate_report_projects_the_whole_set() -> None:
    text = jobs.rate_report(100, 50.0, 1_000_000, cores=(2,))
    assert text.splitlines()[0].startswith("2.00 items per second per core")
    assert "1000000 items on 2 cores: 69.4 h" in text
