"""One run per output folder: a second run on the same --out is refused at once."""

from __future__ import annotations

import json
import signal
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path

from runner_plugins import droidhub, droidhub_env, hang_site

ARGS = ["run", "--agent", "noop", "--suite", "hang", "--tasks", "Quick"]
ARGS += ["--n-combinations", "10"]


def _lines(out: Path) -> list[dict]:
    path = out / "results.jsonl"
    if not path.exists():
        return []
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]


def test_a_second_run_on_the_same_folder_is_refused_naming_the_holder(tmp_path: Path) -> None:
    site = hang_site(tmp_path / "site")
    out = tmp_path / "run"
    args = [*ARGS, "--agent", "hang_agents:Slow", "--out", str(out)]
    first = subprocess.Popen(
        [sys.executable, "-m", "droidhub", *args],
        env=droidhub_env(site, HANG_SLOW="1"),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline and not _lines(out):
            time.sleep(0.05)
        assert _lines(out), "the first run recorded nothing in 60 s"
        second = droidhub(site, *args)
        assert first.poll() is None, "the first run ended too soon to test the lock"
        assert second.returncode == 1
        message = second.stderr.strip().splitlines()
        assert message == [
            f"error: {out} is in use by another droidhub run (pid {first.pid}); "
            "wait for it to finish or pass another --out"
        ]
        # A holder that died leaves its lock free: the next run takes the folder over.
        first.send_signal(signal.SIGKILL)
        first.wait(timeout=30)
        third = droidhub(site, *args, HANG_SLOW="0")
        assert third.returncode == 0, third.stderr
        counts = Counter(r["episode_id"] for r in _lines(out))
        assert counts == Counter({f"hang/Quick/{i}": 1 for i in range(10)})
    finally:
        if first.poll() is None:
            first.kill()
            first.wait(timeout=30)


def test_a_planted_lock_symlink_is_refused_and_its_target_left_alone(tmp_path: Path) -> None:
    site = hang_site(tmp_path / "site")
    out = tmp_path / "run"
    out.mkdir()
    victim = tmp_path / "victim.txt"
    victim.write_text("precious\n")
    (out / ".lock").symlink_to(victim)
    proc = droidhub(site, *ARGS, "--out", str(out))
    assert proc.returncode == 1
    assert proc.stderr.strip().splitlines() == [
        f"error: cannot write {out / '.lock'}: it is a symbolic link, which droidhub never "
        "follows; remove it"
    ]
    assert victim.read_text() == "precious\n"
