"""Training: a reviewed game's mistakes as cards to train (docs/training.md).

A card is one marked move of a review (a mistake or a blunder) made by a person: the
position before it (its own record, so a card works when its game is gone), the move
played (refused, with its loss), the review's best move and every other move the review
itself would not have marked, all from the review's own values: a judge row holds every
legal move's value (``values``, the mover's view), and a move whose loss against the best
stays under the game's first threshold (an inaccuracy: Othello 2 discs, Themisto 1 point)
and is no blunder by proof is as good as the best for the card. A row of a review made
before the rows held every move's value accepts the best move alone.

The page schedules the cards (FSRS, in the browser); Python only says what a card is, so
that the page never judges a move itself. Imported by the facade on first use.
"""

from __future__ import annotations

from typing import Any

from flipside import games
from flipside.i18n import tr
from flipside.protocol import GameAI
from flipside.record import Record
from flipside.review import plies

JSON = Any
TRAINED_MARKS = ("mistake", "blunder")
"""The marks that make a card: an inaccuracy is too small a loss to drill."""


def good(ai: GameAI, best_value: float, value: float) -> bool:
    """Whether a move of ``value`` is as good as the best (``best_value``) for a card: the
    review would not mark it (its loss under the first threshold, no blunder by proof)."""
    loss = round(best_value - value, 2)
    if ai.blunder_by_proof({"bestValue": best_value, "value": value, "loss": loss}):
        return False
    return loss < ai.MARKS[0]


def accepted_moves(ai: GameAI, row: JSON) -> list[str]:
    """The moves a card of ``row`` accepts: the review's best move first, then every move
    within the good-move margin, from the row's ``values`` (the best alone without them)."""
    best = str(row["best"])
    values = row.get("values")
    if not isinstance(values, dict):
        return [best]
    best_value = float(row["bestValue"])
    others = sorted(
        (m for m, v in values.items() if m not in (best, row["move"]) and good(ai, best_value, v)),
        key=lambda m: (-float(values[m]), m),
    )
    return [best, *others]


def mistake_cards(record: str, rows: list[JSON], sides: list[str] | None = None) -> list[JSON]:
    """The cards of a reviewed game: one per mistake or blunder (in move order) made by one
    of ``sides`` (None: either side). Each is ``{ply, record, move, by, mark, loss, best,
    bestValue, value, exact, accepted, values, unit}``, ``record`` the position before the
    move, ``values`` the row's every move's value (None for a review made without them)."""
    game = Record.parse(record).game
    ai = games.ai(game)
    moves = plies(record)
    cards = []
    for row in rows:
        ply = row.get("ply")
        if row.get("mark") not in TRAINED_MARKS or not isinstance(ply, int):
            continue
        if not 0 <= ply < len(moves) or moves[ply].move != row.get("move"):
            raise ValueError(tr("review row {ply} is not a move of this game", ply=ply))
        if sides is not None and row["by"] not in sides:
            continue
        cards.append(
            {
                "ply": ply,
                "record": moves[ply].before,
                "move": row["move"],
                "by": row["by"],
                "mark": row["mark"],
                "loss": row["loss"],
                "best": row["best"],
                "bestValue": row["bestValue"],
                "value": row["value"],
                "exact": bool(row.get("exact")),
                "accepted": accepted_moves(ai, row),
                "values": row.get("values") if isinstance(row.get("values"), dict) else None,
                "unit": ai.UNIT,
            }
        )
    return cards


def opening_lines(game: str) -> list[JSON]:
    """The named openings a repertoire is chosen from: ``[{name, moves}]`` (``moves`` a list
    of the line's moves from the standard start, Black's first move f5), in the order of the
    opening list. Othello's only: Themisto's explorer tree is too thin for an opening trainer
    (docs/training.md)."""
    games.adapter(game)
    if game != "othello":
        return []
    from flipside.othello.ai.openings import named_lines
    from flipside.othello.notation import square_name

    return [
        {"name": name, "moves": [square_name(sq) for sq in squares]}
        for squares, name in named_lines().items()
    ]
