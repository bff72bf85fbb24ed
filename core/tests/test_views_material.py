"""Material's bottom navigation, AppCompat's up button, AndroidX's drawer and the
widgets a dump names by their own classes, through adb: the items as Material
inflates them (a FrameLayout described by its title over a ViewGroup row, its icon
and its large or small label), the chosen one selected and inked, a tap choosing
another; "Navigate up" as an id-less ImageButton that runs its action; a tap beside
the open drawer closing it and reaching nothing else; a ConstraintLayout laid out by
rules, and a ListView's and a ScrollView's rows scrolled by a swipe."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Iterator

import pytest
from app_phone import app_started, started

from droidhub.android.ui_tree import UIElement, parse_hierarchy
from droidhub.device.client import Device
from droidhub.virtual.appmodel import VirtualPhone
from droidhub.virtual.views import (
    MATCH_PARENT,
    VERTICAL,
    CheckedTextView,
    DrawerLayout,
    FrameLayout,
    HorizontalScrollView,
    LinearLayout,
    ProgressBar,
    RadioGroup,
    Rules,
    ScrollingListView,
    ScrollingScrollView,
    TextView,
    ViewApp,
    ViewGroupRelative,
    ViewPager,
    Window,
    bottom_navigation,
    up_button,
)

PACKAGE = "com.example.material"
ACTIVE, INACTIVE, BAR = "#FFFF8800", "#8A000000", "#FFF5F5F5"
TABS = (("nav_home", "Home", "home"), ("nav_songs", "Songs", "music_note"))


class MaterialApp(ViewApp):
    """A toolbar with Navigate up over a page, and a two-item bottom navigation."""

    package = PACKAGE
    label = "Material"

    def __init__(self) -> None:
        super().__init__()
        self.tab = "nav_home"
        self.ups = 0

    def _up(self) -> None:
        self.ups += 1

    def _choose(self, tab: str) -> None:
        self.tab = tab

    def build(self, phone: VirtualPhone) -> Window:
        del phone
        bar = LinearLayout("toolbar", up_button(self._up, "#FF000000"), width=MATCH_PARENT)
        page = TextView("page", self.tab, width=MATCH_PARENT, height=0, weight=1)
        navigation = bottom_navigation(
            "navigation", TABS, self.tab, self._choose, active=ACTIVE, inactive=INACTIVE,
            background=BAR, elevation=8,
        )  # fmt: skip
        column = LinearLayout("main", bar, page, orientation=VERTICAL, width=MATCH_PARENT,
                              height=MATCH_PARENT)  # fmt: skip
        return Window(FrameLayout("root", column, navigation, width=MATCH_PARENT,
                                  height=MATCH_PARENT))  # fmt: skip


@pytest.fixture
def app_and_device() -> Iterator[tuple[MaterialApp, Device]]:
    yield from started(MaterialApp())


def _one(device: Device, **wanted: str) -> UIElement:
    elements = parse_hierarchy(device.ui_tree())
    found = [e for e in elements if all(getattr(e, k) == v for k, v in wanted.items())]
    assert len(found) == 1, (wanted, found)
    return found[0]


def _node(device: Device, id: str) -> ET.Element:
    root = ET.fromstring(device.ui_tree())
    return next(n for n in root.iter("node") if n.get("resource-id") == f"{PACKAGE}:id/{id}")


def test_bottom_navigation_items_as_material_inflates_them(app_and_device) -> None:
    _, device = app_and_device
    navigation = _node(device, "navigation")
    assert navigation.get("class") == "android.widget.FrameLayout"
    (menu_view,) = list(navigation)
    assert (menu_view.get("class"), menu_view.get("resource-id")) == ("android.view.ViewGroup", "")
    items = list(menu_view)
    assert [(i.get("content-desc"), i.get("selected"), i.get("clickable")) for i in items] == [
        ("Home", "true", "true"),
        ("Songs", "false", "true"),
    ]
    icon, labels = list(items[0])
    assert icon.get("resource-id", "").endswith("navigation_bar_item_icon_view")
    assert labels.get("class") == "android.view.ViewGroup"
    ids = [n.get("resource-id", "").split("/")[-1] for n in (labels[0], list(items[1])[1][0])]
    assert ids == ["navigation_bar_item_large_label_view", "navigation_bar_item_small_label_view"]
    # The bar lies along the bottom of the content, 56 dp tall (147 px at 2.625).
    bounds = _one(device, resource_id=f"{PACKAGE}:id/navigation").bounds
    assert bounds is not None and bounds.bottom - bounds.top == 147


def test_a_tap_on_an_item_chooses_it(app_and_device) -> None:
    app, device = app_and_device
    songs = _one(device, content_description="Songs")
    assert songs.bounds is not None
    device.tap(*songs.bounds.center)
    assert app.tab == "nav_songs"
    assert _one(device, content_description="Songs").selected
    assert not _one(device, content_description="Home").selected
    pixels = device.screenshot().convert("RGB")
    icon = _one(device, resource_id=f"{PACKAGE}:id/navigation_bar_item_large_label_view")
    assert icon.text == "Songs" and icon.bounds is not None
    # The chosen label is inked in the active colour somewhere in its box.
    box = pixels.crop((icon.bounds.left, icon.bounds.top, icon.bounds.right, icon.bounds.bottom))
    assert (0xFF, 0x88, 0x00) in {colour for _, colour in box.getcolors(1 << 16) or []}


def test_navigate_up_is_an_id_less_image_button(app_and_device) -> None:
    app, device = app_and_device
    up = _one(device, content_description="Navigate up")
    assert (up.class_name, up.resource_id, up.clickable) == ("android.widget.ImageButton", "", True)
    assert up.bounds is not None
    device.tap(*up.bounds.center)
    assert app.ups == 1


class DrawerApp(ViewApp):
    """A DrawerLayout over a page of widgets named by their own classes; a drawer 200 dp
    wide that a tap on the page opens and a tap beside it closes."""

    package = PACKAGE
    label = "Drawer"

    def __init__(self) -> None:
        super().__init__()
        self.drawer_open = False
        self.opened = 0
        self.nav_taps = 0

    def _open(self) -> None:
        self.drawer_open, self.opened = True, self.opened + 1

    def _close(self) -> None:
        self.drawer_open = False

    def _tap_nav(self) -> None:
        self.nav_taps += 1

    def build(self, phone: VirtualPhone) -> Window:
        del phone
        row = LinearLayout("row", TextView("chip", "Chip"))
        page = ViewPager(
            "pager",
            LinearLayout(
                "page",
                HorizontalScrollView("chips", row),
                RadioGroup("choices", CheckedTextView("choice", "One", checkable=True)),
                ProgressBar("progress", width=48, height=48),
                orientation=VERTICAL,
                width=MATCH_PARENT,
                height=MATCH_PARENT,
                on_click=self._open,
            ),
            width=MATCH_PARENT,
            height=MATCH_PARENT,
        )
        drawer = None
        if self.drawer_open:
            drawer = LinearLayout("nav", width=200, height=MATCH_PARENT, on_click=self._tap_nav)
        return Window(DrawerLayout("drawer_layout", page, drawer, self._close))


@pytest.fixture
def drawer_and_device() -> Iterator[tuple[DrawerApp, Device]]:
    yield from started(DrawerApp())


def test_widgets_named_by_their_own_classes(drawer_and_device) -> None:
    _, device = drawer_and_device
    classes = {
        id: _node(device, id).get("class")
        for id in ("drawer_layout", "pager", "chips", "choices", "choice", "progress")
    }
    assert classes == {
        "drawer_layout": "androidx.drawerlayout.widget.DrawerLayout",
        "pager": "androidx.viewpager.widget.ViewPager",
        "chips": "android.widget.HorizontalScrollView",
        "choices": "android.widget.RadioGroup",
        "choice": "android.widget.CheckedTextView",
        "progress": "android.widget.ProgressBar",
    }
    assert _node(device, "choice").get("checkable") == "true"
    # The drawer layout fills the window below the status bar.
    bounds = _one(device, resource_id=f"{PACKAGE}:id/drawer_layout").bounds
    assert bounds is not None and bounds.right == 1080


def test_a_tap_beside_the_open_drawer_closes_it_and_reaches_nothing_else(
    drawer_and_device,
) -> None:
    app, device = drawer_and_device
    page = _one(device, resource_id=f"{PACKAGE}:id/page")
    assert page.bounds is not None
    device.tap(*page.bounds.center)
    assert app.drawer_open and app.opened == 1
    nav = _one(device, resource_id=f"{PACKAGE}:id/nav")
    assert nav.bounds is not None and nav.bounds.right < page.bounds.center[0]
    # A long press beside the drawer neither closes it nor reaches the page.
    device.swipe(*page.bounds.center, *page.bounds.center, duration_ms=1000)
    assert app.drawer_open and app.opened == 1
    device.tap(*page.bounds.center)
    assert not app.drawer_open and app.opened == 1
    # Inside the drawer a tap is the drawer's: the drawer stays open.
    device.tap(*page.bounds.center)
    device.tap(*nav.bounds.center)
    assert app.drawer_open and app.opened == 2 and app.nav_taps == 1


class ScrollingApp(ViewApp):
    """A ConstraintLayout of a title and, below it, a ListView of 30 rows and a
    ScrollView of 30 parts side by side."""

    package = PACKAGE
    label = "Scrolling"

    def build(self, phone: VirtualPhone) -> Window:
        del phone

        def row(n: int) -> TextView:
            return TextView(f"row_{n}", f"Row {n}", width=MATCH_PARENT, height=64)

        rows = list(range(30))
        lists = LinearLayout(
            "lists",
            ScrollingListView("list", rows, row, width=0, weight=1),
            ScrollingScrollView("scroll", rows, row, width=0, weight=1),
            width=MATCH_PARENT,
            height=MATCH_PARENT,
            rules=Rules(below="title"),
        )
        title = TextView("title", "Title", width=MATCH_PARENT)
        return Window(ViewGroupRelative("constraint", title, lists, width=MATCH_PARENT,
                                        height=MATCH_PARENT))  # fmt: skip


def _row_ids(device: Device, parent: str) -> list[str]:
    return [n.get("resource-id", "").split("/")[-1] for n in _node(device, parent)]


@pytest.mark.parametrize(
    ("id", "class_name"),
    [("list", "android.widget.ListView"), ("scroll", "android.widget.ScrollView")],
)
def test_a_swipe_scrolls_the_rows_of_a_scrolling_list_or_scroll_view(
    id: str, class_name: str
) -> None:
    with app_started(ScrollingApp()) as device:
        assert _node(device, "constraint").get("class") == "android.view.ViewGroup"
        title = _one(device, resource_id=f"{PACKAGE}:id/title").bounds
        lists = _one(device, resource_id=f"{PACKAGE}:id/lists").bounds
        assert title is not None and lists is not None and lists.top == title.bottom
        assert _node(device, id).get("class") == class_name
        shown = _row_ids(device, id)
        assert shown[0] == "row_0" and "row_29" not in shown
        box = _one(device, resource_id=f"{PACKAGE}:id/{id}").bounds
        assert box is not None
        x, y = box.center
        device.swipe(x, y + 600, x, y - 600, duration_ms=300)
        assert _row_ids(device, id)[0] != "row_0"
