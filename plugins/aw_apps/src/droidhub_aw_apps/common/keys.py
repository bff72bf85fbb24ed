"""Keys as app models receive them from ``input keyevent``: by name or by number.

``adb shell input keyevent`` accepts either ``KEYCODE_DEL`` or ``67``, and the virtual
phone hands the model the argument as typed, so a model tests a key against both.
"""

from __future__ import annotations

#: Delete (backspace): erases the character before the cursor.
KEY_DEL = ("KEYCODE_DEL", "67")
#: Enter.
KEY_ENTER = ("KEYCODE_ENTER", "66")
#: Back.
KEY_BACK = ("KEYCODE_BACK", "4")
