"""Shell builtins: echo, printf, test/[, true/:, false, exit, cd, pwd, export, sh, su."""

from __future__ import annotations

import re
import shlex
from collections.abc import Callable

from droidhub.virtual.commands.invocation import Invocation, command
from droidhub.virtual.commands.links import itself


def _escapes(text: str) -> tuple[str, bool]:
    """Interpret echo's backslash escapes; the flag says ``\\c`` stopped the output."""
    if "\\" not in text:
        return text, False
    out: list[str] = []
    i = 0
    simple = {
        "n": "\n",
        "t": "\t",
        "r": "\r",
        "a": "\a",
        "b": "\b",
        "f": "\f",
        "v": "\v",
        "\\": "\\",
        "e": "\x1b",
    }
    while i < len(text):
        ch = text[i]
        if ch != "\\" or i + 1 >= len(text):
            out.append(ch)
            i += 1
            continue
        nxt = text[i + 1]
        if nxt == "c":
            return "".join(out), True
        if nxt in simple:
            out.append(simple[nxt])
            i += 2
        elif nxt == "0":
            digits = re.match(r"[0-7]{0,3}", text[i + 2 :])
            value = digits.group(0) if digits else ""
            out.append(chr(int(value or "0", 8)))
            i += 2 + len(value)
        else:
            out.append(ch)
            i += 1
    return "".join(out), False


@command("echo")
def echo(inv: Invocation) -> int:
    """mksh's ``echo [-n] [-e] [-E] ARG...``: escapes are interpreted unless ``-E``."""
    args = list(inv.args)
    newline, interpret = True, True
    while args and re.fullmatch(r"-[neE]+", args[0]):
        for letter in args.pop(0)[1:]:
            newline = newline and letter != "n"
            interpret = letter != "E" if letter in "eE" else interpret
    text = " ".join(args)
    stopped = False
    if interpret:
        text, stopped = _escapes(text)
    inv.print(text, end="" if (stopped or not newline) else "\n")
    return 0


@command("printf")
def printf(inv: Invocation) -> int:
    """``printf FORMAT [ARG...]`` with %s, %d, %i, %x, %o, %c, %% and backslash escapes."""
    if not inv.args:
        return inv.fail("Needs 1 argument")
    fmt, args = _escapes(inv.args[0])[0], list(inv.args[1:])
    output: list[str] = []
    while True:
        text, used = _printf_once(fmt, args)
        output.append(text)
        args = args[used:]
        if not args or not used:
            break
    inv.out.write("".join(output).encode("utf-8", "surrogateescape"))
    return 0


_PRINTF_SPEC = re.compile(r"%([-+ 0#]*\d*(?:\.\d+)?)([sdiouxXcfeEgGb%])")


def _printf_once(fmt: str, args: list[str]) -> tuple[str, int]:
    """Format once, consuming arguments; return the text and how many were used."""
    out: list[str] = []
    used = 0
    position = 0
    for match in _PRINTF_SPEC.finditer(fmt):
        out.append(fmt[position : match.start()])
        position = match.end()
        flags, kind = match.groups()
        if kind == "%":
            out.append("%")
            continue
        value = args[used] if used < len(args) else ""
        used += 1
        if kind in "sb":
            out.append(("%" + flags + "s") % (_escapes(value)[0] if kind == "b" else value))
        elif kind == "c":
            out.append(value[:1])
        else:
            try:
                number: float = float(value or 0) if kind in "feEgG" else int(value or "0", 0)
            except ValueError:
                number = 0
            out.append(("%" + flags + kind) % number)
    out.append(fmt[position:])
    return "".join(out), used


def _test(inv: Invocation, args: list[str]) -> bool:
    if not args:
        return False
    if args[0] == "!":
        return not _test(inv, args[1:])
    for joiner in ("-o", "-a"):
        if joiner in args[1:-1]:
            at = args.index(joiner, 1)
            first, second = _test(inv, args[:at]), _test(inv, args[at + 1 :])
            return (first or second) if joiner == "-o" else (first and second)
    if len(args) == 1:
        return args[0] != ""
    if len(args) == 2:
        op, operand = args
        if op == "-z":
            return operand == ""
        if op == "-n":
            return operand != ""
        host = inv.host(operand) if operand else None
        if host is None:
            return False
        checks: dict[str, Callable[[], bool]] = {
            "-e": lambda: inv.exists(host),
            "-f": host.is_file,
            "-d": host.is_dir,
            "-L": lambda: itself(inv, operand).is_symlink(),
            "-h": lambda: itself(inv, operand).is_symlink(),
            "-s": lambda: host.is_file() and host.stat().st_size > 0,
            "-r": lambda: inv.exists(host),
            "-w": lambda: inv.exists(host),
            "-x": lambda: host.is_dir(),
        }
        if op not in checks:
            raise ValueError(f"{op}: unknown operand")
        return bool(checks[op]())
    if len(args) == 3:
        left, op, right = args
        if op in ("=", "=="):
            return left == right
        if op == "!=":
            return left != right
        numeric = {"-eq": "==", "-ne": "!=", "-lt": "<", "-le": "<=", "-gt": ">", "-ge": ">="}
        if op in numeric:
            try:
                a, b = int(left), int(right)
            except ValueError:
                raise ValueError(f"{left} {op} {right}: bad number") from None
            return {"==": a == b, "!=": a != b, "<": a < b, "<=": a <= b, ">": a > b, ">=": a >= b}[
                numeric[op]
            ]
    raise ValueError("syntax error")


@command("test", "[")
def test(inv: Invocation) -> int:
    """``test EXPR`` / ``[ EXPR ]``: 0 when true, 1 when false, 2 on a bad expression."""
    args = list(inv.args)
    if inv.name == "[":
        if not args or args[-1] != "]":
            return inv.fail("missing ]", 2)
        args = args[:-1]
    try:
        return 0 if _test(inv, args) else 1
    except ValueError as exc:
        return inv.fail(str(exc), 2)


@command("true", ":")
def true(inv: Invocation) -> int:
    """Succeed."""
    del inv
    return 0


@command("false")
def false(inv: Invocation) -> int:
    """Fail with status 1."""
    del inv
    return 1


@command("exit")
def exit_(inv: Invocation) -> int:
    """``exit [N]``: stop the command line with status N (default: the last status)."""
    inv.session.exited = True
    if inv.args:
        try:
            return int(inv.args[0]) & 0xFF
        except ValueError:
            return inv.fail(f"{inv.args[0]}: bad number", 2)
    return inv.session.status


@command("cd")
def cd(inv: Invocation) -> int:
    """``cd [DIR]``."""
    target = inv.path(inv.args[0] if inv.args else "/")
    if not inv.phone.host_path(target).is_dir():
        inv.eprint(
            f"/system/bin/sh: cd: {inv.args[0] if inv.args else '/'}: No such file or directory"
        )
        return 2
    inv.session.cwd = target
    return 0


@command("pwd")
def pwd(inv: Invocation) -> int:
    """Print the working folder."""
    inv.print(inv.session.cwd)
    return 0


@command("export")
def export(inv: Invocation) -> int:
    """``export NAME=VALUE``."""
    for arg in inv.args:
        name, eq, value = arg.partition("=")
        if eq:
            inv.session.variables[name] = value
    return 0


@command("sh")
def sh(inv: Invocation) -> int:
    """``sh -c LINE``: run a nested command line (stdin when no ``-c``)."""
    # A nested session of the running one's kind: the shell module imports this one.
    nested = type(inv.session)
    args = list(inv.args)
    if args and args[0] == "-c":
        if len(args) < 2:
            return inv.fail("-c: option requires an argument", 1)
        line = args[1]
    elif args:
        host = inv.host(args[0])
        if not host.is_file():
            inv.eprint(f"/system/bin/sh: {args[0]}: No such file or directory")
            return 127
        line = host.read_text(errors="replace")
    else:
        line = inv.stdin.decode("utf-8", "surrogateescape")
    return nested(inv.phone, inv.session.cwd).run(line, b"", inv.out, inv.err)


@command("su")
def su(inv: Invocation) -> int:
    """``su [0|root] [-c] COMMAND...``: the shell is already root, so just run it."""
    nested = type(inv.session)
    args = list(inv.args)
    if args and args[0] in ("0", "root", "-"):
        args.pop(0)
    line = " ".join(args[1:]) if args and args[0] == "-c" else shlex.join(args)
    if not line:
        return 0
    return nested(inv.phone, inv.session.cwd).run(line, inv.stdin, inv.out, inv.err)
