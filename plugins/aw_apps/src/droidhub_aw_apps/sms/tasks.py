"""Simple SMS Messenger tasks: send, reply, resend, forward an address, paste.

AndroidWorld's check: a message to the number (dashes and spaces ignored) with the
body (up to small typos) was sent within the last five minutes of device time, and
Simple SMS Messenger is in the foreground. Set-up empties the provider and adds the
task's incoming messages; tear-down puts back what was there.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, ClassVar

from pydantic import BaseModel, ConfigDict

from droidhub import Evaluator, Footprint, TaskEval
from droidhub_aw_apps.clipboard import model as clipboard
from droidhub_aw_apps.common import fake_data, fuzzy
from droidhub_aw_apps.contacts import model as contacts
from droidhub_aw_apps.sms.model import (
    ACTIVITY,
    PACKAGE,
    RECENT_MINUTES,
    SMS_STATE,
    clear_messages,
    normalized_address,
    now_ms,
    receive,
    restore_sms_tables,
    save_sms_tables,
    send,
    sent_messages,
)

if TYPE_CHECKING:
    from droidhub import Env


def sms_sent(env: Env, number: str, body: str, within_minutes: int = RECENT_MINUTES) -> float:
    """1.0 when a message to ``number`` with ``body`` (up to small typos) was sent in
    the last ``within_minutes`` minutes of device time."""
    now = now_ms(env.device)
    for message in sent_messages(env.device):
        recent = now - int(message.get("date") or 0) <= within_minutes * 60_000
        if (
            normalized_address(message.get("address") or "") == normalized_address(number)
            and fuzzy.similar(message.get("body"), body)
            and recent
        ):
            return 1.0
    return 0.0


SMS_SENT = Evaluator("sms_sent", "an SMS with a body was sent to a number recently", sms_sent)

EVALUATORS = (SMS_SENT,)
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
        now = now_ms(env.device)
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
        now = now_ms(env.device)
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


class _SmsContactsTask(_SmsTask):
    """An SMS task whose people are contacts: set-up starts from none (the task adds
    its own), tear-down deletes them again."""

    footprint = Footprint(writes=SMS_STATE.union(contacts.CONTACTS_STATE))

    def initialize_task(self, env: Env) -> None:
        """Start from an empty provider and no contacts."""
        super().initialize_task(env)
        contacts.clear_contacts(env.device)

    def tear_down(self, env: Env) -> None:
        """Delete the contacts."""
        contacts.clear_contacts(env.device)
        super().tear_down(env)


class ReceivedAddressParams(BaseModel):
    """Who to text (name1, at number), who sent the address (name2), and the address."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    name1: str
    number: str
    name2: str
    message: str


class SimpleSmsSendReceivedAddress(_SmsContactsTask):
    """Forward an address one contact texted to another contact."""

    template = (
        "Text the address of the event to {name1} that {name2} just sent me in Simple SMS Messenger"
    )
    complexity = 1.8
    tags = ("information_retrieval", "parameterized")
    params: ReceivedAddressParams  # type: ignore[assignment]

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
        contacts.add_contact(env.device, self.params.name1, self.params.number)
        contacts.add_contact(env.device, self.params.name2, name2_number)
        receive(env.device, name2_number, self.params.message)


class ResendParams(BaseModel):
    """The contact (name, number) and the message sent to them."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    name: str
    number: str
    message: str


#: What the contact answers, asking for the message again.
GLITCH_TEXT = "Sorry, there was a glitch, what was the last message you sent me?"


class SimpleSmsResend(_SmsContactsTask):
    """Send the last message to a contact once more."""

    template = "Resend the message I just sent to {name} in Simple SMS Messenger"
    params: ResendParams  # type: ignore[assignment]

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
        contacts.add_contact(env.device, self.params.name, self.params.number)
        now = now_ms(env.device)
        send(env.device, self.params.number, self.params.message, now - 120_000)
        receive(env.device, self.params.number, GLITCH_TEXT, now - 60_000)
        self._before = sent_messages(env.device)

    def is_successful(self, env: Env) -> float:
        """Whether exactly one message was sent since, repeating the original."""
        after = sent_messages(env.device)
        if len(after) != len(self._before) + 1:
            return 0.0
        newest, original = after[0], self._before[-1]
        same_number = normalized_address(newest.get("address") or "") == normalized_address(
            original.get("address") or ""
        )
        return (
            1.0 if same_number and fuzzy.similar(newest.get("body"), original.get("body")) else 0.0
        )


TASKS: tuple[type[TaskEval], ...] = (
    SimpleSmsSend,
    SimpleSmsReply,
    SimpleSmsReplyMostRecent,
    SimpleSmsResend,
    SimpleSmsSendClipboardContent,
    SimpleSmsSendReceivedAddress,
)
