"""What the virtual phone shows: UI hierarchies in ``uiautomator dump`` format, and
their pixels (a 1080x2400 PNG drawn with Pillow: boxes and text).

App models with a UI return a :class:`droidhub.virtual.app.Screen`; every other app
gets the plain screen (a title bar with its label); the home screen lists the
installed apps as clickable icons. Drawing is cached by hierarchy text, so an
unchanged screen costs nothing the second time.
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING
from xml.sax.saxutils import escape

from droidhub.android.phone import PIXEL_6
from droidhub.virtual.app import Screen

if TYPE_CHECKING:
    from droidhub.virtual.phone import VirtualPhone

WIDTH, HEIGHT = PIXEL_6.size
STATUS_BAR = PIXEL_6.status_bar
NAVIGATION_BAR = PIXEL_6.navigation_bar
HEADER = "<?xml version='1.0' encoding='UTF-8' standalone='yes' ?>"
LAUNCHER_COLUMNS = 4
_PLAIN = re.compile(r"[^&<>\"'\n\r\t]*")
_ATTRIBUTE_ESCAPES = {'"': "&quot;", "'": "&apos;", "\n": "&#10;", "\r": "&#13;", "\t": "&#9;"}


@dataclass
class Node:
    """One ``<node>`` of a hierarchy; :meth:`xml` writes it with uiautomator's attribute order."""

    cls: str = "android.widget.FrameLayout"
    package: str = ""
    bounds: tuple[int, int, int, int] = (0, 0, WIDTH, HEIGHT)
    text: str = ""
    resource_id: str = ""
    content_desc: str = ""
    checkable: bool = False
    checked: bool = False
    clickable: bool = False
    enabled: bool = True
    focusable: bool = False
    focused: bool = False
    scrollable: bool = False
    long_clickable: bool = False
    password: bool = False
    selected: bool = False
    children: list[Node] = field(default_factory=list)

    def xml(self, index: int = 0) -> str:
        """The node and its children as uiautomator writes them."""

        def flag(value: bool) -> str:
            return "true" if value else "false"

        left, top, right, bottom = self.bounds
        attributes = (
            f'index="{index}" text="{_attr(self.text)}" resource-id="{_attr(self.resource_id)}" '
            f'class="{_attr(self.cls)}" package="{_attr(self.package)}" '
            f'content-desc="{_attr(self.content_desc)}" checkable="{flag(self.checkable)}" '
            f'checked="{flag(self.checked)}" clickable="{flag(self.clickable)}" '
            f'enabled="{flag(self.enabled)}" focusable="{flag(self.focusable)}" '
            f'focused="{flag(self.focused)}" scrollable="{flag(self.scrollable)}" '
            f'long-clickable="{flag(self.long_clickable)}" password="{flag(self.password)}" '
            f'selected="{flag(self.selected)}" bounds="[{left},{top}][{right},{bottom}]"'
        )
        if not self.children:
            return f"<node {attributes} />"
        inner = "".join(child.xml(i) for i, child in enumerate(self.children))
        return f"<node {attributes}>{inner}</node>"


def _attr(text: str) -> str:
    # Most attributes (ids, class names, flags) need no escaping: skip the eight
    # replacements for them, as a dump writes a few thousand attributes.
    if _PLAIN.fullmatch(text):
        return text
    return escape(text, _ATTRIBUTE_ESCAPES)


def hierarchy(root: Node) -> str:
    """A complete ``uiautomator dump`` document around ``root``."""
    return f'{HEADER}<hierarchy rotation="0">{root.xml()}</hierarchy>'


def plain_hierarchy(package: str, label: str) -> str:
    """The screen of an app without a UI model: a title bar with its label."""
    title = Node(
        "android.widget.TextView",
        package,
        (42, STATUS_BAR + 40, WIDTH - 42, STATUS_BAR + 150),
        text=label,
        resource_id=f"{package}:id/title",
    )
    toolbar = Node(
        "android.view.ViewGroup",
        package,
        (0, STATUS_BAR, WIDTH, STATUS_BAR + 190),
        resource_id=f"{package}:id/toolbar",
        children=[title],
    )
    content = Node(
        "android.widget.FrameLayout",
        package,
        (0, STATUS_BAR, WIDTH, HEIGHT - NAVIGATION_BAR),
        resource_id="android:id/content",
        children=[toolbar],
    )
    return hierarchy(
        Node(
            package=package,
            children=[Node("android.widget.LinearLayout", package, children=[content])],
        )
    )


@dataclass(frozen=True)
class LauncherIcon:
    """An app icon on the home screen."""

    label: str
    package: str
    bounds: tuple[int, int, int, int]


def launcher_icons(apps: Sequence[tuple[str, str]]) -> list[LauncherIcon]:
    """Lay ``(label, package)`` out in a 4-column grid under the status bar."""
    top = STATUS_BAR + 200
    rows = max(1, math.ceil(len(apps) / LAUNCHER_COLUMNS))
    cell_w = WIDTH // LAUNCHER_COLUMNS
    cell_h = min(320, (HEIGHT - NAVIGATION_BAR - 230 - top) // rows)
    icons = []
    for index, (label, package) in enumerate(apps):
        row, col = divmod(index, LAUNCHER_COLUMNS)
        left, upper = col * cell_w, top + row * cell_h
        icons.append(
            LauncherIcon(label, package, (left + 8, upper, left + cell_w - 8, upper + cell_h - 8))
        )
    return icons


def launcher_hierarchy(icons: Sequence[LauncherIcon]) -> str:
    """The Pixel launcher's home screen with one clickable icon per app."""
    pkg = "com.google.android.apps.nexuslauncher"
    cells = [
        Node(
            "android.widget.TextView",
            pkg,
            icon.bounds,
            text=icon.label,
            content_desc=icon.label,
            clickable=True,
            focusable=True,
            long_clickable=True,
        )
        for icon in icons
    ]
    workspace = Node(
        "android.view.ViewGroup",
        pkg,
        (0, STATUS_BAR, WIDTH, HEIGHT - NAVIGATION_BAR),
        resource_id=f"{pkg}:id/workspace",
        scrollable=True,
        children=cells,
    )
    search = Node(
        "android.widget.FrameLayout",
        pkg,
        (63, HEIGHT - NAVIGATION_BAR - 200, WIDTH - 63, HEIGHT - NAVIGATION_BAR - 60),
        resource_id=f"{pkg}:id/search_container_hotseat",
        content_desc="Search",
        clickable=True,
        focusable=True,
    )
    root = Node(
        package=pkg,
        children=[
            Node(
                "android.widget.FrameLayout",
                pkg,
                resource_id=f"{pkg}:id/launcher",
                children=[workspace, search],
            )
        ],
    )
    return hierarchy(root)


def current_screen(phone: VirtualPhone, pixels: bool = True) -> Screen:
    """What ``phone`` shows now: the launcher, the app model's screen, or the plain one.

    ``pixels=False`` (``uiautomator dump``) lets a model skip rendering its pixels.
    """
    package = phone.foreground_package
    if package == "com.google.android.apps.nexuslauncher":
        return Screen(launcher_hierarchy(launcher_icons(phone.launcher_apps())))
    app = phone.app(package)
    screen = None
    if app is not None:
        screen = app.screen(phone) if pixels else app.screen_without_pixels(phone)
    if screen is not None:
        return screen
    return Screen(plain_hierarchy(package, phone.label(package)))
