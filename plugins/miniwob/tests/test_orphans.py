"""A run killed outright leaves no browser behind, and the next run reaps what a dead
owner left."""

from __future__ import annotations

import contextlib
import json
import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from subset_runs import subset_run_args

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc"),
]


def _stat_fields(pid: int) -> list[str] | None:
    """The fields of /proc/PID/stat after the command name: state, ppid, pgrp, ..."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except (OSError, IndexError):
        return None


def _living(pids: Iterator[int]) -> list[int]:
    alive = []
    for pid in pids:
        fields = _stat_fields(pid)
        if fields is not None and fields[0] not in ("Z", "X"):
            alive.append(pid)
    return alive


def _all_pids() -> Iterator[int]:
    return (int(p) for p in os.listdir("/proc") if p.isdigit())


def _group(pgid: int) -> list[int]:
    """Living processes of process group ``pgid``."""
    return [p for p in _living(_all_pids()) if (_stat_fields(p) or ["", "", ""])[2] == str(pgid)]


def _browser_child(parent: int) -> int | None:
    """A browser the process ``parent`` started (a child with a browser profile)."""
    for pid in _living(_all_pids()):
        fields = _stat_fields(pid)
        if fields is None or fields[1] != str(parent):
            continue
        with contextlib.suppress(OSError):
            if b"--user-data-dir=" in Path(f"/proc/{pid}/cmdline").read_bytes():
                return pid
    return None


def _run_args(out: Path, instances: int) -> list[str]:
    return subset_run_args(
        out, "--tasks", "click-test", "--n-combinations", str(instances),
        "--agent", "noop", "--device", "virtual",
    )  # fmt: skip


def _wait(condition: object, limit_s: float) -> bool:
    deadline = time.monotonic() + limit_s
    while time.monotonic() < deadline:
        if condition():  # type: ignore[operator]
            return True
        time.sleep(0.1)
    return bool(condition())  # type: ignore[operator]


def test_kill_9_of_a_run_takes_its_browser_with_it(tmp_path: Path) -> None:
    env = {**os.environ, "TMPDIR": str(tmp_path)}
    run = subprocess.Popen(
        _run_args(tmp_path / "run", 50),
        env=env,
        start_new_session=True,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    group: int | None = None
    try:
        browser = None
        deadline = time.monotonic() + 120
        while browser is None and run.poll() is None and time.monotonic() < deadline:
            browser = _browser_child(run.pid)
            time.sleep(0.1)
        assert browser is not None, "the run started no browser"
        group = browser  # it leads a process group of its own
        assert _group(group)
        os.kill(run.pid, signal.SIGKILL)
        run.wait(timeout=30)
        # Generous: the browser goes at once, its helpers as they notice.
        assert _wait(lambda: not _group(group), 30), _group(group)
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.kill(run.pid, signal.SIGKILL)
        run.wait(timeout=30)
        if group is not None:
            with contextlib.suppress(ProcessLookupError, PermissionError):
                os.killpg(group, signal.SIGKILL)


def _sleeper(env: dict[str, str]) -> subprocess.Popen[bytes]:
    return subprocess.Popen(["sleep", "300"], env=env, start_new_session=True)


def test_a_starting_run_reaps_the_browser_a_dead_owner_left(tmp_path: Path) -> None:
    from droidhub_miniwob.orphans import MARKER_ENV, OWNER_FILE, WORKDIR_PREFIX

    gone = subprocess.Popen(["true"])
    gone.wait(timeout=10)  # its pid names an owner that is dead
    left = tmp_path / f"{WORKDIR_PREFIX}left"
    left.mkdir()
    leftover = _sleeper({**os.environ, MARKER_ENV: str(left)})
    # A recorded group whose process does not carry the folder's marker (the group
    # number was reused, say) must survive.
    other = tmp_path / f"{WORKDIR_PREFIX}other"
    other.mkdir()
    bystander = _sleeper(dict(os.environ))
    for folder, pgid in ((left, leftover.pid), (other, bystander.pid)):
        record = {"owner": gone.pid, "owner_start": None, "pgid": pgid}
        (folder / OWNER_FILE).write_text(json.dumps(record))
    try:
        subprocess.run(
            _run_args(tmp_path / "run", 1),
            env={**os.environ, "TMPDIR": str(tmp_path)},
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            timeout=300,
            check=False,
        )
        assert leftover.wait(timeout=30) == -signal.SIGKILL
        assert not left.exists()
        assert bystander.poll() is None
        assert not other.exists()  # the dead owner's folder goes; its stranger stays
    finally:
        for process in (leftover, bystander):
            process.kill()
            process.wait(timeout=10)


def _run_leaves_no_temporary_folder(temp: Path) -> None:
    """A one-episode run with ``TMPDIR=temp`` plays its episode and leaves nothing in
    ``temp`` but its run folder, and no Chromium singleton folder in /tmp."""
    before = _abandoned_singleton_folders()
    done = subprocess.run(
        _run_args(temp / "run", 1),
        env={**os.environ, "TMPDIR": str(temp)},
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    rows = [json.loads(line) for line in (temp / "run" / "results.jsonl").read_text().splitlines()]
    assert [row["error"] for row in rows] == [None]  # the browser started and the page played
    assert [p.name for p in temp.iterdir()] == ["run"]
    left = _abandoned_singleton_folders() - before
    if left:  # another test's browser may be between its end and its folder's removal
        time.sleep(2)
        left &= _abandoned_singleton_folders()
    assert not left


def _abandoned_singleton_folders() -> set[Path]:
    """Chromium singleton folders in /tmp whose socket no process listens on: what a
    browser left behind. A live browser's (another test's, when tests run side by
    side) is not one."""
    from droidhub_miniwob.orphans import SINGLETON_PREFIX

    flags, path = 3, 7  # the columns of /proc/net/unix
    accepting = 1 << 16  # __SO_ACCEPTCON: a listening socket
    rows = Path("/proc/net/unix").read_text().splitlines()[1:]
    listening = {
        fields[path]
        for fields in (row.split() for row in rows)
        if len(fields) > path and int(fields[flags], 16) & accepting
    }
    return {
        folder
        for folder in Path("/tmp").glob(SINGLETON_PREFIX + "*")
        if str(folder / "SingletonSocket") not in listening
    }


def test_a_finished_run_leaves_nothing_in_the_temporary_folder(tmp_path: Path) -> None:
    # Chromium keeps its profile's singleton socket in a folder of its own in $TMPDIR,
    # which only a graceful exit removes; droidhub ends its browsers with SIGKILL.
    _run_leaves_no_temporary_folder(tmp_path)


def test_a_run_under_a_temporary_folder_too_deep_for_a_socket_works(tmp_path: Path) -> None:
    # Chromium's singleton socket would not fit under this TMPDIR (it aborts: "Socket
    # path too long"); the browser is given /tmp instead.
    from droidhub_miniwob.orphans import LONGEST_TMPDIR

    deep = tmp_path / ("d" * max(1, LONGEST_TMPDIR - len(str(tmp_path))))
    deep.mkdir()
    assert len(str(deep)) > LONGEST_TMPDIR
    _run_leaves_no_temporary_folder(deep)
