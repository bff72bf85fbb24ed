"""Finding and ending the browser: a clear error without one; no process outlives it."""

from __future__ import annotations

import gc
import os
import signal
from pathlib import Path

import pytest

from droidhub_miniwob import browser
from droidhub_miniwob.browser import BrowserNotFoundError, Chromium, find_chromium
from droidhub_miniwob.orphans import PROFILE, remove_workdir


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    # A zombie is dead for our purposes, and reaped by its parent.
    stat = Path(f"/proc/{pid}/stat")
    return not (stat.exists() and stat.read_text().split(") ", 1)[1].startswith("Z"))


def test_no_browser_anywhere_is_a_clear_error_saying_how_to_install_one(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.delenv(browser.CHROMIUM_ENV, raising=False)
    monkeypatch.setenv("PATH", str(tmp_path))
    with pytest.raises(BrowserNotFoundError) as err:
        find_chromium()
    assert "apt-get install chromium" in str(err.value)
    assert browser.CHROMIUM_ENV in str(err.value)


def test_the_environment_variable_wins_and_a_bad_one_is_named(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    fake = tmp_path / "my-chrome"
    fake.write_text("#!/bin/sh\n")
    fake.chmod(0o755)
    monkeypatch.setenv(browser.CHROMIUM_ENV, str(fake))
    assert find_chromium() == str(fake)
    monkeypatch.setenv(browser.CHROMIUM_ENV, str(tmp_path / "nope"))
    with pytest.raises(BrowserNotFoundError, match="nope"):
        find_chromium()


def _launcher_script(tmp_path: Path, first_launches_die: int) -> tuple[Path, Path]:
    """A Chromium wrapper whose first ``first_launches_die`` launches exit at once (as a
    browser that crashes while starting), and a file that counts the launches."""
    launches = tmp_path / "launches"
    script = tmp_path / "flaky-chrome"
    script.write_text(
        "#!/bin/sh\n"
        f"echo x >> {launches}\n"
        f"if [ $(wc -l < {launches}) -le {first_launches_die} ]; then\n"
        "  echo 'crashed while starting' >&2; exit 1\n"
        "fi\n"
        f'exec {find_chromium()} "$@"\n'
    )
    script.chmod(0o755)
    return script, launches


@pytest.mark.browser
def test_a_browser_that_dies_while_starting_is_launched_once_more(tmp_path: Path) -> None:
    script, launches = _launcher_script(tmp_path, first_launches_die=1)
    with Chromium(executable=str(script)) as chromium:
        assert chromium.page().evaluate("6 * 7") == 42
    assert len(launches.read_text().splitlines()) == 2


@pytest.mark.browser
def test_a_browser_that_stays_silent_while_starting_is_stopped_and_launched_once_more(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    launches = tmp_path / "launches"
    silent_pid = tmp_path / "silent.pid"
    script = tmp_path / "silent-chrome"
    script.write_text(
        "#!/bin/sh\n"
        f"echo x >> {launches}\n"
        # The first launch never answers on its pipe; the next is a real browser.
        f"if [ $(wc -l < {launches}) -le 1 ]; then echo $$ > {silent_pid}; exec sleep 600; fi\n"
        f'exec {find_chromium()} "$@"\n'
    )
    script.chmod(0o755)
    monkeypatch.setattr(browser, "_START_TIMEOUT_S", 2.0)
    with Chromium(executable=str(script)) as chromium:
        assert not _alive(int(silent_pid.read_text())), "the silent launch was left running"
        assert chromium.page().evaluate("6 * 7") == 42
    assert len(launches.read_text().splitlines()) == 2


@pytest.mark.browser
def test_a_browser_that_never_starts_is_reported_after_two_launches(tmp_path: Path) -> None:
    script, launches = _launcher_script(tmp_path, first_launches_die=99)
    with pytest.raises(browser.CdpError, match="crashed while starting"):
        Chromium(executable=str(script)).start()
    assert len(launches.read_text().splitlines()) == 2


@pytest.mark.browser
def test_close_ends_every_browser_process_and_deletes_the_profile() -> None:
    chromium = Chromium().start()
    pid = chromium.pid
    assert pid is not None and _alive(pid)
    page = chromium.page()
    assert page.evaluate("1 + 1") == 2
    group = [p for p in os.listdir("/proc") if p.isdigit() and _in_group(int(p), pid)]
    assert len(group) > 1  # the browser forks helpers: they must all go
    profile_root = Path(chromium._workdir or "")
    # Chromium's singleton socket lives in a folder of its own in $TMPDIR.
    singleton = Path(os.readlink(profile_root / PROFILE / "SingletonSocket")).parent
    assert singleton.is_dir()
    chromium.close()
    assert not _alive(pid)
    assert not [p for p in group if _alive(int(p))]
    assert not profile_root.exists()
    assert not singleton.exists()


def _in_group(pid: int, pgid: int) -> bool:
    try:
        return os.getpgid(pid) == pgid
    except ProcessLookupError:
        return False


@pytest.mark.browser
def test_a_disowned_browser_is_left_running_for_its_owner() -> None:
    # What a forked child does with its parent's browser: forget it, never end it.
    chromium = Chromium().start()
    pid = chromium.pid
    assert pid is not None
    workdir = chromium._workdir
    try:
        chromium.disown()
        assert chromium.pid is None and not chromium.is_running()
        del chromium
        gc.collect()  # its finalizer would end the browser; disowned, it is detached
        assert _alive(pid)
    finally:
        os.killpg(pid, signal.SIGKILL)
        remove_workdir(workdir or "")
