"""mksh's builtins that steer the script itself: ``break``, ``continue``, ``return``,
``shift``, ``local``, ``unset``, ``read``, ``set --`` and ``eval``."""

from __future__ import annotations

from droidhub.virtual.commands.invocation import Invocation, ShellControl, command
from droidhub.virtual.shell_syntax import ShellSyntaxError, is_name, parse


def _count(inv: Invocation, default: int) -> int | None:
    if not inv.args:
        return default
    text = inv.args[0]
    if not text.lstrip("-").isdigit():
        inv.eprint(f"/system/bin/sh: {inv.name}: {text}: bad number")
        return None
    return int(text)


@command("break", "continue")
def break_(inv: Invocation) -> int:
    """``break [N]`` / ``continue [N]``: leave (or go round) the N innermost loops."""
    count = _count(inv, 1)
    if count is None or count < 1:
        return 1
    raise ShellControl(inv.name, count)


@command("return")
def return_(inv: Invocation) -> int:
    """``return [N]``: leave the function with status N (the last status by default)."""
    status = _count(inv, inv.session.status)
    if status is None:
        return 1
    raise ShellControl("return", status & 0xFF)


@command("shift")
def shift(inv: Invocation) -> int:
    """``shift [N]``: drop the first N positional parameters."""
    count = _count(inv, 1)
    if count is None:
        return 1
    if count > len(inv.session.positional):
        inv.eprint(f"/system/bin/sh: shift: {count}: bad number")
        return 1
    inv.session.positional = inv.session.positional[count:]
    return 0


@command("local", "typeset")
def local(inv: Invocation) -> int:
    """``local NAME[=VALUE]...``: variables are set (the virtual shell has one scope)."""
    for arg in inv.args:
        name, eq, value = arg.partition("=")
        if not is_name(name):
            inv.eprint(f"/system/bin/sh: {inv.name}: {name}: is not an identifier")
            return 1
        if eq or name not in inv.session.variables:
            inv.session.variables[name] = value
    return 0


@command("unset")
def unset(inv: Invocation) -> int:
    """``unset [-f|-v] NAME...``: forget variables (or functions with ``-f``)."""
    names = [a for a in inv.args if a not in ("-v", "-f")]
    for name in names:
        if "-f" in inv.args:
            inv.session.functions.pop(name, None)
        else:
            inv.session.variables.pop(name, None)
    return 0


@command("read")
def read(inv: Invocation) -> int:
    """``read [-r] NAME...``: one line of standard input, split over the names; exit 1 at
    the end of input (what ends ``while read LINE``)."""
    raw = "-r" in inv.args
    names = [a for a in inv.args if a != "-r"] or ["REPLY"]
    line = inv.session.input.read_line()
    if line is None:
        for name in names:
            inv.session.variables[name] = ""
        return 1
    text = line.decode("utf-8", "surrogateescape")
    if not raw:
        text = text.replace("\\", "")
    fields = text.split(None, len(names) - 1)
    for index, name in enumerate(names):
        inv.session.variables[name] = fields[index].strip() if index < len(fields) else ""
    return 0


@command("set")
def set_(inv: Invocation) -> int:
    """``set -- ARGS``: new positional parameters; ``set`` alone lists the variables."""
    args = list(inv.args)
    if not args:
        for name, value in sorted(inv.session.variables.items()):
            inv.print(f"{name}={value}")
        return 0
    while args and args[0] != "--" and args[0][:1] in "-+":
        args.pop(0)  # -e, -x and the like: accepted, the virtual shell has no such modes
    if args and args[0] == "--":
        args.pop(0)
    if args or "--" in inv.args:
        inv.session.positional = args
    return 0


@command("eval")
def eval_(inv: Invocation) -> int:
    """``eval WORDS``: run the words, joined by spaces, as a command line."""
    session = inv.session
    line = " ".join(inv.args)
    try:
        program = parse(line)
    except ShellSyntaxError as exc:
        inv.eprint(f"/system/bin/sh: {exc}")
        return 1
    return session.run_sequence(program, inv.out, inv.err)
