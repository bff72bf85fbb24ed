"""A list the layout gives no id (a React Native FlatList, dumped as a bare
ScrollView) keeps its scroll offset under its ``scroll_key`` and is dumped without an
id; through adb only."""

from __future__ import annotations

from typing import ClassVar

from app_phone import app_started

from droidhub.android.ui_tree import parse_hierarchy
from droidhub.virtual.appmodel import VirtualPhone
from droidhub.virtual.views import MATCH_PARENT, RecyclerView, TextView, ViewApp, Window

ROWS = [f"Row {n}" for n in range(60)]


class BareList(RecyclerView[str]):
    """A FlatList: a ScrollView to accessibility."""

    class_name: ClassVar[str] = "android.widget.ScrollView"


class BareListApp(ViewApp):
    """Sixty 48 dp rows in a list with no id."""

    package = "com.example.barelist"
    label = "Bare list"

    def build(self, phone: VirtualPhone) -> Window:
        del phone
        row = lambda text: TextView("", text, height=48, width=MATCH_PARENT)  # noqa: E731
        return Window(BareList("", ROWS, row, scroll_key="rows"))


def test_a_list_without_an_id_scrolls_under_its_key() -> None:
    with app_started(BareListApp()) as device:
        nodes = parse_hierarchy(device.ui_tree())
        lists = [n for n in nodes if n.class_name == "android.widget.ScrollView"]
        assert len(lists) == 1 and lists[0].resource_id == "" and lists[0].scrollable
        assert "Row 0" in {n.text for n in nodes}
        device.swipe(540, 1800, 540, 600, 10_000)  # slow: a drag, no fling
        texts = {n.text for n in parse_hierarchy(device.ui_tree())}
        assert "Row 0" not in texts and "Row 12" in texts
