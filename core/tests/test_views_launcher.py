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
from app_phone import box_of, screen_elements

from droidhub.android.ui_tree import UIElement
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


def test_the_home_screen_dumps_as_the_pixel_launchers(device: Device) -> None:
    elements = screen_elements(device)
    by_id = {e.resource_id: e for e in elements if e.resource_id}
    workspace = by_id[f"{LAUNCHER}:id/workspace"]
    assert workspace.class_name == "android.widget.ScrollView" and workspace.scrollable
    assert by_id[f"{LAUNCHER}:id/hotseat"].class_name == "android.view.ViewGroup"
    pill = by_id[f"{LAUNCHER}:id/search_container_hotseat"]
    assert pill.class_name == "android.widget.FrameLayout" and pill.content_description == "Search"
    assert box_of(pill) == (75, 2125, 1004, 2290)
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
    assert box_of(icons["Phone"]) == (76, 1873, 249, 2068)
    assert box_of(icons["Chrome"]) == (76 + 252, 1873, 249 + 252, 2068)
    workspace_order = ["Alarm", "Books", "Maps", "Notes", "Radio"]
    for index, name in enumerate(workspace_order):
        row, column = divmod(index, 4)
        left, top = 57 + 252 * column, 499 + 262 * row
        assert box_of(icons[name]) == (left, top, left + 210, top + 262)


def test_a_tap_on_an_icon_opens_its_app(device: Device) -> None:
    icon = next(e for e in screen_elements(device) if e.text == "Maps")
    device.tap(*icon.bounds.center)  # type: ignore[union-attr]
    assert device.foreground_activity().startswith("com.example.maps/")
    device.keyevent("KEYCODE_HOME")
    shot = device.screenshot().convert("RGB")
    # the icon is a coloured disc 12 dp (32 px) under the icon's top, on the wallpaper
    red, green, blue = shot.getpixel((icon.bounds.center[0], icon.bounds.top + 45))  # type: ignore[union-attr]
    assert max(red, green, blue) - min(red, green, blue) > 60
    assert shot.getpixel((540, 2200)) == (255, 255, 255)  # the search pill


def _icons(device: Device) -> dict[str, UIElement]:
    return {
        e.text: e
        for e in screen_elements(device)
        if e.class_name == "android.widget.TextView" and e.clickable and e.package == LAUNCHER
    }


def test_a_swipe_up_opens_all_apps_and_their_search_finds_an_app(device: Device) -> None:
    device.swipe(540, 1800, 540, 600, 300)
    elements = screen_elements(device)
    by_id = {e.resource_id: e for e in elements if e.resource_id}
    assert by_id[f"{LAUNCHER}:id/apps_view"].class_name == "android.widget.RelativeLayout"
    grid = by_id[f"{LAUNCHER}:id/apps_list_view"]
    assert grid.class_name == "androidx.recyclerview.widget.RecyclerView"
    search = by_id[f"{LAUNCHER}:id/search_container_all_apps"]
    assert search.class_name == "android.widget.EditText" and search.text == "Search apps"
    assert f"{LAUNCHER}:id/workspace" not in by_id
    # every app, the dock's and the system's too, in label order, four to a row
    names = [e.text for e in elements if e.class_name == "android.widget.TextView" and e.clickable]
    apps = ["Notes", "Alarm", "Phone", "Maps", "Books", "Chrome", "Radio", "Settings"]
    assert names == sorted(apps)
    icons = _icons(device)
    assert icons["Alarm"].bounds.top == icons["Maps"].bounds.top  # type: ignore[union-attr]
    assert icons["Notes"].bounds.top > icons["Maps"].bounds.top  # type: ignore[union-attr]
    device.tap(*search.bounds.center)  # type: ignore[union-attr]
    device.input_text("ra")
    assert sorted(_icons(device)) == ["Radio"]  # a word that starts with it, any case
    device.tap(*_icons(device)["Radio"].bounds.center)  # type: ignore[union-attr]
    assert device.foreground_activity().startswith("com.example.radio/")


def test_back_or_a_swipe_down_closes_all_apps_and_home_resets_them(device: Device) -> None:
    device.swipe(540, 1800, 540, 600, 300)
    device.keyevent("KEYCODE_BACK")
    assert "Notes" in _icons(device) and "apps_list_view" not in device.ui_tree()
    device.swipe(540, 1800, 540, 600, 300)
    device.swipe(540, 800, 540, 1800, 300)
    assert "apps_list_view" not in device.ui_tree()
    device.swipe(540, 1800, 540, 600, 300)
    device.tap(*_icons(device)["Maps"].bounds.center)  # type: ignore[union-attr]
    device.keyevent("KEYCODE_HOME")
    assert "workspace" in device.ui_tree()


def test_a_sideways_swipe_turns_the_workspaces_page() -> None:
    def apps() -> list[VirtualApp]:
        return [app(f"com.example.app{n:02}", f"App {n:02}") for n in range(25)]

    with VirtualDeviceServer(devices=1, apps=apps) as server:
        device = Device(server.serials[0], host="127.0.0.1", port=server.port)
        first = _icons(device)
        # a page holds 20; the next page's icons are off the screen, and out of the dump
        assert box_of(first["App 00"])[0] == 57 and "App 20" not in first
        device.swipe(900, 1200, 100, 1200, 300)  # the finger moves left: the next page
        second = _icons(device)
        assert box_of(second["App 20"])[:2] == (57, 499) and "App 00" not in second
        device.swipe(900, 1200, 100, 1200, 300)  # no third page: it stays
        assert "App 20" in _icons(device)
        device.swipe(100, 1200, 900, 1200, 300)
        assert "App 00" in _icons(device)
