"""The one game loop of the tools: a game of either game between two players.

A player is a function of the board that answers like an engine's ``think()``: a dict with
the chosen move's name under ``"move"`` (Othello's ``"pass"`` included) and whatever else
the engine reports (nodes, seconds, book...). Both games' boards have what the loop needs:
``is_game_over()``, ``turn`` (Othello's ``Color``, Themisto's player 1 or 2) and
``push_str(name)``. Used by the matches and self-play of both games
(``tools.play.othello_match``, ``tools.play.othello_selfplay``,
``tools.play.themisto_selfplay``) and by ``tools.bench.othello_page_times``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, Protocol, TypeVar


class GameBoard(Protocol):
    """What the loop asks of a board (``flipside.othello.Board``, ``flipside.themisto.Board``)."""

    @property
    def turn(self) -> Any: ...

    def is_game_over(self) -> bool: ...

    def push_str(self, text: str) -> Any: ...


Player = Callable[[Any], Mapping[str, object]]
"""A board -> the answer of an engine's ``think()`` (at least ``{"move": name}``)."""

B = TypeVar("B", bound=GameBoard)


def play_out[B: GameBoard](
    board: B,
    players: Mapping[Any, Player],
    on_move: Callable[[B, Mapping[str, object]], None] | None = None,
) -> B:
    """Play ``board`` to its end, ``players[board.turn]`` choosing each move; ``on_move``
    sees the board and the answer before the move is played. Returns ``board``."""
    while not board.is_game_over():
        answer = players[board.turn](board)
        if on_move is not None:
            on_move(board, answer)
        board.push_str(str(answer["move"]))
    return board
