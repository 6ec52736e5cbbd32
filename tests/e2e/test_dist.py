"""The built folder itself: lock file, service worker list, relative URLs, manifest; and a
new build replacing the old cache in the browser."""

from __future__ import annotations

import hashlib
import json
import re
import shutil
import subprocess
import zipfile
from pathlib import Path

from conftest import PageWatch, StaticServer, wait_ready, wait_until
from playwright.sync_api import Browser

from flipside import facade
from tools.build.site import write_service_worker

ROOT = Path(__file__).resolve().parents[2]


def sw_build(dist: Path) -> dict:
    match = re.search(r"^const BUILD = (\{.*\});$", (dist / "sw.js").read_text(), re.MULTILINE)
    assert match, "sw.js carries no build list"
    return json.loads(match.group(1))


def test_lock_file_lists_the_served_wheels_with_their_hashes(dist: Path) -> None:
    lock = json.loads((dist / "pyodide" / "pyodide-lock.json").read_text())
    assert lock["info"]["python"].startswith("3.14")
    assert set(lock["packages"]) == {"flipside", "micropip"}
    for package in lock["packages"].values():
        wheel = dist / "pyodide" / package["file_name"]
        assert hashlib.sha256(wheel.read_bytes()).hexdigest() == package["sha256"]
    assert lock["packages"]["micropip"]["version"] == "0.11.1"


def test_service_worker_precaches_every_file(dist: Path) -> None:
    build = sw_build(dist)
    on_disk = {p.relative_to(dist).as_posix() for p in dist.rglob("*") if p.is_file()}
    assert set(build["files"]) | set(build["lazy"]) == (on_disk - {"sw.js"}) | {"./"}
    # The puzzle sets and the explorer's trees are cached when they are first opened, not on
    # the first visit.
    explorer = sorted(f"explorer/{p.name}" for p in (dist / "explorer").iterdir())
    assert build["lazy"] == [*explorer, "puzzles/othello.json", "puzzles/themisto.json"]
    assert {"explorer/othello.bin", "explorer/themisto.bin", "explorer/modules.json"} <= set(
        explorer
    )
    assert not set(build["files"]) & set(build["lazy"])
    assert re.fullmatch(r"[0-9a-f]{16}", build["version"])


def test_every_url_is_relative(dist: Path) -> None:
    for page in [dist / "index.html", *sorted((dist / "js").glob("*.js"))]:
        text = page.read_text()
        urls = re.findall(r"""(?:src|href)=["']([^"']+)["']""", text)
        urls += re.findall(r"""(?:import|from)\s*\(?\s*["']([^"']+)["']""", text)
        for url in urls:
            assert not url.startswith(("/", "http:", "https:")), f"{page.name}: {url}"
    manifest = json.loads((dist / "manifest.webmanifest").read_text())
    assert manifest["start_url"] == "./" and manifest["scope"] == "./"
    sizes = {icon["sizes"] for icon in manifest["icons"]}
    assert {"192x192", "512x512"} <= sizes
    for icon in manifest["icons"]:
        assert (dist / icon["src"]).is_file()


def test_a_new_build_replaces_the_old_cache(browser: Browser, dist: Path, tmp_path: Path) -> None:
    site = tmp_path / "site"
    shutil.copytree(dist, site)
    server = StaticServer(site)
    context = browser.new_context()
    watch = PageWatch(context)
    try:
        page = context.new_page()
        page.goto(server.origin + "/")
        wait_ready(page)
        wait_until(page, "navigator.serviceWorker.controller !== null", 60_000)
        old = f"flipside-{sw_build(site)['version']}"
        assert page.evaluate("caches.keys()") == [old]

        with (site / "style.css").open("a") as css:
            css.write("\n/* a new build */\n")
        new = f"flipside-{write_service_worker(site, ROOT / 'web' / 'sw.js')}"
        assert new != old
        page.reload()
        wait_ready(page)
        wait_until(page, f"(await caches.keys()).join() === {new!r}", 60_000)
        # The page the old build served is told, and its Reload brings up the new build.
        wait_until(page, "window.flipside.snapshot().notice?.includes('new version')", 30_000)
        page.click("#notice-action")
        wait_ready(page)
        assert "a new build" in page.evaluate("fetch('style.css').then((r) => r.text())")
        assert page.evaluate("window.flipside.snapshot().notice") is None
        assert watch.errors == []
    finally:
        context.close()
        server.close()


APP_IN_PYODIDE = """
import importlib, json, pkgutil, sys
import flipside
from flipside import facade as web

for info in pkgutil.walk_packages(flipside.__path__, "flipside."):
    if not info.name.endswith((".cli", ".__main__")):
        importlib.import_module(info.name)

def call(method, **params):
    answer = json.loads(web.handle(json.dumps({"id": 1, "method": method, "params": params})))
    assert "result" in answer, answer
    return answer["result"]

out = {"stdlib": next(p for p in sys.path if p.endswith(".zip"))}
# Modules built into the interpreter (frozen) never read the zip: it should not carry them.
import zipfile
shipped = set(zipfile.ZipFile(out["stdlib"]).namelist())
out["frozen_in_zip"] = sorted(
    name for name, module in sys.modules.items()
    if getattr(getattr(module, "__spec__", None), "origin", None) == "frozen"
    and {name.replace(".", "/") + ".pyc", name.replace(".", "/") + "/__init__.pyc"} & shipped
)
for game, opening in (("othello", "othello/f5d6c3"), ("themisto", None)):
    record = opening or call("new", game=game)["record"]
    move = call("think", record=record, level=3, seconds=0.5)["move"]
    state = call("play", record=record, move=move)
    out[game] = {
        "move": move,
        # (a Themisto move that is not legal makes play fail above)
        "legal": game == "themisto" or move in call("state", record=record)["legalNames"],
        "hints": len(call("hints", record=state["record"], seconds=0.5)),
        "value": call("value", record=state["record"])["value"],
        "opening": call("opening", record=record),
        "explored": call("explore", record=record)["found"],
    }
german = json.loads(web.handle(json.dumps(
    {"id": 2, "method": "state", "params": {"record": "othello/f5"}, "lang": "de"})))
out["german"] = german.get("result", german)["status" if "result" in german else "message"]
json.dumps(out)
"""


def test_the_reduced_stdlib_runs_the_whole_package(dist: Path) -> None:
    """The site ships only the standard library modules the package imports: every module of
    the package (but the command line) imports in Pyodide with it, and the AI of both games
    plays, hints and evaluates, with the weights and book fetched beside the wheel; the
    explorer of both games answers from its tree."""
    full = ROOT / "node_modules" / "pyodide" / "python_stdlib.zip"
    reduced = dist / "pyodide" / "python_stdlib.zip"
    with zipfile.ZipFile(full) as whole, zipfile.ZipFile(reduced) as part:
        assert len(part.namelist()) < len(whole.namelist()) / 2
    done = subprocess.run(
        ["node", str(ROOT / "tests" / "pyodide" / "run_python.mjs"), APP_IN_PYODIDE],
        capture_output=True,
        text=True,
        check=False,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    out = json.loads(done.stdout.strip().splitlines()[-1])
    assert out["stdlib"].endswith(".zip")
    assert out["frozen_in_zip"] == []
    assert out["othello"]["legal"] is True and out["othello"]["hints"] > 0
    assert out["othello"]["opening"]["name"]  # the book's data file was installed
    assert out["themisto"]["legal"] is True and out["themisto"]["hints"] > 0
    assert out["othello"]["explored"] is True and out["themisto"]["explored"] is True
    assert isinstance(out["themisto"]["value"], int | float)
    native = facade.handle(
        json.dumps({"id": 2, "method": "state", "params": {"record": "othello/f5"}, "lang": "de"})
    )
    assert (
        out["german"] == json.loads(native)["result"]["status"] != "White to move"
    )  # gettext shipped


def test_the_ai_data_is_served_beside_a_light_wheel(dist: Path) -> None:
    files = json.loads((dist / "pyodide" / "data" / "files.json").read_text())
    assert set(files) == {
        "othello/ai/eval_weights.bin",
        "othello/ai/opening-book.bin",
        "locale/de.mo",
        "locale/ja.mo",
    }
    wheel = next((dist / "pyodide").glob("flipside-*.whl"))
    with zipfile.ZipFile(wheel) as app:
        names = app.namelist()
        record = app.read(next(n for n in names if n.endswith("RECORD"))).decode()
    assert not [n for n in names if n.endswith((".bin", ".mo"))]
    for game in ("othello", "themisto"):  # the explorer's trees: served in explorer/
        tree = (ROOT / "py" / "flipside" / game / "explorer.bin").read_bytes()
        assert (dist / "explorer" / f"{game}.bin").read_bytes() == tree
    # and its modules: not in the wheel (a first visit may download it), listed beside them
    modules = json.loads((dist / "explorer" / "modules.json").read_text())
    assert set(modules) == {
        "tree_file.pyc",
        "symmetry.pyc",
        "othello/explorer.pyc",
        "themisto/explorer.pyc",
    }
    assert not (set(modules) | {"explore_cli.pyc"}) & {n.removeprefix("flipside/") for n in names}
    assert "explorer" not in record and "tree_file" not in record
    assert ".bin" not in record and ".mo," not in record
    for target, served in files.items():
        assert (ROOT / "py" / "flipside" / target).read_bytes() == (
            dist / "pyodide" / "data" / served
        ).read_bytes()
