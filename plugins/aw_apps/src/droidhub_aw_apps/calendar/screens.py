"""Simple Calendar Pro's screens on the virtual phone's view engine, following the app
AndroidWorld pins: com.simplemobiletools.calendar.pro 6.22.2 (versionCode 238), from
SimpleMobileTools/Simple-Calendar at tag 6.22.2 and Simple-Commons 71d66584bd.

MainActivity opens in the monthly view (``activity_main.xml`` with ``fragment_month``,
:mod:`.layouts`): the search bar ("Search", Change view, and Go to today while another
month or day shows; the rest of ``menu_main.xml`` in the overflow), the month between
the arrows, the drawn grid with one clickable ``month_view_background`` per day, and
the "New Event" FAB. A tap on a day opens its daily view above the month (the search
icon turns into a back arrow): the day's title ("October 20 (Fri)") and ``day_events``.
Change view (Simple-Commons' radio dialog) offers the app's views; Daily view and
Simple event list (``calendar_events_list``: month and day sections from today on) are
shown, the others fall back to the monthly view. Typing in the search bar shows
``search_holder`` with the matching events (title, location or description). Go to
date (the overflow, or a tap on the title) opens the spinner date picker. Settings
opens ``activity_settings``' top. A tap on an event opens the editor
(:mod:`.editor`); saving and deleting write the ``events`` table at once.

The view picked in Change view is kept while the app runs; a stop (``am force-stop``,
as every task's set-up does) brings back the monthly view.
"""

from __future__ import annotations

import calendar
import datetime as dt
import functools
from typing import TYPE_CHECKING

from droidhub.virtual.views import ImageView, MenuItem, View, ViewApp, Window, popup_menu
from droidhub.virtual.views.keyboard import Keyboard
from droidhub_aw_apps.calendar import agenda, ids
from droidhub_aw_apps.calendar.draft import Draft
from droidhub_aw_apps.calendar.editor import Editor
from droidhub_aw_apps.calendar.layouts import (
    EventItem,
    MonthDay,
    Section,
    day_fragment,
    event_list_fragment,
    main_activity,
    month_fragment,
    search_holder,
)
from droidhub_aw_apps.calendar.model import DB_PATH, SimpleCalendarApp, read_event_rows
from droidhub_aw_apps.calendar.pickers import GoToDate
from droidhub_aw_apps.common import simple_commons as sc

if TYPE_CHECKING:
    from droidhub.virtual.appmodel import Intent, VirtualApp, VirtualPhone

MONTHLY, DAILY, LIST = "monthly", "daily", "list"
#: The Change view dialog's choices and the view each shows here.
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
#: ``menu_main.xml``'s items the overflow holds (filter and CalDAV refresh are hidden
#: with one event type and no sync; Go to date is hidden in the event list).
OVERFLOW = (
    "Print", "Add holidays", "Add contact birthdays", "Add contact anniversaries",
    "Import events from an .ics file", "Export events to an .ics file", sc.SETTINGS,
    sc.ABOUT, sc.MORE_APPS,
)  # fmt: skip
#: The search bar's toolbar, where its overflow popup drops from (Pixel 6 pixels).
MENU_ANCHOR = (0, 139, 1038, 244)


class CalendarScreens(ViewApp, SimpleCalendarApp):
    """Simple Calendar Pro's main screen, day view, event list, search and editor."""

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
        self.go_to_date: GoToDate | None = None
        self.editor: Editor | None = None
        self.settings = False

    # --- lifecycle ----------------------------------------------------------------------
    def on_start(self, phone: VirtualPhone, intent: Intent) -> None:
        """A fresh start shows the current month."""
        super().on_start(phone, intent)
        if self.editor is None and self.month is None:
            self.month = phone.today().replace(day=1)

    def on_stop(self, phone: VirtualPhone) -> None:
        """Stopped: the next start opens the monthly view again."""
        super().on_stop(phone)
        self._forget()
        self.reset_view_state()

    def on_back(self, phone: VirtualPhone) -> bool:
        """BACK closes the editor or settings, the search, then a day opened from a
        month (dialogs are the engine's)."""
        del phone
        if self.editor is not None:
            self.editor.back()
            return True
        if self.settings:
            self.settings = False
            return True
        if self._search_open():
            self._close_search()
            return True
        if self.view == MONTHLY and self.day_from_month:
            self._close_day()
            return True
        return False

    # --- navigation ---------------------------------------------------------------------
    def _today(self, phone: VirtualPhone) -> dt.date:
        return phone.today()

    def _shown_month(self, phone: VirtualPhone) -> dt.date:
        if self.month is None:
            self.month = self._today(phone).replace(day=1)
        return self.month

    def _move_month(self, phone: VirtualPhone, months: int) -> None:
        shown = self._shown_month(phone)
        index = shown.year * 12 + shown.month - 1 + months
        self.month = dt.date(index // 12, index % 12 + 1, 1)

    def _move_day(self, days: int) -> None:
        assert self.day is not None
        self.day += dt.timedelta(days=days)
        self.reset_view_state()

    def _open_day(self, day: dt.date) -> None:
        self.day, self.day_from_month = day, True
        self.reset_view_state()

    def _close_day(self) -> None:
        self.day, self.day_from_month = None, False
        self.reset_view_state()

    def _go_to_today(self, phone: VirtualPhone) -> None:
        today = self._today(phone)
        self.month = today.replace(day=1)
        if self.view == DAILY or self.day_from_month:
            self.day = today
        self.reset_view_state()

    def _change_view(self, phone: VirtualPhone, index: int) -> None:
        self.view = VIEWS[index][1]
        self.dialog = None
        self.day_from_month = False
        today = self._today(phone)
        self.day = today if self.view == DAILY else None
        self.month = today.replace(day=1)
        self.reset_view_state()

    def _open_go_to_date(self, phone: VirtualPhone) -> None:
        """Go to date: the spinner picker on the shown day (or the month's first)."""
        self.dialog = None
        shown = self.day or self._shown_month(phone)
        self.go_to_date = GoToDate(shown, self._went_to_date, self._close_dialogs)

    def _went_to_date(self, day: dt.date) -> None:
        self.go_to_date = None
        self.month = day.replace(day=1)
        if self.day is not None:
            self.day = day
        self.reset_view_state()

    def _close_dialogs(self) -> None:
        self.dialog, self.go_to_date = None, None

    def _open(self, dialog: str) -> None:
        self.dialog = dialog

    def _overflow_item(self, phone: VirtualPhone, item: MenuItem) -> None:
        self.dialog = None
        if item.title == ids.GO_TO_DATE:
            self._open_go_to_date(phone)
        elif item.title == sc.SETTINGS:
            self.settings = True

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

    def _open_event(self, phone: VirtualPhone, event_id: int, occurrence: dt.datetime) -> None:
        rows = read_event_rows(phone.host_path(DB_PATH))
        row = next((r for r in rows if int(r["id"]) == event_id), None)
        if row is not None:
            self._edit(Draft.of_row(row, phone.tzinfo()), occurrence)

    def _edit(self, draft: Draft, occurrence: dt.datetime | None = None) -> None:
        self.editor = Editor(draft, self._editor_closed, _no_toast, self._hide_keyboard, occurrence)
        self.reset_view_state()

    def _editor_closed(self, message: str) -> None:
        del message  # a toast: another window, not the app's
        self.editor = None
        self.reset_view_state()

    def _hide_keyboard(self) -> None:
        self.view_state.keyboard = None

    def _set_search(self, text: str) -> None:
        self.search = text

    # --- windows ------------------------------------------------------------------------
    def build(self, phone: VirtualPhone) -> Window:
        """The current screen."""
        if self.editor is not None:
            content, dialog, on_cancel, anchor = self.editor.window(phone)
            return Window(
                content, dialog, on_cancel, background=sc.BACKGROUND,
                status_bar=sc.BACKGROUND, popup_anchor=anchor,
            )  # fmt: skip
        if self.settings:
            return Window(
                sc.settings_top(functools.partial(setattr, self, "settings", False)),
                background=sc.BACKGROUND, status_bar=sc.BACKGROUND,
            )  # fmt: skip
        search = None
        if self.search:
            search = search_holder(self.search, self._search_entries(phone))
        content = main_activity(
            self._menu(phone), self._fragment(phone),
            functools.partial(self._new_event, phone), search,
        )  # fmt: skip
        dialog, anchor = self._dialog(phone)
        return Window(
            content,
            dialog,
            self._close_dialogs if dialog is not None else None,
            background=sc.BACKGROUND,
            status_bar=sc.BACKGROUND,
            popup_anchor=anchor,
        )

    def _menu(self, phone: VirtualPhone) -> View:
        """``main_menu``: the search pill, Go to today when away from today, Change view
        and the overflow; a stacked day view turns the search icon into a back arrow."""
        today = self._today(phone)
        if self.day is not None:
            away = self.day != today
        else:
            away = self.view == MONTHLY and self._shown_month(phone) != today.replace(day=1)
        menu = []
        if away and not self._search_open() and self.view != LIST:
            menu.append(
                MenuItem(
                    "go_to_today",
                    ids.GO_TO_TODAY,
                    "calendar_today",
                    functools.partial(self._go_to_today, phone),
                )
            )
        menu.append(
            MenuItem(
                "change_view",
                ids.CHANGE_VIEW,
                "grid_view",
                functools.partial(self._open, "change_view"),
            )
        )
        overflow = [MenuItem("overflow", title) for title in self._overflow_titles()]
        bar = sc.my_search_menu(
            "main_menu", sc.SEARCH, menu, overflow, functools.partial(self._open, "overflow"),
            self.search, self._set_search,
        )  # fmt: skip
        # MySearchMenu: the icon opens the search, or (an arrow) closes it, or goes
        # back from a day stacked on the month.
        icon = bar.find("top_toolbar_search_icon")
        assert isinstance(icon, ImageView)
        icon.clickable, icon.on_click = True, self._open_search
        if self._search_open():
            icon.icon, icon.on_click = "arrow_back", self._close_search
        elif self.day_from_month and self.view == MONTHLY:
            icon.icon, icon.on_click = "arrow_back", self._close_day
        return bar

    def _search_open(self) -> bool:
        """Whether the search is open: its field has the focus (or holds a query)."""
        return bool(self.search) or self.view_state.focus == ids.SEARCH_FIELD

    def _open_search(self) -> None:
        self.view_state.focus = ids.SEARCH_FIELD
        self.view_state.keyboard = Keyboard()

    def _close_search(self) -> None:
        """``closeSearch``: the query cleared, the keyboard hidden."""
        self.search = ""
        self.reset_view_state()

    def _overflow_titles(self) -> list[str]:
        titles = [] if self.view == LIST else [ids.GO_TO_DATE]
        return titles + list(OVERFLOW)

    def _dialog(self, phone: VirtualPhone) -> tuple[View | None, tuple[int, int, int, int] | None]:
        if self.go_to_date is not None:
            return self.go_to_date.dialog(), None
        if self.dialog == "overflow":
            items = [MenuItem("overflow", title) for title in self._overflow_titles()]
            choose = functools.partial(self._overflow_item, phone)
            return popup_menu(items, choose), MENU_ANCHOR
        if self.dialog == "change_view":
            current = {MONTHLY: 2, DAILY: 0, LIST: 5}[self.view]
            titles = [label for label, _ in VIEWS]
            pick = functools.partial(self._change_view, phone)
            return sc.radio_group_dialog(titles, current, pick), None
        return None, None

    def _fragment(self, phone: VirtualPhone) -> View:
        today = self._today(phone)
        on_title = functools.partial(self._open_go_to_date, phone)
        if self.day is not None:
            day = self.day
            return day_fragment(
                agenda.day_title(day, today), self._day_items(phone, day),
                functools.partial(self._move_day, -1), functools.partial(self._move_day, 1),
                on_title,
            )  # fmt: skip
        if self.view == LIST:
            return event_list_fragment(self._list_entries(phone))
        shown = self._shown_month(phone)
        return month_fragment(
            agenda.month_title(shown, today), self._month_days(phone, shown),
            (today.weekday() + 1) % 7, functools.partial(self._move_month, phone, -1),
            functools.partial(self._move_month, phone, 1), on_title, self._open_day,
        )  # fmt: skip

    def _month_days(self, phone: VirtualPhone, shown: dt.date) -> list[MonthDay]:
        """The 42 days the grid shows, from the Sunday on or before the 1st."""
        today = self._today(phone)
        first = shown - dt.timedelta(days=(shown.weekday() + 1) % 7)
        tz = phone.tzinfo()
        start = dt.datetime.combine(first, dt.time(), tz)
        rows = read_event_rows(phone.host_path(DB_PATH))
        events = agenda.occurrences(rows, start, start + dt.timedelta(days=42), tz)
        days = []
        for i in range(42):
            date = first + dt.timedelta(days=i)
            titles = tuple(o.title for o in events if o.start.date() == date)
            days.append(MonthDay(date, date.month == shown.month, date == today, titles))
        return days

    def _item(self, phone: VirtualPhone, occ: agenda.Occurrence, time: str) -> EventItem:
        return EventItem(
            f"event_{occ.event_id}_{occ.start.isoformat()}", occ.title, time, occ.description,
            functools.partial(self._open_event, phone, occ.event_id, occ.start),
        )  # fmt: skip

    def _day_items(self, phone: VirtualPhone, day: dt.date) -> list[EventItem]:
        today = self._today(phone)
        first, last = agenda.day_span(day, phone.tzinfo())
        rows = read_event_rows(phone.host_path(DB_PATH))
        events = agenda.occurrences(rows, first, last, phone.tzinfo())
        return [self._item(phone, o, agenda.day_row_time(o, day, today)) for o in events]

    def _sections(
        self, phone: VirtualPhone, events: list[agenda.Occurrence]
    ) -> list[EventItem | Section]:
        """Events under their month and day sections, as the event list shows them."""
        today = self._today(phone)
        entries: list[EventItem | Section] = []
        month = day = ""
        for occ in events:
            month_label = agenda.month_title(occ.start.date(), today)
            if month_label != month:
                entries.append(Section(f"month_{month_label}", month_label, True))
                month = month_label
            day_label = agenda.day_section(occ.start.date())
            if day_label != day:
                entries.append(Section(f"day_{occ.start.date()}", day_label, False))
                day = day_label
            entries.append(self._item(phone, occ, agenda.list_row_time(occ)))
        return entries

    def _list_entries(self, phone: VirtualPhone) -> list[EventItem | Section]:
        now = phone.now()
        rows = read_event_rows(phone.host_path(DB_PATH))
        events = agenda.occurrences(rows, now - PAST_EVENTS, now + LIST_AHEAD, phone.tzinfo())
        # The app scrolls its list to the first section that is not past: start there.
        return self._sections(phone, [o for o in events if o.start.date() >= now.date()])

    def _search_entries(self, phone: VirtualPhone) -> list[EventItem | Section]:
        if len(self.search) < 2:
            return []
        now = phone.now()
        text = self.search.casefold()
        rows = [
            r
            for r in read_event_rows(phone.host_path(DB_PATH))
            if any(text in str(r[k]).casefold() for k in ("title", "location", "description"))
        ]
        span = dt.timedelta(days=2 * 365)
        events = agenda.occurrences(rows, now - span, now + span, phone.tzinfo())
        return self._sections(phone, events)


def _no_toast(text: str) -> None:
    """Toasts are another window (the system's), not part of the app's dump."""
    del text


def virtual_apps() -> list[VirtualApp]:
    """A fresh Simple Calendar Pro model with its screens."""
    return [CalendarScreens()]
