"""The JSON facade the web worker calls (flipside.facade): protocol, Othello states, links, saves.

These tests also run inside Pyodide (tests/pyodide/run_tests.mjs).
"""

from __future__ import annotations

import json

import pytest

from flipside import facade as web
from flipside.othello import Board, Color
from flipside.othello.ai import api as othello_ai
from flipside.othello.ai.engine import solve

MUST_PASS = "d3c3e6d2d1e1b2c1"  # Black has no move here; White moves again
SHORT_GAME = "d3c3f5f4f3d2d1e3b3"  # White is wiped out: Black wins 13-0


def call(method: str, request_id: object = 1, **params: object) -> dict[str, object]:
    answer = json.loads(
        web.handle(json.dumps({"id": request_id, "method": method, "params": params}))
    )
    assert answer["id"] == request_id
    return answer


def result(method: str, **params: object) -> dict[str, object]:
    answer = call(method, **params)
    assert "error" not in answer, answer
    return answer["result"]


def error(method: str, **params: object) -> dict[str, str]:
    answer = call(method, **params)
    assert "result" not in answer, answer
    return answer["error"]


def test_every_answer_is_plain_json() -> None:
    for state in (result("new", game="othello"), result("state", record="othello/f5d6c3")):
        assert json.loads(json.dumps(state)) == state


def test_protocol_errors_are_structured() -> None:
    assert json.loads(web.handle("{"))["error"]["type"] == "RequestError"
    assert json.loads(web.handle("[1]"))["error"]["message"] == "request must be a JSON object"
    assert error("no_such_method") == {
        "type": "RequestError",
        "message": "unknown method 'no_such_method'",
    }
    assert "unexpected keyword" in error("new", game="othello", colour="red")["message"]
    assert error("state", record=5)["message"] == "record must be a string, got int"
    answer = json.loads(web.handle(json.dumps({"id": "x", "method": "new", "params": []})))
    assert answer == {
        "id": "x",
        "error": {"type": "RequestError", "message": "new: params must be a JSON object"},
    }
    assert "no game called 'chess'" in error("new", game="chess")["message"]


def test_engine_info_lists_methods() -> None:
    info = result("engine_info")
    assert {"new", "play", "undo", "state", "open_link", "open_saved"} <= set(info["methods"])
    assert info["games"] == ["othello", "themisto"]
    assert info["python"].count(".") == 2
    assert info["filesInstalled"] is True


def test_new_game_state() -> None:
    state = result("new", game="othello")
    assert state["position"] == Board().position()
    assert state["cells"] == Board().position()[:64]
    assert state["toMove"] == "black"
    assert state["legalNames"] == ["d3", "c4", "f5", "e6"]
    assert state["legal"] == [19, 26, 37, 44]
    assert state["moves"] == [] and state["extra"]["transcript"] == ""
    assert state["counts"] == {"black": 2, "white": 2}
    assert state["status"] == "Black to move"
    assert state["canUndo"] is False and state["over"] is False and state["result"] is None
    assert state["link"] == "othello/"


def test_play_flips_and_moves_on() -> None:
    state = result("play", record="othello/f5", move="d6")
    board = Board.from_transcript("f5d6")
    assert state["position"] == board.position()
    assert state["changed"] == [35]  # d5
    assert state["lastMove"] == 43  # d6
    assert state["toMove"] == "black"
    assert state["moves"] == [
        {"text": "f5", "by": "black", "note": ""},
        {"text": "d6", "by": "white", "note": ""},
    ]
    assert state["prefixes"] == ["othello/f5", "othello/f5d6"]
    assert state["counts"] == {"black": 3, "white": 3}
    assert state["link"] == "othello/f5d6"


def test_illegal_move_is_refused_with_reason() -> None:
    assert error("play", record="othello/f5", move="a1") == {
        "type": "IllegalMoveError",
        "message": "a1 is not legal for White",
    }
    assert "not a square" in error("play", record="othello/", move="z9")["message"]
    assert "automatically" in error("play", record="othello/", move="pass")["message"]


def test_forced_pass_is_played_and_told() -> None:
    before = MUST_PASS[:-2]
    state = result("play", record="othello/" + before, move=MUST_PASS[-2:])
    assert state["extra"]["passed"] is True
    assert state["moves"][-1] == {
        "text": "pass",
        "by": "black",
        "note": "Black has no move and passes",
    }
    assert state["toMove"] == "white"
    assert state["status"] == "Black has no move and passes. White to move"
    assert state["extra"]["transcript"] == MUST_PASS  # passes are implied in transcripts
    assert state["legal"] and all(isinstance(sq, int) for sq in state["legal"])


def test_game_over_state() -> None:
    state = result("state", record="othello/" + SHORT_GAME)
    assert state["over"] is True and state["legal"] == [] and state["toMove"] is None
    assert state["status"] == "Game over: Black wins 13–0"
    assert state["result"]["winner"] == "black" and state["result"]["score"] == [64, 0]
    assert "game is over" in error("play", record="othello/" + SHORT_GAME, move="a1")["message"]


def test_undo_takes_back_one_placed_disc() -> None:
    state = result("undo", record="othello/f5d6c3")
    assert state["extra"]["transcript"] == "f5d6"
    white_reply = result("state", record="othello/" + MUST_PASS)["legalNames"][0]
    back = result("undo", record="othello/" + MUST_PASS + white_reply)
    assert back["extra"]["transcript"] == MUST_PASS and back["toMove"] == "white"
    assert back["moves"][-1]["text"] == "pass"
    assert error("undo", record="othello/")["message"] == "there is no move to undo"


def test_links_are_parsed_and_validated() -> None:
    state = result("open_link", fragment="#othello/f5d6c3")
    assert state["extra"]["transcript"] == "f5d6c3"
    assert result("open_link", fragment="othello/F5%20D6")["extra"]["transcript"] == "f5d6"
    assert result("open_link", fragment="othello")["extra"]["transcript"] == ""
    assert error("open_link", fragment="#othello/f5d6c9")["message"] == (
        "this link is not a valid Othello game: move 3: c9 is not a square"
    )
    assert "not legal" in error("open_link", fragment="othello/f5f5")["message"]
    assert "no game" in error("open_link", fragment="chess/e4")["message"]


def test_saves_round_trip_and_damage_is_reported() -> None:
    state = result("state", record="othello/f5d6c3")
    assert result("open_saved", text=state["save"])["position"] == state["position"]
    assert "not readable" in error("open_saved", text="{broken")["message"]
    assert "not a Flipside save" in error("open_saved", text="[]")["message"]
    newer = json.loads(state["save"]) | {"version": 99}
    assert "version 99" in error("open_saved", text=json.dumps(newer))["message"]
    damaged = json.loads(state["save"]) | {"record": "othello/f5f5"}
    assert "damaged" in error("open_saved", text=json.dumps(damaged))["message"]


@pytest.mark.parametrize(("depth", "nodes"), [(1, 4), (4, 244), (6, 8200)])
def test_perft_method(depth: int, nodes: int) -> None:
    answer = result("perft", depth=depth)
    assert answer["nodes"] == nodes and answer["seconds"] >= 0
    assert "0..12" in error("perft", depth=True)["message"]


# -- Othello AI methods ---------------------------------------------------------------------


def late_game(empties: int) -> str:
    """A reproducible transcript with ``empties`` empty squares left (first legal moves)."""
    board = Board()
    while 64 - board.count(Color.BLACK) - board.count(Color.WHITE) > empties:
        assert not board.is_game_over()
        moves = board.legal_moves()
        board.push(moves[(board.ply * 7) % len(moves)])
    return board.transcript()


MIDGAME = late_game(46)  # 14 moves, out of the opening book


def test_think_plays_a_legal_move_and_reports_each_depth() -> None:
    legal = result("state", record="othello/" + MIDGAME)["legalNames"]
    for level in (1, 6):
        reports: list[str] = []
        request = {
            "id": 3,
            "method": "think",
            "params": {"record": "othello/" + MIDGAME, "level": level, "seconds": 0.2, "seed": 1},
        }
        answer = json.loads(web.handle(json.dumps(request), reports.append))["result"]
        assert answer["move"] in legal and answer["level"] == level
        assert answer["record"] == "othello/" + MIDGAME and "scores" not in answer
        infos = [json.loads(r) for r in reports]
        assert infos and all(i["type"] == "depth" and i["move"] in legal for i in infos)
        depths = [i["depth"] for i in infos]
        assert depths == sorted(set(depths))  # one report per finished depth, deeper each time
        if level == 6:  # no noise at the top level: it plays the deepest report's move
            assert answer["move"] == infos[-1]["move"] and answer["depth"] == depths[-1] >= 2


def test_think_goes_on_with_the_last_moves_hash_table() -> None:
    engine = othello_ai.engine_at(6)
    engine.table = {}
    result("think", record="othello/" + MIDGAME, level=6, seconds=0.1)
    table = engine.table
    size = len(table)
    board = Board.from_transcript(MIDGAME)
    for _ in range(2):
        board.push(board.legal_moves()[0])
    result("think", record="othello/" + board.transcript(), level=6, seconds=0.1)
    assert size > 0 and engine.table is table and len(table) > size


def test_think_validates_and_refuses_a_finished_game() -> None:
    assert "level must be 1..6" in error("think", record="othello/f5", level=9)["message"]
    assert "level must be" in error("think", record="othello/f5", level=True)["message"]
    assert "seconds" in error("think", record="othello/f5", level=1, seconds=-1)["message"]
    assert "game is over" in error("think", record="othello/" + SHORT_GAME, level=1)["message"]
    assert result("think", record="othello/", level="max")["move"] in {
        "d3",
        "c4",
        "f5",
        "e6",
    }


class PageMemory:
    """What worker.js hands ``attach_shared`` (``web/js/shared-table.js``'s shape): here a
    table that keeps nothing (a probe always misses), busy marks and the signals."""

    slots = 64

    def __init__(self) -> None:
        self.busy = [0] * 16
        self.signals = [0, 0, 0, 0]
        self.stored = 0

    def probe(self, *key: int) -> int:
        return -1

    def store(self, *entry: int) -> None:
        self.stored += 1


def test_shared_think_is_this_workers_part_of_a_shared_search() -> None:
    """Worker 0 reports its depths and answers as ``think``; a helper searches on the table
    while the search's number is the page's (signal 0), answers None at once for a move the
    workers do not share (the endgame); the method refuses to run without the page's memory
    or for Themisto."""
    record = "othello/" + MIDGAME
    legal = result("state", record=record)["legalNames"]
    web.attach_shared(None)
    assert (
        "no shared table"
        in error("shared_think", record=record, level=6, run=1, worker=0)["message"]
    )
    memory = PageMemory()
    web.attach_shared(memory)
    memory.signals[0] = 1
    reports: list[str] = []
    request = {
        "id": 4,
        "method": "shared_think",
        "params": {"record": record, "level": 6, "run": 1, "worker": 0, "seconds": 0.2},
    }
    answer = json.loads(web.handle(json.dumps(request), reports.append))["result"]
    assert answer["move"] in legal and answer["worker"] == 0 and reports
    assert memory.stored > 0  # its entries went to the page's table
    memory.signals[0] = 2  # another search runs: a helper of search 1 stops at its first poll
    helper = result("shared_think", record=record, level=6, run=1, worker=1, seconds=30)
    assert helper["worker"] == 1 and helper["move"] in legal and helper["seconds"] < 10
    endgame = "othello/" + late_game(12)
    assert result("shared_think", record=endgame, level=6, run=2, worker=1) is None
    assert result("shared_think", record=endgame, level=6, run=2, worker=0)["move"]
    assert (
        "no shared table"
        in error("shared_think", record="themisto/", level=4, run=1, worker=0)["message"]
    )
    assert (
        "whole numbers"
        in error("shared_think", record=record, level=6, run=1, worker=-1)["message"]
    )
    web.attach_shared(None)


def test_hints_value_exactly_the_legal_moves() -> None:
    state = result("state", record="othello/" + MIDGAME)
    hints = result("hints", record="othello/" + MIDGAME, level=3)
    assert set(hints["values"]) == set(state["legalNames"]) and hints["exact"] is False
    assert hints["values"][hints["best"]] == max(hints["values"].values())
    assert hints["pv"][0] == hints["best"]
    near_end = late_game(6)
    exact = result("hints", record="othello/" + near_end, level=4)
    assert exact["exact"] is True and all(isinstance(v, int) for v in exact["values"].values())
    assert set(exact["values"]) == set(result("state", record="othello/" + near_end)["legalNames"])
    # Independently of the engine: a plain minimax to the end gives every move's value.
    board = Board.from_transcript(near_end)
    for move in board.legal_moves():
        board.push(move)
        assert exact["values"][str(move)] == -minimax(board), str(move)
        board.pop()


def minimax(board: Board) -> int:
    """Final disc difference for the side to move with perfect play, empties to the winner."""
    if board.is_game_over():
        mine, theirs = board.count(board.turn), board.count(board.turn.opponent)
        empties = 64 - mine - theirs
        diff = mine - theirs
        return diff + empties if diff > 0 else diff - empties if diff < 0 else 0
    best = -65
    for move in board.legal_moves():
        board.push(move)
        best = max(best, -minimax(board))
        board.pop()
    return best


def test_value_is_from_blacks_view_and_exact_near_the_end() -> None:
    assert result("value", record="othello/")["exact"] is False
    over = result("value", record="othello/" + SHORT_GAME)
    assert over == {
        "record": "othello/" + SHORT_GAME,
        "value": 64,
        "exact": True,
    }  # Black wins 13-0
    transcript = late_game(8)
    board = Board.from_transcript(transcript)
    score, _ = solve(board)
    black_view = score if board.turn is Color.BLACK else -score
    assert result("value", record="othello/" + transcript) == {
        "record": "othello/" + transcript,
        "value": black_view,
        "exact": True,
    }
    assert "depth" in error("value", record="othello/", depth=0)["message"]


def test_opening_names_the_line() -> None:
    assert result("opening", record="othello/f5d6c3d3c4")["name"] == "Tiger"
    assert result("opening", record="othello/f5d6c3d3c4f4")["moves"].startswith("f5d6c3d3c4")
    assert result("opening", record="othello/") is None
    assert "not legal" in error("opening", record="othello/f5f5")["message"]


def test_solve_answers_exactly_with_nodes() -> None:
    board = Board.from_transcript(late_game(9))
    answer = result("solve", position=board.position())
    score, best = solve(board)
    assert answer["score"] == score and set(answer["best"]) == {str(m) for m in best}
    assert answer["empties"] == 9 and answer["nodes"] > 0 and answer["seconds"] >= 0
    assert "limited to 22" in error("solve", position=Board().position())["message"]


@pytest.mark.parametrize(("game", "level"), [("othello", "max"), ("othello", 3), ("themisto", 2)])
def test_warm_searches_the_start_at_the_level_and_values_it(
    game: str, level: object, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``warm`` asks the game's computer player (imported then) for a short search of its
    warming game (Othello: a midgame out of the book) at the level on screen and for the
    start's value: what the first move would load."""
    from flipside import games

    asked: list[tuple[str, object, object]] = []
    real = games.ai

    class Spy:
        def __init__(self, module: object) -> None:
            self.module = module

        def __getattr__(self, name: str) -> object:
            found = getattr(self.module, name)
            if name not in ("think", "value"):
                return found

            def spy(record: str, level: object, *rest: object) -> object:
                asked.append((name, record, level if name == "think" else None))
                return found(record, level, *rest)

            return spy

    monkeypatch.setattr(games, "ai", lambda name: Spy(real(name)))
    answer = call("warm", game=game, level=level)["result"]
    assert answer["game"] == game and answer["level"] == level and answer["seconds"] >= 0
    warming = (
        "othello/d3e3f6c5b5b6f3f2e2d2c1d1c3b4e1g3c2g7h4g1g4d6g2h3"
        if game == "othello"
        else "themisto/"
    )
    assert asked == [("think", warming, level), ("value", f"{game}/", None)]


def test_warm_rejects_an_unknown_game_or_level() -> None:
    assert "no game called 'chess'" in call("warm", game="chess")["error"]["message"]
    assert call("warm", game="othello", level="fast")["error"]["type"] == "ValueError"
