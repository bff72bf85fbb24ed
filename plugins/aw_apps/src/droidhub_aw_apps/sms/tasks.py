"""Simple SMS Messenger tasks: send, reply, resend, forward an address, paste.

Messages live in the telephony provider (``content://sms``: ``/inbox`` type 1,
``/sent`` type 2). AndroidWorld's check: a message to the number (dashes and spaces
ignored) with the body (up to small typos) was sent within the last five minutes of
device time, and Simple SMS Messenger is in the foreground. Set-up empties the
provider and adds the task's incoming messages; tear-down puts back what was there.
"""

from __future__ import annotations

import random
import sqlite3
from typing import TYPE_CHECKING, ClassVar

from pydantic import BaseModel, ConfigDict

from droidhub import AppSpec, Evaluator, Footprint, StateRefs, TaskEval
from droidhub.virtual.appmodel import PIXEL_6, Intent, Screen, VirtualApp
from droidhub_aw_apps.clipboard import tasks as clipboard
from droidhub_aw_apps.common import fake_data, fuzzy
from droidhub_aw_apps.common.hierarchy import Node, hit, render, row
from droidhub_aw_apps.common.keys import KEY_BACK, KEY_DEL
from droidhub_aw_apps.contacts import tasks as contacts

if TYPE_CHECKING:
    from droidhub import Device, Env
    from droidhub.virtual.appmodel import VirtualPhone

PACKAGE = "com.simplemobiletools.smsmessenger"
ACTIVITY = "com.simplemobiletools.smsmessenger.activities.MainActivity"
SMS_URI = "content://sms"
INBOX_URI = "content://sms/inbox"
SENT_URI = "content://sms/sent"
INBOX, SENT = 1, 2
#: How recent a sent message must be to count (AndroidWorld's window).
RECENT_MINUTES = 5

APPS = (
    AppSpec(
        PACKAGE,
        ACTIVITY,
        names=("simple sms messenger", "simple sms"),
        label="SMS Messenger",
        data_paths=(f"/data/data/{PACKAGE}",),
    ),
)

SMS_STATE = StateRefs(content_uris=frozenset({SMS_URI}))

#: The telephony provider's database; tear-down writes it back as set-up found it (as
#: AndroidWorld edits it: directly, which needs root on an emulator).
MMSSMS_DB = "/data/data/com.android.providers.telephony/databases/mmssms.db"
TELEPHONY_PACKAGE = "com.android.providers.telephony"
#: Tables the SMS tasks change: messages, their threads, and the addresses threads name.
_SMS_TABLES = ("sms", "threads", "canonical_addresses")

SavedTables = dict[str, list[dict[str, object]]]


def save_sms_tables(device: Device) -> SavedTables:
    """Every row of the SMS tables, to put back with :func:`restore_sms_tables`."""
    return {table: device.query_db(MMSSMS_DB, f"SELECT * FROM {table}") for table in _SMS_TABLES}


def restore_sms_tables(device: Device, saved: SavedTables) -> None:
    """Make the SMS tables hold exactly the saved rows again (ids included)."""

    def change(db: sqlite3.Connection) -> None:
        for table, rows in saved.items():
            db.execute(f"DELETE FROM {table}")
            for record in rows:
                columns = ", ".join(record)
                marks = ", ".join("?" for _ in record)
                db.execute(
                    f"INSERT INTO {table} ({columns}) VALUES ({marks})", list(record.values())
                )

    device.write_db(MMSSMS_DB, TELEPHONY_PACKAGE, change)


def _now_ms(device: Device) -> int:
    return int(device.now().timestamp() * 1000)


def _address(number: str) -> str:
    return number.replace("-", "").replace(" ", "")


def receive(device: Device, number: str, body: str, date_ms: int | None = None) -> None:
    """Put an incoming message from ``number`` into the inbox (unread)."""
    date = _now_ms(device) if date_ms is None else date_ms
    device.content_insert(
        INBOX_URI, {"address": number, "body": body, "date": date, "type": INBOX, "read": 0}
    )


def send(device: Device, number: str, body: str, date_ms: int | None = None) -> None:
    """Record a message to ``number`` as sent (what the app does after sending)."""
    date = _now_ms(device) if date_ms is None else date_ms
    device.content_insert(
        SENT_URI, {"address": number, "body": body, "date": date, "type": SENT, "read": 1}
    )


def sent_messages(device: Device) -> list[dict[str, str | None]]:
    """Sent messages, newest first."""
    return device.content_query(SENT_URI, projection=["address", "body", "date"], sort="date DESC")


def received_messages(device: Device) -> list[dict[str, str | None]]:
    """Incoming messages, newest first."""
    return device.content_query(INBOX_URI, projection=["address", "body", "date"], sort="date DESC")


def clear_messages(device: Device) -> None:
    """Delete every message (threads follow their messages)."""
    device.content_delete(SMS_URI)


def sms_sent(env: Env, number: str, body: str, within_minutes: int = RECENT_MINUTES) -> float:
    """1.0 when a message to ``number`` with ``body`` (up to small typos) was sent in
    the last ``within_minutes`` minutes of device time."""
    now = _now_ms(env.device)
    for message in sent_messages(env.device):
        recent = now - int(message.get("date") or 0) <= within_minutes * 60_000
        if (
            _address(message.get("address") or "") == _address(number)
            and fuzzy.similar(message.get("body"), body)
            and recent
        ):
            return 1.0
    return 0.0


SMS_SENT = Evaluator("sms_sent", "an SMS with a body was sent to a number recently", sms_sent)

EVALUATORS = (SMS_SENT,)


class SmsMessengerApp(VirtualApp):
    """Simple SMS Messenger, drawn from the telephony provider.

    Three screens: the conversation list (a row per address, newest first, and a
    ``New conversation`` button), a conversation (its messages, a ``Type a message…``
    field and ``Send``), and the new-conversation screen (a number field and ``OK``).
    Sending inserts the message into ``content://sms/sent``, as the app does once the
    radio accepted it. Names come from the contacts provider when a number matches. A
    long press on a field opens Android's Copy / Paste menu (the clipboard is Clipper's).
    """

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
        mine = [m for m in self._messages(phone) if _address(m[0]) == _address(self.address)]
        for i, (_, body, _) in enumerate(mine[-12:]):
            top = 300 + i * 130
            nodes.append(
                Node("android.widget.TextView", text=body, bounds=(48, top, 1032, top + 120))
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
            self.page, self.address, self.draft = "thread", self.recipient.strip(), ""
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

    def on_key(self, phone: VirtualPhone, keycode: str) -> None:
        """Delete erases; back returns to the conversation list."""
        if keycode in KEY_DEL:
            if self.page == "new":
                self.recipient = self.recipient[:-1]
            elif self.page == "thread":
                self.draft = self.draft[:-1]
        elif keycode in KEY_BACK and self.page != "list":
            self.page = "list"


def virtual_apps() -> list[VirtualApp]:
    """A fresh Simple SMS Messenger model."""
    return [SmsMessengerApp()]


# --- tasks ------------------------------------------------------------------------------


class SmsParams(BaseModel):
    """The number to text and the message."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    number: str
    message: str


class _SmsTask(TaskEval):
    """Send ``message`` to ``number`` with Simple SMS Messenger (and stay in it)."""

    app_names: ClassVar[tuple[str, ...]] = ("simple sms messenger",)
    complexity = 1.2
    difficulty = "medium"
    tags: ClassVar[tuple[str, ...]] = ("parameterized",)
    Params: ClassVar[type[BaseModel]] = SmsParams
    params: SmsParams
    footprint = Footprint(writes=SMS_STATE)

    @classmethod
    def generate_random_params(cls, rng: random.Random) -> BaseModel:
        """A random number and one of AndroidWorld's sentences."""
        return SmsParams(
            number=fake_data.random_phone_number(rng), message=rng.choice(fake_data.SENTENCES)
        )

    def initialize_task(self, env: Env) -> None:
        """Keep the messages aside and start from an empty provider."""
        super().initialize_task(env)
        self._saved = save_sms_tables(env.device)
        clear_messages(env.device)

    def is_successful(self, env: Env) -> float:
        """Whether the message went to the number recently and the app is in front."""
        if env.device.foreground_activity().split("/")[0] != PACKAGE:
            return 0.0
        return SMS_SENT(env, number=self.params.number, body=self.params.message)

    def oracle(self, env: Env) -> None:
        """Record the message as sent and bring the app to the front."""
        send(env.device, self.params.number, self.params.message)
        env.device.start_activity(component=f"{PACKAGE}/{ACTIVITY}")

    def tear_down(self, env: Env) -> None:
        """Put back the messages set-up found."""
        if hasattr(self, "_saved"):
            restore_sms_tables(env.device, self._saved)
        super().tear_down(env)


class SimpleSmsSend(_SmsTask):
    """Send a text to a number."""

    template = "Send a text message using Simple SMS Messenger to {number} with message: {message}"


class SimpleSmsReply(_SmsTask):
    """Reply to one of several conversations."""

    template = "Reply to {number} with message: {message} in Simple SMS Messenger"
    difficulty = "easy"
    tags = ("search", "data_entry", "parameterized")

    def initialize_task(self, env: Env) -> None:
        """One to five texts from strangers, with one from the number among them."""
        super().initialize_task(env)
        rng = fake_data.setup_rng(self)
        texts: list[tuple[str, str]] = []
        target_in = False
        for _ in range(rng.randint(1, 5)):
            if not target_in and rng.choice([True, False]):
                texts.append((self.params.number, rng.choice(fake_data.SENTENCES)))
                target_in = True
            texts.append((fake_data.random_phone_number(rng), rng.choice(fake_data.SENTENCES)))
        if not target_in:
            texts.append((self.params.number, rng.choice(fake_data.SENTENCES)))
        now = _now_ms(env.device)
        for i, (number, body) in enumerate(texts):
            receive(env.device, number, body, now - (len(texts) - i) * 60_000)


class SimpleSmsReplyMostRecent(_SmsTask):
    """Reply to whoever texted last."""

    template = (
        "Reply to the most recent text message using Simple SMS Messenger with message: {message}"
    )

    def initialize_task(self, env: Env) -> None:
        """Up to five texts from strangers, then the latest one from the number."""
        super().initialize_task(env)
        rng = fake_data.setup_rng(self)
        others = [s for s in fake_data.SENTENCES if s != self.params.message]
        now = _now_ms(env.device)
        count = rng.randint(0, 5)
        for i in range(count):
            number = fake_data.random_phone_number(rng)
            receive(env.device, number, rng.choice(others), now - (count + 1 - i) * 60_000)
        receive(env.device, self.params.number, rng.choice(others), now - 30_000)


class SimpleSmsSendClipboardContent(_SmsTask):
    """Paste the clipboard into a text to a number."""

    template = "Send a message to {number} with the clipboard content in Simple SMS Messenger"
    app_names = ("simple sms messenger", "clipper")
    difficulty = "easy"
    tags = ("data_entry", "parameterized")
    footprint = Footprint(writes=SMS_STATE.union(clipboard.CLIPBOARD_STATE))

    def initialize_task(self, env: Env) -> None:
        """Put the message on the clipboard (keeping what was there)."""
        super().initialize_task(env)
        self._clipboard = clipboard.read_clipboard(env.device)
        clipboard.write_clipboard(env.device, self.params.message)

    def tear_down(self, env: Env) -> None:
        """Give the clipboard back its text."""
        if hasattr(self, "_clipboard"):
            clipboard.write_clipboard(env.device, self._clipboard)
        super().tear_down(env)


class ReceivedAddressParams(BaseModel):
    """Who to text (name1, at number), who sent the address (name2), and the address."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    name1: str
    number: str
    name2: str
    message: str


class SimpleSmsSendReceivedAddress(_SmsTask):
    """Forward an address one contact texted to another contact."""

    template = (
        "Text the address of the event to {name1} that {name2} just sent me in Simple SMS Messenger"
    )
    complexity = 1.8
    tags = ("information_retrieval", "parameterized")
    Params = ReceivedAddressParams
    params: ReceivedAddressParams  # type: ignore[assignment]
    footprint = Footprint(writes=SMS_STATE.union(contacts.CONTACTS_STATE))

    @classmethod
    def generate_random_params(cls, rng: random.Random) -> ReceivedAddressParams:
        """Two different people, name1's number, and one of the addresses."""
        name1 = fake_data.random_name(rng)
        name2 = fake_data.random_name(rng, excluding=name1)
        return ReceivedAddressParams(
            name1=name1,
            number=fake_data.random_phone_number(rng),
            name2=name2,
            message=rng.choice(fake_data.ADDRESSES),
        )

    def initialize_task(self, env: Env) -> None:
        """Both people as contacts; name2 has texted the address."""
        super().initialize_task(env)
        rng = fake_data.setup_rng(self)
        name2_number = fake_data.random_phone_number(rng)
        contacts.clear_contacts(env.device)
        contacts.add_contact(env.device, self.params.name1, self.params.number)
        contacts.add_contact(env.device, self.params.name2, name2_number)
        receive(env.device, name2_number, self.params.message)

    def tear_down(self, env: Env) -> None:
        """Delete the contacts."""
        contacts.clear_contacts(env.device)
        super().tear_down(env)


class ResendParams(BaseModel):
    """The contact (name, number) and the message sent to them."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    name: str
    number: str
    message: str


#: What the contact answers, asking for the message again.
GLITCH_TEXT = "Sorry, there was a glitch, what was the last message you sent me?"


class SimpleSmsResend(_SmsTask):
    """Send the last message to a contact once more."""

    template = "Resend the message I just sent to {name} in Simple SMS Messenger"
    Params = ResendParams
    params: ResendParams  # type: ignore[assignment]
    footprint = Footprint(writes=SMS_STATE.union(contacts.CONTACTS_STATE))

    @classmethod
    def generate_random_params(cls, rng: random.Random) -> ResendParams:
        """A random contact and one of the sentences."""
        return ResendParams(
            name=fake_data.random_name(rng),
            number=fake_data.random_phone_number(rng),
            message=rng.choice(fake_data.SENTENCES),
        )

    def initialize_task(self, env: Env) -> None:
        """The contact, the message sent to them, and their reply asking for it."""
        super().initialize_task(env)
        contacts.clear_contacts(env.device)
        contacts.add_contact(env.device, self.params.name, self.params.number)
        now = _now_ms(env.device)
        send(env.device, self.params.number, self.params.message, now - 120_000)
        receive(env.device, self.params.number, GLITCH_TEXT, now - 60_000)
        self._before = sent_messages(env.device)

    def is_successful(self, env: Env) -> float:
        """Whether exactly one message was sent since, repeating the original."""
        after = sent_messages(env.device)
        if len(after) != len(self._before) + 1:
            return 0.0
        newest, original = after[0], self._before[-1]
        same_number = _address(newest.get("address") or "") == _address(
            original.get("address") or ""
        )
        return (
            1.0 if same_number and fuzzy.similar(newest.get("body"), original.get("body")) else 0.0
        )

    def tear_down(self, env: Env) -> None:
        """Delete the contact."""
        contacts.clear_contacts(env.device)
        super().tear_down(env)


TASKS: tuple[type[TaskEval], ...] = (
    SimpleSmsSend,
    SimpleSmsReply,
    SimpleSmsReplyMostRecent,
    SimpleSmsResend,
    SimpleSmsSendClipboardContent,
    SimpleSmsSendReceivedAddress,
)
