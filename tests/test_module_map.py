"""The module map (tools.check.modules): no import circles in py/flipside or web/js, no web/js
module over 350 lines of code (comments, JSDoc types among them, not counted) without a reason
at its top; and the finder itself on small trees."""

from __future__ import annotations

from pathlib import Path

import pytest

from tools import ROOT
from tools.check import modules as module_map


def write(root: Path, files: dict[str, str]) -> Path:
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
    return root


# -- the real trees ------------------------------------------------------------------------------


def test_py_flipside_has_no_import_circle() -> None:
    assert module_map.circles(module_map.python_modules(ROOT / "py" / "flipside")) == []


def test_no_game_module_imports_a_module_above_the_games() -> None:
    assert module_map.upward(module_map.python_modules(ROOT / "py" / "flipside")) == []


def test_an_import_from_a_game_up_to_the_review_is_found(tmp_path: Path) -> None:
    files = {
        "__init__.py": "",
        "review.py": "from flipside import record\n",
        "record.py": "",
        "othello/__init__.py": "",
        "othello/ai.py": "from flipside import record\ndef f():\n    from flipside import review\n",
    }
    found = module_map.python_modules(write(tmp_path / "flipside", files))
    assert module_map.upward(found) == ["flipside.othello.ai -> flipside.review"]
    assert module_map.problems("py", found, False) == [
        "py: import points up: flipside.othello.ai -> flipside.review"
    ]


def test_web_js_has_no_import_circle() -> None:
    assert module_map.circles(module_map.js_modules(ROOT / "web" / "js")) == []


def test_no_web_js_module_is_long_without_a_reason_at_its_top() -> None:
    assert module_map.unexplained_long(module_map.js_modules(ROOT / "web" / "js")) == []


def test_the_map_lists_every_module_of_both_trees() -> None:
    python = module_map.python_modules(ROOT / "py" / "flipside")
    js = module_map.js_modules(ROOT / "web" / "js")
    assert len(python) == len(list((ROOT / "py" / "flipside").rglob("*.py")))
    assert len(js) == len(list((ROOT / "web" / "js").rglob("*.js")))
    assert "flipside" in python and all(m.lines > 0 for m in [*python.values(), *js.values()])


# -- Python imports and circles on small trees --------------------------------------------------


def test_python_imports_at_module_level_in_functions_and_relative(tmp_path: Path) -> None:
    pkg = write(
        tmp_path / "pkg",
        {
            "__init__.py": "from pkg.a import A\n",
            "a.py": "import os\nfrom . import b\n\nA = 1\n",
            "b.py": "def f():\n    from .sub import c\n    return c\n",
            "sub/__init__.py": "",
            "sub/c.py": "from ..a import A\nfrom pkg import sub\n",
        },
    )
    found = module_map.python_modules(pkg)
    assert set(found) == {"pkg", "pkg.a", "pkg.b", "pkg.sub", "pkg.sub.c"}
    assert found["pkg"].imports == {"pkg.a"}
    assert found["pkg.a"].imports == {"pkg.b"}  # os is outside; pkg itself is a's package
    assert found["pkg.b"].imports == {"pkg.sub", "pkg.sub.c"}  # inside a function
    assert found["pkg.sub.c"].imports == {"pkg.a"}  # its own packages add no edge
    assert found["pkg.a"].lines == 4
    assert module_map.circles(found) == [["pkg.a", "pkg.b", "pkg.sub.c"]]


def test_python_type_checking_imports_make_no_circle(tmp_path: Path) -> None:
    files = {
        "__init__.py": "",
        "a.py": "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from p import b\n",
        "b.py": "import p.a\n",
    }
    found = module_map.python_modules(write(tmp_path / "p", files))
    assert found["p.a"].imports == set() and found["p.b"].imports == {"p.a"}
    assert module_map.circles(found) == []


def test_python_circle_through_a_function_level_import(tmp_path: Path) -> None:
    files = {"__init__.py": "", "a.py": "import q.b\n", "b.py": "def g():\n    import q.a\n"}
    found = module_map.python_modules(write(tmp_path / "q", files))
    assert module_map.circles(found) == [["q.a", "q.b"]]


# -- JavaScript imports, circles and sizes on small trees ---------------------------------------


def test_js_static_dynamic_and_worker_imports(tmp_path: Path) -> None:
    js = write(
        tmp_path,
        {
            "main.js": (
                'import { a,\n  b } from "./lib/a.js";\nimport "./side.js";\n'
                'export { x } from "./lib/x.js";\nimport * as y from "https://example.org/y.js";\n'
                '// import "./commented.js";\n/* import "./commented.js"; */\n'
                'const later = () => import("./later.js");\n'
                'new Worker(new URL("./worker.js", import.meta.url), { type: "module" });\n'
            ),
            "lib/a.js": 'import { helper } from "../side.js";\n',
            "lib/x.js": "",
            "side.js": "",
            "later.js": "",
            "worker.js": 'importScripts("./side.js");\n',
            "commented.js": "",
        },
    )
    found = module_map.js_modules(js)
    assert found["main.js"].imports == {"lib/a.js", "side.js", "lib/x.js", "later.js"}
    assert found["main.js"].workers == {"worker.js"}
    assert found["lib/a.js"].imports == {"side.js"}
    assert found["worker.js"].imports == {"side.js"}
    assert module_map.circles(found) == []


def test_js_circle_through_a_dynamic_import_but_not_through_a_worker(tmp_path: Path) -> None:
    js = write(
        tmp_path,
        {
            "boot.js": 'let page; page ??= import("./main.js");\n',
            "main.js": 'import { start } from "./boot.js";\n',
            "engine.js": 'new Worker(new URL("./worker.js", import.meta.url));\n',
            "worker.js": 'import { x } from "./engine.js";\n',
        },
    )
    assert module_map.circles(module_map.js_modules(js)) == [["boot.js", "main.js"]]


@pytest.mark.parametrize(
    ("head", "lines", "flagged"),
    [
        ("// A short module.\n", 351, False),
        ("// A module.\n", 352, True),
        (
            "/**\n * JSDoc types and comments are not code.\n" + " * line\n" * 60 + " */\n",
            400,
            False,
        ),
        (
            "// A module.\n// Long because: one state machine, split it and it tangles.\n",
            400,
            False,
        ),
        ("\n" * 10 + "// Long because: too far down to count\n", 400, True),
    ],
)
def test_js_long_modules_need_a_reason_at_their_top(
    tmp_path: Path, head: str, lines: int, flagged: bool
) -> None:
    body = head + "const x = 1;\n" * (lines - head.count("\n"))
    found = module_map.js_modules(write(tmp_path, {"big.js": body}))
    assert found["big.js"].lines == lines
    assert module_map.unexplained_long(found) == (["big.js"] if flagged else [])


def test_the_script_reports_problems_and_fails_on_them(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    write(tmp_path / "py" / "flipside", {"__init__.py": "", "a.py": "", "b.py": "import a\n"})
    write(tmp_path / "web" / "js", {"a.js": 'import "./b.js";\n', "b.js": 'import "./a.js";\n'})
    monkeypatch.setattr(module_map, "ROOT", tmp_path)
    assert module_map.main([]) == 1
    out = capsys.readouterr().out
    assert "flipside.a" in out and "web/js: import circle: a.js <-> b.js" in out
    (tmp_path / "web" / "js" / "b.js").write_text("")
    assert module_map.main(["--quiet"]) == 0
    assert capsys.readouterr().out.strip() == (
        "no import circles, no upward imports, no unexplained long web/js modules"
    )
