"""What a Themisto move did and where the game stands, as small frozen dataclasses of plain
data (``dataclasses.asdict`` gives JSON-ready dicts)."""

from __future__ import annotations

from dataclasses import dataclass

from flipside.i18n import N_, tr
from flipside.squares import square_name
from flipside.themisto.notation import Move

REASONS = {
    "both passed": N_("both passed"),
    "threefold repetition": N_("threefold repetition"),
    "move limit": N_("move limit"),
}
"""A draw's reason (a value of :attr:`Status.reason`) as a short text to translate."""


@dataclass(frozen=True, slots=True)
class Status:
    """Where the game stands: ``result`` is ``"ongoing"``, ``"win"`` or ``"draw"``.

    A win names the ``winner`` (1 or 2) and ``row``, the squares of the winning row(s); a draw
    names the rule in ``reason``: ``"both passed"``, ``"threefold repetition"``, ``"move limit"``.
    """

    result: str = "ongoing"
    winner: int = 0
    row: tuple[int, ...] = ()
    reason: str = ""

    @property
    def over(self) -> bool:
        """True once the game has ended."""
        return self.result != "ongoing"

    def __str__(self) -> str:
        if self.result == "win":
            row = " ".join(map(square_name, self.row))
            return tr("player {player} wins with {row}", player=self.winner, row=row)
        if self.result == "draw":
            return tr("draw ({reason})", reason=tr(REASONS.get(self.reason, self.reason)))
        return tr("ongoing")


ONGOING = Status()


@dataclass(frozen=True, slots=True)
class MoveInfo:
    """What the last move did, as plain data.

    ``flipped`` is every disk turned over (the moved disk on its destination first, then the
    captured disks in square order); ``lost_turn`` is whether the mover loses their next turn;
    ``pending_lost_turns`` (player one's, player two's) and ``status`` are as after the move.
    """

    move: Move
    player: int
    flipped: tuple[int, ...]
    captured: tuple[int, ...]
    lost_turn: bool
    pending_lost_turns: tuple[int, int]
    status: Status
