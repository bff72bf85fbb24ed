"""The virtual WebView app through a droidhub Device: the intents, the screen, input,
rewards, and a tab (in a browser context) that lives exactly as long as its phone."""

from __future__ import annotations

import os
import signal
import time
from typing import TYPE_CHECKING

import pytest

from droidhub import Action, DeviceError, Observe, UIElement
from droidhub_miniwob import contract, plugin
from droidhub_miniwob.tasks import MiniWobTask
from droidhub_miniwob.webview import MiniWobWebViewApp

if TYPE_CHECKING:
    from droidhub import Env
    from droidhub.virtual.server import VirtualDeviceServer

pytestmark = pytest.mark.browser


def task(name: str, seed: int) -> MiniWobTask:
    cls = plugin.miniwob_subset_family().get(name)
    return cls({"seed": seed})  # type: ignore[return-value]


def test_start_activity_loads_the_page_and_the_utterance_broadcast_answers(
    miniwob_env: Env,
) -> None:
    device = miniwob_env.device
    device.start_activity(
        component=contract.ACTIVITY_COMPONENT,
        extras={"task": "click-button", "seed": 5, "no_timer": True},
    )
    assert device.foreground_activity().startswith(contract.PACKAGE + "/")
    reply = device.broadcast(contract.ACTION_GET_UTTERANCE, component=contract.RECEIVER_COMPONENT)
    assert reply.code == contract.RESULT_OK
    parsed = contract.UtteranceReply.parse(reply.data)
    assert parsed is not None and parsed.ready
    assert (parsed.task, parsed.seed) == ("click-button", "5")
    assert parsed.utterance.startswith('Click on the "')


def test_ui_tree_is_an_android_hierarchy_with_the_webview_between_the_bars(
    miniwob_env: Env,
) -> None:
    t = task("login-user", 3)
    t.initialize_task(miniwob_env)
    xml = miniwob_env.device.ui_tree()
    assert '<hierarchy rotation="0">' in xml
    state = miniwob_env.get_state(observe=Observe.UI_TREE)
    classes = [e.class_name for e in state.ui_elements]
    assert classes[:4] == [
        "android.widget.FrameLayout",
        "android.widget.FrameLayout",
        "android.widget.RelativeLayout",
        "android.webkit.WebView",
    ]
    ids = [e.resource_id for e in state.ui_elements]
    assert "com.android.systemui:id/status_bar" in ids
    assert "com.android.systemui:id/navigation_bar_frame" in ids
    fields = [e for e in state.ui_elements if e.class_name == "android.widget.EditText"]
    assert [f.resource_id for f in fields] == ["username", "password"]
    assert all(f.clickable and f.enabled and f.package == contract.PACKAGE for f in fields)
    query = next(e for e in state.ui_elements if e.resource_id == "query")
    assert query.text == t.utterance
    # The 160 CSS px wide task area is 800 device pixels wide at AW's 500 % page scale.
    assert query.bounds is not None and query.bounds.right == 800
    button = next(e for e in state.ui_elements if e.class_name == "android.widget.Button")
    assert button.text == "Login"


def test_screenshot_is_phone_sized(miniwob_env: Env) -> None:
    task("click-test", 1).initialize_task(miniwob_env)
    image = miniwob_env.device.screenshot()
    assert image.size == (1080, 2400)
    # The page's grey background (#555) fills the screen outside the task.
    assert image.convert("RGB").getpixel((900, 2000)) == (85, 85, 85)


def test_typing_checking_and_focus_show_up_in_the_tree(miniwob_env: Env) -> None:
    t = task("click-checkboxes", 2)
    t.initialize_task(miniwob_env)
    boxes = [e for e in miniwob_env.get_state().ui_elements if e.class_name.endswith("CheckBox")]
    assert boxes and all(b.checkable and not b.checked for b in boxes)
    x, y = boxes[0].bounds.center  # type: ignore[union-attr]
    miniwob_env.execute_action(Action(action_type="click", x=x, y=y))
    after = [e for e in miniwob_env.get_state().ui_elements if e.class_name.endswith("CheckBox")]
    assert after[0].checked and not any(b.checked for b in after[1:])

    task("enter-text", 4).initialize_task(miniwob_env)
    field = next(
        e for e in miniwob_env.get_state().ui_elements if e.class_name.endswith("EditText")
    )
    x, y = field.bounds.center  # type: ignore[union-attr]
    miniwob_env.execute_action(Action(action_type="input_text", text="héllo wörld", x=x, y=y))
    miniwob_env.device.keyevent("KEYCODE_DEL")
    typed = next(
        e for e in miniwob_env.get_state().ui_elements if e.class_name.endswith("EditText")
    )
    assert typed.text == "héllo wörl" and typed.focused


def test_noop_scores_zero_and_a_wrong_answer_keeps_its_raw_reward(miniwob_env: Env) -> None:
    for seed in range(20):
        t = task("click-button", seed)
        t.initialize_task(miniwob_env)
        wrongs = [
            e
            for e in miniwob_env.get_state().ui_elements
            if e.class_name == "android.widget.Button" and f'"{e.text}"' not in t.goal
        ]
        if wrongs:
            break
    else:
        pytest.fail("no click-button instance with a wrong button in 20 seeds")
    assert t.is_successful(miniwob_env) == 0.0
    assert t.details["raw_reward"] == 0.0 and not t.is_done(miniwob_env)
    wrong = wrongs[0]
    x, y = wrong.bounds.center  # type: ignore[union-attr]
    miniwob_env.execute_action(Action(action_type="click", x=x, y=y))
    assert t.is_done(miniwob_env)
    assert t.is_successful(miniwob_env) == 0.0
    assert t.details["raw_reward"] == -1.0


def test_a_partial_reward_is_kept_but_is_not_success(miniwob_env: Env) -> None:
    # click-checkboxes scores the share of boxes set right: one wrong box of several
    # gives a raw reward strictly between 0 and 1.
    for seed in range(20):
        t = task("click-checkboxes", seed)
        t.initialize_task(miniwob_env)
        boxes = [e for e in miniwob_env.get_state().ui_elements if e.class_name.endswith("Box")]
        if len(boxes) >= 3 and "nothing" in t.goal:
            break
    else:
        pytest.fail("no instance with 'Select nothing' and three boxes in 20 seeds")
    x, y = boxes[0].bounds.center  # type: ignore[union-attr]
    miniwob_env.execute_action(Action(action_type="click", x=x, y=y))
    submit = next(e for e in miniwob_env.get_state().ui_elements if e.text == "Submit")
    x, y = submit.bounds.center  # type: ignore[union-attr]
    miniwob_env.execute_action(Action(action_type="click", x=x, y=y))
    assert t.is_successful(miniwob_env) == 0.0
    assert 0.0 < t.details["raw_reward"] < 1.0
    assert t.details["done"] is True


def test_restarting_a_loaded_task_relaunches_nothing(
    miniwob_env: Env, webview_app: MiniWobWebViewApp
) -> None:
    # How fast that reset is, benchmarks/miniwob_step.py measures.
    app = webview_app
    task("click-tab", 1).initialize_task(miniwob_env)
    pid = app.browser.pid if app.browser else None
    t = task("click-tab", 2)
    t.initialize_task(miniwob_env)
    assert app.browser is not None and app.browser.pid == pid
    assert t.details["utterance"] == t.utterance
    assert t.goal == f"Follow the instructions shown on the top of the screen: {t.utterance}"


def test_reset_broadcast_starts_a_new_seeded_episode(miniwob_env: Env) -> None:
    device = miniwob_env.device
    task("click-button", 11).initialize_task(miniwob_env)
    first = contract.UtteranceReply.parse(
        device.broadcast(
            contract.ACTION_RESET, {"seed": 12}, component=contract.RECEIVER_COMPONENT
        ).data
    )
    again = contract.UtteranceReply.parse(
        device.broadcast(
            contract.ACTION_RESET, {"seed": 12}, component=contract.RECEIVER_COMPONENT
        ).data
    )
    assert first is not None and again is not None
    assert first.seed == "12" and first.utterance == again.utterance


def test_no_task_loaded_answers_result_zero(miniwob_env: Env) -> None:
    device = miniwob_env.device
    device.force_stop(contract.PACKAGE)
    reply = device.broadcast(contract.ACTION_GET_REWARD, component=contract.RECEIVER_COMPONENT)
    assert reply.code == contract.RESULT_NO_TASK and reply.data is None


def _contexts(app: MiniWobWebViewApp) -> list[str]:
    assert app.browser is not None and app.browser.cdp is not None
    return app.browser.cdp.call("Target.getBrowserContexts")["browserContextIds"]


def test_each_phone_has_a_context_of_its_own_in_the_shared_browser(
    virtual_server: VirtualDeviceServer,
) -> None:
    from droidhub import Device, Env

    apps = []
    for _ in range(2):
        serial = virtual_server.add_phone()
        env = Env(Device(serial, host="127.0.0.1", port=virtual_server.port))
        task("click-test", 0).initialize_task(env)
        app = virtual_server.phone(serial).app(contract.PACKAGE)
        assert isinstance(app, MiniWobWebViewApp) and app.browser is not None
        apps.append((serial, app))
    (first_serial, first), (second_serial, second) = apps
    assert first.browser is second.browser  # one browser process serves both phones
    assert first.tab is not None and second.tab is not None
    assert first.tab.context != second.tab.context
    # What one phone's page stores, the other's does not see.
    first.tab.page.evaluate("localStorage.setItem('mark', 'first'); 0")
    assert second.tab.page.evaluate("localStorage.getItem('mark')") is None
    context = first.tab.context
    virtual_server.remove_phone(first_serial)
    assert context not in _contexts(second)  # gone with its phone, pages and all
    virtual_server.remove_phone(second_serial)


@pytest.mark.usefixtures("own_browser")
def test_an_idle_browser_ends_after_the_linger(
    virtual_server: VirtualDeviceServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    from droidhub import Device, Env
    from droidhub_miniwob import tabs

    monkeypatch.setattr(tabs, "IDLE_LINGER_S", 0.2)
    serial = virtual_server.add_phone()
    env = Env(Device(serial, host="127.0.0.1", port=virtual_server.port))
    app = virtual_server.phone(serial).app(contract.PACKAGE)
    assert isinstance(app, MiniWobWebViewApp) and app.browser is None  # started on first use
    task("click-test", 0).initialize_task(env)
    assert app.browser is not None
    pid = app.browser.pid
    assert pid is not None
    virtual_server.remove_phone(serial)
    deadline = time.monotonic() + 20
    while _alive(pid) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not _alive(pid)


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    return True


def test_a_select_opens_the_phones_option_dialog(miniwob_env: Env) -> None:
    task("choose-list", 6).initialize_task(miniwob_env)

    def shown() -> list[UIElement]:
        return miniwob_env.get_state(observe=Observe.UI_TREE).ui_elements

    spinner = next(e for e in shown() if e.class_name == "android.widget.Spinner")
    assert spinner.clickable and spinner.text

    def tap(x: int, y: int) -> None:
        miniwob_env.execute_action(Action(action_type="click", x=x, y=y))

    tap(*spinner.bounds.center)  # type: ignore[union-attr]
    rows = [e for e in shown() if e.class_name == "android.widget.CheckedTextView"]
    assert len(rows) > 3 and all(r.checkable and r.clickable for r in rows)
    assert [r.text for r in rows if r.checked] == [spinner.text]
    tap(540, 2350)  # outside the dialog: cancel
    assert not [e for e in shown() if e.class_name == "android.widget.CheckedTextView"]
    tap(*spinner.bounds.center)  # type: ignore[union-attr]
    choice = next(
        e
        for e in shown()
        if e.class_name == "android.widget.CheckedTextView" and e.text != spinner.text
    )
    tap(*choice.bounds.center)  # type: ignore[union-attr]
    after = next(e for e in shown() if e.class_name == "android.widget.Spinner")
    assert after.text == choice.text


def test_utterances_that_tasks_return_as_objects_become_plain_text(miniwob_env: Env) -> None:
    t = task("email-inbox-nl-turk", 2)
    t.initialize_task(miniwob_env)
    assert t.goal and not t.goal.startswith("{")
    query = next(
        e
        for e in miniwob_env.get_state(observe=Observe.UI_TREE).ui_elements
        if e.resource_id == "query"
    )
    assert query.text == t.utterance


@pytest.mark.usefixtures("own_browser")
def test_no_browser_outlives_its_server(monkeypatch: pytest.MonkeyPatch) -> None:
    from droidhub import Device, Env
    from droidhub.virtual.server import VirtualDeviceServer
    from droidhub_miniwob import tabs

    monkeypatch.setattr(tabs, "IDLE_LINGER_S", 0)  # no wait for a next phone

    with VirtualDeviceServer(devices=0) as server:
        serial = server.add_phone()
        env = Env(Device(serial, host="127.0.0.1", port=server.port))
        task("click-test", 0).initialize_task(env)
        app = server.phone(serial).app(contract.PACKAGE)
        assert isinstance(app, MiniWobWebViewApp) and app.browser is not None
        pid = app.browser.pid
        assert pid is not None
        os.kill(pid, 0)  # running while the server runs
    with pytest.raises(ProcessLookupError):
        os.kill(pid, 0)


def test_an_unknown_task_loads_nothing_and_the_receiver_says_so(miniwob_env: Env) -> None:
    device = miniwob_env.device
    task("click-test", 1).initialize_task(miniwob_env)  # some page is up before
    device.start_activity(component=contract.ACTIVITY_COMPONENT, extras={"task": "no-such-task"})
    reply = device.broadcast(contract.ACTION_GET_UTTERANCE, component=contract.RECEIVER_COMPONENT)
    assert reply.code == contract.RESULT_NO_TASK


def test_a_browser_that_died_is_replaced_on_the_next_launch(
    miniwob_env: Env, webview_app: MiniWobWebViewApp
) -> None:
    app = webview_app
    task("click-test", 3).initialize_task(miniwob_env)
    assert app.browser is not None and app.browser.pid is not None
    os.killpg(app.browser.pid, signal.SIGKILL)
    deadline = time.monotonic() + 10
    while app.browser.is_running() and time.monotonic() < deadline:
        time.sleep(0.05)
    t = task("click-test", 4)
    t.initialize_task(miniwob_env)
    assert t.oracle(miniwob_env) is None
    assert t.is_successful(miniwob_env) == 1.0


def test_a_page_whose_renderer_crashed_errs_at_once_and_is_replaced(
    miniwob_env: Env, webview_app: MiniWobWebViewApp
) -> None:
    app = webview_app
    t = task("click-test", 5)
    t.initialize_task(miniwob_env)
    assert app.browser is not None and app.browser.pid is not None
    renderers = [
        int(p)
        for p in os.listdir("/proc")
        if p.isdigit()
        and _in_group(int(p), app.browser.pid)
        and b"--type=renderer" in _cmdline(int(p))
    ]
    assert renderers
    for pid in renderers:
        os.kill(pid, signal.SIGKILL)
    # The tap fails (the page is gone) instead of waiting out a timeout, and the episode
    # scores 0; the next launch brings a working page back.
    with pytest.raises(DeviceError):
        miniwob_env.execute_action(Action(action_type="click", x=100, y=100))
    assert t.is_successful(miniwob_env) == 0.0
    t = task("click-test", 6)
    t.initialize_task(miniwob_env)
    assert t.oracle(miniwob_env) is None
    assert t.is_successful(miniwob_env) == 1.0


def _in_group(pid: int, pgid: int) -> bool:
    try:
        return os.getpgid(pid) == pgid
    except ProcessLookupError:
        return False


def _cmdline(pid: int) -> bytes:
    try:
        with open(f"/proc/{pid}/cmdline", "rb") as f:
            return f.read()
    except OSError:
        return b""


def test_swipes_scroll_a_text_area_by_touch(miniwob_env: Env) -> None:
    cls = plugin.miniwob_family().get("scroll-text-2")
    solved = set()
    for seed in range(10):  # until one "top" and one "bottom" instance are solved
        t = cls({"seed": seed})
        t.initialize_task(miniwob_env)
        direction = "top" if "top" in (t.utterance or "") else "bottom"
        if direction in solved:
            continue
        t.oracle(miniwob_env)
        assert t.is_successful(miniwob_env) == 1.0, (t.goal, t.details)
        solved.add(direction)
        if len(solved) == 2:
            break
    assert solved == {"top", "bottom"}


def test_back_is_swallowed_and_the_episode_goes_on(miniwob_env: Env) -> None:
    # As in AndroidWorld's MiniWoB++ app: BACK neither leaves the app nor resets the page.
    t = task("click-test", 9)
    t.initialize_task(miniwob_env)
    miniwob_env.execute_action(Action(action_type="navigate_back"))
    assert miniwob_env.device.foreground_activity().startswith(contract.PACKAGE)
    t.oracle(miniwob_env)
    assert t.is_successful(miniwob_env) == 1.0, t.details


def test_text_typed_right_after_a_quick_second_tap_lands_in_that_field(miniwob_env: Env) -> None:
    # Two taps a few pixels and milliseconds apart look to Chromium like half of a
    # double tap; text typed then must still land (it was lost when it came as the
    # key-down's text).
    plugin.miniwob_family().get("read-table-2")({"seed": 1}).initialize_task(miniwob_env)
    for field, text in (("tt1", "AAA"), ("tt2", "BBB")):
        target = next(e for e in miniwob_env.get_state().ui_elements if e.resource_id == field)
        assert target.bounds is not None
        miniwob_env.device.tap(*target.bounds.center)
        miniwob_env.device.input_text(text)
    typed = {e.resource_id: e.text for e in miniwob_env.get_state().ui_elements}
    assert (typed["tt1"], typed["tt2"]) == ("AAA", "BBB")


def test_text_drawn_in_an_svg_is_in_the_tree_even_where_nothing_listens(
    miniwob_env: Env,
) -> None:
    # click-pie's selected item is an SVG <text> that takes no taps: its label is still
    # text on screen, so the tree shows it (SVG elements have no innerText).
    t = task("click-pie", 0)
    t.initialize_task(miniwob_env)
    texts = {e.text for e in miniwob_env.get_state(observe=Observe.UI_TREE).ui_elements}
    titles = miniwob_env.device.ui_tree().count('resource-id="wheelnav-divWheel-title-')
    labels = [x for x in texts if len(x) == 1 and x not in "+-"]
    assert titles >= 3 and len(labels) == titles
