"""The text filters: grep/egrep/fgrep, head, tail, wc, sort."""

from __future__ import annotations

import re

from droidhub.virtual.commands.invocation import CommandExit, Invocation, command


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


def _count_and_inputs(inv: Invocation, default: int) -> tuple[int, list[tuple[str, bytes]]]:
    """head's and tail's line count (``-n N``, ``-nN``, ``-N``) and the inputs they read;
    :class:`CommandExit` when the count is bad or an input cannot be read."""
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
            raise CommandExit(inv.fail("bad -n")) from None
    return count, _inputs(inv, operands)


@command("head")
def head(inv: Invocation) -> int:
    """``head [-n N] [FILE...]``."""
    count, inputs = _count_and_inputs(inv, 10)
    for _name, data in inputs:
        lines = data.split(b"\n")
        kept = lines[:count]
        text = b"\n".join(kept)
        inv.out.write(text + (b"\n" if len(lines) > len(kept) else b""))
    return 0


@command("tail")
def tail(inv: Invocation) -> int:
    """``tail [-n N] [FILE...]``."""
    count, inputs = _count_and_inputs(inv, 10)
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
