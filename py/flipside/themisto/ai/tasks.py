"""A worker's side of Themisto's split searches (``ai/split.py``): one task at a time.

A task is self-contained (the game's start, moves and move limit, the move, its depth and
window, its seconds); the answer comes from this process's search for that move, kept for
the tasks of one search (its ``session``): its table, history and killer moves, as one
engine's are for one move. The facade's ``search_task`` and the command line's worker
processes call :func:`run_task`.
"""

from __future__ import annotations

import time
from typing import Any

from flipside.themisto.ai.ladder import LEVELS
from flipside.themisto.ai.movegen import decode
from flipside.themisto.ai.search import Searcher, Stopped
from flipside.themisto.board import Board

JSON = Any

_here: dict[str, Any] = {"session": None}
"""This worker's search: its session, its searcher and the root moves by name."""


def _session(task: JSON) -> dict[str, Any]:
    global _here
    if _here["session"] != task["session"]:
        spec = task["board"]
        board = Board.from_moves(" ".join(spec["moves"]), spec["start"], spec["limit"])
        searcher = Searcher(board.copy())
        if task["play"]:  # as Engine.think sets it up; hints (analysis) do not
            settings = LEVELS[task["level"]]
            searcher.reduce_from = 2 if settings.reduce_late else searcher.reduce_from
            searcher.caution = settings.caution
        codes = {str(decode(m)): m for m in searcher.pos.moves()}
        _here = {"session": task["session"], "searcher": searcher, "codes": codes}
    return _here


def run_task(task: JSON) -> JSON:
    """Answer one task of a split search (``deepen`` or ``move``):
    ``{nodes, busy, ...}`` (``busy``: the CPU seconds it took here), with ``stopped: true``
    when its ``seconds`` ran out first."""
    began = time.process_time()
    result = _run(task)
    result["busy"] = round(time.process_time() - began, 4)
    return result


def _run(task: JSON) -> JSON:
    here = _session(task)
    searcher: Searcher = here["searcher"]
    searcher.deadline = searcher.clock() + task["seconds"]
    before = searcher.nodes
    if task["kind"] == "deepen":
        depths: list[JSON] = []

        def record(result: Any) -> None:
            depths.append({**result.to_dict(), "nodes": result.nodes - before})

        searcher.run(task["depth"], task["all"], record)
        order = [str(decode(m)) for m in searcher.root_order] or list(here["codes"])
        return {"depths": depths, "order": order, "nodes": searcher.nodes - before}
    values: dict[str, int] = {}
    lines: dict[str, list[str]] = {}
    for name in task["moves"]:
        move = here["codes"][name]
        try:
            values[name] = searcher.root_move(move, task["depth"], task["alpha"], task["beta"])
        except Stopped:
            return {"stopped": True, "nodes": searcher.nodes - before}
        if task["pv"]:
            lines[name] = [str(m) for m in searcher.principal_variation(move, task["depth"])]
    return {"values": values, "pvs": lines, "nodes": searcher.nodes - before}
