"""An app's SQLite database on a phone, read and written through a :class:`Device`:
pulled with its write-ahead log and queried locally; written with the app stopped,
its log folded in and its owner and mode restored."""

from __future__ import annotations

import sqlite3
import tempfile
from collections.abc import Callable, Sequence
from pathlib import Path, PurePosixPath
from typing import TYPE_CHECKING, Any

from droidhub.device.transport import DeviceError

if TYPE_CHECKING:
    from droidhub.device.client import Device


def _pull(device: Device, remote_db: str, folder: Path) -> Path:
    """Copy the database and its -wal / -journal (if any) into ``folder``."""
    name = PurePosixPath(remote_db).name
    if not device.transport.stat(remote_db).exists:
        raise DeviceError(f"no database at {remote_db} on {device.serial}")
    local = folder / name
    local.write_bytes(device.pull(remote_db))
    # The -wal holds committed rows not yet in the main file; a -journal is rolled back
    # on open. (-shm is rebuilt from the -wal.)
    for suffix in ("-wal", "-journal"):
        if device.transport.stat(remote_db + suffix).exists:
            (folder / (name + suffix)).write_bytes(device.pull(remote_db + suffix))
    return local


def query(
    device: Device, remote_db: str, sql: str, params: Sequence[Any] = ()
) -> list[dict[str, Any]]:
    """Pull the database at ``remote_db`` and return the rows of ``sql`` as dicts."""
    with tempfile.TemporaryDirectory(prefix="droidhub-db-") as folder:
        local = _pull(device, remote_db, Path(folder))
        conn = sqlite3.connect(local)
        try:
            conn.row_factory = sqlite3.Row
            rows = conn.execute(sql, tuple(params)).fetchall()
            return [dict(row) for row in rows]
        except sqlite3.Error as exc:
            raise DeviceError(f"query on {remote_db} failed: {exc}: {sql}") from None
        finally:
            conn.close()


def write(
    device: Device, remote_db: str, package: str, change: Callable[[sqlite3.Connection], object]
) -> None:
    """Stop ``package``, pull its database, apply ``change`` and push it back.

    The change is committed and the write-ahead log folded into the main file, the
    device's stale ``-wal``/``-shm``/``-journal`` are removed (an app reopening the
    database would otherwise replay an old log over the new file), and the file's
    owner and mode are restored. On a real phone this needs adbd running as root
    (``adb root``), as app data is private.
    """
    device.force_stop(package)
    owner = device.run(["stat", "-c", "%u:%g:%a", remote_db])
    with tempfile.TemporaryDirectory(prefix="droidhub-db-") as folder:
        local = _pull(device, remote_db, Path(folder))
        conn = sqlite3.connect(local)
        try:
            change(conn)
            conn.commit()
            conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        finally:
            conn.close()
        device.shell(["rm", "-f", *(remote_db + s for s in ("-wal", "-shm", "-journal"))])
        device.push(local.read_bytes(), remote_db)
    parts = owner.output.strip().split(":")
    if owner.exit_code == 0 and len(parts) == 3 and all(p.isdigit() for p in parts):
        device.shell(["chown", f"{parts[0]}:{parts[1]}", remote_db])
        device.shell(["chmod", parts[2], remote_db])
