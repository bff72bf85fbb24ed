"""OpenTracks' Aggregated stats (v4.11.3): ``aggregated_stats`` with its
``aggregated_stats_list_item`` rows, the ``aggregated_statistics`` menu on the bottom
bar, and FilterDialogFragment's ``fragment_filter_dialog``.

Facts checked in the sources at the tag v4.11.3:

- ``aggregated_stats``: a toolbar (the statistics icon, "Aggregated stats") over
  ``aggregated_stats_list`` (GONE while it has no row) or ``aggregated_stats_empty_view``
  ("Record your first track to see aggregated statistics"; after a filter that finds
  nothing "There are not activities for the specified filter"), and
  ``bottom_app_bar_layout`` > ``bottom_app_bar`` (the back arrow; the menu's
  ``aggregated_statistics_filter``, or ``aggregated_statistics_clear_filter`` once a
  filter is applied, both titled "Filter").
- AggregatedStatistics: one row per activity type (the ``category`` column), the types
  with most tracks first, then by name; AggregatedStatisticsAdapter shows the type's
  icon, its name, the count in brackets, the total distance (DistanceFormatter), the
  total *moving* time (``formatElapsedTime``), the average moving speed and the maximum
  speed (TrackStatistics.getMaxSpeed: at least the average moving speed), as speed or
  pace by the type.
- FilterDialogFragment: an AlertDialog "Filter" with a checkable MaterialButton per type
  the list shows (all checked), "From" and "To" fields that open calendar-mode
  DatePickers, OK and Cancel. The range starts on ``LocalDate.now().with(<the locale's
  first day of week>)`` (Sunday in the US: the Sunday ending today's ISO week) and ends
  six days later at 23:59:59; OK selects the tracks whose start time lies in the range
  and whose type is checked (none checked selects every type).
"""

from __future__ import annotations

import datetime as dt
import functools
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import ClassVar

from droidhub.virtual import views
from droidhub.virtual.views.view import Action
from droidhub_aw_apps.sports_tracker import ids
from droidhub_aw_apps.sports_tracker.layouts import (
    ON_SURFACE,
    ON_SURFACE_VARIANT,
    OUTLINE,
    PRIMARY,
    SURFACE,
    SURFACE_CONTAINER,
    activity_icon,
)

#: ic_clear_filter_24dp, the funnel crossed out, shown while a filter holds.
_CLEAR_ICON = "filter_alt_off"


@dataclass(frozen=True)
class TypeLine:
    """One activity type as its ``aggregated_stats_list_item`` shows it."""

    category: str
    count: int
    distance: tuple[str, str]
    moving_time: str
    average: tuple[str, str, str]
    maximum: tuple[str, str, str]


def aggregated_stats(
    lines: Sequence[TypeLine], empty_text: str, filtered: bool, on_back: Action,
    on_filter: Action,
) -> views.CoordinatorLayout:  # fmt: skip
    """``aggregated_stats``: the toolbar, the rows (or the empty view), the bottom bar."""
    toolbar = views.Toolbar(
        "",
        views.ImageButton("", "bar_chart", tint=PRIMARY, padding=16, width=56, height=56),
        views.TextView("", ids.AGGREGATED_STATS, text_size=22, text_color=ON_SURFACE,
                       max_lines=1),
        background=SURFACE, elevation=0, height=64,
    )  # fmt: skip
    body = views.LinearLayout("", orientation=views.VERTICAL, width=views.MATCH_PARENT,
                              height=views.MATCH_PARENT, padding=(0, 0, 0, 80),
                              margin=(0, 64, 0, 0))  # fmt: skip
    if lines:
        body.add(
            views.RecyclerView("aggregated_stats_list", lines, _item, height=views.MATCH_PARENT)
        )
    else:
        body.add(views.TextView("aggregated_stats_empty_view", empty_text, text_size=34,
                                text_color=ON_SURFACE, gravity=views.Gravity.CENTER,
                                width=views.MATCH_PARENT, height=views.MATCH_PARENT,
                                padding=16))  # fmt: skip
    item_id = "aggregated_statistics_clear_filter" if filtered else "aggregated_statistics_filter"
    menu = views.action_menu((views.MenuItem(item_id, ids.FILTER, _CLEAR_ICON if filtered
                                             else "filter_alt", on_filter),),
                             tint=ON_SURFACE_VARIANT)  # fmt: skip
    bar = views.Toolbar(
        "bottom_app_bar",
        views.ImageButton("", "arrow_back", tint=ON_SURFACE_VARIANT, padding=16, width=56,
                          height=56, content_desc="Navigate up", on_click=on_back),
        views.View(width=0, height=0, weight=1),
        menu,
        background=SURFACE_CONTAINER, elevation=0, height=80, layout_gravity=views.Gravity.BOTTOM,
    )  # fmt: skip
    return views.CoordinatorLayout(
        "",
        views.LinearLayout("", toolbar, orientation=views.VERTICAL, width=views.MATCH_PARENT),
        body,
        views.ViewGroupFrame("bottom_app_bar_layout", bar, width=views.MATCH_PARENT,
                             height=views.MATCH_PARENT),
        width=views.MATCH_PARENT, height=views.MATCH_PARENT, background=SURFACE,
    )  # fmt: skip


def _item(line: TypeLine) -> views.View:
    """``aggregated_stats_list_item``: icon, type and count; distance and time; the
    average and maximum rates with their labels; the line under the row."""

    def value(id: str, text: str, size: int) -> views.TextView:
        return views.TextView(id, text, text_size=size, text_color=ON_SURFACE)

    def small(id: str, text: str) -> views.TextView:
        return views.TextView(id, text, text_size=14, text_color=ON_SURFACE_VARIANT,
                              margin=(4, 0, 0, 0))  # fmt: skip

    def half(*children: views.View) -> views.LinearLayout:
        return views.LinearLayout("", *children, width=0, weight=1,
                                  gravity=views.Gravity.BOTTOM)  # fmt: skip

    return views.ViewGroupLinear(
        "",
        views.LinearLayout(
            "",
            views.ImageView("activity_icon", activity_icon(line.category), tint=ON_SURFACE),
            views.TextView("aggregated_stats_type_label", line.category, text_size=20,
                           text_color=ON_SURFACE, margin=(16, 0, 0, 0)),
            views.TextView("aggregated_stats_num_tracks", f"({line.count})", text_size=20,
                           text_color=ON_SURFACE, margin=(4, 0, 0, 0)),
            gravity=views.Gravity.CENTER_VERTICAL,
        ),
        views.LinearLayout(
            "",
            half(value("aggregated_stats_distance", line.distance[0], 28),
                 small("aggregated_stats_distance_unit", line.distance[1])),
            half(value("aggregated_stats_time", line.moving_time, 28)),
            width=views.MATCH_PARENT,
        ),
        views.LinearLayout(
            "",
            half(value("aggregated_stats_avg_rate", line.average[0], 20),
                 small("aggregated_stats_avg_rate_unit", line.average[1])),
            half(value("aggregated_stats_max_rate", line.maximum[0], 20),
                 small("aggregated_stats_max_rate_unit", line.maximum[1])),
            width=views.MATCH_PARENT,
        ),
        views.LinearLayout(
            "",
            half(small("aggregated_stats_avg_rate_label", line.average[2])),
            half(small("aggregated_stats_max_rate_label", line.maximum[2])),
            width=views.MATCH_PARENT,
        ),
        views.View("aggregated_stats_horizontal_line", width=views.MATCH_PARENT, height=1,
                   background=OUTLINE, margin=(0, 8, 0, 0)),
        orientation=views.VERTICAL, width=views.MATCH_PARENT, padding=(16, 8, 16, 8),
    )  # fmt: skip


# --- the filter dialog --------------------------------------------------------------------
def week_of(today: dt.date) -> tuple[dt.date, dt.date]:
    """The filter's default range: ``today.with(SUNDAY)`` (the US locale's first day of
    week, which java.time moves to within today's Monday-to-Sunday week), six days on."""
    first = today + dt.timedelta(days=7 - today.isoweekday())
    return first, first + dt.timedelta(days=6)


def full_date(day: dt.date) -> str:
    """FormatStyle.FULL in English: "Sunday, October 15, 2023"."""
    return f"{day:%A, %B} {day.day}, {day.year}"


@dataclass
class FilterDraft:
    """The open filter dialog: each type and whether it is checked, the range, which
    picker is open and the month it shows."""

    checked: dict[str, bool]
    start: dt.date
    end: dt.date
    picker: str = ""
    shown: dt.date = dt.date(2023, 1, 1)

    def open(self, which: str) -> None:
        """Tap on the From or To field: its picker shows, on the month of its day."""
        self.picker = which
        self.shown = (self.start if which == "from" else self.end).replace(day=1)

    def move(self, months: int) -> None:
        """The picker's month arrows."""
        index = self.shown.year * 12 + self.shown.month - 1 + months
        self.shown = dt.date(index // 12, index % 12 + 1, 1)

    def pick(self, day: dt.date) -> None:
        """A day of the open picker: it becomes the field's day and the picker closes (a
        From after To moves To along)."""
        if self.picker == "from":
            self.start = day
            self.end = max(self.end, day)
        else:
            self.end = day
        self.picker = ""

    def toggle(self, category: str) -> None:
        """A type's button."""
        self.checked[category] = not self.checked[category]


def filter_dialog(draft: FilterDraft, on_ok: Action, on_cancel: Action) -> views.View:
    """FilterDialogFragment's AlertDialog: "Filter" over ``fragment_filter_dialog``."""
    items = views.LinearLayout("filter_items", orientation=views.VERTICAL,
                               width=views.MATCH_PARENT, padding=8)  # fmt: skip
    for category, checked in draft.checked.items():
        items.add(
            _CheckButton(
                "filter_dialog_check_button",
                category,
                checkable=True,
                checked=checked,
                text_size=14,
                medium=True,
                gravity=views.Gravity.CENTER,
                min_height=48,
                text_color=ON_SURFACE if checked else PRIMARY,
                padding=(24, 6, 24, 6),
                background="#FFFFDBCB" if checked else None,
                on_click=functools.partial(draft.toggle, category),
            )
        )
    column = views.ViewGroupLinear(
        "",
        items,
        _date_field("from", ids.FROM, draft.start, functools.partial(draft.open, "from")),
        _picker("filter_date_picker_from", draft, "from"),
        _date_field("to", ids.TO, draft.end, functools.partial(draft.open, "to")),
        _picker("filter_date_picker_to", draft, "to"),
        orientation=views.VERTICAL, width=views.MATCH_PARENT, padding=8,
    )  # fmt: skip
    # The dialog's ScrollView scrolls its one child (a swipe moves it as a list's).
    scroll = views.ScrollingScrollView("", [column], lambda view: view, width=views.MATCH_PARENT)
    dialog = views.alert_dialog(
        ids.FILTER, "", package_ids=True, positive=("OK", on_ok),
        negative=("Cancel", on_cancel),
        custom=views.FrameLayout("custom", scroll, width=views.MATCH_PARENT),
    )  # fmt: skip
    # AlertDialogLayout gives the custom panel what the title and buttons leave: a
    # tall filter scrolls while OK and Cancel stay on screen.
    for panel in dialog.children:
        if panel.id == "customPanel":
            panel.weight = 1
    return dialog


class _DateText(views.TextView):
    """The range's TextInputEditText (``android.widget.EditText``), neither focusable nor
    focusable in touch mode: a tap opens its picker, never the keyboard."""

    class_name: ClassVar[str] = "android.widget.EditText"
    clickable_by_default: ClassVar[bool] = True


def _date_field(which: str, hint: str, day: dt.date, on_click: Action) -> views.View:
    return views.TextInputLayout(
        f"filter_date_{which}",
        _DateText(f"filter_date_edit_text_{which}", full_date(day), hint=hint, text_size=16,
                  min_height=48, padding=(4, 12, 4, 12), on_click=on_click),
        width=views.MATCH_PARENT, padding=8,
    )  # fmt: skip


class _CheckButton(views.TextView):
    """``fragment_filter_dialog_item``: a checkable Material 3 outlined button
    (``android.widget.Button``, its text not in capitals)."""

    class_name: ClassVar[str] = "android.widget.Button"
    clickable_by_default: ClassVar[bool] = True


def _picker(id: str, draft: FilterDraft, which: str) -> views.View:
    """A calendar-mode DatePicker (before From disabled in To's). GONE unless open."""
    picked = draft.start if which == "from" else draft.end
    shown = draft.shown if draft.picker == which else picked.replace(day=1)
    return views.date_picker(
        id, picked, shown, draft.pick, draft.move, accent=PRIMARY, ink=ON_SURFACE,
        letter_ink=ON_SURFACE_VARIANT, earliest=draft.start if which == "to" else dt.date.min,
        padding=(8, 0, 8, 0), visibility=views.VISIBLE if draft.picker == which else views.GONE,
    )  # fmt: skip


#: Called with the range and the checked types when the filter's OK is tapped.
ApplyFilter = Callable[[dt.date, dt.date, tuple[str, ...]], None]
