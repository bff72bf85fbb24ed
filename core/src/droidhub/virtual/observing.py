"""Which shell commands only look at the phone, for the phone's state ``epoch``.

Every command that may change what an app shows (an input event, ``am``, a setting
or a provider written, a file made or removed, a push) moves ``VirtualPhone.epoch`` on
once it has run, so a dump later in the same command line is a dump of a new epoch;
commands that read (``uiautomator dump``, ``cat``, ``dumpsys``, ``settings get``...)
leave it. An app model's screen built at one epoch is then still the screen at that
epoch: the view engine hit-tests a tap with the window it built for the dump just
before, instead of building and laying it out again
(:class:`droidhub.virtual.views.app.ViewApp`).

The rule is conservative: a command not named here, or named with arguments that
write, counts as a change. ``uiautomator dump`` and ``screencap`` write the phone's
transient outputs (their files are left out of snapshots too), ``rm`` of those files
only reads as far as apps are concerned.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from droidhub.android.phone import canonical_path

if TYPE_CHECKING:
    from droidhub.virtual.phone import VirtualPhone

#: Commands that never write, whatever their arguments. ``sh`` and ``su`` run a nested
#: command line, whose commands each count for themselves.
READERS = frozenset(
    [
        "basename",
        "cat",
        "df",
        "dirname",
        "du",
        "dumpsys",
        "echo",
        "false",
        "getprop",
        "grep",
        "head",
        "id",
        "ls",
        "md5sum",
        "printf",
        "pwd",
        "readlink",
        "realpath",
        "sh",
        "sha256sum",
        "sleep",
        "stat",
        "su",
        "tail",
        "test",
        "true",
        "uname",
        "wc",
        "which",
        "whoami",
        "[",
    ]
)


def _subcommand(words: Sequence[str], allowed: frozenset[str]) -> bool:
    rest = [w for w in words if not w.startswith("-")]
    return bool(rest) and rest[0] in allowed


def _transient(phone: VirtualPhone, path: str) -> bool:
    return canonical_path(path) in phone.transient_paths


#: Commands that read with some arguments: ``argv[1:]`` -> whether they only read.
_WHEN: dict[str, Callable[[VirtualPhone, Sequence[str]], bool]] = {
    "settings": lambda phone, a: _subcommand(a, frozenset({"get", "list"})),
    "content": lambda phone, a: _subcommand(a, frozenset({"query"})),
    "pm": lambda phone, a: _subcommand(a, frozenset({"list", "path", "dump"})),
    "wm": lambda phone, a: len(a) == 1 and a[0] in ("size", "density"),
    "date": lambda phone, a: all(w.startswith("+") or w == "-u" for w in a),
    "find": lambda phone, a: not {"-delete", "-exec", "-execdir"} & set(a),
    "uiautomator": lambda phone, a: bool(a) and a[0] == "dump",
    "screencap": lambda phone, a: all(w.startswith("-") or _transient(phone, w) for w in a),
    "rm": lambda phone, a: all(w.startswith("-") or _transient(phone, w) for w in a),
}


def only_reads(phone: VirtualPhone, argv: Sequence[str]) -> bool:
    """Whether running ``argv`` on ``phone`` leaves every app's state as it was."""
    name = argv[0].rsplit("/", 1)[-1]
    if name in READERS:
        return True
    check = _WHEN.get(name)
    return check is not None and check(phone, argv[1:])
