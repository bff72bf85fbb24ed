"""The virtual phone's ``/system/bin/sh``: a small POSIX command-line interpreter.

It is not a full shell. It parses what droidhub's Device layer and common adb tools
send, exactly as Android's mksh would: single and double quotes, backslash escapes,
``$?``/``$NAME`` expansion, globs, ``;``, ``&&``, ``||``, ``|``, ``!``, and the
redirections ``> f``, ``>> f``, ``< f``, ``N> f``, ``N>&M``. Anything it does not
understand (subshells, command substitution, here-documents) is a syntax error,
never a silent success. Each command is looked up in
:mod:`droidhub.virtual.commands`; an unknown one answers like Android
(``/system/bin/sh: NAME: inaccessible or not found``, exit 127).
"""

from __future__ import annotations

import fnmatch
import logging
import os
import posixpath
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from droidhub.virtual.commands import lookup
from droidhub.virtual.commands.invocation import Invocation, Sink
from droidhub.virtual.interrupt import interruption
from droidhub.virtual.sandbox import SandboxPathError

if TYPE_CHECKING:
    from droidhub.virtual.phone import VirtualPhone

SHELL = "/system/bin/sh"

log = logging.getLogger(__name__)
_OPERATORS = ("&&", "||", ";;", ";", "|", "&")
_WORD_END = set(" \t\n;&|<>()")
_GLOB_CHARS = set("*?[")


@dataclass(frozen=True)
class ShellOutcome:
    """What one ``shell`` call produced: both streams, raw, and the exit status."""

    stdout: bytes
    stderr: bytes
    exit_code: int


class ShellSyntaxError(Exception):
    """The command line cannot be parsed; the message is mksh's wording."""


# --- words --------------------------------------------------------------------------------
@dataclass(frozen=True)
class _Lit:
    text: str
    quoted: bool


@dataclass(frozen=True)
class _Var:
    name: str
    quoted: bool


@dataclass
class _Word:
    parts: list[_Lit | _Var] = field(default_factory=list)

    def add(self, text: str, quoted: bool) -> None:
        self.parts.append(_Lit(text, quoted))


@dataclass
class _Redirect:
    fd: int
    op: str  # ">", ">>", "<", ">&"
    target: _Word


@dataclass
class _Simple:
    words: list[_Word] = field(default_factory=list)
    redirects: list[_Redirect] = field(default_factory=list)


@dataclass
class _Pipeline:
    commands: list[_Simple]
    negate: bool = False


# A command list: each pipeline with the operator that joins it to the one before.
_CommandList = list[tuple[str, _Pipeline]]


def _lex(line: str) -> list[str | _Word | _Redirect]:
    """Split a command line into operators (str), words and redirections."""
    tokens: list[str | _Word | _Redirect] = []
    i, n = 0, len(line)
    while i < n:
        c = line[i]
        if c in " \t":
            i += 1
        elif c == "\n":
            tokens.append(";")
            i += 1
        elif c == "#":
            while i < n and line[i] != "\n":
                i += 1
        elif c in "()":
            raise ShellSyntaxError(f"syntax error: '{c}' unexpected")
        elif any(line.startswith(op, i) for op in _OPERATORS):
            op = next(op for op in _OPERATORS if line.startswith(op, i))
            if op == ";;":
                raise ShellSyntaxError("syntax error: ';;' unexpected")
            tokens.append(";" if op == "&" else op)
            i += len(op)
        else:
            j = i
            while j < n and line[j].isdigit():
                j += 1
            if j < n and line[j] in "<>" and (j > i or c in "<>"):
                redirect, i = _lex_redirect(line, i, j)
                tokens.append(redirect)
            else:
                word, i = _lex_word(line, i)
                tokens.append(word)
    return tokens


def _lex_redirect(line: str, start: int, op_at: int) -> tuple[_Redirect, int]:
    digits = line[start:op_at]
    i = op_at
    if line.startswith(">>", i):
        op, i = ">>", i + 2
    elif line.startswith(">&", i):
        op, i = ">&", i + 2
    elif line.startswith("<<", i):
        raise ShellSyntaxError("syntax error: here-documents are not supported")
    else:
        op, i = line[i], i + 1
    fd = int(digits) if digits else (0 if op == "<" else 1)
    while i < len(line) and line[i] in " \t":
        i += 1
    if i >= len(line) or line[i] in _WORD_END:
        raise ShellSyntaxError(f"syntax error: '{op}' unexpected")
    target, i = _lex_word(line, i)
    return _Redirect(fd, op, target), i


def _lex_word(line: str, i: int) -> tuple[_Word, int]:
    word = _Word()
    n = len(line)
    while i < n and line[i] not in _WORD_END:
        c = line[i]
        if c == "\\":
            if i + 1 < n and line[i + 1] == "\n":
                i += 2
            elif i + 1 < n:
                word.add(line[i + 1], True)
                i += 2
            else:
                i += 1
        elif c == "'":
            end = line.find("'", i + 1)
            if end < 0:
                raise ShellSyntaxError("syntax error: unterminated quoted string")
            word.add(line[i + 1 : end], True)
            i = end + 1
        elif c == '"':
            i = _lex_double_quoted(line, i + 1, word)
        elif c == "$":
            i = _lex_dollar(line, i, word, quoted=False)
        elif c == "`":
            raise ShellSyntaxError("syntax error: command substitution is not supported")
        else:
            word.add(c, False)
            i += 1
    return word, i


def _lex_double_quoted(line: str, i: int, word: _Word) -> int:
    n = len(line)
    # An empty "" still makes a (quoted, empty) word part.
    word.add("", True)
    while True:
        if i >= n:
            raise ShellSyntaxError("syntax error: unterminated quoted string")
        c = line[i]
        if c == '"':
            return i + 1
        if c == "\\" and i + 1 < n and line[i + 1] in '$`"\\\n':
            if line[i + 1] != "\n":
                word.add(line[i + 1], True)
            i += 2
        elif c == "$":
            i = _lex_dollar(line, i, word, quoted=True)
        elif c == "`":
            raise ShellSyntaxError("syntax error: command substitution is not supported")
        else:
            word.add(c, True)
            i += 1


def _lex_dollar(line: str, i: int, word: _Word, quoted: bool) -> int:
    n = len(line)
    nxt = line[i + 1] if i + 1 < n else ""
    if nxt in ("?", "$", "#", "!"):
        word.parts.append(_Var(nxt, quoted))
        return i + 2
    if nxt == "(":
        raise ShellSyntaxError("syntax error: command substitution is not supported")
    if nxt == "{":
        end = line.find("}", i + 2)
        if end < 0:
            raise ShellSyntaxError("syntax error: missing '}'")
        word.parts.append(_Var(line[i + 2 : end], quoted))
        return end + 1
    j = i + 1
    while j < n and (line[j].isalnum() or line[j] == "_"):
        j += 1
    if j == i + 1:
        word.add("$", quoted)
        return i + 1
    word.parts.append(_Var(line[i + 1 : j], quoted))
    return j


def parse(line: str) -> _CommandList:
    """Parse a command line into pipelines joined by ``;``, ``&&`` and ``||``."""
    result: _CommandList = []
    joiner = ";"
    pipeline: list[_Simple] = []
    current = _Simple()
    negate = False

    def unexpected(op: str) -> ShellSyntaxError:
        return ShellSyntaxError(f"syntax error: '{op}' unexpected")

    for token in _lex(line):
        if isinstance(token, _Word):
            if not current.words and not current.redirects and _is_bang(token):
                if negate or pipeline:
                    raise unexpected("!")
                negate = True
                continue
            current.words.append(token)
        elif isinstance(token, _Redirect):
            current.redirects.append(token)
        elif token == "|":
            if not current.words and not current.redirects:
                raise unexpected("|")
            pipeline.append(current)
            current = _Simple()
        else:
            if not current.words and not current.redirects:
                if pipeline or negate or token != ";" or joiner != ";":
                    raise unexpected(token)
                continue  # an empty statement (";;" aside) is allowed by mksh after ";"
            pipeline.append(current)
            result.append((joiner, _Pipeline(pipeline, negate)))
            joiner, pipeline, current, negate = token, [], _Simple(), False
    if current.words or current.redirects:
        pipeline.append(current)
    elif pipeline or negate or joiner != ";":
        raise ShellSyntaxError("syntax error: unexpected end of input")
    if pipeline:
        result.append((joiner, _Pipeline(pipeline, negate)))
    return result


def _is_bang(word: _Word) -> bool:
    return len(word.parts) == 1 and word.parts[0] == _Lit("!", False)


class Session:
    """One ``sh -c`` run: working folder, variables and the last exit status."""

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
        }
        self.status = 0
        self.exited = False

    # --- running -------------------------------------------------------------------------
    def run(self, line: str, stdin: bytes, out: Sink, err: Sink) -> int:
        """Run ``line`` writing to ``out``/``err``; return the exit status."""
        try:
            commands = parse(line)
        except ShellSyntaxError as exc:
            err.write(f"{SHELL}: {exc}\n".encode())
            self.status = 1
            return 1
        stop = interruption()
        for joiner, pipeline in commands:
            if self.exited or stop.is_set():  # nobody waits for the rest (client gone)
                break
            if (joiner == "&&" and self.status != 0) or (joiner == "||" and self.status == 0):
                continue
            status = self._run_pipeline(pipeline, stdin, out, err)
            self.status = (0 if status else 1) if pipeline.negate else status
        return self.status

    def _run_pipeline(self, pipeline: _Pipeline, stdin: bytes, out: Sink, err: Sink) -> int:
        status = 0
        data = stdin
        last = len(pipeline.commands) - 1
        for index, simple in enumerate(pipeline.commands):
            target = out if index == last else Sink()
            status = self._run_simple(simple, data, target, err)
            data = bytes(target.data) if index != last else b""
            if self.exited:
                break
        return status

    def _run_simple(self, simple: _Simple, stdin: bytes, out: Sink, err: Sink) -> int:
        argv: list[str] = []
        assignments: dict[str, str] = {}
        for word in simple.words:
            if not argv and (assignment := self._assignment(word)):
                assignments[assignment[0]] = assignment[1]
                continue
            argv.extend(self._expand(word))
        fds: dict[int, Sink] = {1: out, 2: err}
        files: list[Sink] = []
        for redirect in simple.redirects:
            problem = self._redirect(redirect, fds, files)
            if isinstance(problem, str):
                err.write(f"{SHELL}: {problem}\n".encode())
                return 1
            if isinstance(problem, bytes):
                stdin = problem
        if not argv:
            self.variables.update(assignments)
            status = 0
        else:
            status = self._dispatch(argv, stdin, fds.get(1, Sink()), fds.get(2, Sink()))
        for sink in files:
            try:
                sink.flush()
            except OSError as exc:
                # As toybox's xwrite reports a failed write (a full partition).
                reason = os.strerror(exc.errno) if exc.errno else "I/O error"
                err.write(f"{argv[0] if argv else SHELL}: write: {reason}\n".encode())
                status = 1
        return status

    def _dispatch(self, argv: list[str], stdin: bytes, out: Sink, err: Sink) -> int:
        name = argv[0]
        handler = lookup(name)
        if handler is None and "/" in name:
            folder, base = posixpath.split(name)
            if folder in ("/system/bin", "/system/xbin", "/vendor/bin", "/bin"):
                handler = lookup(base)
        if handler is None:
            err.write(f"{SHELL}: {name}: inaccessible or not found\n".encode())
            return 127
        invocation = Invocation(self.phone, argv, stdin, out, err, self)
        try:
            return handler(invocation)
        except SandboxPathError as exc:
            err.write(f"{name}: {exc.android_path}: Permission denied\n".encode())
            return 1
        except OSError as exc:
            # A host error (a file vanished, a folder where a file should be) is answered
            # as toybox reports errno: its text only, never the sandbox's host path.
            log.debug("virtual phone %s: %r failed", self.phone.serial, argv, exc_info=True)
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

    # --- expansion -----------------------------------------------------------------------
    def _value(self, name: str) -> str:
        if name == "?":
            return str(self.status)
        if name == "$":
            return "4242"
        if name == "#":
            return "0"
        if name == "!":
            return ""
        return self.variables.get(name, "")

    def _assignment(self, word: _Word) -> tuple[str, str] | None:
        first = word.parts[0] if word.parts else None
        if not isinstance(first, _Lit) or first.quoted:
            return None
        head = ""
        for part in word.parts:
            if not isinstance(part, _Lit) or part.quoted:
                break
            head += part.text
            if "=" in head:
                break
        name, eq, _ = head.partition("=")
        if not eq or not name or not (name[0].isalpha() or name[0] == "_"):
            return None
        if not all(ch.isalnum() or ch == "_" for ch in name):
            return None
        text = "".join(p.text if isinstance(p, _Lit) else self._value(p.name) for p in word.parts)
        return name, text.partition("=")[2]

    def _expand(self, word: _Word) -> list[str]:
        text = ""
        pattern = ""
        has_glob = False
        only_unquoted_vars = bool(word.parts)
        for part in word.parts:
            if isinstance(part, _Var):
                value = self._value(part.name)
                text += value
                pattern += _escape_glob(value)
                if part.quoted:
                    only_unquoted_vars = False
            else:
                only_unquoted_vars = False
                text += part.text
                if part.quoted:
                    pattern += _escape_glob(part.text)
                else:
                    pattern += part.text
                    has_glob = has_glob or any(ch in _GLOB_CHARS for ch in part.text)
        if only_unquoted_vars and not text:
            return []
        if has_glob:
            matches = self._glob(pattern)
            if matches:
                return matches
        return [text]

    def _glob(self, pattern: str) -> list[str]:
        absolute = pattern.startswith("/")
        base = "/" if absolute else self.cwd
        candidates = [""]
        for component in [c for c in pattern.split("/") if c]:
            expanded: list[str] = []
            for prefix in candidates:
                folder = posixpath.join(base, prefix) if prefix else base
                if not any(ch in _GLOB_CHARS for ch in _unescape_glob_chars(component)[1]):
                    expanded.append(posixpath.join(prefix, _unescape_glob_chars(component)[0]))
                    continue
                try:
                    names = sorted(p.name for p in self.phone.host_path(folder).iterdir())
                except (OSError, ValueError):
                    continue
                for name in names:
                    if name.startswith(".") and not component.startswith("."):
                        continue
                    if fnmatch.fnmatchcase(name, component):
                        expanded.append(posixpath.join(prefix, name))
            candidates = expanded
        results = []
        for candidate in candidates:
            full = "/" + candidate if absolute else candidate
            try:
                host = self.phone.host_path(self.resolve(full))
            except ValueError:
                continue
            if host.exists() or host.is_symlink():
                results.append(full)
        return results

    # --- redirections --------------------------------------------------------------------
    def _redirect(
        self, redirect: _Redirect, fds: dict[int, Sink], files: list[Sink]
    ) -> str | bytes | None:
        """Apply one redirection; return an error message, new stdin bytes, or None."""
        targets = self._expand(redirect.target)
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


def _escape_glob(text: str) -> str:
    return "".join(f"[{ch}]" if ch in _GLOB_CHARS else ch for ch in text)


def _unescape_glob_chars(component: str) -> tuple[str, str]:
    """(literal text, text with escaped glob chars removed) of a pattern component."""
    literal = component
    for ch in _GLOB_CHARS:
        literal = literal.replace(f"[{ch}]", ch)
    stripped = component
    for ch in _GLOB_CHARS:
        stripped = stripped.replace(f"[{ch}]", "")
    return literal, stripped


def run(phone: VirtualPhone, line: str, stdin: bytes = b"") -> ShellOutcome:
    """Run one command line on ``phone`` as ``adb shell`` would; see :class:`Session`."""
    out, err = Sink(), Sink()
    session = Session(phone)
    status = session.run(line, stdin, out, err)
    return ShellOutcome(bytes(out.data), bytes(err.data), status & 0xFF)
