"""Turning ``--device`` into connected :class:`droidhub.Device` objects.

``--device`` takes serials separated by commas (``emulator-5554,emulator-5556``), or
``virtual`` / ``virtual:N`` to start N virtual phones in this process for the run.

Starting a virtual phone takes about 12 ms of CPU (its folders and databases are
made), and the phones' process starts in most of a second, so 64 phones would hold a
run up for a second or two. With ``stagger=True`` (the threads runner) the first
:data:`FIRST_PHONES` are started before the run begins and the rest join while the
first episodes play: :meth:`Phones.arrivals` hands each to the runner as it is ready,
and the phones ready at once join together.

From :data:`PHONES_IN_THEIR_OWN_PROCESS` phones on, the phones are served from a
child process (:class:`droidhub.virtual.server_process.ServerProcess`): one
interpreter serving the phones and running every agent's thread too is what a run of
many phones would wait on. Past :data:`PHONES_A_PROCESS` phones they are spread over a
child per core (:class:`~droidhub.virtual.server_process.ServerProcesses`), as many as
it takes: phones that start together set up and step together, and one interpreter
answering 64 of them at once made each wait its turn.
"""

from __future__ import annotations

import contextlib
import os
import queue
import re
import threading
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor, as_completed
from typing import Protocol

from droidhub.device.client import Device
from droidhub.virtual.server_process import ServerProcess, ServerProcesses

_VIRTUAL = re.compile(r"virtual(?::(\d+))?")
#: Virtual phones started before a staggered run begins; the rest join as it plays.
FIRST_PHONES = 2
#: Phones that join a run connect this many at a time.
CONNECTING_AT_ONCE = 16
#: From this many virtual phones on, they are served from a process of their own.
PHONES_IN_THEIR_OWN_PROCESS = 8
#: The most phones one such process serves while the host has a core for another.
PHONES_A_PROCESS = 32


class PhoneHost(Protocol):
    """Where a run's virtual phones live: :class:`~droidhub.virtual.server.VirtualDeviceServer`
    in this process, or :class:`~droidhub.virtual.server_process.ServerProcess`."""

    @property
    def serials(self) -> list[str]: ...
    def port_of(self, serial: str) -> int: ...
    def add_phone(self) -> str: ...
    def add_ready_phones(self, most: int) -> list[str]: ...
    def remove_phone(self, serial: str) -> None: ...


class DeviceSpecError(ValueError):
    """A ``--device`` value that cannot be understood."""


def parse_device_spec(spec: str) -> tuple[int, list[str]]:
    """Return ``(virtual phones to start, serials)`` for a ``--device`` value."""
    spec = spec.strip()
    match = _VIRTUAL.fullmatch(spec)
    if match:
        count = int(match.group(1) or 1)
        if not 1 <= count <= 64:
            raise DeviceSpecError(f"--device {spec}: the number of virtual phones must be 1..64")
        return count, []
    if spec.startswith("virtual:"):  # a typo of virtual:N, not a serial (those are virtual-N)
        raise DeviceSpecError(
            f"--device {spec}: write 'virtual' or 'virtual:N' with N the number of virtual "
            "phones (1..64)"
        )
    serials = [s.strip() for s in spec.split(",") if s.strip()]
    if not serials:
        raise DeviceSpecError(
            f"--device {spec!r} names no device; give serials (see `adb devices`) "
            "or 'virtual' / 'virtual:N'"
        )
    if any(_VIRTUAL.fullmatch(s) for s in serials) and len(serials) > 1:
        raise DeviceSpecError(f"--device {spec}: 'virtual' cannot be mixed with serials")
    return 0, serials


class Phones(list[Device]):
    """The devices of a run (a list), and what can renew one: a virtual phone is
    replaced by a fresh one, a real phone cannot be (:meth:`renew` gives None)."""

    def __init__(self, devices: list[Device], server: PhoneHost | None = None) -> None:
        super().__init__(devices)
        self._server = server
        self._joining: queue.SimpleQueue[Device] = queue.SimpleQueue()
        self._adder: threading.Thread | None = None
        self._closing = threading.Event()

    def add_later(self, count: int) -> None:
        """Start ``count`` more virtual phones on a thread of their own; each is put in
        :meth:`arrivals` (and in this list) once it is ready."""
        if self._server is None or count <= 0:
            return
        server = self._server

        def connect(serial: str) -> None:
            device = Device(serial, host="127.0.0.1", port=server.port_of(serial))
            self.append(device)
            self._joining.put(device)

        def add() -> None:
            # Each call takes every phone ready by then, and the phones connect side by
            # side (a Device checks its phone with the server: three requests, each
            # waiting its turn on a busy run's interpreter), not one after another.
            left = count
            with ThreadPoolExecutor(CONNECTING_AT_ONCE) as pool:
                while left > 0 and not self._closing.is_set():
                    serials = server.add_ready_phones(left)
                    left -= len(serials)
                    for joined in as_completed([pool.submit(connect, s) for s in serials]):
                        joined.result()

        self._adder = threading.Thread(target=add, name="droidhub-phones", daemon=True)
        self._adder.start()

    def arrivals(self) -> list[Device]:
        """The phones that became ready since the last call (none without a stagger)."""
        ready = []
        while True:
            try:
                ready.append(self._joining.get_nowait())
            except queue.Empty:
                return ready

    def release(self) -> None:
        """The run is over: start no more phones, and let a host that can stop in the
        background (the phones' own process) begin now, while the caller writes its
        report; the end of :func:`open_devices`' block waits for it."""
        self.close()
        begin_stop = getattr(self._server, "begin_stop", None)
        if begin_stop is not None:
            begin_stop()

    def close(self) -> None:
        """Start no more phones, and wait for the one being started."""
        self._closing.set()
        if self._adder is not None:
            self._adder.join()

    def retire(self, device: Device) -> None:
        """The run has nothing left for ``device`` while others still play: a virtual
        phone stops now, its sandbox deleted while the rest of the run goes on (so that
        the phones do not all stop after it); a real phone is left as it is."""
        if self._server is None:
            return
        device.close("the run has nothing left for it")
        with contextlib.suppress(KeyError):
            self._server.remove_phone(device.serial)

    def renew(self, device: Device) -> Device | None:
        """A fresh phone in place of ``device`` (which is detached), or None."""
        if self._server is None:
            return None
        serial = self._server.add_phone()
        with contextlib.suppress(KeyError):
            self._server.remove_phone(device.serial)
        return Device(serial, host="127.0.0.1", port=self._server.port_of(serial))


_launched: dict[str, ServerProcess | ServerProcesses] = {}


def _phones_process(count: int, first: int, scratch: bool) -> ServerProcess | ServerProcesses:
    """The child process (or the children, a core each, past :data:`PHONES_A_PROCESS`
    phones) serving ``count`` phones, ``first`` of them made before it answers (by the
    first child alone when the rest join later: a staggered start waits for no other)."""
    processes = min(os.cpu_count() or 1, -(-count // PHONES_A_PROCESS))
    if processes <= 1:
        return ServerProcess(devices=first, spares=count - first, scratch=scratch)
    return ServerProcesses(first, count - first, processes, scratch, first_in_first=first < count)


def launch_early(spec: str) -> None:
    """Start the phones' process for ``spec`` now, if ``open_devices(spec, stagger=True)``
    would start one, so that it gets ready while the caller does other work (a run
    loading its suite); ``open_devices`` then takes it. A spec it cannot read, or a
    phone setting that is wrong (a sandbox folder that is none...), is left for
    ``open_devices`` to refuse."""
    from droidhub.virtual.phone_settings import check_phone_settings

    try:
        count, _ = parse_device_spec(spec)
        check_phone_settings()
    except ValueError:  # DeviceSpecError, or a phone setting open_devices refuses
        return
    if count >= PHONES_IN_THEIR_OWN_PROCESS and spec not in _launched:
        _launched[spec] = _phones_process(count, min(count, FIRST_PHONES), False).launch()


@contextlib.contextmanager
def open_devices(
    spec: str,
    adb_host: str = "127.0.0.1",
    adb_port: int = 5037,
    stagger: bool = False,
    scratch: bool = False,
) -> Iterator[Phones]:
    """Connect to the devices ``spec`` names, starting virtual phones if asked (with
    ``stagger``, all but the first :data:`FIRST_PHONES` while the block runs: see
    :meth:`Phones.arrivals`; ``scratch`` phones, kept in memory where the host has
    room, for a caller that reaches them only through its own actions: see
    :func:`droidhub.virtual.phone_settings.sandbox_base`).

    Virtual phones started here are stopped when the block ends.
    """
    count, serials = parse_device_spec(spec)
    if not count:
        yield Phones([Device(serial, host=adb_host, port=adb_port) for serial in serials])
        return
    from droidhub.virtual.phone_settings import check_phone_settings
    from droidhub.virtual.server import VirtualDeviceServer

    try:
        # Before any phone starts, here or in the phones' own process.
        check_phone_settings(scratch)
    except ValueError as exc:
        raise DeviceSpecError(str(exc)) from None

    first = min(count, FIRST_PHONES) if stagger else count
    launched = _launched.pop(spec, None) if stagger else None
    host: PhoneHost
    if launched is not None:
        host = launched
    elif count >= PHONES_IN_THEIR_OWN_PROCESS:
        host = _phones_process(count, first, scratch)
    else:
        host = VirtualDeviceServer(devices=first, scratch=scratch)
    with host as server:
        devices = [
            Device(serial, host="127.0.0.1", port=server.port_of(serial))
            for serial in server.serials
        ]
        phones = Phones(devices, server)
        phones.add_later(count - len(devices))
        try:
            yield phones
        finally:
            phones.close()
