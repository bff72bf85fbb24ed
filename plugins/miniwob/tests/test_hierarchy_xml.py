"""The page nodes become a uiautomator document that droidhub's parser reads back."""

from __future__ import annotations

import xml.etree.ElementTree as ET

from droidhub.android.ui_tree import parse_hierarchy
from droidhub_miniwob.window_tree import window_hierarchy


def test_nodes_nest_by_depth_scale_to_device_pixels_and_escape_text() -> None:
    nodes = [
        # depth, class, text, desc, id, left, top, right, bottom, flags
        [0, "android.widget.TextView", 'Say "hi" & <go>\x07', "", "query", 0, 0, 160, 50, 8],
        [0, "android.view.View", "", "", "area", 0, 50, 160, 210, 8 | 64],
        [1, "android.widget.CheckBox", "Apple", "", "ch0", 2, 60, 20, 78.5, 1 | 2 | 4 | 8 | 16],
        [1, "android.widget.EditText", "\u2022\u2022", "Password", "pw", 2, 90, 500, 120, 8 | 256],
        [0, "android.widget.Button", "Submit", "", "", 2, 130, 60, 150, 1 | 8 | 32],
    ]
    xml = window_hierarchy("Task", nodes, "15:34")
    elements = parse_hierarchy(xml)
    window = [
        "android.widget.FrameLayout",
        "android.widget.FrameLayout",
        "android.widget.RelativeLayout",
        "android.webkit.WebView",
    ]
    page = [
        "android.widget.TextView",
        "android.view.View",
        "android.widget.CheckBox",
        "android.widget.EditText",
        "android.widget.Button",
    ]
    frame, linear, image = (
        "android.widget.FrameLayout",
        "android.widget.LinearLayout",
        "android.widget.ImageView",
    )
    bars = [
        # System UI's status bar window > status_bar_container > status_bar > contents
        *(frame, frame, frame, linear),
        *(frame, frame, linear, "android.widget.TextView"),  # the start side, the clock
        *(linear, linear, linear),  # system_icon_area > system_icons > statusIcons
        *(frame, linear, frame, image),  # wifi_combo > wifi_group > wifi_combo > signal
        *(frame, linear, frame, image),  # mobile_combo > mobile_group > frame > signal
        *(linear, image),  # the battery and its icon
        frame,  # the navigation bar
    ]
    assert [e.class_name for e in elements] == window + page + bars
    view = elements[3].bounds
    # Below the status bar (118 px) and the layout's 10 dp margin, above the gesture bar.
    assert view is not None and (view.left, view.top, view.right, view.bottom) == (
        0,
        144,
        1080,
        2337,
    )
    query, area, box, field, button = elements[4:9]
    assert query.text == 'Say "hi" & <go>'  # the bell character is not XML
    # 160 x 50 CSS pixels at the page's 500 % (AW's initial scale), from the WebView's top.
    assert query.bounds is not None and (query.bounds.top, query.bounds.right) == (144, 800)
    assert query.bounds.bottom == 144 + 250
    assert area.scrollable and not area.clickable
    assert box.checkable and box.checked and box.clickable and box.focusable
    assert box.bounds is not None and box.bounds.bottom == 144 + 392  # 78.5 * 5, rounded (even)
    assert field.content_description == "Password" and field.editable
    assert field.bounds is not None and field.bounds.right == 1080  # clipped to the screen
    assert button.focused and not button.checkable
    # The check box and the field are children of the area, the button is not.
    root = ET.fromstring(xml[xml.index("<hierarchy") :])
    area_node = next(n for n in root.iter("node") if n.get("resource-id") == "area")
    assert [n.get("resource-id") for n in area_node] == ["ch0", "pw"]
    webview = next(n for n in root.iter("node") if n.get("class") == "android.webkit.WebView")
    assert [n.get("resource-id") for n in webview] == ["query", "area", ""]


def test_an_empty_page_is_a_webview_alone_between_the_bars() -> None:
    elements = parse_hierarchy(window_hierarchy("", [], "09:05"))
    assert [e.class_name for e in elements][:4] == [
        "android.widget.FrameLayout",
        "android.widget.FrameLayout",
        "android.widget.RelativeLayout",
        "android.webkit.WebView",
    ]
    clock = next(e for e in elements if e.resource_id == "com.android.systemui:id/clock")
    assert clock.text == "09:05"
    assert [e.resource_id for e in elements if e.resource_id.startswith("com.android.systemui")][
        -1
    ] == "com.android.systemui:id/navigation_bar_frame"
