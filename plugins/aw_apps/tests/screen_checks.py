"""An app's screens in the app tests: reading and tapping the virtual phone's UI tree
through adb, as a tester would, and ``droidhub check --ui`` over a list of tasks.

Kept in a module of its own (not conftest.py) so the tests import it by a name no
other distribution's tests use.
"""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Sequence

from droidhub import Device
from droidhub.android.ui_tree import UIElement, parse_hierarchy

#: AppCompat's alert dialog panels (``abc_alert_dialog_material.xml``): every app's
#: dialogs show these ids, in the app's own package.
ALERT_DIALOG_IDS = (
    "parentPanel",
    "topPanel",
    "title_template",
    "alertTitle",
    "contentPanel",
    "scrollView",
    "customPanel",
    "buttonPanel",
)


def assert_solved_through_screen(tasks: Sequence[str]) -> None:
    """Run ``droidhub check --ui`` on ``tasks`` in a subprocess, as a user would; fail
    with its output unless every task passes."""
    proc = subprocess.run(
        [sys.executable, "-m", "droidhub", "check", "--ui", "--tasks", ",".join(tasks)],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert f"{len(tasks)} of {len(tasks)} tasks pass" in proc.stdout


def screen_elements(device: Device) -> list[UIElement]:
    """The elements of the screen ``device`` shows now."""
    return parse_hierarchy(device.ui_tree())


def shown_id_classes(device: Device, prefix: str) -> dict[str, str]:
    """The view ids on screen now that start with ``prefix`` (an app's ``PACKAGE:id/``),
    without it, each with its view's class."""
    return {
        e.resource_id[len(prefix) :]: e.class_name
        for e in screen_elements(device)
        if e.resource_id.startswith(prefix)
    }


def shown_ids(device: Device, prefix: str) -> set[str]:
    """The view ids on screen now that start with ``prefix``, without it."""
    return set(shown_id_classes(device, prefix))


def find_element(device: Device, **wanted: str) -> UIElement:
    """The first element on screen whose named fields end with the values given
    (``resource_id="/save"``, ``text="Delete"``); fails if there is none."""
    for element in screen_elements(device):
        if all(getattr(element, k).endswith(v) for k, v in wanted.items()):
            return element
    raise AssertionError(f"nothing with {wanted} on screen")


def tap_element(device: Device, **wanted: str) -> None:
    """Tap the centre of the element :func:`find_element` finds."""
    element = find_element(device, **wanted)
    assert element.bounds is not None
    device.tap(*element.bounds.center)


def choose_from_overflow(device: Device, item: str) -> None:
    """Open the overflow menu (the "More options" button) and tap its item ``item``."""
    tap_element(device, content_description="More options")
    tap_element(device, text=item)
