"""``droidhub view``: a local web viewer of run folders, on loopback only.

The server answers a handful of GET routes; the page (``viewer_static/``) does the rest
in the browser:

- ``/`` and ``/static/NAME``: the page, its script and its style;
- ``/api/index``: the runs, every episode's summary, the errors counted
  (:func:`droidhub.report.browse.episode_index`);
- ``/api/episode?run=R&family=F&task=T&instance=I``: one episode with its steps;
- ``/files/R/F/T/I/NAME``: a screenshot (or a picture a model was sent) of that
  episode, read only through :func:`droidhub.report.browse.step_file`.

It binds 127.0.0.1 (a run's screenshots and prompts are not for the network), reads the
run folders once at start, and writes nothing.
"""

from __future__ import annotations

import json
import threading
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from importlib import resources
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, unquote, urlsplit

from droidhub.report.browse import Run, episode_detail, episode_index, step_file

__all__ = ["Viewer", "serve"]

LOOPBACK = "127.0.0.1"
_STATIC = {
    "index.html": "text/html; charset=utf-8",
    "viewer.js": "text/javascript; charset=utf-8",
    "viewer.css": "text/css; charset=utf-8",
}


def _static(name: str) -> bytes:
    return resources.files("droidhub.report").joinpath("viewer_static", name).read_bytes()


class Viewer:
    """The runs a viewer shows, read once."""

    def __init__(self, run_dirs: list[Path]) -> None:
        self.runs = [Run.load(i, path) for i, path in enumerate(run_dirs)]
        self.index = json.dumps(episode_index(self.runs)).encode()

    def run(self, number: str) -> Run | None:
        """The run numbered ``number`` (as the browser sends it), if there is one."""
        return self.runs[int(number)] if number.isdigit() and int(number) < len(self.runs) else None


def _handler(viewer: Viewer) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        server_version = "droidhub-view"

        def log_message(self, format: str, *args: Any) -> None:
            """Quiet: a browser's requests are not the user's business."""

        def do_GET(self) -> None:
            url = urlsplit(self.path)
            path = unquote(url.path)
            if path in ("/", "/index.html"):
                self._send(_static("index.html"), _STATIC["index.html"])
            elif path.startswith("/static/") and path[8:] in _STATIC:
                self._send(_static(path[8:]), _STATIC[path[8:]])
            elif path == "/api/index":
                self._send(viewer.index, "application/json")
            elif path == "/api/episode":
                self._episode(parse_qs(url.query))
            elif path.startswith("/files/"):
                self._file(path[len("/files/") :].split("/"))
            else:
                self._fail(HTTPStatus.NOT_FOUND)

        def _episode(self, query: dict[str, list[str]]) -> None:
            wanted = {k: v[0] for k, v in query.items() if v}
            run = viewer.run(wanted.get("run", ""))
            instance = wanted.get("instance", "")
            if run is None or not instance.isdigit():
                return self._fail(HTTPStatus.NOT_FOUND)
            try:
                found = episode_detail(
                    run, wanted.get("family", ""), wanted.get("task", ""), int(instance)
                )
            except ValueError:  # a name that is no plain name
                found = None
            if found is None:
                return self._fail(HTTPStatus.NOT_FOUND)
            self._send(json.dumps(found).encode(), "application/json")

        def _file(self, parts: list[str]) -> None:
            if len(parts) != 5 or not parts[3].isdigit():
                return self._fail(HTTPStatus.NOT_FOUND)
            run = viewer.run(parts[0])
            if run is None:
                return self._fail(HTTPStatus.NOT_FOUND)
            try:
                path, kind = step_file(run, parts[1], parts[2], int(parts[3]), parts[4])
                data = path.read_bytes()
            except (ValueError, OSError):
                return self._fail(HTTPStatus.NOT_FOUND)
            self._send(data, kind, cache=True)

        def _send(
            self, body: bytes, kind: str, cache: bool = False, status: HTTPStatus = HTTPStatus.OK
        ) -> None:
            self.send_response(status)
            self.send_header("Content-Type", kind)
            self.send_header("Content-Length", str(len(body)))
            self.send_header("X-Content-Type-Options", "nosniff")
            self.send_header("Cache-Control", "max-age=3600" if cache else "no-store")
            self.end_headers()
            self.wfile.write(body)

        def _fail(self, status: HTTPStatus) -> None:
            self._send(status.phrase.encode(), "text/plain; charset=utf-8", status=status)

    return Handler


def serve(run_dirs: list[Path], port: int = 0) -> tuple[ThreadingHTTPServer, threading.Thread]:
    """Start the viewer of ``run_dirs`` on 127.0.0.1:``port`` (0: any free port) in a
    thread; the server (its ``server_address`` says the port) and the thread."""
    server = ThreadingHTTPServer((LOOPBACK, port), _handler(Viewer(run_dirs)))
    server.daemon_threads = True
    thread = threading.Thread(target=server.serve_forever, name="droidhub-view", daemon=True)
    thread.start()
    return server, thread
