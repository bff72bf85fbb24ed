"""What a MiniWoB page, an intent's extras or another local user can reach: no host
file, no debugging port."""

from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from droidhub_miniwob import contract, plugin
from droidhub_miniwob.webview import MiniWobWebViewApp

if TYPE_CHECKING:
    from droidhub import Device, Env
    from droidhub.virtual.phone import VirtualPhone

pytestmark = pytest.mark.browser


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
    miniwob_env: Env, phone_device: tuple[Device, VirtualPhone]
) -> None:
    cls = plugin.miniwob_subset_family().get("click-test")
    cls({"seed": 1}).initialize_task(miniwob_env)
    app = phone_device[1].app(contract.PACKAGE)
    assert isinstance(app, MiniWobWebViewApp) and app.browser is not None
    pid = app.browser.pid
    assert pid is not None
    members = _group(pid)
    assert len(members) > 1  # the browser and its helpers, all looked at
    held = set().union(*(_socket_inodes(p) for p in members))
    assert held  # it does hold sockets (its helpers talk over them), none listening
    assert not held & _listening_tcp_inodes()
    profile = _profile_dir(pid)
    assert profile.is_dir()
    assert not (profile / "DevToolsActivePort").exists()
