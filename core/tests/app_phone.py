"""One test app model on a fresh virtual phone, its main activity started, reached
through adb as an agent would reach it."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator

from droidhub.device.client import Device
from droidhub.virtual.appmodel import VirtualApp
from droidhub.virtual.server import VirtualDeviceServer


@contextlib.contextmanager
def app_started(app: VirtualApp) -> Iterator[Device]:
    """A Device on a phone that hosts ``app`` alone, with ``app``'s MainActivity started."""

    def apps() -> list[VirtualApp]:
        return [app]

    with VirtualDeviceServer(devices=1, apps=apps) as server:
        device = Device(server.serials[0], host="127.0.0.1", port=server.port)
        device.shell(["am", "start", "-n", f"{app.package}/.MainActivity"])
        yield device
