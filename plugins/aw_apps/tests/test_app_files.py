"""What an app model does to shared storage (common.app_files) is dated as the phone's
own writes are: by the phone's clock, not the host's; a move keeps the entry's time."""

from __future__ import annotations

import datetime as dt
import os
from collections.abc import Iterator

import pytest

from droidhub.virtual.appmodel import VirtualPhone
from droidhub.virtual.server import VirtualDeviceServer
from droidhub_aw_apps.common import app_files

#: AndroidWorld's clock: far from the host's, so the two cannot be mistaken.
PHONE_TIME = dt.datetime(2023, 10, 15, 15, 34, tzinfo=dt.UTC)


@pytest.fixture()
def phone() -> Iterator[VirtualPhone]:
    with VirtualDeviceServer(devices=1) as server:
        phone = server.phone(server.serials[0])
        phone.set_time(PHONE_TIME)
        yield phone


def _age(phone: VirtualPhone, android_path: str) -> float:
    """How far the entry's modification time is from the phone's clock, in seconds."""
    return abs(phone.host_path(android_path).stat().st_mtime - phone.now().timestamp())


def test_a_write_dates_the_file_and_the_folders_it_made(phone: VirtualPhone) -> None:
    app_files.write(phone, phone.host_path("/sdcard/New/Deeper/a.txt"), b"a")
    for path in ("/sdcard/New", "/sdcard/New/Deeper", "/sdcard/New/Deeper/a.txt"):
        assert _age(phone, path) < 600, path


def test_copy_remove_and_move_date_what_changed_and_a_move_keeps_the_entrys_time(
    phone: VirtualPhone,
) -> None:
    for folder in ("/sdcard/From", "/sdcard/To"):
        phone.make_folders(phone.host_path(folder))
    source = phone.host_path("/sdcard/From/a.txt")
    source.write_bytes(b"a")
    kept = 1_600_000_000  # an old file: a move must not make it new
    os.utime(source, (kept, kept))
    app_files.copy(phone, source, phone.host_path("/sdcard/To/copy.txt"))
    assert _age(phone, "/sdcard/To/copy.txt") < 600
    app_files.move(phone, source, phone.host_path("/sdcard/To/a.txt"))
    assert phone.host_path("/sdcard/To/a.txt").stat().st_mtime == kept
    assert _age(phone, "/sdcard/From") < 600 and _age(phone, "/sdcard/To") < 600
    app_files.remove(phone, phone.host_path("/sdcard/To"))
    assert not phone.host_path("/sdcard/To").exists()
    assert _age(phone, "/sdcard") < 600
