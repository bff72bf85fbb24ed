"""Simple SMS Messenger tasks on the virtual phone: the telephony provider is the truth."""

from __future__ import annotations

import random

import pytest
from episodes import noop_fails_and_oracle_succeeds
from task_runs import click, make, open_app, score, set_up, type_text

from droidhub import Action, Env, Observe, TaskEval
from droidhub_aw_apps.clipboard import model as clipboard
from droidhub_aw_apps.common import fake_data
from droidhub_aw_apps.contacts import model as contacts
from droidhub_aw_apps.sms import model as messages
from droidhub_aw_apps.sms import tasks as sms
from droidhub_aw_apps.system import tasks as system

_OPEN_SMS = messages.PACKAGE + "/" + messages.ACTIVITY


def _send(number: str, body: str, open_app: bool = True):
    def act(env: Env) -> None:
        messages.send(env.device, number, body)
        if open_app:
            env.device.start_activity(component=_OPEN_SMS)

    return act


@pytest.mark.parametrize("cls", sms.TASKS, ids=lambda c: c.name)
def test_oracle_succeeds_and_doing_nothing_fails(virtual_env: Env, cls: type[TaskEval]) -> None:
    noop_fails_and_oracle_succeeds(virtual_env, make(cls))


def _one_digit_off(number: str) -> str:
    last = str((int(number[-1]) + 1) % 10)
    return number[:-1] + last


def test_send_near_miss_wrong_number(virtual_env: Env) -> None:
    task = make(sms.SimpleSmsSend)
    p = task.params
    assert score(virtual_env, task, _send(_one_digit_off(p.number), p.message)) == 0.0


def test_send_near_miss_app_not_in_front(virtual_env: Env) -> None:
    task = make(sms.SimpleSmsSend)
    assert score(virtual_env, task, _send(task.params.number, task.params.message, False)) == 0.0


def test_send_tolerates_a_typo_and_dashes(virtual_env: Env) -> None:
    task = sms.SimpleSmsSend({"number": "+15551234567", "message": "Winter is coming soon."})
    assert score(virtual_env, task, _send("+1 555-123-4567", "Winter is coming son.")) == 1.0


def test_send_near_miss_old_message(virtual_env: Env) -> None:
    task = make(sms.SimpleSmsSend)

    def act(env: Env) -> None:
        ten_minutes_ago = int(env.device.now().timestamp() * 1000) - 10 * 60_000
        messages.send(env.device, task.params.number, task.params.message, ten_minutes_ago)
        env.device.start_activity(component=_OPEN_SMS)

    assert score(virtual_env, task, act) == 0.0


def test_reply_setup_has_the_number_among_strangers(virtual_env: Env) -> None:
    task = make(sms.SimpleSmsReply, seed=5)
    with set_up(virtual_env, task):
        senders = [m["address"] for m in messages.received_messages(virtual_env.device)]
        assert task.params.number in senders and len(senders) >= 2
    assert messages.received_messages(virtual_env.device) == []


def test_reply_near_miss_to_a_stranger(virtual_env: Env) -> None:
    task = make(sms.SimpleSmsReply, seed=5)

    def act(env: Env) -> None:
        stranger = next(
            m["address"]
            for m in messages.received_messages(env.device)
            if m["address"] != task.params.number
        )
        _send(stranger or "", task.params.message)(env)

    assert score(virtual_env, task, act) == 0.0


def test_reply_most_recent_near_miss_to_an_older_sender(virtual_env: Env) -> None:
    seed = next(
        s
        for s in range(50)
        if fake_data.setup_rng(make(sms.SimpleSmsReplyMostRecent, s)).randint(0, 5) > 0
    )
    task = make(sms.SimpleSmsReplyMostRecent, seed)

    def act(env: Env) -> None:
        newest, older = messages.received_messages(env.device)[:2]
        assert newest["address"] == task.params.number
        _send(older["address"] or "", task.params.message)(env)

    assert score(virtual_env, task, act) == 0.0


def test_resend_near_miss_sent_twice(virtual_env: Env) -> None:
    task = make(sms.SimpleSmsResend)

    def act(env: Env) -> None:
        task.oracle(env)
        task.oracle(env)

    assert score(virtual_env, task, act) == 0.0


def test_clipboard_content_by_pasting(virtual_env: Env) -> None:
    task = make(sms.SimpleSmsSendClipboardContent)

    def act(env: Env) -> None:
        _send(task.params.number, clipboard.read_clipboard(env.device))(env)

    assert score(virtual_env, task, act) == 1.0


@pytest.mark.parametrize(
    "cls", [sms.SimpleSmsResend, sms.SimpleSmsSendClipboardContent], ids=lambda c: c.name
)
def test_near_miss_another_message_to_the_number(virtual_env: Env, cls: type[TaskEval]) -> None:
    task = make(cls)
    other = next(s for s in fake_data.SENTENCES if s != task.params.message)
    assert score(virtual_env, task, _send(task.params.number, other)) == 0.0


def test_received_address_setup_and_near_miss_back_to_the_sender(virtual_env: Env) -> None:
    task = make(sms.SimpleSmsSendReceivedAddress)

    def act(env: Env) -> None:
        names = {c.name for c in contacts.list_contacts(env.device)}
        assert names == {task.params.name1, task.params.name2}
        (incoming,) = messages.received_messages(env.device)
        assert incoming["body"] == task.params.message
        _send(incoming["address"] or "", task.params.message)(env)

    assert score(virtual_env, task, act) == 0.0
    assert contacts.list_contacts(virtual_env.device) == []


def test_tear_down_puts_back_earlier_messages(virtual_env: Env) -> None:
    messages.receive(virtual_env.device, "+15550001111", "kept")
    task = make(sms.SimpleSmsSend)
    score(virtual_env, task, task.oracle)
    kept = messages.received_messages(virtual_env.device)
    assert [(m["address"], m["body"]) for m in kept] == [("+15550001111", "kept")]
    assert messages.sent_messages(virtual_env.device) == []


def test_params_are_deterministic() -> None:
    for cls in sms.TASKS:
        assert cls.generate_random_params(random.Random(2)) == cls.generate_random_params(
            random.Random(2)
        )
    p = sms.SimpleSmsSendReceivedAddress.generate_random_params(random.Random(2))
    assert p.name1 != p.name2 and p.message in fake_data.ADDRESSES
    assert p.number.startswith("+1") and len(p.number) == 12


ID = "com.simplemobiletools.smsmessenger:id/"


def test_reply_through_the_app(virtual_env: Env) -> None:
    task = make(sms.SimpleSmsReply, seed=5)

    def act(env: Env) -> None:
        open_app(env, "simple sms messenger")
        click(env, text=task.params.number, resource_id=ID + "conversation_address")
        click(env, resource_id=ID + "thread_type_message")
        type_text(env, task.params.message)
        click(env, resource_id=ID + "thread_send_message")

    assert score(virtual_env, task, act) == 1.0


def _new_conversation(env: Env, number: str) -> None:
    """From the conversations list, a new conversation with ``number`` (the FAB, the
    number typed, its confirm)."""
    click(env, resource_id=ID + "conversations_fab")
    type_text(env, number)
    click(env, resource_id=ID + "new_conversation_confirm")


def test_new_conversation_through_the_app_shows_contact_names(virtual_env: Env) -> None:
    task = make(sms.SimpleSmsSendReceivedAddress)

    def act(env: Env) -> None:
        open_app(env, "simple sms messenger")
        texts = [e.text for e in env.get_state(observe=Observe.UI_TREE).ui_elements]
        assert task.params.name2 in texts and task.params.message in texts
        _new_conversation(env, task.params.number)
        type_text(env, task.params.message)
        click(env, resource_id=ID + "thread_send_message")

    assert score(virtual_env, task, act) == 1.0


def _long_press_field(env: Env) -> None:
    elements = env.get_state(observe=Observe.UI_TREE).ui_elements
    index = next(i for i, e in enumerate(elements) if e.editable)
    env.execute_action(Action(action_type="long_press", index=index))


def test_clipboard_content_pasted_in_the_app(virtual_env: Env) -> None:
    task = make(sms.SimpleSmsSendClipboardContent)

    def act(env: Env) -> None:
        open_app(env, "simple sms messenger")
        _new_conversation(env, task.params.number)
        _long_press_field(env)
        click(env, text="Paste")
        click(env, resource_id=ID + "thread_send_message")

    assert score(virtual_env, task, act) == 1.0


def test_copy_to_clipboard_from_a_message_field(virtual_env: Env) -> None:
    task = make(system.SystemCopyToClipboard)

    def act(env: Env) -> None:
        open_app(env, "simple sms messenger")
        click(env, resource_id=ID + "conversations_fab")
        type_text(env, task.params.clipboard_content)
        _long_press_field(env)
        click(env, text="Copy")

    assert score(virtual_env, task, act) == 1.0
