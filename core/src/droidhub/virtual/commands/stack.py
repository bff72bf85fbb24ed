"""``am stack list|remove`` and ``am task``: the activity stack as Android 13's activity
task manager reports it. Every app runs in a fullscreen task of its own, each its own
root task (Android 12+), the launcher's included; only the front one is visible.

``am stack list`` prints each root task as ``RootTaskInfo.toString`` does: android_env's
``get_current_activity`` greps it for ``visible=true`` and reads the component between
``{`` and ``}``.
"""

from __future__ import annotations

import zlib

from droidhub.android.phone import PIXEL_6
from droidhub.virtual.commands.invocation import Invocation
from droidhub.virtual.system_image import LAUNCHER_PACKAGE

WIDTH, HEIGHT = PIXEL_6.size
_BOUNDS = f"[0,0][{WIDTH},{HEIGHT}]"
_DP = 160 / PIXEL_6.density  # dp per pixel
_CONFIGURATION = (
    f" configuration={{1.0 310mcc260mnc [en_US] ldltr sw{int(WIDTH * _DP)}dp "
    f"w{int(WIDTH * _DP)}dp h{int(HEIGHT * _DP)}dp {PIXEL_6.density}dpi nrml long port finger "
    f"-keyb/v/h -nav/h winConfig={{ mBounds=Rect(0, 0 - {WIDTH}, {HEIGHT}) "
    f"mAppBounds=Rect(0, 0 - {WIDTH}, {HEIGHT}) mWindowingMode=fullscreen "
    "mDisplayWindowingMode=fullscreen mActivityType={kind} mAlwaysOnTop=undefined "
    "mRotation=ROTATION_0} s.1 fontWeightAdjustment=0}"
)


def task_id(package: str) -> int:
    """A stable task id for ``package``'s task (the launcher's is 1, as on a fresh boot)."""
    if package == LAUNCHER_PACKAGE:
        return 1
    return 8 + zlib.crc32(package.encode()) % 90


def am_stack(inv: Invocation, args: list[str]) -> int:
    """``am stack list`` / ``am stack remove ID`` (``am task ...`` is answered the same)."""
    phone = inv.phone
    verb = args[0] if args else ""
    if verb == "list":
        stack = list(reversed(phone.stack))  # front first
        for index, entry in enumerate(stack):
            kind = "home" if entry.package == LAUNCHER_PACKAGE else "standard"
            task = task_id(entry.package)
            inv.print(f"RootTask id={task} bounds={_BOUNDS} displayId=0 userId=0")
            inv.print(_CONFIGURATION.replace("{kind}", kind))
            inv.print(
                f"  taskId={task}: {entry.package}/{entry.activity} bounds={_BOUNDS} "
                f"userId=0 visible={'true' if index == 0 else 'false'} "
                f"topActivity=ComponentInfo{{{entry.package}/{entry.activity}}}"
            )
            inv.print("")
        return 0
    if verb == "remove" and len(args) == 2 and args[1].isdigit():
        for entry in list(phone.stack):
            if task_id(entry.package) == int(args[1]) and entry.package != LAUNCHER_PACKAGE:
                phone.force_stop(entry.package)
        return 0
    if verb in ("lock", "resizeable", "resize") and len(args) >= 2:
        return 0  # screen pinning and resizing change nothing a virtual phone shows
    inv.eprint(f"Error: unknown command '{verb}'" if verb else "Error: no command given")
    return 255
