"""The widgets a virtual app declares its screens from.

Each is a plain dataclass describing one Android view as the app would inflate it; the
layout in :mod:`droidhub.virtual.widgets.layout` turns a :class:`Window` of them into
``uiautomator dump`` nodes and pixels, and routes taps, swipes, text and keys back to
their callbacks. Every widget takes ``resource_id`` (short ids get the app's package),
``content_desc`` and ``key`` (what the toolkit remembers its state by: scroll offset,
focus, an open popup).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

Callback = Callable[[], object]

#: Keys as ``input keyevent`` hands them to a model: by name or by number (``adb shell
#: input keyevent`` accepts either, and the model receives the argument as typed).
KEY_DEL = ("KEYCODE_DEL", "67")
KEY_ENTER = ("KEYCODE_ENTER", "66")
KEY_BACK = ("KEYCODE_BACK", "4")


def selects_all(keycodes: Sequence[str]) -> bool:
    """Whether ``input keycombination`` keys (``KEYCODE_*`` names) are Ctrl+A: either
    Ctrl held while A goes down selects all of the focused field's text."""
    ctrl = any(k in ("KEYCODE_CTRL_LEFT", "KEYCODE_CTRL_RIGHT") for k in keycodes[:-1])
    return bool(keycodes) and ctrl and keycodes[-1] == "KEYCODE_A"


#: Icons the painter draws; an IconButton or Fab names one of them.
ICONS = (
    "add", "back", "calendar", "check", "close", "delete", "edit", "menu", "more",
    "save", "search", "settings", "share", "today",
)  # fmt: skip


@dataclass(frozen=True)
class Theme:
    """The app's colours: toolbar and FAB (``primary``), text on them, accents."""

    primary: str = "#F57C00"
    on_primary: str = "#FFFFFF"
    accent: str = "#F57C00"
    background: str = "#FFFFFF"


@dataclass
class MenuItem:
    """A row of an overflow or context menu."""

    title: str
    on_click: Callback


@dataclass
class Text:
    """A TextView; ``style`` is one of body, title, subtitle, caption, headline."""

    text: str
    style: str = "body"
    resource_id: str = ""
    content_desc: str = ""
    key: str = ""


@dataclass
class Button:
    """An ``android.widget.Button``; ``style`` is filled, text or outlined."""

    text: str
    on_click: Callback
    style: str = "filled"
    resource_id: str = ""
    content_desc: str = ""
    enabled: bool = True
    key: str = ""


@dataclass
class IconButton:
    """An ImageButton known by its content-desc; ``icon`` names one of :data:`ICONS`."""

    content_desc: str
    icon: str
    on_click: Callback
    resource_id: str = ""
    enabled: bool = True
    key: str = ""


@dataclass
class Fab:
    """The floating action button, bottom right above the navigation bar."""

    content_desc: str
    on_click: Callback
    icon: str = "add"
    resource_id: str = ""
    key: str = ""


@dataclass
class TextField:
    """An EditText. Empty, it shows its hint as text (as Android 13's dump does).

    A tap focuses it; typed text and DEL go to the focused field; ENTER calls
    ``on_submit`` when given, else adds a line to a multi-line field.
    """

    value: str
    on_change: Callable[[str], None]
    hint: str = ""
    single_line: bool = True
    resource_id: str = ""
    key: str = ""
    on_submit: Callback | None = None
    password: bool = False
    content_desc: str = ""


@dataclass
class CheckBox:
    """A CheckBox with its label; a tap toggles it."""

    text: str
    checked: bool
    on_toggle: Callable[[bool], None]
    resource_id: str = ""
    key: str = ""


@dataclass
class Switch:
    """A settings row with a title, an optional summary and an ``android.widget.Switch``
    (``android:id/switch_widget``); a tap on the row toggles it."""

    text: str
    checked: bool
    on_toggle: Callable[[bool], None]
    summary: str = ""
    resource_id: str = ""
    key: str = ""


@dataclass
class OneOf:
    """What a widget that picks one of ``options`` holds: the index ``selected`` and
    ``on_select``, called with the index picked."""

    options: Sequence[str]
    selected: int
    on_select: Callable[[int], None]
    resource_id: str = ""
    key: str = ""


@dataclass
class RadioGroup(OneOf):
    """RadioButtons, one per option; a tap selects one."""


@dataclass
class Slider:
    """A SeekBar from ``minimum`` to ``maximum``: its progress is its text, as Android
    reports it; a tap sets the value under the finger, a drag the value where it ends."""

    value: int
    minimum: int
    maximum: int
    on_change: Callable[[int], None]
    resource_id: str = ""
    content_desc: str = ""
    key: str = ""


@dataclass
class Spinner(OneOf):
    """A dropdown showing the selected option; a tap opens the options as a popup."""


@dataclass
class Tabs:
    """A row of tabs (content-desc = label); a tap or a sideways swipe changes tab."""

    labels: Sequence[str]
    selected: int
    on_select: Callable[[int], None]
    resource_id: str = ""
    key: str = ""


@dataclass
class ListRow:
    """A list item with a title and an optional subtitle.

    Clickable when it has ``on_click``; long-clickable when it has ``on_long_click``
    or a ``context_menu`` (a long press opens that menu as a popup).
    """

    title: str
    subtitle: str = ""
    on_click: Callback | None = None
    title_id: str = ""
    subtitle_id: str = ""
    selected: bool = False
    resource_id: str = ""
    content_desc: str = ""
    key: str = ""
    on_long_click: Callback | None = None
    context_menu: Sequence[MenuItem] = ()
    checked: bool | None = None


@dataclass
class ScrollList:
    """A RecyclerView taking the rest of its column; only rows in view are in the tree."""

    children: Sequence[Any]
    key: str
    resource_id: str = ""
    class_name: str = "androidx.recyclerview.widget.RecyclerView"


@dataclass
class Column:
    """Children stacked top to bottom; clickable as a whole when it has ``on_click``
    (a list item laid out from several lines)."""

    children: Sequence[Any]
    resource_id: str = ""
    key: str = ""
    on_click: Callback | None = None
    content_desc: str = ""


@dataclass
class Row:
    """Children side by side, sharing the width by ``weights``."""

    children: Sequence[Any]
    weights: Sequence[int] | None = None
    resource_id: str = ""
    key: str = ""


@dataclass
class Divider:
    """A hairline between rows (pixels only)."""


@dataclass
class Spacer:
    """Empty space ``height_dp`` high."""

    height_dp: int = 8


@dataclass
class Toolbar:
    """Title, "Navigate up", action buttons and the "More options" menu."""

    title: str
    up: bool = False
    on_up: Callback | None = None
    actions: Sequence[IconButton] = ()
    menu: Sequence[MenuItem] = ()
    subtitle: str = ""


@dataclass
class Dialog:
    """A modal AlertDialog: title, message, body and buttons (the positive one last)."""

    title: str = ""
    body: Sequence[Any] = ()
    buttons: Sequence[Button] = ()
    message: str = ""


@dataclass
class Window:
    """One screen of the app: toolbar, body top to bottom, FAB, bottom bar, dialog."""

    package: str
    toolbar: Toolbar | None = None
    body: Sequence[Any] = ()
    fab: Fab | None = None
    dialog: Dialog | None = None
    bottom: Sequence[Any] = field(default_factory=tuple)
    theme: Theme | None = None
