"""Simple SMS Messenger on the virtual phone: the conversations, a thread, and the new
message form, drawn from the telephony provider.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from droidhub.virtual.appmodel import PIXEL_6, Intent, Screen, VirtualApp
from droidhub_aw_apps.clipboard import model as clipboard
from droidhub_aw_apps.common.hierarchy import Node, hit, render, row
from droidhub_aw_apps.common.keys import KEY_BACK, KEY_DEL
from droidhub_aw_apps.common.themes import SIMPLE_MOBILE_TOOLS
from droidhub_aw_apps.contacts import model as contacts
from droidhub_aw_apps.sms.model import (
    ACTIVITY,
    PACKAGE,
    SENT,
    SENT_URI,
    SMS_URI,
    normalized_address,
)

if TYPE_CHECKING:
    from droidhub.virtual.appmodel import VirtualPhone


class SmsMessengerApp(VirtualApp):
    """Simple SMS Messenger, drawn from the telephony provider.

    Three screens: the conversation list (a row per address, newest first, and a
    ``New conversation`` button), a conversation (its messages, a ``Type a message…``
    field and ``Send``), and the new-conversation screen (a number field, where a
    contact's name also finds its number, and ``OK``).
    Sending inserts the message into ``content://sms/sent``, as the app does once the
    radio accepted it. Names come from the contacts provider when a number matches. A
    long press on a field opens Android's Copy / Paste menu (the clipboard is Clipper's).
    """

    theme = SIMPLE_MOBILE_TOOLS

    package = PACKAGE
    label = "SMS Messenger"
    activity = ACTIVITY
    # AndroidWorld pins the APK with versionCode 85; the model reports that code.
    version_name = "85"

    def __init__(self) -> None:
        self.page = "list"
        self.address = ""
        self.draft = ""
        self.recipient = ""
        #: The text-selection menu (Copy / Paste) a long press on a field opens.
        self.text_menu = False

    def on_start(self, phone: VirtualPhone, intent: Intent) -> None:
        """A launch shows the conversation list; ``sms:NUMBER`` opens that conversation."""
        data = intent.data or ""
        if data.startswith(("sms:", "smsto:")):
            self.page, self.address, self.draft = "thread", data.partition(":")[2], ""
        elif intent.action in (None, "android.intent.action.MAIN"):
            self.page, self.draft = "list", ""

    # reading the providers
    @staticmethod
    def _messages(phone: VirtualPhone, where: str | None = None) -> list[tuple[str, str, int]]:
        provider = phone.provider("sms")
        if provider is None:
            return []
        _, rows = provider.query(phone, SMS_URI, ["address", "body", "type"], where, "date ASC")
        return [(str(a or ""), str(b or ""), int(t or 0)) for a, b, t in rows]

    @staticmethod
    def _name(phone: VirtualPhone, address: str) -> str:
        provider = phone.provider("com.android.contacts")
        if provider is None or not address:
            return address
        wanted = contacts.digits(address)
        _, rows = provider.query(phone, contacts.PHONES_URI, ["display_name", "number"], None, None)
        for name, number in rows:
            if name and contacts.digits(str(number or "")) == wanted:
                return str(name)
        return address

    @staticmethod
    def _number(phone: VirtualPhone, typed: str) -> str:
        """The number of the contact named ``typed`` (the app offers contacts as you
        type their name), or ``typed`` itself."""
        provider = phone.provider("com.android.contacts")
        if provider is None:
            return typed
        _, rows = provider.query(phone, contacts.PHONES_URI, ["display_name", "number"], None, None)
        for name, number in rows:
            if name and str(name).casefold() == typed.casefold() and number:
                return str(number)
        return typed

    # drawing
    def _nodes(self, phone: VirtualPhone) -> list[Node]:
        if self.page == "thread":
            return self._thread_nodes(phone)
        if self.page == "new":
            return [
                Node(
                    "android.widget.TextView", text="New conversation", bounds=(48, 120, 900, 240)
                ),
                Node(
                    "android.widget.EditText",
                    text=self.recipient,
                    hint="Add Contact or Number…",
                    bounds=row(0),
                    focused=True,
                ),
                Node(
                    "android.widget.Button", text="OK", bounds=(840, 500, 1040, 620), clickable=True
                ),
            ]
        latest: dict[str, str] = {}
        for address, body, _kind in self._messages(phone):
            latest.pop(address, None)
            latest[address] = body
        nodes = [Node("android.widget.TextView", text="SMS Messenger", bounds=(48, 120, 900, 240))]
        for i, (address, body) in enumerate(reversed(latest.items())):
            top = 300 + i * 200
            nodes.append(
                Node(
                    "android.widget.LinearLayout",
                    resource_id=f"{PACKAGE}:id/conversation_frame",
                    bounds=(0, top, PIXEL_6.width, top + 200),
                    clickable=True,
                    content_desc=address,
                    children=[
                        Node(
                            "android.widget.TextView",
                            text=self._name(phone, address),
                            bounds=(48, top + 20, 1000, top + 100),
                        ),
                        Node(
                            "android.widget.TextView",
                            text=body,
                            bounds=(48, top + 100, 1000, top + 180),
                        ),
                    ],
                )
            )
        nodes.append(
            Node(
                "android.widget.ImageButton",
                content_desc="New conversation",
                bounds=(820, 2000, 1000, 2180),
                clickable=True,
            )
        )
        return nodes

    def _thread_nodes(self, phone: VirtualPhone) -> list[Node]:
        nodes = [
            Node(
                "android.widget.TextView",
                text=self._name(phone, self.address),
                bounds=(48, 120, 900, 240),
            )
        ]
        mine = [
            m
            for m in self._messages(phone)
            if normalized_address(m[0]) == normalized_address(self.address)
        ]
        for i, (_, body, kind) in enumerate(mine[-12:]):
            top = 300 + i * 130
            # As in the app's bubbles: what I sent on the right, what I got on the left.
            left, right = (300, 1032) if kind == SENT else (48, 780)
            nodes.append(
                Node(
                    "android.widget.TextView",
                    text=body,
                    resource_id=f"{PACKAGE}:id/thread_message_body",
                    bounds=(left, top, right, top + 120),
                )
            )
        nodes.append(
            Node(
                "android.widget.EditText",
                text=self.draft,
                hint="Type a message…",
                bounds=(0, 2000, 880, 2160),
                focused=True,
            )
        )
        nodes.append(
            Node(
                "android.widget.ImageButton",
                content_desc="Send",
                bounds=(900, 2000, 1060, 2160),
                clickable=True,
            )
        )
        return nodes

    def _all_nodes(self, phone: VirtualPhone) -> list[Node]:
        nodes = self._nodes(phone)
        if self.text_menu and self.page in ("thread", "new"):
            items = ["Copy", "Paste"] if self._field() else ["Paste"]
            for i, item in enumerate(items):
                nodes.append(
                    Node(
                        "android.widget.Button",
                        text=item,
                        bounds=(100 + i * 260, 1860, 340 + i * 260, 1960),
                        clickable=True,
                    )
                )
        return nodes

    def _field(self) -> str:
        return self.recipient if self.page == "new" else self.draft

    def _set_field(self, text: str) -> None:
        if self.page == "new":
            self.recipient = text
        else:
            self.draft = text

    def screen(self, phone: VirtualPhone) -> Screen:
        """The current screen, drawn from the providers."""
        return Screen(hierarchy=render(PACKAGE, self._all_nodes(phone)))

    # input
    def on_tap(self, phone: VirtualPhone, x: int, y: int) -> None:
        """Open a conversation, start one, confirm a number, send, copy or paste."""
        node = hit(self._all_nodes(phone), x, y)
        menu, self.text_menu = self.text_menu, False
        if node is None:
            return
        board = clipboard.clipper_model(phone)
        if menu and node.text == "Copy" and board is not None:
            board.text = self._field()
        elif menu and node.text == "Paste" and board is not None:
            self._set_field(self._field() + board.text)
        elif node.resource_id.endswith("conversation_frame"):
            self.page, self.address, self.draft = "thread", node.content_desc, ""
        elif node.content_desc == "New conversation":
            self.page, self.recipient = "new", ""
        elif node.text == "OK" and self.recipient.strip():
            address = self._number(phone, self.recipient.strip())
            self.page, self.address, self.draft = "thread", address, ""
        elif node.content_desc == "Send" and self.draft.strip():
            provider = phone.provider("sms")
            if provider is not None:
                values: dict[str, str | int | float | bool | None] = {
                    "address": self.address,
                    "body": self.draft,
                    "type": SENT,
                    "read": 1,
                }
                provider.insert(phone, SENT_URI, values)
            self.draft = ""

    def on_swipe(
        self, phone: VirtualPhone, x1: int, y1: int, x2: int, y2: int, duration_ms: int
    ) -> None:
        """A long press on a text field opens its Copy / Paste menu."""
        if (x1, y1) == (x2, y2) and duration_ms >= 500:
            node = hit(self._nodes(phone), x1, y1)
            self.text_menu = node is not None and node.class_name.endswith("EditText")

    def on_text(self, phone: VirtualPhone, text: str) -> None:
        """Typing goes to the number field or the message field."""
        if self.page == "new":
            self.recipient += text
        elif self.page == "thread":
            self.draft += text

    def on_key(self, phone: VirtualPhone, keycode: str) -> bool:
        """Delete erases; back returns to the conversation list (and the app stays)."""
        if keycode in KEY_DEL:
            if self.page == "new":
                self.recipient = self.recipient[:-1]
            elif self.page == "thread":
                self.draft = self.draft[:-1]
        elif keycode in KEY_BACK and self.page != "list":
            self.page = "list"
            return True
        return False


def virtual_apps() -> list[VirtualApp]:
    """A fresh Simple SMS Messenger model."""
    return [SmsMessengerApp()]
