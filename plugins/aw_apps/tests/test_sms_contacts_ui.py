"""The SMS and Contacts tasks are done through their apps' screens alone."""

from __future__ import annotations

from screen_checks import assert_solved_through_screen

TASKS = (
    "SimpleSmsSend",
    "SimpleSmsReply",
    "SimpleSmsReplyMostRecent",
    # The message to resend is the newest of mine: the bubbles tell sent from received.
    "SimpleSmsResend",
    "SimpleSmsSendClipboardContent",
    # The other person is found by name in the new-conversation field.
    "SimpleSmsSendReceivedAddress",
    "ContactsAddContact",
    "ContactsNewContactDraft",
)


def test_sms_and_contacts_tasks_are_solved_through_the_screen() -> None:
    assert_solved_through_screen(TASKS)
