"""What a shell command receives (:class:`Invocation`), where it writes (:class:`Sink`),
how it reads toybox-style flags (:func:`split_options`),
and the table of commands (:func:`command`)."""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING

from droidhub.virtual.storage import no_space

if TYPE_CHECKING:
    from droidhub.virtual.phone import VirtualPhone
    from droidhub.virtual.shell import Session

Handler = Callable[["Invocation"], int]


class ShellControl(Exception):
    """``break``/``continue``/``return`` leaving the commands they stand in.

    The shell's builtins raise it and the interpreter catches it at the loop or function
    it belongs to: ``kind`` is ``"break"``, ``"continue"`` or ``"return"``; ``count``
    how many loops (or the status ``return`` gives).
    """

    def __init__(self, kind: str, count: int) -> None:
        super().__init__(kind, count)
        self.kind = kind
        self.count = count


class CommandExit(Exception):
    """A command ends before its work, its complaint written: ``status`` is its exit
    status. The helpers that read a command's arguments raise it, so the command need
    not pass their answer on; the shell answers with the status."""

    def __init__(self, status: int) -> None:
        super().__init__(status)
        self.status = status


COMMANDS: dict[str, Handler] = {}


def command(*names: str) -> Callable[[Handler], Handler]:
    """Register a function as the shell command(s) ``names``."""

    def register(handler: Handler) -> Handler:
        for name in names:
            COMMANDS[name] = handler
        return handler

    return register


class Sink:
    """An output stream: collected bytes, discarded, or a file written when it closes.

    A file's sink collects no more than the phone's storage could ever hold: what a
    command writes past that is dropped, and :meth:`flush` fails with ENOSPC.
    """

    def __init__(
        self,
        path: Path | None = None,
        append: bool = False,
        discard: bool = False,
        phone: VirtualPhone | None = None,
    ) -> None:
        self.data = bytearray()
        self.path = path
        self.append = append
        self.discard = discard
        self.phone = phone
        self.overflowed = False
        self._limit = phone.storage.capacity if path is not None and phone is not None else None

    def write(self, data: bytes) -> None:
        """Add ``data`` to the stream."""
        if self.discard:
            return
        if self._limit is not None and len(self.data) + len(data) > self._limit:
            self.overflowed = True  # memory stays bounded; the write fails at flush
            return
        self.data += data

    def open(self) -> None:
        """Create (``>``: truncate) the file now, as a shell does before the command runs."""
        if self.path is not None:
            with self.path.open("ab" if self.append else "wb"):
                pass

    def flush(self) -> None:
        """Write what was collected to the file, stamped with the phone's clock.

        Raises ``OSError(ENOSPC)`` (writing nothing) when it does not fit in the
        phone's storage.
        """
        if self.path is None:
            return
        if self.phone is None:
            self._write()
            return
        with self.phone.storage.writing() as storage:
            if self.overflowed:
                raise no_space()
            storage.charge(len(self.data))
            self._write()
        self.phone.stamp(self.path)

    def _write(self) -> None:
        assert self.path is not None
        with self.path.open("ab" if self.append else "wb") as handle:
            handle.write(self.data)


class Invocation:
    """One command being run: the phone, its arguments, stdin and the two output streams."""

    def __init__(
        self,
        phone: VirtualPhone,
        argv: list[str],
        stdin: bytes,
        out: Sink,
        err: Sink,
        session: Session,
    ) -> None:
        self.phone = phone
        self.argv = argv
        self.name = argv[0].rsplit("/", 1)[-1]
        self.args = argv[1:]
        self.stdin = stdin
        self.out = out
        self.err = err
        self.session = session
        #: Set by a command that may change what apps show when this time it changed
        #: nothing (a tap that met nothing): the phone's epoch then stays where it was.
        self.changed_nothing = False

    def print(self, text: str = "", end: str = "\n") -> None:
        """Write ``text`` and a newline to stdout (UTF-8)."""
        self.out.write((text + end).encode("utf-8", "surrogateescape"))

    def eprint(self, text: str) -> None:
        """Write ``text`` and a newline to stderr."""
        self.err.write((text + "\n").encode("utf-8", "surrogateescape"))

    def fail(self, message: str, code: int = 1) -> int:
        """Print ``NAME: message`` on stderr (toybox's form) and return ``code``."""
        self.eprint(f"{self.name}: {message}")
        return code

    def for_each_operand(self, operands: Iterable[str], act: Callable[[str], str | None]) -> int:
        """Run ``act`` on each operand in turn, as toybox's commands go through theirs: an
        operand that fails (``act`` returns its error line) is reported on stderr and the
        rest still run; the exit status is 1 if any failed, else 0."""
        status = 0
        for operand in operands:
            error = act(operand)
            if error is not None:
                self.eprint(error)
                status = 1
        return status

    def path(self, path: str) -> str:
        """``path`` as an absolute, normalised Android path."""
        return self.session.resolve(path)

    def host(self, path: str) -> Path:
        """The sandbox location of Android path ``path`` (relative to the working folder)."""
        return self.phone.host_path(self.session.resolve(path))

    @staticmethod
    def exists(host: Path) -> bool:
        """Whether ``host`` exists (a dangling link counts, as lstat would)."""
        return os.path.lexists(host)


def option_words(args: list[str]) -> Iterator[tuple[bool, str]]:
    """Each argument with whether it is an option, as toybox reads them: options stand
    anywhere up to a ``--`` (which is dropped), and a lone ``-`` is an operand (stdin)."""
    rest = False
    for arg in args:
        if rest or not arg.startswith("-") or arg == "-":
            yield False, arg
        elif arg == "--":
            rest = True
        else:
            yield True, arg


def split_options(args: list[str], known: str) -> tuple[set[str], list[str], str | None]:
    """Split toybox-style flags (``-rf``) from operands; return (flags, operands, bad flag)."""
    flags: set[str] = set()
    operands: list[str] = []
    for is_option, arg in option_words(args):
        if not is_option:
            operands.append(arg)
            continue
        for letter in arg[1:]:
            if letter not in known:
                return flags, operands, letter
            flags.add(letter)
    return flags, operands, None


def flags_and_operands(
    inv: Invocation, args: list[str], known: str, least: int = 1
) -> tuple[set[str], list[str]]:
    """The toybox flags (letters of ``known``) and operands of a command that needs at
    least ``least`` operands; :class:`CommandExit` after toybox's complaint when a flag
    is unknown or operands are missing."""
    flags, operands, bad = split_options(args, known)
    if bad:
        raise CommandExit(unknown_option(inv, bad))
    if len(operands) < least:
        raise CommandExit(
            inv.fail("Needs 1 argument" if least == 1 else f"Needs {least} arguments")
        )
    return flags, operands


def take_option_value(inv: Invocation, args: list[str], option: str) -> str | None:
    """Take ``option VALUE`` (its first place) out of ``args`` and return VALUE; ``None``
    when ``option`` is not there; :class:`CommandExit` after toybox's complaint when
    VALUE is missing."""
    if option not in args:
        return None
    at = args.index(option)
    if at + 1 >= len(args):
        raise CommandExit(inv.fail(f"Missing argument to {option}"))
    value = args[at + 1]
    del args[at : at + 2]
    return value


def unknown_option(inv: Invocation, letter: str) -> int:
    """Fail as toybox does on an unknown flag ``letter``."""
    return inv.fail(f"Unknown option '{letter}' (see \"{inv.name} --help\")")
