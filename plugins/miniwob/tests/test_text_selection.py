"""Text selection and the clipboard, as a phone's WebView has them: a long press selects
a word and opens the floating toolbar; Select all, Copy, Paste; a handle drag widens
the selection. Driven through the device (adb input), read from the tree and pixels."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest

from droidhub import Action, Observe, UIElement
from droidhub_miniwob import plugin

if TYPE_CHECKING:
    from droidhub import Env, TaskEval

pytestmark = pytest.mark.browser

#: The selection handles' colour (js/text_selection.js).
HANDLE = (0x00, 0x63, 0x9B)


def _start(env: Env, page: str, seed: int) -> TaskEval:
    task = plugin.miniwob_family().get(page)({"seed": seed, "no_timer": True})
    task.initialize_task(env)
    return task


def _shown(env: Env) -> list[UIElement]:
    return env.get_state(observe=Observe.UI_TREE).ui_elements


def _toolbar(env: Env) -> list[str]:
    return [e.text for e in _shown(env) if e.class_name == "android.widget.Button"][1:]


def _tap(env: Env, element: UIElement) -> None:
    assert element.bounds is not None
    env.execute_action(
        Action(action_type="click", x=element.bounds.center[0], y=element.bounds.center[1])
    )


def _button(env: Env, label: str) -> UIElement:
    return next(
        e for e in _shown(env) if e.class_name == "android.widget.Button" and e.text == label
    )


def _by_id(env: Env, resource_id: str) -> UIElement:
    return next(e for e in _shown(env) if e.resource_id == resource_id)


def test_a_long_press_on_page_text_selects_a_word_and_opens_the_toolbar(miniwob_env: Env) -> None:
    _start(miniwob_env, "highlight-text", 2)
    text = _by_id(miniwob_env, "randomText")
    assert text.bounds is not None
    before = len(_shown(miniwob_env))
    miniwob_env.execute_action(
        Action(action_type="long_press", x=text.bounds.left + 40, y=text.bounds.top + 30)
    )
    assert _toolbar(miniwob_env) == ["Copy", "Select all"]
    # The handles are drawn, not nodes: only the toolbar and its buttons are new.
    assert len(_shown(miniwob_env)) == before + 2
    # A tap elsewhere closes the toolbar.
    query = _by_id(miniwob_env, "query")
    _tap(miniwob_env, query)
    assert _toolbar(miniwob_env) == []


def test_copy_and_paste_through_the_toolbar_solve_copy_paste(miniwob_env: Env) -> None:
    task = _start(miniwob_env, "copy-paste", 2)
    source = _by_id(miniwob_env, "to-copy")
    assert source.bounds is not None
    miniwob_env.execute_action(
        Action(action_type="long_press", x=source.bounds.center[0], y=source.bounds.center[1])
    )
    assert _toolbar(miniwob_env) == ["Cut", "Copy", "Select all"]  # in a field: Cut too
    _tap(miniwob_env, _button(miniwob_env, "Select all"))
    _tap(miniwob_env, _button(miniwob_env, "Copy"))
    answer = _by_id(miniwob_env, "answer-input")
    assert answer.bounds is not None
    miniwob_env.execute_action(
        Action(action_type="long_press", x=answer.bounds.center[0], y=answer.bounds.center[1])
    )
    assert _toolbar(miniwob_env) == ["Paste", "Select all"]  # an empty field: Paste
    _tap(miniwob_env, _button(miniwob_env, "Paste"))
    assert _by_id(miniwob_env, "answer-input").text == source.text
    _tap(miniwob_env, _button(miniwob_env, "Submit"))
    assert task.is_successful(miniwob_env) == 1.0


def test_dragging_the_end_handle_widens_the_selection(miniwob_env: Env) -> None:
    task = _start(miniwob_env, "highlight-text", 2)
    text = _by_id(miniwob_env, "randomText")
    assert text.bounds is not None
    miniwob_env.execute_action(
        Action(action_type="long_press", x=text.bounds.left + 40, y=text.bounds.top + 30)
    )
    image = miniwob_env.get_state(observe=Observe.SCREENSHOT).screenshot
    assert image is not None
    rgb = image.convert("RGB")
    # The end handle: the rightmost handle-coloured pixels below the first line.
    spots = [
        (x, y)
        for y in range(text.bounds.top, text.bounds.bottom + 60, 4)
        for x in range(text.bounds.left, text.bounds.right, 4)
        if rgb.getpixel((x, y)) == HANDLE
    ]
    assert spots, "no selection handle drawn"
    right = max(x for x, _ in spots)
    x, y = right - 8, max(y for sx, y in spots if sx >= right - 8) - 8
    miniwob_env.device.shell(
        f"input swipe {x} {y} {text.bounds.right - 5} {text.bounds.bottom - 10} 300"
    )
    _tap(miniwob_env, _button(miniwob_env, "Submit"))
    assert task.is_successful(miniwob_env) == 1.0
