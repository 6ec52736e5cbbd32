"""Assemble the static site in ``dist/`` from the sources (called by ``./build.sh build``).

The folder it writes is complete and self-contained:

- the page (``web/``: HTML, CSS, JS, manifest, icons);
- ``pyodide/``: the Pyodide runtime files from the npm package ``pyodide``, the pinned
  micropip wheel, the app wheel built from ``pyproject.toml`` and a ``pyodide-lock.json``
  made with ``pyodide lockfile add-wheels`` (so the runtime loads ``flipside`` by name,
  hash-checked), trimmed to the packages whose wheel is in the folder, and a memory snapshot
  of the started interpreter (``startup-snapshot.bin.gz``, see ``pyodide_snapshot.mjs``);
- ``sw.js``: the service worker, with the list of every file and a cache name derived
  from their contents.

Every URL in the site is relative, so the folder can be served from any path.
"""

from __future__ import annotations

import argparse
import gzip
import hashlib
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import rules_html  # a sibling module of this script

ROOT = Path(__file__).resolve().parents[2]
RUNTIME_FILES = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
)
SNAPSHOT = "startup-snapshot.bin.gz"
PRECACHE_PLACEHOLDER = "const BUILD = null; // replaced by build_site.py"


def _run(command: list[str]) -> None:
    """Run a build tool quietly; on failure show its output and stop."""
    env = {**os.environ, "SOURCE_DATE_EPOCH": "315532800"}  # reproducible wheel: same hash
    done = subprocess.run(command, check=False, cwd=ROOT, env=env, capture_output=True, text=True)
    if done.returncode != 0:
        sys.stderr.write(done.stdout + done.stderr)
        raise SystemExit(f"build_site: {' '.join(command[:4])} ... failed ({done.returncode})")


def build_app_wheel(out_dir: Path) -> Path:
    """Build the ``flipside`` wheel from ``pyproject.toml`` into ``out_dir``."""
    shutil.rmtree(ROOT / "build", ignore_errors=True)  # stale modules would sneak in
    shutil.rmtree(out_dir, ignore_errors=True)
    _run([sys.executable, "-m", "build", "--wheel", "--no-isolation", "--outdir", str(out_dir)])
    shutil.rmtree(ROOT / "build" / "lib", ignore_errors=True)
    wheels = sorted(out_dir.glob("flipside-*.whl"))
    if len(wheels) != 1:
        raise SystemExit(f"build_site: expected one flipside wheel in {out_dir}, got {wheels}")
    return wheels[0]


def write_snapshot(pyodide_dir: Path, app: Path, cache_dir: Path) -> None:
    """Write the gzipped start-up memory snapshot (runtime started, ``app`` imported).

    It depends only on the runtime files, the app wheel and the script that makes it, so it
    is kept in ``cache_dir`` under their hash (making one takes seconds, and two are not
    byte-identical: the cache keeps the build, and so its content hash, reproducible).
    """
    script = Path(__file__).with_name("pyodide_snapshot.mjs")
    key = hashlib.sha256(script.read_bytes())
    for path in [*(pyodide_dir / name for name in RUNTIME_FILES), app]:
        key.update(path.read_bytes())
    cached = cache_dir / f"{key.hexdigest()[:16]}.bin.gz"
    if not cached.exists():
        cache_dir.mkdir(parents=True, exist_ok=True)
        raw = cache_dir / "snapshot.tmp"
        _run(["node", str(script), str(pyodide_dir), str(app), str(raw)])
        data = gzip.compress(raw.read_bytes(), compresslevel=6, mtime=0)
        raw.unlink()
        for old in cache_dir.glob("*.bin.gz"):
            old.unlink()
        cached.write_bytes(data)
    shutil.copy2(cached, pyodide_dir / SNAPSHOT)


def write_lock(pyodide_dir: Path, wheels: list[Path], npm_runtime: Path) -> None:
    """Write ``pyodide-lock.json`` listing ``wheels`` (and only what the folder holds)."""
    full = pyodide_dir / "pyodide-lock.full.json"
    pyodide_cli = str(Path(sys.executable).with_name("pyodide"))
    _run(
        [pyodide_cli, "lockfile", "add-wheels", "--input", str(npm_runtime / "pyodide-lock.json")]
        + ["--output", str(full), "--base-path", str(pyodide_dir), *map(str, wheels)]
    )
    lock = json.loads(full.read_text())
    full.unlink()
    present = {p.name for p in pyodide_dir.iterdir()}
    lock["packages"] = {
        name: pkg for name, pkg in lock["packages"].items() if pkg["file_name"] in present
    }
    for wheel in wheels:
        digest = hashlib.sha256(wheel.read_bytes()).hexdigest()
        if not any(p["sha256"] == digest for p in lock["packages"].values()):
            raise SystemExit(f"build_site: {wheel.name} missing from the lock file")
    (pyodide_dir / "pyodide-lock.json").write_text(json.dumps(lock, indent=1, sort_keys=True))


def write_service_worker(dist: Path, template: Path) -> str:
    """Write ``dist/sw.js`` with the precache list; return the build's content hash."""
    files = sorted(
        p.relative_to(dist).as_posix() for p in dist.rglob("*") if p.is_file() and p.name != "sw.js"
    )
    digest = hashlib.sha256()
    for name in files:
        digest.update(name.encode() + b"\0" + (dist / name).read_bytes() + b"\0")
    version = digest.hexdigest()[:16]
    text = template.read_text()
    if PRECACHE_PLACEHOLDER not in text:
        raise SystemExit(f"build_site: {template} lacks the line {PRECACHE_PLACEHOLDER!r}")
    build = {"version": version, "files": ["./", *files]}
    text = text.replace(PRECACHE_PLACEHOLDER, f"const BUILD = {json.dumps(build)};")
    (dist / "sw.js").write_text(text)
    return version


def build_site(dist: Path, extra_wheels: list[Path]) -> str:
    """Rebuild ``dist`` from scratch; return the build version."""
    web = ROOT / "web"
    npm_runtime = ROOT / "node_modules" / "pyodide"
    if not (npm_runtime / "pyodide.mjs").exists():
        raise SystemExit("build_site: node_modules/pyodide is missing (run ./build.sh setup)")
    shutil.rmtree(dist, ignore_errors=True)
    shutil.copytree(web, dist, ignore=shutil.ignore_patterns("sw.js", "*.txt", ".*"))
    index = dist / "index.html"
    index.write_text(rules_html.fill(index.read_text(), ROOT / "docs"))
    pyodide_dir = dist / "pyodide"
    pyodide_dir.mkdir()
    for name in RUNTIME_FILES:
        shutil.copy2(npm_runtime / name, pyodide_dir / name)
    app = build_app_wheel(ROOT / "build" / "wheel")
    wheels = [Path(shutil.copy2(w, pyodide_dir / w.name)) for w in [app, *extra_wheels]]
    write_lock(pyodide_dir, wheels, npm_runtime)
    write_snapshot(pyodide_dir, wheels[0], ROOT / ".cache" / "snapshot")
    return write_service_worker(dist, web / "sw.js")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "dist")
    parser.add_argument("wheels", nargs="*", type=Path, help="extra wheels to serve (micropip)")
    args = parser.parse_args()
    version = build_site(args.out.resolve(), [w.resolve() for w in args.wheels])
    size = sum(p.stat().st_size for p in args.out.rglob("*") if p.is_file())
    print(f"built {args.out} (version {version}, {size / 1e6:.1f} MB)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
