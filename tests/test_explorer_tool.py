"""tools.build.explorer on a small hand-made WTHOR file: the counts checked by hand,
symmetric positions merged, the same bytes every time; and the reader on what it wrote."""

from __future__ import annotations

import struct
from collections.abc import Iterator
from pathlib import Path

import pytest

from flipside import tree_file
from flipside.othello import Board, explorer
from flipside.othello.ai.openings import map_bits, map_square
from flipside.othello.notation import parse_square
from flipside.symmetry import SQUARES, images
from tools.build import explorer as tool


def wtb(games: list[tuple[str, int, int]]) -> bytes:
    """A WTHOR file of ``games``: (transcript, Black's final discs, theoretical discs)."""
    header = bytes([20, 26, 11, 27]) + struct.pack("<IHHBBBB", len(games), 0, 2001, 8, 0, 24, 0)
    body = b""
    for moves, black, theory in games:
        squares = [parse_square(moves[i : i + 2]) for i in range(0, len(moves), 2)]
        codes = [10 * (sq // 8 + 1) + sq % 8 + 1 for sq in squares]
        body += struct.pack("<HHHBB", 0, 1, 2, black, theory) + bytes(
            codes + [0] * (60 - len(codes))
        )
    return header + body


def long_game() -> str:
    """f5 f4, then each move the first legal one in square order, to 40 moves."""
    board = Board.from_transcript("f5f4")
    while board.ply < 40:
        board.push(board.legal_moves()[0])
    return board.transcript()


GAMES = [
    ("f5d6c3d3c4", 40, 40),  # A: Black wins by 16
    ("f5d6c3d3c4f4", 30, 30),  # B: White wins by 4
    ("d3c5", 32, 32),  # C: d3 c5 is f5 d6 reflected in the h1-a8 diagonal; a draw
    ("f5f6", 50, 50),  # D: Black wins by 36
    (long_game(), 20, 34),  # E: White wins by 24; 40 moves, so its theory (+4) counts
]


@pytest.fixture
def archive(tmp_path: Path) -> Path:
    (tmp_path / "WTH_2001.wtb").write_bytes(wtb(GAMES))
    return tmp_path


def build(folder: Path, min_games: int) -> bytes:
    paths = sorted(folder.glob("WTH_*.wtb"))

    def games() -> Iterator[tool.Played]:
        return tool.othello_games(paths)

    counts = tool.count(games, min_games, explorer.frame_move)
    return tree_file.pack({"game": "othello", "minGames": min_games}, tool.nodes(counts, min_games))


@pytest.fixture
def tree(archive: Path, monkeypatch: pytest.MonkeyPatch) -> tree_file.Tree:
    read = tree_file.Tree(build(archive, 2))
    monkeypatch.setattr(explorer, "tree", lambda: read)
    return read


def test_the_symmetries_agree_with_the_opening_names_square_maps() -> None:
    for s in range(8):
        assert SQUARES[s] == tuple(map_square(s, sq) for sq in range(64))
    for bits in (0x0000001818000000, 0x8100_0000_0000_0042, 0x0123_4567_89AB_CDEF):
        assert images(bits) == tuple(map_bits(s, bits) for s in range(8))


def test_the_start_counts_every_game_under_f5(tree: tree_file.Tree) -> None:
    answer = explorer.explore("othello/")
    assert answer["found"] and answer["games"] == 5
    # the first moves are one class (C's d3 is f5 turned); f5 was played most
    [f5] = answer["moves"]
    assert f5["move"] == "f5" and f5["games"] == 5
    assert (f5["first"], f5["draws"], f5["second"]) == (2, 1, 2)  # A, D; C; B, E
    assert f5["score"] == round((16 - 4 + 0 + 36 - 24) / 5, 1)  # 4.8
    assert f5["theory"] == 4.0  # only E reaches 24 empty squares: 2 * 34 - 64


def test_symmetric_lines_are_one_position(tree: tree_file.Tree) -> None:
    """f5 d6, d3 c5 (reflected in the h1-a8 diagonal) and e6 f4 (in the a1-h8 one): A, B, C."""
    for record in ("othello/f5d6", "othello/d3c5", "othello/e6f4"):
        answer = explorer.explore(record)
        assert answer["found"] and answer["games"] == 3, record
    after_f5 = explorer.explore("othello/f5")
    moves = [(m["move"], m["games"]) for m in after_f5["moves"]]
    assert moves[0] == ("d6", 3) and sorted(moves[1:]) == [("f4", 1), ("f6", 1)]
    # the same position turned: the moves come in its own frame
    after_d3 = explorer.explore("othello/d3")
    moves = [(m["move"], m["games"]) for m in after_d3["moves"]]
    assert moves[0] == ("c5", 3) and sorted(moves[1:]) == [("c3", 1), ("e3", 1)]
    d6 = after_f5["moves"][0]
    assert (d6["first"], d6["draws"], d6["second"], d6["score"]) == (1, 1, 1, 4.0)


def test_positions_below_the_cut_are_left_out(tree: tree_file.Tree) -> None:
    assert explorer.explore("othello/f5d6c3d3c4")["games"] == 2  # A and B
    assert not explorer.explore("othello/f5f6")["found"]  # D alone
    assert not explorer.explore("othello/f5d6c3d3c4f4")["found"]  # B alone
    # the move into a thin position is still listed with its one game
    assert [(m["move"], m["games"]) for m in explorer.explore("othello/f5d6c3d3c4")["moves"]] == [
        ("f4", 1)
    ]


def test_where_a_game_left_the_book(tree: tree_file.Tree) -> None:
    assert explorer.explore("othello/f5f6")["left"] == {"ply": 2, "move": "f6", "games": 1}
    assert explorer.explore("othello/f5d6c3d3c4f4")["left"] == {"ply": 6, "move": "f4", "games": 1}
    assert explorer.explore("othello/f5d6c5")["left"] == {"ply": 3, "move": "c5", "games": 0}
    assert explorer.explore("othello/f5d6c3")["left"] is None  # still in the tree
    assert (
        explorer.explore(
            "othello/&start=" + Board.from_transcript("f5").position().replace(" ", "")
        )["left"]
        is None
    )  # a set-up position: not from the start


def test_the_board_editor_position_is_found_without_its_moves(tree: tree_file.Tree) -> None:
    position = Board.from_transcript("e6f4c3c4d3").position().replace(" ", "")
    answer = explorer.explore(f"othello/&start={position}")
    assert answer["found"] and answer["games"] == 2  # A and B, in another frame


def test_the_output_is_deterministic(archive: Path) -> None:
    first = build(archive, 2)
    assert build(archive, 2) == first
    paths = sorted(archive.glob("WTH_*.wtb"))
    counts = tool.count(lambda: tool.othello_games(paths), 2, explorer.frame_move)
    nodes = tool.nodes(counts, 2)
    meta = {"game": "othello", "minGames": 2}
    assert tree_file.pack(meta, nodes[::-1]) == first  # whatever order the nodes come in
    read = tree_file.Tree(first)
    # the start, f5 (all five), f5 d6 (A, B, C), then A and B to ply 5; 1 + 3 + 1 + 1 + 1 + 1 moves
    assert len(read) == 6 and read.edge_count == 8


def test_a_salt_keeps_every_position_its_own_hash() -> None:
    """Two forms whose hashes meet without a salt: the file takes the first salt that parts
    them, and finds both."""
    seen: dict[int, tuple[int, int, int]] = {}
    form = (0, 0, 0)
    for first in range(1, 1 << 20):
        form = (first, 0, 0)
        key = tree_file.position_hash(*form)
        if key in seen:
            break
        seen[key] = form
    other = seen[tree_file.position_hash(*form)]
    edge = tree_file.Edge(19, 1, 1, 0, 2, 0, 0)
    read = tree_file.Tree(tree_file.pack({}, [(form, 1, [edge]), (other, 2, [])]))
    assert read.meta["salt"] > 0
    assert read.games(read.find(*form)) == 1 and read.games(read.find(*other)) == 2


def test_a_damaged_file_is_refused() -> None:
    with pytest.raises(ValueError, match="damaged"):
        tree_file.Tree(b"not a tree")
