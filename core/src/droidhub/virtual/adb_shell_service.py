"""The shell services of the adb protocol: one command (``shell:CMD``, ``exec:CMD``,
``shell,v2,...:CMD``) or an interactive session with its line editor; a command runs
on a worker thread and ends when its client leaves."""

from __future__ import annotations

import asyncio
import logging
import threading
from concurrent.futures import Executor
from dataclasses import dataclass

from droidhub.virtual.adb_wire import (
    OKAY,
    SHELL_CLOSE_STDIN,
    SHELL_EXIT,
    SHELL_HEADER,
    SHELL_STDERR,
    SHELL_STDIN,
    SHELL_STDOUT,
    Phone,
    ShellOutcome,
    ShellState,
    Transport,
    drain_input,
    shell_packets,
)
from droidhub.virtual.connection import (
    MAX_LINE,
    ClientCutOff,
    drain,
)
from droidhub.virtual.interrupt import interruptible
from droidhub.virtual.shell_syntax import incomplete

log = logging.getLogger(__name__)


class ShellService:
    """The ``shell:``, ``exec:`` and ``shell,v2,...:`` services: commands run on the
    phone's worker threads (or ``executor``), output framed for the client."""

    def __init__(self, executor: Executor | None) -> None:
        self._executor = executor

    async def _run(
        self,
        transport: Transport,
        command: str,
        stop: threading.Event | None = None,
        session: ShellState | None = None,
    ) -> ShellOutcome:
        """Run ``command`` on the phone's worker threads.

        When the connection ends first (the server stopping, or ``stop`` set because
        the client left), the command's waits end and the rest of its command line is
        skipped, as a hung-up shell's would be (see :mod:`droidhub.virtual.interrupt`),
        so its thread is free again.
        """
        loop = asyncio.get_running_loop()
        stop = stop or threading.Event()
        try:
            return await loop.run_in_executor(
                transport.executor or self._executor,
                _shell_or_report,
                transport.phone,
                command,
                stop,
                session,
            )
        except asyncio.CancelledError:
            stop.set()
            raise

    async def raw(
        self,
        transport: Transport,
        command: str,
        reader: asyncio.StreamReader,
        writer: asyncio.StreamWriter,
    ) -> None:
        """``shell:CMD`` / ``exec:CMD``: output bytes unaltered, then close.

        Without the shell protocol stdout and stderr share the stream, as on a device
        (see :func:`merged`). An empty command is an interactive session: each line of
        input is a command.
        """
        writer.write(OKAY)
        if command.strip():
            outcome = await self._run(transport, command)
            writer.write(merged(outcome))
            return
        prompt = f"{transport.serial}:/ # ".encode()
        writer.write(prompt)
        while line := await reader.readline():
            text = line.decode("utf-8", "replace").strip()
            if text == "exit":
                return
            if text:
                outcome = await self._run(transport, text)
                writer.write(merged(outcome))
            writer.write(prompt)
            await drain(writer, reader)

    async def v2(
        self,
        transport: Transport,
        command: str,
        pty: bool,
        reader: asyncio.StreamReader,
        writer: asyncio.StreamWriter,
    ) -> None:
        """``shell,v2,...:CMD``: stdout, stderr and the exit code in shell-protocol packets."""
        writer.write(OKAY)
        if not command.strip():
            await self._interactive(transport, pty, reader, writer)
            return
        # The client may send stdin packets (or just close stdin): commands here read
        # no input, so take them off the socket and drop them, up to a bound; beyond
        # it the client waits, as a process that reads no stdin makes its writer wait.
        stdin = asyncio.ensure_future(drain_input(reader, limit=MAX_LINE))
        # Shell-protocol clients end stdin with a packet, not by closing: the end of
        # the connection means the client left, and nobody waits for the command.
        left = threading.Event()
        stdin.add_done_callback(lambda task: _set_if_gone(task, left))
        try:
            outcome = await self._run(transport, command, left)
        finally:
            stdin.cancel()
        writer.write(
            shell_packets(SHELL_STDOUT, outcome.stdout)
            + shell_packets(SHELL_STDERR, outcome.stderr)
            + SHELL_HEADER.pack(SHELL_EXIT, 1)
            + bytes([outcome.exit_code & 0xFF])
        )

    async def _interactive(
        self,
        transport: Transport,
        pty: bool,
        reader: asyncio.StreamReader,
        writer: asyncio.StreamWriter,
    ) -> None:
        """``adb shell`` with no command: run each line of stdin, until ``exit`` or EOF.

        On a terminal (pty) the session behaves like one: a prompt, typed keys echoed,
        backspace, Ctrl-C drops the line, Ctrl-D on an empty line ends, and both
        streams arrive as terminal output with CR LF line ends. Piped input (raw) gets
        no prompt and no echo, as sh gives.
        """
        editor = LineEditor(pty)
        prompt = f"{transport.serial}:/ # ".encode() if pty else b""
        writer.write(shell_packets(SHELL_STDOUT, prompt))
        exit_code = 0
        stdin = _Stdin(reader)
        shell = transport.phone.shell_session()  # cd, variables... carry from line to line
        pending = ""  # lines of a command not complete yet (an open quote or compound)
        try:
            while not shell.exited and (data := await stdin.next()) is not None:
                echo, lines, ended = editor.feed(data)
                writer.write(shell_packets(SHELL_STDOUT, echo))
                for line in lines:
                    text = pending + line.decode("utf-8", "replace")
                    if len(text) > MAX_LINE:
                        raise ClientCutOff(f"a command longer than {MAX_LINE} bytes")
                    pending = text + "\n" if not pty and incomplete(text) else ""
                    if pending:
                        continue  # sh reads on before it runs any of it
                    if text.strip():
                        outcome = await self._run(transport, text.strip(), stdin.left, shell)
                        exit_code = outcome.exit_code & 0xFF
                        writer.write(_session_output(outcome, pty))
                    if shell.exited:
                        break
                    writer.write(shell_packets(SHELL_STDOUT, prompt))
                await drain(writer, reader)
                if ended:
                    break
            last = (pending + editor.pending.decode("utf-8", "replace")).strip()
            if last and not pty and not shell.exited:  # a last line without newline
                outcome = await self._run(transport, last, stdin.left, shell)
                exit_code = outcome.exit_code & 0xFF
                writer.write(_session_output(outcome, pty))
        finally:
            await stdin.stop()
        writer.write(SHELL_HEADER.pack(SHELL_EXIT, 1) + bytes([exit_code]))


def _session_output(outcome: ShellOutcome, pty: bool) -> bytes:
    """A session command's output as packets: on a terminal both streams are its
    output, with CR LF line ends; without one, stdout and stderr each their own."""
    if pty:
        return shell_packets(SHELL_STDOUT, merged(outcome).replace(b"\n", b"\r\n"))
    return shell_packets(SHELL_STDOUT, outcome.stdout) + shell_packets(SHELL_STDERR, outcome.stderr)


class _Stdin:
    """A session's stdin packets, read ahead by a task of their own so that the
    client's leaving is seen while a command runs: ``left`` is set then, and the
    command's waits end (as a one-command shell's do, see ``ShellService.v2``)."""

    def __init__(self, reader: asyncio.StreamReader) -> None:
        self.left = threading.Event()
        # A few packets ahead at most: past them the client waits, as on a full pipe.
        self._packets: asyncio.Queue[bytes | BaseException | None] = asyncio.Queue(4)
        self._task = asyncio.ensure_future(self._pump(reader))

    async def next(self) -> bytes | None:
        """The next stdin data, None once stdin ended (closed, or the client left)."""
        item = await self._packets.get()
        if isinstance(item, BaseException):
            raise item
        return item

    async def stop(self) -> None:
        """Stop reading ahead (and wait until the reader is free for others)."""
        self._task.cancel()
        await asyncio.wait([self._task])

    async def _pump(self, reader: asyncio.StreamReader) -> None:
        try:
            while True:
                kind, length = SHELL_HEADER.unpack(await reader.readexactly(SHELL_HEADER.size))
                data = await reader.readexactly(length)
                if kind == SHELL_CLOSE_STDIN:
                    break
                if kind == SHELL_STDIN:  # window size changes and the like mean nothing
                    await self._packets.put(data)
        except asyncio.IncompleteReadError:
            self.left.set()
            await self._packets.put(None)
            return
        except (OSError, TimeoutError, ClientCutOff) as exc:
            self.left.set()
            await self._packets.put(exc)
            return
        await self._packets.put(None)
        # Stdin is closed but the client stays for the answers: see whether it leaves.
        if await drain_input(reader):
            self.left.set()


class LineEditor:
    """Turns typed bytes into command lines, as a terminal's line discipline would."""

    def __init__(self, pty: bool) -> None:
        self.pty = pty
        self.pending = bytearray()

    def feed(self, data: bytes) -> tuple[bytes, list[bytes], bool]:
        """Return what to echo, the lines completed, and whether input ended (Ctrl-D)."""
        if not self.pty:  # piped input, as sh reads it: lines end at LF, nothing is edited
            *piped, rest = (bytes(self.pending) + data).split(b"\n")
            self.pending[:] = rest
            if len(self.pending) > MAX_LINE:
                raise ClientCutOff(f"a command line longer than {MAX_LINE} bytes")
            return b"", piped, False
        echo = bytearray()
        lines: list[bytes] = []
        for byte in data:
            char = bytes([byte])
            if char in (b"\r", b"\n"):
                lines.append(bytes(self.pending))
                self.pending.clear()
                echo += b"\r\n"
            elif char in (b"\x7f", b"\x08"):
                if self.pending:
                    del self.pending[-1]
                    echo += b"\b \b"
            elif char == b"\x03":  # Ctrl-C: forget the line, prompt again
                self.pending.clear()
                lines.append(b"")
                echo += b"^C\r\n"
            elif char == b"\x04" and not self.pending:  # Ctrl-D on an empty line
                return bytes(echo), lines, True
            else:
                self.pending += char
                echo += char
            if len(self.pending) > MAX_LINE:
                raise ClientCutOff(f"a command line longer than {MAX_LINE} bytes")
        return bytes(echo), lines, False


@dataclass(frozen=True)
class _Failure:
    """The outcome reported when the phone itself raised while running a command."""

    stdout: bytes
    stderr: bytes
    exit_code: int


def _shell_or_report(
    phone: Phone, command: str, stop: threading.Event, session: ShellState | None = None
) -> ShellOutcome:
    """Run ``command``; a phone that raises answers on stderr with exit status 255.

    The client then sees that the phone failed instead of a connection that just ends;
    the server log has the traceback. The client never gets the exception's text: it
    may hold host paths (the sandbox folder) that are not the client's to see.
    """
    try:
        with interruptible(stop):
            if session is None:
                return phone.shell(command)
            return phone.shell(command, session=session)
    except Exception:
        log.exception("virtual phone failed on %r", command)
        message = "/system/bin/sh: internal error in the virtual phone (see the server log)\n"
        return _Failure(b"", message.encode(), 255)


def merged(outcome: ShellOutcome) -> bytes:
    """Both streams as one, for services without the shell protocol.

    A phone that knows the order its command wrote in gives it as ``output``. Otherwise
    stderr goes first: clients of plain ``shell:`` append ``; echo MARKER$?`` to learn
    the exit code (adbutils' ``shell2``), and the marker must stay last to be found.
    """
    output = getattr(outcome, "output", None)
    if isinstance(output, bytes):
        return output
    return outcome.stderr + outcome.stdout


def _set_if_gone(task: asyncio.Future[bool], event: threading.Event) -> None:
    """Set ``event`` when ``task`` (a :func:`drain_input`) saw the client leave."""
    if task.cancelled():
        return
    if task.exception() is not None or task.result():  # reset, or the end of input
        event.set()
