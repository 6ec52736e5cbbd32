"""The ``perft`` command both games' command lines share (``flipside.<game>.cli``)."""

from __future__ import annotations

from collections.abc import Callable, Iterable

from flipside.i18n import tr


def print_perft[B](
    board: B,
    depth: int,
    divide: bool,
    count: Callable[[B, int], int],
    count_each: Callable[[B, int], Iterable[tuple[object, int]]],
) -> int:
    """The ``perft`` command of either game: the leaf count on the last line, after one
    ``<move> <count>`` line per move when ``divide`` is set."""
    if depth < 0:
        raise ValueError(tr("bad perft depth {depth}: expected 0 or more", depth=depth))
    if divide and depth >= 1:
        total = 0
        for move, n in count_each(board, depth):
            print(f"{move} {n}")
            total += n
        print(total)
    else:
        print(count(board, depth))
    return 0
