"""The benchmark table printed by ``./build.sh bench`` (native only, not in the wheel).

    PYTHONPATH=py .venv/bin/python -m tools.bench.table [--list] [--only SECTION ...]

Every row is a ``(name, value, note)`` tuple: ``value`` a number or a short string, ``note``
the unit and whatever makes the number meaningful (target, sample size).

Sections come by convention: every module ``tools/bench/sections/<name>.py`` defines
``rows() -> list[tuple[str, float | int | str, str]]``; it is imported when its section runs
(``web`` first, then the others in name order) and its rows are printed under the heading
``<name>``. A section that raises is reported in its place and the table goes on.
``--only web othello_ai`` limits the table to some sections; ``--list`` names them.
"""

from __future__ import annotations

import argparse
import importlib
import sys
import time
import traceback
from collections.abc import Callable
from pathlib import Path
from typing import Any

SECTIONS = Path(__file__).resolve().parent / "sections"
FIRST = "web"

Row = tuple[str, Any, str]


# -- table ---------------------------------------------------------------------------------


def sections() -> dict[str, Callable[[], list[Row]]]:
    """Section name -> function returning its rows: web first, then the rest by name."""
    names = sorted(p.stem for p in SECTIONS.glob("*.py") if not p.stem.startswith("_"))
    found: dict[str, Callable[[], list[Row]]] = {}
    for name in sorted(names, key=lambda name: (name != FIRST, name)):

        def load(module: str = f"tools.bench.sections.{name}") -> list[Row]:
            rows = getattr(importlib.import_module(module), "rows", None)
            if rows is None:
                return [(f"({module} has no rows() yet)", "-", "see the convention above")]
            return list(rows())

        found[name] = load
    return found


def format_value(value: Any) -> str:
    if isinstance(value, float):
        return f"{value:,.3g}" if abs(value) < 100 else f"{value:,.0f}"
    if isinstance(value, int):
        return f"{value:,}"
    return str(value)


def print_rows(rows: list[Row]) -> None:
    """Print a section's rows as the table does (a section run on its own)."""
    for label, value, note in rows:
        print(f"{label:48} {format_value(value):>12}  {note}", flush=True)


def main() -> int:
    parser = argparse.ArgumentParser(
        prog="python -m tools.bench.table", description="Print the Flipside benchmark table."
    )
    parser.add_argument("--only", nargs="+", metavar="SECTION", help="sections to run")
    parser.add_argument("--list", action="store_true", help="list the sections and stop")
    args = parser.parse_args()
    available = sections()
    if args.list:
        print("\n".join(available))
        return 0
    chosen = args.only or list(available)
    unknown = [name for name in chosen if name not in available]
    if unknown:
        parser.error(f"unknown section(s) {unknown}; choose from {list(available)}")
    failures = 0
    print(f"{'benchmark':48} {'value':>12}  unit / note")
    for name in chosen:
        print(f"-- {name} " + "-" * (72 - len(name)))
        start = time.perf_counter()
        try:
            rows = available[name]()
        except Exception as exc:  # noqa: BLE001 - one broken section must not hide the rest
            failures += 1
            traceback.print_exc(file=sys.stderr)
            print(f"{name + ' FAILED':48} {'-':>12}  {type(exc).__name__}: {exc}")
            continue
        print_rows(rows)
        print(f"{'(section time)':48} {time.perf_counter() - start:>12.1f}  s")
    return 1 if failures else 0


if __name__ == "__main__":
    raise SystemExit(main())
