"""Simple Calendar Pro's event editor (EventActivity, ``activity_event.xml``, 6.22.2).

The toolbar says "New Event" or "Edit Event" and carries Save (``save``) and, for a
stored event, Delete (``delete``). Below: title, location and description fields,
All-day, the start and end date and time (each opens its picker), the reminder, the
repetition (a radio dialog: No repetition, Daily, Weekly, Monthly, Yearly) with
"Repeat on" and "Repeat till: Forever" once repeating, and the event type. Save writes
the ``events`` row at once, as the app does, and closes the editor; Delete asks "Are
you sure you want to proceed with the deletion?" (Yes / No) and deletes the row.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from droidhub.virtual.appmodel import (
    Button,
    CheckBox,
    Dialog,
    IconButton,
    RadioGroup,
    Row,
    ScrollList,
    Text,
    TextField,
    Toolbar,
    Window,
)
from droidhub_aw_apps.calendar import agenda, ids
from droidhub_aw_apps.calendar.draft import REPETITIONS, Draft, repetition_text
from droidhub_aw_apps.calendar.model import (
    DB_PATH,
    PACKAGE,
    delete_event_row,
    insert_event_row,
    update_event_row,
)
from droidhub_aw_apps.calendar.pickers import DatePick, TimePick

if TYPE_CHECKING:
    from droidhub.virtual.appmodel import VirtualPhone

_WEEKDAY_NAMES = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")


class Editor:
    """One open editor: its draft, its open dialog, and what it tells the app."""

    def __init__(
        self,
        draft: Draft,
        close: Callable[[str], None],
        toast: Callable[[str], None],
        hide_keyboard: Callable[[], None],
    ) -> None:
        self.draft = draft
        #: Called with a toast text ("" for none) when the editor finishes.
        self.close = close
        self.toast = toast
        #: The app hides the keyboard before each picker and dialog (``hideKeyboard()``).
        self.hide_keyboard = hide_keyboard
        self._dialog_state: Any = None

    @property
    def dialog(self) -> Any:
        """The open dialog: a DatePick, a TimePick, "repeat", "delete" or None."""
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
        """Yes in the delete dialog: the row goes (every occurrence), the editor closes."""
        assert self.draft.row is not None
        delete_event_row(phone.host_path(DB_PATH), int(self.draft.row["id"]))
        self.dialog = None
        self.close("")

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

    def _repeat(self, index: int) -> None:
        self.draft.set_repeat_interval(REPETITIONS[index][0])
        self.dialog = None

    def _set(self, name: str) -> Callable[[str], None]:
        return lambda value: setattr(self.draft, name, value)

    # --- the window ---------------------------------------------------------------------
    def window(self, phone: VirtualPhone) -> Window:
        """The editor as it shows now."""
        draft = self.draft
        today = phone.now().date()
        actions = [
            IconButton(ids.SAVE_DESC, "check", lambda: self.save(phone), resource_id=ids.SAVE)
        ]
        if draft.row is not None:
            actions.append(
                IconButton(
                    ids.DELETE_DESC,
                    "delete",
                    lambda: setattr(self, "dialog", "delete"),
                    resource_id=ids.DELETE,
                )
            )
        fields: list[Any] = [
            TextField(draft.title, self._set("title"), hint="Title", resource_id=ids.TITLE),
            TextField(
                draft.location, self._set("location"), hint="Location", resource_id=ids.LOCATION
            ),
            TextField(
                draft.description,
                self._set("description"),
                hint="Description",
                single_line=False,
                resource_id=ids.DESCRIPTION,
            ),
            CheckBox(
                "All-day",
                draft.all_day,
                lambda checked: setattr(draft, "all_day", checked),
                resource_id=ids.ALL_DAY,
            ),
            Row(
                [
                    _link(
                        agenda.day_title(draft.start.date(), today),
                        ids.START_DATE,
                        lambda: self._pick_date(True),
                    ),
                    _link(
                        agenda.time_text(draft.start), ids.START_TIME, lambda: self._pick_time(True)
                    ),
                ]
            ),
            Row(
                [
                    _link(
                        agenda.day_title(draft.end.date(), today),
                        ids.END_DATE,
                        lambda: self._pick_date(False),
                    ),
                    _link(
                        agenda.time_text(draft.end), ids.END_TIME, lambda: self._pick_time(False)
                    ),
                ]
            ),
            Text(_reminder_text(draft.reminder_minutes), resource_id="event_reminder_1"),
            _link(
                repetition_text(draft.repeat_interval),
                ids.REPETITION,
                lambda: setattr(self, "dialog", "repeat"),
            ),
        ]
        if draft.repeat_interval:
            if draft.repeat_interval % agenda.WEEK == 0:
                fields.append(
                    Row(
                        [
                            Text("Repeat on"),
                            Text(_weekdays(draft.repeat_rule), resource_id="event_repetition_rule"),
                        ]
                    )
                )
            fields.append(
                Row([Text("Repeat till"), Text("Forever", resource_id="event_repetition_limit")])
            )
        fields.append(Text("Regular event", resource_id="event_type"))
        title = ids.NEW_EVENT if draft.row is None else ids.EDIT_EVENT
        return Window(
            package=PACKAGE,
            toolbar=Toolbar(title, up=True, on_up=self.back, actions=actions),
            body=[ScrollList(fields, key="event_nested_scrollview")],
            dialog=self._dialog(phone),
        )

    def _dialog(self, phone: VirtualPhone) -> Dialog | None:
        if isinstance(self.dialog, (DatePick, TimePick)):
            return self.dialog.dialog()
        if self.dialog == "repeat":
            values = [value for value, _ in REPETITIONS]
            interval = self.draft.repeat_interval
            current = values.index(interval) if interval in values else -1
            return Dialog(
                title="",
                body=[RadioGroup([label for _, label in REPETITIONS], current, self._repeat)],
                buttons=[],
            )
        if self.dialog == "delete":
            return Dialog(
                title="",
                message=ids.PROCEED_WITH_DELETION,
                buttons=[
                    Button(ids.NO, self._cancel, style="text"),
                    Button(ids.YES, lambda: self.delete(phone), style="text"),
                ],
            )
        return None


def _link(text: str, resource_id: str, on_click: Callable[[], None]) -> Button:
    """A clickable text of the editor (the app's MyTextView with a click listener)."""
    return Button(text, on_click, style="text", resource_id=resource_id)


def _reminder_text(minutes: int) -> str:
    if minutes < 0:
        return "No reminder"
    if minutes == 0:
        return "At start"
    return f"{minutes} minute{'s' if minutes != 1 else ''} before"


def _weekdays(rule: int) -> str:
    return ", ".join(name for i, name in enumerate(_WEEKDAY_NAMES) if rule & 1 << i)
