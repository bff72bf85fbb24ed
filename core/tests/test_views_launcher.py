"""The Pixel launcher's home screen on the view engine, through adb: the ids, classes
and bounds of a real Pixel launcher's dump (1080x2400), and a tap on an icon opens
its app.

The arithmetic: icon cells are 252 px wide from x = 36, each icon view 210 x 262 px
21 px into its cell; the grid starts under the At a Glance card (y = 227 to 499);
the dock's icons are 173 x 195 px from (76, 1873), 252 px apart, over the search pill
at [75,2125][1004,2290].
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from droidhub.android.ui_tree import UIElement, parse_hierarchy
from droidhub.device.client import Device
from droidhub.virtual.appmodel import VirtualApp
from droidhub.virtual.server import VirtualDeviceServer
from droidhub.virtual.views import TextView, ViewApp, Window

LAUNCHER = "com.google.android.apps.nexuslauncher"


def app(package: str, name: str) -> ViewApp:
    class One(ViewApp):
        def build(self, phone: object) -> Window:
            return Window(TextView("title", name))

    One.package, One.label = package, name
    return One()


@pytest.fixture
def device() -> Iterator[Device]:
    def apps() -> list[VirtualApp]:
        names = ["Notes", "Alarm", "Phone", "Maps", "Books", "Chrome", "Radio"]
        packages = {"Phone": "com.google.android.dialer", "Chrome": "com.android.chrome"}
        return [app(packages.get(n, f"com.example.{n.lower()}"), n) for n in names]

    with VirtualDeviceServer(devices=1, apps=apps) as server:
        yield Device(server.serials[0], host="127.0.0.1", port=server.port)


def _box(element: UIElement) -> tuple[int, int, int, int]:
    box = element.bounds
    assert box is not None
    return box.left, box.top, box.right, box.bottom


def test_the_home_screen_dumps_as_the_pixel_launchers(device: Device) -> None:
    elements = parse_hierarchy(device.ui_tree())
    by_id = {e.resource_id: e for e in elements if e.resource_id}
    workspace = by_id[f"{LAUNCHER}:id/workspace"]
    assert workspace.class_name == "android.widget.ScrollView" and workspace.scrollable
    assert by_id[f"{LAUNCHER}:id/hotseat"].class_name == "android.view.ViewGroup"
    pill = by_id[f"{LAUNCHER}:id/search_container_hotseat"]
    assert pill.class_name == "android.widget.FrameLayout" and pill.content_description == "Search"
    assert _box(pill) == (75, 2125, 1004, 2290)
    assert by_id[f"{LAUNCHER}:id/mic_icon"].content_description == "Voice search"
    assert by_id[f"{LAUNCHER}:id/lens_icon"].content_description == "Google Lens"
    assert by_id[f"{LAUNCHER}:id/date"].text == "Sun, Oct 15"  # the phone's clock
    assert by_id["com.android.systemui:id/clock"].content_description == "3:34 PM"
    icons = {
        e.text: e for e in elements if e.class_name == "android.widget.TextView" and e.clickable
    }
    for icon in icons.values():
        assert icon.content_description == icon.text and icon.long_clickable
    # the dock: Phone and Chrome, in its order; the rest on the workspace by label
    assert _box(icons["Phone"]) == (76, 1873, 249, 2068)
    assert _box(icons["Chrome"]) == (76 + 252, 1873, 249 + 252, 2068)
    workspace_order = ["Alarm", "Books", "Maps", "Notes", "Radio"]
    for index, name in enumerate(workspace_order):
        row, column = divmod(index, 4)
        left, top = 57 + 252 * column, 499 + 262 * row
        assert _box(icons[name]) == (left, top, left + 210, top + 262)


def test_a_tap_on_an_icon_opens_its_app(device: Device) -> None:
    icon = next(e for e in parse_hierarchy(device.ui_tree()) if e.text == "Maps")
    device.tap(*icon.bounds.center)  # type: ignore[union-attr]
    assert device.foreground_activity().startswith("com.example.maps/")
    device.keyevent("KEYCODE_HOME")
    shot = device.screenshot().convert("RGB")
    # the icon is a coloured disc 12 dp (32 px) under the icon's top, on the wallpaper
    red, green, blue = shot.getpixel((icon.bounds.center[0], icon.bounds.top + 45))  # type: ignore[union-attr]
    assert max(red, green, blue) - min(red, green, blue) > 60
    assert shot.getpixel((540, 2200)) == (255, 255, 255)  # the search pill
