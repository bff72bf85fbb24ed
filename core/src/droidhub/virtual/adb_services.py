"""The services the virtual adb server answers about its phones: the host services
about one phone (``features``, ``get-serialno``, forwards...), the device list, and
the device services a connection carries after a transport switch (``shell:``,
``shell,v2,...:``, ``exec:``, ``sync:``, ``reverse:``, ``root:``)."""

from __future__ import annotations

import asyncio
from collections.abc import Iterable

from droidhub.virtual.adb_shell_service import ShellService
from droidhub.virtual.adb_sync import SyncSession
from droidhub.virtual.adb_wire import OKAY, RequestError, Transport, block

#: Device features advertised by ``features``: real exit codes and separate stderr
#: (shell_v2), ``cmd``, 64-bit stat and listing (stat_v2, ls_v2), and the promise that
#: SEND makes parent folders itself (fixed_push_mkdir).
FEATURES = ("shell_v2", "cmd", "stat_v2", "ls_v2", "fixed_push_mkdir")

#: Host services about one phone (the others are about the server).
_PHONE_HOST_SERVICES = frozenset(
    {"features", "get-state", "get-serialno", "get-devpath", "killforward-all"}
)


def is_phone_host_service(service: str) -> bool:
    """Whether ``service`` is a host service about one phone (or a forward request)."""
    return service in _PHONE_HOST_SERVICES or service.startswith(("forward:", "killforward:"))


def answer_phone_host_service(
    service: str, transport: Transport, writer: asyncio.StreamWriter
) -> None:
    """Answer a host service about ``transport``'s phone; a virtual phone has no network
    services, so every forward is refused as adb refuses a listener it cannot bind."""
    if service == "features":
        writer.write(OKAY + block(",".join(FEATURES)))
    elif service == "get-state":
        writer.write(OKAY + block("device"))
    elif service == "get-serialno":
        writer.write(OKAY + block(transport.serial))
    elif service == "get-devpath":
        writer.write(OKAY + block("unknown"))
    elif service == "killforward-all":
        writer.write(OKAY + OKAY)  # the host's OKAY, then the status
    elif service.startswith("killforward:"):
        raise RequestError(f"listener '{service.partition(':')[2]}' not found")
    else:  # forward:[norebind:]LOCAL;REMOTE
        spec = service[len("forward:") :].removeprefix("norebind:")
        raise RequestError(
            f"cannot bind listener: the virtual phone {transport.serial} has no network "
            f"services to forward to ({spec})"
        )


def device_list(transports: Iterable[Transport], long: bool) -> str:
    """``adb devices`` (``-l``: with product, model, device and transport id)."""
    lines = []
    for t in transports:
        if long:
            lines.append(
                f"{t.serial:<22} device product:{t.product} model:{t.model} "
                f"device:{t.device} transport_id:{t.transport_id}\n"
            )
        else:
            lines.append(f"{t.serial}\tdevice\n")
    return "".join(lines)


async def answer_device_service(
    shells: ShellService,
    service: str,
    transport: Transport,
    reader: asyncio.StreamReader,
    writer: asyncio.StreamWriter,
) -> None:
    """Carry one device service to ``transport``'s phone."""
    name, _, argument = service.partition(":")
    head, *options = name.split(",")
    if head == "shell" and "v2" in options:
        pty = "raw" not in options  # adb asks for a pty unless told raw
        await shells.v2(transport, argument, pty, reader, writer)
    elif head == "shell" or (head == "exec" and not options):
        await shells.raw(transport, argument, reader, writer)
    elif service == "sync:":
        writer.write(OKAY)
        await SyncSession(transport.phone, reader, writer).run()
    elif service == "reverse:list-forward":
        writer.write(OKAY + block(""))
    elif service == "reverse:killforward-all":
        writer.write(OKAY + OKAY)
    elif service.startswith("reverse:"):
        raise RequestError(
            f"the virtual phone {transport.serial} cannot reverse-forward ({service})"
        )
    elif service == "root:":
        writer.write(OKAY + b"adbd is already running as root\n")
    else:
        raise RequestError(f"unknown device service '{service}' on {transport.serial}")
