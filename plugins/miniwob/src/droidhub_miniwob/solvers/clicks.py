"""Solvers of pages where the task is to click the right thing: buttons, links,
options, checkboxes, dialogs, tabs and collapsible sections."""

from __future__ import annotations

import functools
import json
import re
from typing import TYPE_CHECKING

from PIL import Image, ImageChops, ImageStat

from droidhub import UIElement
from droidhub_miniwob.solvers.registry import SolverError, solves
from droidhub_miniwob.solvers.screen import (
    BUTTON,
    CHECK_BOX,
    EDIT_TEXT,
    LIST_VIEW,
    RADIO_BUTTON,
    TEXT_VIEW,
    bounds_of,
    by_text,
    clickable_text,
    contains,
    elements,
    find,
    look,
    of_class,
    one_quoted,
    page_files,
    quoted,
    read_utterance,
    submit,
    tap,
    tap_first,
)

if TYPE_CHECKING:
    from droidhub import BoundingBox, Env


@solves("click-button", "unicode-test", "click-test-2", "click-test-transfer")
def _click_named_button(env: Env, utterance: str) -> None:
    # "Click on the "Yes" button." / "Click button ONE."
    found = quoted(utterance)
    name = found[0] if found else utterance.rstrip(".").rsplit(" ", 1)[-1]
    tap(env, find(env, by_text(BUTTON, name), f"button {name!r}"))


# "Click the button.": the page's one button.
solves("click-test")(tap_first(BUTTON, "button"))


@solves("click-button-sequence")
def _click_sequence(env: Env, utterance: str) -> None:
    # "Click button ONE, then click button TWO."
    for name in re.findall(r"button (\w+)", utterance):
        tap(env, find(env, by_text(BUTTON, name), f"button {name!r}"))


@solves("click-widget")
def _click_widget(env: Env, utterance: str) -> None:
    # 'Click on a "textarea" widget.': buttons, check boxes and radios by their class;
    # a text input and a textarea are both EditText, told apart as a person tells them
    # apart on screen: a textarea is the taller box.
    kind = one_quoted(utterance)
    classes = {"button": BUTTON, "checkbox": CHECK_BOX, "radio": RADIO_BUTTON}
    if kind in classes:
        tap(env, find(env, of_class(classes[kind]), f"a {kind} widget"))
        return
    find(env, of_class(EDIT_TEXT), "a text box")  # the page is up
    boxes = [e for e in elements(env) if e.class_name == EDIT_TEXT and e.bounds is not None]
    if not boxes:
        raise SolverError(f"no text box on the page for {kind!r}")

    def height(e: UIElement) -> int:
        assert e.bounds is not None
        return e.bounds.bottom - e.bounds.top

    tap(env, max(boxes, key=height) if kind == "textarea" else min(boxes, key=height))


@solves("click-link")
def _click_link(env: Env, utterance: str) -> None:
    name = one_quoted(utterance)
    tap(env, find(env, lambda e: e.clickable and e.text == name, f"link {name!r}"))


@solves("click-option")
def _click_option(env: Env, utterance: str) -> None:
    # "Select S4 and click Submit."
    name = read_utterance(r"Select (.*) and click Submit\.", utterance)
    tap(env, find(env, by_text(RADIO_BUTTON, name.group(1)), f"option {name.group(1)!r}"))
    submit(env)


@solves("click-checkboxes", "click-checkboxes-transfer", "click-checkboxes-large")
def _click_checkboxes(env: Env, utterance: str) -> None:
    # "Select nothing and click Submit." / "Select 3hIU, Qqi and click Submit."
    match = read_utterance(r"Select (.*) and click Submit\.", utterance)
    wanted = set() if match.group(1) == "nothing" else set(match.group(1).split(", "))
    for box in [e for e in elements(env) if e.class_name == CHECK_BOX]:
        if (box.text in wanted) != box.checked:
            tap(env, box)
    submit(env)


@functools.cache
def synonym_groups() -> list[list[str]]:
    """click-checkboxes-soft's groups of words similar in meaning, from the page itself
    (a person playing it learns them; the oracle reads them once)."""
    page = (page_files() / "miniwob" / "click-checkboxes-soft.html").read_text(encoding="utf-8")
    found = re.search(r"var SYNONYMS = (\[.*?\]);", page, re.DOTALL)
    if found is None:
        raise SolverError("click-checkboxes-soft's page lists no synonyms")
    listed = re.sub(r",\s*\]", "]", found.group(1).replace("'", '"'))
    return [list(group) for group in json.loads(listed)]


@solves("click-checkboxes-soft")
def _click_checkboxes_soft(env: Env, utterance: str) -> None:
    # "Select words similar to large, mad and click Submit." Each box shows a word of
    # its own group; tick those whose group holds a word asked for.
    match = read_utterance(r"Select words similar to (.*) and click Submit\.", utterance)
    asked = set() if match.group(1) == "nothing" else set(match.group(1).split(", "))
    groups = [set(g) for g in synonym_groups() if asked & set(g)]
    for box in [e for e in elements(env) if e.class_name == CHECK_BOX]:
        if any(box.text in g for g in groups) != box.checked:
            tap(env, box)
    submit(env)


@solves("click-dialog", "click-dialog-2")
def _click_dialog(env: Env, utterance: str) -> None:
    # "Close the dialog box by clicking the "x"." / "... dialog box labeled "OK"."
    label = one_quoted(utterance)
    if label.lower() == "x":
        target = find(
            env,
            lambda e: e.class_name == BUTTON and "close" in (e.content_description.lower()),
            "dialog close button",
        )
    else:
        target = find(env, by_text(BUTTON, label), f"dialog button {label!r}")
    tap(env, target)


@solves("click-tab")
def _click_tab(env: Env, utterance: str) -> None:
    tab = re.search(r"Tab #\d+", utterance)
    if tab is None:
        raise SolverError(f"no tab named in {utterance!r}")
    tap(env, find(env, lambda e: e.clickable and e.text == tab.group(0), tab.group(0)))


def _tabs(env: Env) -> list[UIElement]:
    # The tabs are the clickable labels inside the tab bar (a list).
    found = elements(env)
    bars = [e.bounds for e in found if e.class_name == LIST_VIEW and e.bounds is not None]
    if not bars:
        raise SolverError("no tab bar on screen")
    return [
        e
        for e in found
        if e.clickable and e.class_name == TEXT_VIEW and e.bounds and contains(bars[0], e.bounds)
    ]


@solves("click-tab-2", "click-tab-2-easy", "click-tab-2-hard")
def _click_link_in_tabs(env: Env, utterance: str) -> None:
    # "Switch between the tabs to find and click on the link "porttitor"."
    name = one_quoted(utterance)
    for index in range(len(_tabs(env))):
        tap(env, _tabs(env)[index])
        links = [e for e in elements(env) if e.clickable and e.text == name]
        if links:
            tap(env, links[0])
            return
    raise SolverError(f"link {name!r} is in no tab")


@solves("click-tab-2-medium")
def _click_link_or_the_empty_tab(env: Env, utterance: str) -> None:
    # As click-tab-2, but the page empties the second tab after drawing the problem:
    # when the link was only there, the answer is to open that (empty) tab. Opening it
    # while the link is in the first tab is wrong, so look in the first tab only.
    name = one_quoted(utterance)
    links = [e for e in elements(env) if e.clickable and e.text == name]
    tap(env, links[0] if links else _tabs(env)[1])


@solves("click-collapsible")
def _click_collapsible(env: Env, utterance: str) -> None:
    del utterance
    tap(env, find(env, lambda e: e.clickable and e.text.startswith("Section #"), "section"))
    submit(env)


@solves("click-collapsible-2")
def _click_link_in_sections(env: Env, utterance: str) -> None:
    name = one_quoted(utterance)
    sections = [e.text for e in elements(env) if e.clickable and e.text.startswith("Section #")]
    for section in sections:
        tap(env, find(env, clickable_text(section), section))
        try:
            link = find(env, lambda e: e.clickable and e.text == name, f"link {name!r}", 1.0)
        except SolverError:
            continue
        tap(env, link)
        return
    raise SolverError(f"link {name!r} is in no section")


def _ink(image: Image.Image, box: BoundingBox) -> Image.Image:
    """How dark each pixel of ``box`` is against the box's own background (the icon's
    background differs from place to place: yellow in the instruction, grey in a menu)."""
    crop = image.crop((box.left, box.top, box.right, box.bottom)).convert("L")
    background = ImageStat.Stat(crop).median[0] or 1
    return crop.point(lambda v: max(0, background - v) * 255 // background)


def _unlikeness(a: Image.Image, b: Image.Image, reach: int = 6) -> float:
    """How much two icons' ink differs at the best of small shifts (the same icon sits a
    few pixels apart in different boxes); 0 for the same picture."""
    width, height = min(a.width, b.width), min(a.height, b.height)
    a, b = a.crop((0, 0, width, height)), b.crop((0, 0, width, height))
    inner = (reach, reach, width - reach, height - reach)
    return min(
        ImageStat.Stat(ImageChops.difference(a, ImageChops.offset(b, dx, dy)).crop(inner)).sum[0]
        for dx in range(-reach, reach + 1)
        for dy in range(-reach, reach + 1)
    )


@solves("click-menu-2")
def _click_menu_2(env: Env, utterance: str) -> None:
    # 'Click the "Menu" button, and then find and click on the item labeled "Play".' or
    # '... on the item with the [icon] icon.' The instruction's icon is known by its
    # picture: the menu item whose icon looks the same.
    tap(env, find(env, by_text(BUTTON, "Menu"), "Menu button"))
    tap(env, find(env, lambda e: e.clickable and e.text == "Playback", "Playback"))
    find(env, lambda e: e.clickable and e.text == "Next", "the Playback items")
    labels = quoted(utterance)
    if len(labels) > 1:
        tap(env, find(env, lambda e: e.clickable and e.text == labels[1], f"item {labels[1]!r}"))
        return
    on_screen, image = look(env)
    query = bounds_of(on_screen, "query")
    icon = next(
        (
            e.bounds
            for e in on_screen
            if query and e.bounds and e.class_name.endswith(".View") and contains(query, e.bounds)
        ),
        None,
    )
    if icon is None:
        raise SolverError("no icon in the instruction")
    wanted = _ink(image, icon)
    # Each enabled item's text comes just before its icon in the tree.
    items = [
        (label, on_screen[i + 1].bounds)
        for i, label in enumerate(on_screen[:-1])
        if label.class_name == TEXT_VIEW
        and label.clickable
        and label.resource_id.startswith("ui-id")
        and on_screen[i + 1].bounds is not None
    ]
    if not items:
        raise SolverError("no menu items with icons on screen")
    best = min(items, key=lambda item: _unlikeness(wanted, _ink(image, item[1])))  # type: ignore[arg-type]
    tap(env, best[0], on_screen)
