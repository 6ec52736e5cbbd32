"""Build Flipside's XOT list ``py/flipside/othello/xot.tsv``: balanced 8-move openings.

The idea of XOT (a random start from a list of balanced openings, so that games do not repeat
the same first moves) with a list of our own: every 8-move line of the WTHOR archive
(1977-2015), turned so that it starts with f5, played in at least ``--min-games`` games;
one line per position reached (the most played move order); kept when a ``--depth``-ply
search of the engine values it within ``--margin`` discs of even. Deterministic: the same
archive and engine give the same file.

    PYTHONPATH=py .venv/bin/python -m tools.train.xot_list        # writes the list, prints its size

Format: a header line, then ``moves<TAB>value`` per opening (the value in discs, Black's
view, at the search depth), sorted by moves.
"""

from __future__ import annotations

import argparse
from collections import Counter

from flipside.othello import Board
from flipside.othello.ai.engine import position_value
from flipside.othello.ai.openings import map_square
from flipside.othello.notation import square_name
from flipside.othello.wthor import read_wthor
from flipside.othello.xot import XOT_FILE, XOT_MARGIN, XOT_PLIES
from tools import SHARED_DATA

F5 = 37


def archive_lines(plies: int) -> Counter[str]:
    """Every line of ``plies`` moves in the archive (f5 first), with how often it was played."""
    lines: Counter[str] = Counter()
    for path in sorted((SHARED_DATA / "wthor").glob("WTH_*.wtb")):
        for game in read_wthor(path):
            if len(game.moves) < plies:
                continue
            symmetry = next((s for s in range(4) if map_square(s, game.moves[0]) == F5), None)
            if symmetry is None:
                continue
            line = "".join(square_name(map_square(symmetry, sq)) for sq in game.moves[:plies])
            try:
                Board.from_transcript(line)  # a corrupt record (or a pass) is left out
            except ValueError:
                continue
            lines[line] += 1
    return lines


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--min-games", type=int, default=1)
    parser.add_argument("--depth", type=int, default=6)
    parser.add_argument("--margin", type=float, default=XOT_MARGIN)
    args = parser.parse_args()
    lines = archive_lines(XOT_PLIES)
    by_position: dict[str, str] = {}
    for line, count in sorted(lines.items(), key=lambda item: (-item[1], item[0])):
        if count < args.min_games:
            continue
        by_position.setdefault(Board.from_transcript(line).position(), line)
    kept = []
    for line in sorted(by_position.values()):
        value = position_value(Board.from_transcript(line), args.depth)
        if abs(value) <= args.margin:
            kept.append((line, value))
    text = "moves\tvalue\n" + "".join(f"{line}\t{value:g}\n" for line, value in kept)
    XOT_FILE.write_text(text)
    print(
        f"{len(lines)} lines in the archive, {len(by_position)} positions played "
        f"{args.min_games}+ times, {len(kept)} within {args.margin:g} discs at depth "
        f"{args.depth}: {XOT_FILE} ({len(text.encode())} bytes)"
    )


if __name__ == "__main__":
    main()
