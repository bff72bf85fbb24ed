"""Disk faults: a run folder that cannot be written is named in one line, and a result
already on disk is never lost or duplicated.

Tests run as root here, so chmod cannot make a folder read-only; instead the folder
is under /proc (nothing can be created there), ``results.jsonl`` is a link to
/dev/full, or the run's file size limit (RLIMIT_FSIZE) makes a write fail half-way
through the run, as a full disk would.
"""

from __future__ import annotations

import json
import resource
import signal
import subprocess
import sys
from collections import Counter
from pathlib import Path

from runner_plugins import droidhub, droidhub_env, hang_site

from droidhub.virtual.server import VirtualDeviceServer

ARGS = ["run", "--agent", "noop", "--suite", "hang", "--tasks", "Explodes"]
ARGS += ["--n-combinations", "8"]


def _only_line(stderr: str) -> str:
    lines = [line for line in stderr.strip().splitlines() if not line.startswith("warning:")]
    assert len(lines) == 1, stderr
    return lines[0]


def test_an_out_folder_that_cannot_be_made_is_one_line(tmp_path: Path) -> None:
    site = hang_site(tmp_path / "site")
    proc = droidhub(site, *ARGS, "--out", "/proc/droidhub-test/run")
    assert proc.returncode == 1
    line = _only_line(proc.stderr)
    assert line.startswith("error: cannot write /proc/droidhub-test")


def test_results_that_are_not_a_file_are_refused(tmp_path: Path) -> None:
    site = hang_site(tmp_path / "site")
    out = tmp_path / "run"
    out.mkdir()
    (out / "results.jsonl").symlink_to("/dev/full")
    proc = droidhub(site, *ARGS, "--out", str(out))
    assert proc.returncode == 1
    assert _only_line(proc.stderr) == (
        f"error: {out / 'results.jsonl'} is not a regular file; move it away or pick another --out"
    )


def _limit_file_size(limit: int) -> None:
    # Past the limit a write fails with EFBIG instead of killing the process.
    signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
    resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))


def test_a_write_refused_mid_run_keeps_every_recorded_result_once(tmp_path: Path) -> None:
    site = hang_site(tmp_path / "site")
    out = tmp_path / "run"
    # The phone is served from here, so the limit bounds only the run's own files:
    # room for run.json and a few results, not for eight.
    server = VirtualDeviceServer(devices=1, apps=list).start()
    device = ["--device", "virtual-0", "--adb-port", str(server.port)]
    try:
        proc = subprocess.run(
            [sys.executable, "-m", "droidhub", *ARGS, *device, "--out", str(out)],
            env=droidhub_env(site),
            capture_output=True,
            text=True,
            timeout=120,
            preexec_fn=lambda: _limit_file_size(3000),
        )
        text = (out / "results.jsonl").read_text()
        again = droidhub(site, *ARGS, *device, "--out", str(out))
    finally:
        server.stop()
    assert proc.returncode == 1, proc.stderr
    last = proc.stderr.strip().splitlines()[-1]
    assert last == f"error: cannot write {out / 'results.jsonl'}: File too large"
    assert "Traceback" not in proc.stderr
    assert text.endswith("\n")  # no half line left behind
    kept = [json.loads(line)["episode_id"] for line in text.splitlines()]
    assert 1 <= len(kept) < 8 and len(set(kept)) == len(kept)

    assert again.returncode == 3, again.stderr  # every episode of Explodes errors
    assert f"({len(kept)} already recorded)" in again.stderr
    lines = (out / "results.jsonl").read_text().splitlines()
    counts = Counter(json.loads(line)["episode_id"] for line in lines)
    assert counts == Counter({f"hang/Explodes/{i}": 1 for i in range(8)})
    assert lines[: len(kept)] == text.splitlines()  # the first results, untouched
