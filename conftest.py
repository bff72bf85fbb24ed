"""What every test module of the repository keeps to: the phones' processes it starts
end with it. (Each distribution's own fixtures are in its ``tests/conftest.py``.)"""

from __future__ import annotations

import contextlib
import os
import signal
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

PHONES_PROCESS = b"droidhub.virtual.server_process"
#: How long a phones' process told to stop may take to delete its sandboxes.
STOPPING_S = 10.0


def _phone_processes() -> set[int]:
    """The pids of this process's children serving virtual phones (from Linux's /proc;
    none found where there is none)."""
    me, found = os.getpid(), set()
    for entry in Path("/proc").glob("[0-9]*"):
        try:
            parent = int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1])
            if parent == me and PHONES_PROCESS in (entry / "cmdline").read_bytes():
                found.add(int(entry.name))
        except (OSError, ValueError, IndexError):
            continue  # gone meanwhile
    return found


@pytest.fixture(autouse=True, scope="module")
def _phones_processes_end_with_their_module() -> Iterator[None]:
    """A phones' process a module starts (a run's, a vector env's, a docs example's)
    is stopped by the module's end: one left running would hold its phones and their
    sandboxes until pytest exits, as it would in a user's program."""
    before = _phone_processes()
    yield
    deadline = time.monotonic() + STOPPING_S
    left = _phone_processes() - before
    while left and time.monotonic() < deadline:
        time.sleep(0.1)
        left = _phone_processes() - before
    if left:
        for pid in left:
            with contextlib.suppress(OSError):
                os.kill(pid, signal.SIGKILL)
        pytest.fail(f"the module left {len(left)} phones' process(es) running: pids {sorted(left)}")
