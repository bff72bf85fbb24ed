"""Simple Calendar Pro's event editor (EventActivity, ``activity_event.xml``, 6.22.2).

``event_coordinator`` holds the MaterialToolbar ``event_toolbar`` ("New Event" or
"Edit Event"; ``menu_event.xml``'s Save, and for a stored event Delete and Duplicate
event, Share in the overflow) and ``event_nested_scrollview`` > ``event_holder``, a
RelativeLayout of: ``event_title``, ``event_location`` with ``event_show_on_map``,
``event_description`` and its divider; the clock image, ``event_all_day_holder`` >
``event_all_day``, ``event_start_date``/``event_start_time``,
``event_end_date``/``event_end_time`` and their divider (the time zone rows are gone:
changing time zones is off by default); the bell, ``event_reminder_1`` and
``event_reminder_2`` ("Add another reminder" once the first is set; the reminder type
images show for synced events only); the repeat image, ``event_repetition`` with
``event_repetition_rule_holder`` (weekly, monthly, yearly) and
``event_repetition_limit_holder`` (any repetition); the CalDAV divider, the event type
(``event_type_holder`` > ``event_type``) and the colour (``event_color_holder``). The
attendees and availability rows are for synced events only, so they are gone.

Save writes the ``events`` row at once, as the app does, and closes the editor; Delete
asks ``dialog_delete_event`` ("Are you sure you want to proceed with the deletion?",
Yes / No) and deletes the row. The repetition opens Simple-Commons' radio dialog (No
repetition, Daily, Weekly, Monthly, Yearly, Custom).
"""

from __future__ import annotations

import datetime as dt
import functools
from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING, Any

from droidhub.virtual import views
from droidhub_aw_apps.calendar import agenda, ids
from droidhub_aw_apps.calendar.draft import REPETITIONS, Draft, repetition_text
from droidhub_aw_apps.calendar.layouts import EVENT_COLOUR
from droidhub_aw_apps.calendar.model import (
    DB_PATH,
    delete_event_row,
    insert_event_row,
    update_event_row,
)
from droidhub_aw_apps.calendar.pickers import DatePick, TimePick
from droidhub_aw_apps.common import simple_commons as sc
from droidhub_aw_apps.common.styles import COLUMN, FILL

if TYPE_CHECKING:
    from droidhub.virtual.appmodel import VirtualPhone

_WEEKDAY_NAMES = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")
#: ``day_text_size`` and ``smaller_icon_size``.
DAY_TEXT, ICON = 17, 32
ADD_ANOTHER_REMINDER = "Add another reminder"
#: The toolbar's bounds on the Pixel 6 (under the 118 px status bar), where its
#: overflow popup drops from.
TOOLBAR_ANCHOR = (0, 118, 1080, 265)
CUSTOM = "Custom"
DELETE_REPEATABLE = "The event is repeatable"
#: ``DeleteEventDialog``'s rules and ``dialog_delete_event``'s radio buttons.
DELETE_ONE, DELETE_FUTURE, DELETE_ALL = 0, 1, 2
DELETE_CHOICES = (
    ("delete_event_one_only", "Delete the selected occurrence only", DELETE_ONE),
    ("delete_event_future", "Delete this and all future occurrences", DELETE_FUTURE),
    ("delete_event_all", "Delete all occurrences", DELETE_ALL),
)
#: What ``window`` hands the app: the content, the dialog over it (or None), what a
#: tap outside the dialog or BACK does, and the popup's anchor when the dialog is the
#: toolbar's overflow.
Shown = tuple[
    views.View, views.View | None, Callable[[], None] | None, tuple[int, int, int, int] | None
]


class Editor:
    """One open editor: its draft, its open dialog, and what it tells the app."""

    def __init__(
        self,
        draft: Draft,
        close: Callable[[str], None],
        toast: Callable[[str], None],
        hide_keyboard: Callable[[], None],
        occurrence: dt.datetime | None = None,
    ) -> None:
        self.draft = draft
        #: The occurrence the editor was opened from (a repeating event's day).
        self.occurrence = occurrence or draft.start
        #: The delete dialog's choice for a repeating event (``delete_event_one_only``
        #: is checked by default).
        self.delete_rule = DELETE_ONE
        #: Called with a toast text ("" for none) when the editor finishes.
        self.close = close
        self.toast = toast
        #: The app hides the keyboard before each picker and dialog (``hideKeyboard()``).
        self.hide_keyboard = hide_keyboard
        self._dialog_state: Any = None

    @property
    def dialog(self) -> Any:
        """The open dialog: a DatePick, a TimePick, "repeat", "reminder", "delete",
        "overflow" or None."""
        return self._dialog_state

    @dialog.setter
    def dialog(self, value: Any) -> None:
        if value is not None:
            self.hide_keyboard()
        self._dialog_state = value

    # --- actions ------------------------------------------------------------------------
    def save(self, phone: VirtualPhone) -> None:
        """Store the draft (insert or update), as ``saveEvent`` does, and close."""
        draft = self.draft
        if not draft.title:
            self.toast("Title cannot be empty")
            return
        if draft.end_before_start:
            self.toast("The end date cannot be before the start date")
            return
        path = phone.host_path(DB_PATH)
        now = phone.now()
        if draft.row is None:
            tz_name = str(now.tzinfo) if now.tzinfo is not None else "UTC"
            insert_event_row(path, draft.new_row(now, tz_name))
            self.close("Event added successfully")
        else:
            update_event_row(path, int(draft.row["id"]), draft.changes(now))
            self.close("Event updated successfully")

    def delete(self, phone: VirtualPhone) -> None:
        """Yes in the delete dialog: the row goes, or for a repeating event the chosen
        occurrences (``EventsHelper``: a repetition exception for the selected day, a
        repeat limit at the end of the day before for this and the future ones); the
        editor closes."""
        assert self.draft.row is not None
        row, path = self.draft.row, phone.host_path(DB_PATH)
        event_id = int(row["id"])
        rule = self.delete_rule if self.draft.repeat_interval > 0 else DELETE_ALL
        if rule == DELETE_ALL:
            delete_event_row(path, event_id)
        elif rule == DELETE_ONE:
            skipped = agenda.skipped_days(row) | {f"{self.occurrence:%Y%m%d}"}
            update_event_row(path, event_id, {"repetition_exceptions": _kotlin_list(skipped)})
        else:
            previous = self.occurrence - dt.timedelta(seconds=self.draft.repeat_interval)
            limit = dt.datetime.combine(previous.date(), dt.time(23, 59, 59), previous.tzinfo)
            update_event_row(path, event_id, {"repeat_limit": int(limit.timestamp())})
        self.dialog = None
        self.close("")

    def _choose_delete(self, rule: int) -> None:
        self.delete_rule = rule

    def back(self) -> None:
        """BACK: close the open dialog, else leave without saving."""
        if self.dialog is not None:
            self.dialog = None
        else:
            self.close("")

    # --- pickers ------------------------------------------------------------------------
    def _pick_date(self, start: bool) -> None:
        draft = self.draft

        def done(day: dt.date) -> None:
            (draft.set_start_date if start else draft.set_end_date)(day)
            self.dialog = None

        value = draft.start.date() if start else draft.end.date()
        self.dialog = DatePick(value, done, self._cancel)

    def _pick_time(self, start: bool) -> None:
        draft = self.draft

        def done(when: dt.time) -> None:
            (draft.set_start_time if start else draft.set_end_time)(when)
            self.dialog = None

        value = draft.start if start else draft.end
        self.dialog = TimePick(value.hour, value.minute, done, self._cancel)

    def _cancel(self) -> None:
        self.dialog = None

    def _open(self, dialog: str) -> None:
        self.dialog = dialog

    def _repeat(self, index: int) -> None:
        if index < len(REPETITIONS):  # Custom's own dialog is not modelled: it closes
            self.draft.set_repeat_interval(REPETITIONS[index][0])
        self.dialog = None

    def _remind(self, index: int) -> None:
        choices = _reminder_choices(self.draft.reminder_minutes)
        if index < len(choices):  # Custom's interval picker is not modelled: it closes
            self.draft.reminder_minutes = choices[index]
        self.dialog = None

    def _set(self, name: str) -> Callable[[str], None]:
        return lambda value: setattr(self.draft, name, value)

    def _toggle_all_day(self) -> None:
        self.draft.all_day = not self.draft.all_day

    # --- the window ---------------------------------------------------------------------
    def window(self, phone: VirtualPhone) -> Shown:
        """The editor as it shows now."""
        draft = self.draft
        menu = [
            views.MenuItem(ids.SAVE, ids.SAVE_DESC, "check", functools.partial(self.save, phone))
        ]
        overflow: list[views.MenuItem] = []
        if draft.row is not None:
            menu += [
                views.MenuItem(
                    ids.DELETE, ids.DELETE_DESC, "delete", functools.partial(self._open, "delete")
                ),
                views.MenuItem("duplicate", "Duplicate event", "content_copy"),
            ]
            overflow.append(views.MenuItem("share", "Share", "share"))
        title = ids.NEW_EVENT if draft.row is None else ids.EDIT_EVENT
        toolbar = sc.material_toolbar(
            "event_toolbar", title, self.back, menu, overflow,
            functools.partial(self._open, "overflow"),
        )  # fmt: skip
        content = views.CoordinatorLayout(
            "event_coordinator",
            toolbar,
            views.ScrollView(
                "event_nested_scrollview", self._holder(phone), width=views.MATCH_PARENT,
                height=views.MATCH_PARENT, margin=(0, 56, 0, 0),
            ),
            **FILL, background=sc.BACKGROUND,
        )  # fmt: skip
        dialog, anchor = self._dialog(phone)
        return content, dialog, (self._cancel if dialog is not None else None), anchor

    def _holder(self, phone: VirtualPhone) -> views.View:
        """``event_holder`` and its rows, top to bottom."""
        draft = self.draft
        today = phone.today()
        # RelativeLayout places a view below a GONE sibling at the top: each row goes
        # below the last shown one.
        last_reminder = "event_reminder_2" if draft.reminder_minutes >= 0 else "event_reminder_1"
        rows: list[views.View] = [
            _field(ids.TITLE, draft.title, "Title", self._set("title"), views.Rules(), end=True),
            _field(ids.LOCATION, draft.location, "Location", self._set("location"),
                   views.Rules(below=ids.TITLE, to_left_of="event_show_on_map")),
            views.ImageView("event_show_on_map", "place", tint=sc.PRIMARY, width=ICON, height=ICON,
                            padding=sc.SMALL_MARGIN, margin=(0, 24, sc.ACTIVITY_MARGIN, 0),
                            on_click=_nothing,
                            rules=views.Rules(below=ids.TITLE, align_parent_right=True)),
            _field(ids.DESCRIPTION, draft.description, "Description", self._set("description"),
                   views.Rules(below=ids.LOCATION), end=True, multi_line=True),
            _divider("event_description_divider", ids.DESCRIPTION),
            _image("event_time_image", "schedule", "event_description_divider"),
            views.RelativeLayout(
                "event_all_day_holder",
                _all_day(draft.all_day),
                width=views.MATCH_PARENT, margin=(sc.SMALL_MARGIN, 0, 0, 0),
                padding=(0, sc.MEDIUM_MARGIN, sc.ACTIVITY_MARGIN, sc.MEDIUM_MARGIN),
                on_click=self._toggle_all_day,
                rules=views.Rules(below="event_description_divider",
                                  to_right_of="event_time_image"),
            ),
            *_date_time_row(
                (ids.START_DATE, ids.START_TIME), "event_all_day_holder",
                agenda.day_title(draft.start.date(), today), agenda.time_text(draft.start),
                (partial(self._pick_date, True), partial(self._pick_time, True)),
                draft.all_day,
            ),
            *_date_time_row(
                (ids.END_DATE, ids.END_TIME), ids.START_DATE,
                agenda.day_title(draft.end.date(), today), agenda.time_text(draft.end),
                (partial(self._pick_date, False), partial(self._pick_time, False)),
                draft.all_day,
            ),
            _divider("event_date_time_divider", ids.END_DATE),
            _image("event_reminder_image", "notifications", "event_date_time_divider"),
            _value("event_reminder_1", _reminder_text(draft.reminder_minutes),
                   views.Rules(below="event_date_time_divider", to_right_of="event_reminder_image"),
                   functools.partial(self._open, "reminder")),
            _value("event_reminder_2", ADD_ANOTHER_REMINDER,
                   views.Rules(below="event_reminder_1", to_right_of="event_reminder_image"),
                   _nothing, shown=draft.reminder_minutes >= 0, dim=True),
            _divider("event_reminder_divider", last_reminder),
            _image("event_repetition_image", "repeat", "event_reminder_divider"),
            _value(ids.REPETITION, repetition_text(draft.repeat_interval),
                   views.Rules(below="event_reminder_divider",
                               to_right_of="event_repetition_image"),
                   functools.partial(self._open, "repeat")),
            *self._repetition_rows(),
            _divider("event_repetition_divider", self._last_repetition_row()),
            _divider("event_caldav_calendar_divider", "event_repetition_divider", 0),
            _image("event_type_image", "label", "event_caldav_calendar_divider"),
            views.RelativeLayout(
                "event_type_holder",
                views.TextView("event_type", "Regular event", text_size=DAY_TEXT,
                               text_color=sc.TEXT),
                width=views.MATCH_PARENT, padding=(sc.MEDIUM_MARGIN, 12, sc.ACTIVITY_MARGIN, 12),
                on_click=_nothing,
                rules=views.Rules(below="event_caldav_calendar_divider",
                                  to_right_of="event_type_image"),
            ),
            _divider("event_type_divider", "event_type_holder"),
            _image("event_color_image", "palette", "event_type_divider"),
            views.RelativeLayout(
                "event_color_holder",
                views.TextView("event_color_text", "Event color", text_size=DAY_TEXT,
                               text_color=sc.TEXT),
                views.ImageView("event_color", width=24, height=24, background=EVENT_COLOUR,
                                corner_radius=12, rules=views.Rules(align_parent_right=True)),
                width=views.MATCH_PARENT, padding=(sc.MEDIUM_MARGIN, 12, sc.ACTIVITY_MARGIN, 12),
                on_click=_nothing,
                rules=views.Rules(below="event_type_divider", to_right_of="event_color_image"),
            ),
            _divider("event_color_divider", "event_color_holder"),
        ]  # fmt: skip
        return views.RelativeLayout("event_holder", *rows, width=views.MATCH_PARENT)

    def _repetition_rows(self) -> list[views.View]:
        """ "Repeat on" (weekly, monthly and yearly) and "Repeat till" (any repetition)."""
        interval = self.draft.repeat_interval
        if not interval:
            return []
        rows: list[views.View] = []
        above = ids.REPETITION
        if (
            interval % agenda.WEEK == 0
            or interval % agenda.MONTH == 0
            or interval % agenda.YEAR == 0
        ):
            rule = _weekdays(self.draft.repeat_rule) if interval % agenda.WEEK == 0 else "Same day"
            rows.append(_labelled("event_repetition_rule", "Repeat on", rule, above))
            above = "event_repetition_rule_holder"
        rows.append(_labelled("event_repetition_limit", "Repeat till", "Forever", above))
        return rows

    def _last_repetition_row(self) -> str:
        if not self.draft.repeat_interval:
            return ids.REPETITION
        return "event_repetition_limit_holder"

    def _dialog(
        self, phone: VirtualPhone
    ) -> tuple[views.View | None, tuple[int, int, int, int] | None]:
        if isinstance(self.dialog, (DatePick, TimePick)):
            return self.dialog.dialog(), None
        if self.dialog == "repeat":
            values = [value for value, _ in REPETITIONS]
            interval = self.draft.repeat_interval
            current = values.index(interval) if interval in values else -1
            titles = [label for _, label in REPETITIONS] + [CUSTOM]
            return sc.radio_group_dialog(titles, current, self._repeat), None
        if self.dialog == "reminder":
            choices = _reminder_choices(self.draft.reminder_minutes)
            titles = [_reminder_text(m) for m in choices] + [CUSTOM]
            current = choices.index(self.draft.reminder_minutes)
            return sc.radio_group_dialog(titles, current, self._remind), None
        if self.dialog == "delete":
            confirm = functools.partial(self.delete, phone)
            body = _delete_body(
                self.draft.repeat_interval > 0, self.delete_rule, self._choose_delete
            )
            dialog = views.alert_dialog(
                "", "", positive=(ids.YES, confirm), negative=(ids.NO, self._cancel),
                package_ids=True, custom=body,
            )  # fmt: skip
            return dialog, None
        if self.dialog == "overflow":
            popup = views.popup_menu(
                [views.MenuItem("share", "Share")], lambda item: self._cancel()
            )
            return popup, TOOLBAR_ANCHOR
        return None, None


def _nothing() -> None:
    """A click the model does not follow (a dialog or app not modelled)."""


def _field(
    id: str,
    text: str,
    hint: str,
    on_change: Callable[[str], object],
    rules: views.Rules,
    end: bool = False,
    multi_line: bool = False,
) -> views.View:
    field = sc.my_edit_text(
        id, text, hint, on_change, text_size=DAY_TEXT, width=views.MATCH_PARENT,
        margin=(sc.ACTIVITY_MARGIN, sc.ACTIVITY_MARGIN, sc.ACTIVITY_MARGIN if end else 0, 0),
        rules=rules,
    )  # fmt: skip
    if multi_line:
        field.max_lines = None
    return field


def _divider(id: str, below: str, bottom: float = sc.NORMAL_MARGIN) -> views.View:
    return sc.divider(id, below, margin=(0, sc.ACTIVITY_MARGIN if bottom else 0, 0, bottom))


def _image(id: str, icon: str, below: str) -> views.View:
    return views.ImageView(
        id, icon, tint=sc.TEXT, width=40, height=40, padding=sc.MEDIUM_MARGIN,
        margin=(sc.NORMAL_MARGIN, 0, 0, 0), rules=views.Rules(below=below),
    )  # fmt: skip


def _value(
    id: str,
    text: str,
    rules: views.Rules,
    on_click: Callable[[], object],
    shown: bool = True,
    dim: bool = False,
) -> views.View:
    return views.TextView(
        id, text, text_size=DAY_TEXT, text_color="#991B1B1F" if dim else sc.TEXT,
        width=views.MATCH_PARENT, padding=(sc.MEDIUM_MARGIN, 10, sc.ACTIVITY_MARGIN, 10),
        on_click=on_click, rules=rules, visibility="visible" if shown else views.GONE,
    )  # fmt: skip


def _all_day(checked: bool) -> views.View:
    box = views.CheckBox(
        ids.ALL_DAY, "All-day", checked=checked, clickable=False, width=views.MATCH_PARENT,
        padding=(sc.SMALL_MARGIN, 0, 0, 0),
    )  # fmt: skip
    box.text_px, box.text_color = round(box.text_px * DAY_TEXT / 14), sc.TEXT
    return box


def _date_time_row(
    names: tuple[str, str],
    below: str,
    date: str,
    time: str,
    taps: tuple[Callable[[], object], Callable[[], object]],
    all_day: bool,
) -> list[views.View]:
    date_view = views.TextView(
        names[0], date, text_size=DAY_TEXT, text_color=sc.TEXT,
        padding=(sc.MEDIUM_MARGIN, 12, sc.MEDIUM_MARGIN, 12), on_click=taps[0],
        margin=(sc.SMALL_MARGIN, 0, 0, 0),
        rules=views.Rules(below=below, to_right_of="event_time_image"),
    )  # fmt: skip
    time_view = views.TextView(
        names[1], time, text_size=DAY_TEXT, text_color=sc.TEXT,
        padding=(sc.MEDIUM_MARGIN, 12, sc.ACTIVITY_MARGIN, 12), on_click=taps[1],
        rules=views.Rules(below=below, align_parent_right=True),
        visibility=views.GONE if all_day else "visible",
    )  # fmt: skip
    return [date_view, time_view]


def _labelled(name: str, label: str, value: str, below: str) -> views.View:
    return views.RelativeLayout(
        f"{name}_holder",
        views.TextView(f"{name}_label", label, text_size=DAY_TEXT, text_color=sc.TEXT),
        views.TextView(f"{name}", value, text_size=DAY_TEXT, text_color=sc.TEXT,
                       rules=views.Rules(align_parent_right=True)),
        width=views.MATCH_PARENT, padding=(56, 10, sc.ACTIVITY_MARGIN, 10), on_click=_nothing,
        rules=views.Rules(below=below),
    )  # fmt: skip


def _delete_body(repeating: bool, rule: int, choose: Callable[[int], object]) -> views.View:
    """``dialog_delete_event``: the question, and for a repeating event its
    description and the three choices (``DeleteEventDialog``)."""
    shown = "visible" if repeating else views.GONE
    choices = [
        sc.RadioButton(
            name,
            label,
            checked=value == rule,
            width=views.MATCH_PARENT,
            padding=(0, sc.NORMAL_MARGIN, 0, sc.NORMAL_MARGIN),
            on_click=functools.partial(choose, value),
        )
        for name, label, value in DELETE_CHOICES
    ]
    for choice in choices:
        choice.text_color = sc.TEXT
    return views.LinearLayout(
        "delete_event_holder",
        views.TextView("delete_event_description", ids.PROCEED_WITH_DELETION,
                       text_size=sc.BIGGER_TEXT, text_color=sc.TEXT, width=views.MATCH_PARENT),
        views.TextView("delete_event_repeat_description", DELETE_REPEATABLE,
                       text_size=sc.NORMAL_TEXT, text_color=sc.TEXT, width=views.MATCH_PARENT,
                       margin=(0, sc.ACTIVITY_MARGIN, 0, 0),
                       padding=(0, 0, 0, sc.NORMAL_MARGIN), visibility=shown),
        views.RadioGroup("delete_event_radio_view", *choices, width=views.MATCH_PARENT,
                         visibility=shown),
        **COLUMN, padding=(20, 20, 20, 0),
    )  # fmt: skip


def _kotlin_list(days: set[str]) -> str:
    """The exceptions as the DAO stores them: a Kotlin list's ``toString``."""
    return "[" + ", ".join(sorted(days)) + "]"


def _reminder_choices(current: int) -> list[int]:
    """``showPickSecondsDialog``'s choices in minutes, in order: none, at start, 1, 5,
    10, 30 and 60 minutes before, and the current one."""
    return sorted({-1, 0, 1, 5, 10, 30, 60, current})


def _reminder_text(minutes: int) -> str:
    """``getFormattedMinutes`` with "before": No reminder, At start, 10 minutes
    before, 1 hour before..."""
    if minutes < 0:
        return "No reminder"
    if minutes == 0:
        return "At start"
    for unit, name in ((24 * 60, "day"), (60, "hour"), (1, "minute")):
        if minutes % unit == 0:
            count = minutes // unit
            return f"{count} {name}{'s' if count != 1 else ''} before"
    return f"{minutes} minutes before"


def _weekdays(rule: int) -> str:
    return ", ".join(name for i, name in enumerate(_WEEKDAY_NAMES) if rule & 1 << i)
