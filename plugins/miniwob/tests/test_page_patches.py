"""droidhub's patches to the miniwob package's files (pages.PAGE_PATCHES): each applies to
the installed package exactly once, and changes what an agent meets as AndroidWorld's
MiniWoB app does."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest

from droidhub import Action
from droidhub_miniwob import plugin
from droidhub_miniwob.pages import PAGE_PATCHES, PagesNotFoundError, html_root, patched

if TYPE_CHECKING:
    from droidhub import Env


@pytest.mark.parametrize("relative", sorted(PAGE_PATCHES))
def test_each_patch_applies_once_to_the_installed_package(relative: str) -> None:
    original = (html_root() / relative).read_bytes()
    changed = patched(relative, original).decode()
    for patch in PAGE_PATCHES[relative]:
        assert patch.old not in changed and patch.new in changed
    assert patched("miniwob/click-button.html", original) == original  # no patch: untouched


def test_a_patch_that_no_longer_applies_is_a_clear_error() -> None:
    with pytest.raises(PagesNotFoundError, match=r"cannot patch core/core\.js"):
        patched("core/core.js", b"// a core.js of another version")


@pytest.mark.browser
def test_after_an_episode_a_tap_on_the_cover_starts_no_new_problem(miniwob_env: Env) -> None:
    # Upstream's cover says START and a tap on it draws a problem no seed chose; in AW's
    # app (and here) the ended episode stays ended, its reward kept.
    task = plugin.miniwob_subset_family().get("click-button")({"seed": 3})
    task.initialize_task(miniwob_env)
    state = miniwob_env.get_state()
    right = next(e for e in state.ui_elements if f'"{e.text}"' in task.goal and e.text)
    miniwob_env.execute_action(Action(action_type="click", x=right.bounds.center[0],
                                      y=right.bounds.center[1]))  # fmt: skip
    assert task.is_done(miniwob_env) and task.is_successful(miniwob_env) == 1.0
    # The cover lies over the task's 160x210 CSS pixels at the page's top left.
    webview = next(
        e for e in miniwob_env.get_state().ui_elements if e.class_name.endswith("WebView")
    )
    assert webview.bounds is not None
    x, y = webview.bounds.left + int(80 * 2.625), webview.bounds.top + int(105 * 2.625)
    miniwob_env.execute_action(Action(action_type="click", x=x, y=y))
    assert task.is_done(miniwob_env) and task.is_successful(miniwob_env) == 1.0
    assert task.details["raw_reward"] == 1.0
