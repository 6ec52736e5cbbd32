"""A search split at the root (flipside.split, othello/ai/split.py, themisto/ai/split.py, the
facade's split_start / split_step / search_task), driven in this process: the iteration's
windows and bounds, one worker giving exactly the single search's moves, values and nodes at
a fixed depth, several workers the same values, hints and exact solves, lost workers, and the
facade's JSON contract with its bad input."""

from __future__ import annotations

import dataclasses
import json
import random
from collections.abc import Callable
from typing import Any

import pytest

from flipside import facade, split
from flipside.othello import Board
from flipside.othello.ai import api as othello_ai
from flipside.othello.ai import engine as othello_engine
from flipside.othello.ai import split as othello_split
from flipside.othello.ai.endgame import Solver
from flipside.othello.notation import parse_square
from flipside.themisto.ai import api as themisto_ai
from flipside.themisto.ai import ladder
from flipside.themisto.ai.engine import Engine as ThemistoEngine
from flipside.themisto.board import Board as ThemistoBoard

JSON = Any

# -- the iteration, by hand ---------------------------------------------------------------------


def test_the_first_move_alone_then_null_windows_against_its_value() -> None:
    it = split.iteration(["a", "b", "c"], 5, "pvs", 1000)
    owner: dict[str, int] = {"b": 1}
    assert split.assign(it, [0, 1], owner) == [
        (0, {"moves": ["a"], "kind": "first", "alpha": -1000, "beta": 1000})
    ]
    assert split.assign(it, [1], owner) == []  # the others wait for the bound
    split.take(it, 0, {"a": 30}, {"a": ["a", "x"]})
    jobs = split.assign(it, [0, 1], owner)
    # worker 1 searched "b" before: it gets "b" back; worker 0 the next one
    assert sorted(jobs) == [
        (0, {"moves": ["c"], "kind": "null", "alpha": 30, "beta": 31}),
        (1, {"moves": ["b"], "kind": "null", "alpha": 30, "beta": 31}),
    ]
    split.take(it, 0, {"c": 12})  # c fails low: proven worse
    split.take(it, 1, {"b": 31})  # b fails high: searched again, first in line
    assert it["queue"] == [{"move": "b", "kind": "again"}] and not split.finished(it)
    assert split.assign(it, [1], owner) == [
        (1, {"moves": ["b"], "kind": "again", "alpha": 30, "beta": 1000})
    ]
    split.take(it, 1, {"b": 44}, {"b": ["b", "y"]})
    assert split.finished(it)
    assert (it["best"], it["alpha"], split.line(it), it["improved"]) == ("b", 44, ["b", "y"], "b")
    assert split.ordered(it) == ["b", "a", "c"] and it["values"] == {"a": 30, "b": 44, "c": 12}


def test_null_windows_go_out_in_chunks_a_stopped_chunk_gives_back_the_rest(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    assert split.CHUNKS == 0  # natively one move a job
    monkeypatch.setattr(split, "CHUNKS", 4)  # as in the page
    it = split.iteration([f"m{i}" for i in range(12)], 4, "pvs", 1000)
    split.assign(it, [0], {})
    split.take(it, 0, {"m0": 5})
    assert split.chunk_size(it, 1) == 1  # one worker: a single search's order
    assert split.chunk_size(it, 2) == 2  # 11 null windows over 4 jobs per worker
    (w0, job0), (w1, job1) = split.assign(it, [0, 1], {}, split.chunk_size(it, 2))
    assert job0["moves"] == ["m1", "m2"] and job1["moves"] == ["m3", "m4"]
    split.take(it, w0, {"m1": 3, "m2": 9})  # m2 fails high; m1 is proven worse
    split.take(it, w1, {"m3": 1})  # stopped before m4
    assert it["values"] == {"m0": 5, "m1": 3, "m3": 1}
    assert it["queue"][:2] == [{"move": "m2", "kind": "again"}, {"move": "m4", "kind": "null"}]


def test_with_a_guess_the_others_start_before_the_first_move_ends() -> None:
    it = split.iteration(["a", "b", "c", "d"], 7, "pvs", 1000, guess=20)
    jobs = split.assign(it, [0, 1, 2], {})
    assert [(w, j["moves"], j["kind"], j["alpha"]) for w, j in jobs] == [
        (0, ["a"], "first", -1000),
        (1, ["b"], "null", 20),
        (2, ["c"], "null", 20),
    ]
    split.take(it, 1, {"b": 15})  # b <= 15: kept until the first move's value is known
    split.take(it, 2, {"c": 25})  # c >= 25
    assert it["bounds"] == {"b": ["upper", 15], "c": ["lower", 25]}
    split.take(it, 0, {"a": 18})  # the first move is worth less than the guess
    # b is proven worse than 18; c is better than 18: searched again first; d waits as usual
    assert it["values"]["b"] == 15 and it["bounds"] == {}
    assert it["queue"] == [{"move": "c", "kind": "again"}, {"move": "d", "kind": "null"}]


def test_a_bound_against_the_guess_that_proves_nothing_is_searched_again() -> None:
    it = split.iteration(["a", "b"], 3, "pvs", 1000, guess=20)
    split.assign(it, [0, 1], {})
    split.take(it, 1, {"b": 19})  # b <= 19
    split.take(it, 0, {"a": 10})  # but the best is 10: b needs a null window at 10
    assert it["queue"] == [{"move": "b", "kind": "null"}]
    assert split.assign(it, [0], {})[0][1]["alpha"] == 10


def test_the_first_moves_value_found_by_its_replies() -> None:
    it = split.iteration(["a", "b"], 8, "pvs", 1000)
    it["queue"].pop(0)  # the first move's replies are searched as an iteration of their own
    replies = split.iteration(["x", "y"], 7, "pvs", 1000)
    split.assign(replies, [0], {})
    split.take(replies, 0, {"x": -4}, {"x": ["x", "z"]})
    split.assign(replies, [0], {})
    split.take(replies, 0, {"y": -9})
    assert split.finished(replies) and replies["alpha"] == -4
    split.settle_first(it, "a", -replies["alpha"], ["a", *split.line(replies)])
    assert (it["alpha"], it["best"], split.line(it)) == (4, "a", ["a", "x", "z"])
    assert split.assign(it, [1], {})[0][1] == {
        "moves": ["b"],
        "kind": "null",
        "alpha": 4,
        "beta": 5,
    }


def test_ties_find_every_best_move_and_all_values_every_value() -> None:
    it = split.iteration(["a", "b", "c"], 12, "ties", 64)
    split.assign(it, [0], {})
    split.take(it, 0, {"a": 4})
    jobs = split.assign(it, [0, 1], {})
    assert {j["alpha"] for _, j in jobs} == {3}  # (alpha - 1, alpha): a tie fails high
    split.take(it, 0, {"b": 4})
    split.take(it, 1, {"c": 2})
    split.assign(it, [0], {})
    split.take(it, 0, {"b": 4})  # searched again: exactly 4, a tie
    assert split.finished(it) and split.best_moves(it) == ["a", "b"]
    every = split.iteration(["a", "b"], 3, "all", 64)
    assert [j["kind"] for _, j in split.assign(every, [0, 1], {})] == ["all", "all"]
    split.take(every, 1, {"b": 9})
    split.take(every, 0, {"a": 9})
    assert split.finished(every) and every["best"] == "a"  # a tie: the first of the order


def test_a_lost_workers_job_goes_back_and_a_late_result_is_refused() -> None:
    it = split.iteration(["a", "b"], 3, "pvs", 100)
    state = split.pool_state(2)
    ((worker, job),) = split.assign(it, [0], {})
    task = split.task(state, worker, job)
    split.give_back(it, worker)
    assert split.release(state, task) and not split.release(state, task)
    assert it["queue"][0] == {"move": "a", "kind": "first"} and not it["running"]
    with pytest.raises(ValueError, match="workers must be 1..64"):
        split.pool_state(0)


# -- driving a coordinator in this process ------------------------------------------------------


def drive(
    first: JSON,
    step: Callable[[JSON, list[JSON], float], JSON],
    run: Callable[[JSON], JSON],
    lose: int | None = None,
) -> JSON:
    """The answer of a split search whose tasks run here one at a time, the oldest first (as
    if the workers were slow in turn); the clock stands still (no time rules). ``lose``: the
    task with that id is reported lost once."""
    found, queue = first, []
    while found["answer"] is None:
        queue += found["tasks"]
        task = queue.pop(0)
        if task["id"] == lose:
            item = {"task": task, "error": "lost"}
        else:
            item = {"task": task, "result": run(task)}
        found = step(found["state"], [item], 0.0)
    return found["answer"]


def othello_records(count: int, seed: int, plies: tuple[int, int]) -> list[str]:
    rnd = random.Random(seed)
    out = []
    while len(out) < count:
        board = Board()
        for _ in range(rnd.randrange(*plies)):
            if board.is_game_over():
                break
            board.push(rnd.choice(board.legal_moves()))
        if not board.is_game_over() and len(board.legal_moves()) > 1:
            out.append("othello/" + board.transcript())
    return out


@pytest.fixture
def othello_depth(monkeypatch: pytest.MonkeyPatch) -> Callable[[int, int], None]:
    """Fix a level's depth (no opening book): with a long budget a search is a fixed-depth
    search; this process's engines start with empty tables."""

    def fix(level: int, depth: int) -> None:
        settings = dataclasses.replace(othello_engine.LEVELS[level], depth=depth, book=False)
        monkeypatch.setitem(othello_engine.LEVELS, level, settings)
        othello_engine.engine_at.cache_clear()

    return fix


@pytest.mark.parametrize(("level", "depth"), [(5, 6), (6, 8)])
def test_one_othello_worker_is_the_single_search_at_a_fixed_depth(
    level: int, depth: int, othello_depth: Callable[[int, int], None]
) -> None:
    for record in othello_records(4, level, (12, 30)):
        othello_depth(level, depth)
        board = othello_ai._board(record)
        single = othello_engine.Engine(level).think(board, seconds=1000)
        othello_engine.engine_at.cache_clear()
        first = othello_ai.split_start("think", record, level, 1000, None, 1)
        found = drive(first, othello_ai.split_step, othello_ai.search_task)
        assert found["depth"] == single["depth"] == depth
        assert (found["move"], found["score"], found["nodes"]) == (
            single["move"],
            single["score"],
            single["nodes"],
        )


def test_three_othello_workers_give_the_full_width_searchs_value(
    othello_depth: Callable[[int, int], None],
) -> None:
    # depth 7: the first move's replies are split too (SUB_DEPTH)
    assert othello_split.SUB_DEPTH == 7
    for record in othello_records(3, 11, (12, 30)):
        othello_depth(5, 7)
        single = othello_engine.Engine(5).think(othello_ai._board(record), seconds=1000)
        othello_engine.engine_at.cache_clear()
        first = othello_ai.split_start("think", record, 5, 1000, None, 3)
        found = drive(first, othello_ai.split_step, othello_ai.search_task)
        assert found["score"] == single["score"] and found["depth"] == 7
        assert found["pv"][0] == found["move"] and len(found["pv"]) > 1


def test_a_lost_task_is_given_out_again(othello_depth: Callable[[int, int], None]) -> None:
    record = othello_records(1, 3, (20, 21))[0]
    othello_depth(5, 6)
    single = othello_engine.Engine(5).think(othello_ai._board(record), seconds=1000)
    for lose in (1, 5, 9):  # the shallow depths' task, then root moves
        first = othello_ai.split_start("think", record, 5, 1000, None, 2)
        found = drive(first, othello_ai.split_step, othello_ai.search_task, lose)
        assert found["score"] == single["score"]


def test_othello_hints_over_workers_value_every_move_as_one_search() -> None:
    for record in othello_records(3, 5, (14, 28)):
        single = othello_ai.hints(record, 4, 1000, lambda _: None)
        first = othello_ai.split_start("hints", record, 4, 1000, None, 2)
        found = drive(first, othello_ai.split_step, othello_ai.search_task)
        assert found["values"] == single["values"] and found["depth"] == single["depth"]
        assert found["values"][found["best"]] == max(single["values"].values())


def test_othello_exact_hints_and_solve_over_workers() -> None:
    for seed in (1, 2):
        board = endgame(seed, 12)
        record = f"othello/&start={board.position().replace(' ', '')}"
        exact = Solver().move_scores(*board.bits())
        first = othello_ai.split_start("hints", record, 6, 1000, None, 3)
        found = drive(first, othello_ai.split_step, othello_ai.search_task)
        assert found["exact"] and found["depth"] == 12
        assert {parse_square(m): v for m, v in found["values"].items()} == exact
        solved = othello_ai.solve(board.position())
        first = othello_ai.split_start("solve", board.position(), None, None, None, 3)
        found = drive(first, othello_ai.split_step, othello_ai.search_task)
        assert (found["score"], found["best"]) == (solved["score"], solved["best"])


def test_an_othello_think_in_the_exact_range_solves_over_workers() -> None:
    board = endgame(4, 13)
    record = f"othello/&start={board.position().replace(' ', '')}"
    score = Solver().search(*board.bits())
    first = othello_ai.split_start("think", record, 6, 30, None, 2)
    found = drive(first, othello_ai.split_step, othello_ai.search_task)
    assert found["exact"] and found["score"] == score
    after = Board.from_position(board.position())
    after.push_str(found["move"])
    assert -Solver().search(*after.bits()) == score  # the move keeps the score


def endgame(seed: int, empties: int) -> Board:
    rnd = random.Random(seed)
    board = Board()
    while 64 - (board.black | board.white).bit_count() > empties:
        if board.is_game_over():
            return endgame(seed + 100, empties)
        board.push(rnd.choice(board.legal_moves()))
    if board.is_game_over() or len(board.legal_moves()) < 2:
        return endgame(seed + 100, empties)
    return board


def themisto_records(count: int, seed: int) -> list[str]:
    from test_facade_themisto_ai import wins_at_once

    rnd = random.Random(seed)
    out = []
    while len(out) < count:
        board = ThemistoBoard()
        engine = ThemistoEngine(2, seed=rnd.randrange(1000))
        for _ in range(rnd.randrange(6, 24)):
            board.push_str(str(engine.think(board)["move"]))
            if board.is_game_over():
                break
        if not board.is_game_over() and not wins_at_once(board):
            out.append("themisto/" + ",".join(str(m) for m in board.move_stack))
    return out


@pytest.mark.parametrize("workers", [1, 2])
def test_themisto_over_workers_is_the_single_search_at_a_fixed_depth(
    workers: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    settings = dataclasses.replace(ladder.LEVELS[4], depth=3)
    monkeypatch.setitem(ladder.LEVELS, 4, settings)
    for record in themisto_records(4, workers):
        single = themisto_ai.think(record, 4, 1000, None, lambda _: None)
        first = themisto_ai.split_start("think", record, 4, 1000, None, workers)
        found = drive(first, themisto_ai.split_step, themisto_ai.search_task)
        assert (found["move"], found["score"], found["depth"]) == (
            single["move"],
            single["score"],
            single["depth"],
        )
        if workers == 1:
            assert found["nodes"] == single["nodes"]


def test_themisto_hints_over_workers() -> None:
    for record in themisto_records(2, 9):
        single = themisto_ai.hints(record, 3, 1000, lambda _: None)
        first = themisto_ai.split_start("hints", record, 3, 1000, None, 2)
        found = drive(first, themisto_ai.split_step, themisto_ai.search_task)
        assert found["values"] == single["values"] and found["labels"] == single["labels"]
    with pytest.raises(ValueError, match="no exact solver"):
        themisto_ai.split_start("solve", "themisto/", None, None, None, 2)


# -- the facade's contract ----------------------------------------------------------------------


def call(method: str, **params: JSON) -> JSON:
    return json.loads(facade.handle(json.dumps({"id": 1, "method": method, "params": params})))


def test_the_page_drives_a_split_with_plain_facade_calls() -> None:
    record = "othello/d3e3f6c5b5b6f3f2e2d2c1d1c3b4e1g3c2g7h4g1g4d6g2h3"
    single = call("think", record=record, level=5, seconds=30)["result"]
    step = call("split_start", kind="think", record=record, level=5, seconds=30, workers=2)
    found = step["result"]
    reports = []
    running: list[JSON] = []
    while found["answer"] is None:
        reports += found["reports"]
        running += found["tasks"]
        task = running.pop(0)
        assert task["worker"] in (0, 1)
        result = call("search_task", task=task)["result"]
        done = [{"task": task, "result": result}]
        found = call("split_step", state=found["state"], done=done, elapsed=0.5)["result"]
    answer = found["answer"]
    reports += found["reports"]
    assert set(answer) == set(single) and answer["score"] == single["score"]
    assert [r["depth"] for r in reports] == list(range(1, answer["depth"] + 1))
    assert all(r["type"] == "depth" for r in reports)
    book = call("split_start", kind="think", record="othello/f5", level="max", workers=2)
    assert book["result"]["answer"]["book"] and book["result"]["tasks"] == []


@pytest.mark.parametrize(
    ("method", "params", "message"),
    [
        ("split_start", {"kind": "think", "record": "othello/", "workers": 0}, "workers must"),
        ("split_start", {"kind": "think", "record": "othello/", "workers": "2"}, "workers must"),
        ("split_start", {"kind": "guess", "record": "othello/", "workers": 2}, "kind must"),
        ("split_start", {"kind": "solve", "workers": 2}, "position must be a string"),
        ("split_step", {"state": None, "done": [], "elapsed": 1}, "state must"),
        ("split_step", {"state": {"game": "othello"}, "done": 3, "elapsed": 1}, "done must"),
        ("split_step", {"state": {"game": "othello"}, "done": [], "elapsed": -1}, "elapsed"),
        ("search_task", {"task": "f5"}, "task must"),
    ],
)
def test_bad_split_requests_say_what_is_wrong(method: str, params: JSON, message: str) -> None:
    error = call(method, **params)["error"]
    assert message in error["message"]


def test_each_split_search_has_a_session_of_its_own_after_a_restored_snapshot() -> None:
    """Every worker the page starts is restored from one snapshot, ``random``'s state with it:
    a session named by ``random`` came out the same in a restarted worker, whose split then
    met another search's tables under that name (a KeyError in the page after a kill)."""
    sessions = set()
    for start, record in (
        (othello_ai.split_start, othello_records(1, 3, (20, 21))[0]),  # out of the book
        (themisto_ai.split_start, "themisto/a1-b2,b1-a1x,d1-c2x"),
    ):
        for _ in range(2):
            random.seed(56)  # as every restored worker starts
            sessions.add(start("think", record, 4, 1000, None, 2)["state"]["session"])
    assert len(sessions) == 4
