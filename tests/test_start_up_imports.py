"""The start-up snapshot holds the rules only: importing the facade loads no AI module and no
explorer.

The page's worker takes its memory snapshot after importing ``flipside.facade``; the
snapshot is near Pyodide's heap limit, so anything more imported before it (the AI, its
weights, the import/export readers) would make every start fall back to the slow path.
"""

from __future__ import annotations

import subprocess
import sys

LAZY_PREFIXES = (
    "flipside.othello.ai",
    "flipside.othello.xot",
    "flipside.review",
    "flipside.themisto.ai",
    "flipside.import_export",
    "flipside.othello.ggf",
    "flipside.othello.wthor",
    "flipside.othello.explorer",
    "flipside.themisto.explorer",
    "flipside.explore_cli",
    "flipside.tree_file",
    "flipside.symmetry",
)


def loaded_after(statement: str) -> list[str]:
    code = f"import sys; {statement}; print(' '.join(m for m in sys.modules if m.startswith('flipside')))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    return out.stdout.split()


def test_importing_the_facade_loads_no_ai_module() -> None:
    loaded = loaded_after("import flipside.facade")
    assert "flipside.facade" in loaded and "flipside.games" in loaded
    assert "flipside.othello.game" in loaded and "flipside.themisto.game" in loaded
    assert [m for m in loaded if m.startswith(LAZY_PREFIXES)] == []


def test_importing_the_facade_loads_no_random_module() -> None:
    """``random`` (and what it imports) is only needed by dealt openings and the AI."""
    code = "import sys, flipside.facade; print('random' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


def test_the_check_sees_an_ai_module_when_one_is_loaded() -> None:
    loaded = loaded_after(
        'import flipside.facade as f; f.handle(\'{"method": "value", "params": {"record": "othello/"}}\')'
    )
    assert "flipside.othello.ai.engine" in loaded
    assert "flipside.themisto.ai.engine" not in loaded


def test_the_page_importing_every_module_loads_no_process_machinery() -> None:
    """The page's Python imports every module of the package (the build's standard library
    is what that loads): the command line's worker pool and the split searches must not
    bring in ``multiprocessing`` or ``concurrent.futures`` (nor a module the page did not
    load before them, such as ``uuid``)."""
    code = (
        "import importlib, pkgutil, sys, flipside\n"
        "for info in pkgutil.walk_packages(flipside.__path__, 'flipside.'):\n"
        "    if not info.name.endswith(('.cli', '.__main__')):\n"
        "        importlib.import_module(info.name)\n"
        "heavy = ('multiprocessing', 'concurrent.futures', 'uuid')\n"
        "print(' '.join(m for m in heavy if m in sys.modules))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == ""
