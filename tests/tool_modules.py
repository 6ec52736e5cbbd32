"""Load a script of ``py/tools`` as a module, for the tests of those scripts."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

TOOLS = Path(__file__).resolve().parents[1] / "py" / "tools"


def load_tool(name: str) -> ModuleType:
    """``py/tools/<name>.py`` imported as the module ``name`` (the tools directory on the
    path, as when the script runs, so it finds its sibling scripts)."""
    if str(TOOLS) not in sys.path:
        sys.path.insert(0, str(TOOLS))
    spec = importlib.util.spec_from_file_location(name, TOOLS / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module
