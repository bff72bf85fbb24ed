"""The Clock's views, declared from AOSP DeskClock's layouts (packages/apps/DeskClock,
as LineageOS keeps it), the closest public source of Google's closed Clock app.

* ``desk_clock``: the toolbar with ``title_view`` (the page's name), ``content`` (a
  CoordinatorLayout) holding ``fragment_container`` and ``fab_container`` with
  ``left_button``, ``fab`` and ``right_button`` (FloatingActionButtons, named by their
  content descriptions), and ``bottom_view``, Material's BottomNavigationView of
  ``bottom_navigation_menu`` (``page_alarm``, ``page_clock``, ``page_timer``,
  ``page_stopwatch``: Alarm, Clock, Timer, Stopwatch).
* ``stopwatch_fragment``: ``stopwatch_time_wrapper`` > ``stopwatch_time_text`` and
  ``stopwatch_hundredths_text``, then ``laps_list``.
* ``timer_setup_view``: ``timer_setup_time`` (``00h 00m 00s``, described as
  ``0 hours, 0 minutes, 0 seconds``) over ``timer_setup_digits``' keypad
  (``timer_setup_digit_1`` ... ``_9``, ``_00``, ``_0`` and ``timer_setup_delete`` ⌫,
  "Delete").
* ``timer_item``: ``timer_label``, ``close``, ``timer_time_text``, ``reset``,
  ``add_one_min`` (``+ 1:00``) and ``play_pause``.

Where Google's app is not known (its colours, the Bedtime tab), the AOSP one is kept.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence

import droidhub.virtual.views as views
from droidhub.virtual.views.view import Action
from droidhub_aw_apps.common.styles import REST_OF_COLUMN

#: The bottom navigation's items: menu id, title, icon.
PAGES = (
    ("page_alarm", "Alarm", "alarm"),
    ("page_clock", "Clock", "schedule"),
    ("page_timer", "Timer", "hourglass_empty"),
    ("page_stopwatch", "Stopwatch", "timer"),
)
BACKGROUND = "#FFFFFFFF"
TEXT = "#FF1F1F1F"
ACCENT = "#FF0B57D0"
ACCENT_2 = "#FFD3E3FD"
SECONDARY = "#FFF0F4F9"


def _fab(
    id: str, label: str, icon: str, on_click: Action | None, *, big: bool = False
) -> views.View:
    """One of fab_container's FloatingActionButtons; no label: INVISIBLE."""
    return views.FloatingActionButton(
        id,
        icon or "add",
        content_desc=label,
        background=ACCENT if big else ACCENT_2,
        on_click=on_click,
        visibility=views.VISIBLE if label else views.INVISIBLE,
        layout_gravity=views.Gravity.CENTER_VERTICAL,
        margin=(24, 16, 24, 16),
    )


def fab_container(
    left: tuple[str, str, Action | None],
    fab: tuple[str, str, Action | None],
    right: tuple[str, str, Action | None],
) -> views.View:
    """fab_container: left_button, fab, right_button; each (label, icon, action)."""
    buttons = [
        _fab("left_button", *left),
        _fab("fab", *fab, big=True),
        _fab("right_button", *right),
    ]
    return views.ViewGroupLinear("fab_container", *buttons, orientation=views.HORIZONTAL,
                                 gravity=views.Gravity.CENTER_HORIZONTAL, width=views.MATCH_PARENT,
                                 layout_gravity=views.Gravity.BOTTOM)  # fmt: skip


def bottom_view(page: str, on_page: Callable[[str], object]) -> views.View:
    """bottom_view: Material's BottomNavigationView, its items labelled."""
    items: list[views.View] = []
    for item_id, title, icon in PAGES:
        chosen = item_id == page
        colour = TEXT if chosen else "#FF444746"
        label = views.TextView(
            "navigation_bar_item_large_label_view" if chosen
            else "navigation_bar_item_small_label_view",
            title, text_size=12, text_color=colour, medium=chosen, max_lines=1,
            layout_gravity=views.Gravity.CENTER_HORIZONTAL,
        )  # fmt: skip
        labels = views.ViewGroupLinear("navigation_bar_item_labels_group", label,
                                       layout_gravity=views.Gravity.CENTER_HORIZONTAL)  # fmt: skip
        glyph = views.ImageView("navigation_bar_item_icon_view", icon, tint=colour, filled=chosen,
                                layout_gravity=views.Gravity.CENTER_HORIZONTAL, margin=(0, 0, 0, 4),
                                padding=(20, 4, 20, 4),
                                background=ACCENT_2 if chosen else None,
                                corner_radius=16)  # fmt: skip
        column = views.LinearLayout(
            "", glyph, labels, orientation=views.VERTICAL, width=views.MATCH_PARENT
        )
        items.append(views.FrameLayout(item_id, column, content_desc=title, selected=chosen,
                                       width=0, weight=1, height=views.MATCH_PARENT,
                                       on_click=functools.partial(on_page, item_id)))  # fmt: skip
    menu = views.ViewGroupLinear("", *items, orientation=views.HORIZONTAL, width=views.MATCH_PARENT,
                                 height=views.MATCH_PARENT)  # fmt: skip
    return views.FrameLayout("bottom_view", menu, width=views.MATCH_PARENT, height=80,
                             padding=(0, 12, 0, 16), background=SECONDARY)  # fmt: skip


def desk_clock(
    title: str, page: views.View, fabs: views.View, navigation: views.View
) -> views.View:
    """desk_clock: the toolbar over the page and its buttons, then the navigation."""
    toolbar = views.Toolbar("toolbar", views.TextView("title_view", title, text_size=22,
                                                      text_color=TEXT,
                                                      margin=(24, 0, 0, 0),
                                                      layout_gravity=views.Gravity.CENTER_VERTICAL),
                            width=views.MATCH_PARENT, height=64)  # fmt: skip
    container = views.FrameLayout(
        "fragment_container", page, width=views.MATCH_PARENT, height=views.MATCH_PARENT
    )
    content = views.CoordinatorLayout("content", container, fabs, **REST_OF_COLUMN)  # fmt: skip
    return views.LinearLayout("", toolbar, content, navigation, orientation=views.VERTICAL,
                              width=views.MATCH_PARENT, height=views.MATCH_PARENT,
                              background=BACKGROUND)  # fmt: skip


def stopwatch_fragment(time_text: str, hundredths: str, laps: Sequence[str]) -> views.View:
    """stopwatch_fragment: the time in its circle's wrapper, then the laps."""
    time_view = views.TextView("stopwatch_time_text", time_text, text_size=64, text_color=TEXT,
                               layout_gravity=views.Gravity.BOTTOM)  # fmt: skip
    hundredths_view = views.TextView("stopwatch_hundredths_text", hundredths, text_size=32,
                                     text_color=TEXT, layout_gravity=views.Gravity.BOTTOM,
                                     margin=(4, 0, 0, 10))  # fmt: skip
    time_row = views.LinearLayout("", time_view, hundredths_view, orientation=views.HORIZONTAL,
                                  layout_gravity=views.Gravity.CENTER)  # fmt: skip
    wrapper = views.FrameLayout(
        "stopwatch_time_wrapper", time_row, width=views.MATCH_PARENT, height=340
    )
    rows = [views.TextView("", lap, text_size=16, text_color=TEXT, padding=(40, 8, 40, 8))
            for lap in laps]  # fmt: skip
    laps_list: views.RecyclerView[views.View] = views.RecyclerView(
        "laps_list",
        rows,
        lambda r: r,
        height=0,
        weight=1,
        padding=(0, 0, 0, 96),
        visibility=views.VISIBLE if rows else views.GONE,
    )
    return views.ViewGroupLinear("", wrapper, laps_list, orientation=views.VERTICAL,
                                 width=views.MATCH_PARENT,
                                 height=views.MATCH_PARENT)  # fmt: skip


_KEYPAD = (("1", "2", "3"), ("4", "5", "6"), ("7", "8", "9"), ("00", "0", "delete"))


def timer_setup_view(
    hours: int, minutes: int, seconds: int, on_digit: Callable[[str], object], on_delete: Action
) -> views.View:
    """timer_setup_view: the time typed so far over the keypad."""
    shown = f"{hours:02d}h {minutes:02d}m {seconds:02d}s"
    described = f"{hours} hours, {minutes} minutes, {seconds} seconds"
    time_view = views.TextView("timer_setup_time", shown, content_desc=described, text_size=56,
                               text_color=TEXT if hours or minutes or seconds else "#FF747775",
                               gravity=views.Gravity.CENTER, width=views.MATCH_PARENT,
                               height=140)  # fmt: skip
    grid = views.ViewGroupLinear(
        "", orientation=views.VERTICAL, width=views.MATCH_PARENT, padding=(48, 0, 48, 0)
    )
    for keys in _KEYPAD:
        row = views.LinearLayout(
            "", orientation=views.HORIZONTAL, width=views.MATCH_PARENT, height=84
        )
        for key in keys:
            if key == "delete":
                typed = bool(hours or minutes or seconds)
                button = views.Button("timer_setup_delete", "\u232b", content_desc="Delete",
                                      on_click=on_delete, enabled=typed)  # fmt: skip
            else:
                button = views.Button(f"timer_setup_digit_{key}", key,
                                      on_click=functools.partial(on_digit, key))  # fmt: skip
            button.text_px, button.all_caps, button.medium = round(button.text_px * 2), False, False
            button.width, button.weight, button.height = 0, 1, views.MATCH_PARENT
            row.add(button)
        grid.add(row)
    digits = views.LinearLayout(
        "timer_setup_digits", grid, width=views.MATCH_PARENT, padding=(16, 0, 16, 0)
    )
    return views.ViewGroupLinear("", time_view, digits, orientation=views.VERTICAL,
                                 width=views.MATCH_PARENT,
                                 height=views.MATCH_PARENT, padding=(0, 0, 0, 96))  # fmt: skip


def timer_item(time_text: str, running: bool, on_delete: Action, on_reset: Action,
               on_add_minute: Action, on_play_pause: Action) -> views.View:  # fmt: skip
    """timer_item: the label, close, the time left in its circle, reset, + 1:00 and
    play_pause."""
    label = views.TextView("timer_label", "Label", text_size=16, text_color="#FF747775",
                           layout_gravity=views.Gravity.CENTER_VERTICAL, weight=1,
                           width=0)  # fmt: skip
    close = views.ImageButton("close", "close", content_desc="Delete", on_click=on_delete)
    top = views.LinearLayout("", label, close, orientation=views.HORIZONTAL,
                             width=views.MATCH_PARENT,
                             padding=(24, 8, 8, 8))  # fmt: skip
    time_view = views.TextView("timer_time_text", time_text, text_size=56, text_color=TEXT,
                               gravity=views.Gravity.CENTER, width=views.MATCH_PARENT)  # fmt: skip
    reset = views.ImageButton("reset", "stop",
                              content_desc="Reset", on_click=on_reset,
                              layout_gravity=views.Gravity.CENTER_HORIZONTAL)  # fmt: skip
    circle = views.FrameLayout("circle_container", views.LinearLayout("", time_view, reset,
                                                                      orientation=views.VERTICAL,
                                                                      width=views.MATCH_PARENT,
                                                                      layout_gravity=views.Gravity.CENTER),
                               width=views.MATCH_PARENT, height=320)  # fmt: skip
    add = views.Button("add_one_min", "+ 1:00", content_desc="Add 1 Minute", on_click=on_add_minute)
    add.all_caps = False
    play = views.ImageButton("play_pause", "pause" if running else "play_arrow",
                             content_desc="Pause" if running else "Start",
                             on_click=on_play_pause)  # fmt: skip
    bottom = views.LinearLayout("", add, views.View(width=0, weight=1), play,
                                orientation=views.HORIZONTAL,
                                width=views.MATCH_PARENT, padding=(24, 0, 24, 0))  # fmt: skip
    return views.ViewGroupLinear("", top, circle, bottom, orientation=views.VERTICAL,
                                 width=views.MATCH_PARENT,
                                 background=SECONDARY, corner_radius=24, margin=16)  # fmt: skip
