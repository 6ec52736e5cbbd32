"""tools.train.build_book: symmetries, the book's links, minimax and the file (native)."""

from __future__ import annotations

import json
import random
from pathlib import Path

from flipside.othello.ai.openings import map_bits, parse_book
from flipside.othello.board import START_BLACK, START_WHITE, Board
from tools.train import build_book as tool


def test_fast_images_are_the_eight_symmetries() -> None:
    rnd = random.Random(2)
    for _ in range(50):
        x = rnd.getrandbits(64)
        assert sorted(tool.images(x)) == sorted(map_bits(s, x) for s in range(8))
    P, O = tool.play(START_BLACK, START_WHITE, 37)  # f5
    key, index = tool.canonical(P, O)
    assert key == (tool.images(P)[index], tool.images(O)[index])
    for s in range(8):  # every orientation of a position has the same key
        assert tool.canonical(map_bits(s, P), map_bits(s, O))[0] == key


def test_links_minimax_and_the_file() -> None:
    start, _ = tool.canonical(START_BLACK, START_WHITE)
    after = {tool.canonical(*tool.play(*start, sq))[0] for sq in (19, 26, 37, 44)}
    assert len(after) == 1  # the four first moves are one position
    (child,) = after
    links = tool.book_children({start, child})
    assert sorted(sq for sq, _ in links[start]) == [19, 26, 37, 44]
    assert links[child] == []
    leaves = {start: (-1, 0.0, 4), child: (20, -1.5, 4)}  # the child's best reply: -1.5
    book = tool.minimax(links, leaves)
    assert book[child] == [(20, -1.5)]
    assert book[start] == [(19, 1.5), (26, 1.5), (37, 1.5), (44, 1.5)]
    assert parse_book(tool.encode(book)) == {k: tuple(v) for k, v in book.items()}


def test_a_leaf_is_the_best_move_outside_the_book() -> None:
    start, _ = tool.canonical(START_BLACK, START_WHITE)
    assert tool.leaf(*start, [19, 26, 37, 44], 4) == (-1, 0.0)
    child, _ = tool.canonical(*tool.play(*start, 37))
    move, _ = tool.leaf(*child, [], 4)
    other, _ = tool.leaf(*child, [move], 4)
    assert move >= 0 and other >= 0 and other != move


def test_learning_takes_the_positions_of_the_lost_games_only(tmp_path: Path) -> None:
    def game(a_colour: str, black_margin: int, moves: list[str]) -> str:
        record = {"a_colour": a_colour, "black_margin": black_margin, "opening": "f5d6"}
        record["moves"] = [{"move": m, "book": False, "exact": False} for m in moves]
        return json.dumps(record)

    records = tmp_path / "games.jsonl"
    lost = game("black", -4, ["c3", "d3", "c4"])  # A (Black) lost by 4
    won = game("white", -4, ["c5", "f4", "e3"])  # A (White) won by 4
    records.write_text(lost + "\n" + won + "\n")
    expected = set()
    board = Board.from_transcript("f5d6")
    for square in ["c3", "d3"]:  # up to 4 plies: the positions before the 3rd and 4th moves
        expected.add(tool.canonical(*board.bits())[0])
        board.push_str(square)
    assert tool.lost_game_positions([records], "A", 4) == expected
    assert tool.lost_game_positions([records], "B", 5) == {
        tool.canonical(*Board.from_transcript(line).bits())[0]
        for line in ("f5d6", "f5d6c5", "f5d6c5f4")
    }
    drawn = game("black", 0, ["e3", "f4", "c5"])
    records.write_text(lost + "\n" + won + "\n" + drawn + "\n")
    assert tool.lost_game_positions([records], "both", 4) == expected | {
        tool.canonical(*Board.from_transcript(line).bits())[0] for line in ("f5d6", "f5d6c5")
    }
