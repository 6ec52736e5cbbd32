"""Game review: every move of a game judged by its game's computer player.

For each move the game's AI (``judge`` in its ``AI_MODULE``) gives the value of the move
played and of the best move, from the mover's view; the loss between them marks the move as
an inaccuracy, a mistake or a blunder by the game's thresholds (``MARKS``, in its ``UNIT``),
and a move that throws away a proven result is a blunder whatever its loss
(``blunder_by_proof``). A player's accuracy is the mean of their moves' accuracies, each
``100 * 2 ** (-loss / HALF_LOSS)``; moves with no choice are not judged. The page asks for
one move at a time (:func:`judge`) so that it can show progress, pause and cancel; the CLI
asks for the whole game (:func:`review`), its moves spread over worker processes with
``--workers N``. All use the same code: a move's row does not depend on who judged it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from flipside import games
from flipside.i18n import N_, ntr, number, tr
from flipside.protocol import GameAI
from flipside.record import Record

JSON = Any
MARK_NAMES = ("inaccuracy", "mistake", "blunder")
MARK_WORDS = {"inaccuracy": N_("inaccuracy"), "mistake": N_("mistake"), "blunder": N_("blunder")}
"""Each mark (a value of a row's ``mark``) as a word to translate where it is shown."""
UNIT_WORDS = {"discs": N_("discs"), "points": N_("points")}
"""Each game's unit of the values (``scale.unit``) as a word to translate where it is shown."""


@dataclass(frozen=True, slots=True)
class Ply:
    """One move of a game: the game's record before it, the move's name and who made it."""

    before: str
    move: str
    by: str


def plies(record: str) -> list[Ply]:
    """Every move of the game ``record`` holds, with the record before it."""
    parsed = Record.parse(record)
    game = games.adapter(parsed.game)
    played = game.replay(parsed)
    moves = game.view(played)["moves"]
    befores = [parsed.with_moves("").text(), *game.prefixes(played)][: len(moves)]
    return [Ply(b, m["text"], m["by"]) for b, m in zip(befores, moves, strict=True)]


def scale(game: str) -> JSON:
    """The review's unit, thresholds and accuracy half-loss for ``game``."""
    ai = games.ai(game)
    return {
        "unit": ai.UNIT,
        "marks": dict(zip(MARK_NAMES, ai.MARKS, strict=True)),
        "halfLoss": ai.HALF_LOSS,
    }


def judge(record: str, ply: int, seconds: float | None = None, depth: int | None = None) -> JSON:
    """The review of move ``ply`` (0-based) of the game ``record``: ``{ply, move, by, best,
    bestValue, value, loss, exact, choices, mark}`` (``mark``: None or a name of
    ``MARK_NAMES``; values None for a move with no choice)."""
    moves = plies(record)
    if isinstance(ply, bool) or not isinstance(ply, int) or not 0 <= ply < len(moves):
        raise ValueError(tr("ply must be 0..{last}, got {ply!r}", last=len(moves) - 1, ply=ply))
    at = moves[ply]
    ai = games.ai(Record.parse(record).game)
    if at.move == "pass":
        row: JSON = {"best": "pass", "bestValue": None, "value": None, "exact": False, "choices": 1}
    else:
        row = ai.judge(at.before, at.move, seconds, depth)
    loss = None if row["value"] is None else round(row["bestValue"] - row["value"], 2)
    row = {"ply": ply, "move": at.move, "by": at.by, **row, "loss": loss}
    return {**row, "mark": _mark(ai, row)}


def _mark(ai: GameAI, row: JSON) -> str | None:
    if row["loss"] is None:
        return None
    if ai.blunder_by_proof(row):
        return "blunder"
    found = None
    for name, threshold in zip(MARK_NAMES, ai.MARKS, strict=True):
        if row["loss"] >= threshold:
            found = name
    return found


def accuracy(loss: float, half_loss: float) -> float:
    """A move's accuracy in percent: 100 for the best move, halved every ``half_loss``."""
    return float(100.0 * 2.0 ** (-max(0.0, loss) / half_loss))


def summary(record: str, rows: list[JSON]) -> JSON:
    """Per player (by the ``by`` of the moves): marks counted, judged moves, mean loss and
    accuracy (a blunder by proof counts 0%); and the game's ``scale``."""
    game = Record.parse(record).game
    ai = games.ai(game)
    players: dict[str, JSON] = {}
    for row in rows:
        side = players.setdefault(
            row["by"], {"moves": 0, "loss": 0.0, "accuracy": 0.0, **dict.fromkeys(MARK_NAMES, 0)}
        )
        if row["loss"] is None:
            continue
        side["moves"] += 1
        side["loss"] += row["loss"]
        proof = row["mark"] == "blunder" and ai.blunder_by_proof(row)
        side["accuracy"] += 0.0 if proof else accuracy(row["loss"], ai.HALF_LOSS)
        if row["mark"]:
            side[row["mark"]] += 1
    for side in players.values():
        judged = side["moves"]
        side["meanLoss"] = round(side.pop("loss") / judged, 2) if judged else None
        side["accuracy"] = round(side["accuracy"] / judged, 1) if judged else None
    return {"players": players, "scale": scale(game)}


@dataclass
class Review:
    """A whole game reviewed: one row per move and the summary."""

    record: str
    rows: list[JSON]
    summary: JSON

    def to_json(self) -> JSON:
        """Plain JSON (what ``--json`` prints)."""
        return {"record": self.record, "moves": self.rows, "summary": self.summary}


def review(
    record: str,
    seconds: float | None = None,
    depth: int | None = None,
    on_row: Callable[[JSON], object] | None = None,
    workers: int = 1,
) -> Review:
    """Judge every move of the game ``record`` (``seconds`` per move, the game's default
    unless given; or a ``depth``-ply search); ``on_row`` gets each row as it is done. With
    ``workers`` above 1 the moves are judged on that many worker processes at once
    (:class:`flipside.workers.Pool`), each move by one worker: the same rows."""
    count = len(plies(record))
    if workers == 1:
        rows = []
        for ply in range(count):
            row = judge(record, ply, seconds, depth)
            rows.append(row)
            if on_row is not None:
                on_row(row)
        return Review(record, rows, summary(record, rows))
    from flipside.workers import Pool

    game = games.adapter(Record.parse(record).game)
    calls = [(record, ply, seconds, depth) for ply in range(count)]
    with Pool(workers, warm=game.AI_MODULE) as pool:
        done = pool.map(
            "flipside.review", "judge", calls, None if on_row is None else lambda _, r: on_row(r)
        )
    return Review(record, done, summary(record, done))


def _number(value: float | None) -> str:
    if value is None:
        return ""
    return "0" if value == 0 else number(value, "+g")


COLUMN_WORDS = (
    N_("by"),
    N_("move"),
    N_("value"),
    N_("best"),
    N_("best value"),
    N_("loss"),
    N_("mark"),
)
"""The review table's column heads (translated where shown)."""


def table(done: Review) -> str:
    """The review as text: one line per move (number, who, move, its value, the best move
    and its value, the loss, the mark), then each player's summary."""
    unit = done.summary["scale"]["unit"]
    unit = tr(UNIT_WORDS[unit]) if unit in UNIT_WORDS else unit
    game = Record.parse(done.record).game
    names = {by: games.side_word(game, by) for by in done.summary["players"]}
    head = [tr(word) for word in COLUMN_WORDS]
    wide = [max(len(word), least) for word, least in zip(head, (6, 8, 7, 8, 10, 6), strict=False)]
    wide[0] = max([wide[0], *map(len, names.values())])
    heads = (
        f"{'#':>3}  {head[0]:<{wide[0]}} {head[1]:<{wide[1]}} {head[2]:>{wide[2]}}  "
        f"{head[3]:<{wide[3]}} {head[4]:>{wide[4]}}  {head[5]:>{wide[5]}}  {head[6]}"
    )
    lines = [heads]
    for row in done.rows:
        exact = "=" if row["exact"] else " "
        loss = "" if row["loss"] is None else number(row["loss"])
        mark = row["mark"] and tr(MARK_WORDS[row["mark"]])
        lines.append(
            f"{row['ply'] + 1:>3}  {names.get(row['by'], row['by']):<{wide[0]}} "
            f"{row['move']:<{wide[1]}} {_number(row['value']):>{wide[2]}}"
            f"{exact} {row['best']:<{wide[3]}} {_number(row['bestValue']):>{wide[4]}}  "
            f"{loss:>{wide[5]}}  {mark or (tr('only move') if row['choices'] == 1 else '')}"
        )
    lines.append("")
    lines.append(tr("values in {unit} from the mover's view; = exact", unit=unit))
    for by, side in done.summary["players"].items():
        marks = ", ".join(
            [
                ntr("{n} inaccuracy", "{n} inaccuracies", side["inaccuracy"]),
                ntr("{n} mistake", "{n} mistakes", side["mistake"]),
                ntr("{n} blunder", "{n} blunders", side["blunder"]),
            ]
        )
        shown = tr("n/a") if side["accuracy"] is None else tr("{n}%", n=number(side["accuracy"]))
        mean = tr("n/a") if side["meanLoss"] is None else f"{number(side['meanLoss'])} {unit}"
        lines.append(
            tr(
                "{by}: accuracy {accuracy}, mean loss {mean}, {marks}",
                by=names[by],
                accuracy=shown,
                mean=mean,
                marks=marks,
            )
        )
    return "\n".join(lines)
