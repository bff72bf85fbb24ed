"""The clipboard, read and written through Clipper, as AndroidWorld does.

Android 13 has no shell command for the clipboard, and only the app in the
foreground may read it. AndroidWorld installs Clipper (``ca.zgrs.clipper``), brings
it to the front, and talks to it with ordered broadcasts: ``clipper.set`` with the
extra ``text`` and ``clipper.get``, both answered with result code -1 (RESULT_OK) and
the text as result data. :func:`read_clipboard` and :func:`write_clipboard` do that
through the Device, so they work on an emulator with Clipper installed and on the
virtual phone, where :class:`ClipperApp` models Clipper and holds the clipboard.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from droidhub import AppSpec, DeviceError, Evaluator, StateRefs
from droidhub.virtual.appmodel import BroadcastReply, Intent, VirtualApp
from droidhub_aw_apps.common import fuzzy
from droidhub_aw_apps.common.app_identity import model_of

if TYPE_CHECKING:
    from droidhub import Device, Env
    from droidhub.virtual.appmodel import VirtualPhone

PACKAGE = "ca.zgrs.clipper"
ACTIVITY = "ca.zgrs.clipper.Main"
GET_ACTION = "clipper.get"
SET_ACTION = "clipper.set"
#: Ordered-broadcast result code Clipper answers with (Activity.RESULT_OK).
RESULT_OK = -1
#: The result data Clipper answers a ``clipper.set`` with.
SET_REPLY = "Text is copied into clipboard."

_KEY_BACK = "KEYCODE_BACK"

#: Clipper stands for the clipboard in footprints: tasks that use it interfere.
CLIPBOARD_STATE = StateRefs(packages=frozenset({PACKAGE}))


def _ask_clipper(device: Device, action: str, extras: dict[str, str | int | bool]) -> str:
    # Clipper only reaches the clipboard while it is in the foreground; back leaves it.
    device.start_activity(component=f"{PACKAGE}/{ACTIVITY}")
    try:
        result = device.broadcast(action, extras)
    finally:
        device.keyevent(_KEY_BACK)
    if result.code != RESULT_OK:
        raise DeviceError(
            f"Clipper did not answer {action!r} (result={result.code}); install Clipper "
            f"({PACKAGE}), open it once and grant what it asks"
        )
    return result.data or ""


def read_clipboard(device: Device) -> str:
    """The text on the phone's clipboard ("" when empty)."""
    return _ask_clipper(device, GET_ACTION, {})


def write_clipboard(device: Device, text: str) -> None:
    """Put ``text`` on the phone's clipboard."""
    _ask_clipper(device, SET_ACTION, {"text": text})


def clipboard_matches(env: Env, text: str) -> float:
    """1.0 when the clipboard holds ``text``, up to small typos and case."""
    return 1.0 if fuzzy.similar(text, read_clipboard(env.device)) else 0.0


CLIPBOARD_MATCHES = Evaluator(
    "clipboard_matches", "the clipboard holds a text (up to small typos)", clipboard_matches
)

EVALUATORS = (CLIPBOARD_MATCHES,)

APPS = (AppSpec(PACKAGE, ACTIVITY, names=("clipper",), label="Clipper"),)


@model_of(APPS[0])
class ClipperApp(VirtualApp):
    """Clipper on the virtual phone; it also holds the phone's clipboard text.

    Other models paste from :attr:`text`. Like the real app, it answers only while it
    is in the foreground (otherwise the broadcast finds no receiver: result 0).
    """

    def __init__(self) -> None:
        #: The clipboard's text.
        self.text = ""

    def on_broadcast(self, phone: VirtualPhone, intent: Intent) -> BroadcastReply | None:
        """Answer ``clipper.get`` / ``clipper.set`` while in the foreground."""
        if phone.foreground_package != PACKAGE:
            return None
        if intent.action == GET_ACTION:
            return BroadcastReply(code=RESULT_OK, data=self.text)
        if intent.action == SET_ACTION:
            self.text = str(intent.extras.get("text", ""))
            return BroadcastReply(code=RESULT_OK, data=SET_REPLY)
        return None


def clipper_model(phone: VirtualPhone) -> ClipperApp | None:
    """The phone's Clipper model, through which other models paste and copy."""
    app = phone.app(PACKAGE)
    return app if isinstance(app, ClipperApp) else None


def virtual_apps() -> list[VirtualApp]:
    """A fresh Clipper model."""
    return [ClipperApp()]
