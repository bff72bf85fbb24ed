"""``parse_hierarchy`` reads a ``uiautomator dump`` into elements; a dump seen again is
not parsed again, and nothing a caller does to one result reaches another."""

from __future__ import annotations

import pytest

from droidhub.android.ui_tree import (
    PARSED_DUMPS_KEPT,
    BoundingBox,
    UIElement,
    parse_bounds,
    parse_hierarchy,
)
from droidhub.virtual.hierarchy import Node, hierarchy

FIELD = Node(
    "android.widget.EditText",
    "com.example",
    (10, 20, 300, 120),
    text='say "hi" & <go>',
    resource_id="com.example:id/field",
    clickable=True,
    focusable=True,
    focused=True,
)
DUMP = hierarchy(
    Node(
        package="com.example",
        children=[FIELD, Node("android.widget.Button", "com.example", (0, 200, 100, 260))],
    )
)


def test_every_node_becomes_an_element_in_document_order() -> None:
    root, field, button = parse_hierarchy(DUMP)
    assert root.class_name == "android.widget.FrameLayout"
    assert field == UIElement(
        text='say "hi" & <go>',
        class_name="android.widget.EditText",
        resource_id="com.example:id/field",
        package="com.example",
        bounds=BoundingBox(10, 20, 300, 120),
        clickable=True,
        focusable=True,
        focused=True,
        editable=True,
    )
    assert (button.class_name, button.bounds, button.editable) == (
        "android.widget.Button",
        BoundingBox(0, 200, 100, 260),
        False,
    )


def test_a_dump_parsed_again_gives_equal_elements_in_a_list_of_its_own() -> None:
    first = parse_hierarchy(DUMP)
    first.append(UIElement(text="added by the caller"))
    first[0] = UIElement(text="replaced by the caller")
    second = parse_hierarchy(DUMP)
    assert len(second) == 3
    assert second[0].class_name == "android.widget.FrameLayout"
    # The same text arriving as a new string object (off the wire) is the same dump.
    assert parse_hierarchy("".join(list(DUMP))) == second


def test_text_around_the_document_is_ignored() -> None:
    wrapped = f"UI hierchary dumped to: /dev/tty\n{DUMP}\nmFocusedApp=...\n"
    assert parse_hierarchy(wrapped) == parse_hierarchy(DUMP)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("ERROR: null root node returned by UiTestAutomationBridge.", "not a UI hierarchy"),
        ("<hierarchy rotation='0'><node bounds='[0,0][1,1]'></hierarchy>", "malformed"),
    ],
)
def test_a_bad_dump_is_refused_every_time_it_comes(text: str, message: str) -> None:
    for _ in range(2):  # a refusal is not remembered as a result
        with pytest.raises(ValueError, match=message):
            parse_hierarchy(text)


def test_many_different_dumps_each_parse_to_their_own_elements() -> None:
    dumps = [
        hierarchy(Node(package="com.example", children=[Node(text=f"row {i}")]))
        for i in range(PARSED_DUMPS_KEPT * 2)
    ]
    for _ in range(2):
        assert [parse_hierarchy(d)[1].text for d in dumps] == [
            f"row {i}" for i in range(PARSED_DUMPS_KEPT * 2)
        ]


@pytest.mark.parametrize(
    ("text", "box"),
    [
        ("[0,0][1080,2400]", BoundingBox(0, 0, 1080, 2400)),
        (" [-5,10][20,-1] ", BoundingBox(-5, 10, 20, -1)),
        ("", None),
        ("[0,0][10]", None),
    ],
)
def test_bounds(text: str, box: BoundingBox | None) -> None:
    assert parse_bounds(text) == box
