"""Parsers of Android's command output: ``content query`` rows, ``am broadcast`` results,
the focused activity in ``dumpsys window``. Public so they can be tested on samples of
what real phones print.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from droidhub.device.transport import DeviceError

__all__ = [
    "BroadcastResult",
    "parse_broadcast",
    "parse_content_rows",
    "parse_foreground_activity",
]


@dataclass(frozen=True)
class BroadcastResult:
    """What an ordered broadcast returned: ``result=CODE data="..."`` and extras."""

    code: int
    data: str | None
    extras: Mapping[str, str] = field(default_factory=dict)


_ROW_START = re.compile(r"^Row: (\d+) ", re.MULTILINE)
_NAME_AFTER_COMMA = re.compile(r", ([A-Za-z_][A-Za-z0-9_.]*)=")
_LEADING_NAME = re.compile(r"([A-Za-z_][A-Za-z0-9_.]*)=")


def _split_pairs(body: str, names: Sequence[str]) -> dict[str, str] | None:
    """Split ``a=1, b=x, y, c=2`` along the known column ``names`` (in order)."""
    values: dict[str, str] = {}
    if not names or not body.startswith(names[0] + "="):
        return None
    pos = len(names[0]) + 1
    for index, name in enumerate(names):
        if index + 1 < len(names):
            marker = f", {names[index + 1]}="
            end = body.find(marker, pos)
            if end < 0:
                return None
            values[name] = body[pos:end]
            pos = end + len(marker)
        else:
            values[name] = body[pos:]
    return values


def _candidate_names(body: str) -> list[str]:
    first = _LEADING_NAME.match(body)
    if not first:
        return []
    return [first.group(1), *(m.group(1) for m in _NAME_AFTER_COMMA.finditer(body))]


def _pairs(bodies: Sequence[str], known: Sequence[str] | None) -> list[dict[str, str]]:
    """Split each ``name=value, ...`` body into a dict, robust to ``", "`` inside values.

    With the column names known, each value runs to the next ``, <next name>=``. Without
    them, every body shows the true columns (all rows have the same ones, in the same
    order) plus any ``, x=`` that happens to occur inside a value: the body with the
    fewest such markers gives the column list, and every body is split along it.
    """
    names: list[str] | None = list(known) if known else None
    if names is None and bodies:
        names = min((_candidate_names(b) for b in bodies), key=len)
    parsed: list[dict[str, str]] = []
    for body in bodies:
        values = _split_pairs(body, names) if names else None
        if values is None:
            # A projection like "count(*) AS n" prints another name; fall back per row.
            values = _split_pairs(body, _candidate_names(body)) or {}
        parsed.append(values)
    return parsed


def parse_content_rows(
    output: str, projection: Sequence[str] | None = None
) -> list[dict[str, str | None]]:
    """Parse ``content query`` output (``Row: 0 _id=1, body=hi``) into one dict per row.

    ``NULL`` becomes None (a string column holding the text "NULL" reads the same: the
    command prints both alike). Values may hold ``", "`` and newlines. ``No result found.``
    (or no output) gives [].
    """
    starts = list(_ROW_START.finditer(output))
    if not starts:
        if output.strip() in ("", "No result found."):
            return []
        raise DeviceError(f"content query printed no rows and no 'No result found.': {output!r}")
    bodies = []
    for index, match in enumerate(starts):
        end = starts[index + 1].start() if index + 1 < len(starts) else len(output)
        body = output[match.end() : end]
        bodies.append(body[:-1] if body.endswith("\n") else body)
    rows = _pairs(bodies, projection)
    return [{k: (None if v == "NULL" else v) for k, v in row.items()} for row in rows]


_BROADCAST = re.compile(r"Broadcast completed: result=(-?\d+)(.*)", re.DOTALL)
_BUNDLE = re.compile(r", extras: Bundle\[\{(.*)\}\]\s*$", re.DOTALL)


def parse_broadcast(output: str) -> BroadcastResult:
    """Parse ``am broadcast`` output: ``Broadcast completed: result=N, data="...", extras:
    Bundle[{k=v}]`` (data and extras only when the receivers set them)."""
    match = _BROADCAST.search(output)
    if not match:
        raise DeviceError(f"am broadcast did not complete: {output.strip()!r}")
    code = int(match.group(1))
    rest = match.group(2).rstrip("\n")
    extras: dict[str, str] = {}
    bundle = _BUNDLE.search(rest)
    if bundle:
        inner = bundle.group(1)
        if inner:
            extras = _pairs([inner], None)[0]
        rest = rest[: bundle.start()]
    data: str | None = None
    if rest.startswith(', data="') and rest.endswith('"'):
        data = rest[len(', data="') : -1]
    return BroadcastResult(code=code, data=data, extras=extras)


_FOCUS = re.compile(r"mCurrentFocus=Window\{\S+ \S+ ([^\s/{}]+)/([^\s{}]+)\}")
_FOCUSED_APP = re.compile(r"mFocusedApp=\S*ActivityRecord\{\S+ \S+ ([^\s/{}]+)/([^\s{}]+)")


def parse_foreground_activity(dumpsys_window: str) -> str | None:
    """The focused ``package/activity`` in ``dumpsys window`` output, or None.

    ``mCurrentFocus`` names the focused window; when that is not an activity (the
    notification shade, a dialog without a component) ``mFocusedApp`` names the activity
    that has focus. The activity is returned as the device prints it (``.Settings`` is
    short for ``com.android.settings.Settings``).
    """
    for pattern in (_FOCUS, _FOCUSED_APP):
        match = pattern.search(dumpsys_window)
        if match:
            return f"{match.group(1)}/{match.group(2)}"
    return None
