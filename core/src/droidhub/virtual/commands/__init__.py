"""The virtual phone's shell commands, each in Android 13's output format.

A command is a function taking an :class:`~droidhub.virtual.commands.invocation.Invocation`
and returning its exit status, registered by name with
:func:`~droidhub.virtual.commands.invocation.command`. docs/device-contract.md lists them.
"""

from __future__ import annotations

# Each module registers its commands when imported: importing them is the point.
from droidhub.virtual.commands import (  # noqa: F401
    activity,
    disk,
    display,
    dumpsys,
    files,
    find,
    input,
    links,
    ls,
    packages,
    services,
    settings,
    shell_builtins,
    shell_control,
    sqlite,
    system,
    text,
)
from droidhub.virtual.commands.invocation import COMMANDS, Handler, Invocation, Sink, command

__all__ = ["COMMANDS", "Handler", "Invocation", "Sink", "command", "lookup", "names"]


def lookup(name: str) -> Handler | None:
    """The handler of command ``name``, or None when the phone has no such command."""
    return COMMANDS.get(name)


def names() -> list[str]:
    """Every command the virtual phone answers, sorted."""
    return sorted(COMMANDS)
