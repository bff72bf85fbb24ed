"""Virtual phones served from a process of their own.

A run of many virtual phones in threads shares one interpreter between the agents and
the phones they drive; past a few phones that one interpreter (one core at a time) is
what the run waits on. :class:`ServerProcess` hosts the phones in a child process
instead, behind the same adb server, so the phones' work and the agents' run on two
cores: the run reaches them over adb as it would reach any phone. It offers what
:class:`~droidhub.virtual.server.VirtualDeviceServer` offers a run (``port``,
``serials``, ``add_phone``, ``add_ready_phones``, ``remove_phone``, a context manager).

The child reads one command a line on its stdin (``add MOST``, ``remove SERIAL``) and
answers a line each on its stdout (``add MOST``: the serials of the phones ready, at
most MOST and at least one, separated by spaces); it starts by printing its port and its first
phones' serials. It leaves Ctrl-C and SIGTERM to the run (which tears its episodes
down on the phones first) and stops when its stdin closes: when the run ends, or when
the run's process is gone.
"""

from __future__ import annotations

import contextlib
import gc
import signal
import subprocess
import sys
import threading

#: How long the child may take to start, or to stop once asked.
START_TIMEOUT_S = 120.0
STOP_TIMEOUT_S = 30.0


class ServerProcessError(RuntimeError):
    """The child process failed to start, or stopped answering."""


class ServerProcess:
    """``devices`` virtual phones behind an adb server in a child process; with
    ``spares``, that many more built ahead for :meth:`add_phone` (see
    :meth:`~droidhub.virtual.server.VirtualDeviceServer.make_spares`); ``scratch``
    phones and serial ``numbers`` as the server's say."""

    def __init__(
        self,
        devices: int = 1,
        spares: int = 0,
        scratch: bool = False,
        numbers: tuple[int, int] = (0, 1),
    ) -> None:
        self._devices = devices
        self._spares = spares
        self._scratch = scratch
        self._numbers = numbers
        self._proc: subprocess.Popen[str] | None = None
        self._lock = threading.Lock()
        self.port = 0
        self._serials: list[str] = []

    @property
    def serials(self) -> list[str]:
        """The phones attached now, oldest first."""
        with self._lock:
            return list(self._serials)

    def launch(self) -> ServerProcess:
        """Start the child without waiting for it (it gets ready meanwhile)."""
        if self._proc is None:
            self._proc = subprocess.Popen(
                [
                    sys.executable,
                    "-m",
                    "droidhub.virtual.server_process",
                    str(self._devices),
                    str(self._spares),
                    *map(str, self._numbers),
                    *(["scratch"] if self._scratch else []),
                ],
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                text=True,
                bufsize=1,
            )
        return self

    def start(self) -> ServerProcess:
        """Start the child (unless :meth:`launch` did) and wait for its first phones."""
        self.launch()
        if self.port:
            return self
        try:
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
        """Tell the child to stop its phones (its stdin closes) without waiting: it
        tears them down while this process does other work; :meth:`stop` waits."""
        proc = self._proc
        if proc is not None and proc.stdin is not None:
            with contextlib.suppress(OSError):
                proc.stdin.close()

    def stop(self) -> None:
        """Close the child's stdin and wait for it to stop its phones (killed past
        :data:`STOP_TIMEOUT_S`). Safe to call twice."""
        self.begin_stop()
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

    def _ask(self, command: str) -> str:
        proc = self._running()
        assert proc.stdin is not None
        try:
            proc.stdin.write(command + "\n")
            proc.stdin.flush()
        except OSError as exc:
            raise ServerProcessError(f"the virtual phones' process is gone ({exc})") from None
        return self._read(f"the answer to {command!r}")

    def _read(self, what: str) -> str:
        proc = self._running()
        assert proc.stdout is not None
        line = proc.stdout.readline()
        if not line:
            proc.wait(STOP_TIMEOUT_S)
            error = proc.stderr.read() if proc.stderr is not None else ""
            raise ServerProcessError(
                f"the virtual phones' process stopped (exit {proc.returncode}) before "
                f"sending {what}: {error.strip()[-2000:] or '(nothing on stderr)'}"
            )
        return line.strip()

    def _running(self) -> subprocess.Popen[str]:
        if self._proc is None:
            raise ServerProcessError("the virtual phones' process is not running")
        return self._proc

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
    only when its phones are first asked for.
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
        self._children = [
            ServerProcess(made[k], share(spares, k), scratch, (k, processes))
            for k in range(processes)
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
    devices: int, spares: int = 0, scratch: bool = False, numbers: tuple[int, int] = (0, 1)
) -> None:
    """The child: serve ``devices`` phones (``spares`` more built ahead; ``scratch``
    phones if asked; serials numbered by ``numbers``), then a command a line until stdin
    closes."""
    from droidhub.virtual.server import VirtualDeviceServer

    for sig in (signal.SIGINT, signal.SIGTERM):
        signal.signal(sig, signal.SIG_IGN)  # the run stops us (stdin closes) when done
    with VirtualDeviceServer(devices=devices, scratch=scratch, numbers=numbers) as server:
        print(server.port, flush=True)
        for serial in server.serials:
            print(serial, flush=True)
        if spares:
            server.make_spares(spares)
        for line in sys.stdin:
            words = line.split()
            if words[:1] == ["add"] and len(words) == 2 and words[1].isdigit():
                print(" ".join(server.add_ready_phones(int(words[1]))), flush=True)
            elif words[:1] == ["remove"] and len(words) == 2:
                try:
                    server.remove_phone(words[1])
                    print("removed", flush=True)
                except KeyError as exc:
                    print(str(exc).strip("'\""), flush=True)
            else:
                print(f"unknown command {line.strip()!r}", flush=True)


if __name__ == "__main__":
    devices, spares, first, step = map(int, sys.argv[1:5])
    serve(devices, spares, sys.argv[5:6] == ["scratch"], (first, step))
    # The phones are stopped and their sandboxes gone: what is left of the objects is the
    # operating system's to free, without the interpreter's last collection (the run
    # waits for this process to end).
    gc.freeze()
