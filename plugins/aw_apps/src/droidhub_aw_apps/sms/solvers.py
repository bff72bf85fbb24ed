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
    find_all,
    long_press,
    open_app,
    press_back,
    tap,
    type_into,
)
from droidhub_aw_apps.common.ui_solvers import SolverList
from droidhub_aw_apps.sms.model import normalized_address

SOLVERS = SolverList()

_APP = "Simple SMS Messenger"
_CONVERSATION = "conversation_frame"
_TITLE = "conversation_address"
_MESSAGE_FIELD = "thread_type_message"
_SEND = "thread_send_message"


def _new_conversation(state: State, recipient: str) -> SolverSteps:
    """The FAB, then the number and its tick, or a contact's name and its row: the
    thread opens."""
    state = yield tap(state, resource_id="conversations_fab")
    state = yield type_into(state, recipient, resource_id="new_conversation_address")
    if any(c.isalpha() for c in recipient):
        return (yield tap(state, text=recipient, resource_id="item_contact_name"))
    return (yield tap(state, resource_id="new_conversation_confirm"))


def _send(state: State, message: str) -> SolverSteps:
    state = yield type_into(state, message, resource_id=_MESSAGE_FIELD)
    return (yield tap(state, resource_id=_SEND))


def _title_of(state: State, number: str) -> str:
    """The title of the conversation with ``number`` (its address, as the provider
    keeps it)."""
    wanted = normalized_address(number)
    for i in find_all(state, resource_id=_TITLE):
        if normalized_address(state.ui_elements[i].text) == wanted:
            return state.ui_elements[i].text
    return number


def _last_message(state: State, sent: bool | None = None) -> str:
    """The newest message of the open thread; with ``sent``, the newest I sent (bubbles
    on the right) or received (on the left)."""
    bodies = [state.ui_elements[i] for i in find_all(state, resource_id="thread_message_body")]
    if sent is not None:
        middle = 540
        bodies = [b for b in bodies if b.bounds and (b.bounds.center[0] > middle) == sent]
    return bodies[-1].text


@SOLVERS.solves("SimpleSmsSend")
def solve_send(goal: str, params: Mapping[str, Any], state: State) -> SolverScript:
    """A new conversation with the number, then the message."""
    del goal
    state = yield open_app(_APP)
    state = yield from _new_conversation(state, params["number"])
    yield from _send(state, params["message"])


@SOLVERS.solves("SimpleSmsReply")
def solve_reply(goal: str, params: Mapping[str, Any], state: State) -> SolverScript:
    """Open the number's conversation, then the message."""
    del goal
    state = yield open_app(_APP)
    state = yield tap(state, text=_title_of(state, params["number"]), resource_id=_TITLE)
    yield from _send(state, params["message"])


@SOLVERS.solves("SimpleSmsReplyMostRecent")
def solve_reply_most_recent(goal: str, params: Mapping[str, Any], state: State) -> SolverScript:
    """The list is newest first: open the top conversation, then the message."""
    del goal
    state = yield open_app(_APP)
    state = yield tap(state, resource_id=_CONVERSATION)
    yield from _send(state, params["message"])


@SOLVERS.solves("SimpleSmsResend")
def solve_resend(goal: str, params: Mapping[str, Any], state: State) -> SolverScript:
    """Open the conversation with the person, read the last message, send it again."""
    del goal
    state = yield open_app(_APP)
    state = yield tap(state, text=params["name"], resource_id=_TITLE)
    yield from _send(state, _last_message(state, sent=True))


@SOLVERS.solves("SimpleSmsSendClipboardContent")
def solve_send_clipboard(goal: str, params: Mapping[str, Any], state: State) -> SolverScript:
    """A new conversation; long press the message field, Paste, Send."""
    del goal
    state = yield open_app(_APP)
    state = yield from _new_conversation(state, params["number"])
    state = yield long_press(state, resource_id=_MESSAGE_FIELD)
    state = yield tap(state, text="Paste")
    yield tap(state, resource_id=_SEND)


@SOLVERS.solves("SimpleSmsSendReceivedAddress")
def solve_send_received_address(goal: str, params: Mapping[str, Any], state: State) -> SolverScript:
    """Read the address in the sender's conversation, go back, and text it to the
    other person, found by name."""
    del goal
    state = yield open_app(_APP)
    state = yield tap(state, text=params["name2"], resource_id=_TITLE)
    address = _last_message(state, sent=False)
    state = yield from _back_to_list(state)
    state = yield from _new_conversation(state, params["name1"])
    yield from _send(state, address)


def _back_to_list(state: State) -> SolverSteps:
    del state
    return (yield press_back())
