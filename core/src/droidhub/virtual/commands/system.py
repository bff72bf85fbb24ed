"""Shell builtins and system commands: echo, printf, test, cd, sh, su, getprop, setprop,
date, id, sleep, which, and the text filters grep, head, tail, wc, sort."""

from __future__ import annotations

import datetime as dt
import re
import shlex

from droidhub.virtual.commands.invocation import COMMANDS, Invocation, command
from droidhub.virtual.interrupt import interruption


def _escapes(text: str) -> tuple[str, bool]:
    """Interpret echo's backslash escapes; the flag says ``\\c`` stopped the output."""
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
        checks = {
            "-e": lambda: inv.exists(host),
            "-f": host.is_file,
            "-d": host.is_dir,
            "-L": host.is_symlink,
            "-h": host.is_symlink,
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
    from droidhub.virtual.shell import Session

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
    return Session(inv.phone, inv.session.cwd).run(line, b"", inv.out, inv.err)


@command("su")
def su(inv: Invocation) -> int:
    """``su [0|root] [-c] COMMAND...``: the shell is already root, so just run it."""
    from droidhub.virtual.shell import Session

    args = list(inv.args)
    if args and args[0] in ("0", "root", "-"):
        args.pop(0)
    line = " ".join(args[1:]) if args and args[0] == "-c" else shlex.join(args)
    if not line:
        return 0
    return Session(inv.phone, inv.session.cwd).run(line, inv.stdin, inv.out, inv.err)


@command("id")
def id_(inv: Invocation) -> int:
    """Who the shell runs as: root, as with ``adb root`` on an emulator image."""
    if "-u" in inv.args:
        inv.print("0")
    else:
        inv.print(
            "uid=0(root) gid=0(root) groups=0(root),1004(input),1007(log),1011(adb),"
            "1015(sdcard_rw),1028(sdcard_r),1078(ext_data_rw),1079(ext_obb_rw),3001(net_bt_admin),"
            "3002(net_bt),3003(inet),3006(net_bw_stats),3009(readproc),3011(uhid),3012(readtracefs)"
            " context=u:r:su:s0"
        )
    return 0


@command("whoami")
def whoami(inv: Invocation) -> int:
    """``root``."""
    inv.print("root")
    return 0


@command("uname")
def uname(inv: Invocation) -> int:
    """``uname [-a|-r|-m|-s]``."""
    if "-a" in inv.args:
        inv.print(
            "Linux localhost 5.10.157-android13-4 #1 SMP PREEMPT Fri Sep 1 00:00:00 UTC 2023 "
            "aarch64 Toybox"
        )
    elif "-r" in inv.args:
        inv.print("5.10.157-android13-4")
    elif "-m" in inv.args:
        inv.print("aarch64")
    else:
        inv.print("Linux")
    return 0


@command("sleep")
def sleep(inv: Invocation) -> int:
    """``sleep SECONDS`` (fractions allowed); the phone's clock moves on meanwhile."""
    if not inv.args:
        return inv.fail("Needs 1 argument")
    try:
        seconds = float(inv.args[0].rstrip("s"))
    except ValueError:
        return inv.fail(f"Not a number: '{inv.args[0]}'")
    # Let other callers use the phone meanwhile, as a real phone's other shells could;
    # a stopping server ends the wait early, as a killed shell's sleep ends.
    stop = interruption()
    lock = inv.phone.lock
    try:
        lock.release()
    except RuntimeError:  # not held by this thread (the phone driven directly)
        return 130 if stop.wait(max(0.0, seconds)) else 0
    try:
        interrupted = stop.wait(max(0.0, seconds))
    finally:
        lock.acquire()
    return 130 if interrupted else 0


@command("which")
def which(inv: Invocation) -> int:
    """``which NAME...``: where each command lives; 1 if one is missing."""
    status = 0
    for name in inv.args:
        if name in COMMANDS and name not in ("cd", "exit", "export", ":", "["):
            inv.print(f"/system/bin/{name}")
        else:
            status = 1
    return status


@command("getprop")
def getprop(inv: Invocation) -> int:
    """``getprop [NAME [DEFAULT]]``: every ``[name]: [value]`` or one value."""
    props = inv.phone.properties
    if not inv.args:
        for name in sorted(props):
            inv.print(f"[{name}]: [{props[name]}]")
        return 0
    default = inv.args[1] if len(inv.args) > 1 else ""
    inv.print(props.get(inv.args[0], default))
    return 0


@command("setprop")
def setprop(inv: Invocation) -> int:
    """``setprop NAME VALUE`` (``persist.sys.timezone`` changes the clock's zone)."""
    if len(inv.args) != 2:
        return inv.fail("Need 2 arguments")
    name, value = inv.args
    if name.startswith("ro.") and name in inv.phone.properties:
        return inv.fail(f"failed to set property '{name}' to '{value}'")
    inv.phone.properties[name] = value
    if name == "persist.sys.timezone":
        inv.phone.timezone = value
    return 0


# --- date ------------------------------------------------------------------------------
_DEFAULT_DATE = "%a %b %e %H:%M:%S %Z %Y"


def _strftime(moment: dt.datetime, fmt: str) -> str:
    fmt = fmt.replace("%s", str(int(moment.timestamp())))
    fmt = fmt.replace("%e", f"{moment.day:2d}").replace("%N", f"{moment.microsecond * 1000:09d}")
    text = moment.strftime(fmt)
    return text.replace("UTC+00:00", "UTC")


def parse_date(value: str, now: dt.datetime) -> dt.datetime | None:
    """toybox ``date`` SET forms: ``MMDDhhmm[[CC]YY][.ss]``, ``@EPOCH``, ISO-like text."""
    tz = now.tzinfo
    if value.startswith("@"):
        try:
            return dt.datetime.fromtimestamp(float(value[1:]), tz)
        except (ValueError, OverflowError, OSError):
            return None
    match = re.fullmatch(r"(\d{2})(\d{2})(\d{2})(\d{2})(\d{2}|\d{4})?(?:\.(\d{2}))?", value)
    if match:
        month, day, hour, minute, year, second = match.groups()
        if year is None:
            full_year = now.year
        elif len(year) == 2:
            full_year = 2000 + int(year) if int(year) < 69 else 1900 + int(year)
        else:
            full_year = int(year)
        try:
            return dt.datetime(
                full_year, int(month), int(day), int(hour), int(minute), int(second or 0), tzinfo=tz
            )
        except ValueError:
            return None
    for fmt in (
        "%Y-%m-%d %H:%M:%S",
        "%Y-%m-%d %H:%M",
        "%Y-%m-%dT%H:%M:%S",
        "%Y-%m-%d",
        "%Y%m%d.%H%M%S",
    ):
        try:
            return dt.datetime.strptime(value, fmt).replace(tzinfo=tz)
        except ValueError:
            continue
    return None


@command("date")
def date(inv: Invocation) -> int:
    """toybox ``date [-u] [-d DATE] [-s DATE] [+FORMAT] [SET]``: show or set the clock."""
    args = list(inv.args)
    utc = False
    shown: dt.datetime | None = None
    setting: str | None = None
    fmt = _DEFAULT_DATE
    now = inv.phone.now()
    while args:
        arg = args.pop(0)
        if arg == "-u":
            utc = True
        elif arg in ("-d", "-s", "-D", "-r"):
            if not args:
                return inv.fail(f"Missing argument to {arg}")
            value = args.pop(0)
            if arg == "-s":
                setting = value
            elif arg == "-d":
                shown = parse_date(value, now)
                if shown is None:
                    return inv.fail(f"bad date '{value}'")
            elif arg == "-r":
                host = inv.host(value)
                if not inv.exists(host):
                    return inv.fail(f"'{value}': No such file or directory")
                shown = dt.datetime.fromtimestamp(host.stat().st_mtime, now.tzinfo)
        elif arg.startswith("+"):
            fmt = arg[1:]
        elif arg.startswith("-") and len(arg) > 1:
            return inv.fail(f"Unknown option '{arg[1:]}' (see \"date --help\")")
        else:
            setting = arg
    if setting is not None:
        moment = parse_date(setting, now)
        if moment is None:
            return inv.fail(f"bad date '{setting}'")
        inv.phone.set_time(moment)
        now = inv.phone.now()
    moment = shown or now
    if utc:
        moment = moment.astimezone(dt.UTC)
    inv.print(_strftime(moment, fmt))
    return 0


# --- text filters ------------------------------------------------------------------------
def _lines(data: bytes) -> list[str]:
    text = data.decode("utf-8", "surrogateescape")
    lines = text.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    return lines


def _inputs(inv: Invocation, operands: list[str]) -> list[tuple[str, bytes]] | int:
    if not operands:
        return [("-", inv.stdin)]
    found = []
    for name in operands:
        if name == "-":
            found.append((name, inv.stdin))
            continue
        host = inv.host(name)
        if not host.is_file():
            inv.eprint(f"{inv.name}: {name}: No such file or directory")
            return 2 if inv.name == "grep" else 1
        found.append((name, host.read_bytes()))
    return found


@command("grep", "egrep", "fgrep")
def grep(inv: Invocation) -> int:
    """``grep [-EFivcqnowx] [-e PATTERN] PATTERN [FILE...]``: 0 on a match, 1 on none."""
    args = list(inv.args)
    flags: set[str] = {"E"} if inv.name == "egrep" else ({"F"} if inv.name == "fgrep" else set())
    patterns: list[str] = []
    operands: list[str] = []
    while args:
        arg = args.pop(0)
        if arg == "-e" and args:
            patterns.append(args.pop(0))
        elif arg.startswith("-") and len(arg) > 1 and not operands:
            flags |= set(arg[1:])
        else:
            operands.append(arg)
    if not patterns:
        if not operands:
            return inv.fail("No pattern", 2)
        patterns.append(operands.pop(0))
    regexes = []
    for pattern in patterns:
        source = re.escape(pattern) if "F" in flags else _posix_regex(pattern, "E" in flags)
        if "w" in flags:
            source = rf"\b(?:{source})\b"
        if "x" in flags:
            source = rf"^(?:{source})$"
        try:
            regexes.append(re.compile(source, re.IGNORECASE if "i" in flags else 0))
        except re.error as exc:
            return inv.fail(f"bad regex '{pattern}': {exc}", 2)
    inputs = _inputs(inv, operands)
    if isinstance(inputs, int):
        return inputs
    matched = 0
    for name, data in inputs:
        count = 0
        for number, line in enumerate(_lines(data), 1):
            hits = [m for rx in regexes for m in rx.finditer(line)]
            if bool(hits) == ("v" in flags):
                continue
            count += 1
            if "q" in flags or "c" in flags:
                continue
            prefix = (f"{name}:" if len(inputs) > 1 else "") + (
                f"{number}:" if "n" in flags else ""
            )
            if "o" in flags and "v" not in flags:
                for hit in hits:
                    inv.print(prefix + hit.group(0))
            else:
                inv.print(prefix + line)
        if "c" in flags:
            inv.print((f"{name}:" if len(inputs) > 1 else "") + str(count))
        matched += count
    return 0 if matched else 1


def _posix_regex(pattern: str, extended: bool) -> str:
    if extended:
        return pattern
    # Basic regular expressions: \| \+ \? \( \) \{ \} are the operators, bare ones literal.
    out = []
    i = 0
    while i < len(pattern):
        ch = pattern[i]
        if ch == "\\" and i + 1 < len(pattern) and pattern[i + 1] in "|+?(){}":
            out.append(pattern[i + 1])
            i += 2
            continue
        out.append("\\" + ch if ch in "|+?(){}" else ch)
        i += 1
    return "".join(out)


def _count_option(inv: Invocation, default: int) -> tuple[int, list[str]] | None:
    args = list(inv.args)
    count = default
    operands = []
    while args:
        arg = args.pop(0)
        if arg == "-n" and args:
            value = args.pop(0)
        elif re.fullmatch(r"-n-?\+?\d+", arg):
            value = arg[2:]
        elif re.fullmatch(r"-\d+", arg):
            value = arg[1:]
        else:
            operands.append(arg)
            continue
        try:
            count = int(value)
        except ValueError:
            return None
    return count, operands


@command("head")
def head(inv: Invocation) -> int:
    """``head [-n N] [FILE...]``."""
    parsed = _count_option(inv, 10)
    if parsed is None:
        return inv.fail("bad -n")
    count, operands = parsed
    inputs = _inputs(inv, operands)
    if isinstance(inputs, int):
        return inputs
    for _name, data in inputs:
        lines = data.split(b"\n")
        kept = lines[:count]
        text = b"\n".join(kept)
        inv.out.write(text + (b"\n" if len(lines) > len(kept) else b""))
    return 0


@command("tail")
def tail(inv: Invocation) -> int:
    """``tail [-n N] [FILE...]``."""
    parsed = _count_option(inv, 10)
    if parsed is None:
        return inv.fail("bad -n")
    count, operands = parsed
    inputs = _inputs(inv, operands)
    if isinstance(inputs, int):
        return inputs
    for _name, data in inputs:
        lines = _lines(data)
        for line in lines[-count:] if count else []:
            inv.print(line)
    return 0


@command("wc")
def wc(inv: Invocation) -> int:
    """``wc [-l] [-w] [-c] [FILE...]``."""
    flags = {a[1:] for a in inv.args if a.startswith("-") and len(a) > 1}
    letters = set("".join(flags)) or {"l", "w", "c"}
    operands = [a for a in inv.args if not (a.startswith("-") and len(a) > 1)]
    inputs = _inputs(inv, operands)
    if isinstance(inputs, int):
        return inputs
    for name, data in inputs:
        counts = []
        if "l" in letters:
            counts.append(data.count(b"\n"))
        if "w" in letters:
            counts.append(len(data.split()))
        if "c" in letters:
            counts.append(len(data))
        shown = (
            " ".join(str(c) for c in counts)
            if len(counts) == 1
            else " ".join(f"{c:7d}" for c in counts)
        )
        inv.print(shown + (f" {name}" if name != "-" else ""))
    return 0


@command("sort")
def sort(inv: Invocation) -> int:
    """``sort [-r] [-n] [-u] [FILE...]``."""
    flags = set("".join(a[1:] for a in inv.args if a.startswith("-") and len(a) > 1))
    operands = [a for a in inv.args if not (a.startswith("-") and len(a) > 1)]
    inputs = _inputs(inv, operands)
    if isinstance(inputs, int):
        return inputs
    lines = [line for _n, data in inputs for line in _lines(data)]

    def numeric(line: str) -> float:
        match = re.match(r"\s*-?\d+(\.\d+)?", line)
        return float(match.group(0)) if match else 0.0

    if "n" in flags:
        lines.sort(key=numeric, reverse="r" in flags)
    else:
        lines.sort(reverse="r" in flags)
    if "u" in flags:
        lines = list(dict.fromkeys(lines))
    for line in lines:
        inv.print(line)
    return 0
