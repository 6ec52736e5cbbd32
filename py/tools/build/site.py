"""Assemble the static site in ``dist/`` from the sources (called by ``./build.sh build``).

The folder it writes is complete and self-contained:

- the page (``web/``: HTML, JS, manifest, icons);
- ``style.css``: the page's styles, one file per room in ``web/css/`` (``index.css`` imports
  them in order) bundled into one stylesheet (``bundle_styles``);
- ``pyodide/``: the Pyodide runtime files from the npm package ``pyodide``, the pinned
  micropip wheel, the app wheel built from ``pyproject.toml`` (its ``*.bin`` data, the AI's
  weights and book, taken out to ``pyodide/data/``: fetched on the AI's first use; its
  modules compiled to bytecode, see ``pyodide_compile_wheel.mjs``), a
  ``pyodide-lock.json``
  made with ``pyodide lockfile add-wheels`` (so the runtime loads ``flipside`` by name,
  hash-checked), trimmed to the packages whose wheel is in the folder, a reduced standard
  library (only what the package imports, see ``pyodide_stdlib.mjs``) and a
  memory snapshot of the started interpreter with it (``startup-snapshot.bin.gz``, see
  ``pyodide_snapshot.mjs``);
- ``explorer/``: each game's opening explorer tree (``<game>.bin``) and the explorer's modules
  (compiled, with a list ``modules.json``), taken out of the app wheel: fetched when the
  explorer is first opened, cached by the service worker then;
- ``js/main.js``: the page's modules bundled into one file (``bundle_page``); the sources
  stay one module per room, the site loads five small modules and the bundle; modules the
  page loads once the game is ready (``js/library.js``, the game library) are bundles of
  their own;
- ``sw.js``: the service worker, with the list of every file and a cache name derived
  from their contents.

Every URL in the site is relative, so the folder can be served from any path.
"""

from __future__ import annotations

import argparse
import base64
import gzip
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

from tools import ROOT, i18n
from tools.build import rules_html

RUNTIME_FILES = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
)
SNAPSHOT = "startup-snapshot.bin.gz"
PRECACHE_PLACEHOLDER = "const BUILD = null; // replaced by build_site.py"
SIZES_PLACEHOLDER = "const SIZES = {}; // replaced by build_site.py"
INLINE_HASH_PLACEHOLDER = "'sha256-of-the-inline-script'"
# The modules that stay files of their own beside the bundle: the first module and what it
# starts before the page (one engine instance, shared by main.js), and the worker.
LAZY_PREFIXES = ("puzzles/", "explorer/")
"""Files the service worker does not precache: fetched (and then cached) when first opened,
so that a first visit stays as light as before them."""
SEPARATE_MODULES = (
    "boot.js",
    "errors.js",
    "rules-engine.js",
    "engine.js",
    "i18n.js",
    "worker.js",
    "shared-table.js",  # the search workers import it too, only in a cross-origin isolated page
)
LATER_MODULES = ("library.js", "qr-code.js", "trainer.js")
"""Entry modules the page imports once the game is ready, each bundled on its own."""


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


EXPLORER_TREE = re.compile(r"flipside/([a-z]+)/explorer\.bin")
"""A game's opening explorer tree in the wheel: served as ``explorer/<game>.bin``."""


def split_data(wheel: Path, pyodide_dir: Path) -> Path:
    """Copy ``wheel`` into ``pyodide_dir`` without its ``*.bin`` data (the AI's weights and
    opening book, the explorers' trees) and its ``*.mo`` catalogs; write the AI's data and
    the catalogs to ``pyodide_dir/data/`` with a list ``data/files.json``, and each game's
    explorer tree to ``explorer/<game>.bin`` beside ``pyodide_dir``.

    The rules need none of them: the worker fetches the AI's when the AI is first used, a
    catalog when a request first asks for its language, and a tree when the explorer first
    asks about a position of its game, so a first visit does not wait. Entries keep their
    dates and order, and ``RECORD`` loses the lines of the files taken out, so the wheel
    stays valid and reproducible.
    """
    data_dir = pyodide_dir / "data"
    data_dir.mkdir()
    trees = pyodide_dir.parent / "explorer"
    out = pyodide_dir / wheel.name
    moved: list[str] = []
    files: dict[str, str] = {}
    with zipfile.ZipFile(wheel) as full, zipfile.ZipFile(out, "w") as light:
        for info in full.infolist():
            body = full.read(info)
            name = info.filename.removeprefix("flipside/")
            tree = EXPLORER_TREE.fullmatch(info.filename)
            if tree:
                trees.mkdir(exist_ok=True)
                (trees / f"{tree.group(1)}.bin").write_bytes(body)
                moved.append(name)
                continue
            if info.filename.endswith((".bin", ".mo")):
                (data_dir / name.replace("/", "-")).write_bytes(body)
                files[name] = name.replace("/", "-")
                moved.append(name)
                continue
            if info.filename.endswith(".dist-info/RECORD"):
                lines = body.decode().splitlines(keepends=True)
                body = "".join(
                    line
                    for line in lines
                    if line.split(",")[0].removeprefix("flipside/") not in moved
                ).encode()
            light.writestr(info, body, compress_type=zipfile.ZIP_DEFLATED, compresslevel=9)
    (data_dir / "files.json").write_text(json.dumps(files, indent=1, sort_keys=True))
    return out


EXPLORER_MODULES = re.compile(r"flipside/(tree_file|symmetry|[a-z]+/explorer)\.pyc")
"""The opening explorer's modules in the compiled wheel: served in ``explorer/`` instead."""
EXPLORER_COMMAND = "flipside/explore_cli.pyc"
"""The explorer's command line: no page runs it, so the site leaves it out."""


def split_explorer(wheel: Path, out_dir: Path) -> None:
    """Take the opening explorer's modules out of the compiled ``wheel`` (rewritten in place,
    its ``RECORD`` without them) into ``out_dir``, with a list ``modules.json``, and leave its
    command out: the worker fetches the modules with the game's tree when the explorer is
    first opened, so that they add nothing to the wheel a first visit may download."""
    moved: dict[str, str] = {}
    dropped: set[str] = set()
    light = wheel.with_suffix(".tmp")
    with zipfile.ZipFile(wheel) as full, zipfile.ZipFile(light, "w") as out:
        for info in full.infolist():
            body = full.read(info)
            name = info.filename.removeprefix("flipside/")
            if EXPLORER_MODULES.fullmatch(info.filename):
                moved[name] = name.replace("/", "-")
                (out_dir / moved[name]).write_bytes(body)
                continue
            if info.filename == EXPLORER_COMMAND:
                dropped.add(name)
                continue
            if info.filename.endswith(".dist-info/RECORD"):
                lines = body.decode().splitlines(keepends=True)
                gone = {*moved, *dropped}
                body = "".join(
                    line
                    for line in lines
                    if line.split(",")[0].removeprefix("flipside/") not in gone
                ).encode()
            out.writestr(info, body, compress_type=zipfile.ZIP_DEFLATED, compresslevel=9)
    if len(moved) < 3:
        raise SystemExit(f"build_site: the explorer's modules are not in {wheel.name}: {moved}")
    (out_dir / "modules.json").write_text(json.dumps(moved, indent=1, sort_keys=True))
    light.replace(wheel)


def compile_wheel(wheel: Path, npm_runtime: Path) -> None:
    """Replace ``wheel`` by the same wheel with its modules compiled to bytecode for
    Pyodide's Python (``pyodide_compile_wheel.mjs``), cached in ``.cache/bytecode``."""
    script = Path(__file__).with_name("pyodide_compile_wheel.mjs")
    key = hashlib.sha256(script.read_bytes() + wheel.read_bytes())
    key.update((npm_runtime / "pyodide.asm.wasm").read_bytes())
    cache_dir = ROOT / ".cache" / "bytecode"
    cached = cache_dir / f"{key.hexdigest()[:16]}.whl"
    if not cached.exists():
        cache_dir.mkdir(parents=True, exist_ok=True)
        made = cache_dir / "wheel.tmp"
        _run(["node", str(script), str(npm_runtime), str(wheel), str(made)])
        for old in cache_dir.glob("*.whl"):
            old.unlink()
        made.rename(cached)
    shutil.copy2(cached, wheel)


def write_reduced_stdlib(pyodide_dir: Path, npm_runtime: Path, wheels: list[Path]) -> None:
    """Replace ``python_stdlib.zip`` by the modules the package imports (not micropip's: the
    site serves micropip but never loads it).

    ``pyodide_stdlib.mjs`` finds them by running the app in Pyodide with the full one; kept
    in ``.cache/stdlib`` under the hash of its inputs (like the snapshot), so the build stays
    reproducible and quick.
    """
    script = Path(__file__).with_name("pyodide_stdlib.mjs")
    key = hashlib.sha256(script.read_bytes())
    for path in [*(npm_runtime / name for name in RUNTIME_FILES), *wheels]:
        key.update(path.read_bytes())
    cache_dir = ROOT / ".cache" / "stdlib"
    cached = cache_dir / f"{key.hexdigest()[:16]}.zip"
    if not cached.exists():
        cache_dir.mkdir(parents=True, exist_ok=True)
        made = cache_dir / "stdlib.tmp"
        _run(["node", str(script), str(npm_runtime), str(wheels[0]), str(made)])
        for old in cache_dir.glob("*.zip"):
            old.unlink()
        made.rename(cached)
    shutil.copy2(cached, pyodide_dir / "python_stdlib.zip")


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


def allow_inline_script(index: Path) -> None:
    """Name the page's one inline script (it starts the engine's worker) in its
    Content-Security-Policy by its SHA-256, so that it runs and no other inline script does."""
    text = index.read_text()
    scripts = re.findall(r"<script>(.*?)</script>", text, flags=re.DOTALL)
    if len(scripts) != 1 or INLINE_HASH_PLACEHOLDER not in text:
        raise SystemExit(
            f"build_site: {index} needs one inline script and {INLINE_HASH_PLACEHOLDER}"
        )
    digest = base64.b64encode(hashlib.sha256(scripts[0].encode()).digest()).decode()
    index.write_text(text.replace(INLINE_HASH_PLACEHOLDER, f"'sha256-{digest}'"))


def bundle_page(dist: Path) -> None:
    """Replace ``dist/js/main.js`` and the modules it imports by one bundle (esbuild, pinned
    in ``package.json``; ``bundle_page.mjs``), leaving ``SEPARATE_MODULES`` as they are; and
    each of ``LATER_MODULES`` (loaded by an ``import()`` once the game is ready) by a bundle
    of its own, so that the page's bundle, which comes before the game is playable, does
    not carry them.

    Thirty-odd modules before the first frame cost the cold start about 150 ms on
    127.0.0.1 (docs/notes/2026-11-25-rooms.md); one file does not. Identifiers are kept, so
    the page's error log still names functions.
    """
    js = dist / "js"
    meta = ROOT / "build" / "page-bundle.json"
    meta.parent.mkdir(exist_ok=True)
    script = Path(__file__).with_name("bundle_page.mjs")
    web_js = ROOT / "web" / "js"
    sources: set[Path] = set()
    for entry in ("main.js", *LATER_MODULES):
        separate = [*SEPARATE_MODULES, *(m for m in LATER_MODULES if m != entry)]
        _run(["node", str(script), str(web_js), entry, str(js / entry), str(meta), *separate])
        inputs = json.loads(meta.read_text())["inputs"]
        meta.unlink()
        for name in inputs:
            source = (ROOT / name).resolve()
            if source.is_relative_to(web_js) and source.relative_to(web_js).name in separate:
                raise SystemExit(f"build_site: {source} must stay outside the {entry} bundle")
            if source.is_relative_to(web_js):
                sources.add(source.relative_to(web_js))
    for source in sources - {Path(m) for m in ("main.js", *LATER_MODULES)}:
        (js / source).unlink(missing_ok=True)
    for folder in sorted(js.rglob("*"), reverse=True):
        if folder.is_dir() and not any(folder.iterdir()):
            folder.rmdir()


def bundle_styles(dist: Path) -> None:
    """Write ``dist/style.css``, the one stylesheet the page links, from ``web/css/index.css``
    and the files it imports (esbuild, as ``bundle_page``); stop if a file of ``web/css/`` is
    not in it (a room's styles left out). The sources are not copied to ``dist``."""
    web_css = ROOT / "web" / "css"
    meta = ROOT / "build" / "style-bundle.json"
    meta.parent.mkdir(exist_ok=True)
    esbuild = ROOT / "node_modules" / ".bin" / "esbuild"
    _run(
        [
            str(esbuild),
            str(web_css / "index.css"),
            "--bundle",
            f"--outfile={dist / 'style.css'}",
            "--minify-syntax",
            "--minify-whitespace",
            "--legal-comments=none",
            "--log-level=warning",
            f"--metafile={meta}",
        ]
    )
    inputs = {(ROOT / name).resolve() for name in json.loads(meta.read_text())["inputs"]}
    meta.unlink()
    left_out = sorted(p.name for p in web_css.glob("*.css") if p.resolve() not in inputs)
    if left_out:
        raise SystemExit(f"build_site: web/css/index.css does not import {', '.join(left_out)}")


def write_sizes(dist: Path) -> None:
    """Tell the worker the size of each runtime file, for its progress (a host that gzips a
    file sends a Content-Length that is not the size the page reads)."""
    worker = dist / "js" / "worker.js"
    text = worker.read_text()
    if SIZES_PLACEHOLDER not in text:
        raise SystemExit(f"build_site: {worker} lacks the line {SIZES_PLACEHOLDER!r}")
    sizes = {p.name: p.stat().st_size for p in sorted((dist / "pyodide").iterdir()) if p.is_file()}
    worker.write_text(text.replace(SIZES_PLACEHOLDER, f"const SIZES = {json.dumps(sizes)};"))


def write_service_worker(dist: Path, template: Path) -> str:
    """Write ``dist/sw.js`` with the precache list (every file but the ``LAZY_PREFIXES``
    ones, which it caches when the page first asks for them); return the build's content
    hash (of every file)."""
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
    lazy = [name for name in files if name.startswith(LAZY_PREFIXES)]
    eager = [name for name in files if name not in lazy]
    build = {"version": version, "files": ["./", *eager], "lazy": lazy}
    text = text.replace(PRECACHE_PLACEHOLDER, f"const BUILD = {json.dumps(build)};")
    (dist / "sw.js").write_text(text)
    return version


def write_page_catalogs(out: Path) -> None:
    """Write the page's catalog of each translated language (``locale/<lang>.json``, from
    ``py/flipside/locale/<lang>.po``, the catalog Python's ``.mo`` is compiled from)."""
    out.mkdir()
    for language in i18n.LANGUAGES:
        text = json.dumps(i18n.page_catalog(language), ensure_ascii=False, separators=(",", ":"))
        (out / f"{language}.json").write_text(text, encoding="utf-8")


def build_site(dist: Path, extra_wheels: list[Path]) -> str:
    """Rebuild ``dist`` from scratch; return the build version."""
    web = ROOT / "web"
    npm_runtime = ROOT / "node_modules" / "pyodide"
    if not (npm_runtime / "pyodide.mjs").exists():
        raise SystemExit("build_site: node_modules/pyodide is missing (run ./build.sh setup)")
    shutil.rmtree(dist, ignore_errors=True)
    shutil.copytree(
        web, dist, ignore=shutil.ignore_patterns("sw.js", "*.txt", ".*", "css", "*.d.ts")
    )
    index = dist / "index.html"
    index.write_text(rules_html.fill(index.read_text(), ROOT / "docs"))
    write_page_catalogs(dist / "locale")
    allow_inline_script(index)
    bundle_page(dist)
    bundle_styles(dist)
    pyodide_dir = dist / "pyodide"
    pyodide_dir.mkdir()
    for name in RUNTIME_FILES:
        shutil.copy2(npm_runtime / name, pyodide_dir / name)
    app = build_app_wheel(ROOT / "build" / "wheel")
    light = split_data(app, pyodide_dir)
    compile_wheel(light, npm_runtime)
    split_explorer(light, dist / "explorer")
    wheels = [light, *(Path(shutil.copy2(w, pyodide_dir / w.name)) for w in extra_wheels)]
    write_lock(pyodide_dir, wheels, npm_runtime)
    write_reduced_stdlib(pyodide_dir, npm_runtime, [app, *wheels[1:]])
    write_snapshot(pyodide_dir, wheels[0], ROOT / ".cache" / "snapshot")
    write_sizes(dist)
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
