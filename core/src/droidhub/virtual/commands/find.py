"""``find`` as Android 13's toybox runs it: an expression of tests and actions over a tree.

``find [-H|-L] PATH... [EXPR]``: tests ``-name -iname -path -ipath -type [fdl] -empty
-size N[ckMG] -mtime/-mmin [+-]N -newer F -true -false``, operators ``! -not -a -and -o
-or ( )``, options ``-maxdepth -mindepth -depth -xdev``, actions ``-print -print0
-delete -prune -exec/-execdir CMD {} ;|+``. Without an action every match is printed.
Folders are visited in name order (a real phone's order is the directory's).
"""

from __future__ import annotations

import fnmatch
import os
import stat as statmod
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

from droidhub.virtual.commands.invocation import Invocation, command
from droidhub.virtual.commands.links import itself
from droidhub.virtual.sandbox import phone_stat

_ACTIONS = {"-print", "-print0", "-delete", "-exec", "-execdir", "-ok", "-okdir"}


class _BadExpression(Exception):
    """The expression cannot be parsed; the message is toybox's."""


@dataclass
class _Found:
    shown: str  # the path as find prints it
    host: Path
    depth: int


@dataclass
class _Run:
    """One find run: its options and what the actions gathered."""

    inv: Invocation
    max_depth: int = 1 << 30
    min_depth: int = 0
    depth_first: bool = False
    has_action: bool = False
    status: int = 0
    pruned: bool = False
    batches: list[tuple[list[str], list[str]]] = field(default_factory=list)


Test = Callable[[_Run, _Found], bool]


class _Parser:
    def __init__(self, run: _Run, args: list[str]) -> None:
        self.run = run
        self.args = args
        self.at = 0

    def peek(self) -> str | None:
        return self.args[self.at] if self.at < len(self.args) else None

    def take(self, option: str) -> str:
        if self.at >= len(self.args):
            raise _BadExpression(f"'{option}' needs 1 arg")
        self.at += 1
        return self.args[self.at - 1]

    def expression(self) -> Test:
        left = self.conjunction()
        while self.peek() in ("-o", "-or"):
            self.at += 1
            left = _either(left, self.conjunction())
        return left

    def conjunction(self) -> Test:
        left = self.unary()
        while self.peek() not in (None, "-o", "-or", ")"):
            if self.peek() in ("-a", "-and"):
                self.at += 1
            left = _both(left, self.unary())
        return left

    def unary(self) -> Test:
        token = self.peek()
        if token is None:
            raise _BadExpression("bad arg ''")
        self.at += 1
        if token in ("!", "-not"):
            inner = self.unary()
            return lambda r, f: not inner(r, f)
        if token == "(":
            inner = self.expression()
            if self.peek() != ")":
                raise _BadExpression("bad arg '('")
            self.at += 1
            return inner
        return self.primary(token)

    def primary(self, token: str) -> Test:
        run = self.run
        if token in ("-maxdepth", "-mindepth"):
            value = self.take(token)
            if not value.isdigit():
                raise _BadExpression(f"bad {token} '{value}'")
            if token == "-maxdepth":
                run.max_depth = int(value)
            else:
                run.min_depth = int(value)
            return lambda r, f: True
        if token in ("-depth", "-xdev", "-mount", "-follow", "-true"):
            run.depth_first = run.depth_first or token == "-depth"
            return lambda r, f: True
        if token == "-false":
            return lambda r, f: False
        if token in _ACTIONS:
            run.has_action = True
            return self.action(token)
        if token == "-prune":
            return _prune
        return _test(token, self)

    def action(self, token: str) -> Test:
        if token in ("-exec", "-execdir", "-ok", "-okdir"):
            return _exec_action(self, token)
        if token == "-delete":
            self.run.depth_first = True  # -delete implies -depth: a folder's files go first
            return _delete
        end = "\0" if token == "-print0" else "\n"

        def show(run: _Run, found: _Found) -> bool:
            run.inv.print(found.shown, end=end)
            return True

        return show


def _either(first: Test, second: Test) -> Test:
    return lambda run, found: first(run, found) or second(run, found)


def _both(first: Test, second: Test) -> Test:
    return lambda run, found: first(run, found) and second(run, found)


def _prune(run: _Run, found: _Found) -> bool:
    run.pruned = True
    return True


def _matcher(pattern: str, fold: bool) -> Callable[[str], bool]:
    if fold:
        return lambda text: fnmatch.fnmatchcase(text.lower(), pattern.lower())
    return lambda text: fnmatch.fnmatchcase(text, pattern)


def _test(token: str, parser: _Parser) -> Test:
    if token in ("-name", "-iname"):
        match = _matcher(parser.take(token), token == "-iname")
        return lambda r, f: match(os.path.basename(f.shown.rstrip("/")) or f.shown)
    if token in ("-path", "-ipath", "-wholename", "-iwholename"):
        match = _matcher(parser.take(token), token.startswith("-i"))
        return lambda r, f: match(f.shown)
    if token == "-type":
        kinds = parser.take(token).split(",")
        if any(k not in "fdlpsbc" or not k for k in kinds):
            raise _BadExpression(f"bad -type '{','.join(kinds)}'")
        return lambda r, f: _kind(f.host) in kinds
    if token == "-empty":
        return lambda r, f: (
            not any(f.host.iterdir()) if _kind(f.host) == "d" else os.lstat(f.host).st_size == 0
        )
    if token == "-size":
        return _size_test(parser.take(token))
    if token in ("-mtime", "-mmin"):
        return _age_test(parser.take(token), 86400 if token == "-mtime" else 60, parser.run)
    if token == "-newer":
        reference = parser.run.inv.host(parser.take(token))
        if not parser.run.inv.exists(reference):
            raise _BadExpression(f"'{reference.name}': No such file or directory")
        limit = os.stat(reference).st_mtime_ns
        return lambda r, f: os.lstat(f.host).st_mtime_ns > limit
    raise _BadExpression(f"bad arg '{token}'")


def _kind(host: Path) -> str:
    mode = os.lstat(host).st_mode
    if statmod.S_ISLNK(mode):
        return "l"
    return "d" if statmod.S_ISDIR(mode) else "f" if statmod.S_ISREG(mode) else "p"


def _compare(text: str, actual: int) -> bool:
    number = int(text.lstrip("+-"))
    return (
        actual > number
        if text[0] == "+"
        else actual < number
        if text[0] == "-"
        else actual == number
    )


def _size_test(text: str) -> Test:
    units = {"c": 1, "k": 1024, "M": 1 << 20, "G": 1 << 30, "b": 512}
    unit = units.get(text[-1:], 0)
    digits = text[:-1] if unit else text
    if not digits.lstrip("+-").isdigit():
        raise _BadExpression(f"bad -size '{text}'")
    scale = unit or 512

    def test(run: _Run, found: _Found) -> bool:
        size = phone_stat(found.host).st_size
        return _compare(digits, -(-size // scale))  # sizes round up to whole units

    return test


def _age_test(text: str, unit: int, run: _Run) -> Test:
    if not text.lstrip("+-").isdigit():
        raise _BadExpression(f"bad arg '{text}'")
    now = run.inv.phone.now().timestamp()
    return lambda r, f: _compare(text, int((now - os.lstat(f.host).st_mtime) // unit))


def _exec_action(parser: _Parser, token: str) -> Test:
    command_args: list[str] = []
    while True:
        word = parser.peek()
        if word is None:
            raise _BadExpression(f"need ';' in {token}")
        parser.at += 1
        if word == ";" or (word == "+" and command_args and command_args[-1] == "{}"):
            break
        command_args.append(word)
    if not command_args:
        raise _BadExpression(f"bad arg '{token}'")
    batched = word == "+"
    here = token in ("-execdir", "-okdir")

    def act(run: _Run, found: _Found) -> bool:
        path = "./" + os.path.basename(found.shown) if here else found.shown
        if batched:
            if not run.batches or run.batches[-1][0] is not command_args:
                run.batches.append((command_args, []))
            run.batches[-1][1].append(path)
            return True
        argv = [a.replace("{}", path) for a in command_args]
        return run.inv.session.dispatch(argv, b"", run.inv.out, run.inv.err) == 0

    return act


def _delete(run: _Run, found: _Found) -> bool:
    if found.depth == 0 and found.shown in (".", "./"):
        return True  # find never deletes its own starting point "."
    try:
        if _kind(found.host) == "d":
            found.host.rmdir()
        else:
            found.host.unlink()
        run.inv.phone.stamp(found.host)  # dates the folder that held it: the phone's clock
    except OSError as exc:
        run.inv.eprint(f"find: '{found.shown}': {os.strerror(exc.errno or 5)}")
        run.status = 1
        return False
    return True


def _walk(run: _Run, found: _Found) -> Iterator[_Found]:
    run.pruned = False
    if not run.depth_first:
        yield found
        if run.pruned:
            return
    host = found.host
    if found.depth < run.max_depth and host.is_dir() and not host.is_symlink():
        for name in sorted(os.listdir(host)):
            child = _Found(f"{found.shown.rstrip('/')}/{name}", host / name, found.depth + 1)
            yield from _walk(run, child)
    if run.depth_first:
        yield found


@command("find")
def find(inv: Invocation) -> int:
    """``find [PATH...] [EXPRESSION]``; see the module docstring."""
    args = [a for a in inv.args]
    follow = False  # -H, -L: follow a start path that is a link (-P, the default: not)
    while args and args[0] in ("-H", "-L", "-P"):
        follow = args.pop(0) != "-P"
    roots: list[str] = []
    while args and not args[0].startswith("-") and args[0] not in ("!", "("):
        roots.append(args.pop(0))
    run = _Run(inv)
    try:
        test = _Parser(run, args).expression() if args else (lambda r, f: True)
    except _BadExpression as exc:
        return inv.fail(str(exc))
    for root in roots or ["."]:
        host = inv.host(root) if follow else itself(inv, root)
        if not inv.exists(host):
            inv.eprint(f"find: '{root}': No such file or directory")
            run.status = 1
            continue
        for found in _walk(run, _Found(root, host, 0)):
            if found.depth >= run.min_depth and test(run, found) and not run.has_action:
                inv.print(found.shown)
    for command_args, paths in run.batches:
        at = command_args.index("{}")
        argv = [*command_args[:at], *paths, *command_args[at + 1 :]]
        if inv.session.dispatch(argv, b"", inv.out, inv.err) != 0:
            run.status = 1
    return run.status
