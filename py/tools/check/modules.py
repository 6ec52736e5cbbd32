"""The module map: every module of ``py/flipside`` and ``web/js`` with its lines and imports.

    PYTHONPATH=py .venv/bin/python -m tools.check.modules [--quiet]

For each module: its line count and the modules of the same tree it imports. Python imports
are read with ``ast``, at module level and inside functions alike (imports under ``if
TYPE_CHECKING:`` are left out: they never run). JavaScript imports are the static ``import
... from``, ``import "..."`` and ``export ... from``, the dynamic ``import("...")`` and
``new Worker(new URL("...", import.meta.url))``; a worker runs in its own global scope, so it
is listed but is no edge of an import circle. Then, for each tree, its import circles (groups
of modules that reach each other through imports), and the ``web/js`` modules over
``LONG_LINES`` lines of code (blank lines and comments, JSDoc types among them, not counted)
without a reason at their top: a line starting with ``LONG_MARKER``
within the first ``MARKER_LINES`` lines. And every import points down: a game's modules
(``GAME_PACKAGES``) import none of the modules that sit above the games (``ABOVE_GAMES``: the
registry, the facade, the review, the CLIs). Exits with 1 when there is a circle, an upward
import or an unexplained long module (``tests/test_module_map.py`` asserts there is none).
"""

from __future__ import annotations

import argparse
import ast
import re
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath

from tools import ROOT

LONG_LINES = 350
GAME_PACKAGES = ("flipside.othello", "flipside.themisto")
ABOVE_GAMES = (
    "flipside.games",
    "flipside.review",
    "flipside.review_cli",
    "flipside.training",
    "flipside.facade",
    "flipside.import_export",
    "flipside.links",
    "flipside.cli",
    "flipside.__main__",
)
"""Modules that use the games: a game importing one would be an arrow pointing up."""
LONG_MARKER = "// Long because:"
MARKER_LINES = 10


@dataclass
class Module:
    """One source file: its name in its tree, its lines, the modules of the tree it imports
    (``imports``, the edges of circles) and the workers it starts (``workers``)."""

    name: str
    path: Path
    lines: int
    imports: set[str] = field(default_factory=set)
    code: int | None = None  # lines of code (a JS module's lines less blanks and comments)
    workers: set[str] = field(default_factory=set)


# -- Python -----------------------------------------------------------------------------------


def _is_type_checking(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def _import_nodes(tree: ast.AST) -> list[ast.Import | ast.ImportFrom]:
    """Every import statement that can run (function bodies included)."""
    found: list[ast.Import | ast.ImportFrom] = []
    stack: list[ast.AST] = [tree]
    while stack:
        node = stack.pop()
        if isinstance(node, ast.Import | ast.ImportFrom):
            found.append(node)
            continue
        if isinstance(node, ast.If) and _is_type_checking(node):
            stack.extend(node.orelse)
            continue
        stack.extend(ast.iter_child_nodes(node))
    return found


def _python_targets(node: ast.Import | ast.ImportFrom, name: str, is_package: bool) -> list[str]:
    """The dotted names an import statement of module ``name`` may load."""
    if isinstance(node, ast.Import):
        return [alias.name for alias in node.names]
    base = node.module or ""
    if node.level:
        parts = name.split(".") if is_package else name.split(".")[:-1]
        parts = parts[: len(parts) - (node.level - 1)]
        base = ".".join([*parts, base] if base else parts)
    return [base] + [f"{base}.{alias.name}" for alias in node.names]


def python_modules(package_dir: Path) -> dict[str, Module]:
    """The modules of the package in ``package_dir`` (named from the package's own name)."""
    top = package_dir.name
    paths = sorted(package_dir.rglob("*.py"))
    names = {}
    for path in paths:
        parts = [top, *path.relative_to(package_dir).with_suffix("").parts]
        names[path] = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
    known = set(names.values())
    modules = {}
    for path in paths:
        name, text = names[path], path.read_text()
        module = Module(name, path, len(text.splitlines()))
        for node in _import_nodes(ast.parse(text, str(path))):
            for target in _python_targets(node, name, path.name == "__init__.py"):
                # a module's own packages are always imported before it: no new edge
                if target in known and not (name == target or name.startswith(target + ".")):
                    module.imports.add(target)
        modules[name] = module
    return modules


# -- JavaScript -------------------------------------------------------------------------------

_STATIC = re.compile(r"""\b(?:import|export)\s+(?:[\w*${}\s,]+?\s+from\s*)?["']([^"']+)["']""")
_DYNAMIC = re.compile(r"""\bimport\s*\(\s*["']([^"']+)["']\s*\)""")
_WORKER = re.compile(r"""\bnew\s+(?:Shared)?Worker\s*\(\s*new\s+URL\s*\(\s*["']([^"']+)["']""")
_SCRIPTS = re.compile(r"""\bimportScripts\s*\(([^)]*)\)""")
_COMMENTS = re.compile(r"/\*.*?\*/|(?:^|(?<=\s))//[^\n]*", re.DOTALL)


def _resolve(name: str, spec: str) -> str | None:
    """The tree-relative name of ``spec`` imported by module ``name``, or None (a package
    or URL outside the tree)."""
    if not spec.startswith("."):
        return None
    parts: list[str] = []
    for part in (PurePosixPath(name).parent / spec).parts:
        if part == "..":
            if not parts:
                return None
            parts.pop()
        elif part != ".":
            parts.append(part)
    return "/".join(parts)


def js_modules(js_dir: Path) -> dict[str, Module]:
    """The ``*.js`` modules under ``js_dir``, named by their path in it (``games/othello.js``)."""
    modules = {}
    for path in sorted(js_dir.rglob("*.js")):
        name = path.relative_to(js_dir).as_posix()
        text = path.read_text()
        module = Module(name, path, len(text.splitlines()))
        code = _COMMENTS.sub("", text)
        module.code = sum(1 for line in code.splitlines() if line.strip())
        specs = _STATIC.findall(code) + _DYNAMIC.findall(code)
        for listed in _SCRIPTS.findall(code):
            specs += re.findall(r"""["']([^"']+)["']""", listed)
        module.imports = {t for s in specs if (t := _resolve(name, s)) is not None}
        module.workers = {t for s in _WORKER.findall(code) if (t := _resolve(name, s))}
        modules[name] = module
    for module in modules.values():
        module.imports &= modules.keys()
        module.workers &= modules.keys()
    return modules


# -- checks -----------------------------------------------------------------------------------


def circles(modules: dict[str, Module]) -> list[list[str]]:
    """The import circles: groups of two or more modules that import each other, directly
    or through others (strongly connected components, Tarjan), each sorted, by first name."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(name: str) -> None:
        index[name] = low[name] = len(index)
        stack.append(name)
        on_stack.add(name)
        for target in sorted(modules[name].imports):
            if target not in index:
                visit(target)
                low[name] = min(low[name], low[target])
            elif target in on_stack:
                low[name] = min(low[name], index[target])
        if low[name] == index[name]:
            group = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                group.append(member)
                if member == name:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    for name in sorted(modules):
        if name not in index:
            visit(name)
    return sorted(found)


def explained(path: Path) -> bool:
    """Whether a module says at its top why it is long (``LONG_MARKER``)."""
    head = path.read_text().splitlines()[:MARKER_LINES]
    return any(line.strip().startswith(LONG_MARKER) for line in head)


def unexplained_long(modules: dict[str, Module], limit: int = LONG_LINES) -> list[str]:
    """The modules over ``limit`` lines of code without a reason at their top."""
    return [
        m.name
        for m in modules.values()
        if (m.lines if m.code is None else m.code) > limit and not explained(m.path)
    ]


def upward(modules: dict[str, Module]) -> list[str]:
    """``"module -> target"`` for every import of a game's module (``GAME_PACKAGES``) that
    reaches a module above the games (``ABOVE_GAMES``)."""
    return [
        f"{name} -> {target}"
        for name, module in sorted(modules.items())
        if any(name == p or name.startswith(p + ".") for p in GAME_PACKAGES)
        for target in sorted(module.imports)
        if target in ABOVE_GAMES
    ]


# -- report -----------------------------------------------------------------------------------


def report(title: str, modules: dict[str, Module]) -> list[str]:
    """The lines printed for one tree."""
    out = [f"== {title}: {len(modules)} modules, {sum(m.lines for m in modules.values())} lines"]
    width = max((len(name) for name in modules), default=0)
    for name, module in modules.items():
        targets = sorted(module.imports) + [f"worker {w}" for w in sorted(module.workers)]
        out.append(f"{name:{width}} {module.lines:5}  {', '.join(targets) or '-'}")
    return out


def problems(title: str, modules: dict[str, Module], sizes: bool) -> list[str]:
    """The circles of a tree and, with ``sizes``, its unexplained long modules."""
    out = [f"{title}: import circle: {' <-> '.join(group)}" for group in circles(modules)]
    out += [f"{title}: import points up: {edge}" for edge in upward(modules)]
    if sizes:
        out += [
            f"{title}: {name} has {modules[name].lines} lines (over {LONG_LINES}) and no "
            f"'{LONG_MARKER}' line in its first {MARKER_LINES}"
            for name in unexplained_long(modules)
        ]
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quiet", action="store_true", help="print the problems only")
    args = parser.parse_args(argv)
    trees = [
        ("py/flipside", python_modules(ROOT / "py" / "flipside"), False),
        ("web/js", js_modules(ROOT / "web" / "js"), True),
    ]
    found = []
    for title, modules, sizes in trees:
        if not args.quiet:
            print("\n".join(report(title, modules)), end="\n\n")
        found += problems(title, modules, sizes)
    print(
        "\n".join(found)
        or "no import circles, no upward imports, no unexplained long web/js modules"
    )
    return 1 if found else 0


if __name__ == "__main__":
    raise SystemExit(main())
