"""Settings' and SystemUI's layouts of Android 13 (API 33), declared on the view engine.

Facts from AOSP's sources (packages/apps/Settings, frameworks/base SettingsLib and
SystemUI) at Android 13:

* the top-level page is ``settings_homepage_container.xml`` (the 12L/13 layout with a
  two-pane variant): a CoordinatorLayout (``settings_homepage_container``) holding,
  in this order, the NestedScrollView ``main_content_scrollable_container`` (reported as
  ``android.widget.ScrollView``, the one that scrolls) > ``homepage_container`` >
  ``main_content`` > the preference list, whose RecyclerView ``recycler_view`` shows
  every row (it does not scroll itself inside the scroll view). Each entry is
  ``homepage_preference.xml``: ``icon_frame`` > ``android:id/icon``, then
  ``text_frame`` (a RelativeLayout) > ``android:id/title`` and ``android:id/summary``;
  then the ``app_bar`` (an AppBarLayout, a LinearLayout: ``app_bar_container`` >
  ``settings_homepage_app_bar_regular_phone_layout.xml``, included as
  ``homepage_app_bar_regular_phone_view``: the INVISIBLE ``account_avatar``, the
  ``homepage_title`` "Settings", the empty ``suggestion_content`` and
  ``search_bar.xml``'s MaterialCardView ``search_bar`` > Toolbar
  ``search_action_bar`` > ``search_action_bar_title`` "Search settings"); the
  two-pane app bar and suggestion container are GONE on a phone.
* every other page is SettingsLib's ``collapsing_toolbar_base_layout``: a
  CoordinatorLayout ``content_parent`` > AppBarLayout ``app_bar`` >
  CollapsingToolbarLayout ``collapsing_toolbar`` (a FrameLayout reporting the page's
  title as its content-desc; it draws the title itself) > Toolbar ``action_bar`` >
  the "Navigate up" ImageButton; then ``content_frame`` > the preference list
  (LinearLayout > ``android:id/list_container`` > ``recycler_view``, which scrolls),
  rows from :mod:`droidhub.virtual.views.preference`.
* SystemUI's brightness dialog (``BrightnessDialog``, its own window at the top of the
  screen over a scrim): ``brightness_mirror_container`` > ``brightness_slider``
  (BrightnessSliderView, a FrameLayout) > ``slider`` (ToggleSeekBar: a SeekBar,
  content-desc "Display brightness"), ids of ``com.android.systemui``.

Measures not in the layouts (``homepage_*`` dimensions, the expanded toolbar's
height) are those of the sources' ``dimens.xml`` as far as they could be read, else
matched to a Pixel 6 screenshot's proportions. Two simplifications: the homepage's
app bar stays put while the list scrolls under it (on a phone it scrolls away first),
and a top-level icon shows on its coloured 40 dp disc as drawn on the phone although
the layout declares its view 24 dp.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import ClassVar

from droidhub.virtual import views
from droidhub.virtual.views.measure import MeasureSpec
from droidhub.virtual.views.paint import Painter
from droidhub.virtual.views.seekbar import SLIDER
from droidhub.virtual.views.view import Action
from droidhub_aw_apps.common.styles import COLUMN, FILL

SYSTEMUI = "com.android.systemui"
#: Android 13's Settings theme: its background and ink.
BACKGROUND = "#FFF8F9FA"
INK = "#FF1F1F1F"
SUMMARY_INK = "#FF444746"
SEARCH_BAR = "#FFE8EAED"
PANEL = "#FFF1F3F4"


class ScrollingContainer(views.ScrollingScrollView[views.View]):
    """AndroidX's NestedScrollView around one child (a list of one row)."""

    def __init__(self, id: str, child: views.View) -> None:
        super().__init__(id, [child], lambda view: view)


class AppBarCoordinator(views.CoordinatorLayout):
    """A CoordinatorLayout holding an AppBarLayout (id ``app_bar``) and the view that
    scrolls under it, in the layout's order (the homepage declares its scroll view
    first, SettingsLib's pages their app bar): the app bar at the top, the other view
    in the room below it (as ``AppBarLayout.ScrollingViewBehavior`` places it)."""

    def _bar_and_body(self) -> tuple[views.View, views.View]:
        first, second = self.shown()
        return (first, second) if first.id == "app_bar" else (second, first)

    def on_measure(self, width_spec: MeasureSpec, height_spec: MeasureSpec) -> tuple[int, int]:
        """The app bar as tall as it wants, the scrolling view the rest."""
        app_bar, body = self._bar_and_body()
        self.measure_child(app_bar, width_spec, height_spec)
        height = height_spec.resolve(0)
        self.measure_child(body, width_spec, MeasureSpec.exactly(height - app_bar.measured_height))
        return width_spec.resolve(0), height

    def on_layout(self) -> None:
        """The app bar at the top, the scrolling view under it."""
        app_bar, body = self._bar_and_body()
        app_bar.layout(self.left, self.top)
        body.layout(self.left, app_bar.bottom)


class PreferenceList(views.LinearLayout):
    """A RecyclerView that shows all its rows inside a scroll view (it never scrolls
    itself there): reported as ``androidx.recyclerview.widget.RecyclerView``."""

    class_name: ClassVar[str] = "androidx.recyclerview.widget.RecyclerView"

    def __init__(self, id: str, *rows: views.View) -> None:
        super().__init__(id, *rows, **COLUMN)


class CollapsingToolbar(views.FrameLayout):
    """Material's CollapsingToolbarLayout, expanded: the page's title drawn large at
    its bottom start (and reported as its content-desc), the toolbar at its top."""

    def __init__(self, title: str, *children: views.View) -> None:
        super().__init__(
            "collapsing_toolbar",
            *children,
            width=views.MATCH_PARENT,
            height=179,
            content_desc=title,
        )
        self.title = title

    def draw_content(self, painter: Painter) -> None:
        """The expanded title: 36 sp, 24 dp in from the start, 24 dp over the bottom."""
        box = (
            self.left + views.dp(24),
            self.top,
            self.right - views.dp(24),
            self.bottom - views.dp(24),
        )
        painter.text(
            [self.title], box, views.sp(36), INK, False, views.Gravity.BOTTOM | views.Gravity.START
        )


def homepage_row(
    title: str, summary: str, icon: str, colour: str, on_click: Action | None
) -> views.LinearLayout:
    """A top-level entry (``homepage_preference.xml``)."""
    return views.LinearLayout(
        "",
        views.LinearLayout(
            "icon_frame",
            views.PreferenceImageView(
                icon=icon, circle=colour, tint="#FFFFFFFF", width=40, height=40, icon_size=24
            ),
            gravity=views.Gravity.END | views.Gravity.CENTER_VERTICAL,
            padding=(16, 4, 0, 4),
        ),
        views.RelativeLayout(
            "text_frame",
            views.TextView("android:id/title", title, text_size=20, text_color=INK, max_lines=1),
            views.TextView(
                "android:id/summary",
                summary,
                text_color=SUMMARY_INK,
                max_lines=4,
                rules=views.Rules(below="android:id/title"),
            ),
            width=0,
            weight=1,
            padding=(24, 16, 24, 16),
        ),
        gravity=views.Gravity.CENTER_VERTICAL,
        width=views.MATCH_PARENT,
        on_click=on_click,
    )


def homepage(rows: Sequence[views.View], on_search: Action | None = None) -> views.View:
    """The top-level page: the list, and over it the app bar with the title and search bar."""
    search_bar = views.MaterialCardView(
        "search_bar",
        views.Toolbar(
            "search_action_bar",
            views.ImageButton("", "search", tint=SUMMARY_INK),
            views.TextView("search_action_bar_title", "Search settings", text_size=16,
                           text_color=SUMMARY_INK),
            height=48,
            elevation=0,
            clickable=True,  # it opens the search page (not modelled)
            on_click=on_search,
        ),
        width=views.MATCH_PARENT,
        margin=(16, 0, 16, 16),
        background=SEARCH_BAR,
        corner_radius=24,
        elevation=0,
    )  # fmt: skip
    regular_phone_view = views.LinearLayout(
        "homepage_app_bar_regular_phone_view",
        # AOSP's Settings shows no account: the avatar is INVISIBLE, keeping its room.
        views.ImageView("account_avatar", visibility=views.INVISIBLE, width=32, height=32,
                        layout_gravity=views.Gravity.END),
        views.TextView("homepage_title", "Settings", text_size=36, text_color=INK,
                       width=views.MATCH_PARENT, padding=(24, 0, 24, 24)),
        views.FrameLayout("suggestion_content", width=views.MATCH_PARENT),
        search_bar,
        **COLUMN,
    )  # fmt: skip
    app_bar = views.LinearLayout(
        "app_bar", views.LinearLayout("app_bar_container", regular_phone_view, **COLUMN), **COLUMN
    )
    content = views.LinearLayout(
        "homepage_container",
        views.FrameLayout("contextual_cards_content", width=views.MATCH_PARENT),
        views.FrameLayout(
            "main_content",
            views.LinearLayout(
                "",
                views.FrameLayout(
                    "android:id/list_container",
                    PreferenceList("recycler_view", *rows),
                    width=views.MATCH_PARENT,
                ),
                **COLUMN,
            ),
            width=views.MATCH_PARENT,
        ),
        **COLUMN,
    )
    return AppBarCoordinator(
        "settings_homepage_container",
        ScrollingContainer("main_content_scrollable_container", content),
        app_bar,
        **FILL,
    )


def subpage(title: str, rows: Sequence[views.View], on_up: Action) -> views.View:
    """A page one level or more down: the collapsing toolbar over its preference list."""
    toolbar = views.Toolbar(
        "action_bar",
        views.up_button(on_up, INK),
        height=64,
        elevation=0,
        padding=(4, 0, 0, 0),
    )
    app_bar = views.LinearLayout("app_bar", CollapsingToolbar(title, toolbar), **COLUMN)
    listing = views.LinearLayout(
        "",
        views.FrameLayout(
            "android:id/list_container",
            views.RecyclerView("recycler_view", list(rows), lambda row: row),
            **FILL,
        ),
        **COLUMN,
        height=views.MATCH_PARENT,
    )
    return AppBarCoordinator(
        "content_parent", app_bar, views.FrameLayout("content_frame", listing, **FILL), **FILL
    )


def brightness_dialog(
    level: int, low: int, high: int, on_change: Callable[[int], object], on_outside: Action
) -> views.View:
    """SystemUI's brightness dialog: its panel at the top of a window that fills the
    screen, where a tap outside the panel closes it."""
    panel = views.FrameLayout(
        "brightness_mirror_container",
        views.FrameLayout(
            "brightness_slider",
            views.SeekBar(
                "slider",
                progress=level,
                min=low,
                max=high,
                on_change=on_change,
                style=SLIDER,
                icon="brightness_medium",
                content_desc="Display brightness",
            ),
            width=views.MATCH_PARENT,
        ),
        width=views.MATCH_PARENT,
        margin=(16, 48, 16, 0),
        padding=(16, 16, 16, 16),
        background=PANEL,
        corner_radius=28,
        clickable=True,  # the panel keeps the taps that miss the slider
        layout_gravity=views.Gravity.TOP,
    )
    return views.FrameLayout("", panel, **FILL, on_click=on_outside)
