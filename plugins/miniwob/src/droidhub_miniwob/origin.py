"""The origin MiniWoB pages are served from: ``http://miniwob.invalid``, answered by
droidhub itself, never by the network or the host's files.

The browser is told (DevTools ``Fetch.enable``, every URL) to hand each request to
droidhub before it goes anywhere. :meth:`PageOrigin.on_event` answers it: a GET of
``http://miniwob.invalid/<path>`` is fulfilled from the ``miniwob`` package's html
folder when ``<path>``, symlinks resolved, is a file inside that folder (and the
phone's window around the WebView, :mod:`droidhub_miniwob.phone_window`, from its own
path); anything else (another host, another scheme, a path that leaves the folder) fails. A page on
an http origin cannot load, frame or navigate to ``file://`` URLs: the browser
refuses that by itself, and the pages never run from ``file://``.

``.invalid`` is reserved (RFC 2606): no DNS answers for it, so a request that ever
escaped the interception would find no server either.
"""

from __future__ import annotations

import base64
import mimetypes
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urlsplit

from droidhub_miniwob.cdp import CdpConnection
from droidhub_miniwob.pages import (
    BUILT_PAGES,
    PagesNotFoundError,
    built_page,
    check_task_name,
    html_root,
    patched,
)
from droidhub_miniwob.phone_window import WINDOW_PATH, window_html

#: Scheme and host of every page; the path below it is the path in the html folder.
ORIGIN = "http://miniwob.invalid"
#: Folder of the task pages inside the html folder.
PAGES_FOLDER = "miniwob"


class PageOrigin:
    """Serves one html folder (default: the installed ``miniwob`` package's) at
    :data:`ORIGIN`, and refuses every other request the browser makes."""

    def __init__(self, root: Path | None = None) -> None:
        self._root_arg = root
        self._root: Path | None = None

    @property
    def root(self) -> Path:
        """The served folder, symlinks resolved (PagesNotFoundError without one)."""
        if self._root is None:
            self._root = Path(self._root_arg or html_root()).resolve(strict=True)
        return self._root

    @property
    def folder_key(self) -> str:
        """Which folder this origin serves, as given (empty: the ``miniwob`` package's);
        two origins with the same key answer every request alike."""
        return str(self._root_arg or "")

    def task_url(self, task: str) -> str:
        """The URL of ``task``'s page: :class:`~droidhub_miniwob.pages.UnknownTaskError` for
        a name outside the catalogue, :class:`PagesNotFoundError` when the folder lacks the page."""
        path = f"/{PAGES_FOLDER}/{check_task_name(task)}.html"
        if self.file_for(ORIGIN + path) is None and self._built(ORIGIN + path) is None:
            raise PagesNotFoundError(
                f"MiniWoB task {task!r} has no page {task}.html in {self.root}"
            )
        return ORIGIN + path

    def file_for(self, url: str) -> Path | None:
        """The file a GET of ``url`` is answered with; None when the URL is not on the
        origin or its path, symlinks resolved, leaves the served folder."""
        parts = urlsplit(url)
        if f"{parts.scheme}://{parts.netloc}" != ORIGIN:
            return None
        segments = [unquote(s) for s in parts.path.split("/") if s]
        if not segments or any(s in (".", "..") or "\0" in s or "/" in s for s in segments):
            return None
        try:
            root = self.root
            candidate = root.joinpath(*segments).resolve(strict=True)
        except (OSError, RuntimeError, PagesNotFoundError):  # missing, or a symlink loop
            return None
        if not candidate.is_relative_to(root) or not candidate.is_file():
            return None
        return candidate

    def _built(self, url: str) -> bytes | None:
        """The body of a page built from another (:data:`~droidhub_miniwob.pages.BUILT_PAGES`)
        when ``url`` names one that the folder does not hold; else None."""
        name = url.removeprefix(f"{ORIGIN}/{PAGES_FOLDER}/").removesuffix(".html")
        if url != f"{ORIGIN}/{PAGES_FOLDER}/{name}.html" or name not in BUILT_PAGES:
            return None
        if self.file_for(url) is not None:
            return None
        try:
            return built_page(self.root / PAGES_FOLDER, name)
        except PagesNotFoundError:
            return None

    def on_event(self, cdp: CdpConnection, message: dict[str, Any]) -> None:
        """Answer a paused request (``Fetch.requestPaused``); ignore other events."""
        if message.get("method") != "Fetch.requestPaused":
            return
        params = message.get("params", {})
        request = params.get("request", {})
        request_id = params.get("requestId")
        session = message.get("sessionId")
        url = str(request.get("url", ""))
        built = window_html() if url == ORIGIN + WINDOW_PATH else self._built(url)
        if built is not None and request.get("method") in ("GET", "HEAD"):
            self._fulfill(cdp, session, request_id, 200, "text/html", built)
            return
        found = self.file_for(url)
        if found is None or request.get("method") not in ("GET", "HEAD"):
            on_origin = url.startswith(ORIGIN + "/")
            if on_origin and request.get("method") in ("GET", "HEAD"):
                self._fulfill(cdp, session, request_id, 404, "text/plain", b"not found")
            else:
                cdp.send(
                    "Fetch.failRequest",
                    {"requestId": request_id, "errorReason": "AccessDenied"},
                    session,
                    answer_wanted=False,
                )
            return
        try:
            body = patched(found.relative_to(self.root).as_posix(), found.read_bytes())
        except (OSError, PagesNotFoundError):
            self._fulfill(cdp, session, request_id, 404, "text/plain", b"not found")
            return
        kind = mimetypes.guess_type(found.name)[0] or "application/octet-stream"
        self._fulfill(cdp, session, request_id, 200, kind, body)

    @staticmethod
    def _fulfill(
        cdp: CdpConnection,
        session: str | None,
        request_id: object,
        status: int,
        content_type: str,
        body: bytes,
    ) -> None:
        cdp.send(
            "Fetch.fulfillRequest",
            {
                "requestId": request_id,
                "responseCode": status,
                "responseHeaders": [{"name": "Content-Type", "value": content_type}],
                "body": base64.b64encode(body).decode("ascii"),
            },
            session,
            answer_wanted=False,
        )


def refuse_all(cdp: CdpConnection, message: dict[str, Any]) -> None:
    """Event handler of a browser that serves nothing: every request fails."""
    if message.get("method") == "Fetch.requestPaused":
        cdp.send(
            "Fetch.failRequest",
            {"requestId": message["params"]["requestId"], "errorReason": "AccessDenied"},
            message.get("sessionId"),
            answer_wanted=False,
        )
