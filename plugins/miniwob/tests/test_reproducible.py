"""Same seed, same instance: the utterance and the page state repeat exactly."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest

from droidhub_miniwob import contract, plugin

if TYPE_CHECKING:
    from droidhub import Env

pytestmark = pytest.mark.browser

#: 20 tasks whose pages draw everything from Math.random (no clock, no animations).
TASKS = (
    "click-button",
    "click-button-sequence",
    "click-checkboxes",
    "click-checkboxes-large",
    "click-checkboxes-transfer",
    "click-collapsible",
    "click-link",
    "click-option",
    "click-tab",
    "click-tab-2",
    "click-test-2",
    "enter-password",
    "enter-text",
    "find-word",
    "focus-text-2",
    "login-user",
    "multi-orderings",
    "read-table",
    "simple-arithmetic",
    "unicode-test",
)


def instance(env: Env, name: str, seed: int) -> tuple[str, str]:
    """Set up ``name`` with ``seed``; return its utterance and its UI tree."""
    cls = plugin.miniwob_family().get(name)
    task = cls({"seed": seed})
    task.initialize_task(env)
    return task.goal, env.device.ui_tree()


@pytest.mark.parametrize("name", TASKS)
def test_same_seed_gives_the_same_utterance_and_page(miniwob_env: Env, name: str) -> None:
    first = instance(miniwob_env, name, 1234)
    other = instance(miniwob_env, name, 98765)
    again = instance(miniwob_env, name, 1234)
    assert again[0] == first[0]
    assert again[1] == first[1]
    # A fresh load of the page (the app was stopped) gives the same instance too.
    miniwob_env.device.force_stop(contract.PACKAGE)
    assert instance(miniwob_env, name, 1234) == first
    # The seed matters: another one gives another page (text, layout or both).
    assert other != first
