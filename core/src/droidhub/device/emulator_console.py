"""``adb emu``: a command to an emulator's console, as the stock adb client sends it.

The console is not behind the adb server: an emulator named ``emulator-PORT`` listens
on ``127.0.0.1:PORT``. The client authenticates with the token in
``~/.emulator_console_auth_token`` (when there is one), sends the command and
``quit``, and keeps what the console says after its first two ``OK`` lines (the
banner's and the authentication's). AndroidWorld delivers incoming SMS and calls this
way; a virtual phone served with a console answers it too.
"""

from __future__ import annotations

import socket
from collections.abc import Sequence
from pathlib import Path

from droidhub.android.phone import CONSOLE_TOKEN_FILE, EMULATOR_SERIAL

_OK = b"OK\r\n"


class NotAnEmulatorError(ValueError):
    """The serial names no emulator, so there is no console to talk to."""


def console_port(serial: str) -> int:
    """The console port of the emulator named ``serial``."""
    match = EMULATOR_SERIAL.fullmatch(serial)
    if match is None:
        raise NotAnEmulatorError(
            f"{serial!r} is not an emulator (emulator-PORT): `adb emu` needs one; serve "
            "virtual phones with an emulator console to have such serials"
        )
    return int(match.group(1))


def emulator_command(
    serial: str, words: Sequence[str], *, home: Path | None = None, timeout: float = 30.0
) -> str:
    """Send ``words`` (``["sms", "send", "5551234", "hi"]``) to ``serial``'s console;
    return what the stock client would print."""
    port = console_port(serial)
    request = b""
    try:
        token = ((home or Path.home()) / CONSOLE_TOKEN_FILE).read_bytes()
    except OSError:
        token = b""
    if token:
        request += b"auth " + token + b"\n"
    request += " ".join(words).encode("utf-8") + b"\nquit\n"
    with socket.create_connection(("127.0.0.1", port), timeout=timeout) as sock:
        sock.sendall(request)
        output = bytearray()
        while chunk := sock.recv(65536):
            output += chunk
    found = 0
    for _ in range(2):
        at = output.find(_OK, found)
        if at < 0:
            break
        found = at + len(_OK)
    return output[found:].decode("utf-8", "replace")
