"""Build the opening explorers' trees (``py/flipside/<game>/explorer.bin``).

    PYTHONPATH=py .venv/bin/python -m tools.build.explorer othello [--min-games 5]
    PYTHONPATH=py .venv/bin/python -m tools.build.explorer themisto [--min-games 2]
    PYTHONPATH=py .venv/bin/python -m tools.build.explorer othello --cuts 2,3,5,8,10  # and sizes

Othello's tree is built from the WTHOR archive (``../shared/data/wthor/WTH_*.wtb``, in file
order), Themisto's from the top level's self-play (``py/tools/build/data/
themisto-explorer-games.tsv``, written by ``tools.play.themisto_explorer_games``). Every
position a game goes through is put in its canonical form (the game's explorer module:
symmetric forms are one position); a position that at least ``--min-games`` games reached
is in the tree, with every move played from it. Two passes over the games: the first counts
the positions (by a 64-bit hash of the canonical form, counted with numpy), the second adds
up the moves of the positions kept. Deterministic: the same games give the same bytes.
``--cuts`` also prints, for each cut, the positions, moves, file size and how far the games
stay in the tree. The file format: ``flipside.tree_file``.
"""

from __future__ import annotations

import argparse
import statistics
import zlib
from array import array
from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from flipside import tree_file
from flipside.othello import Board as OthelloBoard
from flipside.othello import explorer as othello_explorer
from flipside.othello.notation import PASS, PASS_MOVE, Move
from flipside.othello.wthor import parse_wthor
from flipside.themisto import Board as ThemistoBoard
from flipside.themisto import explorer as themisto_explorer
from flipside.themisto.notation import Move as ThemistoMove
from tools import ROOT, SHARED_DATA
from tools.play import themisto_explorer_games as selfplay

OTHELLO_MIN_GAMES = 4
THEMISTO_MIN_GAMES = 2
THEMISTO_GAMES = ROOT / "py" / "tools" / "build" / "data" / "themisto-explorer-games.tsv"

Form = tuple[int, int, int]
Step = tuple[Form, tuple[int, ...], int | None]
"""A position of a game: its canonical form, the symmetries taking it there, and the code of
the move played from it (None at the end of the game)."""


@dataclass
class Played:
    """A game as the builder reads it: its positions and how it ended."""

    steps: list[Step]
    first: bool
    """The first player won."""
    draw: bool
    score: int = 0
    """The final score, the first player's view (Othello: the disc difference)."""
    theory: int | None = None
    """The archive's theoretical score, the first player's view, when it gives one."""


@dataclass
class EdgeTotals:
    """What the games that played one class of move from one position did."""

    games: int = 0
    first: int = 0
    draws: int = 0
    score: int = 0
    theory: int = 0
    theory_games: int = 0
    codes: Counter[int] = field(default_factory=Counter)


def form_key(form: Form) -> int:
    """A 64-bit hash of a canonical form, for counting (the file keeps its top 32 bits)."""
    return tree_file.position_key(*form)


# -- the games ----------------------------------------------------------------------------------


def othello_games(paths: Iterable[Path], broken: Counter[str] | None = None) -> Iterator[Played]:
    """The games of WTHOR files, replayed (a move the side to move cannot play means it
    passed; a game with a move nobody can play stops there and counts in ``broken``)."""
    for path in paths:
        for game in parse_wthor(path.read_bytes())[1]:
            board = OthelloBoard()
            steps: list[Step] = []
            for sq in game.moves:
                move = Move(sq)
                if not board.has_legal_move() and not board.is_game_over():
                    steps.append(_othello_step(board, PASS))
                    board.push(PASS_MOVE)
                if not board.is_legal(move):
                    if broken is not None:
                        broken["games"] += 1
                    break
                steps.append(_othello_step(board, sq))
                board.push(move)
            steps.append(_othello_step(board, None))
            theory = 2 * game.theoretical_score - 64 if len(game.moves) >= 36 else None
            yield Played(
                steps,
                game.black_score > 32,
                game.black_score == 32,
                2 * game.black_score - 64,
                theory,
            )


def _othello_step(board: OthelloBoard, code: int | None) -> Step:
    form, _, symmetries = othello_explorer.canonical(board.black, board.white, int(board.turn))
    return form, symmetries, code


def themisto_games(path: Path) -> Iterator[Played]:
    """The self-play games of ``path``: games ``0..M-1`` (``selfplay.read_games``)."""
    for moves, result in selfplay.read_games(path):
        board = ThemistoBoard()
        steps: list[Step] = []
        for text in moves:
            move = ThemistoMove.parse(text)
            form, _, symmetries = themisto_explorer.canonical(board)
            steps.append((form, symmetries, themisto_explorer.encode(move)))
            board.push(move)
        form, _, symmetries = themisto_explorer.canonical(board)
        steps.append((form, symmetries, None))
        yield Played(steps, result == "1", result == "draw")


# -- the tree -----------------------------------------------------------------------------------


@dataclass
class Counts:
    """The second pass: every kept position's form and visits, every move's totals, and
    each game's positions' visit counts (how far it stays in the tree at any cut)."""

    forms: dict[int, Form] = field(default_factory=dict)
    visits: Counter[int] = field(default_factory=Counter)
    edges: dict[tuple[int, int], EdgeTotals] = field(default_factory=dict)
    depths: list[list[int]] = field(default_factory=list)


def count(
    games: Callable[[], Iterator[Played]],
    min_games: int,
    frame_move: Callable[..., tuple[int, int]],
) -> Counts:
    """Both passes over ``games()``: the positions at least ``min_games`` games reached
    (each visit counts), and the moves played from them."""
    keys = array("Q")
    for played in games():
        keys.extend(form_key(form) for form, _, _ in played.steps)
    values, numbers = np.unique(np.frombuffer(keys, dtype=np.uint64), return_counts=True)
    reached = dict(zip(values.tolist(), numbers.tolist(), strict=True))
    del keys, values, numbers
    counts = Counts()
    for played in games():
        seen = []
        for form, symmetries, code in played.steps:
            key = form_key(form)
            visits = reached[key]
            seen.append(visits)
            if visits < min_games:
                continue
            if counts.forms.setdefault(key, form) != form:
                raise SystemExit("two positions share a 64-bit key: change form_key")
            counts.visits[key] += 1
            if code is None:
                continue
            kind, frame = frame_move(symmetries, code)
            totals = counts.edges.setdefault((key, kind), EdgeTotals())
            totals.games += 1
            totals.first += played.first
            totals.draws += played.draw
            totals.score += played.score
            if played.theory is not None:
                totals.theory += played.theory
                totals.theory_games += 1
            totals.codes[frame] += 1
        counts.depths.append(seen)
    return counts


def nodes(counts: Counts, min_games: int) -> list[tuple[Form, int, list[tree_file.Edge]]]:
    """The tree's positions at a cut: (canonical form, games, edges most played first), each
    move written as the code most of its class's games played in the canonical frame."""
    edges: dict[int, list[tree_file.Edge]] = {}
    for (key, _), t in sorted(counts.edges.items()):
        if counts.visits[key] < min_games:
            continue
        code = min(t.codes, key=lambda c: (-t.codes[c], c))
        edge = tree_file.Edge(code, t.games, t.first, t.draws, t.score, t.theory, t.theory_games)
        edges.setdefault(key, []).append(edge)
    out = []
    for key, visits in sorted(counts.visits.items()):
        if visits < min_games:
            continue
        ordered = sorted(edges.get(key, []), key=lambda e: (-e.games, e.move))
        out.append((counts.forms[key], visits, ordered))
    return out


def stay(counts: Counts, min_games: int) -> float:
    """The median number of positions a game goes through in the tree (from the start)."""
    lengths = []
    for seen in counts.depths:
        n = 0
        while n < len(seen) and seen[n] >= min_games:
            n += 1
        lengths.append(n)
    return statistics.median(lengths)


def report(counts: Counts, cuts: list[int], meta: dict[str, Any]) -> None:
    """For each cut: positions, moves, the file's size, the median positions in the tree."""
    print("cut  positions    moves   raw bytes  file bytes  median positions in the tree")
    for cut in cuts:
        kept = nodes(counts, cut)
        data = tree_file.pack({**meta, "minGames": cut}, kept)
        raw = len(zlib.decompress(data))
        moves = sum(len(e) for _, _, e in kept)
        print(f"{cut:3}  {len(kept):9}  {moves:7}  {raw:10}  {len(data):10}  {stay(counts, cut):5}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("game", choices=("othello", "themisto"))
    parser.add_argument("--min-games", type=int, help="positions at least this many games reached")
    parser.add_argument("--out", type=Path, help="the file to write (default: the package's)")
    parser.add_argument("--source", type=Path, help="the WTHOR folder or the self-play file")
    parser.add_argument("--cuts", help="also print the sizes of these cuts (2,3,5)")
    args = parser.parse_args()
    broken: Counter[str] = Counter()
    if args.game == "othello":
        folder = args.source or SHARED_DATA / "wthor"
        paths = sorted(folder.glob("WTH_*.wtb"))
        if not paths:
            raise SystemExit(f"no WTH_*.wtb files in {folder}")
        years = [parse_wthor(p.read_bytes())[0].year for p in (paths[0], paths[-1])]

        def games() -> Iterator[Played]:
            broken.clear()
            return othello_games(paths, broken)

        frame_move = othello_explorer.frame_move
        min_games = args.min_games or OTHELLO_MIN_GAMES
        meta: dict[str, Any] = {"game": "othello", "source": "wthor", "years": years}
    else:
        path = args.source or THEMISTO_GAMES

        def games() -> Iterator[Played]:
            return themisto_games(path)

        frame_move = themisto_explorer.frame_move
        min_games = args.min_games or THEMISTO_MIN_GAMES
        meta = {
            "game": "themisto",
            "source": "selfplay",
            "depth": selfplay.DEPTH,
            "openingPlies": selfplay.OPENING_PLIES,
        }
    cuts = sorted(
        {min_games, *(int(c) for c in args.cuts.split(","))} if args.cuts else {min_games}
    )
    counts = count(games, min(cuts), frame_move)
    meta["games"] = len(counts.depths)
    if broken:
        print(f"{broken['games']} games stop at a move nobody can play (kept up to it)")
    if args.cuts:
        report(counts, cuts, meta)
    kept = nodes(counts, min_games)
    data = tree_file.pack({**meta, "minGames": min_games}, kept)
    out = args.out or ROOT / "py" / "flipside" / args.game / tree_file.DATA_FILE
    out.write_bytes(data)
    moves = sum(len(e) for _, _, e in kept)
    print(
        f"{out}: {len(data)} bytes, {len(kept)} positions, {moves} moves,"
        f" {meta['games']} games, cut {min_games}"
    )


if __name__ == "__main__":
    main()
