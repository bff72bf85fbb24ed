"""One shell line on a virtual phone in this process, read back as a test reads it."""

from __future__ import annotations

from droidhub.virtual.phone import VirtualPhone


def sh(phone: VirtualPhone, line: str) -> tuple[str, str, int]:
    """Run ``line`` in ``phone``'s shell: its stdout and stderr as text, and its exit code."""
    outcome = phone.shell(line)
    return outcome.stdout.decode(), outcome.stderr.decode(), outcome.exit_code
