"""The virtual phone's ``/system/bin/sh``: an interpreter of Android's mksh syntax.

:mod:`droidhub.virtual.shell_syntax` parses a command line (quotes, escapes, ``;``,
``&&``, ``||``, ``|``, ``!``, redirections, and the compound commands ``if``, ``while``,
``until``, ``for``, ``case``, ``{ }`` and functions); :mod:`droidhub.virtual.shell_words`
expands words. This module runs the result: each simple command is a function, a
builtin of :mod:`droidhub.virtual.commands`, or an unknown one that answers like
Android (``/system/bin/sh: NAME: inaccessible or not found``, exit 127). What it does
not model (subshells, command substitution, here-documents) is a syntax error, never
a silent success.
"""

from __future__ import annotations

import fnmatch
import logging
import os
import posixpath
from dataclasses import dataclass
from typing import TYPE_CHECKING

from droidhub.android.phone import canonical_path
from droidhub.virtual import shell_words
from droidhub.virtual.commands import lookup
from droidhub.virtual.commands.invocation import CommandExit, Invocation, ShellControl, Sink
from droidhub.virtual.interrupt import interruption
from droidhub.virtual.observing import only_reads
from droidhub.virtual.sandbox import SandboxPathError
from droidhub.virtual.shell_syntax import (
    Case,
    Command,
    For,
    FunctionDef,
    Group,
    If,
    Loop,
    Pipeline,
    Redirect,
    Sequence,
    ShellSyntaxError,
    Simple,
    parse,
)

if TYPE_CHECKING:
    from droidhub.virtual.phone import VirtualPhone

__all__ = ["SHELL", "Session", "ShellOutcome", "ShellSyntaxError", "parse", "run"]

SHELL = "/system/bin/sh"
# mksh's limit on nested function calls; deeper recursion is an error, not a host crash.
_MAX_CALL_DEPTH = 100

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class ShellOutcome:
    """What one ``shell`` call produced: both streams, raw, and the exit status."""

    stdout: bytes
    stderr: bytes
    exit_code: int


class Input:
    """A command's standard input, shared by the commands of a compound command:
    ``read`` takes a line of it at a time (``while read LINE; do ...; done``)."""

    def __init__(self, data: bytes) -> None:
        self.data = data
        self.offset = 0

    def rest(self) -> bytes:
        """What has not been read yet."""
        return self.data[self.offset :]

    def read_line(self) -> bytes | None:
        """The next line without its newline; None at the end of input."""
        if self.offset >= len(self.data):
            return None
        end = self.data.find(b"\n", self.offset)
        end = len(self.data) if end < 0 else end
        line = self.data[self.offset : end]
        self.offset = end + 1
        return line


class Session:
    """One ``sh -c`` run: working folder, variables, functions and the last exit status."""

    def __init__(self, phone: VirtualPhone, cwd: str = "/") -> None:
        self.phone = phone
        self.cwd = cwd
        self.variables: dict[str, str] = {
            "PATH": "/product/bin:/apex/com.android.runtime/bin:/system/bin:/system/xbin",
            "HOME": "/",
            "USER": "root",
            "SHELL": SHELL,
            "ANDROID_DATA": "/data",
            "EXTERNAL_STORAGE": "/sdcard",
            "IFS": " \t\n",
        }
        self.functions: dict[str, Command] = {}
        self.positional: list[str] = []
        self.arg0 = SHELL
        self.status = 0
        self.exited = False
        self.input = Input(b"")
        self._depth = 0
        #: Whether a redirection opened a file apps may show: the phone's ``epoch`` moves
        #: on once it is written (a command that may change what apps show moves it as
        #: soon as it has run: :mod:`droidhub.virtual.observing`).
        self.changes = False

    # --- running -------------------------------------------------------------------------
    def run(self, line: str, stdin: bytes, out: Sink, err: Sink) -> int:
        """Run ``line`` (one line or a whole script) writing to ``out``/``err``; return
        the exit status."""
        try:
            program = parse(line)
        except ShellSyntaxError as exc:
            err.write(f"{SHELL}: {exc}\n".encode())
            self.status = 1
            return 1
        self.input = Input(stdin)
        try:
            self.run_sequence(program, out, err)
        except ShellControl as control:
            # `return` outside a function ends the script; a stray break/continue ends it too
            # (mksh warns "can't break" and goes on; nothing AW or droidhub sends does that).
            self.status = control.count if control.kind == "return" else self.status
        finally:
            if self.changes:  # (a session kept for the next line starts that one afresh)
                self.changes = False
                self.phone.epoch += 1
        return self.status

    def run_sequence(self, sequence: Sequence, out: Sink, err: Sink) -> int:
        """Run pipelines joined by ``;``, ``&&`` and ``||``; the status of the last one run."""
        stop = interruption()
        for joiner, pipeline in sequence:
            if self.exited or stop.is_set():  # nobody waits for the rest (client gone)
                break
            if (joiner == "&&" and self.status != 0) or (joiner == "||" and self.status == 0):
                continue
            status = self._run_pipeline(pipeline, out, err)
            self.status = (0 if status else 1) if pipeline.negate else status
        return self.status

    def _run_pipeline(self, pipeline: Pipeline, out: Sink, err: Sink) -> int:
        status = 0
        last = len(pipeline.commands) - 1
        saved = self.input
        try:
            for index, command in enumerate(pipeline.commands):
                target = out if index == last else Sink()
                status = self.run_command(command, target, err)
                if index != last:
                    self.input = Input(bytes(target.data))
                if self.exited:
                    break
        finally:
            self.input = saved
        return status

    def run_command(self, command: Command, out: Sink, err: Sink) -> int:
        """Run one simple or compound command with its redirections."""
        if isinstance(command, Simple):
            return self._run_simple(command, out, err)
        if isinstance(command, FunctionDef):
            self.functions[command.name] = command.body
            return 0
        opened = self._open_redirects(command.redirects, out, err)
        if opened is None:
            return 1
        fds, files, stdin = opened
        saved = self.input
        if stdin is not None:
            self.input = Input(stdin)
        try:
            status = self._run_compound(command, fds.get(1, Sink()), fds.get(2, Sink()))
        finally:
            self.input = saved
            status = self._flush(files, SHELL, err, self.status)
        return status

    def _run_compound(self, command: Command, out: Sink, err: Sink) -> int:
        if isinstance(command, If):
            for condition, body in command.branches:
                if self.run_sequence(condition, out, err) == 0:
                    return self.run_sequence(body, out, err)
            self.status = 0
            return self.run_sequence(command.otherwise, out, err) if command.otherwise else 0
        if isinstance(command, Loop):
            return self._run_loop(command, out, err)
        if isinstance(command, For):
            items = self.positional if command.items is None else []
            for word in command.items or []:
                items = [*items, *shell_words.expand(self, word)]
            return self._run_for(command, items, out, err)
        if isinstance(command, Case):
            subject = shell_words.joined(self, command.subject)
            for patterns, body in command.items:
                if any(
                    fnmatch.fnmatchcase(subject, shell_words.pattern_of(self, p)) for p in patterns
                ):
                    self.status = 0
                    return self.run_sequence(body, out, err)
            self.status = 0
            return 0
        assert isinstance(command, Group)
        return self.run_sequence(command.body, out, err)

    def _run_loop(self, loop: Loop, out: Sink, err: Sink) -> int:
        status = 0
        stop = interruption()
        while not self.exited and not stop.is_set():
            met = self.run_sequence(loop.condition, out, err) == 0
            if met == loop.until:
                break
            status, broke = self._run_body(loop.body, out, err)
            if broke:
                break
        self.status = status
        return status

    def _run_for(self, loop: For, items: list[str], out: Sink, err: Sink) -> int:
        status = 0
        for item in items:
            if self.exited or interruption().is_set():
                break
            self.variables[loop.name] = item
            status, broke = self._run_body(loop.body, out, err)
            if broke:
                break
        self.status = status
        return status

    def _run_body(self, body: Sequence, out: Sink, err: Sink) -> tuple[int, bool]:
        """One pass of a loop's body: its status, and whether a ``break`` ended the loop
        (a ``continue`` ends only the pass; either aimed at an outer loop goes on up)."""
        try:
            return self.run_sequence(body, out, err), False
        except ShellControl as control:
            if not self._caught(control):
                raise
            return self.status, control.kind == "break"

    @staticmethod
    def _caught(control: ShellControl) -> bool:
        """Whether this loop ends ``control`` (``break 2`` goes on to the outer loop)."""
        if control.kind == "return":
            return False
        if control.count > 1:
            control.count -= 1  # for an outer loop: this one ends either way
            return False
        return True

    def _run_simple(self, simple: Simple, out: Sink, err: Sink) -> int:
        argv: list[str] = []
        assignments: dict[str, str] = {}
        for word in simple.words:
            if not argv and (pair := shell_words.assignment(self, word)):
                assignments[pair[0]] = pair[1]
                continue
            argv.extend(shell_words.expand(self, word))
        rest = self.input.rest()
        opened = self._open_redirects(simple.redirects, out, err)
        if opened is None:
            return 1
        fds, files, redirected = opened
        stdin = rest if redirected is None else redirected
        if not argv:
            self.variables.update(assignments)
            status = 0
        else:
            status = self.dispatch(argv, stdin, fds.get(1, Sink()), fds.get(2, Sink()))
        return self._flush(files, argv[0] if argv else SHELL, err, status)

    def _flush(self, files: list[Sink], name: str, err: Sink, status: int) -> int:
        for sink in files:
            try:
                sink.flush()
            except OSError as exc:
                # As toybox's xwrite reports a failed write (a full partition).
                reason = os.strerror(exc.errno) if exc.errno else "I/O error"
                err.write(f"{name}: write: {reason}\n".encode())
                status = 1
        if self.changes:  # a file apps may show was written: a dump after it is new
            self.changes = False
            self.phone.epoch += 1
        return status

    def _call(self, name: str, argv: list[str], out: Sink, err: Sink) -> int:
        """Run shell function ``name`` with ``argv[1:]`` as its positional parameters."""
        if self._depth >= _MAX_CALL_DEPTH:
            err.write(f"{SHELL}: {name}: recursion too deep\n".encode())
            return 1
        saved = self.positional
        self.positional = argv[1:]
        self._depth += 1
        try:
            return self.run_command(self.functions[name], out, err)
        except ShellControl as control:
            if control.kind != "return":
                raise
            self.status = control.count
            return control.count
        finally:
            self._depth -= 1
            self.positional = saved

    def dispatch(self, argv: list[str], stdin: bytes, out: Sink, err: Sink) -> int:
        """Run one command (a function, a builtin or a tool) with its arguments expanded."""
        name = argv[0]
        if name in self.functions:
            return self._call(name, argv, out, err)
        handler = lookup(name)
        if handler is None and "/" in name:
            folder, base = posixpath.split(name)
            if folder in ("/system/bin", "/system/xbin", "/vendor/bin", "/bin"):
                handler = lookup(base)
        if handler is None:
            err.write(f"{SHELL}: {name}: inaccessible or not found\n".encode())
            return 127
        # A command that may change what apps show moves the epoch on once it has run,
        # so that a dump later in the same line is not taken for one from before it.
        changing = not only_reads(self.phone, argv)
        invocation = Invocation(self.phone, argv, stdin, out, err, self)
        try:
            return handler(invocation)
        except ShellControl:
            raise
        except CommandExit as exc:
            return exc.status
        except SandboxPathError as exc:
            err.write(f"{name}: {exc.android_path}: Permission denied\n".encode())
            return 1
        except OSError as exc:
            # A host error (a file vanished, a folder where a file should be, a process
            # the host could not start) is answered as toybox reports errno: its text
            # only, never the sandbox's host path. The server log keeps the traceback.
            log.warning("virtual phone %s: %r failed", self.phone.serial, argv, exc_info=True)
            reason = os.strerror(exc.errno) if exc.errno else "I/O error"
            err.write(f"{name}: {reason}\n".encode())
            return 1
        except Exception:
            # A bug in a command or an app model must not take the adb connection down,
            # nor show the client a traceback full of host paths: the client gets the
            # crashed tool's one line, the server log the traceback to debug it.
            log.exception("virtual phone %s: command %r failed", self.phone.serial, argv)
            err.write(
                f"{name}: internal error in the virtual phone (see the server log)\n".encode()
            )
            return 1
        finally:
            if changing and not invocation.changed_nothing:
                self.phone.epoch += 1

    def _open_redirects(
        self, redirects: list[Redirect], out: Sink, err: Sink
    ) -> tuple[dict[int, Sink], list[Sink], bytes | None] | None:
        """Apply a command's ``redirects`` in order: its file descriptors (1 and 2 start
        as ``out`` and ``err``), the files they opened, and what stdin reads instead
        (None: unchanged). None when one fails, its message written to ``err``."""
        fds: dict[int, Sink] = {1: out, 2: err}
        files: list[Sink] = []
        stdin: bytes | None = None
        for redirect in redirects:
            problem = self._redirect(redirect, fds, files)
            if isinstance(problem, str):
                err.write(f"{SHELL}: {problem}\n".encode())
                return None
            if isinstance(problem, bytes):
                stdin = problem
        return fds, files, stdin

    def _redirect(
        self, redirect: Redirect, fds: dict[int, Sink], files: list[Sink]
    ) -> str | bytes | None:
        """Apply one redirection; return an error message, new stdin bytes, or None."""
        targets = shell_words.expand(self, redirect.target)
        if len(targets) != 1:
            return f"{''.join(str(t) for t in targets)}: ambiguous redirect"
        target = targets[0]
        if redirect.op == ">&":
            if target == "-":
                fds[redirect.fd] = Sink(discard=True)
                return None
            if not target.isdigit() or int(target) not in fds:
                return f"{target}: bad file descriptor"
            fds[redirect.fd] = fds[int(target)]
            return None
        path = self.resolve(target)
        if path == "/dev/null":
            if redirect.op == "<":
                return b""
            fds[redirect.fd] = Sink(discard=True)
            return None
        try:
            host = self.phone.host_path(path)
        except ValueError:
            return f"can't create {target}: Permission denied"
        if redirect.op == "<":
            try:
                return host.read_bytes()
            except IsADirectoryError:
                return f"{target}: Is a directory"
            except OSError:
                return f"{target}: No such file or directory"
        if host.is_dir():
            return f"can't create {target}: Is a directory"
        if not host.parent.is_dir():
            return f"can't create {target}: No such file or directory"
        if canonical_path(path) not in self.phone.transient_paths:
            self.changes = True
        sink = Sink(path=host, append=redirect.op == ">>", phone=self.phone)
        sink.open()
        fds[redirect.fd] = sink
        files.append(sink)
        return None

    # --- paths ---------------------------------------------------------------------------
    def resolve(self, path: str) -> str:
        """``path`` made absolute against the working folder and normalised."""
        joined = posixpath.join(self.cwd, path) if not path.startswith("/") else path
        normal = posixpath.normpath(joined)
        # normpath keeps a leading "//"; Android paths never need it.
        return "/" + normal.lstrip("/")


def run(
    phone: VirtualPhone, line: str, stdin: bytes = b"", session: Session | None = None
) -> ShellOutcome:
    """Run one command line on ``phone`` as ``adb shell`` would, in a shell of its own or
    in ``session`` (an interactive shell's, which keeps what earlier lines set); see
    :class:`Session`."""
    out, err = Sink(), Sink()
    if session is None:
        session = Session(phone)
    status = session.run(line, stdin, out, err)
    return ShellOutcome(bytes(out.data), bytes(err.data), status & 0xFF)
