"""The ``explore`` command of both games: ``python -m flipside <game> explore [GAME]``.

``GAME`` is anything ``analyse`` reads (a transcript, a link, a GGF game, a file); without it,
the start position. It prints what the game's explorer tree holds for the position at the
end of that game: the moves played from it with their games and results, and where the game
left the tree; as JSON with ``--json``. Its arguments are parsed by ``flipside.cli``, which
imports this module only when the command runs: the site's app wheel leaves it out.
"""

from __future__ import annotations

import argparse
import json
from typing import Any

from flipside import games
from flipside.i18n import ntr, number, tr
from flipside.record import Record
from flipside.review_cli import read_game


def source_text(meta: dict[str, Any]) -> str:
    """Which games the tree holds, in words."""
    if meta.get("source") == "wthor":
        first, last = meta["years"]
        return tr(
            "{games} WTHOR tournament games, {first}–{last}",
            games=meta["games"],
            first=first,
            last=last,
        )
    return tr(
        "{games} games of Flipside's top level against itself (depth {depth}, the first"
        " {plies} moves at random)",
        games=meta["games"],
        depth=meta["depth"],
        plies=meta["openingPlies"],
    )


def percent(part: int, whole: int) -> str:
    """``part`` of ``whole`` as a whole percentage."""
    return number(round(100 * part / whole)) + "%" if whole else "–"


def table(answer: dict[str, Any], game: str) -> str:
    """The explorer's answer as text: the moves, their results, where the game left."""
    meta = answer["source"]
    lines = [source_text(meta)]
    if answer["opening"]:
        lines.append(tr("opening: {name}", name=answer["opening"]))
    if not answer["found"]:
        if meta["source"] == "wthor":
            lines.append(tr("No master games from here."))
        else:
            lines.append(tr("No computer games from here."))
        lines.append(
            tr(
                "The explorer keeps the positions that at least {n} of its games reached.",
                n=meta["minGames"],
            )
        )
    else:
        n = answer["games"]
        lines.append(ntr("{n} game reached this position.", "{n} games reached this position.", n))
        first, second = (games.side_word(game, side) for side in games.adapter(game).SIDE_WORDS)
        scores = game == "othello"
        head = [tr("move"), tr("games"), first, tr("draws"), second]
        if scores:
            head += [tr("mean score"), tr("theory")]
        rows = [head]
        for row in answer["moves"]:
            cells = [row["move"], str(row["games"])]
            cells += [percent(row[k], row["games"]) for k in ("first", "draws", "second")]
            if scores:
                cells += [_signed(row["score"]), _signed(row["theory"])]
            rows.append(cells)
        widths = [max(len(r[i]) for r in rows) for i in range(len(head))]
        for r in rows:
            lines.append("  ".join(c.ljust(w) for c, w in zip(r, widths, strict=True)).rstrip())
    left = answer["left"]
    if left is not None:
        lines.append(left_text(left))
    return "\n".join(lines)


def left_text(left: dict[str, Any]) -> str:
    """Where the game left the tree, in words."""
    if left["games"] == 0:
        return tr(
            "This game left the book at move {ply}: no game of the explorer played {move}.",
            ply=left["ply"],
            move=left["move"],
        )
    return ntr(
        "This game left the book at move {ply}: {move} was played in {n} game of the"
        " explorer, fewer than it keeps.",
        "This game left the book at move {ply}: {move} was played in {n} games of the"
        " explorer, fewer than it keeps.",
        left["games"],
        ply=left["ply"],
        move=left["move"],
    )


def _signed(value: float | None) -> str:
    if value is None:
        return "–"
    return ("+" if value > 0 else "") + number(value, ".1f")


def run(args: argparse.Namespace) -> int:
    """The command (its parser is :func:`flipside.cli.add_explore`)."""
    game = args.game_name
    record = Record(game, "").text() if args.source is None else read_game(args.source, game)
    answer = games.explorer(game).explore(record)
    if args.json:
        print(json.dumps(answer, indent=1, ensure_ascii=False))
    else:
        print(table(answer, game))
    return 0
