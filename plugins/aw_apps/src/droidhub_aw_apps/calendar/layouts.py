"""Simple Calendar Pro 6.22.2's main screen as view trees, from its layouts.

``activity_main.xml``: ``main_coordinator`` holding ``main_menu`` (Simple-Commons'
MySearchMenu with ``menu_main.xml``: Go to today and Change view as actions, the rest
in the overflow) and ``calendar_coordinator`` > ``main_holder`` (a ConstraintLayout) >
``swipe_refresh_layout`` > ``fragments_holder`` with the shown view's fragment, and
``calendar_fab`` ("New Event"); while a search runs, ``search_holder`` covers them with
its placeholders or ``search_results_list``.

The fragments: ``fragment_month`` in its ViewPager (``fragment_months_viewpager``):
``month_calendar_holder`` > ``top_navigation.xml``'s ``top_left_arrow``, ``top_value``
(the month, clickable: Go to date) and ``top_right_arrow``, then
``month_view_wrapper`` holding the drawn ``month_view`` and 42 clickable
``month_view_background`` cells (``MonthViewWrapper``: 7 columns, 6 rows under the
weekday letters, 2 x 14 sp tall). The cells carry no text: the numbers, today's filled
circle in the primary colour, the other months' days at half alpha and the events'
titles are drawn by ``MonthView``. ``fragment_day`` in ``fragment_days_viewpager``:
``day_holder`` > the top navigation and ``day_events``; ``fragment_event_list``:
``calendar_events_list_holder`` > ``calendar_events_list`` or its placeholders. Event
rows are ``event_list_item.xml`` (``event_item_holder`` > an id-less ConstraintLayout >
color bar, title, time, description); the list's sections are
``event_list_section_month`` (22 sp, all caps) and ``event_list_section_day``.
"""

from __future__ import annotations

import datetime as dt
import functools
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from droidhub.virtual import views
from droidhub.virtual.views.measure import MeasureSpec
from droidhub.virtual.views.paint import Painter
from droidhub.virtual.views.view import Action
from droidhub_aw_apps.calendar import ids
from droidhub_aw_apps.common import simple_commons as sc
from droidhub_aw_apps.common.styles import COLUMN_IN_ROW, FILL

#: ``month_text_size``, ``day_text_size`` and ``event_color_bar_width``.
MONTH_TEXT, DAY_TEXT, COLOR_BAR = 22, 17, 16
#: The "Regular event" type's colour: its event_types row's -14983648 as ARGB.
EVENT_COLOUR = "#FF1B5E20"
#: Days of other months are drawn at ``MEDIUM_ALPHA`` (0.5) of the text colour.
DIM_TEXT = "#801B1B1F"
WEEKDAY_LETTERS = "SMTWTFS"


@dataclass(frozen=True)
class MonthDay:
    """One of the month view's 42 days: its date, whether it is in the shown month or
    today, and the titles of its events."""

    date: dt.date
    in_month: bool
    today: bool
    titles: tuple[str, ...] = field(default=())


class MonthView(views.View):
    """``MonthView``: the weekday letters, each day's number (today's in a filled
    circle) and its events' titles, drawn; a plain ``android.view.View``."""

    def __init__(self, days: Sequence[MonthDay], today_column: int) -> None:
        super().__init__("month_view", **FILL)
        self.days, self.today_column = days, today_column

    def draw_content(self, painter: Painter) -> None:
        """Letters, numbers and event bars in the 7 x 6 grid."""
        letters = round(2 * views.sp(14))
        width = (self.right - self.left) / 7
        height = (self.bottom - self.top - letters) / 6
        for column, letter in enumerate(WEEKDAY_LETTERS):
            x = round(self.left + column * width)
            box = (x, self.top, round(x + width), self.top + letters)
            ink = sc.PRIMARY if column == self.today_column else sc.TEXT
            painter.text([letter], box, views.sp(14), ink, False, views.Gravity.CENTER)
        size = round(views.sp(14))
        for index, day in enumerate(self.days):
            x = round(self.left + index % 7 * width)
            y = round(self.top + letters + index // 7 * height)
            centre = round(x + width / 2)
            box = (x, y, round(x + width), y + 2 * size)
            ink = sc.TEXT if day.in_month else DIM_TEXT
            if day.today:
                radius = round(size * 0.8)
                middle = y + round(size * 0.7)
                painter.surface(
                    (centre - radius, middle - radius, centre + radius, middle + radius),
                    sc.PRIMARY,
                    radius,
                )
                ink = "#FFFFFFFF"
            number = (x, y + size // 4, box[2], y + size + size // 4)
            painter.text([str(day.date.day)], number, size, ink, False, views.Gravity.CENTER)
            self._events(painter, day, x, y + 2 * size, round(width), round(height))

    def _events(self, painter: Painter, day: MonthDay, x: int, y: int, w: int, h: int) -> None:
        """The day's event titles, one small bar each while they fit."""
        line = round(views.sp(12))
        for title in day.titles:
            if y + line + 2 * views.dp(1) > y - 2 * round(views.sp(14)) + h:
                break
            painter.surface(
                (x + views.dp(1), y, x + w - views.dp(1), y + line + views.dp(2)), EVENT_COLOUR, 4
            )
            painter.text(
                [title],
                (x + views.dp(3), y, x + w - views.dp(1), y + line),
                line,
                "#FFFFFFFF",
                False,
                0,
            )
            y += line + 3 * views.dp(1)


class MonthViewWrapper(views.FrameLayout):
    """``MonthViewWrapper``: the drawn ``month_view`` under one clickable
    ``month_view_background`` per day, laid out 7 across and 6 down below the
    weekday letters (``onLayout``)."""

    def on_measure(self, width_spec: MeasureSpec, height_spec: MeasureSpec) -> tuple[int, int]:
        """The frame's size; each cell a seventh by a sixth of what the letters leave."""
        width, height = super().on_measure(width_spec, height_spec)
        cell_w, cell_h = width // 7, int((height - 2 * views.sp(14)) // 6)
        for child in self.children[1:]:
            child.measure(MeasureSpec.exactly(cell_w), MeasureSpec.exactly(cell_h))
        return width, height

    def on_layout(self) -> None:
        """``month_view`` over the whole frame, the cells in their grid places."""
        month, *cells = self.children
        month.layout(self.left, self.top)
        width = (self.right - self.left) / 7
        height = (self.bottom - self.top - 2 * views.sp(14)) / 6
        for index, cell in enumerate(cells):
            x = int(index % 7 * width)
            y = int(index // 7 * height + 2 * views.sp(14))
            cell.layout(self.left + x, self.top + y)


def top_navigation(
    title: str, on_left: Action, on_right: Action, on_title: Action
) -> list[views.View]:
    """``top_navigation.xml``: the arrows either side of the title (whose
    content-desc is its text, as the fragments set it)."""
    value = views.TextView(
        "top_value", title, text_size=MONTH_TEXT, text_color=sc.TEXT, gravity=views.Gravity.CENTER,
        width=views.MATCH_PARENT, padding=(0, sc.NORMAL_MARGIN, 0, sc.NORMAL_MARGIN),
        content_desc=title, on_click=on_title,
        rules=views.Rules(to_right_of="top_left_arrow", to_left_of="top_right_arrow"),
    )  # fmt: skip
    left = views.ImageView(
        "top_left_arrow", "chevron_left", tint=sc.TEXT, on_click=on_left, height=52,
        padding=(sc.ACTIVITY_MARGIN, 0, sc.ACTIVITY_MARGIN, 0),
    )  # fmt: skip
    right = views.ImageView(
        "top_right_arrow", "chevron_right", tint=sc.TEXT, on_click=on_right, height=52,
        padding=(sc.ACTIVITY_MARGIN, 0, sc.ACTIVITY_MARGIN, 0),
        rules=views.Rules(align_parent_right=True),
    )  # fmt: skip
    return [left, value, right]


def month_fragment(
    title: str,
    days: Sequence[MonthDay],
    today_column: int,
    on_left: Action,
    on_right: Action,
    on_title: Action,
    open_day: Callable[[dt.date], object],
) -> views.View:
    """``fragment_months_holder`` > ``fragment_month``."""
    cells = [
        views.View("month_view_background", on_click=functools.partial(open_day, day.date))
        for day in days
    ]
    wrapper = MonthViewWrapper(
        "month_view_wrapper",
        MonthView(days, today_column),
        *cells,
        **FILL,
        rules=views.Rules(below="top_left_arrow"),
    )
    holder = views.RelativeLayout(
        "month_calendar_holder",
        *top_navigation(title, on_left, on_right, on_title),
        wrapper,
        **FILL,
    )
    return views.ViewPager("fragment_months_viewpager", holder, **FILL)


@dataclass(frozen=True)
class EventItem:
    """A row of an event list: what it shows and what a tap opens."""

    key: str
    title: str
    time: str
    description: str
    on_click: Action


@dataclass(frozen=True)
class Section:
    """A section title of the event list (a month or a day)."""

    key: str
    text: str
    month: bool


def event_row(item: EventItem) -> views.View:
    """``event_list_item.xml`` bound to ``item``."""
    title = views.TextView(
        "event_item_title", item.title, text_size=DAY_TEXT, text_color=sc.TEXT, max_lines=1,
        width=views.MATCH_PARENT, padding=(0, sc.SMALL_MARGIN, sc.ACTIVITY_MARGIN, sc.TINY_MARGIN),
    )  # fmt: skip
    time = views.TextView(
        "event_item_time", item.time, text_size=sc.NORMAL_TEXT, text_color="#CC1B1B1F",
        width=views.MATCH_PARENT, padding=(0, 0, 0, sc.SMALL_MARGIN),
    )  # fmt: skip
    description = views.TextView(
        "event_item_description", item.description, text_size=sc.NORMAL_TEXT,
        text_color="#CC1B1B1F", max_lines=1, width=views.MATCH_PARENT,
        padding=(0, 0, sc.ACTIVITY_MARGIN, sc.SMALL_MARGIN),
        visibility=views.GONE if not item.description else "visible",
    )  # fmt: skip
    texts = views.LinearLayout(
        "", title, time, description, **COLUMN_IN_ROW,
        margin=(sc.MEDIUM_MARGIN, 0, 0, 0),
    )  # fmt: skip
    bar = views.ImageView(
        "event_item_color_bar", width=COLOR_BAR, height=views.MATCH_PARENT, background=EVENT_COLOUR,
        corner_radius=4,
    )  # fmt: skip
    inner = views.ViewGroupFrame("", views.LinearLayout("", bar, texts, width=views.MATCH_PARENT))
    inner.width = -1  # MATCH_PARENT
    return views.ViewGroupFrame(
        "event_item_holder", inner, width=views.MATCH_PARENT,
        margin=(sc.ACTIVITY_MARGIN, 0, sc.ACTIVITY_MARGIN, sc.MEDIUM_MARGIN),
        background="#FFF3F0F7", corner_radius=8, on_click=item.on_click,
    )  # fmt: skip


def section_row(section: Section) -> views.View:
    """``event_list_section_month`` or ``event_list_section_day``."""
    if section.month:
        return views.TextView(
            "event_section_title", section.text, text_size=22, text_color=sc.TEXT,
            all_caps=True, width=views.MATCH_PARENT,
            padding=(sc.ACTIVITY_MARGIN, sc.NORMAL_MARGIN, 0, sc.SMALL_MARGIN),
        )  # fmt: skip
    return views.TextView(
        "event_section_title", section.text, text_size=sc.NORMAL_TEXT, text_color=sc.TEXT,
        width=views.MATCH_PARENT, margin=(sc.ACTIVITY_MARGIN, 0, 0, 0),
        padding=(sc.ACTIVITY_MARGIN, 0, 0, sc.SMALL_MARGIN),
    )  # fmt: skip


def list_row(entry: EventItem | Section) -> views.View:
    """A row of an events list: a section title or an event."""
    return section_row(entry) if isinstance(entry, Section) else event_row(entry)


def day_fragment(
    title: str, items: Sequence[EventItem], on_left: Action, on_right: Action, on_title: Action
) -> views.View:
    """``fragment_days_holder`` > ``fragment_day``."""
    events = views.RecyclerView(
        ids.DAY_EVENTS, list(items), event_row, rules=views.Rules(below="top_value"),
    )  # fmt: skip
    holder = views.RelativeLayout(
        "day_holder",
        *top_navigation(title, on_left, on_right, on_title),
        events,
        **FILL,
        padding=(0, sc.MEDIUM_MARGIN, 0, 0),
    )
    return views.ViewPager("fragment_days_viewpager", holder, **FILL)


def _placeholder(id: str, text: str, below: str = "") -> views.TextView:
    return views.TextView(
        id, text, text_size=sc.BIGGER_TEXT, text_color="#CC1B1B1F", gravity=views.Gravity.CENTER,
        width=views.MATCH_PARENT,
        padding=(sc.ACTIVITY_MARGIN, sc.MEDIUM_MARGIN, sc.ACTIVITY_MARGIN, sc.MEDIUM_MARGIN),
        rules=views.Rules(below=below),
    )  # fmt: skip


def event_list_fragment(entries: Sequence[EventItem | Section]) -> views.View:
    """``fragment_event_list``: the list, or its placeholders when it is empty."""
    if entries:
        shown: list[views.View] = [
            views.RecyclerView(
                ids.EVENTS_LIST,
                list(entries),
                list_row,
                padding=(0, sc.MEDIUM_MARGIN, 0, 0),
                clip_to_padding=False,
            )
        ]
    else:
        create = _placeholder(
            "calendar_empty_list_placeholder_2", ids.CREATE_NEW_EVENT,
            below="calendar_empty_list_placeholder",
        )  # fmt: skip
        create.text_color, create.width = sc.PRIMARY, -2
        shown = [
            _placeholder("calendar_empty_list_placeholder", ids.NO_UPCOMING_EVENTS),
            create,
        ]
    return views.RelativeLayout("calendar_events_list_holder", *shown, **FILL)


def search_holder(query: str, entries: Sequence[EventItem | Section]) -> views.View:
    """``search_holder`` (``searchQueryChanged``): for one letter "No items found."
    over "Type at least 2 characters...", then the results or "No items found."."""
    if len(query) < 2:
        shown: list[views.View] = [
            _placeholder("search_placeholder", ids.NO_ITEMS_FOUND),
            _placeholder("search_placeholder_2", ids.TYPE_2_CHARACTERS, below="search_placeholder"),
        ]
    elif not entries:
        shown = [_placeholder("search_placeholder", ids.NO_ITEMS_FOUND)]
    else:
        shown = [views.RecyclerView(ids.SEARCH_RESULTS, list(entries), list_row)]
    return views.RelativeLayout(
        "search_holder", *shown, **FILL,
        background=sc.BACKGROUND, clickable=True,
    )  # fmt: skip


def main_activity(
    menu: views.View, fragment: views.View, on_fab: Action, search: views.View | None
) -> views.View:
    """``activity_main.xml`` around the shown fragment (and the search over it)."""
    fab = views.FloatingActionButton(
        ids.FAB, "add", content_desc=ids.FAB_DESC, background=sc.PRIMARY, on_click=on_fab,
    )  # fmt: skip
    holder = views.ViewGroupFrame(
        "main_holder",
        sc.SwipeRefreshLayout(
            "swipe_refresh_layout", views.FrameLayout("fragments_holder", fragment, **FILL), **FILL
        ),
        fab,
        **FILL,
    )
    layers: list[views.View] = [holder] if search is None else [holder, search]
    return views.CoordinatorLayout(
        "main_coordinator",
        menu,
        views.CoordinatorLayout(
            "calendar_coordinator", *layers, **FILL,
            margin=(0, 56, 0, 0),
        ),
        **FILL, background=sc.BACKGROUND,
    )  # fmt: skip
