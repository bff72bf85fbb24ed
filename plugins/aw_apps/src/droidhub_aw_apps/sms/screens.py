"""Simple SMS Messenger on the view engine: the conversations, a thread, the new
conversation and the settings, bound to the telephony and contacts providers.

The layouts are :mod:`.layouts`; this module keeps the app's state (which screen,
which conversation, the fields' text, what shows over the screen) and binds data and
actions into them. Sending inserts the message into ``content://sms/sent``, as the
app does once the radio accepted it. A long press on a field raises the floating text
toolbar (Cut, Copy, Paste, Select all; Paste alone on an empty field) whose Copy and
Paste go through Clipper's clipboard; Copy takes the whole field, as after Select all.
"""

from __future__ import annotations

import datetime as dt
from typing import TYPE_CHECKING

from droidhub.virtual import views
from droidhub.virtual.appmodel import Intent, VirtualApp
from droidhub.virtual.views.view import Box
from droidhub_aw_apps.clipboard import model as clipboard
from droidhub_aw_apps.common import simple_commons as sc
from droidhub_aw_apps.common.app_identity import model_of
from droidhub_aw_apps.common.themes import SIMPLE_MOBILE_TOOLS
from droidhub_aw_apps.contacts import model as contacts
from droidhub_aw_apps.sms import layouts, new_conversation
from droidhub_aw_apps.sms.layouts import ContactRow, ConversationRow, ThreadItem
from droidhub_aw_apps.sms.model import APPS, SENT, SENT_URI, SMS_URI
from droidhub_aw_apps.sms.model import normalized_address as _normal

if TYPE_CHECKING:
    from droidhub.virtual.appmodel import VirtualPhone

#: A thread shows the date and time again after this long without a message
#: (``MIN_DATE_TIME_DIFF_SECS``).
DATE_GAP_MS = 300_000
#: Far past any list's end: the engine keeps a list's offset within its content.
END = 1 << 30

Message = tuple[str, str, int, int]  # address, body, type, date (ms)


@model_of(APPS[0])
class SmsMessengerApp(views.ViewApp):
    """Simple SMS Messenger, drawn from the telephony and contacts providers."""

    theme = SIMPLE_MOBILE_TOOLS

    # AndroidWorld pins the APK with versionCode 85; the model reports that code.
    version_name = "85"

    def __init__(self) -> None:
        super().__init__()
        self.page = "list"
        self.address = ""
        self.draft = ""
        self.recipient = ""
        #: What shows over the screen: "", "overflow", "delete" or "text" (the
        #: floating text toolbar of the field ``text_field`` at ``text_anchor``).
        self.overlay = ""
        self.text_field = ""
        self.text_anchor: Box = (0, 0, 0, 0)

    def on_start(self, phone: VirtualPhone, intent: Intent) -> None:
        """A launch shows the conversation list; ``sms:NUMBER`` opens that conversation."""
        super().on_start(phone, intent)
        data = intent.data or ""
        self.overlay = ""
        if data.startswith(("sms:", "smsto:")):
            self._open_thread(phone, data.partition(":")[2])
        elif intent.action in (None, "android.intent.action.MAIN"):
            self.page, self.draft = "list", ""

    # --- the providers ----------------------------------------------------------------
    @staticmethod
    def _messages(phone: VirtualPhone) -> list[Message]:
        provider = phone.provider("sms")
        if provider is None:
            return []
        columns = ["address", "body", "type", "date"]
        _, rows = provider.query(phone, SMS_URI, columns, None, "date ASC")
        return [(str(a or ""), str(b or ""), int(t or 0), int(d or 0)) for a, b, t, d in rows]

    @staticmethod
    def _contacts(phone: VirtualPhone) -> list[ContactRow]:
        provider = phone.provider("com.android.contacts")
        if provider is None:
            return []
        _, rows = provider.query(phone, contacts.PHONES_URI, ["display_name", "number"], None, None)
        found = [ContactRow(str(n), str(m or "")) for n, m in rows if n]
        return sorted(found, key=lambda c: c.name.casefold())

    def _name(self, phone: VirtualPhone, address: str) -> str:
        wanted = contacts.digits(address)
        for contact in self._contacts(phone):
            if wanted and contacts.digits(contact.number) == wanted:
                return contact.name
        return address

    # --- actions ------------------------------------------------------------------------
    def _go(self, page: str) -> None:
        self.page, self.overlay = page, ""
        self.reset_view_state()

    def _open_thread(self, phone: VirtualPhone, address: str) -> None:
        """The thread, scrolled to its end; its field takes the focus when it has no
        messages yet."""
        self._go("thread")
        self.address, self.draft = address, ""
        self.view_state.scroll["thread_messages_list"] = END
        if not any(_normal(m[0]) == _normal(address) for m in self._messages(phone)):
            self.view_state.focus = "thread_type_message"

    def _new_conversation(self) -> None:
        """The new conversation opens with its field focused (``requestFocus``)."""
        self._go("new")
        self.recipient = ""
        self.view_state.focus = "new_conversation_address"

    def _send(self, phone: VirtualPhone) -> None:
        provider = phone.provider("sms")
        if provider is None or not self.draft.strip():
            return
        values: dict[str, str | int | float | bool | None] = {
            "address": self.address,
            "body": self.draft,
            "type": SENT,
            "read": 1,
        }
        provider.insert(phone, SENT_URI, values)
        self.draft = ""
        self.view_state.scroll["thread_messages_list"] = END

    def _delete_thread(self, phone: VirtualPhone) -> None:
        provider = phone.provider("sms")
        if provider is not None:
            for address in {
                m[0] for m in self._messages(phone) if _normal(m[0]) == _normal(self.address)
            }:
                provider.delete(phone, SMS_URI, "address = '" + address.replace("'", "''") + "'")
        self._go("list")

    def _set(self, **changes: object) -> None:
        for name, value in changes.items():
            setattr(self, name, value)

    # --- the field's text toolbar ---------------------------------------------------
    def _field_text(self) -> str:
        return self.recipient if self.text_field == "new_conversation_address" else self.draft

    def _set_field_text(self, text: str) -> None:
        if self.text_field == "new_conversation_address":
            self.recipient = text
        else:
            self.draft = text

    def _text_actions(self, phone: VirtualPhone) -> list[tuple[str, object]]:
        board = clipboard.clipper_model(phone)

        def copy() -> None:
            if board is not None:
                board.text = self._field_text()
            self.overlay = ""

        def cut() -> None:
            copy()
            self._set_field_text("")

        def paste() -> None:
            if board is not None:
                self._set_field_text(self._field_text() + board.text)
            self.overlay = ""

        def select_all() -> None:
            self.overlay = "text"

        if not self._field_text():
            return [("Paste", paste)]
        return [("Cut", cut), ("Copy", copy), ("Paste", paste), ("Select all", select_all)]

    def _with_text_menu(self, content: views.View) -> None:
        """Give every field a long press that raises the text toolbar over it."""
        for view in content.walk():
            if isinstance(view, views.EditText):
                view.on_long_click = lambda field=view: self._raise_text_menu(field)

    def _raise_text_menu(self, field: views.EditText) -> None:
        self.overlay, self.text_field, self.text_anchor = "text", field.id, field.bounds

    # --- the screens ------------------------------------------------------------------
    def build(self, phone: VirtualPhone) -> views.Window:
        """The current page, with what shows over it."""
        close = lambda: self._set(overlay="")  # noqa: E731
        if self.page == "thread":
            content = self._thread(phone)
        elif self.page == "new":
            content = self._new(phone)
        elif self.page == "settings":
            content = sc.settings_top(lambda: self._go("list"))
        else:
            content = self._list(phone)
        self._with_text_menu(content)
        soft_input = views.ADJUST_RESIZE if self.page == "thread" else views.ADJUST_UNSPECIFIED
        window = views.Window(
            content, background=sc.BACKGROUND, status_bar=sc.BACKGROUND, soft_input=soft_input
        )
        if self.overlay == "text":
            actions = self._text_actions(phone)
            window.dialog = sc.text_toolbar(actions)  # type: ignore[arg-type]
            window.popup_anchor, window.on_cancel = self.text_anchor, close
        elif self.overlay == "overflow":
            items = _overflow_items(self.page)
            window.dialog = views.popup_menu(items, lambda item: close())
            window.popup_anchor, window.on_cancel = (0, 118, 1080, 265), close
        elif self.overlay == "delete":
            window.dialog = sc.confirmation_dialog(
                layouts.DELETE_CONVERSATION, lambda: self._delete_thread(phone), close
            )
            window.on_cancel = close
        return window

    def _list(self, phone: VirtualPhone) -> views.View:
        latest: dict[str, Message] = {}
        for message in self._messages(phone):
            latest.pop(_normal(message[0]), None)
            latest[_normal(message[0])] = message
        rows = [
            ConversationRow(m[0], self._name(phone, m[0]), m[1], _date_or_time(m[3], phone))
            for m in reversed(latest.values())
        ]
        return layouts.activity_main(
            rows,
            lambda row: layouts.item_conversation(
                row, lambda: self._open_thread(phone, row.address)
            ),
            lambda: self._set(overlay="overflow"),
            lambda: self._go("settings"),
            self._new_conversation,
        )

    def _thread(self, phone: VirtualPhone) -> views.View:
        items: list[ThreadItem] = []
        title = self._name(phone, self.address)
        previous = -DATE_GAP_MS
        for _, body, kind, date in (
            m for m in self._messages(phone) if _normal(m[0]) == _normal(self.address)
        ):
            if date - previous > DATE_GAP_MS:
                items.append(ThreadItem("", date_time=_date_and_time(date, phone)))
            previous = date
            items.append(ThreadItem(body, sent=kind == SENT, sender=title))
        return layouts.activity_thread(
            title,
            items,
            self.draft,
            lambda: self._go("list"),
            lambda: self._set(overlay="delete"),
            lambda: self._set(overlay="overflow"),
            lambda text: self._set(draft=text),
            lambda: self._send(phone),
        )

    def _new(self, phone: VirtualPhone) -> views.View:
        typed = self.recipient.strip().casefold()
        found = [
            c
            for c in self._contacts(phone)
            if not typed or typed in c.name.casefold() or typed in contacts.digits(c.number)
        ]
        return new_conversation.activity_new_conversation(
            self.recipient,
            found,
            self._suggestions(phone),
            lambda: self._go("list"),
            lambda text: self._set(recipient=text),
            lambda: self._open_thread(phone, self.recipient.strip()),
            lambda contact: self._open_thread(phone, contact.number),
        )

    def _suggestions(self, phone: VirtualPhone) -> list[ContactRow]:
        """``getSuggestedContacts``: the senders and recipients of the 50 newest
        messages that are contacts, newest first, each number once."""
        found: list[ContactRow] = []
        newest = sorted(self._messages(phone), key=lambda m: m[3], reverse=True)[:50]
        for address, *_ in newest:
            name = self._name(phone, address)
            if name != address and all(_normal(c.number) != _normal(address) for c in found):
                found.append(ContactRow(name, address))
        return found

    def on_back(self, phone: VirtualPhone) -> bool:
        """Back from a thread, the new conversation or the settings shows the list."""
        del phone
        if self.page == "list":
            return False
        self._go("list")
        return True


def _overflow_items(page: str) -> list[views.MenuItem]:
    titles: tuple[str, ...]
    if page == "thread":
        titles = ("Archive", "Conversation details", "Block number", "Mark as Unread")
    else:
        titles = ("Show the Recycle Bin", "Show archived conversations", sc.MORE_APPS)
    return [views.MenuItem("", t) for t in titles]


def _date_or_time(millis: int, phone: VirtualPhone) -> str:
    """``formatDateOrTime``: the time for today, else the date (dd.MM.yyyy)."""
    when = dt.datetime.fromtimestamp(millis / 1000, phone.tzinfo())
    return f"{when:%H:%M}" if when.date() == phone.today() else f"{when:%d.%m.%Y}"


def _date_and_time(millis: int, phone: VirtualPhone) -> str:
    """A thread's date row: the time for today, else the date and time."""
    when = dt.datetime.fromtimestamp(millis / 1000, phone.tzinfo())
    today = when.date() == phone.today()
    return f"{when:%H:%M}" if today else f"{when:%d.%m.%Y %H:%M}"


def virtual_apps() -> list[VirtualApp]:
    """A fresh Simple SMS Messenger model."""
    return [SmsMessengerApp()]
