"""pytest fixtures for plugin authors: a fresh virtual phone per test.

droidhub registers this module as a ``pytest11`` plugin, so every test suite in an
environment with droidhub installed can ask for the fixtures without importing
anything::

    def test_turns_wifi_off(virtual_env):
        task = MyWifiTask(MyWifiTask.generate_random_params(random.Random(0)))
        task.initialize_task(virtual_env)
        virtual_env.device.put_setting("global", "wifi_on", "0")
        assert task.is_successful(virtual_env) == 1.0

- ``virtual_server``: one :class:`~droidhub.virtual.server.VirtualDeviceServer` for
  the whole session (no phones of its own).
- ``virtual_device``: a :class:`droidhub.device.client.Device` on a brand-new phone, removed
  after the test; phones are cheap, so no test sees another's state.
- ``virtual_phone``: the :class:`~droidhub.virtual.phone.VirtualPhone` behind
  ``virtual_device``, to look inside it.
- ``virtual_env``: a :class:`droidhub.env.environment.Env` over ``virtual_device`` with every
  installed plugin's apps.

:func:`stock_adb_env` is the environment for the stock ``adb`` client aimed at a virtual
server (with ``adb -P PORT``), for a test that checks what a user's ``adb`` sees.

Imports happen inside the fixtures: pytest loads this module for every test run in
the environment, and most of them never ask for a phone.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from typing import TYPE_CHECKING

import pytest

if TYPE_CHECKING:
    from droidhub.device.client import Device
    from droidhub.env.environment import Env
    from droidhub.virtual.phone import VirtualPhone
    from droidhub.virtual.server import VirtualDeviceServer


@pytest.fixture(scope="session")
def virtual_server() -> Iterator[VirtualDeviceServer]:
    """A running virtual device server shared by the session; it starts with no phones."""
    from droidhub.virtual.server import VirtualDeviceServer

    with VirtualDeviceServer(devices=0) as server:
        yield server


@pytest.fixture
def virtual_device(virtual_server: VirtualDeviceServer) -> Iterator[Device]:
    """A :class:`~droidhub.device.client.Device` on a fresh virtual phone, removed after
    the test."""
    from droidhub.device.client import Device

    serial = virtual_server.add_phone()
    try:
        yield Device(serial, host="127.0.0.1", port=virtual_server.port)
    finally:
        virtual_server.remove_phone(serial)


@pytest.fixture
def virtual_phone(virtual_server: VirtualDeviceServer, virtual_device: Device) -> VirtualPhone:
    """The virtual phone behind ``virtual_device``."""
    return virtual_server.phone(virtual_device.serial)


@pytest.fixture
def virtual_env(virtual_device: Device) -> Env:
    """An :class:`~droidhub.env.environment.Env` over ``virtual_device`` with every
    installed app."""
    from droidhub.env.environment import Env
    from droidhub.plugins import catalog

    return Env(virtual_device, apps=catalog.apps())


def stock_adb_env(port: int) -> dict[str, str]:
    """This process's environment for the stock ``adb`` client run with ``-P port``:
    ``ADB_SERVER_SOCKET`` names the same port, so the client never reaches the real adb
    server on 5037 nor starts a daemon of its own, and ``ANDROID_SERIAL`` is left out,
    so only the ``-s`` a test gives chooses the phone."""
    env = {key: value for key, value in os.environ.items() if key != "ANDROID_SERIAL"}
    env["ADB_SERVER_SOCKET"] = f"tcp:127.0.0.1:{port}"
    return env
