"""The built folder itself: lock file, service worker list, relative URLs, manifest; and a
new build replacing the old cache in the browser."""

from __future__ import annotations

import hashlib
import json
import re
import shutil
import sys
from pathlib import Path

from conftest import PageWatch, StaticServer, wait_ready, wait_until
from playwright.sync_api import Browser

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "py" / "tools"))
from build_site import write_service_worker


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
    assert set(build["files"]) == (on_disk - {"sw.js"}) | {"./"}
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
