"""What a MiniWoB page, an intent's extras or another local user can reach: no host
file, no debugging port."""

from __future__ import annotations

import contextlib
import os
import shutil
import socket
import threading
import time
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from droidhub import DeviceError
from droidhub_miniwob import contract, plugin
from droidhub_miniwob.pages import html_root
from droidhub_miniwob.webview import MiniWobWebViewApp

if TYPE_CHECKING:
    from droidhub import Device, Env

pytestmark = pytest.mark.browser

#: The colour a host file paints the whole of any view that shows it.
SECRET_RGB = (1, 254, 3)


@pytest.fixture(scope="module")
def secret(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, str]:
    """A host file outside every page folder: a unique text on a unique colour."""
    text = f"SECRET-{uuid.uuid4().hex}"
    path = tmp_path_factory.mktemp("host") / "secret.html"
    path.write_text(
        f"<html><body style='margin:0;background:rgb{SECRET_RGB}'>"
        f"<h1 style='height:2000px'>{text}</h1></body></html>"
    )
    return path, text


def _shows(device: Device, text: str) -> bool:
    """Whether ``screencap`` or ``uiautomator dump`` shows the secret file."""
    if text in device.ui_tree():
        return True
    image = device.screenshot().convert("RGB")
    return SECRET_RGB in {color for _, color in image.getcolors(1 << 24) or []}


def _launch(device: Device, task: str) -> None:
    device.start_activity(
        component=contract.ACTIVITY_COMPONENT, extras={"task": task, "seed": 1, "no_timer": True}
    )


def test_a_task_extra_that_is_a_path_shows_no_host_file(
    miniwob_env: Env, secret: tuple[Path, str]
) -> None:
    device = miniwob_env.device
    path, text = secret
    stem = str(path.with_suffix(""))  # the app used to add ".html" to the name
    for extra in ("../" * 16 + stem.lstrip("/"), stem, path.as_uri(), "/etc/passwd"):
        _launch(device, "click-test")  # a page is up before
        # Whether the app errs or shows its error page, what counts is what is shown.
        with contextlib.suppress(DeviceError):
            _launch(device, extra)
        reply = device.broadcast(
            contract.ACTION_GET_UTTERANCE, component=contract.RECEIVER_COMPONENT
        )
        assert reply.code == contract.RESULT_NO_TASK, extra  # the app's error page
        assert not _shows(device, text), extra
        assert "root:" not in device.ui_tree()


class _Listener:
    """A local TCP port that records every connection made to it."""

    def __init__(self) -> None:
        self.socket = socket.create_server(("127.0.0.1", 0))
        self.port = self.socket.getsockname()[1]
        self.connections = 0
        threading.Thread(target=self._accept, daemon=True).start()

    def _accept(self) -> None:
        with contextlib.suppress(OSError):
            while True:
                conn, _ = self.socket.accept()
                self.connections += 1
                conn.close()


@pytest.fixture(scope="module")
def listener() -> Iterator[_Listener]:
    """A local service a page should not be able to reach."""
    port = _Listener()
    yield port
    port.socket.close()


@pytest.fixture(scope="module")
def hostile_device(
    tmp_path_factory: pytest.TempPathFactory, secret: tuple[Path, str], listener: _Listener
) -> Iterator[Device]:
    """A phone whose app serves a copy of the pages in which some pages try to reach
    the secret host file: by a symlink, an iframe, a script navigation."""
    from droidhub import Device
    from droidhub.virtual.server import VirtualDeviceServer

    path, _ = secret
    pages = tmp_path_factory.mktemp("pages") / "html"
    shutil.copytree(html_root(), pages)
    # A task page that is a symlink out of the folder.
    (pages / "miniwob" / "click-test-2.html").unlink()
    (pages / "miniwob" / "click-test-2.html").symlink_to(path)
    # A file inside the folder that is a symlink out of it, for pages to frame.
    (pages / "common" / "leak.html").symlink_to(path)
    frames = "".join(
        f"<iframe src='{src}' style='position:absolute;left:0;top:{300 + 150 * i}px;"
        "width:400px;height:140px;border:0'></iframe>"
        for i, src in enumerate(
            (path.as_uri(), "../common/leak.html", "/common/leak.html", "http://example.com/")
        )
    )
    _hostile(pages / "miniwob" / "click-test.html", frames)
    navigate = f"<script>setTimeout(function () {{ location = '{path.as_uri()}'; }}, 200)</script>"
    _hostile(pages / "miniwob" / "click-button.html", navigate)
    opened = f"<script>setTimeout(function () {{ window.open('{path.as_uri()}'); }}, 200)</script>"
    _hostile(pages / "miniwob" / "click-link.html", opened)
    local = [f"127.0.0.1:{listener.port}", f"localhost:{listener.port}"]
    reach = "".join(
        f"<img src='http://{host}/img'><iframe src='http://{host}/frame'></iframe>"
        f"<script>try {{ new WebSocket('ws://{host}/ws'); }} catch (e) {{}}"
        f"fetch('http://{host}/fetch').catch(function () {{}});</script>"
        for host in local
    )
    _hostile(pages / "miniwob" / "click-dialog.html", reach)
    with VirtualDeviceServer(devices=0, apps=lambda: [MiniWobWebViewApp(pages=pages)]) as server:
        serial = server.add_phone()
        yield Device(serial, host="127.0.0.1", port=server.port)


def _hostile(page: Path, html: str) -> None:
    original = page.read_text()
    page.write_text(original.replace("</body>", html + "</body>"))


@pytest.mark.parametrize("task", ["click-test", "click-button", "click-link"])
def test_a_page_cannot_frame_or_navigate_to_a_host_file(
    hostile_device: Device, secret: tuple[Path, str], task: str
) -> None:
    _launch(hostile_device, task)
    time.sleep(0.8)  # the page's timers have fired (a navigation would be done by now)
    assert not _shows(hostile_device, secret[1])
    # The page itself is still up and answering.
    reply = hostile_device.broadcast(
        contract.ACTION_GET_UTTERANCE, component=contract.RECEIVER_COMPONENT
    )
    assert reply.code == contract.RESULT_OK


def test_a_page_cannot_connect_to_a_local_port(hostile_device: Device, listener: _Listener) -> None:
    # Requests (images, frames, fetch) are refused by the interception; WebSockets,
    # which it does not see, find no address: no host name or IP resolves.
    _launch(hostile_device, "click-dialog")
    time.sleep(1.0)
    assert listener.connections == 0
    reply = hostile_device.broadcast(
        contract.ACTION_GET_UTTERANCE, component=contract.RECEIVER_COMPONENT
    )
    assert reply.code == contract.RESULT_OK


def test_a_task_page_that_is_a_symlink_out_of_the_folder_is_not_served(
    hostile_device: Device, secret: tuple[Path, str]
) -> None:
    _launch(hostile_device, "click-test-2")
    reply = hostile_device.broadcast(
        contract.ACTION_GET_UTTERANCE, component=contract.RECEIVER_COMPONENT
    )
    assert reply.code == contract.RESULT_NO_TASK
    assert not _shows(hostile_device, secret[1])


def _group(pgid: int) -> list[int]:
    """The processes of process group ``pgid`` (a browser and every helper it forked)."""
    found = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            stat = Path(f"/proc/{entry}/stat").read_text()
        except OSError:
            continue
        # Fields after the command name (which may hold spaces): state, ppid, pgrp, ...
        if int(stat.rsplit(")", 1)[1].split()[2]) == pgid:
            found.append(int(entry))
    return found


def _socket_inodes(pid: int) -> set[str]:
    inodes = set()
    try:
        fds = os.listdir(f"/proc/{pid}/fd")
    except OSError:
        return inodes
    for fd in fds:
        try:
            target = os.readlink(f"/proc/{pid}/fd/{fd}")
        except OSError:
            continue
        if target.startswith("socket:["):
            inodes.add(target[len("socket:[") : -1])
    return inodes


def _listening_tcp_inodes() -> set[str]:
    """Inodes of every listening TCP socket on the host, IPv4 and IPv6."""
    inodes = set()
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        try:
            lines = Path(table).read_text().splitlines()[1:]
        except OSError:
            continue
        for line in lines:
            fields = line.split()
            if fields[3] == "0A":  # TCP_LISTEN
                inodes.add(fields[9])
    return inodes


def _profile_dir(pid: int) -> Path:
    args = Path(f"/proc/{pid}/cmdline").read_bytes().split(b"\0")
    flag = next(a for a in args if a.startswith(b"--user-data-dir="))
    return Path(flag.split(b"=", 1)[1].decode())


def test_the_browser_listens_on_no_port_and_writes_no_devtools_port_file(
    miniwob_env: Env, webview_app: MiniWobWebViewApp
) -> None:
    cls = plugin.miniwob_subset_family().get("click-test")
    cls({"seed": 1}).initialize_task(miniwob_env)
    assert webview_app.browser is not None
    pid = webview_app.browser.pid
    assert pid is not None
    members = _group(pid)
    assert len(members) > 1  # the browser and its helpers, all looked at
    held = set().union(*(_socket_inodes(p) for p in members))
    assert held  # it does hold sockets (its helpers talk over them), none listening
    assert not held & _listening_tcp_inodes()
    profile = _profile_dir(pid)
    assert profile.is_dir()
    assert not (profile / "DevToolsActivePort").exists()
