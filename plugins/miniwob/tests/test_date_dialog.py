"""A date field opens Android 13's date dialog in its calendar mode, as a phone's
WebView does: driven here through taps and scrolls on the screen, read from the UI tree."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest

from droidhub import Action, Observe, UIElement
from droidhub_miniwob import plugin

if TYPE_CHECKING:
    from droidhub import Env

pytestmark = pytest.mark.browser


def _shown(env: Env) -> list[UIElement]:
    return env.get_state(observe=Observe.UI_TREE).ui_elements


def _by_id(env: Env, resource_id: str) -> UIElement:
    return next(e for e in _shown(env) if e.resource_id == resource_id)


def _tap(env: Env, element: UIElement) -> None:
    assert element.bounds is not None
    x, y = element.bounds.center
    env.execute_action(Action(action_type="click", x=x, y=y))


def test_a_date_field_opens_the_calendar_dialog_on_the_phones_date(miniwob_env: Env) -> None:
    plugin.miniwob_family().get("enter-date")({"seed": 7, "no_timer": True}).initialize_task(
        miniwob_env
    )
    _tap(miniwob_env, _by_id(miniwob_env, "tt"))
    # The phone's clock (2023-10-15, a Sunday), not the host's.
    assert _by_id(miniwob_env, "android:id/date_picker_header_year").text == "2023"
    assert _by_id(miniwob_env, "android:id/date_picker_header_date").text == "Sun, Oct 15"
    days = [e for e in _shown(miniwob_env) if e.class_name == "android.view.View" and e.text]
    assert [d.text for d in days] == [str(n) for n in range(1, 32)]
    assert days[0].content_description == "01 October 2023"
    assert [d.text for d in days if d.selected] == ["15"]
    assert all(d.clickable for d in days)
    # The month's title and the weekday initials are drawn, not nodes.
    assert not [e for e in _shown(miniwob_env) if e.text == "October 2023"]
    previous = next(e for e in _shown(miniwob_env) if e.content_description == "Previous month")
    assert previous.class_name == "android.widget.ImageButton" and not previous.text
    _tap(miniwob_env, previous)
    first = next(e for e in _shown(miniwob_env) if e.text == "1" and e.clickable)
    assert first.content_description == "01 September 2023"


def test_picking_a_year_a_month_and_a_day_sets_the_field(miniwob_env: Env) -> None:
    task = plugin.miniwob_family().get("enter-date")({"seed": 8, "no_timer": True})
    task.initialize_task(miniwob_env)
    _tap(miniwob_env, _by_id(miniwob_env, "tt"))
    _tap(miniwob_env, _by_id(miniwob_env, "android:id/date_picker_header_year"))
    years = _by_id(miniwob_env, "android:id/date_picker_year_picker")
    assert years.class_name == "android.widget.ListView" and years.scrollable
    shown = [e.text for e in _shown(miniwob_env) if e.resource_id == "android:id/text1"]
    assert "2023" in shown and "2010" not in shown  # the list opens on the chosen year
    _tap(miniwob_env, next(e for e in _shown(miniwob_env) if e.text == "2022"))
    assert _by_id(miniwob_env, "android:id/date_picker_header_date").text == "Sat, Oct 15"
    _tap(miniwob_env, next(e for e in _shown(miniwob_env) if e.content_description == "Next month"))
    _tap(
        miniwob_env,
        next(e for e in _shown(miniwob_env) if e.content_description == "03 November 2022"),
    )
    _tap(miniwob_env, _by_id(miniwob_env, "android:id/button1"))  # OK
    assert _by_id(miniwob_env, "tt").text == "2022-11-03"
    assert not [e for e in _shown(miniwob_env) if e.resource_id.startswith("android:id/date")]


def test_cancel_leaves_the_field_as_it_was(miniwob_env: Env) -> None:
    plugin.miniwob_family().get("enter-date")({"seed": 9, "no_timer": True}).initialize_task(
        miniwob_env
    )
    _tap(miniwob_env, _by_id(miniwob_env, "tt"))
    _tap(miniwob_env, next(e for e in _shown(miniwob_env) if e.text == "20" and e.clickable))
    _tap(miniwob_env, _by_id(miniwob_env, "android:id/button2"))  # Cancel
    assert _by_id(miniwob_env, "tt").text == ""
    assert not [e for e in _shown(miniwob_env) if e.resource_id.startswith("android:id/date")]
