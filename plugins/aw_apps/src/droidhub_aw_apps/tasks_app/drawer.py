"""Tasks' drawer and the top level of its settings (org.tasks 13.6.3).

The drawer is NavigationDrawerFragment, a bottom sheet holding
``fragment_navigation_drawer``'s ``recycler_view``: the built-in filters as
``filter_adapter_row`` (``row`` > ``icon``, ``text`` a CheckedTextView, ``size`` the
count), the sections as ``filter_adapter_subheader`` (``subheader_row`` > ``divider``,
``text``, ``chevron``, ``add_item``), then a ``filter_adapter_separator`` and the actions
as ``filter_adapter_action`` (``row`` > ``icon``, ``text``). Settings is
``activity_preferences`` (the ``toolbar`` include over the ``settings`` frame) showing
``preferences.xml``'s top level as androidx preference rows.

Where this differs from the real app: the drawer shows no counts for Today and
Recently modified (My Tasks has its count; the default list holds none of AndroidWorld's
tasks, which have no list) and no "Donate" or "Manage drawer" actions; the settings' pages
under the top level are not modelled (a row takes the tap and stays).
"""

from __future__ import annotations

from collections.abc import Callable

from droidhub.virtual import views
from droidhub.virtual.views.view import Action
from droidhub_aw_apps.tasks_app import ids
from droidhub_aw_apps.tasks_app.layouts import (
    BACKGROUND,
    PRIMARY,
    TEXT_PRIMARY,
    TEXT_SECONDARY,
    TEXT_TERTIARY,
)

#: The drawer's lines: (kind, title, icon) — kind "filter", "subheader", "separator" or
#: "action".
DRAWER = (
    ("filter", ids.MY_TASKS, "list"),
    ("filter", ids.TODAY, "calendar_today"),
    ("filter", ids.RECENTLY_MODIFIED, "history"),
    ("subheader", ids.FILTERS, ""),
    ("subheader", ids.TAGS, ""),
    ("subheader", ids.PLACES, ""),
    ("subheader", ids.LOCAL_LISTS, ""),
    ("filter", ids.DEFAULT_LIST, "list"),
    ("separator", "", ""),
    ("action", ids.SETTINGS, "settings"),
    ("action", ids.HELP_AND_FEEDBACK, "help"),
)

#: ``preferences.xml``'s top level: (title, icon).
SETTINGS_ROWS = (
    ("Not signed in", ""),
    ("Look and feel", "palette"),
    ("Notifications", "notifications"),
    ("Task defaults", "add"),
    ("Task list options", "list"),
    ("Edit screen options", "edit"),
    ("Date and time", "schedule"),
    ("Navigation drawer", "menu"),
    ("Backups", "sd_storage"),
    ("Widget settings", "widgets"),
    ("Advanced", "settings"),
    ("About", "info"),
)


def _filter_row(title: str, icon: str, selected: bool, count: int, on_click: Action) -> views.View:
    colour = PRIMARY if selected else TEXT_SECONDARY
    return views.RelativeLayout(
        "row",
        views.TextView("size", f"{count:,}" if count else "", text_size=14, padding=(0, 0, 16, 0),
                       visibility="visible" if count else views.INVISIBLE,
                       rules=views.Rules(align_parent_right=True, center_vertical=True)),
        views.ImageView("icon", icon, tint=colour, rules=views.Rules(align_parent_left=True)),
        views.CheckedTextView("text", title, text_size=14, medium=True, max_lines=1,
                        text_color=PRIMARY if selected else TEXT_PRIMARY, padding=(32, 0, 16, 0),
                        width=views.MATCH_PARENT, checkable=True, checked=selected,
                        rules=views.Rules(to_right_of="icon", to_left_of="size",
                                          center_vertical=True)),
        width=views.MATCH_PARENT, padding=(16, 12, 0, 12), on_click=on_click,
    )  # fmt: skip


def _subheader(title: str) -> views.View:
    return views.RelativeLayout(
        "subheader_row",
        views.View("divider", width=views.MATCH_PARENT, height=1, background="#1F000000"),
        views.ImageView("add_item", "add", tint=TEXT_TERTIARY, padding=8,
                        rules=views.Rules(below="divider", align_parent_right=True)),
        views.ImageView("chevron", "expand_less", tint=TEXT_TERTIARY, padding=8,
                        rules=views.Rules(below="divider", to_left_of="add_item")),
        views.TextView("text", title, text_size=14, medium=True, text_color=TEXT_SECONDARY,
                       padding=16, rules=views.Rules(below="divider", align_parent_left=True,
                                                     to_left_of="chevron")),
        width=views.MATCH_PARENT, padding=(0, 0, 8, 0),
    )  # fmt: skip


def _action_row(title: str, icon: str, on_click: Action) -> views.View:
    return views.RelativeLayout(
        "row",
        views.ImageView("icon", icon, tint=TEXT_SECONDARY,
                        rules=views.Rules(align_parent_left=True)),
        views.TextView("text", title, text_size=14, medium=True, max_lines=1,
                       padding=(32, 0, 16, 0),
                       width=views.MATCH_PARENT,
                       rules=views.Rules(to_right_of="icon", center_vertical=True)),
        width=views.MATCH_PARENT, padding=(16, 12, 0, 12), on_click=on_click,
    )  # fmt: skip


def navigation_drawer(choose: Callable[[str], object], my_tasks: int) -> views.View:
    """``fragment_navigation_drawer``: the filters (My Tasks with its count of active,
    started tasks; a count of 0 is INVISIBLE), sections and actions; a tap runs
    ``choose(title)``."""

    def bind(line: tuple[str, str, str]) -> views.View:
        kind, title, icon = line
        pick: Action = lambda: choose(title)  # noqa: E731
        if kind == "filter":
            count = my_tasks if title == ids.MY_TASKS else 0
            return _filter_row(title, icon, title == ids.MY_TASKS, count, pick)
        if kind == "subheader":
            return _subheader(title)
        if kind == "separator":
            return views.FrameLayout("", views.View("divider", width=views.MATCH_PARENT, height=1,
                                                    background="#1F000000"),
                                                    width=views.MATCH_PARENT,
                                     padding=(0, 8, 0, 8))  # fmt: skip
        return _action_row(title, icon, pick)

    return views.RecyclerView("recycler_view", DRAWER, bind, height=-2, padding=(0, 8, 0, 8))


def settings(on_up: Action) -> views.View:
    """``activity_preferences``: the toolbar ("Settings", Navigate up) over the
    ``settings`` frame with the top-level preferences."""
    toolbar = views.Toolbar(
        "toolbar",
        views.ImageButton("", "arrow_back", tint=TEXT_PRIMARY, content_desc="Navigate up",
                          padding=16, width=56, height=56, on_click=on_up),
        views.TextView("", ids.SETTINGS, text_size=20, medium=True, margin=(16, 0, 0, 0)),
        background=BACKGROUND,
    )  # fmt: skip
    rows: list[views.View] = []
    for title, icon in SETTINGS_ROWS:
        image = views.PreferenceImageView(icon=icon) if icon else None
        rows.append(views.preference(title, icon=image, on_click=lambda: None))
    listing = views.RecyclerView("recycler_view", rows, lambda row: row)
    return views.LinearLayout(
        "",
        toolbar,
        views.FrameLayout("settings", listing, width=views.MATCH_PARENT, height=views.MATCH_PARENT),
        orientation=views.VERTICAL, width=views.MATCH_PARENT, height=views.MATCH_PARENT,
        background=BACKGROUND,
    )  # fmt: skip
