"""``input tap|swipe|text|keyevent|keycombination|press|draganddrop``, routed to the front
app model;
on the home screen a tap on an icon launches its app. HOME and BACK navigate. A swipe
down from the status bar pulls System UI's shade (:mod:`droidhub.virtual.shade`), which
takes the input while it shows."""

from __future__ import annotations

from droidhub.virtual import shade
from droidhub.virtual.commands.invocation import Invocation, command

#: Key codes by number (android.view.KeyEvent), the ones agents and droidhub send.
KEYCODES = {
    0: "KEYCODE_UNKNOWN",
    3: "KEYCODE_HOME",
    4: "KEYCODE_BACK",
    5: "KEYCODE_CALL",
    6: "KEYCODE_ENDCALL",
    7: "KEYCODE_0",
    8: "KEYCODE_1",
    9: "KEYCODE_2",
    10: "KEYCODE_3",
    11: "KEYCODE_4",
    12: "KEYCODE_5",
    13: "KEYCODE_6",
    14: "KEYCODE_7",
    15: "KEYCODE_8",
    16: "KEYCODE_9",
    19: "KEYCODE_DPAD_UP",
    20: "KEYCODE_DPAD_DOWN",
    21: "KEYCODE_DPAD_LEFT",
    22: "KEYCODE_DPAD_RIGHT",
    23: "KEYCODE_DPAD_CENTER",
    24: "KEYCODE_VOLUME_UP",
    25: "KEYCODE_VOLUME_DOWN",
    26: "KEYCODE_POWER",
    27: "KEYCODE_CAMERA",
    61: "KEYCODE_TAB",
    62: "KEYCODE_SPACE",
    66: "KEYCODE_ENTER",
    67: "KEYCODE_DEL",
    82: "KEYCODE_MENU",
    84: "KEYCODE_SEARCH",
    111: "KEYCODE_ESCAPE",
    112: "KEYCODE_FORWARD_DEL",
    122: "KEYCODE_MOVE_HOME",
    123: "KEYCODE_MOVE_END",
    164: "KEYCODE_VOLUME_MUTE",
    187: "KEYCODE_APP_SWITCH",
    224: "KEYCODE_WAKEUP",
    223: "KEYCODE_SLEEP",
    57: "KEYCODE_ALT_LEFT",
    58: "KEYCODE_ALT_RIGHT",
    59: "KEYCODE_SHIFT_LEFT",
    60: "KEYCODE_SHIFT_RIGHT",
    113: "KEYCODE_CTRL_LEFT",
    114: "KEYCODE_CTRL_RIGHT",
    **{29 + i: f"KEYCODE_{chr(ord('A') + i)}" for i in range(26)},
}
_BY_NAME = {name: code for code, name in KEYCODES.items()}
_SOURCES = {
    "keyboard",
    "touchscreen",
    "mouse",
    "touchpad",
    "trackball",
    "stylus",
    "dpad",
    "gamepad",
    "joystick",
    "touchnavigation",
    "rotaryencoder",
}


def key_name(text: str) -> str | None:
    """``66``, ``ENTER`` or ``KEYCODE_ENTER`` -> ``KEYCODE_ENTER``; None if unknown."""
    if text.isdigit():
        return KEYCODES.get(int(text), f"KEYCODE_{text}" if int(text) < 300 else None)
    name = text if text.startswith("KEYCODE_") else "KEYCODE_" + text
    if name in _BY_NAME or name[len("KEYCODE_") :].isalnum():
        return name
    return None


def decode_text(text: str) -> str:
    """What ``input text`` types: ``%s`` is a space, as in Android's InputShellCommand."""
    return text.replace("%s", " ")


def _key(inv: Invocation, name: str) -> None:
    phone = inv.phone
    if name == "KEYCODE_ENDCALL" and phone.telephony.hang_up(by_user=True):
        return  # a call rang or was on: the key ends it
    if shade.on_key(phone, name):
        return
    if name == "KEYCODE_HOME":
        phone.home()
        return
    app = phone.front_app()
    # An app that handles BACK itself (closing a dialog, going up a page) stays.
    handled = app is not None and app.on_key(phone, name)
    if name == "KEYCODE_BACK" and not handled:
        phone.back()


def _tap(inv: Invocation, x: int, y: int) -> None:
    phone = inv.phone
    if shade.on_tap(phone, x, y):
        return
    app = phone.front_app()
    if app is not None and app.on_tap(phone, x, y) is False:
        inv.changed_nothing = True


def _numbers(inv: Invocation, values: list[str], count: int) -> list[int] | None:
    if len(values) < count:
        return None
    try:
        return [int(float(v)) for v in values[:count]]
    except ValueError:
        return None


@command("input")
def input_(inv: Invocation) -> int:
    """``input [SOURCE] tap X Y | swipe X1 Y1 X2 Y2 [MS] | text TEXT | keyevent KEY...``."""
    args = list(inv.args)
    if args and args[0] in _SOURCES:
        args.pop(0)
    while args and args[0] in ("-d", "--display"):
        del args[:2]
    if not args:
        inv.eprint("Usage: input [<source>] [-d DISPLAY_ID] <command> [<arg>...]")
        return 1
    verb, rest = args[0], args[1:]
    phone = inv.phone
    app = phone.front_app()
    if verb == "tap":
        point = _numbers(inv, rest, 2)
        if point is None:
            return _bad(inv, verb)
        _tap(inv, *point)
        return 0
    if verb in ("swipe", "draganddrop"):
        points = _numbers(inv, rest, 4)
        if points is None:
            return _bad(inv, verb)
        duration = _numbers(inv, rest[4:], 1) or [300]
        if shade.on_swipe(phone, *points):
            return 0
        x1, y1, x2, y2 = points[:4]
        if app is not None and app.on_swipe(phone, x1, y1, x2, y2, duration[0]) is False:
            inv.changed_nothing = True
        return 0
    if verb == "text":
        if not rest:
            return _bad(inv, verb)
        if app is not None and not shade.is_open(phone):
            app.on_text(phone, decode_text(rest[0]))
        return 0
    if verb == "keyevent":
        keys = [k for k in rest if k not in ("--longpress", "--doubletap", "--delay")]
        if not keys:
            return _bad(inv, verb)
        for key in keys:
            name = key_name(key)
            if name is None:
                inv.eprint(f"Error: Unknown keycode: {key}")
                return 1
            _key(inv, name)
        return 0
    if verb == "keycombination":
        # Android 12+: the keys go down together, then up (Ctrl+A selects all).
        keys = [k for k in rest if not k.startswith("-")]
        names = [key_name(k) for k in keys]
        if len(keys) < 2 or None in names:
            return _bad(inv, verb)
        if app is not None and not shade.is_open(phone):
            app.on_key_combination(phone, [n for n in names if n is not None])
        return 0
    if verb == "press":
        _key(inv, "KEYCODE_DPAD_CENTER")
        return 0
    if verb in ("roll", "motionevent", "scroll"):
        return 0
    inv.eprint(f"Error: Unknown command: {verb}")
    return 1


def _bad(inv: Invocation, verb: str) -> int:
    inv.eprint(f"Error: Invalid arguments for command: {verb}")
    inv.eprint("Usage: input [<source>] [-d DISPLAY_ID] <command> [<arg>...]")
    return 1
