"""Simple Calendar Pro's screens on the virtual phone, following the app AndroidWorld
pins: com.simplemobiletools.calendar.pro 6.22.2 (versionCode 238), from
SimpleMobileTools/Simple-Calendar at tag 6.22.2.

MainActivity opens in the monthly view: a search bar ("Search") with "Go to today"
and "Change view" and an overflow menu, the month's title between the arrows
(``top_left_arrow``, ``top_value``, ``top_right_arrow``), a grid of day cells
(``month_view_background``; today's is selected, as the app rings it) and the
"New Event" FAB (``calendar_fab``). Tapping a day opens its daily view with a back
arrow: the day's title ("October 20 (Fri)") and its events (``day_events``: title and
time). "Change view" offers the app's views; the daily view and the "Simple event
list" (``calendar_events_list``: month and day sections, from today's on, where the
app scrolls it to) are shown, the others fall back to the monthly view. Typing in the
search bar lists the matching events (title, location or description). "Go to date"
in the overflow menu picks a day or month (with the calendar-mode date picker; the
app's own dialog is a spinner-mode DatePicker). Tapping an event opens the editor
(:mod:`droidhub_aw_apps.calendar.editor`); saving and deleting write the ``events``
table at once.

The view picked in "Change view" is kept while the app runs; a stop (``am
force-stop``, as every task's set-up does) brings back the monthly view.
"""

from __future__ import annotations

import calendar
import datetime as dt
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, ClassVar

from droidhub.virtual.appmodel import (
    Dialog,
    Fab,
    IconButton,
    ListRow,
    MenuItem,
    RadioGroup,
    Row,
    ScrollList,
    Text,
    TextField,
    Theme,
    Toolbar,
    VirtualApp,
    WidgetApp,
    Window,
)
from droidhub_aw_apps.calendar import agenda, ids
from droidhub_aw_apps.calendar.draft import Draft
from droidhub_aw_apps.calendar.editor import Editor
from droidhub_aw_apps.calendar.model import DB_PATH, PACKAGE, SimpleCalendarApp, read_event_rows
from droidhub_aw_apps.calendar.pickers import DatePick
from droidhub_aw_apps.common.themes import SIMPLE_MOBILE_TOOLS

if TYPE_CHECKING:
    from droidhub.virtual.appmodel import Intent, VirtualPhone

MONTHLY, DAILY, LIST = "monthly", "daily", "list"
#: The "Change view" dialog's choices and the view each shows here.
VIEWS: tuple[tuple[str, str], ...] = (
    (ids.DAILY_VIEW, DAILY),
    (ids.WEEKLY_VIEW, MONTHLY),
    (ids.MONTHLY_VIEW, MONTHLY),
    (ids.MONTHLY_DAILY_VIEW, MONTHLY),
    (ids.YEARLY_VIEW, MONTHLY),
    (ids.SIMPLE_EVENT_LIST, LIST),
)
_SUNDAY_FIRST = calendar.Calendar(firstweekday=6)
#: How far back the event list reaches (the app's default "display past events": a day).
PAST_EVENTS = dt.timedelta(days=1)
#: How far ahead the event list reaches at first (the app fetches six months).
LIST_AHEAD = dt.timedelta(days=183)


class CalendarScreens(WidgetApp, SimpleCalendarApp):
    """Simple Calendar Pro's main screen, day view, event list, search and editor."""

    theme: ClassVar[Theme] = SIMPLE_MOBILE_TOOLS

    def __init__(self) -> None:
        super().__init__()
        self._forget()

    def _forget(self) -> None:
        self.view = MONTHLY
        self.month: dt.date | None = None  # first day of the month shown
        self.day: dt.date | None = None  # the day shown (daily view, or opened from a month)
        self.day_from_month = False
        self.search = ""
        self.dialog: str | None = None
        self.go_to_date: DatePick | None = None
        self.editor: Editor | None = None

    # --- lifecycle ----------------------------------------------------------------------
    def on_start(self, phone: VirtualPhone, intent: Intent) -> None:
        """A fresh start shows the current month."""
        super().on_start(phone, intent)
        if self.editor is None and self.month is None:
            self.month = phone.now().date().replace(day=1)

    def on_stop(self, phone: VirtualPhone) -> None:
        """Stopped: the next start opens the monthly view again."""
        super().on_stop(phone)
        self._forget()
        self.reset_ui()

    def on_back(self, phone: VirtualPhone) -> bool:
        """BACK closes a dialog, the editor, the search, then a day opened from a month."""
        if self.editor is not None:
            self.editor.back()
            return True
        if self.dialog is not None or self.go_to_date is not None:
            self.dialog, self.go_to_date = None, None
            return True
        if self.search:
            self.search = ""
            self.reset_ui()
            return True
        if self.view == MONTHLY and self.day_from_month:
            self.day, self.day_from_month = None, False
            self.reset_ui()
            return True
        return False

    # --- navigation ---------------------------------------------------------------------
    def _today(self, phone: VirtualPhone) -> dt.date:
        return phone.now().date()

    def _shown_month(self, phone: VirtualPhone) -> dt.date:
        if self.month is None:
            self.month = self._today(phone).replace(day=1)
        return self.month

    def _move_month(self, phone: VirtualPhone, months: int) -> None:
        shown = self._shown_month(phone)
        index = shown.year * 12 + shown.month - 1 + months
        self.month = dt.date(index // 12, index % 12 + 1, 1)
        self.reset_ui()

    def _move_day(self, days: int) -> None:
        assert self.day is not None
        self.day += dt.timedelta(days=days)
        self.reset_ui()

    def _day_opener(self, day: dt.date) -> Callable[[], None]:
        return lambda: self._open_day(day)

    def _open_day(self, day: dt.date) -> None:
        self.day, self.day_from_month = day, True
        self.reset_ui()

    def _go_to_today(self, phone: VirtualPhone) -> None:
        today = self._today(phone)
        self.month = today.replace(day=1)
        if self.view == DAILY or self.day_from_month:
            self.day = today
        self.reset_ui()

    def _change_view(self, phone: VirtualPhone, index: int) -> None:
        self.view = VIEWS[index][1]
        self.dialog = None
        self.day_from_month = False
        today = self._today(phone)
        self.day = today if self.view == DAILY else None
        self.month = today.replace(day=1)
        self.reset_ui()

    def _open_go_to_date(self, phone: VirtualPhone) -> None:
        """ "Go to date" (overflow menu): a date picker on the shown day or month."""
        shown = self.day or self._shown_month(phone)
        self.go_to_date = DatePick(shown, self._went_to_date, self._close_go_to_date)

    def _went_to_date(self, day: dt.date) -> None:
        self.go_to_date = None
        self.month = day.replace(day=1)
        if self.day is not None:
            self.day = day
        self.reset_ui()

    def _close_go_to_date(self) -> None:
        self.go_to_date = None

    def _new_event(self, phone: VirtualPhone) -> None:
        """The FAB: a new event on the shown day (daily view) or today (otherwise, or
        the shown month's first day when it is not the current month)."""
        today = self._today(phone)
        if self.day is not None:
            day = self.day
        elif self.view == MONTHLY and self._shown_month(phone) != today.replace(day=1):
            day = self._shown_month(phone)
        else:
            day = today
        self._edit(Draft.new(day, phone.now()))

    def _open_event(self, phone: VirtualPhone, event_id: int) -> None:
        rows = read_event_rows(phone.host_path(DB_PATH))
        row = next((r for r in rows if int(r["id"]) == event_id), None)
        if row is not None:
            self._edit(Draft.of_row(row, phone.tzinfo()))

    def _edit(self, draft: Draft) -> None:
        self.editor = Editor(draft, self._editor_closed, self.toast, self.reset_ui)
        self.reset_ui()

    def _editor_closed(self, message: str) -> None:
        self.editor = None
        self.reset_ui()
        if message:
            self.toast(message)

    def _set_search(self, text: str) -> None:
        self.search = text

    # --- windows ------------------------------------------------------------------------
    def build(self, phone: VirtualPhone) -> Window:
        """The current screen."""
        if self.editor is not None:
            return self.editor.window(phone)
        if self.search:
            body = self._search_body(phone)
        elif self.day is not None:
            body = self._day_body(phone, self.day)
        elif self.view == LIST:
            body = self._list_body(phone)
        else:
            body = self._month_body(phone)
        back = self.view == MONTHLY and self.day_from_month and not self.search
        return Window(
            package=PACKAGE,
            toolbar=self._toolbar(phone, back),
            body=[
                TextField(
                    self.search,
                    self._set_search,
                    hint=ids.SEARCH_HINT,
                    resource_id=ids.SEARCH_FIELD,
                ),
                *body,
            ],
            fab=Fab(ids.FAB_DESC, lambda: self._new_event(phone), resource_id=ids.FAB),
            dialog=self._dialog(phone),
        )

    def _toolbar(self, phone: VirtualPhone, back: bool) -> Toolbar:
        menu = (
            []
            if self.view == LIST
            else [MenuItem(ids.GO_TO_DATE, lambda: self._open_go_to_date(phone))]
        )
        return Toolbar(
            "",
            up=back,
            on_up=lambda: self.on_back(phone),
            actions=[
                IconButton(ids.GO_TO_TODAY, "today", lambda: self._go_to_today(phone)),
                IconButton(
                    ids.CHANGE_VIEW, "calendar", lambda: setattr(self, "dialog", "change_view")
                ),
            ],
            menu=menu,
        )

    def _dialog(self, phone: VirtualPhone) -> Dialog | None:
        if self.go_to_date is not None:
            return self.go_to_date.dialog()
        if self.dialog != "change_view":
            return None
        current = {MONTHLY: 2, DAILY: 0, LIST: 5}[self.view]
        return Dialog(
            title="",
            body=[
                RadioGroup(
                    [label for label, _ in VIEWS],
                    current,
                    lambda index: self._change_view(phone, index),
                )
            ],
            buttons=[],
        )

    def _top_navigation(self, title: str, previous: Any, following: Any) -> Row:
        return Row(
            [
                IconButton(ids.PREVIOUS, "back", previous, resource_id=ids.TOP_LEFT_ARROW),
                Text(title, style="title", resource_id=ids.TOP_VALUE),
                IconButton(ids.NEXT, "more", following, resource_id=ids.TOP_RIGHT_ARROW),
            ],
            weights=[1, 5, 1],
        )

    def _month_body(self, phone: VirtualPhone) -> list[Any]:
        today = self._today(phone)
        shown = self._shown_month(phone)
        weeks = _SUNDAY_FIRST.monthdatescalendar(shown.year, shown.month)
        while len(weeks) < 6:  # the app always shows six weeks
            start = weeks[-1][-1] + dt.timedelta(days=1)
            weeks.append([start + dt.timedelta(days=i) for i in range(7)])
        grid = [
            Row(
                [
                    ListRow(
                        str(day.day),
                        on_click=self._day_opener(day),
                        resource_id=ids.MONTH_CELL,
                        selected=day == today,
                        key=f"month_{day.isoformat()}",
                    )
                    for day in week
                ]
            )
            for week in weeks
        ]
        return [
            self._top_navigation(
                agenda.month_title(shown, today),
                lambda: self._move_month(phone, -1),
                lambda: self._move_month(phone, 1),
            ),
            Row([Text(letter) for letter in "SMTWTFS"]),
            *grid,
        ]

    def _event_row(self, phone: VirtualPhone, occ: agenda.Occurrence, time: str) -> ListRow:
        return ListRow(
            occ.title,
            subtitle=time if not occ.description else f"{time}",
            on_click=lambda: self._open_event(phone, occ.event_id),
            resource_id=ids.EVENT_ITEM,
            title_id=ids.EVENT_ITEM_TITLE,
            subtitle_id=ids.EVENT_ITEM_TIME,
            key=f"event_{occ.event_id}_{occ.start.isoformat()}",
        )

    def _day_body(self, phone: VirtualPhone, day: dt.date) -> list[Any]:
        today = self._today(phone)
        first, last = agenda.day_span(day, phone.tzinfo())
        rows = read_event_rows(phone.host_path(DB_PATH))
        events = agenda.occurrences(rows, first, last, phone.tzinfo())
        items = [self._event_row(phone, o, agenda.day_row_time(o, day, today)) for o in events]
        return [
            self._top_navigation(
                agenda.day_title(day, today),
                lambda: self._move_day(-1),
                lambda: self._move_day(1),
            ),
            ScrollList(items, key=ids.DAY_EVENTS, resource_id=ids.DAY_EVENTS),
        ]

    def _sections(self, phone: VirtualPhone, events: list[agenda.Occurrence]) -> list[Any]:
        """Events under their month and day sections, as the event list shows them."""
        today = self._today(phone)
        items: list[Any] = []
        month = day = ""
        for occ in events:
            month_label = agenda.month_title(occ.start.date(), today)
            if month_label != month:
                items.append(Text(month_label, style="title", resource_id=ids.SECTION_TITLE))
                month = month_label
            day_label = agenda.day_section(occ.start.date())
            if day_label != day:
                items.append(Text(day_label, style="subtitle", resource_id=ids.SECTION_TITLE))
                day = day_label
            items.append(self._event_row(phone, occ, agenda.list_row_time(occ)))
        return items

    def _list_body(self, phone: VirtualPhone) -> list[Any]:
        now = phone.now()
        rows = read_event_rows(phone.host_path(DB_PATH))
        events = agenda.occurrences(rows, now - PAST_EVENTS, now + LIST_AHEAD, phone.tzinfo())
        # The app scrolls its list to the first section that is not past: start there.
        events = [o for o in events if o.start.date() >= now.date()]
        if not events:
            return [Text(ids.NO_UPCOMING_EVENTS), Text("Create a new event")]
        items = self._sections(phone, events)
        return [ScrollList(items, key=ids.EVENTS_LIST, resource_id=ids.EVENTS_LIST)]

    def _search_body(self, phone: VirtualPhone) -> list[Any]:
        if len(self.search) < 2:
            return [Text("Type at least 2 characters to start the search.")]
        now = phone.now()
        text = self.search.casefold()
        rows = [
            r
            for r in read_event_rows(phone.host_path(DB_PATH))
            if any(text in str(r[k]).casefold() for k in ("title", "location", "description"))
        ]
        span = dt.timedelta(days=2 * 365)
        events = agenda.occurrences(rows, now - span, now + span, phone.tzinfo())
        if not events:
            return [Text(ids.NO_ITEMS_FOUND)]
        items = self._sections(phone, events)
        return [ScrollList(items, key=ids.SEARCH_RESULTS, resource_id=ids.SEARCH_RESULTS)]


def virtual_apps() -> list[VirtualApp]:
    """A fresh Simple Calendar Pro model with its screens."""
    return [CalendarScreens()]
