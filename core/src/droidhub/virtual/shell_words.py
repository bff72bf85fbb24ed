"""Word expansion of the virtual phone's shell, as mksh does it: parameters, field
splitting of unquoted expansions, and pathname globbing against the phone's sandbox."""

from __future__ import annotations

import fnmatch
import posixpath
from typing import TYPE_CHECKING

from droidhub.virtual.shell_syntax import Lit, Var, Word

if TYPE_CHECKING:
    from droidhub.virtual.shell import Session

_GLOB_CHARS = frozenset("*?[")
_IFS = " \t\n"


def value(session: Session, name: str) -> str:
    """The value of parameter ``name`` (``?``, ``$``, ``#``, ``1``..., ``@``, or a variable)."""
    if name == "?":
        return str(session.status)
    if name == "$":
        return "4242"
    if name == "#":
        return str(len(session.positional))
    if name == "!":
        return ""
    if name in ("@", "*"):
        return " ".join(session.positional)
    if name == "0":
        return session.arg0
    if name.isdigit():
        index = int(name)
        return session.positional[index - 1] if index <= len(session.positional) else ""
    return session.variables.get(name, "")


def assignment(session: Session, word: Word) -> tuple[str, str] | None:
    """``(NAME, value)`` when ``word`` is an assignment ``NAME=value``, else None."""
    first = word.parts[0] if word.parts else None
    if not isinstance(first, Lit) or first.quoted:
        return None
    head = ""
    for part in word.parts:
        if not isinstance(part, Lit) or part.quoted:
            break
        head += part.text
        if "=" in head:
            break
    name, eq, _ = head.partition("=")
    if not eq or not name or not (name[0].isalpha() or name[0] == "_"):
        return None
    if not all(ch.isalnum() or ch == "_" for ch in name):
        return None
    text = "".join(p.text if isinstance(p, Lit) else value(session, p.name) for p in word.parts)
    return name, text.partition("=")[2]


def expand(session: Session, word: Word) -> list[str]:
    """The fields ``word`` expands to: unquoted expansions are split on white space, and
    each field with an unquoted glob character is matched against the sandbox."""
    if len(word.parts) == 1 and word.parts[0] == Var("@", True):
        return list(session.positional)  # "$@": one field per parameter
    fields: list[tuple[str, str, bool]] = []  # (text, glob pattern, has an unquoted glob)
    text, pattern, has_glob, started = "", "", False, False
    for part in word.parts:
        if isinstance(part, Var) and not part.quoted:
            pieces = _split(value(session, part.name))
            for index, piece in enumerate(pieces):
                if index:  # a field boundary inside the value
                    if started or text:
                        fields.append((text, pattern, has_glob))
                    text, pattern, has_glob, started = "", "", False, False
                text += piece
                pattern += piece
                has_glob = has_glob or not _GLOB_CHARS.isdisjoint(piece)
            continue
        started = True
        if isinstance(part, Var):
            shown = value(session, part.name)
            text += shown
            pattern += _escape_glob(shown)
        elif part.quoted:
            text += part.text
            pattern += _escape_glob(part.text)
        else:
            text += part.text
            pattern += part.text
            has_glob = has_glob or not _GLOB_CHARS.isdisjoint(part.text)
    if started or text:
        fields.append((text, pattern, has_glob))
    result: list[str] = []
    for text, pattern, globbed in fields:
        matches = glob(session, pattern) if globbed else []
        result.extend(matches or [text])
    return result


def _split(text: str) -> list[str]:
    """A value cut at runs of IFS white space; empty ends mark a boundary there."""
    if not text:
        return []
    pieces = text.split()
    if not pieces:
        return ["", ""]  # only white space: a boundary, no text
    if text[0] in _IFS:
        pieces.insert(0, "")
    if text[-1] in _IFS:
        pieces.append("")
    return pieces


def pattern_of(session: Session, word: Word) -> str:
    """``word`` as an fnmatch pattern (a ``case`` pattern): quoted parts match literally."""
    out = ""
    for part in word.parts:
        if isinstance(part, Var):
            shown = value(session, part.name)
            out += _escape_glob(shown) if part.quoted else shown
        else:
            out += _escape_glob(part.text) if part.quoted else part.text
    return out


def joined(session: Session, word: Word) -> str:
    """``word`` expanded without splitting or globbing (a ``case`` subject)."""
    return "".join(p.text if isinstance(p, Lit) else value(session, p.name) for p in word.parts)


def glob(session: Session, pattern: str) -> list[str]:
    """Paths in the phone's sandbox that ``pattern`` matches, sorted; [] when none do."""
    absolute = pattern.startswith("/")
    base = "/" if absolute else session.cwd
    candidates = [""]
    for component in [c for c in pattern.split("/") if c]:
        expanded: list[str] = []
        literal, stripped = _unescape_glob_chars(component)
        for prefix in candidates:
            folder = posixpath.join(base, prefix) if prefix else base
            if _GLOB_CHARS.isdisjoint(stripped):
                expanded.append(posixpath.join(prefix, literal))
                continue
            try:
                names = sorted(p.name for p in session.phone.host_path(folder).iterdir())
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
            host = session.phone.host_path(session.resolve(full))
        except ValueError:
            continue
        if host.exists() or host.is_symlink():
            results.append(full)
    return results


def _escape_glob(text: str) -> str:
    if _GLOB_CHARS.isdisjoint(text):
        return text
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
