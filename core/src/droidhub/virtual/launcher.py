"""The Pixel launcher's home screen (``com.google.android.apps.nexuslauncher``) on the
view engine.

Declared after a real Pixel launcher's dump of its home screen on a 1080x2400
emulator: ``launcher`` > ``drag_layer`` > ``scrim_view``, the ``workspace`` (a
``ScrollView``, scrollable: its pages) holding the At a Glance card
(``search_container_workspace`` > ``bc_smartspace_view`` > ``smartspace_card_pager``
with the ``date``) and the app icons (each an ``android.widget.TextView``, its label
as text and content-desc, clickable and long-clickable), the ``page_indicator``, and
the ``hotseat`` (a ``ViewGroup``): the dock's four icons over the search pill
``search_container_hotseat`` ("Search") with ``g_icon`` ("Google app") and
``end_part``'s ``mic_icon`` ("Voice search") and ``lens_icon`` ("Google Lens").
Its measures are that dump's, in pixels: icon cells 252 px wide from x = 36, icon
views 210 px wide in them, the page indicator 63 px over the hotseat, the dock's
icons 173 x 195 px, the pill 929 x 165 px.

The dock holds Phone, Messages (SMS Messenger here), Chrome and Camera when they are
installed; every other app is on the workspace in label order, four across and five
down, further pages to the right: a swipe left or right turns the page.

A swipe up opens all apps, after AOSP Launcher3 13's ``all_apps`` layout: ``apps_view``
(a RelativeLayout) holding the search box ``search_container_all_apps`` (an EditText,
hint "Search apps") and ``apps_list_view``, a RecyclerView of every app in label order,
four columns, that scrolls; typing in the box keeps the apps a word of whose label
starts with what was typed, as Launcher3's search does. BACK or a swipe down with the
list at its top closes it; HOME goes back to the first page with all apps closed.
Each phone keeps its own home screen (:class:`HomeState`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from droidhub.virtual.app import Intent
from droidhub.virtual.launcher_views import (
    CALENDARS,
    COLUMNS,
    DOCK,
    ROWS,
    WALLPAPER,
    AllAppsContainer,
    AppIcon,
    CellLayout,
    GlanceDate,
    Hotseat,
    SearchBox,
    SearchPill,
    Workspace,
    px,
)
from droidhub.virtual.system_image import LAUNCHER_PACKAGE
from droidhub.virtual.views import (
    HORIZONTAL,
    MATCH_PARENT,
    FrameLayout,
    Gravity,
    GridRecyclerView,
    ImageButton,
    ImageView,
    LinearLayout,
    View,
    ViewApp,
    Window,
    dp,
)
from droidhub.virtual.views.window import lay_out

if TYPE_CHECKING:
    from droidhub.virtual.phone import VirtualPhone

__all__ = ["HomeState", "Launcher", "LauncherIcon", "launch", "matches"]


@dataclass(frozen=True)
class LauncherIcon:
    """An app icon on the home screen and where it is."""

    label: str
    package: str
    bounds: tuple[int, int, int, int]


@dataclass
class HomeState:
    """Where the home screen is: its page, and all apps open with what was searched."""

    page: int = 0
    all_apps: bool = False
    query: str = ""


#: The finger's travel, in px, past which a swipe on the home screen turns a page or
#: opens all apps (a fling shorter than that settles back).
SWIPE_PX = dp(48)
#: All apps' search box: AOSP Launcher3's ``all_apps_search_bar_hint``.
SEARCH_HINT = "Search apps"
DRAWER = "#FFF6F7F9"


def launch(phone: VirtualPhone, package: str) -> None:
    """Start ``package``'s launcher activity, as a tap on its icon does."""
    activity = phone.launch_activity(package)
    phone.start(
        package,
        activity,
        Intent(
            action="android.intent.action.MAIN",
            component=f"{package}/{activity}",
            categories=("android.intent.category.LAUNCHER",),
        ),
    )


def matches(label: str, query: str) -> bool:
    """Whether all apps' search keeps ``label`` for ``query``: a word of the label
    starts with it (any case)."""
    wanted = query.strip().lower()
    return not wanted or any(word.startswith(wanted) for word in label.lower().split())


class Launcher(ViewApp):
    """The home screen of the installed apps: ``apps`` for a layout alone, else each
    build reads ``phone.launcher_apps()``."""

    package = LAUNCHER_PACKAGE
    label = ""

    def __init__(self, apps: Sequence[tuple[str, str]] = ()) -> None:
        super().__init__()
        self.apps = list(apps)
        self.home = HomeState()

    def build(self, phone: VirtualPhone | None) -> Window:
        """All apps when open, else the home screen: the workspace over the page
        indicator and the dock."""
        if phone is not None:
            self.apps = phone.launcher_apps()
        if self.home.all_apps:
            return self._all_apps(phone)
        dock, rest = self._dock_and_workspace()
        date = f"{phone.today():%a, %b %-d}" if phone is not None else ""
        drag_layer = FrameLayout(
            "drag_layer",
            View("scrim_view", width=MATCH_PARENT, height=MATCH_PARENT),
            self._workspace(rest, date, phone),
            View("page_indicator", width=MATCH_PARENT, height=px(63),
                 layout_gravity=Gravity.BOTTOM, margin=(0, 0, 0, px(464))),
            self._hotseat(dock, phone),
            width=MATCH_PARENT,
            height=MATCH_PARENT,
        )  # fmt: skip
        root = FrameLayout("launcher", drag_layer, width=MATCH_PARENT, height=MATCH_PARENT)
        return Window(root, background=WALLPAPER, status_bar=WALLPAPER)

    def _workspace(
        self, apps: list[tuple[str, str]], date: str, phone: VirtualPhone | None
    ) -> Workspace:
        per_page = COLUMNS * ROWS
        self.home.page = min(self.home.page, self._pages() - 1)  # apps may have gone
        shift = px(1080 * self.home.page)  # the page shown is at the screen's left
        calendar = self._calendar()
        glance = FrameLayout(
            "search_container_workspace",
            FrameLayout(
                "bc_smartspace_view",
                FrameLayout(
                    "smartspace_card_pager",
                    GlanceDate(date, calendar, width=MATCH_PARENT, height=px(62),
                               margin=(0, px(68), 0, 0), on_click=self._opener(phone, calendar)),
                    width=MATCH_PARENT, height=MATCH_PARENT,
                ),
                width=MATCH_PARENT, height=MATCH_PARENT, margin=(px(42), 0, 0, 0),
            ),
            width=MATCH_PARENT, height=px(272),
            margin=(px(57) - shift, px(109), px(57) + shift, 0),
        )  # fmt: skip
        pages = [
            CellLayout(
                *(self._icon(app, 12, phone) for app in apps[first : first + per_page]),
                columns=COLUMNS,
                cell=(px(252), px(262)),
                width=MATCH_PARENT,
                height=MATCH_PARENT,
                # pages sit side by side, a screen's width apart; a page's grid starts
                # under the At a Glance card
                margin=(px(1080 * number) - shift, px(381), shift - px(1080 * number), 0),
                padding=(px(36), 0, 0, 0),
            )
            for number, first in enumerate(range(0, len(apps), per_page))
        ]
        return Workspace(
            "workspace",
            glance,
            *pages,
            width=MATCH_PARENT,
            height=MATCH_PARENT,
            margin=(0, 0, 0, px(464 + 63)),
        )

    def _icon(
        self, app: tuple[str, str], top_padding: float, phone: VirtualPhone | None
    ) -> AppIcon:
        label, package = app
        return AppIcon(label, package, top_padding, width=px(210), height=px(262),
                       margin=(px(21), 0, 0, 0), on_click=self._opener(phone, package))  # fmt: skip

    def _hotseat(self, apps: list[tuple[str, str]], phone: VirtualPhone | None) -> Hotseat:
        hotseat = Hotseat("hotseat", width=MATCH_PARENT, height=px(464),
                          layout_gravity=Gravity.BOTTOM)  # fmt: skip
        for column, (label, package) in enumerate(apps):
            icon = AppIcon(label, package, top_padding=4, width=px(173), height=px(195),
                           margin=(px(76 + 252 * column), 0, 0, 0),
                           on_click=self._opener(phone, package))  # fmt: skip
            icon.show_label = False  # the dock's labels are in the dump, not on screen
            hotseat.add(icon)
        blue = "#FF4285F4"
        hotseat.add(
            SearchPill(
                "search_container_hotseat",
                ImageView("g_icon", "search", tint=blue, width=px(126), height=px(126),
                          margin=(px(11), px(19), 0, 0), content_desc="Google app",
                          clickable=True),
                LinearLayout(
                    "end_part",
                    ImageView("mic_icon", "mic", tint=blue, width=px(126), height=MATCH_PARENT,
                              content_desc="Voice search", clickable=True),
                    ImageButton("lens_icon", "center_focus_weak", tint=blue, width=px(126),
                                height=MATCH_PARENT, content_desc="Google Lens", padding=0),
                    orientation=HORIZONTAL, height=MATCH_PARENT, margin=(px(529), 0, 0, 0),
                ),
                orientation=HORIZONTAL, width=px(929), height=px(165), content_desc="Search",
                background="#FFFFFFFF", corner_radius=px(82), margin=(px(75), px(252), 0, 0),
                on_click=lambda: None,
            )
        )  # fmt: skip
        return hotseat

    def _all_apps(self, phone: VirtualPhone | None) -> Window:
        """All apps: the search box over the grid of every app (or of those found)."""
        found = [app for app in self.apps if matches(app[0], self.home.query)]

        def bind(app: tuple[str, str]) -> View:
            icon = self._icon(app, 8, phone)
            icon.width, icon.margin = MATCH_PARENT, (0, 0, 0, 0)
            return icon

        search = SearchBox(
            "search_container_all_apps",
            self.home.query,
            hint=SEARCH_HINT,
            on_change=self._search,
            width=MATCH_PARENT,
            height=56,
            margin=(16, 8, 16, 0),
            padding=(44, 12, 12, 12),
            background="#FFE8EAED",
            corner_radius=28,
        )
        apps_view = AllAppsContainer(
            "apps_view",
            GridRecyclerView(
                "apps_list_view", found, bind, COLUMNS,
                width=MATCH_PARENT, height=MATCH_PARENT, margin=(0, 72, 0, 0),
                padding=(px(36), 0, px(36), 0),
            ),
            search,
            width=MATCH_PARENT,
            height=MATCH_PARENT,
        )  # fmt: skip
        drag_layer = FrameLayout("drag_layer", apps_view, width=MATCH_PARENT, height=MATCH_PARENT)
        root = FrameLayout("launcher", drag_layer, width=MATCH_PARENT, height=MATCH_PARENT)
        return Window(root, background=DRAWER, status_bar=DRAWER)

    def _search(self, text: str) -> None:
        self.home.query = text
        self.view_state.scroll.pop("apps_list_view", None)

    @staticmethod
    def _opener(phone: VirtualPhone | None, package: str) -> Callable[[], object] | None:
        if phone is None or not package:
            return None
        return lambda: launch(phone, package)

    # --- input ------------------------------------------------------------------------
    def on_swipe(
        self, phone: VirtualPhone, x1: int, y1: int, x2: int, y2: int, duration_ms: int
    ) -> bool | None:
        """On the home screen a swipe up opens all apps and a sideways one turns the
        page; in all apps a swipe down with the list at its top closes them; any other
        swipe is the engine's (a scroll, a long press)."""
        dx, dy = x2 - x1, y2 - y1
        vertical = abs(dy) >= abs(dx)
        if self.home.all_apps:
            at_top = self.view_state.scroll.get("apps_list_view", 0) == 0
            if vertical and dy > SWIPE_PX and at_top and self.view_state.keyboard is None:
                self.close_all_apps()
                return None
        elif vertical and -dy > SWIPE_PX:
            self.home.all_apps, self.home.query = True, ""
            self.reset_view_state()
            return None
        elif not vertical and abs(dx) > SWIPE_PX:
            step = 1 if dx < 0 else -1  # the finger moving left shows the next page
            self.home.page = min(max(self.home.page + step, 0), self._pages() - 1)
            return None
        return super().on_swipe(phone, x1, y1, x2, y2, duration_ms)

    def on_back(self, phone: VirtualPhone) -> bool:
        """BACK closes all apps."""
        del phone
        if self.home.all_apps:
            self.close_all_apps()
            return True
        return False

    def close_all_apps(self) -> None:
        """Back to the workspace, the search forgotten."""
        self.home.all_apps, self.home.query = False, ""
        self.reset_view_state()

    def go_home(self) -> None:
        """HOME: all apps closed, the first page shown."""
        self.close_all_apps()
        self.home.page = 0

    def icons(self) -> list[LauncherIcon]:
        """Every app icon and its bounds, as laid out on the screen now."""
        window = self.build(None)
        lay_out(window)
        return [
            LauncherIcon(view.text, view.package, view.bounds)
            for view in window.content.walk()
            if isinstance(view, AppIcon | GlanceDate) and view.package
        ]

    def _dock_and_workspace(self) -> tuple[list[tuple[str, str]], list[tuple[str, str]]]:
        """The apps the dock holds (in its order) and those on the workspace."""
        dock = [app for package in DOCK for app in self.apps if app[1] == package]
        return dock, [app for app in self.apps if app not in dock]

    def _pages(self) -> int:
        """The workspace's pages: enough for its apps, one at least."""
        return max(1, -(-len(self._dock_and_workspace()[1]) // (COLUMNS * ROWS)))

    def _calendar(self) -> str:
        """The installed calendar app the At a Glance date opens ("" if none)."""
        return next((p for _, p in self.apps if p in CALENDARS), "")
