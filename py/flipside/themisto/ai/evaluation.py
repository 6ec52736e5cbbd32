"""Themisto's static evaluation: rows, reach and threats, from the player to move's view."""

from __future__ import annotations

from flipside.themisto.ai.threats import five_squares, reach
from flipside.themisto.bitboard import FULL
from flipside.themisto.board import Board


def evaluate(board: Board, caution: int = 100) -> int:
    """Estimate for the player to move, who has no win in one (the search checked).

    It counts rows either side could complete next move (reachable winning squares, either
    colour): the opponent's are a threat the mover must answer (two are usually lost); the
    mover's own squares that no disk reaches yet are latent threats. When the opponent has a
    lost turn pending, the mover moves twice in a row: its latent threats become real.
    ``caution`` (percent) scales what the opponent's rows cost.
    """
    me = board.turn
    them = 3 - me
    black, white = board.bits()
    empty = ~(black | white) & FULL
    fives = [
        (player, sign, five_squares(black, empty, player), five_squares(white, empty, player))
        for player, sign in ((me, 1), (them, -1))
    ]
    # where a black disk would complete a row, a white disk must slide (it arrives flipped)
    any_black = fives[0][2] | fives[1][2]
    any_white = fives[0][3] | fives[1][3]
    reach_white = reach(white, empty) if any_black else 0
    reach_black = reach(black, empty) if any_white else 0
    score = 0
    double = board.pending_lost_turns[them - 1] > 0
    for player, sign, fb, fw in fives:
        live = (fb & reach_white).bit_count() + (fw & reach_black).bit_count()
        latent = (fb & ~reach_white).bit_count() + (fw & ~reach_black).bit_count()
        if sign < 0:
            score -= (300 * live if live < 2 else 900) * caution // 100
            score -= 25 * latent * caution // 100
        else:
            score += (60 if double else 25) * latent + 40 * live
    if double:
        score += 40
    return score
