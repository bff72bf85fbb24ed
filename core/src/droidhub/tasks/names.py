"""The one rule for names that become file names: families, tasks, agents, judges.

A family and a task name are folders of every run (``OUT/episodes/FAMILY/TASK/``), a
judge's name is a file (``OUT/judgements/JUDGE.jsonl``), and a virtual app's package is
a folder of its phone (``/data/data/PACKAGE``). Such a name must be one harmless path
component on every file system: ASCII letters, digits, ``_``, ``-`` and ``.``, not
starting with a dot (so never ``.`` or ``..``, never hidden), at most
:data:`MAX_NAME_LENGTH` characters. A plugin whose name breaks the rule is refused at
load, with the name; :mod:`droidhub.results.layout` checks again before it builds a path.
"""

from __future__ import annotations

import re
import reprlib

from droidhub.tasks.describe import describe_value

__all__ = [
    "MAX_NAME_LENGTH",
    "NAME_RULE",
    "BadNameError",
    "check_name",
    "name_problem",
    "quote_name",
]

#: Longer names are refused: a run folder nests family and task, and common file
#: systems allow 255 bytes per component.
MAX_NAME_LENGTH = 128

_ALLOWED = re.compile(r"[A-Za-z0-9_.-]+")
#: The rule in words, for messages.
NAME_RULE = (
    "a name may hold only ASCII letters, digits, '_', '-' and '.', must not start with "
    f"'.', and is at most {MAX_NAME_LENGTH} characters"
)


class BadNameError(ValueError):
    """A name that may not become a file name; the message says which and why."""


def name_problem(name: object) -> str | None:
    """Why ``name`` breaks the rule (in a few words), or None if it is a good name."""
    if not isinstance(name, str):
        return f"is {describe_value(name)}, not a string"
    if not name:
        return "is empty"
    problems = []
    if len(name) > MAX_NAME_LENGTH:
        problems.append(f"is {len(name)} characters long")
    if name.startswith("."):
        problems.append("starts with '.'")
    if not _ALLOWED.fullmatch(name):
        bad = sorted({c for c in name if not _ALLOWED.fullmatch(c)})
        problems.append("contains " + ", ".join(repr(c) for c in bad))
    if problems:
        return " and ".join(problems)
    return None


def quote_name(name: object) -> str:
    """``name`` quoted for a message, cut short if it is long (an over-long name is
    refused, and must not flood the message that refuses it)."""
    short = reprlib.Repr()
    short.maxstring = short.maxother = 60
    return short.repr(name) if isinstance(name, str) else describe_value(name)


def check_name(kind: str, name: object) -> str:
    """Return ``name`` if it is a good ``kind`` name ("task", "family"...), else raise
    :class:`BadNameError` naming the value, what is wrong and the rule."""
    why = name_problem(name)
    if why is not None:
        raise BadNameError(f"{kind} name {quote_name(name)} {why}: {NAME_RULE}; rename it")
    assert isinstance(name, str)  # name_problem() said so
    return name
