"""The phone's radio as the emulator's modem fakes it: messages that arrive and calls
that ring, for :mod:`droidhub.virtual.console` (``adb emu sms send``, ``adb emu gsm
call``) and the phone's own answers (``dumpsys telephony.registry``, ENDCALL).

What the telephony stack records is what the providers hold afterwards: an arriving
SMS is a row of ``content://sms/inbox`` (unread, unseen, its thread made), a call that
ends is a row of ``content://call_log/calls`` — missed when nobody answered it
(``CallLog.Calls.MISSED_TYPE`` 3), rejected when ENDCALL hung it up while it rang
(``REJECTED_TYPE`` 5), incoming with its length when it was answered
(``INCOMING_TYPE`` 1).
"""

from __future__ import annotations

import threading
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from droidhub.virtual.phone import VirtualPhone

#: ``TelephonyManager.CALL_STATE_*`` as ``dumpsys telephony.registry`` prints them.
CALL_STATE_IDLE, CALL_STATE_RINGING, CALL_STATE_OFFHOOK = 0, 1, 2
INCOMING_TYPE, MISSED_TYPE, REJECTED_TYPE = 1, 3, 5


@dataclass
class _Call:
    number: str
    rang_at_ms: int
    answered_at_ms: int | None = None


class Telephony:
    """One phone's modem: at most one call at a time, as the emulator's single line."""

    def __init__(self, phone: VirtualPhone) -> None:
        self._phone = phone
        self._lock = threading.Lock()
        self._call: _Call | None = None

    def _now_ms(self) -> int:
        return int(self._phone.now().timestamp() * 1000)

    def receive_sms(self, number: str, body: str) -> None:
        """A message from ``number`` arrives: it lands in the inbox, unread."""
        provider = self._phone.provider("sms")
        if provider is None:
            raise RuntimeError("this phone has no SMS provider")
        with self._phone.lock:  # as every shell command on the phone
            now = self._now_ms()
            provider.insert(
                self._phone,
                "content://sms/inbox",
                {"address": number, "body": body, "date": now, "date_sent": now},
            )
            self._phone.changed()

    def ring(self, number: str) -> bool:
        """A call from ``number`` rings; False when the line is busy."""
        with self._lock:
            if self._call is not None:
                return False
            self._call = _Call(number, self._now_ms())
        self._phone.changed()
        return True

    def accept(self, number: str) -> bool:
        """The ringing call from ``number`` is answered; False when none rings."""
        with self._lock:
            call = self._call
            if call is None or call.number != number or call.answered_at_ms is not None:
                return False
            call.answered_at_ms = self._now_ms()
        self._phone.changed()
        return True

    def hang_up(self, number: str | None = None, *, by_user: bool = False) -> bool:
        """End the call (from ``number``, or whichever there is) and log it; False when
        there is none. ``by_user`` is ENDCALL on the phone: a ringing call so ended
        was rejected, otherwise the caller gave up and it was missed."""
        with self._lock:
            call = self._call
            if call is None or (number is not None and call.number != number):
                return False
            self._call = None
        self._phone.changed()
        now = self._now_ms()
        if call.answered_at_ms is not None:
            kind, seconds = INCOMING_TYPE, (now - call.answered_at_ms) // 1000
        else:
            kind, seconds = (REJECTED_TYPE if by_user else MISSED_TYPE), 0
        provider = self._phone.provider("call_log")
        if provider is None:
            return True
        with self._phone.lock:
            provider.insert(
                self._phone,
                "content://call_log/calls",
                {
                    "number": call.number,
                    "date": call.rang_at_ms,
                    "duration": seconds,
                    "type": kind,
                    "new": 1,
                    "is_read": 0,
                },
            )
        return True

    @property
    def state(self) -> int:
        """``CALL_STATE_IDLE``, ``_RINGING`` or ``_OFFHOOK``."""
        call = self._call
        if call is None:
            return CALL_STATE_IDLE
        return CALL_STATE_RINGING if call.answered_at_ms is None else CALL_STATE_OFFHOOK

    @property
    def number(self) -> str:
        """The number of the call there is ('' when none)."""
        call = self._call
        return call.number if call is not None else ""
