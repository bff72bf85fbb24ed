"""The soft keyboard over a MiniWoB++ page, as over a WebView on the phone: a tap on a
text field brings Gboard up over the bottom of the screen; its keys type into the
field; BACK hides it; it shows in screenshots and never in the dump (the input
method's window is not the app's). Driven through the device (adb input)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest

from droidhub import Action, Observe, UIElement
from droidhub.virtual.views import keyboard
from droidhub_miniwob import plugin

if TYPE_CHECKING:
    from droidhub import Env

pytestmark = pytest.mark.browser

#: A point of the keyboard's toolbar strip between its first two icons: Gboard's ground.
STRIP = (3, keyboard.TOP + 3)


def _ground(hex_argb: str) -> tuple[int, int, int]:
    value = int(hex_argb.lstrip("#"), 16)
    return (value >> 16) & 0xFF, (value >> 8) & 0xFF, value & 0xFF


def _field(env: Env) -> UIElement:
    shown = env.get_state(observe=Observe.UI_TREE).ui_elements
    return next(e for e in shown if e.resource_id == "tt")


def _strip_colour(env: Env) -> tuple[int, int, int]:
    state = env.get_state(observe=Observe.BOTH)
    assert state.screenshot is not None
    return state.screenshot.convert("RGB").getpixel(STRIP)  # type: ignore[return-value]


def _tap(env: Env, x: int, y: int) -> None:
    env.execute_action(Action(action_type="click", x=x, y=y))


def _key(label: str) -> tuple[int, int]:
    left, top, right, bottom = next(box for k, box in keyboard.keys("letters") if k.label == label)
    return (left + right) // 2, (top + bottom) // 2


def test_a_tapped_field_brings_the_keyboard_whose_keys_type_and_back_hides_it(
    miniwob_env: Env,
) -> None:
    task = plugin.miniwob_family().get("enter-text")({"seed": 3, "no_timer": True})
    task.initialize_task(miniwob_env)
    ground = _ground(keyboard.BACKGROUND)
    assert _strip_colour(miniwob_env) != ground
    field = _field(miniwob_env)
    assert field.bounds is not None and field.bounds.bottom < keyboard.TOP
    _tap(miniwob_env, *field.bounds.center)
    assert _strip_colour(miniwob_env) == ground  # Gboard is up
    for label in ("h", "i"):
        _tap(miniwob_env, *_key(label))
    assert _field(miniwob_env).text == "hi"
    _tap(miniwob_env, *_key("Shift"))
    _tap(miniwob_env, *_key("o"))
    assert _field(miniwob_env).text == "hiO"  # shift capitalizes the next letter only
    _tap(miniwob_env, *_key("Delete"))
    assert _field(miniwob_env).text == "hi"
    tree = miniwob_env.get_state(observe=Observe.UI_TREE).ui_tree
    assert "com.google.android.inputmethod.latin" not in tree and 'text="q"' not in tree
    miniwob_env.execute_action(Action(action_type="navigate_back"))
    assert _strip_colour(miniwob_env) != ground  # BACK took the keyboard down
    assert _field(miniwob_env).text == "hi"  # and left the page and its episode as they were
