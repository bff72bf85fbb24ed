"""The phones' processes past the first are forks of the first (on Linux; elsewhere
each is an interpreter of its own, as a test here forces): they serve their phones as
a process of their own would, a fork that dies is an error the run reads rather than a
wait, and all of them stop, their sandboxes deleted, when the run's process is gone."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
from pathlib import Path

import psutil
import pytest
from runner_plugins import serves_phones, wait_until

from droidhub.device.client import Device
from droidhub.virtual.server_process import FORKS, ServerProcessError, ServerProcesses

pytestmark = pytest.mark.skipif(not FORKS, reason="the other phones' processes fork on Linux")


def _the_fork(host_pid: int) -> psutil.Process:
    """The phones' process forked from the first child of process ``host_pid``."""
    (first,) = [c for c in psutil.Process(host_pid).children() if serves_phones(c)]
    (forked,) = first.children()
    return forked


def test_a_forked_phones_process_serves_its_own_phones() -> None:
    with ServerProcesses(2, 2, processes=2, first_in_first=True) as host:
        joined = host.add_ready_phones(2)  # one from each child, in turn
        forked = _the_fork(os.getpid())
        assert {int(s.removeprefix("virtual-")) % 2 for s in joined} == {0, 1}
        for serial in joined:
            device = Device(serial, port=host.port_of(serial))
            assert device.shell("getprop ro.product.model").strip() == "Pixel 6"
        odd = next(s for s in joined if int(s.removeprefix("virtual-")) % 2)
        assert any(c.laddr.port == host.port_of(odd) for c in forked.net_connections("tcp"))
    assert wait_until(lambda: not forked.is_running(), 30)


def test_a_forked_phones_process_that_dies_is_an_error_not_a_wait() -> None:
    host = ServerProcesses(2, 4, processes=2, first_in_first=True).start()
    try:
        host.add_ready_phones(2)  # the fork has started and made phones
        forked = _the_fork(os.getpid())
        forked.send_signal(signal.SIGKILL)
        assert wait_until(lambda: not forked.is_running(), 30)
        with pytest.raises(ServerProcessError, match=rf"process {forked.pid} (is gone|stopped)"):
            host.add_ready_phones(4)  # the fork's turn comes
    finally:
        host.stop()  # returns: the fork's end of the line is closed


HOLDER = """
import sys, time
from droidhub.virtual.server_process import ServerProcesses

host = ServerProcesses(2, 2, processes=2, first_in_first=True).start()
print(" ".join(host.add_ready_phones(2)), flush=True)
time.sleep(120)
"""


def test_the_phones_processes_stop_when_the_run_is_gone(tmp_path: Path) -> None:
    env = {**os.environ, "DROIDHUB_VIRTUAL_DIR": str(tmp_path)}
    holder = subprocess.Popen(
        [sys.executable, "-c", textwrap.dedent(HOLDER)],
        stdout=subprocess.PIPE,
        text=True,
        env=env,
    )
    try:
        assert holder.stdout is not None
        assert len(holder.stdout.readline().split()) == 2
        descendants = psutil.Process(holder.pid).children(recursive=True)
        phones = [c for c in descendants if serves_phones(c)]
        assert len(phones) == 2 and len(list(tmp_path.iterdir())) == 2  # a sandbox folder each
        holder.kill()  # the run's process, gone without stopping anything
        holder.wait()
        assert wait_until(lambda: not any(p.is_running() for p in phones), 60)
        assert list(tmp_path.iterdir()) == []  # each deleted its phones as it stopped
    finally:
        if holder.poll() is None:
            holder.kill()
        if holder.stdout is not None:
            holder.stdout.close()


def test_without_forks_each_phones_process_is_an_interpreter_of_its_own(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import droidhub.virtual.server_process as server_process

    monkeypatch.setattr(server_process, "FORKS", False)  # as on macOS and Windows
    before = {c.pid for c in psutil.Process().children(recursive=True)}
    with ServerProcesses(2, 2, processes=2, first_in_first=True) as host:
        joined = host.add_ready_phones(2)
        mine = psutil.Process().children()
        children = [c for c in mine if serves_phones(c) and c.pid not in before]
        assert len(children) == 2 and not any(c.children() for c in children)
        for serial in joined:
            assert Device(serial, port=host.port_of(serial)).shell("echo ok").strip() == "ok"
