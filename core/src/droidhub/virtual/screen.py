"""What the virtual phone shows now: System UI's shade while it is pulled
(:mod:`droidhub.virtual.shade`), else the launcher's home screen (on the view engine,
:mod:`droidhub.virtual.launcher`), the front app model's screen, or, for an app
without a UI model, a plain screen with its label. The dump format itself is
:mod:`droidhub.virtual.hierarchy`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from droidhub.android.phone import PIXEL_6
from droidhub.virtual import shade
from droidhub.virtual.app import Screen
from droidhub.virtual.hierarchy import Node, hierarchy
from droidhub.virtual.launcher import Launcher, LauncherIcon

if TYPE_CHECKING:
    from droidhub.virtual.phone import VirtualPhone

WIDTH, HEIGHT = PIXEL_6.size
STATUS_BAR = PIXEL_6.status_bar
NAVIGATION_BAR = PIXEL_6.navigation_bar

__all__ = ["LauncherIcon", "Node", "current_screen", "hierarchy", "launcher_icons"]


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


def launcher_icons(apps: Sequence[tuple[str, str]]) -> list[LauncherIcon]:
    """Where the home screen puts each ``(label, package)``: the launcher's own layout."""
    return Launcher(apps).icons()


def current_screen(phone: VirtualPhone, pixels: bool = True) -> Screen:
    """What ``phone`` shows now: the shade, the launcher, the app model's screen, or the
    plain one.

    ``pixels=False`` (``uiautomator dump``) lets a model skip rendering its pixels.
    """
    pulled = shade.screen(phone, pixels)
    if pulled is not None:
        return pulled
    package = phone.foreground_package
    app = phone.front_app()  # the launcher's home screen in front of no app
    screen = None
    if app is not None:
        screen = app.screen(phone) if pixels else app.screen_without_pixels(phone)
    if screen is not None:
        return screen
    return Screen(plain_hierarchy(package, phone.label(package)))
