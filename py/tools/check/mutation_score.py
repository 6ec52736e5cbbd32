"""Mutation score per module from `mutmut results --all true` (used by ./build.sh mutate).

    PYTHONPATH=py .venv/bin/python -m tools.check.mutation_score RESULTS_FILE

Each line of the file is `    flipside.module.x_function__mutmut_N: status`. The score is
killed / all mutants (a timeout counts as killed: the mutant made the tests hang); mutants
that no selected test reaches ("no tests") count as not killed.
"""

from __future__ import annotations

import re
import sys
from collections import Counter, defaultdict
from pathlib import Path

LINE = re.compile(r"^\s*(?P<name>\S+)__mutmut_\d+: (?P<status>.+?)\s*$")
KILLED = ("killed", "timeout")


def module_of(name: str) -> str:
    """`flipside.othello.board.xǁBoardǁpush` → `flipside.othello.board`."""
    parts = name.split(".")
    while parts and not parts[-1].startswith(("x_", "xǁ")):
        parts.pop()
    return ".".join(parts[:-1])


def main(argv: list[str]) -> int:
    counts: dict[str, Counter[str]] = defaultdict(Counter)
    survivors: list[str] = []
    for line in Path(argv[1]).read_text().splitlines():
        m = LINE.match(line)
        if m:
            counts[module_of(m["name"])][m["status"]] += 1
            if m["status"] not in KILLED:
                survivors.append(line.strip())
    # Modules left out of this run (``./build.sh mutate MOD``) have only unchecked mutants.
    skipped = sorted(mod for mod, c in counts.items() if set(c) == {"not checked"})
    for module in skipped:
        del counts[module]
    survivors = [s for s in survivors if module_of(s.split("__mutmut_")[0]) not in skipped]
    print(f"{'module':<28} {'mutants':>7} {'killed':>7} {'score':>6}  others")
    for module, c in sorted(counts.items()):
        total = sum(c.values())
        killed = sum(c[s] for s in KILLED)
        others = ", ".join(f"{n} {s}" for s, n in sorted(c.items()) if s != "killed")
        print(f"{module:<28} {total:>7} {killed:>7} {killed / total:>6.1%}  {others}")
    print(f"{len(survivors)} not killed (see `mutmut show NAME` in the stage folder)")
    if skipped:
        print(f"not in this run: {', '.join(skipped)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv))
