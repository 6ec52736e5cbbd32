"""A static file server that gzips what hosts usually gzip, and counts the bytes it sends.

Used by the first-visit bench (``bench_first_visit.py``) and the tests of the light first
visit: it stands for a typical static host, which compresses text and WebAssembly on the fly
(``js mjs wasm json html css svg``, when the browser accepts gzip) and sends everything else
(zip, wheels, the gzipped snapshot, images) as it is. Every response is logged with the
bytes that went over the wire (headers and body), so a test or bench can see what a visit
cost, file by file. Standard library only; one thread per connection.
"""

from __future__ import annotations

import email.utils
import functools
import gzip
import http.server
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import ClassVar

GZIPPED = {".js", ".mjs", ".wasm", ".json", ".html", ".css", ".svg", ".webmanifest"}


@dataclass(frozen=True)
class Sent:
    """One response: the path asked for, its status, bytes on the wire, when it ended."""

    path: str
    status: int
    wire_bytes: int
    gzipped: bool
    at: float


class _Handler(http.server.SimpleHTTPRequestHandler):
    extensions_map: ClassVar[dict[str, str]] = {
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        ".mjs": "text/javascript",
        ".js": "text/javascript",
        ".wasm": "application/wasm",
        ".webmanifest": "application/manifest+json",
        ".json": "application/json",
        ".svg": "image/svg+xml",
    }
    protocol_version = "HTTP/1.1"  # keep-alive, as a real host
    server: GzipServer

    def log_message(self, format: str, *args: object) -> None:
        pass

    def do_GET(self) -> None:
        path = self.translate_path(self.path)
        file = Path(path)
        if file.is_dir():
            file = file / "index.html"
        accepts = "gzip" in self.headers.get("Accept-Encoding", "")
        if not file.is_file():
            self.send_error(404, "File not found")
            self.server.record(self.path, 404, 0, False)
            return
        if self._unchanged(file):
            self.send_response(304)
            self.send_header("Content-Length", "0")
            self.end_headers()
            self.server.record(self.path, 304, 60, False)
            return
        body = file.read_bytes()
        zipped = accepts and file.suffix in GZIPPED
        if zipped:
            body = self.server.compressed(file, body)
        head = [
            ("Content-Type", self.guess_type(str(file))),
            ("Content-Length", str(len(body))),
            ("Last-Modified", self.date_time_string(int(file.stat().st_mtime))),
        ]
        if zipped:
            head.append(("Content-Encoding", "gzip"))
        self.send_response(200)
        for name, value in head:
            self.send_header(name, value)
        self.end_headers()
        header_bytes = sum(len(n) + len(v) + 4 for n, v in head) + 40
        try:
            self.wfile.write(body)
        except OSError:
            return
        self.server.record(self.path, 200, header_bytes + len(body), zipped)

    def _unchanged(self, file: Path) -> bool:
        """The browser's copy is current (If-Modified-Since), as any host would answer."""
        since = self.headers.get("If-Modified-Since")
        if not since:
            return False
        try:
            when = email.utils.parsedate_to_datetime(since).timestamp()
        except (TypeError, ValueError):
            return False
        return int(file.stat().st_mtime) <= when


class GzipServer(http.server.ThreadingHTTPServer):
    daemon_threads = True

    def __init__(self, root: Path) -> None:
        super().__init__(("127.0.0.1", 0), functools.partial(_Handler, directory=str(root)))
        self.log: list[Sent] = []
        self._lock = threading.Lock()
        self._gz: dict[tuple[Path, float], bytes] = {}

    def handle_error(self, request: object, client_address: object) -> None:
        pass  # a browser closing a connection early is normal

    def compressed(self, file: Path, body: bytes) -> bytes:
        key = (file, file.stat().st_mtime)
        with self._lock:
            if key not in self._gz:
                self._gz[key] = gzip.compress(body, compresslevel=6, mtime=0)
            return self._gz[key]

    def record(self, path: str, status: int, wire_bytes: int, gzipped: bool) -> None:
        with self._lock:
            self.log.append(Sent(path.split("?")[0], status, wire_bytes, gzipped, time.time()))

    def take_log(self) -> list[Sent]:
        """The responses sent since the last call."""
        with self._lock:
            out, self.log = self.log, []
        return out


class ServeGzip:
    """``GzipServer`` for ``root`` on a free port of 127.0.0.1, in a thread; ``stop()``."""

    def __init__(self, root: Path) -> None:
        self.httpd = GzipServer(root)
        self.origin = f"http://127.0.0.1:{self.httpd.server_address[1]}"
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)
        self.thread.start()
        self.running = True

    def stop(self) -> None:
        if self.running:
            self.running = False
            self.httpd.shutdown()
            self.httpd.server_close()
