"""Themisto's static evaluation: rows, reach and threats, from the player to move's view."""

from __future__ import annotations

from flipside.themisto.ai.threats import FIVES, fives_of, reach_of
from flipside.themisto.bitboard import FULL
from flipside.themisto.board import Board


def evaluate(board: Board, caution: int = 100) -> int:
    """:func:`score` of a rules-core board."""
    me = board.turn
    black, white = board.bits()
    return score(black, white, me, board.pending_lost_turns[2 - me] > 0, caution)[0]


def score(black: int, white: int, me: int, double: bool, caution: int = 100) -> tuple[int, int]:
    """(estimate for ``me``, the player to move, who has no win in one; the squares where a
    plain slide of ``me`` would make a winning row, if the move is legal).

    It counts rows either side could complete next move (reachable winning squares, either
    colour): the opponent's are a threat the mover must answer (two are usually lost); the
    mover's own squares that no disk reaches yet are latent threats. When the opponent has a
    lost turn pending (``double``), the mover moves twice in a row: its latent threats become
    real. ``caution`` (percent) scales what the opponent's rows cost.
    """
    occupied = black | white
    empty = ~occupied & FULL
    on_black = FIVES.get(black) or fives_of(black)  # the cache first: most leaves find it
    on_white = FIVES.get(white) or fives_of(white)
    to_black, to_white = on_black[1] & empty, on_white[1] & empty
    if not to_black | to_white:
        return (40 if double else 0), 0
    # where a black disk would complete a row, a white disk must slide (it arrives flipped);
    # player two's squares hold player one's
    reach_white = reach_of(to_black, white, occupied)
    reach_black = reach_of(to_white, black, occupied)
    mine, theirs = me - 1, 2 - me
    fb, fw = on_black[mine] & empty, on_white[mine] & empty
    wins = (fb & reach_white) | (fw & reach_black)
    live = (fb & reach_white).bit_count() + (fw & reach_black).bit_count()
    latent = (fb & ~reach_white).bit_count() + (fw & ~reach_black).bit_count()
    value = (60 if double else 25) * latent + 40 * live
    fb, fw = on_black[theirs] & empty, on_white[theirs] & empty
    threats = (fb & reach_white).bit_count() + (fw & reach_black).bit_count()
    latent = (fb & ~reach_white).bit_count() + (fw & ~reach_black).bit_count()
    value -= (300 * threats if threats < 2 else 900) * caution // 100
    value -= 25 * latent * caution // 100
    if double:
        value += 40
    return value, wins
