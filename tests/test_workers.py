"""The command line's worker processes (flipside.workers, ``--workers N``): a split search
over two processes gives the single search's value at a fixed depth (both games), a worker
killed in the middle of a think or of an analyse costs nothing but time, ``analyse --depth``
prints the same with 1 and 2 workers, and a bad ``--workers`` is one line, exit status 2."""

from __future__ import annotations

import dataclasses
import os
import signal
from collections.abc import Iterator
from typing import Any

import pytest

from flipside import review, workers
from flipside.cli import main
from flipside.othello.ai import api as othello_ai
from flipside.othello.ai import engine as othello_engine
from flipside.othello.ai import split as othello_split
from flipside.themisto.ai import api as themisto_ai
from flipside.themisto.ai import ladder
from flipside.themisto.ai import split as themisto_split
from test_split import othello_records, themisto_records


class Killing(workers.Pool):
    """A pool whose worker is killed as it is handed the pool's ``nth`` task (the task is
    lost with it, or goes to the worker started again)."""

    def __init__(self, size: int, warm: str, nth: int) -> None:
        super().__init__(size, warm)
        self.nth = nth
        self.handed = 0

    def submit(self, worker: int, func: Any, *args: Any) -> Any:
        self.handed += 1
        if self.handed == self.nth:
            os.kill(self.pids[worker], signal.SIGKILL)
        return super().submit(worker, func, *args)


@pytest.fixture(scope="module")
def othello_pool() -> Iterator[workers.Pool]:
    with workers.Pool(2, warm="flipside.othello.ai.api") as pool:
        yield pool


def test_two_othello_processes_give_the_single_searchs_value(
    othello_pool: workers.Pool,
) -> None:
    for record in othello_records(3, 21, (14, 30)):
        board = othello_ai._board(record)
        single = othello_engine.Engine(5).think(board, seconds=1000)  # depth 6, full width
        first = othello_split.start("think", board, 5, 1000, 2)
        found = othello_pool.search("flipside.othello.ai.tasks", first, othello_split.step)
        assert (found["score"], found["depth"]) == (single["score"], single["depth"])


def test_two_themisto_processes_give_the_single_searchs_value(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setitem(ladder.LEVELS, 4, dataclasses.replace(ladder.LEVELS[4], depth=3))
    with workers.Pool(2, warm="flipside.themisto.ai.api") as pool:
        for record in themisto_records(3, 4):
            board = themisto_ai._board(record)
            single = themisto_ai.Engine(4).think(board, seconds=1000)
            first = themisto_split.start("think", board, 4, 1000, 2)
            found = pool.search("flipside.themisto.ai.tasks", first, themisto_split.step)
            assert (found["score"], found["depth"]) == (single["score"], single["depth"])


def test_a_worker_killed_in_the_middle_of_a_think() -> None:
    record = othello_records(1, 22, (20, 21))[0]
    board = othello_ai._board(record)
    single = othello_engine.Engine(5).think(board, seconds=1000)
    with Killing(2, "flipside.othello.ai.api", nth=4) as pool:
        first = othello_split.start("think", board, 5, 1000, 2)
        found = pool.search("flipside.othello.ai.tasks", first, othello_split.step)
        assert pool.restarts == 1
    assert (found["score"], found["depth"]) == (single["score"], single["depth"])


def test_a_worker_killed_in_the_middle_of_an_analyse(monkeypatch: pytest.MonkeyPatch) -> None:
    record = "othello/f5d6c3d3c4f4f6f3e6e7d7c5"
    alone = review.review(record, depth=2)
    pools: list[Killing] = []

    def killing(size: int, warm: str) -> Killing:
        pools.append(Killing(size, warm, nth=5))
        return pools[-1]

    monkeypatch.setattr(workers, "Pool", killing)
    shared = review.review(record, depth=2, workers=2)
    assert pools[0].restarts == 1
    assert shared.to_json() == alone.to_json()


@pytest.mark.parametrize(
    "game",
    ["othello/f5d6c3d3c4f4f6f3e6e7d7", "themisto/a8-g2,g2-f2,f2-f7,g1-f2,a7-d7,f2-g2,c8-c7,g8-g6"],
)
def test_analyse_at_a_depth_prints_the_same_with_one_or_two_workers(
    game: str, capsys: pytest.CaptureFixture[str]
) -> None:
    name, moves = game.split("/")
    outs = []
    for count in ("1", "2"):
        assert main([name, "analyse", game, "--depth", "2", "--workers", count]) == 0
        outs.append(capsys.readouterr().out)
    assert outs[0] == outs[1] and moves.split(",")[0] in outs[0]


@pytest.mark.parametrize(
    "argv",
    [
        ["othello", "bestmove", "f5", "--workers", "0"],
        ["othello", "play", "--workers", "two"],
        ["themisto", "bestmove", "--workers", "-1"],
        ["othello", "analyse", "f5d6", "--workers", "65"],
    ],
)
def test_bad_workers_are_one_line_exit_2(
    argv: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as exc:
        main(argv)
    assert exc.value.code == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1
    assert "the number of workers must be a whole number from 1 to 64, got" in err


def test_bestmove_over_two_workers_both_games(capsys: pytest.CaptureFixture[str]) -> None:
    record = othello_records(1, 23, (20, 21))[0]
    transcript = record.split("/")[1]
    assert main(["othello", "bestmove", transcript, "--level", "3", "--workers", "2"]) == 0
    move = capsys.readouterr().out.strip()
    assert move in [str(m) for m in othello_ai._board(record).legal_moves()]
    argv = ["themisto", "bestmove", "--moves", "b1-b4 g8-g5", "--level", "3", "--workers", "2"]
    assert main(argv) == 0
    last = capsys.readouterr().out.strip().splitlines()[-1]
    board = themisto_ai._board("themisto/b1-b4,g8-g5")
    assert last in [str(m) for m in board.legal_moves()]
