"""An app's SQLite database on a phone, read and written through a :class:`Device`:
pulled with its write-ahead log and queried locally; written with the app stopped,
its log folded in and its owner and mode restored.

Each adb command is, on an emulator or a phone, a round trip, so the files are probed
in one: a single ``stat`` of the database and its logs says which
exist and whose they are. A query is that probe and one pull per file; a write adds
the push and one shell command that removes the stale logs and restores owner and mode.
"""

from __future__ import annotations

import sqlite3
import tempfile
from collections.abc import Callable, Sequence
from pathlib import Path, PurePosixPath
from typing import TYPE_CHECKING, Any

from droidhub.device.quoting import join
from droidhub.device.transport import DeviceError

if TYPE_CHECKING:
    from droidhub.device.client import Device


#: The files SQLite keeps beside a database: the write-ahead log (committed rows not yet
#: in the main file), its index (rebuilt from the log), a rollback journal.
_LOGS = ("-wal", "-shm", "-journal")
#: The files a copy of the database needs: the main file, the -wal with the committed
#: rows not yet in it, a -journal to roll back on open (-shm is rebuilt from the -wal).
_COPIED = ("", "-wal", "-journal")


def _probe(device: Device, remote_db: str) -> dict[str, str]:
    """The database's files that exist (the main file, ``-wal``, ``-journal``), each with
    its ``uid:gid:mode``: one ``stat`` command, one round trip."""
    paths = [remote_db + suffix for suffix in _COPIED]
    found = device.run(["stat", "-c", "%n|%u:%g:%a", *paths])  # exit 1 if any is missing
    present = {}
    for line in found.output.splitlines():
        path, _, owner = line.rpartition("|")
        if path in paths:
            present[path] = owner
    return present


def _pull(device: Device, remote_db: str, folder: Path, present: dict[str, str]) -> Path:
    """Copy the database and its -wal / -journal (those in ``present``) into ``folder``."""
    if remote_db not in present:
        raise DeviceError(f"no database at {remote_db} on {device.serial}")
    name = PurePosixPath(remote_db).name
    for suffix in _COPIED:
        if remote_db + suffix in present:
            (folder / (name + suffix)).write_bytes(device.pull(remote_db + suffix))
    return folder / name


def _put(device: Device, remote_db: str, data: bytes, owner: str | None) -> None:
    """Push ``data`` over the database, then in one command remove its stale logs (an
    app reopening it would replay an old log over the new file) and give it back its
    ``uid:gid:mode`` ``owner``. The app must be stopped."""
    device.push(data, remote_db)
    commands = [join(["rm", "-f", *(remote_db + s for s in _LOGS)])]
    parts = (owner or "").split(":")
    if len(parts) == 3 and all(p.isdigit() for p in parts):
        commands.append(join(["chown", f"{parts[0]}:{parts[1]}", remote_db]))
        commands.append(join(["chmod", parts[2], remote_db]))
    device.shell(" && ".join(commands))


def query(
    device: Device, remote_db: str, sql: str, params: Sequence[Any] = ()
) -> list[dict[str, Any]]:
    """Pull the database at ``remote_db`` and return the rows of ``sql`` as dicts."""
    with tempfile.TemporaryDirectory(prefix="droidhub-db-") as folder:
        local = _pull(device, remote_db, Path(folder), _probe(device, remote_db))
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
    present = _probe(device, remote_db)
    with tempfile.TemporaryDirectory(prefix="droidhub-db-") as folder:
        local = _pull(device, remote_db, Path(folder), present)
        conn = sqlite3.connect(local)
        try:
            change(conn)
            conn.commit()
            conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        finally:
            conn.close()
        _put(device, remote_db, local.read_bytes(), present.get(remote_db))


def replace(device: Device, remote_db: str, package: str, data: bytes) -> None:
    """Stop ``package`` and put ``data`` in place of its database, byte for byte, its
    stale logs removed and the file's owner and mode kept (a set-up's saved copy put
    back at tear-down)."""
    device.force_stop(package)
    _put(device, remote_db, data, _probe(device, remote_db).get(remote_db))
