"""UI-only solvers of the system tasks: Wi-Fi, Bluetooth and brightness through
Settings' pages as Android 13 lays them out, and opening an app.

Each reads the switch or slider it is about to change from the screen first, as an
agent must: a "Verify" task whose state already holds is left as it is.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from droidhub import Action, State
from droidhub.agents.ui_solver import (
    SolverScript,
    open_app,
    require,
    scroll_to,
    tap,
)
from droidhub_aw_apps.common.ui_solvers import SolverList

SOLVERS = SolverList()

_SWITCH = "android:id/switch_widget"


def _row_switch_checked(state: State, title: str) -> tuple[int, bool]:
    """The index of the switch on the row titled ``title`` (a preference's title or a
    main switch bar's ``switch_text``), and whether it is on."""
    row_title = state.ui_elements[require(state, text=title)]
    assert row_title.bounds is not None
    middle = row_title.bounds.center[1]
    for index, element in enumerate(state.ui_elements):
        box = element.bounds
        if element.resource_id == _SWITCH and box is not None and box.top <= middle < box.bottom:
            return index, element.checked
    raise AssertionError(f"no switch on the row {title!r}")


def _set_switch(state: State, title: str, on: bool) -> SolverScript:
    index, checked = _row_switch_checked(state, title)
    if checked != on:
        yield Action(action_type="click", index=index)


def _goal_on(params: Mapping[str, Any]) -> bool:
    return params["on_or_off"] == "on"


def _variants(stem: str, ends: tuple[str, str]) -> list[str]:
    """The four tasks of one setting: each end, as a change and as a Verify."""
    return [f"{stem}{end}{verify}" for end in ends for verify in ("", "Verify")]


def _switch_through(state: State, pages: tuple[str, ...], switch: str, on: bool) -> SolverScript:
    """Settings, then each of ``pages`` in turn, then the switch on the row ``switch``."""
    state = yield open_app("Settings")
    for page in pages:
        state = yield tap(state, text=page)
    yield from _set_switch(state, switch, on)


@SOLVERS.solves(*_variants("SystemWifiTurn", ("On", "Off")))
def solve_wifi(goal: str, params: Mapping[str, Any], state: State) -> SolverScript:
    """Settings → Network & internet → Internet → the Wi-Fi switch."""
    del goal
    pages = ("Network & internet", "Internet")
    yield from _switch_through(state, pages, "Wi\u2011Fi", _goal_on(params))


@SOLVERS.solves(*_variants("SystemBluetoothTurn", ("On", "Off")))
def solve_bluetooth(goal: str, params: Mapping[str, Any], state: State) -> SolverScript:
    """Settings → Connected devices → Connection preferences → Bluetooth → its switch."""
    del goal
    pages = ("Connected devices", "Connection preferences", "Bluetooth")
    yield from _switch_through(state, pages, "Use Bluetooth", _goal_on(params))


@SOLVERS.solves(*_variants("SystemBrightness", ("Max", "Min")))
def solve_brightness(goal: str, params: Mapping[str, Any], state: State) -> SolverScript:
    """Settings → Display → Brightness level → the slider's right or left end."""
    del goal
    state = yield open_app("Settings")
    state = yield from scroll_to(state, text="Display")
    state = yield tap(state, text="Display")
    state = yield tap(state, text="Brightness level")
    slider = state.ui_elements[require(state, class_name="SeekBar")]
    assert slider.bounds is not None
    box = slider.bounds
    x = box.right - 1 if params["max_or_min"] == "max" else box.left
    yield Action(action_type="click", x=x, y=box.center[1])


@SOLVERS.solves("OpenAppTaskEval")
def solve_open_app(goal: str, params: Mapping[str, Any], state: State) -> SolverScript:
    """Open the app the goal names, as the ``open_app`` action does."""
    del goal, state
    yield open_app(params["app_name"])
