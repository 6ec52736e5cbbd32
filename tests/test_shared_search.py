"""Othello's midgame move searched by several processes on one shared table
(``othello/ai/shared_search.py``): the table keeps what a dict keeps and reads a slot two
writers mixed as empty, and so does the page's (``web/js/shared-table.js``, run in Node)
read and written by the Python of its search workers (``CallTable``); the sharing search alone is the single search; young brothers left
for later give the same value; two workers answer a think, and a worker killed in the
middle of it, or every worker lost, costs no move."""

from __future__ import annotations

import json
import random
import subprocess
from typing import Any

import pytest

from flipside import workers
from flipside.othello.ai import engine as othello_engine
from flipside.othello.ai import shared_search
from flipside.othello.ai import split as othello_split
from flipside.othello.ai.search import INF, Searcher
from flipside.othello.board import Board
from flipside.othello.notation import Move
from test_split import othello_records
from test_workers import Killing
from tools import ROOT


def boards(count: int, seed: int, plies: tuple[int, int]) -> list[Board]:
    return [
        Board.from_transcript(record.split("/", 1)[1])
        for record in othello_records(count, seed, plies)
    ]


def test_the_shared_table_keeps_what_a_dict_keeps() -> None:
    slots = 64
    table = shared_search.SharedTable(bytearray(shared_search.size_of(slots, 0)), slots)
    rnd = random.Random(3)
    kept: dict[int, tuple[tuple[int, int], tuple[int, int, int, int]]] = {}
    for _ in range(500):
        key = (rnd.getrandbits(64), rnd.getrandbits(64))
        entry = (
            rnd.randrange(60),
            rnd.choice((-INF, rnd.randrange(-5000, 5000))),
            rnd.choice((INF, rnd.randrange(-5000, 5000))),
            rnd.randrange(-1, 64),
        )
        table[key] = entry
        kept[hash(key) % slots] = (key, entry)  # a new entry replaces the slot's old one
    for key, entry in kept.values():
        assert table.get(key) == entry
    assert table.get((1, 2)) is None
    assert len(table) == 0  # so an engine never drops it


def test_a_slot_whose_words_two_writers_mixed_reads_as_empty() -> None:
    slots = 8
    block = bytearray(shared_search.size_of(slots, 0))
    table = shared_search.SharedTable(block, slots)
    key = (0x0000001008000000, 0x0000000810000000)
    table[key] = (6, -120, 300, 19)
    offset = (hash(key) % slots + 1) * shared_search.SLOT.size
    words = list(shared_search.SLOT.unpack_from(block, offset))
    other = list(words)
    table[key] = (7, 40, 40, 20)
    words[3] = shared_search.SLOT.unpack_from(block, offset)[3]  # the new depth and square
    shared_search.SLOT.pack_into(block, offset, *words)  # the old data and check
    assert table.get(key) is None
    shared_search.SLOT.pack_into(block, offset, *other)
    assert table.get(key) == (6, -120, 300, 19)


def test_a_table_needs_a_power_of_two_and_room() -> None:
    with pytest.raises(ValueError, match="power of two"):
        shared_search.SharedTable(bytearray(4096), 48)
    with pytest.raises(ValueError, match="too small"):
        shared_search.SharedTable(bytearray(100), 64)


PAGE_TABLE = ROOT / "web" / "js" / "shared-table.js"
PAGE_SLOTS = 1 << 17
"""shared-table.js's SLOTS."""


def page_table(stores: list[list[int]], probes: list[list[int]], torn: int) -> list[int]:
    """The page's table in Node: ``stores`` (each call's arguments) made in order, the word
    ``torn`` of the slots changed as a second writer's half-done store would, then the
    answers to ``probes``."""
    script = f"""
        import {{ BYTES, SLOTS, tableAccess }} from {json.dumps(PAGE_TABLE.as_uri())};
        let text = "";
        for await (const chunk of process.stdin) text += chunk;
        const {{ stores, probes, torn }} = JSON.parse(text);
        const buffer = new SharedArrayBuffer(BYTES);
        const table = tableAccess(buffer);
        if (table.slots !== SLOTS || SLOTS !== {PAGE_SLOTS}) throw new Error("SLOTS changed");
        for (const args of stores) table.store(...args);
        new Int32Array(buffer, 4 * 4)[torn] ^= 1 << 20;
        console.log(JSON.stringify(probes.map((args) => table.probe(...args))));
    """
    done = subprocess.run(
        ["node", "--input-type=module", "-e", script],
        input=json.dumps({"stores": stores, "probes": probes, "torn": torn}),
        capture_output=True,
        text=True,
        check=True,
    )
    answers: list[int] = json.loads(done.stdout)
    return answers


@pytest.mark.native
def test_the_pages_table_keeps_what_a_dict_keeps_as_python_reads_it() -> None:
    """Python's ``CallTable`` writes entries through the page's own JavaScript and reads
    them back: every bound (the infinite ones too), depth and square as stored; a slot
    torn by a second writer, and a key never stored, read as empty."""
    stores: list[list[int]] = []
    table = shared_search.CallTable(lambda *a: -1, lambda *a: stores.append(list(a)), PAGE_SLOTS)
    rnd = random.Random(5)
    kept: dict[int, tuple[tuple[int, int], tuple[int, int, int, int]]] = {}
    for _ in range(400):
        key = (rnd.getrandbits(64), rnd.getrandbits(64))
        entry = (
            rnd.randrange(61),
            rnd.choice((-INF, rnd.randrange(-70_000, 70_000))),
            rnd.choice((INF, rnd.randrange(-70_000, 70_000))),
            rnd.randrange(-1, 64),
        )
        table[key] = entry
        kept[hash(key) & (PAGE_SLOTS - 1)] = (key, entry)
    keys = [key for key, _ in kept.values()] + [(1, 2)]
    probes: list[list[int]] = []
    asking = shared_search.CallTable(lambda *a: probes.append(list(a)) or -1, print, PAGE_SLOTS)
    for key in keys:
        assert asking.get(key) is None
    torn_key = keys[7]
    torn_word = (hash(torn_key) & (PAGE_SLOTS - 1)) * 8 + 4  # its lower bound
    answers = iter(page_table(stores, probes, torn_word))
    reading = shared_search.CallTable(lambda *a: next(answers), print, PAGE_SLOTS)
    for key, entry in kept.values():
        assert reading.get(key) == (None if key == torn_key else entry)
    assert reading.get((1, 2)) is None
    with pytest.raises(ValueError, match="power of two"):
        shared_search.CallTable(print, print, 48)


def test_the_sharing_search_alone_is_the_single_search() -> None:
    for P, O in (board.bits() for board in boards(3, 5, (16, 36))):
        alone = Searcher(selectivity=1.0)
        single = alone.run(P, O, 7)
        sharing = shared_search.SharingSearcher([0] * 16, selectivity=1.0)
        shared = sharing.run(P, O, 7)
        assert (shared.move, shared.score, sharing.nodes) == (
            single.move,
            single.score,
            alone.nodes,
        )


class AlwaysBusy:
    """A busy table in which every node is being searched by another worker."""

    def __len__(self) -> int:
        return 16

    def __getitem__(self, slot: int) -> Any:
        return _Anything()

    def __setitem__(self, slot: int, mark: int) -> None:
        raise AssertionError("a young brother left for later is not marked")


class _Anything:
    def __eq__(self, other: object) -> bool:
        return True

    __hash__ = None  # type: ignore[assignment]


def test_young_brothers_left_for_later_give_the_same_value() -> None:
    for P, O in (board.bits() for board in boards(4, 9, (14, 40))):
        single = Searcher().run(P, O, 5)
        later = shared_search.SharingSearcher(AlwaysBusy(), share_depth=1).run(P, O, 5)
        assert later.score == single.score


@pytest.fixture(scope="module")
def pool() -> Any:
    with workers.Pool(2, warm="flipside.othello.ai.api") as two:
        yield two


def test_two_workers_share_a_midgame_think(pool: workers.Pool) -> None:
    engine = othello_engine.Engine(6)
    for board in boards(2, 11, (22, 30)):
        assert shared_search.shares(engine, board)
        info = othello_split.pool_think(pool, engine, board, 0.4)
        assert Move.parse(info["move"]) in board.legal_moves()
        assert info["depth"] >= 4 and not info.get("book")
        assert info["workers"] == 2 and info["nodes"] > 0  # both workers answered
    _, block = pool.shared_block(shared_search.BLOCK_SIZE)
    table, busy = shared_search.views(block)
    try:
        slots = range(1, 1 + shared_search.TABLE_SLOTS)
        entries = sum(1 for slot in slots if any(table.view[40 * slot : 40 * slot + 40]))
        signals = (table.signal(0), table.signal(1), table.signal(2))
        marks = any(busy)
    finally:
        busy.release()
        table.view.release()
    assert signals == (0, 2, 6)
    # The workers' entries: hundreds in two thinks to depth 4 or more (686 beside another
    # xdist worker, thousands alone), none if they did not write the shared table.
    assert entries > 100
    assert not marks  # every mark taken back
    block.release()


def test_the_endgame_and_book_moves_are_not_shared() -> None:
    engine = othello_engine.Engine(6)
    assert not shared_search.shares(engine, boards(1, 2, (40, 41))[0])
    assert not shared_search.shares(othello_engine.Engine(1), boards(1, 2, (20, 21))[0])


def test_a_worker_killed_in_the_middle_of_a_shared_think() -> None:
    board = boards(1, 13, (24, 25))[0]
    for nth in (1, 2):  # worker 0, then worker 1, as it starts
        with Killing(2, "flipside.othello.ai.api", nth=nth) as killing:
            info = othello_split.pool_think(killing, othello_engine.Engine(6), board, 0.3)
            assert killing.restarts == 1
        assert Move.parse(info["move"]) in board.legal_moves()


class Answering:
    """A pool whose workers answer ``results`` (None: lost) on a shared block of its own."""

    def __init__(self, results: list[Any]) -> None:
        self.size = len(results)
        self.results = results
        self.block = bytearray(shared_search.BLOCK_SIZE)
        self.stopped = False

    def shared_block(self, size: int) -> tuple[str, memoryview]:
        return "answering", memoryview(self.block)[:size]

    def together(self, func: Any, calls: list[Any], stop: Any) -> list[Any]:
        assert [call[2] for call in calls] == list(range(self.size))  # each worker's number
        stop()
        self.stopped = shared_search.views(self.block)[0].signal(0) == 0
        return self.results


def test_the_deepest_answer_is_played_with_every_workers_nodes() -> None:
    board = boards(1, 19, (22, 23))[0]
    engine = othello_engine.Engine(6)
    answers = [
        {"move": "a1", "depth": 9, "nodes": 100},
        {"move": "b2", "depth": 10, "nodes": 120},
        {"move": "c3", "depth": 10, "nodes": 130},
    ]
    pool = Answering(answers)
    info = shared_search.pool_think(pool, engine, board, 0.2)
    assert (info["move"], info["depth"], info["nodes"]) == ("b2", 10, 350)
    assert pool.stopped
    answers = [
        {"move": "a1", "depth": 10, "nodes": 5},
        None,
        {"move": "b2", "depth": 10, "nodes": 7},
    ]
    info = shared_search.pool_think(Answering(answers), engine, board, 0.2)
    assert (info["move"], info["nodes"]) == ("a1", 12)  # worker 0's when as deep


def test_every_worker_lost_is_this_processs_own_search() -> None:
    board = boards(1, 17, (22, 23))[0]
    info = shared_search.pool_think(Answering([None, None]), othello_engine.Engine(6), board, 0.2)
    assert Move.parse(info["move"]) in board.legal_moves()
    assert info["depth"] >= 1
