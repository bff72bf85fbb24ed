"""Input commands: typing text safely, and inputs held back to travel with the next
command (an action and the observation after it in one adb round trip).

An RL loop or an agent taps, then reads the screen. Each is a shell command and each
adb command is a round trip of its own, so the tap's round trip is spent waiting for
nothing: its output is empty. While a thread holds inputs
(:meth:`droidhub.device.client.Device.holding_inputs`), ``input tap``, ``swipe`` and
``keyevent`` wait in a queue of that thread's own, and the next command that has
something to say (a dump, a query, a file) carries them in front of it::

    input tap 540 1200 && echo droidhub-held-inputs-done && { uiautomator dump ...
    }

The inputs still run first and in order, on the phone's own shell, and a failing one
still raises :class:`~droidhub.device.transport.DeviceError` naming it (at the command
that carried it), before the command after it runs. Plain shell syntax: an emulator, a
real phone and the virtual phone run it alike.
"""

from __future__ import annotations

import threading
from typing import TYPE_CHECKING

from droidhub.device.quoting import input_text_pieces, typing_chunks
from droidhub.device.transport import DeviceError, ShellResult

if TYPE_CHECKING:
    from droidhub.device.client import Device

#: The line printed once every held input has succeeded (after a failing one neither
#: it nor the command runs, and the line's exit status is the input's).
DONE_MARKER = "droidhub-held-inputs-done\n"
#: Inputs held at most: one more sends them at once (an adb request has a bounded length).
MOST_HELD = 64


class HeldInputs(threading.local):
    """The calling thread's held input commands (another thread holds its own)."""

    def __init__(self) -> None:
        self.holding = False
        self.lines: list[str] = []

    def hold(self, line: str) -> bool:
        """Hold the input command ``line``; whether :data:`MOST_HELD` are held now."""
        self.lines.append(line)
        return len(self.lines) >= MOST_HELD

    def take(self) -> str | None:
        """The held commands as one line run in order, stopping at the first that
        fails (None when none is held); the queue is emptied."""
        if not self.lines:
            return None
        line, self.lines = " && ".join(self.lines), []
        return line


def in_front_of(inputs: str, command: str) -> str:
    """``command`` with ``inputs`` run before it; ``command`` runs only if they succeed."""
    # No `exit`: a phone without shell v2 learns the status from an echo appended.
    return f"{inputs} && echo {DONE_MARKER.strip()} && {{ {command}\n}}"


def command_result(result: ShellResult, inputs: str, serial: str) -> ShellResult:
    """The carrying command's own result out of ``result``; :class:`DeviceError` when the
    held ``inputs`` failed, as running them alone would have raised it."""
    _inputs_said, done, output = result.output.partition(DONE_MARKER)
    if not done:  # an input failed: the command did not run, the output is the inputs'
        said = result.output.strip() or "(no output)"
        raise DeviceError(f"`{inputs}` on {serial} failed (exit {result.exit_code}): {said}")
    return ShellResult(output, result.exit_code)  # as a tap's own output is dropped


def type_text(device: Device, text: str) -> None:
    """Type ``text`` into the focused field of ``device`` (``input text``, safely quoted).

    Each line is sent as one quoted argument (spaces as ``%s``, which ``input text``
    turns back into spaces; a literal ``%s`` is split across two commands); a newline
    presses ENTER. Whatever the text holds, it is typed, never run. Long text is typed
    by several commands of at most
    :data:`~droidhub.device.quoting.INPUT_TEXT_CHUNK_BYTES` each, as an adb request
    has a bounded length: 70,000 characters arrive whole.

    What a real phone cannot type: ``input text`` only types characters of the
    virtual keyboard's key map, which is ASCII. On a real Android 13 phone other
    characters (accents, CJK, emoji) make the command fail, and this raises
    DeviceError saying so rather than typing part of the text. (AndroidWorld drops
    them silently.) The virtual phone types any text.
    """
    pieces = (p for chunk in typing_chunks(text) for p in input_text_pieces(chunk))
    for piece in pieces:
        if piece is None:
            device.keyevent("KEYCODE_ENTER")
            continue
        result = device.run(["input", "text", piece])
        if result.exit_code != 0 or "Exception" in result.output:
            hint = ""
            if not piece.isascii():
                hint = (
                    " (Android's `input text` types only ASCII characters: use an input "
                    "method such as ADBKeyboard for others)"
                )
            shown = piece if len(piece) <= 80 else f"{piece[:80]}... ({len(piece)} chars)"
            raise DeviceError(
                f"typing {shown!r} on {device.serial} failed (exit {result.exit_code}): "
                f"{result.output.strip()}{hint}"
            )
