"""A worker's side of Othello's split searches (``ai/split.py``): one task at a time.

A task is self-contained (the position, the move, its depth and window, its seconds); the
answer comes from this process's tables, kept for the tasks of one search (its
``session``): a move's search goes on in the level's engine table (``engine_at``), as a
single worker's does from move to move, hints and solves in tables of their own. The
facade's ``search_task`` and the command line's worker processes call :func:`run_task`.
"""

from __future__ import annotations

import time
from typing import Any

from flipside.othello.ai.endgame import ASPIRATION, Solver, Stopped, squares_of
from flipside.othello.ai.engine import (
    PROBABLE_SELECTIVITY,
    PROBABLE_TABLE_LIMIT,
    TABLE_LIMIT,
    engine_at,
)
from flipside.othello.ai.search import Searcher
from flipside.othello.bitboard import FLIPS, legal_moves
from flipside.othello.board import Board
from flipside.othello.notation import parse_square, square_name

JSON = Any

_here: dict[str, Any] = {"session": None}
"""This worker's search: its session, position, midgame table and exact solver."""


def _session(task: JSON) -> dict[str, Any]:
    """This worker's tables for the task's search, new when the search is."""
    global _here
    if _here["session"] != task["session"]:
        P, O = Board.from_position(task["position"]).bits()
        engine = engine_at(task["level"])
        if task["table"] == "engine":
            if len(engine.table) > TABLE_LIMIT:
                engine.table = {}
            if len(engine.probable_table) > PROBABLE_TABLE_LIMIT:
                engine.probable_table = {}
        table = engine.table if task["table"] == "engine" else {}
        _here = {"session": task["session"], "P": P, "O": O, "engine": engine, "table": table}
        _here["solver"] = Solver()
    return _here


def run_task(task: JSON) -> JSON:
    """Answer one task of a split search (``deepen``, ``move``, ``solve``, ``outcome``):
    ``{nodes, busy, ...}`` (``busy``: the CPU seconds it took here), with ``stopped: true``
    when its ``seconds`` ran out first."""
    began = time.process_time()
    result = _run(task)
    result["busy"] = round(time.process_time() - began, 4)
    return result


def _run(task: JSON) -> JSON:
    here = _session(task)
    P, O = here["P"], here["O"]
    seconds = task["seconds"]
    deadline = None if seconds is None else time.perf_counter() + seconds
    kind = task["kind"]
    if kind == "deepen":
        return _deepen(task, here)
    if kind == "move":
        searcher = Searcher(selectivity=task["selectivity"], table=here["table"], deadline=deadline)
        if task.get("after"):  # replies to the first root move
            first = parse_square(task["after"])
            f = FLIPS[first](P, O)
            P, O = O ^ f, P | f | (1 << first)
        values: dict[str, int] = {}
        lines: dict[str, list[str]] = {}
        for name in task["moves"]:
            sq = parse_square(name)
            try:
                values[name] = searcher.root_move(P, O, sq, task["depth"], *_window(task))
            except Stopped:
                return {"stopped": True, "nodes": searcher.nodes}
            if task["pv"]:
                lines[name] = [
                    square_name(s) for s in searcher.principal_variation(P, O, sq, task["depth"])
                ]
        return {"values": values, "pvs": lines, "nodes": searcher.nodes}
    solver: Solver = here["solver"]
    solver.deadline = deadline
    before = solver.nodes
    try:
        if kind == "solve":
            values, lines = {}, {}
            for name in task["moves"]:
                sq = parse_square(name)
                values[name] = _solve_move(solver, P, O, sq, task)
                if task["pv"]:
                    pv = solver.principal_variation(P, O, sq)
                    lines[name] = [square_name(s) for s in pv] or [name]
            return {"values": values, "pvs": lines, "nodes": solver.nodes - before}
        order = [parse_square(m) for m in task["order"]]
        if task["probable"]:
            from flipside.othello.ai.probcut_endgame import SelectiveSolver

            table = here["engine"].probable_table
            solver = SelectiveSolver(PROBABLE_SELECTIVITY, None, deadline, table)
            before = 0
        value, sq = solver.outcome_move(P, O, order)
    except Stopped:
        return {"stopped": True, "nodes": solver.nodes - before}
    return {"value": value, "move": square_name(sq), "nodes": solver.nodes - before}


def _window(task: JSON) -> tuple[int, int]:
    return task["alpha"], task["beta"]


def _solve_move(solver: Solver, P: int, O: int, sq: int, task: JSON) -> int:
    """One root move solved in the task's window; the first move of a solve with a
    ``guess`` in an aspiration window around it first (as ``Solver.best``)."""
    guess = task["guess"]
    if guess is None:
        return solver.move_value(P, O, sq, task["alpha"], task["beta"])
    alpha, beta = max(-64, guess - ASPIRATION), min(64, guess + ASPIRATION)
    v = solver.move_value(P, O, sq, alpha, beta)
    if v <= alpha:
        v = solver.move_value(P, O, sq, -64, v + 1)
    elif v >= beta:
        v = solver.move_value(P, O, sq, v - 1, 64)
    return v


def _deepen(task: JSON, here: dict[str, Any]) -> JSON:
    """Iterative deepening to the task's depth on this worker (``Searcher.run``)."""
    depths: list[JSON] = []
    searcher = Searcher(selectivity=task["selectivity"], table=here["table"])
    searcher.run(
        here["P"],
        here["O"],
        task["depth"],
        task["budget"],
        lambda result: depths.append(result.to_dict()),
        task["all"],
        task["hard"],
    )
    order = [square_name(sq) for sq in searcher.root_order]
    if not order:
        order = [square_name(sq) for sq in squares_of(legal_moves(here["P"], here["O"]))]
    return {"depths": depths, "order": order, "nodes": searcher.nodes}
