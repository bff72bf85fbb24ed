"""With android_env installed, the compat env's ``State.forest`` is android_env's
accessibility-forest proto, AW's rule over it gives the state's ``ui_elements``, and the
controller answers android_env's own ``AdbRequest`` messages. Skipped without
``android-env`` (``pip install 'droidhub[aw]'``)."""

from __future__ import annotations

import re

import pytest

from droidhub.compat.adb_requests import Controller
from droidhub.compat.android_world import to_aw_state
from droidhub.device.client import Device
from droidhub.env.environment import Env

pytest.importorskip("android_env")
from android_env.proto import adb_pb2
from android_env.proto.a11y import android_accessibility_forest_pb2 as forest_pb2

OK = adb_pb2.AdbResponse.Status.OK


def _aw_elements(forest: forest_pb2.AndroidAccessibilityForest) -> list[tuple]:
    """AW's rule (representation_utils): leaves, described or scrolling nodes, visible."""
    return [
        (n.text or None, n.content_description or None, n.bounds_in_screen.left,
         n.bounds_in_screen.bottom)
        for w in forest.windows
        for n in w.tree.nodes
        if (not n.child_ids or n.content_description or n.is_scrollable) and n.is_visible_to_user
    ]  # fmt: skip


def test_state_forest_is_android_envs_proto(virtual_device: Device) -> None:
    virtual_device.start_activity(component="com.android.settings/.Settings")
    state, indices = to_aw_state(Env(virtual_device).get_state(), (1080, 2400))
    assert isinstance(state.forest, forest_pb2.AndroidAccessibilityForest)
    (window,) = state.forest.windows
    assert window.bounds_in_screen.bottom == 2400 and len(window.tree.nodes) > len(indices)
    seen = [
        (e.text, e.content_description, e.bbox_pixels.x_min, e.bbox_pixels.y_max)
        for e in state.ui_elements
    ]
    assert seen == _aw_elements(state.forest)
    titles = [e for e in state.ui_elements if e.text == "Network & internet"]
    assert titles and titles[0].bbox is None and titles[0].resource_name  # as AW fills them


def test_controller_answers_android_env_requests(virtual_device: Device) -> None:
    controller = Controller(virtual_device)
    generic = adb_pb2.AdbRequest.GenericRequest(
        args=["shell", "dumpsys", "input", "|", "grep", "physicalFrame"]
    )
    response = controller.execute_adb_call(adb_pb2.AdbRequest(generic=generic))
    assert response.status == OK
    assert re.search(r"physicalFrame=\[0, 0, 1080, 2400\]", response.generic.output.decode())
    settings = adb_pb2.AdbRequest.SettingsRequest
    put = settings(name_space=settings.Namespace.GLOBAL, put=settings.Put(key="k1", value="v"))
    assert controller.execute_adb_call(adb_pb2.AdbRequest(settings=put)).status == OK
    assert virtual_device.get_setting("global", "k1") == "v"
    home = adb_pb2.AdbRequest.PressButton(button=adb_pb2.AdbRequest.PressButton.HOME)
    assert controller.execute_adb_call(adb_pb2.AdbRequest(press_button=home)).status == OK
    current = adb_pb2.AdbRequest(get_current_activity=adb_pb2.AdbRequest.GetCurrentActivity())
    answer = controller.execute_adb_call(current).get_current_activity.full_activity
    assert answer.startswith("com.google.android.apps.nexuslauncher/")
    pinning = adb_pb2.AdbRequest(start_screen_pinning=adb_pb2.AdbRequest.StartScreenPinning())
    refused = controller.execute_adb_call(pinning)
    assert refused.status == adb_pb2.AdbResponse.Status.UNKNOWN_COMMAND
    assert "start_screen_pinning" in refused.error_message
    assert (controller.logical_screen_size, controller.orientation) == ((1080, 2400), 0)
