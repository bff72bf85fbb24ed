"""The text filters: grep/egrep/fgrep, head, tail, wc, sort, tee; and basename and
dirname, which only read their arguments."""

from __future__ import annotations

import re
from dataclasses import dataclass

from droidhub.virtual.commands.invocation import (
    CommandExit,
    Invocation,
    Sink,
    command,
    flags_and_operands,
    take_option_value,
)


def _lines(data: bytes) -> list[str]:
    text = data.decode("utf-8", "surrogateescape")
    lines = text.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    return lines


def _inputs(inv: Invocation, operands: list[str]) -> list[tuple[str, bytes]]:
    """The bytes of each operand (stdin for none, or for ``-``); :class:`CommandExit`
    when one is not a file (grep's status 2, the others' 1)."""
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
            raise CommandExit(2 if inv.name == "grep" else 1)
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


@dataclass(frozen=True)
class _Span:
    """What head and tail keep of each input: ``count`` bytes (``-c``) or lines (``-n``),
    counted from the start for tail's ``+N``; the other flag letters and the operands."""

    in_bytes: bool
    count: int
    from_start: bool
    flags: frozenset[str]
    operands: list[str]


def _span(inv: Invocation, flag_letters: str) -> _Span:
    """head's and tail's options as toybox reads them: ``-n N``, ``-nN``, ``-c N``,
    ``--lines=N``, ``--bytes=N``, the old ``-N`` (tail also ``+N``) as the first argument,
    and single-letter flags among ``flag_letters``; :class:`CommandExit` on a bad or
    missing number."""
    args = list(inv.args)
    in_bytes, value, flags, operands = False, "10", set(), []
    if args and re.fullmatch(r"[-+]\d+", args[0]) and (inv.name == "tail" or args[0][0] == "-"):
        first = args.pop(0)
        value = first[1:] if first[0] == "-" else first
    while args:
        arg = args.pop(0)
        unit = re.fullmatch(r"-([nc])(.*)|--(lines|bytes)=(.*)", arg)
        if arg == "--":
            operands += args
            break
        if unit:
            in_bytes = unit.group(1) == "c" or unit.group(3) == "bytes"
            value = unit.group(2) if unit.group(1) else unit.group(4)
            if unit.group(1) and not value:
                if not args:
                    raise CommandExit(inv.fail(f"Missing argument to {arg}"))
                value = args.pop(0)
        elif arg[:1] == "-" and len(arg) > 1 and set(arg[1:]) <= set(flag_letters):
            flags |= set(arg[1:])
        else:
            operands.append(arg)
    digits = value[1:] if value[:1] in "+-" and value[1:] else value
    if not digits.isdigit():
        raise CommandExit(inv.fail(f"bad -{'c' if in_bytes else 'n'}"))
    from_start = inv.name == "tail" and value.startswith("+")
    return _Span(in_bytes, int(digits), from_start, frozenset(flags), operands)


def _line_ends(data: bytes) -> list[bytes]:
    """``data``'s lines with their newlines; a last line without one is a line too."""
    parts = data.split(b"\n")
    return [part + b"\n" for part in parts[:-1]] + ([parts[-1]] if parts[-1] else [])


def _header(inv: Invocation, index: int, name: str) -> None:
    """toybox's ``==> NAME <==`` before an input, a blank line before all but the first."""
    blank = "\n" if index else ""
    inv.out.write(f"{blank}==> {name} <==\n".encode())


@command("head")
def head(inv: Invocation) -> int:
    """``head [-n N|-c N] [-qv] [FILE...]``: the first N lines (10) or bytes of each."""
    span = _span(inv, "qv")
    inputs = _inputs(inv, span.operands)
    headers = (len(span.operands) > 1 and "q" not in span.flags) or "v" in span.flags
    for index, (name, data) in enumerate(inputs):
        if headers:
            _header(inv, index, name)
        kept = data[: span.count] if span.in_bytes else b"".join(_line_ends(data)[: span.count])
        inv.out.write(kept)
    return 0


def _tail_start(length: int, span: _Span) -> int:
    """Where tail's output starts among ``length`` bytes or lines."""
    if span.from_start:
        return min(max(span.count - 1, 0), length)
    return max(length - span.count, 0)


@command("tail")
def tail(inv: Invocation) -> int:
    """``tail [-n N|-c N] [FILE...]``: the last N lines (10) or bytes of each; ``+N``
    from the Nth on."""
    span = _span(inv, "")
    inputs = _inputs(inv, span.operands)
    for index, (name, data) in enumerate(inputs):
        if len(span.operands) > 1:
            _header(inv, index, name)
        if span.in_bytes:
            inv.out.write(data[_tail_start(len(data), span) :])
        else:
            lines = _line_ends(data)
            inv.out.write(b"".join(lines[_tail_start(len(lines), span) :]))
    return 0


@command("wc")
def wc(inv: Invocation) -> int:
    """``wc [-l] [-w] [-c] [FILE...]``, with a ``total`` line for several files."""
    flags = {a[1:] for a in inv.args if a.startswith("-") and len(a) > 1}
    letters = set("".join(flags)) or {"l", "w", "c"}
    operands = [a for a in inv.args if not (a.startswith("-") and len(a) > 1)]
    rows = []
    for name, data in _inputs(inv, operands):
        counts = {"l": data.count(b"\n"), "w": len(data.split()), "c": len(data)}
        rows.append((name, [counts[k] for k in "lwc" if k in letters]))
    if len(operands) > 1:
        rows.append(("total", [sum(column) for column in zip(*(r[1] for r in rows), strict=True)]))
    for name, shown in rows:
        text = str(shown[0]) if len(shown) == 1 else " ".join(f"{c:7d}" for c in shown)
        inv.print(text + (f" {name}" if operands else ""))
    return 0


@command("sort")
def sort(inv: Invocation) -> int:
    """``sort [-r] [-n] [-u] [FILE...]``."""
    flags = set("".join(a[1:] for a in inv.args if a.startswith("-") and len(a) > 1))
    operands = [a for a in inv.args if not (a.startswith("-") and len(a) > 1)]
    inputs = _inputs(inv, operands)
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


@command("tee")
def tee(inv: Invocation) -> int:
    """``tee [-a] [FILE...]``: stdin to stdout and to each file (``-a``: appended); a file
    that cannot be written is named on stderr, and the others are still written (1)."""
    flags, paths = flags_and_operands(inv, list(inv.args), "ai", least=0)
    status = 0
    for path in paths:
        try:
            sink = Sink(path=inv.host(path), append="a" in flags, phone=inv.phone)
            sink.open()
            sink.write(inv.stdin)
            sink.flush()
        except ValueError:
            status = inv.fail(f"{path}: Permission denied")
        except OSError as exc:
            status = inv.fail(f"{path}: {exc.strerror or exc}")
    inv.out.write(inv.stdin)
    return status


def _last_name(path: str) -> str:
    """The last component of ``path``, trailing slashes aside, as bionic's basename()
    gives it (``/`` for ``/``, ``.`` for nothing)."""
    stripped = path.rstrip("/")
    if not stripped:
        return "/" if path else "."
    return stripped.rsplit("/", 1)[-1]


def _parent(path: str) -> str:
    """``path`` without its last component, as dirname() gives it (``.`` when there is
    no slash, ``/`` at the root)."""
    stripped = path.rstrip("/")
    if not stripped:
        return "/" if path else "."
    if "/" not in stripped:
        return "."
    return stripped.rsplit("/", 1)[0].rstrip("/") or "/"


@command("basename")
def basename(inv: Invocation) -> int:
    """``basename NAME [SUFFIX]`` or ``basename [-a] [-s SUFFIX] NAME...``: each name's
    last component, the suffix removed where the name ends with it."""
    args = list(inv.args)
    suffix = take_option_value(inv, args, "-s")
    flags, names = flags_and_operands(inv, args, "a")
    if suffix is None and "a" not in flags:
        if len(names) > 2:
            return inv.fail("too many args")
        names, suffix = names[:1], (names[1] if len(names) > 1 else None)
    for name in names:
        base = _last_name(name)
        if suffix and base.endswith(suffix) and base != suffix:
            base = base[: -len(suffix)]
        inv.print(base)
    return 0


@command("dirname")
def dirname(inv: Invocation) -> int:
    """``dirname PATH...``: each path without its last component."""
    _, paths = flags_and_operands(inv, list(inv.args), "")
    for path in paths:
        inv.print(_parent(path))
    return 0
