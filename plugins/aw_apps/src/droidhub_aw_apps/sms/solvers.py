"""UI-only solvers of the Simple SMS Messenger tasks.

What the goal states (a number, a message, a name) comes from the params; what is on
the phone (which conversation is newest, the message to resend, the address someone
sent) is read from the screen.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from droidhub import State
from droidhub.agents.ui_solver import (
    SolverScript,
    SolverSteps,
    UISolver,
    find_all,
    long_press,
    open_app,
    press_back,
    tap,
    type_into,
)

_APP = "Simple SMS Messenger"
_CONVERSATION = "conversation_frame"


def _new_conversation(state: State, recipient: str) -> SolverSteps:
    """New conversation, the number (or a contact's name), OK: the thread opens."""
    state = yield tap(state, desc="New conversation")
    state = yield type_into(state, recipient, class_name="EditText")
    return (yield tap(state, text="OK"))


def _send(state: State, message: str) -> SolverSteps:
    state = yield type_into(state, message, class_name="EditText")
    return (yield tap(state, desc="Send"))


def _last_message(state: State, sent: bool | None = None) -> str:
    """The newest message of the open thread; with ``sent``, the newest I sent (bubbles
    on the right) or received (on the left)."""
    bodies = [state.ui_elements[i] for i in find_all(state, resource_id="thread_message_body")]
    if sent is not None:
        middle = 540
        bodies = [b for b in bodies if b.bounds and (b.bounds.center[0] > middle) == sent]
    return bodies[-1].text


def solve_send(goal: str, params: Mapping[str, Any], state: State) -> SolverScript:
    """A new conversation with the number, then the message."""
    del goal
    state = yield open_app(_APP)
    state = yield from _new_conversation(state, params["number"])
    yield from _send(state, params["message"])


def solve_reply(goal: str, params: Mapping[str, Any], state: State) -> SolverScript:
    """Open the number's conversation, then the message."""
    del goal
    state = yield open_app(_APP)
    state = yield tap(state, desc=params["number"], resource_id=_CONVERSATION)
    yield from _send(state, params["message"])


def solve_reply_most_recent(goal: str, params: Mapping[str, Any], state: State) -> SolverScript:
    """The list is newest first: open the top conversation, then the message."""
    del goal
    state = yield open_app(_APP)
    state = yield tap(state, resource_id=_CONVERSATION)
    yield from _send(state, params["message"])


def solve_resend(goal: str, params: Mapping[str, Any], state: State) -> SolverScript:
    """Open the conversation with the person, read the last message, send it again."""
    del goal
    state = yield open_app(_APP)
    state = yield tap(state, text=params["name"])
    yield from _send(state, _last_message(state, sent=True))


def solve_send_clipboard(goal: str, params: Mapping[str, Any], state: State) -> SolverScript:
    """A new conversation; long press the message field, Paste, Send."""
    del goal
    state = yield open_app(_APP)
    state = yield from _new_conversation(state, params["number"])
    state = yield long_press(state, class_name="EditText")
    state = yield tap(state, text="Paste")
    yield tap(state, desc="Send")


def solve_send_received_address(goal: str, params: Mapping[str, Any], state: State) -> SolverScript:
    """Read the address in the sender's conversation, go back, and text it to the
    other person, found by name."""
    del goal
    state = yield open_app(_APP)
    state = yield tap(state, text=params["name2"])
    address = _last_message(state, sent=False)
    state = yield from _back_to_list(state)
    state = yield from _new_conversation(state, params["name1"])
    yield from _send(state, address)


def _back_to_list(state: State) -> SolverSteps:
    del state
    return (yield press_back())


SOLVERS = [
    UISolver("android_world", "SimpleSmsSend", solve_send),
    UISolver("android_world", "SimpleSmsReply", solve_reply),
    UISolver("android_world", "SimpleSmsReplyMostRecent", solve_reply_most_recent),
    UISolver("android_world", "SimpleSmsResend", solve_resend),
    UISolver("android_world", "SimpleSmsSendClipboardContent", solve_send_clipboard),
    UISolver("android_world", "SimpleSmsSendReceivedAddress", solve_send_received_address),
]
