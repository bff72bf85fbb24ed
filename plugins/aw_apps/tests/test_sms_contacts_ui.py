"""The SMS and Contacts tasks are done through their apps' screens alone."""

from __future__ import annotations

import subprocess
import sys

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
    proc = subprocess.run(
        [sys.executable, "-m", "droidhub", "check", "--ui", "--tasks", ",".join(TASKS)],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert f"{len(TASKS)} of {len(TASKS)} tasks pass" in proc.stdout
