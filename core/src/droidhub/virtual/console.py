"""The emulator console of a virtual phone: what ``adb emu ...`` talks to.

``adb -s emulator-PORT emu sms send 5551234 hello`` does not go through the adb
server: the adb client reads the console port from the serial, connects to
``127.0.0.1:PORT``, writes ``auth <token>`` (when ``~/.emulator_console_auth_token``
holds one), the command and ``quit``, one per line, and prints what follows the first
two ``OK`` lines. AndroidWorld delivers incoming SMS this way (``text_emulator``) and
rings the phone (``call_emulator``). A virtual phone served with a console
(``VirtualDeviceServer(console_port=5554)``, or 0 for any free port) is named
``emulator-PORT`` after the loopback port its console listens on, so the stock client
finds it.

The console speaks as the emulator's does: a banner asking for the token when the
token file holds one (the token is read when a client connects, from the home folder
of the user serving the phones; an absent or empty file asks for none — the emulator
would write a fresh token, the virtual phone writes nothing in a home folder), ``OK``
after each command done, ``KO: <reason>`` otherwise. Commands: ``auth``, ``help``,
``avd name``, ``sms send NUMBER TEXT``, ``gsm call|accept|cancel NUMBER``, ``gsm
list``, ``quit``/``exit``.
"""

from __future__ import annotations

import contextlib
import logging
import os
import re
import socket
import threading
from collections.abc import Callable
from pathlib import Path

from droidhub.android.phone import CONSOLE_TOKEN_FILE as TOKEN_FILE
from droidhub.virtual.connection import another_users_client
from droidhub.virtual.telephony import CALL_STATE_RINGING, Telephony

log = logging.getLogger(__name__)

#: The AVD AndroidWorld's set-up guide has one create.
AVD_NAME = "AndroidWorldAvd"
_NUMBER = re.compile(r"\+?[0-9]+")
_LINE_LIMIT = 64 * 1024
_HELP = [
    "Android console commands:",
    "",
    "    help|h|?         print a list of commands",
    "    avd              control virtual device execution",
    "    sms              SMS related commands",
    "    gsm              GSM related commands",
    "    quit|exit        quit control session",
    "    auth             user authentication for the emulator console",
    "",
    "try 'help <command>' for command-specific help",
]


class ConsolePortError(OSError):
    """The console's port cannot be listened on (taken by an emulator, say)."""


class ConsoleError(Exception):
    """A command the console refuses; its text follows ``KO: ``."""


def auth_token(home: Path | None = None) -> str:
    """The token the console asks for ('' when none is asked for)."""
    path = (home or Path.home()) / TOKEN_FILE
    try:
        return path.read_text(encoding="utf-8").strip()
    except OSError:
        return ""


class EmulatorConsole:
    """A console on a loopback port for one phone's :class:`Telephony`.

    The socket is bound when the console is made (its port names the phone); it
    serves from :meth:`start` until :meth:`close`, each client in a thread of its own.
    As the phones' adb server does, it serves only the user running it unless
    ``allow_other_users``: a console sends SMS and rings calls on the phone.
    """

    def __init__(
        self,
        telephony: Telephony | None = None,
        host: str = "127.0.0.1",
        port: int = 0,
        allow_other_users: bool = False,
    ) -> None:
        self.telephony = telephony
        self.allow_other_users = allow_other_users
        try:
            self._listener = socket.create_server((host, port))
        except OSError as exc:
            reason = os.strerror(exc.errno) if exc.errno else str(exc)
            raise ConsolePortError(exc.errno, f"{host}:{port}: {reason}") from exc
        self.port: int = self._listener.getsockname()[1]
        self._thread: threading.Thread | None = None
        self._closed = threading.Event()

    @property
    def serial(self) -> str:
        """The serial an emulator with this console port has."""
        return f"emulator-{self.port}"

    def start(self, telephony: Telephony | None) -> None:
        """Serve ``telephony``'s phone (None: a phone with no modem; commands get KO)."""
        self.telephony = telephony
        self._thread = threading.Thread(
            target=self._accept, name=f"droidhub-console-{self.port}", daemon=True
        )
        self._thread.start()

    def close(self) -> None:
        """Stop listening (clients mid-command finish theirs)."""
        self._closed.set()
        with contextlib.suppress(OSError):
            self._listener.shutdown(socket.SHUT_RDWR)  # wakes the accept()
        self._listener.close()
        if self._thread is not None:
            self._thread.join(5)

    def _accept(self) -> None:
        while not self._closed.is_set():
            try:
                client, _ = self._listener.accept()
            except OSError:
                return
            threading.Thread(
                target=self._serve,
                args=(client,),
                name=f"droidhub-console-{self.port}-client",
                daemon=True,
            ).start()

    def _refusal(self, client: socket.socket) -> bytes | None:
        """The console's answer to another user's client, or None to serve it."""
        if not another_users_client(client, self.allow_other_users):
            return None
        return _lines(
            f"KO: this console serves only its own user (uid {os.getuid()}); start the "
            "phones with --allow-other-users to serve others"
        )

    def _serve(self, client: socket.socket) -> None:
        with client, client.makefile("rwb", buffering=0) as stream:
            session = ConsoleSession(self.telephony, auth_token())
            try:
                refused = self._refusal(client)
                if refused is not None:
                    stream.write(refused)
                    return
                stream.write(session.banner())
                while True:
                    line = stream.readline(_LINE_LIMIT)
                    if not line:
                        return
                    reply, more = session.answer(line.decode("utf-8", "replace"))
                    stream.write(reply)
                    if not more:
                        return
            except OSError:
                return
            except Exception:  # a fault of ours must not take the console down
                log.exception("console %s failed on a command", self.port)


class ConsoleSession:
    """One client's conversation: the banner, then an answer per line."""

    def __init__(self, telephony: Telephony | None, token: str) -> None:
        self.telephony = telephony
        self.token = token
        self.authenticated = not token

    def banner(self) -> bytes:
        """What the console says when a client connects."""
        if self.authenticated:
            return _lines("Android Console: type 'help' for a list of commands", "OK")
        return _lines(
            "Android Console: Authentication required",
            "Android Console: type 'auth <auth_token>' to authenticate",
            "Android Console: you can find your <auth_token> in ",
            f"'~/{TOKEN_FILE}'",  # the emulator names the file; no host path goes out here
            "OK",
        )

    def answer(self, line: str) -> tuple[bytes, bool]:
        """The reply to ``line`` and whether the session goes on."""
        words = line.strip().split(maxsplit=1)
        if not words:
            return b"", True
        verb, rest = words[0], (words[1] if len(words) > 1 else "")
        if verb in ("quit", "exit"):
            return b"", False
        try:
            if verb == "auth":
                return self._auth(rest.strip()), True
            if verb in ("help", "h", "?"):
                return _lines(*_HELP, "OK"), True
            if not self.authenticated:
                raise ConsoleError("unknown command, try 'help'")
            handler = self._commands().get(verb)
            if handler is None:
                raise ConsoleError("unknown command, try 'help'")
            return _lines(*handler(rest), "OK"), True
        except ConsoleError as exc:
            return _lines(f"KO: {exc}"), True

    def _auth(self, token: str) -> bytes:
        if token != self.token and self.token:
            raise ConsoleError(f"authentication token does not match ~/{TOKEN_FILE}")
        self.authenticated = True
        return _lines("Android Console: type 'help' for a list of commands", "OK")

    def _commands(self) -> dict[str, Callable[[str], list[str]]]:
        return {"sms": self._sms, "gsm": self._gsm, "avd": self._avd}

    def _phone(self) -> Telephony:
        if self.telephony is None:
            raise ConsoleError("the device is not ready")
        return self.telephony

    def _avd(self, rest: str) -> list[str]:
        if rest.strip() != "name":
            raise ConsoleError("bad sub-command, try 'help avd'")
        return [AVD_NAME]

    def _sms(self, rest: str) -> list[str]:
        sub, _, args = rest.partition(" ")
        if sub != "send":
            raise ConsoleError("bad sub-command, try 'help sms'")
        number, _, text = args.strip().partition(" ")
        if not number or not text:
            raise ConsoleError("missing argument, try 'sms send <phonenumber> <text message>'")
        if not _NUMBER.fullmatch(number):
            raise ConsoleError("bad phone number format, must be [+](0-9)*")
        self._phone().receive_sms(number, text)
        return []

    def _gsm(self, rest: str) -> list[str]:
        sub, _, number = rest.strip().partition(" ")
        number = number.strip()
        phone = self._phone()
        if sub == "list":
            if not phone.number:
                return []
            state = "incoming" if phone.state == CALL_STATE_RINGING else "active"
            return [f"inbound from {phone.number} : {state}"]
        if sub not in ("call", "accept", "cancel"):
            raise ConsoleError("bad sub-command, try 'help gsm'")
        if not _NUMBER.fullmatch(number):
            raise ConsoleError("bad phone number format, must be [+](0-9)*")
        done = {"call": phone.ring, "accept": phone.accept, "cancel": phone.hang_up}[sub](number)
        if not done:
            raise ConsoleError(f"could not {sub} this number")
        return []


def _lines(*lines: str) -> bytes:
    return "".join(f"{line}\r\n" for line in lines).encode("utf-8")
