"""Turning ``--device`` into connected :class:`droidhub.Device` objects.

``--device`` takes serials separated by commas (``emulator-5554,emulator-5556``), or
``virtual`` / ``virtual:N`` to start N virtual phones in this process for the run.
"""

from __future__ import annotations

import contextlib
import re
from collections.abc import Iterator
from typing import TYPE_CHECKING

from droidhub.device.client import Device

if TYPE_CHECKING:
    from droidhub.virtual.server import VirtualDeviceServer

_VIRTUAL = re.compile(r"virtual(?::(\d+))?")


class DeviceSpecError(ValueError):
    """A ``--device`` value that cannot be understood."""


def parse_device_spec(spec: str) -> tuple[int, list[str]]:
    """Return ``(virtual phones to start, serials)`` for a ``--device`` value."""
    spec = spec.strip()
    match = _VIRTUAL.fullmatch(spec)
    if match:
        count = int(match.group(1) or 1)
        if not 1 <= count <= 64:
            raise DeviceSpecError(f"--device {spec}: the number of virtual phones must be 1..64")
        return count, []
    serials = [s.strip() for s in spec.split(",") if s.strip()]
    if not serials:
        raise DeviceSpecError(
            f"--device {spec!r} names no device; give serials (see `adb devices`) "
            "or 'virtual' / 'virtual:N'"
        )
    if any(_VIRTUAL.fullmatch(s) for s in serials) and len(serials) > 1:
        raise DeviceSpecError(f"--device {spec}: 'virtual' cannot be mixed with serials")
    return 0, serials


class Phones(list[Device]):
    """The devices of a run (a list), and what can renew one: a virtual phone is
    replaced by a fresh one, a real phone cannot be (:meth:`renew` gives None)."""

    def __init__(self, devices: list[Device], server: VirtualDeviceServer | None = None) -> None:
        super().__init__(devices)
        self._server = server

    def renew(self, device: Device) -> Device | None:
        """A fresh phone in place of ``device`` (which is detached), or None."""
        if self._server is None:
            return None
        serial = self._server.add_phone()
        with contextlib.suppress(KeyError):
            self._server.remove_phone(device.serial)
        return Device(serial, host="127.0.0.1", port=self._server.port)


@contextlib.contextmanager
def open_devices(spec: str, adb_host: str = "127.0.0.1", adb_port: int = 5037) -> Iterator[Phones]:
    """Connect to the devices ``spec`` names, starting virtual phones if asked.

    Virtual phones started here are stopped when the block ends.
    """
    count, serials = parse_device_spec(spec)
    if not count:
        yield Phones([Device(serial, host=adb_host, port=adb_port) for serial in serials])
        return
    from droidhub.virtual.server import VirtualDeviceServer

    with VirtualDeviceServer(devices=count) as server:
        devices = [Device(serial, host="127.0.0.1", port=server.port) for serial in server.serials]
        yield Phones(devices, server)
