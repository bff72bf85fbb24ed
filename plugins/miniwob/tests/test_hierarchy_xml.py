"""The page nodes become a uiautomator document that droidhub's parser reads back."""

from __future__ import annotations

import xml.etree.ElementTree as ET

from droidhub.uitree import parse_hierarchy
from droidhub_miniwob.webview import _hierarchy_xml


def test_nodes_nest_by_depth_scale_to_device_pixels_and_escape_text() -> None:
    nodes = [
        # depth, class, text, desc, id, left, top, right, bottom, flags
        [0, "android.widget.TextView", 'Say "hi" & <go>\x07', "", "query", 0, 0, 160, 50, 8],
        [0, "android.view.View", "", "", "area", 0, 50, 160, 210, 8 | 64],
        [1, "android.widget.CheckBox", "Apple", "", "ch0", 2, 60, 20, 78.5, 1 | 2 | 4 | 8 | 16],
        [1, "android.widget.EditText", "\u2022\u2022", "Password", "pw", 2, 90, 500, 120, 8 | 256],
        [0, "android.widget.Button", "Submit", "", "", 2, 130, 60, 150, 1 | 8 | 32],
    ]
    xml = _hierarchy_xml("Task", nodes)
    elements = parse_hierarchy(xml)
    assert [e.class_name for e in elements] == [
        "android.widget.FrameLayout",
        "android.webkit.WebView",
        "android.widget.TextView",
        "android.view.View",
        "android.widget.CheckBox",
        "android.widget.EditText",
        "android.widget.Button",
    ]
    query, area, box, field, button = elements[2:]
    assert query.text == 'Say "hi" & <go>'  # the bell character is not XML
    # 160 x 50 CSS pixels at the page's 500 % (AW's initial scale).
    assert query.bounds is not None and (query.bounds.right, query.bounds.bottom) == (800, 250)
    assert area.scrollable and not area.clickable
    assert box.checkable and box.checked and box.clickable and box.focusable
    assert box.bounds is not None and box.bounds.bottom == 392  # 78.5 * 5, rounded (even)
    assert field.content_description == "Password" and field.editable
    assert field.bounds is not None and field.bounds.right == 1080  # clipped to the screen
    assert button.focused and not button.checkable
    # The check box and the field are children of the area, the button is not.
    root = ET.fromstring(xml[xml.index("<hierarchy") :])
    area_node = next(n for n in root.iter("node") if n.get("resource-id") == "area")
    assert [n.get("resource-id") for n in area_node] == ["ch0", "pw"]
    webview = next(n for n in root.iter("node") if n.get("class") == "android.webkit.WebView")
    assert [n.get("resource-id") for n in webview] == ["query", "area", ""]


def test_an_empty_page_is_a_webview_alone() -> None:
    elements = parse_hierarchy(_hierarchy_xml("", []))
    assert [e.class_name for e in elements] == [
        "android.widget.FrameLayout",
        "android.webkit.WebView",
    ]
