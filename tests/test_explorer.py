"""The shipped explorer trees against a direct scan of their games (Othello: the WTHOR files
in ``../shared/data/wthor``; Themisto: the self-play games file), through the facade, and the
``explore`` command."""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field

import pytest

from flipside import facade, i18n
from flipside.cli import main
from flipside.othello import Board
from flipside.othello import explorer as othello_explorer
from flipside.othello.ai.openings import INVERSE, map_bits, map_square
from flipside.othello.notation import PASS_MOVE, Move
from flipside.othello.wthor import read_wthor
from flipside.squares import square_name
from flipside.themisto import explorer as themisto_explorer
from flipside.themisto.board import Board as ThemistoBoard
from flipside.themisto.notation import Move as ThemistoMove
from tools import SHARED_DATA
from tools.build.explorer import THEMISTO_GAMES
from tools.play.themisto_explorer_games import read_games


@dataclass
class Scanned:
    """What the games that reached a position did next, move by move (the position's frame)."""

    games: int = 0
    moves: Counter[str] = field(default_factory=Counter)
    first: Counter[str] = field(default_factory=Counter)
    draws: Counter[str] = field(default_factory=Counter)
    score: Counter[str] = field(default_factory=Counter)


def othello_scan(transcripts: list[str]) -> dict[str, Scanned]:
    """Every WTHOR game replayed to each target's ply: the games at the target in any of its
    eight orientations (the opening names' square maps, not the explorer's), and their next
    moves turned back into the target's frame."""
    targets = {t: Board.from_transcript(t) for t in transcripts}
    images = {
        t: {(map_bits(s, b.black), map_bits(s, b.white), b.turn): s for s in range(8)}
        for t, b in targets.items()
    }
    deepest = max(b.ply for b in targets.values())
    found = {t: Scanned() for t in transcripts}
    for path in sorted((SHARED_DATA / "wthor").glob("WTH_*.wtb")):
        for game in read_wthor(path):
            board = Board()
            for i, sq in enumerate([*game.moves, None]):
                for t, target in targets.items():
                    if board.ply != target.ply:
                        continue
                    s = images[t].get((board.black, board.white, board.turn))
                    if s is None:
                        continue
                    row = found[t]
                    row.games += 1
                    if sq is None or not board.has_legal_move():
                        continue  # the game ends here (or passes: none of these targets)
                    move = square_name(map_square(INVERSE[s], sq))
                    row.moves[move] += 1
                    row.first[move] += game.black_score > 32
                    row.draws[move] += game.black_score == 32
                    row.score[move] += 2 * game.black_score - 64
                if sq is None or board.ply >= deepest or i >= len(game.moves):
                    break
                if not board.has_legal_move():
                    board.push(PASS_MOVE)
                board.push(Move(sq))
    return found


def popular_line(plies: int) -> str:
    """The line that follows the explorer's most played move ``plies`` times."""
    record = "othello/"
    for _ in range(plies):
        record += othello_explorer.explore(record)["moves"][0]["move"]
    return record.removeprefix("othello/")


def test_othello_positions_agree_with_a_scan_of_the_wthor_files() -> None:
    deep = popular_line(12)
    targets = ["f5d6c3d3c4", "e6f4c3c4d3", "f5f6e6f4", "f5d6c5f4e3", deep, "f5f4e3f6d3c5"]
    scanned = othello_scan(targets)
    cut = othello_explorer.tree().meta["minGames"]
    assert scanned["f5d6c3d3c4"].games == scanned["e6f4c3c4d3"].games > 1000  # turned
    assert scanned[deep].games >= cut
    for target in targets:
        answer = othello_explorer.explore(f"othello/{target}")
        scan = scanned[target]
        assert answer["found"] == (scan.games >= cut), target
        if not answer["found"]:
            continue
        assert answer["games"] == scan.games, target
        rows = {row["move"]: row for row in answer["moves"]}
        assert {m: r["games"] for m, r in rows.items()} == dict(scan.moves), target
        for move, row in rows.items():
            assert row["first"] == scan.first[move] and row["draws"] == scan.draws[move]
            assert row["second"] == scan.moves[move] - scan.first[move] - scan.draws[move]
            assert row["score"] == round(scan.score[move] / scan.moves[move], 1)
        assert [r["games"] for r in answer["moves"]] == sorted(scan.moves.values(), reverse=True)


def test_the_othello_start_holds_every_game() -> None:
    answer = othello_explorer.explore("othello/")
    total = answer["source"]["games"]
    assert answer["games"] == total == 114_871
    assert [m["move"] for m in answer["moves"]] == ["f5"]  # d3, c4 and e6 are f5 turned
    assert answer["moves"][0]["games"] == total  # every game has a first move
    assert answer["moves"][0]["theory"] is not None


def themisto_games() -> Iterator[tuple[list[ThemistoMove], str]]:
    for moves, result in read_games(THEMISTO_GAMES):
        yield [ThemistoMove.parse(m) for m in moves], result


def symmetric(a: ThemistoBoard, b: ThemistoBoard) -> bool:
    """Whether ``b`` is ``a`` turned or mirrored, its colours swapped or not."""
    (ab, aw), (bb, bw) = a.bits(), b.bits()
    if (a.turn, a.pending_lost_turns) != (b.turn, b.pending_lost_turns):
        return False
    forms = {(map_bits(s, ab), map_bits(s, aw)) for s in range(8)}
    return (bb, bw) in forms or (bw, bb) in forms


def test_themisto_first_moves_agree_with_a_scan_of_the_self_play_games() -> None:
    answer = themisto_explorer.explore("themisto/")
    games = list(themisto_games())
    assert answer["found"] and answer["games"] == len(games) == answer["source"]["games"]
    after = {}
    for row in answer["moves"]:
        board = ThemistoBoard()
        board.push(ThemistoMove.parse(row["move"]))
        after[row["move"]] = board
    counted: Counter[str] = Counter()
    first: Counter[str] = Counter()
    for moves, result in games:
        board = ThemistoBoard()
        board.push(moves[0])
        [row] = [m for m, b in after.items() if symmetric(b, board)]
        counted[row] += 1
        first[row] += result == "1"
    assert {r["move"]: r["games"] for r in answer["moves"]} == dict(counted)
    assert {r["move"]: r["first"] for r in answer["moves"]} == dict(first)
    assert all(r["score"] is None and r["theory"] is None for r in answer["moves"])


def test_the_facade_answers_for_both_games_and_refuses_a_bad_record() -> None:
    def call(record: str) -> dict:  # type: ignore[type-arg]
        request = {"id": 1, "method": "explore", "params": {"record": record}}
        reply: dict = json.loads(facade.handle(json.dumps(request)))  # type: ignore[type-arg]
        return reply

    othello = call("othello/f5d6c3d3c4")["result"]
    assert othello["found"] and othello["opening"] == "Tiger"
    assert othello["moves"][0]["move"] == "f4"
    assert call("themisto/")["result"]["source"]["source"] == "selfplay"
    error = call("othello/f5d6c9")["error"]
    assert error["message"] == "move 3: c9 is not a square"


def test_the_explore_command(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    assert main(["othello", "explore", "f5d6c3", "--json"]) == 0
    answer = json.loads(capsys.readouterr().out)
    assert answer == othello_explorer.explore("othello/f5d6c3")
    assert main(["othello", "explore", "f5d6c3"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "114871 WTHOR tournament games, 1977–2015"
    assert lines[1] == "opening: Perpendicular"  # f5 d6; the tiger needs d3 c4 too
    assert lines[2] == f"{answer['games']} games reached this position."
    assert lines[3].split() == [
        "move",
        "games",
        "Black",
        "draws",
        "White",
        "mean",
        "score",
        "theory",
    ]
    best = answer["moves"][0]
    assert lines[4].split()[:2] == [best["move"], str(best["games"])]
    monkeypatch.setenv("LANGUAGE", "de")
    try:
        assert main(["themisto", "explore"]) == 0
        lines = capsys.readouterr().out.splitlines()
        games = themisto_explorer.explore("themisto/")["games"]
        assert lines[1] == f"{games} Partien erreichten diese Stellung."
        assert lines[2].split()[:2] == ["Zug", "Partien"]
    finally:
        i18n.use("en")


def test_the_command_says_where_a_game_left_the_book(capsys: pytest.CaptureFixture[str]) -> None:
    """A whole tournament game leaves the tree somewhere: the move after which fewer games
    than the cut reached the position, and how many played it."""
    game = read_wthor(SHARED_DATA / "wthor" / "WTH_2015.wtb")[0].transcript()
    assert main(["othello", "explore", game]) == 0
    out = capsys.readouterr().out
    left = othello_explorer.explore(f"othello/{game}")["left"]
    board = Board.from_transcript(game)
    before = Board.from_transcript("".join(str(m) for m in board.move_stack[: left["ply"] - 1]))
    after = before.copy()
    after.push(Move.parse(left["move"]))
    assert othello_explorer.lookup(before) is not None and othello_explorer.lookup(after) is None
    assert f"This game left the book at move {left['ply']}: " in out
