"""The Env on a virtual phone: observations fetch only what is asked; actions act."""

from __future__ import annotations

import random

import pytest

from droidhub import Action, ActionError, AppSpec, Device, Env, Observe
from droidhub.agents.base import RandomAgent
from droidhub.virtual.appmodel import TextField, Toolbar, VirtualPhone, WidgetApp, Window
from droidhub.virtual.server import VirtualDeviceServer


def test_ui_tree_only_observation_takes_no_screenshot(virtual_env: Env) -> None:
    state = virtual_env.get_state(observe=Observe.UI_TREE)
    assert state.screenshot is None
    assert state.ui_tree.startswith("<?xml") and state.ui_elements
    assert state.foreground.startswith("com.google.android.apps.nexuslauncher/")


def test_screenshot_only_observation_is_phone_sized(virtual_env: Env) -> None:
    state = virtual_env.get_state(observe=Observe.SCREENSHOT)
    assert state.ui_tree == "" and state.ui_elements == []
    assert state.screenshot is not None and state.screenshot.size == (1080, 2400)


def test_wait_to_stabilize_returns_a_settled_tree(virtual_env: Env) -> None:
    first = virtual_env.get_state(wait_to_stabilize=True, observe=Observe.UI_TREE)
    assert first.ui_tree == virtual_env.get_state(observe=Observe.UI_TREE).ui_tree


def test_click_by_index_opens_the_app_under_it(virtual_env: Env) -> None:
    virtual_env.reset()
    state = virtual_env.get_state(observe=Observe.UI_TREE)
    icons = [e for e in state.ui_elements if e.clickable and e.text]
    assert icons, "the launcher shows clickable app icons"
    index = state.ui_elements.index(icons[0])
    virtual_env.execute_action(Action(action_type="click", index=index))
    assert virtual_env.device.foreground_activity().split("/")[0] != (
        "com.google.android.apps.nexuslauncher"
    )
    virtual_env.execute_action(Action(action_type="navigate_home"))
    assert virtual_env.device.foreground_activity().startswith(
        "com.google.android.apps.nexuslauncher"
    )


def test_open_app_uses_the_app_specs_and_names_unknown_apps(virtual_env: Env) -> None:
    virtual_env.apps = [AppSpec("com.android.settings", ".Settings", ("Settings",))]
    virtual_env.execute_action(Action(action_type="open_app", app_name="settings"))
    assert virtual_env.device.foreground_activity().startswith("com.android.settings/")
    with pytest.raises(
        ActionError, match="unknown app 'Snapchat' for open_app; known apps: Settings"
    ):
        virtual_env.execute_action(Action(action_type="open_app", app_name="Snapchat"))


def test_bad_index_is_a_clear_error(virtual_env: Env) -> None:
    virtual_env.reset()  # nothing observed since: an index names nothing yet
    with pytest.raises(ActionError, match="field 'index' is 3 but no UI elements were observed"):
        virtual_env.execute_action(Action(action_type="click", index=3))
    state = virtual_env.get_state(observe=Observe.UI_TREE)
    with pytest.raises(
        ActionError,
        match=f"field 'index' is 999 but the last observation has {len(state.ui_elements)} UI",
    ):
        virtual_env.execute_action(Action(action_type="click", index=999))


def test_answer_is_kept_for_question_tasks_and_reset_forgets_it(virtual_env: Env) -> None:
    virtual_env.execute_action(Action(action_type="answer", text="42"))
    assert virtual_env.answer == "42"
    virtual_env.reset()
    assert virtual_env.answer is None


def test_random_agent_is_reproducible_for_a_seed(virtual_env: Env) -> None:
    state = virtual_env.get_state(observe=Observe.UI_TREE)

    def actions(seed: int) -> list[Action]:
        agent = RandomAgent()
        agent.reset("goal", None, virtual_env, random.Random(seed))  # type: ignore[arg-type]
        return [agent.step(state) for _ in range(20)]

    assert actions(1) == actions(1)
    assert actions(1) != actions(2)


class _NoteApp(WidgetApp):
    """A one-line search field that records what it submits, and a multi-line note."""

    package = "org.droidhub.test.notes"
    label = "Notes"

    def __init__(self) -> None:
        super().__init__()
        self.query, self.submitted, self.note = "", [], ""

    def build(self, phone: VirtualPhone) -> Window:
        return Window(
            self.package,
            Toolbar("Notes"),
            [
                TextField(self.query, lambda v: setattr(self, "query", v), hint="Search",
                          key="q", on_submit=lambda: self.submitted.append(self.query)),
                TextField(self.note, lambda v: setattr(self, "note", v), hint="Note",
                          single_line=False, key="note"),
            ],
        )  # fmt: skip


def test_input_text_types_then_presses_enter_as_androidworld_does() -> None:
    app = _NoteApp()
    with VirtualDeviceServer(devices=1, apps=lambda: [app]) as server:
        env = Env(Device(server.serials[0], host="127.0.0.1", port=server.port))
        env.device.shell(["am", "start", "-n", f"{app.package}/.MainActivity"])
        fields = [
            i for i, e in enumerate(env.get_state(observe=Observe.UI_TREE).ui_elements)
            if e.class_name == "android.widget.EditText"
        ]  # fmt: skip
        env.execute_action(Action(action_type="input_text", text="eggs", index=fields[0]))
        assert app.submitted == ["eggs"]  # Enter submits a one-line field
        env.get_state(observe=Observe.UI_TREE)
        env.execute_action(Action(action_type="input_text", text="buy milk", index=fields[1]))
        assert app.note == "buy milk\n"  # and breaks the line in a multi-line one
