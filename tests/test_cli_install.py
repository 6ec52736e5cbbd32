"""The installed command: the wheel built from this checkout, installed by pip into a fresh
virtual environment without the network, gives ``flipside`` (pyproject's
``[project.scripts]``) with the AI's data files: the rules, the opening book and the
evaluation answer through it, and the NBoard engine answers a short session."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

from flipside.othello.board import Board
from nboard_lines import GO, check_hint

ROOT = Path(__file__).resolve().parents[1]
START = "---------------------------OX------XO--------------------------- X"


def run(argv: list[str], cwd: Path, stdin: str = "") -> subprocess.CompletedProcess[str]:
    """Run a command outside this checkout: no PYTHONPATH, a working directory of its own."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    return subprocess.run(
        argv,
        input=stdin,
        capture_output=True,
        text=True,
        cwd=cwd,
        env=env,
        timeout=300,
        check=False,
    )


def build_wheel(tmp_path: Path) -> Path:
    """The wheel of a copy of the sources (so no build files are left in the checkout)."""
    source = tmp_path / "source"
    (source / "py").mkdir(parents=True)
    for name in ("pyproject.toml", "README.md"):
        shutil.copy(ROOT / name, source / name)
    shutil.copytree(
        ROOT / "py" / "flipside",
        source / "py" / "flipside",
        ignore=shutil.ignore_patterns("__pycache__", "*.pyc"),
    )
    out = tmp_path / "dist"
    argv = [sys.executable, "-m", "build", "--wheel", "--no-isolation", "--outdir", str(out)]
    built = run([*argv, str(source)], tmp_path)
    assert built.returncode == 0, built.stdout[-2000:] + built.stderr[-2000:]
    (wheel,) = out.glob("flipside-*.whl")
    return wheel


def test_the_wheel_installs_the_flipside_command(tmp_path: Path) -> None:
    wheel = build_wheel(tmp_path)
    venv = tmp_path / "venv"
    assert run([sys.executable, "-m", "venv", "--without-pip", str(venv)], tmp_path).returncode == 0
    python = venv / "bin" / "python"
    pip = [sys.executable, "-m", "pip", "--python", str(python), "install", "--no-index"]
    installed = run([*pip, "--no-deps", str(wheel)], tmp_path)
    assert installed.returncode == 0, installed.stdout + installed.stderr
    where = run([str(python), "-c", "import flipside; print(flipside.__file__)"], tmp_path)
    assert where.stdout.startswith(str(venv)), where.stdout  # the installed copy, not this one

    flipside = str(venv / "bin" / "flipside")
    moves = run([flipside, "othello", "moves", START], tmp_path)
    assert (moves.returncode, moves.stdout, moves.stderr) == (0, "d3 c4 f5 e6\n", "")

    session = "nboard 1\nping 1\nset depth 4\ngo\nset depth 2\nhint 2\nping 2\nquit\n"
    engine = run([flipside, "othello", "nboard"], tmp_path, session)
    assert engine.returncode == 0 and engine.stderr == ""
    lines = engine.stdout.splitlines()
    assert lines[:2] == ["pong 1", "set myname Flipside4"]
    book = GO.match(lines[3])  # depth 4 plays the opening book's move
    assert book is not None and book["move"] in ("D3", "C4", "F5", "E6"), lines
    assert "book move" in lines[4] and lines[5] == "set myname Flipside2"
    check_hint(Board(), lines[6:-1], 2)  # the evaluation's values
    assert lines[-1] == "pong 2"
