"""Solvers of the email-inbox pages: find the email by a sender in the inbox, then
star it, delete it, forward it or reply to it.

The instruction is read as a person reads it: the plain pages say "Find the email by
NAME and ..."; the -nl pages word it in one of the ways their page package lists
(``templates.js`` and the forward-nl page's own list), which are read once to know what
each wording asks. The inbox's icons (trash, then star, in each row) carry no text in
the UI tree, so they are known by their place in the row.
"""

from __future__ import annotations

import functools
import json
import re
import time
from dataclasses import dataclass
from typing import TYPE_CHECKING

from droidhub import Action, NoOracle, UIElement
from droidhub_miniwob.pages import MOBILE_MINIWOB_TASKS
from droidhub_miniwob.solvers.registry import SolverError, solves
from droidhub_miniwob.solvers.screen import EDIT_TEXT, TEXT_VIEW, elements, find, page_files, tap

if TYPE_CHECKING:
    from droidhub import Env

_PLAIN = (
    ("reply", r'Find the email by NAME and reply to them with the text "MSG"\.'),
    ("forward", r"Find the email by NAME and forward that email to DEST\."),
    ("delete", r"Find the email by NAME and click the trash icon to delete it\."),
    ("important", r"Find the email by NAME and click the star icon to mark it as important\."),
)
_FIELDS = {
    "NAME": r"(?P<name>[A-Z][A-Za-z]*)",
    "DEST": r"(?P<dest>[A-Z][A-Za-z]*)",
    "MSG": "(?P<msg>.*)",
}
#: Why a reply cannot be sent as the page wants it with AndroidWorld's actions.
REPLY_GAP = (
    "a reply cannot be solved with AndroidWorld's actions: input_text presses Enter after "
    "typing, which breaks a line in the reply box, and the page wants the reply's text "
    "exactly; no action of the set deletes the line break"
)
_MAX_SCROLLS = 12
_SETTLE_S = 1.5
_RETAP_S = 0.4


@dataclass(frozen=True)
class Request:
    """What the instruction asks: an action on the email by ``name``."""

    action: str
    name: str
    dest: str = ""
    msg: str = ""


def _pattern(template: str) -> re.Pattern[str]:
    text = re.escape(template) if "\\" not in template else template
    for field, group in _FIELDS.items():
        text = text.replace(field, group, 1)
    return re.compile(text)


@functools.cache
def wordings() -> list[tuple[str, re.Pattern[str]]]:
    """Every wording the pages use, as (action, pattern), the plain ones first."""
    out = [(action, _pattern(template)) for action, template in _PLAIN]
    special = page_files() / "common" / "special" / "email-inbox-nl" / "templates.js"
    text = special.read_text(encoding="utf-8")
    for action, sets in json.loads(text[text.index("{") : text.rindex("}") + 1]).items():
        out += [(action, _pattern(t)) for t in (*sets["train"], *sets["test"])]
    page = (page_files() / "miniwob" / "email-inbox-forward-nl.html").read_text(encoding="utf-8")
    listed = page[page.index("var NL_TEMPLATES") : page.index("var displayQuery")]
    out += [("forward", _pattern(t)) for t in re.findall(r"'((?:[^'\\]|\\.)*)'", listed)]
    return out


def read_request(utterance: str) -> Request:
    """The action, sender and text an instruction asks for."""
    for action, pattern in wordings():
        match = pattern.fullmatch(utterance.strip())
        if match:
            fields = match.groupdict()
            return Request(
                action, fields["name"], fields.get("dest") or "", fields.get("msg") or ""
            )
    raise SolverError(f"cannot read the email instruction {utterance!r}")


def _box(on_screen: list[UIElement], rid: str) -> UIElement | None:
    return next((e for e in on_screen if e.resource_id == rid), None)


def _row(on_screen: list[UIElement], name: str) -> tuple[UIElement, list[UIElement]] | None:
    """The sender's text in the inbox and its row's two icons (trash, star), when the
    whole row is on screen."""
    # The inbox scrolls inside #main on the pages with many emails; the short pages
    # (three or four emails) have no scrolling box.
    frame = _box(on_screen, "main") or _box(on_screen, "area") or on_screen[0]
    if frame.bounds is None:
        return None
    top, bottom = frame.bounds.top, frame.bounds.bottom
    for i, e in enumerate(on_screen):
        if e.class_name != TEXT_VIEW or e.text.strip() != name or e.bounds is None:
            continue
        after = on_screen[i + 1 : i + 10]
        icons = [
            x
            for x in after
            if x.clickable
            and not x.text
            and x.bounds is not None
            and x.bounds.right - x.bounds.left <= 100
        ][:2]
        shown = [e, *icons]
        if len(icons) == 2 and all(
            x.bounds is not None and top <= x.bounds.top and x.bounds.bottom < bottom for x in shown
        ):
            return e, icons
    return None


def _scroll(env: Env) -> bool:
    on_screen = elements(env)
    area = _box(on_screen, "area") or _box(on_screen, "main")
    if area is None:
        return False
    before = [(e.text, e.bounds) for e in on_screen if e.class_name == TEXT_VIEW]
    env.execute_action(Action(action_type="scroll", direction="down", index=on_screen.index(area)))
    deadline = time.monotonic() + _SETTLE_S
    last = before
    while time.monotonic() < deadline:
        time.sleep(0.05)
        now = [(e.text, e.bounds) for e in elements(env) if e.class_name == TEXT_VIEW]
        if now == last and now != before:
            return True
        last = now
    return last != before


def _find_row(env: Env, name: str) -> tuple[UIElement, list[UIElement], list[UIElement]]:
    stuck = 0
    for _ in range(_MAX_SCROLLS):
        on_screen = elements(env)
        found = _row(on_screen, name)
        if found is not None:
            return found[0], found[1], on_screen
        if _scroll(env):
            stuck = 0
            continue
        # Nothing moved: the list's end, a page without a scrolling box, or, on a busy
        # machine, an inbox not drawn yet or a swipe not shown within the settling time.
        # Look again after a while; give up on the third such look in a row.
        stuck += 1
        if stuck == 3:
            break
        time.sleep(_SETTLE_S)
    raise SolverError(f"no email by {name} in the inbox")


def _tap_text(env: Env, text: str) -> None:
    tap(env, find(env, lambda e: e.text.strip() == text, f"{text!r}"))


#: Every email-inbox page of the catalogue but email-inbox-reply (see :data:`REPLY_GAP`).
_INBOX_PAGES = tuple(
    name
    for name in MOBILE_MINIWOB_TASKS
    if name.startswith("email-inbox") and name != "email-inbox-reply"
)


@solves(*_INBOX_PAGES)
def _email_inbox(env: Env, utterance: str) -> None:
    request = read_request(utterance)
    sender, icons, on_screen = _find_row(env, request.name)
    if request.action in ("delete", "important"):
        # Tap twice: a first tap may only show the icon's hover picture (see social.py);
        # once the episode has ended the page ignores taps.
        icon = icons[0] if request.action == "delete" else icons[1]
        tap(env, icon, on_screen)
        time.sleep(_RETAP_S)
        tap(env, icon)
        return
    if request.action == "reply":
        raise NoOracle(REPLY_GAP)
    tap(env, sender, on_screen)  # the email opens
    _tap_text(env, "Forward")  # the body is copied in; the recipient is typed
    field = find(env, lambda e: e.class_name == EDIT_TEXT and not e.text, "recipient field")
    x, y = field.bounds.center if field.bounds is not None else (0, 0)
    env.execute_action(Action(action_type="input_text", text=request.dest, x=x, y=y))
    tap(env, find(env, lambda e: e.resource_id == "send-forward", "send button"))
