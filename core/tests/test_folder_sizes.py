"""A folder's size and blocks are the phone's ext4's, whichever filesystem holds the
sandbox: ``ls -l``, ``stat``, ``du`` and adb sync show the same on disk and on tmpfs
(whose own figures are 40 bytes and 20 more an entry, and no blocks)."""

from __future__ import annotations

import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

from droidhub.device.client import Device
from droidhub.virtual.phone_settings import SANDBOX_ENV
from droidhub.virtual.server import VirtualDeviceServer

LISTING = (
    "mkdir /sdcard/Download/inside; ls -ld /sdcard/Download /data/data; "
    "ls -la /sdcard/Download; stat -c '%n %s %b' /sdcard/Download /sdcard/Download/inside; "
    "du -s /sdcard/Download"
)


@pytest.fixture(params=["disk", "tmpfs"])
def device(
    request: pytest.FixtureRequest, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> Iterator[Device]:
    """A phone whose sandbox is under pytest's temp folder, or in /dev/shm."""
    base = tmp_path
    if request.param == "tmpfs":
        if not Path("/dev/shm").is_dir():
            pytest.skip("no /dev/shm here")
        base = Path(tempfile.mkdtemp(dir="/dev/shm"))
        request.addfinalizer(lambda: shutil.rmtree(base, ignore_errors=True))
    monkeypatch.setenv(SANDBOX_ENV, str(base))
    with VirtualDeviceServer(devices=1) as server:
        assert str(server.phone(server.serials[0]).root).startswith(str(base))
        yield Device(server.serials[0], host="127.0.0.1", port=server.port)


def _without_times(listing: str) -> list[list[str]]:
    """Each line's words, the date and time (made when the phone was) left out."""
    return [
        [w for w in line.split() if ":" not in w and "-10-" not in w]
        for line in listing.splitlines()
    ]


def test_a_folder_shows_one_ext4_block_wherever_its_sandbox_lives(device: Device) -> None:
    lines = _without_times(device.shell(LISTING))
    assert lines[0][4] == lines[1][4] == "4096"  # ls -ld: Download, /data/data
    assert lines[2] == ["total", "12"]  # ., .., inside: 4 KiB each
    assert [line[4] for line in lines[3:6]] == ["4096"] * 3
    assert lines[6:8] == [
        ["/sdcard/Download", "4096", "8"],
        ["/sdcard/Download/inside", "4096", "8"],
    ]
    assert lines[8] == ["8", "/sdcard/Download"]  # du: two folders of 4 KiB
    stat = device.adb.sync.stat("/sdcard/Download")
    assert stat.size == 4096


def test_a_folder_grows_by_whole_blocks_as_its_entries_fill_them(device: Device) -> None:
    names = " ".join(f"a_file_with_a_rather_long_name_{i:03d}.txt" for i in range(120))
    device.shell(f"cd /sdcard/Documents && touch {names}")
    size, blocks = device.shell("stat -c '%s %b' /sdcard/Documents").split()
    # 120 entries of 48 bytes (8 and the name padded to 4) fill more than one 4 KiB block.
    assert int(size) == 8192 and int(blocks) == 16
    assert device.adb.sync.stat("/sdcard/Documents").size == 8192
