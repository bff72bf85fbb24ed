"""Virtual phones served from a process of their own.

A run of many virtual phones in threads shares one interpreter between the agents and
the phones they drive; past a few phones that one interpreter (one core at a time) is
what the run waits on. :class:`ServerProcess` hosts the phones in a child process
instead, behind the same adb server, so the phones' work and the agents' run on two
cores: the run reaches them over adb as it would reach any phone. It offers what
:class:`~droidhub.virtual.server.VirtualDeviceServer` offers a run (``port``,
``serials``, ``add_phone``, ``add_ready_phones``, ``remove_phone``, a context manager).

The child reads one command a line (``add MOST``, ``remove SERIAL``) and answers a line
each (``add MOST``: the serials of the phones ready, at most MOST and at least one,
separated by spaces); it starts by sending its port and its first phones' serials. It
leaves Ctrl-C and SIGTERM to the run (which tears its episodes down on the phones
first) and stops when its commands end: when the run ends, or when the run's process is
gone.

A child is an interpreter of its own (``python -m droidhub.virtual.server_process``,
commands on its stdin, answers on its stdout), or, for the other children of
:class:`ServerProcesses` on Linux, a fork of the first one made once that one has
imported the phones' code and apps (about 0.6 s of CPU each child would otherwise spend
while the run's first phones start). A forked child talks over a socket of its own that
the run made for it; it sends its pid first, then waits for the line ``start``.
"""

from __future__ import annotations

import contextlib
import gc
import os
import select
import signal
import socket
import subprocess
import sys
import threading
import time
from typing import IO

#: How long the child may take to start, or to stop once asked.
START_TIMEOUT_S = 120.0
STOP_TIMEOUT_S = 30.0
#: Whether the other children of :class:`ServerProcesses` are forked from the first.
FORKS = sys.platform.startswith("linux")


class ServerProcessError(RuntimeError):
    """The child process failed to start, or stopped answering."""


class ServerProcess:
    """``devices`` virtual phones behind an adb server in a child process; with
    ``spares``, that many more built ahead for :meth:`add_phone` (see
    :meth:`~droidhub.virtual.server.VirtualDeviceServer.make_spares`); ``scratch``
    phones and serial ``numbers`` as the server's say. With a ``parent``, the child is
    forked from that one's (which must not be launched yet when this is made)."""

    def __init__(
        self,
        devices: int = 1,
        spares: int = 0,
        scratch: bool = False,
        numbers: tuple[int, int] = (0, 1),
        parent: ServerProcess | None = None,
    ) -> None:
        self._devices = devices
        self._spares = spares
        self._scratch = scratch
        self._numbers = numbers
        self._proc: subprocess.Popen[str] | None = None
        self._parent = parent
        self._forked: list[ServerProcess] = []  # the children forked from this one
        self._socket: socket.socket | None = None  # a forked child's line to the run
        self._theirs: socket.socket | None = None  # its other end, until the fork has it
        self._pid = 0
        self._commands: IO[str] | None = None
        self._answers: IO[str] | None = None
        self._lock = threading.Lock()
        self.port = 0
        self._serials: list[str] = []
        if parent is not None:
            if parent._proc is not None:
                raise ValueError("a child cannot be forked from one launched already")
            parent._forked.append(self)
            self._socket, self._theirs = socket.socketpair()

    @property
    def serials(self) -> list[str]:
        """The phones attached now, oldest first."""
        with self._lock:
            return list(self._serials)

    def launch(self) -> ServerProcess:
        """Start the child without waiting for it (it gets ready meanwhile)."""
        if self._parent is not None:
            if self._commands is None and self._socket is not None:
                self._parent.launch()  # the fork comes from it
                self._commands = self._socket.makefile("w", encoding="utf-8")
                self._answers = self._socket.makefile("r", encoding="utf-8")
                self._send("start")
            return self
        if self._proc is None:
            # (child, its end of the socket) of each fork not stopped before this launch
            forks = [(c, end) for c in self._forked if (end := c._theirs) is not None]
            self._proc = subprocess.Popen(
                [
                    sys.executable,
                    "-m",
                    "droidhub.virtual.server_process",
                    *self._words(),
                    *(word for child, _ in forks for word in ("fork", *child._words()[:4])),
                    *(str(end.fileno()) for _, end in forks),
                ],
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                text=True,
                bufsize=1,
                pass_fds=[end.fileno() for _, end in forks],
            )
            for child, end in forks:  # theirs now, in the child
                end.close()
                child._theirs = None
            self._commands, self._answers = self._proc.stdin, self._proc.stdout
        return self

    def _words(self) -> list[str]:
        """The child's arguments: phones, spares, serial numbers (and ``scratch``)."""
        words = [str(self._devices), str(self._spares), *map(str, self._numbers)]
        return words + (["scratch"] if self._scratch else [])

    def start(self) -> ServerProcess:
        """Start the child (unless :meth:`launch` did) and wait for its first phones."""
        self.launch()
        if self.port:
            return self
        try:
            if self._parent is not None:
                self._pid = int(self._read("its pid"))
            self.port = int(self._read("its port"))
            self._serials = [self._read("a phone's serial") for _ in range(self._devices)]
        except BaseException:
            self.stop()
            raise
        return self

    def port_of(self, serial: str) -> int:
        """The port of the adb server that has ``serial``: this child's."""
        del serial
        return self.port

    def add_phone(self) -> str:
        """A fresh phone; its serial."""
        return self.add_ready_phones(1)[0]

    def add_ready_phones(self, most: int) -> list[str]:
        """Up to ``most`` fresh phones, every one the child has ready now (at least
        one); their serials."""
        with self._lock:
            serials = self._ask(f"add {most}").split()
            self._serials.extend(serials)
        return serials

    def remove_phone(self, serial: str) -> None:
        """Detach ``serial`` and delete its sandbox."""
        with self._lock:
            answer = self._ask(f"remove {serial}")
            if answer != "removed":
                raise KeyError(answer)
            self._serials.remove(serial)

    def begin_stop(self) -> None:
        """Tell the child to stop its phones (its commands end) without waiting: it
        tears them down while this process does other work; :meth:`stop` waits."""
        if self._socket is not None:
            with contextlib.suppress(OSError):
                self._socket.shutdown(socket.SHUT_WR)
        elif self._proc is not None and self._proc.stdin is not None:
            with contextlib.suppress(OSError):
                self._proc.stdin.close()

    def stop(self) -> None:
        """End the child's commands and wait for it to stop its phones (killed past
        :data:`STOP_TIMEOUT_S`). Safe to call twice."""
        self.begin_stop()
        if self._socket is not None:
            self._stop_forked(self._socket)
            return
        proc, self._proc = self._proc, None
        if proc is None:
            return
        try:
            proc.wait(STOP_TIMEOUT_S)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
        for stream in (proc.stdout, proc.stderr):
            if stream is not None:
                stream.close()

    def _stop_forked(self, line: socket.socket) -> None:
        """A forked child has stopped when its end of the socket closes (its parent,
        the first child, reaps it)."""
        self._socket = None
        deadline = time.monotonic() + STOP_TIMEOUT_S
        with contextlib.suppress(OSError):
            while self._pid or self._commands is not None:  # never launched: nothing runs
                left = deadline - time.monotonic()
                if left <= 0:
                    if self._pid:
                        with contextlib.suppress(ProcessLookupError):
                            os.kill(self._pid, signal.SIGKILL)
                    break
                if select.select([line], [], [], left)[0] and not line.recv(65536):
                    break
        for stream in (self._commands, self._answers):
            if stream is not None:
                with contextlib.suppress(OSError):
                    stream.close()
        line.close()
        if self._theirs is not None:
            self._theirs.close()

    def _send(self, command: str) -> None:
        if self._commands is None:
            raise ServerProcessError("the virtual phones' process is not running")
        try:
            self._commands.write(command + "\n")
            self._commands.flush()
        except OSError as exc:
            which = f"process {self._pid}" if self._pid else "process"
            raise ServerProcessError(f"the virtual phones' {which} is gone ({exc})") from None

    def _ask(self, command: str) -> str:
        self._send(command)
        return self._read(f"the answer to {command!r}")

    def _read(self, what: str) -> str:
        if self._answers is None:
            raise ServerProcessError("the virtual phones' process is not running")
        line = self._answers.readline()
        if line:
            return line.strip()
        proc = self._proc
        if proc is None:  # forked: its errors went to the first child's
            raise ServerProcessError(
                f"the virtual phones' process {self._pid or '(forked)'} stopped before "
                f"sending {what}"
            )
        proc.wait(STOP_TIMEOUT_S)
        error = proc.stderr.read() if proc.stderr is not None else ""
        raise ServerProcessError(
            f"the virtual phones' process stopped (exit {proc.returncode}) before "
            f"sending {what}: {error.strip()[-2000:] or '(nothing on stderr)'}"
        )

    def __enter__(self) -> ServerProcess:
        return self.start()

    def __exit__(self, *exc_info: object) -> None:
        self.stop()


class ServerProcesses:
    """Virtual phones spread over ``processes`` children, one :class:`ServerProcess`
    each, offered as one host: a phone's adb server is its child's (:meth:`port_of`),
    serials differ across children (``virtual-0``, ``virtual-2``... in the first of two;
    ``virtual-1``, ``virtual-3``... in the second), and fresh phones come from each
    child in turn.

    ``devices`` phones are made before :meth:`start` returns, shared out evenly, or all
    by the first child with ``first_in_first``; ``spares`` are shared out evenly. The
    children given first phones start side by side; a child given none starts once they
    are ready, so that its start-up does not slow their first phones, and is waited for
    only when its phones are first asked for. Where :data:`FORKS`, the other children
    are forked from the first once it has imported what phones need, and wait for the
    word to start.
    """

    def __init__(
        self,
        devices: int,
        spares: int = 0,
        processes: int = 2,
        scratch: bool = False,
        first_in_first: bool = False,
    ) -> None:
        def share(total: int, k: int) -> int:
            return total // processes + (k < total % processes)

        made = [share(devices, k) for k in range(processes)]
        if first_in_first:
            made = [devices] + [0] * (processes - 1)
        first = ServerProcess(made[0], share(spares, 0), scratch, (0, processes))
        self._children = [first] + [
            ServerProcess(
                made[k], share(spares, k), scratch, (k, processes), first if FORKS else None
            )
            for k in range(1, processes)
        ]
        self._waited = [child for child, first in zip(self._children, made, strict=True) if first]
        self._later = [child for child in self._children if child not in self._waited]
        self._turn = 0
        self._starting = threading.Lock()

    @property
    def serials(self) -> list[str]:
        """The phones attached now, each child's oldest first."""
        return [serial for child in self._children for serial in child.serials]

    def port_of(self, serial: str) -> int:
        """The port of the adb server that has ``serial``."""
        return self._owner(serial).port

    def launch(self) -> ServerProcesses:
        """Start the children given first phones, without waiting for them."""
        for child in self._waited:
            child.launch()
        return self

    def start(self) -> ServerProcesses:
        """Start the children given first phones and wait for those; then start the
        others without waiting."""
        try:
            self.launch()
            for child in self._waited:
                child.start()
            for child in self._later:
                child.launch()
        except BaseException:
            self.stop()
            raise
        return self

    def add_phone(self) -> str:
        """A fresh phone, from the next child in turn; its serial."""
        return self.add_ready_phones(1)[0]

    def add_ready_phones(self, most: int) -> list[str]:
        """Up to ``most`` fresh phones, asking each child in turn for its share of them
        (each answers with at least one; one not waited for yet joins with its first
        phones, if it made any); their serials."""
        share = -(-most // len(self._children))
        added: list[str] = []
        for _ in self._children:
            child = self._children[self._turn]
            self._turn = (self._turn + 1) % len(self._children)
            with self._starting:
                if not child.port:
                    child.start()
                    added += child.serials
            if len(added) < most:
                added += child.add_ready_phones(min(share, most - len(added)))
            if len(added) >= most:
                break
        return added

    def remove_phone(self, serial: str) -> None:
        """Detach ``serial`` (KeyError if no child has it) and delete its sandbox."""
        self._owner(serial).remove_phone(serial)

    def begin_stop(self) -> None:
        """Tell every child to stop its phones, without waiting."""
        for child in self._children:
            child.begin_stop()

    def stop(self) -> None:
        """Stop every child (each tears its phones down at once) and wait for them."""
        self.begin_stop()
        for child in self._children:
            child.stop()

    def _owner(self, serial: str) -> ServerProcess:
        for child in self._children:
            if serial in child.serials:
                return child
        raise KeyError(f"no virtual phone {serial!r}")

    def __enter__(self) -> ServerProcesses:
        return self.start()

    def __exit__(self, *exc_info: object) -> None:
        self.stop()


def serve(
    devices: int,
    spares: int = 0,
    scratch: bool = False,
    numbers: tuple[int, int] = (0, 1),
    commands: IO[str] | None = None,
    answers: IO[str] | None = None,
) -> None:
    """The child: serve ``devices`` phones (``spares`` more built ahead; ``scratch``
    phones if asked; serials numbered by ``numbers``), then a command a line from
    ``commands`` (stdin), answered on ``answers`` (stdout), until they end. Ctrl-C and
    SIGTERM are ignored already (:func:`main`): the run stops us when done."""
    from droidhub.virtual.server import VirtualDeviceServer

    commands = commands or sys.stdin
    answers = answers or sys.stdout

    def say(line: object) -> None:
        print(line, file=answers, flush=True)

    with VirtualDeviceServer(devices=devices, scratch=scratch, numbers=numbers) as server:
        say(server.port)
        for serial in server.serials:
            say(serial)
        if spares:
            server.make_spares(spares)
        for line in commands:
            words = line.split()
            if words[:1] == ["add"] and len(words) == 2 and words[1].isdigit():
                say(" ".join(server.add_ready_phones(int(words[1]))))
            elif words[:1] == ["remove"] and len(words) == 2:
                try:
                    server.remove_phone(words[1])
                    say("removed")
                except KeyError as exc:
                    say(str(exc).strip("'\""))
            else:
                say(f"unknown command {line.strip()!r}")


def _fork(words: list[str], scratch: bool, fd: int, fds: list[int]) -> int:
    """Fork a child that serves phones as ``words`` say (phones, spares, serial numbers)
    over the socket ``fd`` (one of ``fds``, the others its siblings'); its pid. The child
    never returns from here."""
    pid = os.fork()
    if pid:
        return pid
    try:
        for other in fds:
            if other != fd:
                os.close(other)
        # Its own line to the run; the first child's stdin and stdout are not its own.
        devnull = os.open(os.devnull, os.O_RDWR)
        os.dup2(devnull, 0)
        os.dup2(devnull, 1)
        line = socket.socket(fileno=fd)
        commands = line.makefile("r", encoding="utf-8")
        answers = line.makefile("w", encoding="utf-8")
        print(os.getpid(), file=answers, flush=True)
        if commands.readline().strip() == "start":  # else the run ended first
            devices, spares, first, step = map(int, words)
            serve(devices, spares, scratch, (first, step), commands, answers)
        code = 0
    except BaseException:
        import traceback

        traceback.print_exc()
        code = 1
    sys.stderr.flush()
    os._exit(code)  # not back into the first child's code, nor through its exit


def main(argv: list[str]) -> None:
    """``DEVICES SPARES FIRST STEP [scratch] [fork DEVICES SPARES FIRST STEP]... [FD]...``:
    import the phones' code and apps, fork a child for each ``fork`` (on the socket of
    the matching FD), then serve."""
    # The run stops us (our commands end) once it has torn its episodes down: Ctrl-C and
    # SIGTERM are ignored from the first line on, and the forks inherit that.
    for sig in (signal.SIGINT, signal.SIGTERM):
        signal.signal(sig, signal.SIG_IGN)
    from droidhub.virtual.server import plugin_apps

    forks = [argv[i + 1 : i + 5] for i, word in enumerate(argv) if word == "fork"]
    fds = [int(word) for word in argv[argv.index("fork") + 5 * len(forks) :]] if forks else []
    scratch = argv[4:5] == ["scratch"]
    plugin_apps()  # every app's code, which each phone needs, imported once for all
    children = [_fork(words, scratch, fd, fds) for words, fd in zip(forks, fds, strict=True)]
    for fd in fds:
        os.close(fd)
    for pid in children:  # reaped as soon as each ends
        threading.Thread(target=os.waitpid, args=(pid, 0), daemon=True).start()
    devices, spares, first, step = map(int, argv[:4])
    serve(devices, spares, scratch, (first, step))


if __name__ == "__main__":
    main(sys.argv[1:])
    # The phones are stopped and their sandboxes gone: what is left of the objects is the
    # operating system's to free, without the interpreter's last collection (the run
    # waits for this process to end).
    gc.freeze()
