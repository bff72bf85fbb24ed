"""``droidhub device``: run virtual phones behind an adb server on loopback (``serve``);
the CLI adds ``doctor`` and ``setup`` for real phones (:mod:`droidhub.cli.device_setup`)."""

from __future__ import annotations

import signal
import threading
from types import FrameType

import click

from droidhub.virtual.connection import DEFAULT_IDLE_TIMEOUT
from droidhub.virtual.console import ConsolePortError
from droidhub.virtual.phone_settings import SandboxFolderError
from droidhub.virtual.server import VirtualDeviceServer
from droidhub.virtual.storage import (
    DEFAULT_STORAGE_BYTES,
    STORAGE_ENV,
    format_size,
    parse_size,
)


class _StorageSize(click.ParamType):  # type: ignore[type-arg]  # generic in click 8.2+ only
    """A size such as ``6G`` or ``512M``, in bytes."""

    name = "size"

    def convert(
        self, value: object, param: click.Parameter | None, ctx: click.Context | None
    ) -> int:
        if isinstance(value, int):
            return value
        try:
            return parse_size(str(value))
        except ValueError as exc:
            self.fail(str(exc), param, ctx)


@click.group("device")
def device_group() -> None:
    """Phones: serve virtual ones, check and prepare real ones.

    `serve` runs virtual phones behind an adb server on 127.0.0.1 that adbutils and
    `adb` talk to; `doctor SERIAL` checks a real phone (or emulator) for AndroidWorld's
    tasks and prints the fix of each problem; `setup SERIAL --apks DIR` prepares it
    once as AndroidWorld does.
    """


@device_group.command("serve")
@click.option(
    "--port",
    type=click.IntRange(0, 65535),
    default=0,
    show_default=True,
    help="TCP port on 127.0.0.1; 0 picks a free one. 5037 would stand in for a real adb server.",
)
@click.option(
    "--devices",
    type=click.IntRange(1, 64),
    default=1,
    show_default=True,
    help="How many virtual phones (virtual-0, virtual-1, ...; emulator-PORT with --console-port).",
)
@click.option(
    "--console-port",
    type=click.IntRange(0, 65534),
    default=None,
    metavar="PORT",
    help=(
        "Give each phone an emulator console on 127.0.0.1:PORT, PORT+2, ... (0: free "
        "ports), as emulators have, and name it emulator-PORT, so that `adb emu sms send` "
        "and AndroidWorld's own code (its --console_port) reach it."
    ),
)
@click.option(
    "--idle-timeout",
    type=click.FloatRange(min=0, min_open=True),
    default=DEFAULT_IDLE_TIMEOUT,
    show_default=True,
    help="Seconds a client may stay silent (or leave answers unread) before it is cut off.",
)
@click.option(
    "--allow-other-users",
    is_flag=True,
    help="Serve clients of every local user, not only the one running this server.",
)
@click.option(
    "--storage",
    "storage",
    type=_StorageSize(),
    default=None,
    metavar="SIZE",
    help=(
        f"Storage of each phone (6G, 512M...); a write past it fails 'No space left on "
        f"device'. Default: ${STORAGE_ENV}, else {format_size(DEFAULT_STORAGE_BYTES)}, "
        "the data partition of a Pixel 6 emulator."
    ),
)
def serve(
    port: int,
    devices: int,
    console_port: int | None,
    idle_timeout: float,
    allow_other_users: bool,
    storage: int | None,
) -> None:
    """Serve virtual phones in the foreground until Ctrl-C.

    Point any adb client at the printed port: `adb -P PORT devices`,
    `adbutils.AdbClient(port=PORT)`, or `droidhub run --device SERIAL --adb-port PORT`.
    Only the user running it may connect, unless --allow-other-users.

    Bounds: each phone holds at most its --storage; sandboxes live in the temporary
    folder on disk, $TMPDIR or /var/tmp (set $DROIDHUB_VIRTUAL_DIR, e.g. to /dev/shm, to
    put them elsewhere); at most 4096 clients are connected at once, and when that many
    are, the oldest idle connections of the process holding the most give way to the
    new one.
    """
    try:
        server = VirtualDeviceServer(
            devices=devices,
            port=port,
            idle_timeout=idle_timeout,
            allow_other_users=allow_other_users,
            storage_bytes=storage,
            console_port=console_port,
        )
    except ValueError as exc:  # a bad $DROIDHUB_VIRTUAL_STORAGE
        raise click.ClickException(str(exc)) from None
    try:
        server.start()
    except SandboxFolderError as exc:
        raise click.UsageError(str(exc)) from None
    except ConsolePortError as exc:
        raise click.ClickException(
            f"cannot open a phone's emulator console on {exc.strerror}; pick another "
            "--console-port (an emulator may hold it), or --console-port 0 for free ones"
        ) from exc
    except OSError as exc:
        raise click.ClickException(
            f"cannot listen on 127.0.0.1:{port}: {exc.strerror or exc}; "
            "pick another --port, or --port 0 for any free one"
        ) from exc
    stop = threading.Event()

    def _on_signal(signum: int, frame: FrameType | None) -> None:
        del signum, frame
        stop.set()

    previous = {sig: signal.signal(sig, _on_signal) for sig in (signal.SIGINT, signal.SIGTERM)}
    try:
        click.echo(f"virtual adb server listening on 127.0.0.1:{server.port}")
        for serial in server.serials:
            click.echo(f"  {serial}\tdevice")
        click.echo(f"try: adb -P {server.port} devices    (Ctrl-C stops)", err=True)
        while not stop.wait(0.5):
            pass
    finally:
        for sig, handler in previous.items():
            signal.signal(sig, handler)
        server.stop()
        click.echo("virtual adb server stopped", err=True)
