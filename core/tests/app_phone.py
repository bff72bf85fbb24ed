"""One test app model on a fresh virtual phone, its main activity started, reached
through adb as an agent would reach it: what its screen shows, found and tapped."""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterator
from typing import Generic, TypeVar

from droidhub.android.ui_tree import UIElement, parse_hierarchy
from droidhub.device.client import Device
from droidhub.virtual.appmodel import VirtualApp
from droidhub.virtual.server import VirtualDeviceServer
from droidhub.virtual.views import ViewApp

A = TypeVar("A", bound=VirtualApp)
M = TypeVar("M")


class ModelApp(ViewApp, Generic[M]):
    """A test app on the view engine whose state is one ``model``: a fresh ``Model()``
    for each app, which its screens are built from and its clicks change."""

    Model: Callable[[], M]

    def __init__(self) -> None:
        super().__init__()
        self.model = self.Model()


@contextlib.contextmanager
def app_started(app: VirtualApp) -> Iterator[Device]:
    """A Device on a phone that hosts ``app`` alone, with ``app``'s MainActivity started."""

    def apps() -> list[VirtualApp]:
        return [app]

    with VirtualDeviceServer(devices=1, apps=apps) as server:
        device = Device(server.serials[0], host="127.0.0.1", port=server.port)
        device.shell(["am", "start", "-n", f"{app.package}/.MainActivity"])
        yield device


def started(app: A) -> Iterator[tuple[A, Device]]:
    """``app`` and the Device that reaches it, started as :func:`app_started` does (for a
    fixture to ``yield from``)."""
    with app_started(app) as device:
        yield app, device


def screen_elements(device: Device) -> list[UIElement]:
    """The elements on ``device``'s screen now, as its uiautomator dump lists them."""
    return parse_hierarchy(device.ui_tree())


def element_with(device: Device, **wanted: str | bool) -> UIElement:
    """The first element on screen whose fields equal ``wanted`` (``text="Delete"``);
    fails if there is none."""
    for element in screen_elements(device):
        if all(getattr(element, k) == v for k, v in wanted.items()):
            return element
    raise AssertionError(f"nothing with {wanted} on screen")


def only_element(device: Device, **wanted: str | bool) -> UIElement:
    """The one element on screen whose fields equal ``wanted``; fails unless exactly one."""
    found = [
        e for e in screen_elements(device) if all(getattr(e, k) == v for k, v in wanted.items())
    ]
    assert len(found) == 1, (wanted, found)
    return found[0]


def tap_centre(device: Device, element: UIElement) -> None:
    """Tap the centre of ``element``, as a finger would."""
    assert element.bounds is not None
    device.tap(*element.bounds.center)


def box_of(element: UIElement) -> tuple[int, int, int, int]:
    """``element``'s bounds as (left, top, right, bottom) pixels."""
    assert element.bounds is not None
    b = element.bounds
    return b.left, b.top, b.right, b.bottom
