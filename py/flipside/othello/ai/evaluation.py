"""Pattern evaluation of Othello positions, trained on the WTHOR archive.

``evaluate(P, O)`` estimates the final disc difference for the side to move (owning ``P``), in
units of ``1 / SCALE`` disc. It sums one weight per *pattern placement* (a fixed ordered list
of squares, e.g. the a1-h8 diagonal or the 3x3 block at a corner), looked up by the base-3
configuration of those squares (empty 0, side to move 1, opponent 2, square i weighing 3**i),
plus one constant per number of empty squares. Every pattern is used in all its symmetric
placements, and one table serves them all, so the evaluation is invariant under the 8 board
symmetries. Tables differ by game stage (number of empty squares).

The weights file ``eval_weights.bin`` (written by ``py/tools/train_evaluation.py``) also
describes the patterns. For speed, the two bitboards are interleaved into one 128-bit int ``Q``
(2 bits per square: bit 2*sq for ``P``, bit 2*sq+1 for ``O``), each placement's 2-bit cells are
gathered into a contiguous key with a few mask-multiply-shift steps ("magic" gathers, planned
at import and checked to be carry free), and a shared table turns the key into the base-3 index.
The evaluation function itself is generated at import as one flat expression.
"""

from __future__ import annotations

import operator
import struct
import sys
import zlib
from array import array
from collections.abc import Callable, Sequence
from importlib import resources

WEIGHTS_FILE = "eval_weights.bin"


def _read_weights() -> bytes:
    try:
        blob = resources.files(__package__).joinpath(WEIGHTS_FILE).read_bytes()
    except FileNotFoundError:
        raise FileNotFoundError(
            f"{WEIGHTS_FILE} is missing: run `python py/tools/train_evaluation.py`"
        ) from None
    return zlib.decompress(blob)


class Weights:
    """The parsed weights file: patterns, stage of each number of empties and tables."""

    def __init__(self, data: bytes) -> None:
        if len(data) < 12 + 61:
            raise ValueError(f"{WEIGHTS_FILE}: truncated header")
        magic, version, scale, n_classes, n_stages = struct.unpack_from("<4sHHHH", data)
        if magic != b"FSEV" or version != 1:
            raise ValueError(f"{WEIGHTS_FILE}: not a version 1 evaluation weights file")
        pos = 12
        self.scale: int = scale
        self.stage_of_empties: list[int] = list(data[pos : pos + 61])
        pos += 61
        if max(self.stage_of_empties) >= n_stages:
            raise ValueError(f"{WEIGHTS_FILE}: stage out of range")
        self.images: list[list[list[int]]] = []  # per class, its 8 ordered images
        for _ in range(n_classes):
            n = data[pos]
            pos += 1
            if not 1 <= n <= 10 or pos + 8 * n > len(data):
                raise ValueError(f"{WEIGHTS_FILE}: bad pattern description")
            self.images.append([list(data[pos + n * g : pos + n * (g + 1)]) for g in range(8)])
            pos += 8 * n
        self.sizes = [3 ** len(imgs[0]) for imgs in self.images]
        expand = [_expansion(imgs) for imgs in self.images]
        if len(data) != pos + 2 * (n_stages * sum(stored for stored, _ in expand) + 61):
            raise ValueError(f"{WEIGHTS_FILE}: size does not match its header")
        self.tables: list[list[Sequence[int]]] = []  # [stage][class] -> weights by index
        for _ in range(n_stages):
            row: list[Sequence[int]] = []
            for stored, gather in expand:
                a = array("h")
                a.frombytes(data[pos : pos + 2 * stored])
                if sys.byteorder == "big":
                    a.byteswap()
                values = a.tolist()
                row.append(values if gather is None else gather(values))
                pos += 2 * stored
            self.tables.append(row)
        b = array("h")
        b.frombytes(data[pos : pos + 2 * 61])
        if sys.byteorder == "big":
            b.byteswap()
        self.bias: list[int] = b.tolist()

    def placements(self, c: int) -> list[list[list[int]]]:
        """Per distinct placement (square set) of class ``c``, its valid orderings."""
        groups: dict[frozenset[int], list[list[int]]] = {}
        for img in self.images[c]:
            groups.setdefault(frozenset(img), []).append(img)
        return list(groups.values())


def _reordered_indices(n: int, inv: list[int]) -> list[int]:
    """For every index of an n-square pattern, its index when square j is read as square
    inv[j] (digit j of the index moves to place inv[j])."""
    out = [0]
    for j in range(n):
        step = 3 ** inv[j]
        out = [x + d * step for d in range(3) for x in out]
    return out


def _expansion(
    imgs: list[list[int]],
) -> tuple[int, Callable[[list[int]], tuple[int, ...]] | None]:
    """Number of stored weights of a pattern class and how to expand them to the full table.

    Configurations that are the same squares read in another valid order of the placement
    share one weight; the file stores only the smallest index of each such family (its
    "canonical" index), in increasing order. None: every index is stored.
    """
    first = imgs[0]
    n = len(first)
    maps = []
    for img in imgs:
        if set(img) == set(first) and img != first:
            inv = [img.index(sq) for sq in first]  # square first[j] is cell inv[j] of img
            maps.append(_reordered_indices(n, inv))
    if not maps:
        return 3**n, None
    canon = list(range(3**n))
    for m in maps:
        canon = list(map(min, canon, m))
    rank = [0] * 3**n
    stored = 0
    for i, c in enumerate(canon):
        if c == i:
            rank[i] = stored
            stored += 1
    return stored, operator.itemgetter(*[rank[c] for c in canon])


def _gather_groups(order: list[int]) -> list[tuple[int, int, int, int]]:
    """Split a placement's cells into groups gathered by one carry-free multiply each.

    Returns per group (mask on Q, multiplier, right shift, mask on the key): the group's part
    of the key is ``((Q & mask) * mul >> shift) & keymask``. Cell i of ``order`` lands at
    key bits 2i, 2i+1.
    """
    groups: list[list[int]] = []
    for i in range(len(order)):
        for g in groups:
            if _feasible(order, g + [i]):
                g.append(i)
                break
        else:
            groups.append([i])
    out = []
    for g in groups:
        src = [2 * order[i] for i in g]
        shift = max(0, max(s - 2 * i for s, i in zip(src, g)))
        mul = sum({1 << (shift + 2 * i - s) for s, i in zip(src, g)})
        mask = sum(3 << s for s in src)
        keymask = sum(3 << 2 * i for i in g)
        out.append((mask, mul, shift, keymask))
    return out


def _feasible(order: list[int], cells: list[int]) -> bool:
    """True when one multiply moves these cells to their key positions without carries:
    every (source cell, multiplier term) product lands on a distinct 2-bit slot."""
    src = [2 * order[i] for i in cells]
    shift = max(0, max(s - 2 * i for s, i in zip(src, cells)))
    terms = {shift + 2 * i - s for s, i in zip(src, cells)}
    landed = [s + t for s in src for t in terms]
    return len(landed) == len(set(landed))


def _key_expr(order: list[int]) -> tuple[str, int]:
    """Python expression of the gathered key of a placement, and its cost in operations.

    Groups within ranks 1-4 read ``L`` (the low 64 bits of ``Q``), groups within ranks 5-8
    read ``H`` (``Q >> 64``): smaller ints are faster. A plain shift needs no mask when it
    keeps the top cells of the int."""
    parts = []
    cost = 0
    for mask, mul, shift, keymask in _gather_groups(order):
        terms = [t for t in range(mul.bit_length()) if mul >> t & 1]
        var, width = "Q", 128
        if mask & ((1 << 64) - 1) == mask:
            var, width = "L", 64
        elif mask & ((1 << 64) - 1) == 0:
            var, width, mask = "H", 64, mask >> 64
            shift -= 64
            if shift < 0:  # multiplier terms were aligned for Q: realign
                mul <<= -shift
                shift = 0
        if len(terms) == 1:  # a plain shift
            delta = shift - terms[0]
            if delta < 0:
                parts.append(f"({var} << {-delta} & {keymask:#x})")
            elif keymask == (1 << (width - delta)) - 1:
                parts.append(f"({var} >> {delta})")
            elif delta == 0:
                parts.append(f"({var} & {keymask:#x})")
            else:
                parts.append(f"({var} >> {delta} & {keymask:#x})")
            cost += 2
        else:
            parts.append(f"(({var} & {mask:#x}) * {mul:#x} >> {shift} & {keymask:#x})")
            cost += 4
    return " | ".join(parts), cost


def _index_expr(orderings: list[list[int]]) -> tuple[str, list[int]]:
    """Expression of a placement's base-3 index with the cheapest of its valid square
    orderings, and that ordering. Cells 8 and 9 (10-square patterns) use a second key."""
    best: tuple[int, str, list[int]] | None = None
    for order in orderings:
        expr, cost = _key_expr(order[:8])
        expr = f"K[{expr}]"
        if len(order) > 8:
            hi, hcost = _key_expr(order[8:])
            expr += f" + KH[{hi}]"
            cost += hcost
        if best is None or cost < best[0]:
            best = (cost, expr, order)
    assert best is not None
    return best[1], best[2]


def _interleave_lines() -> str:
    """Source lines computing ``Q`` (bit 2*sq: P, bit 2*sq+1: O) and its halves ``L``, ``H``.

    ``P | O << 64`` is spread to one bit in two (7 shift-or-mask steps), which puts ``P``'s
    bits at the even positions below 128 and ``O``'s at the even positions from 128."""
    lines = "    y = P | O << 64\n"
    for step in (64, 32, 16, 8, 4, 2, 1):
        keep = sum(((1 << step) - 1) << i for i in range(0, 256, 2 * step))
        lines += f"    y = (y | y << {step}) & {keep:#x}\n"
    lines += f"    Q = y & {(1 << 128) - 1:#x} | y >> 127\n"
    return lines + f"    L = Q & {(1 << 64) - 1:#x}\n    H = Q >> 64\n"


def _build(
    w: Weights,
) -> tuple[Callable[[int, int], int], Callable[[int, int], list[int]], list[tuple[int, list[int]]]]:
    """Generate the fast evaluation and index functions from the weights' patterns."""
    exprs: list[tuple[int, str]] = []
    plan: list[tuple[int, list[int]]] = []  # (class, ordering used by the slow reference)
    for c in range(len(w.images)):
        for orderings in w.placements(c):
            expr, order = _index_expr(orderings)
            exprs.append((c, expr))
            plan.append((c, order))
    names = [f"t{c}" for c in range(len(w.images))]
    head = "    K = _K\n    KH = _KH\n" + _interleave_lines()
    src = "def evaluate(P, O):\n" + head
    src += f"    {', '.join(names)}, bias = _STAGE[64 - (P | O).bit_count()]\n"
    src += "    v = (bias\n" + "".join(f"        + t{c}[{e}]\n" for c, e in exprs) + "    )\n"
    limit = 64 * w.scale - 1  # an estimate never claims a certain wipe-out
    src += f"    if v > {limit}:\n        return {limit}\n"
    src += f"    if v < {-limit}:\n        return {-limit}\n    return v\n"
    src += "def indices(P, O):\n" + head
    src += "    return [\n" + "".join(f"        {e},\n" for _, e in exprs) + "    ]\n"
    k4 = [sum(((k >> 2 * i) & 3) * 3**i for i in range(4)) for k in range(256)]
    kh = [((k & 3) + 3 * (k >> 2 & 3)) * 6561 for k in range(16)]  # cells 8, 9
    stage = []
    for e in range(61):
        s = w.stage_of_empties[e]
        stage.append((*w.tables[s], w.bias[e]))
    namespace: dict[str, object] = {
        "_K": [lo + 81 * hi for hi in k4 for lo in k4],
        "_KH": kh,
        "_STAGE": stage,
    }
    exec(compile(src, "<flipside.othello.ai.evaluation>", "exec"), namespace)  # noqa: S102 - our own generated code
    return namespace["evaluate"], namespace["indices"], plan  # type: ignore[return-value]


_WEIGHTS = Weights(_read_weights())
SCALE: int = _WEIGHTS.scale
_evaluate, _indices, PLACEMENTS = _build(_WEIGHTS)


_evaluate.__doc__ = """Estimated final disc difference (P minus O, empties to the winner) for
the side to move owning bitboard P, in units of 1/SCALE disc. P and O are 64-bit ints (bit
8*rank+file).

The result is within +-(64 * SCALE - 1): an estimate is never worth a certain wipe-out."""
evaluate: Callable[[int, int], int] = _evaluate
"""The generated evaluation itself (no wrapper: the search calls it at every leaf)."""


def pattern_indices(P: int, O: int) -> list[int]:
    """Base-3 index of every placement, in ``PLACEMENTS`` order (fast gathers)."""
    return _indices(P, O)


def pattern_indices_slow(P: int, O: int) -> list[int]:
    """Reference for ``pattern_indices``: reads every square one by one."""
    out = []
    for _, order in PLACEMENTS:
        idx = 0
        for i, sq in enumerate(order):
            idx += (1 if P >> sq & 1 else 2 if O >> sq & 1 else 0) * 3**i
        out.append(idx)
    return out


def evaluate_slow(P: int, O: int) -> int:
    """Reference for ``evaluate`` built on ``pattern_indices_slow``."""
    empties = 64 - (P | O).bit_count()
    tables = _WEIGHTS.tables[_WEIGHTS.stage_of_empties[empties]]
    total = _WEIGHTS.bias[empties]
    for (c, _), idx in zip(PLACEMENTS, pattern_indices_slow(P, O)):
        total += tables[c][idx]
    limit = 64 * SCALE - 1
    return max(-limit, min(limit, total))


def stage(empties: int) -> int:
    """Index of the weight stage used with this many empty squares (0..60)."""
    if not 0 <= empties <= 60:
        raise ValueError(f"empties must be 0..60, got {empties}")
    return _WEIGHTS.stage_of_empties[empties]
