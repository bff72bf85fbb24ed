"""Binder services from the shell: ``service list|check|call`` (only what AndroidWorld
calls: ``service call alarm 3 s16 ZONE``, IAlarmManager.setTimeZone) and ``appops``."""

from __future__ import annotations

from droidhub.virtual.commands.invocation import Invocation, command

# The services `service list` shows, with their interface descriptors (a small, stable
# part of Android 13's list: those droidhub's tools and AndroidWorld touch).
_SERVICES = {
    "activity": "android.app.IActivityManager",
    "alarm": "android.app.IAlarmManager",
    "appops": "com.android.internal.app.IAppOpsService",
    "content": "android.content.IContentService",
    "display": "android.hardware.display.IDisplayManager",
    "input": "android.hardware.input.IInputManager",
    "package": "android.content.pm.IPackageManager",
    "settings": "",
    "window": "android.view.IWindowManager",
}
# IAlarmManager's transaction codes on Android 13: 1 set, 2 setTime, 3 setTimeZone.
_SET_TIME_ZONE = "3"
_VOID_REPLY = "Result: Parcel(00000000    '....')"


@command("service")
def service(inv: Invocation) -> int:
    """``service list``, ``service check NAME``, ``service call alarm 3 s16 ZONE``."""
    args = inv.args
    if args[:1] == ["list"]:
        inv.print(f"Found {len(_SERVICES)} services:")
        for index, (name, interface) in enumerate(sorted(_SERVICES.items())):
            inv.print(f"{index}\t{name}: [{interface}]")
        return 0
    if args[:1] == ["check"] and len(args) == 2:
        found = "found" if args[1] in _SERVICES else "not found"
        inv.print(f"Service {args[1]}: {found}")
        return 0
    if args[:1] == ["call"] and len(args) >= 3:
        name, code, parcel = args[1], args[2], args[3:]
        if name not in _SERVICES:
            inv.eprint(f"service: Service {name} does not exist")
            return 10
        if (
            name == "alarm"
            and code == _SET_TIME_ZONE
            and parcel[:1] == ["s16"]
            and len(parcel) == 2
        ):
            inv.phone.timezone = parcel[1]
            inv.phone.properties["persist.sys.timezone"] = parcel[1]
            inv.print(_VOID_REPLY)
            return 0
        # Any other transaction reaches a service the virtual phone does not model: the
        # reply a real service gives a transaction it cannot unmarshal.
        inv.print('Result: Parcel(Error: 0xffffffb6 "Not a data message")')
        return 0
    inv.eprint("usage: service [-h|-?]")
    inv.eprint("       service list")
    inv.eprint("       service check SERVICE")
    inv.eprint("       service call SERVICE CODE [i32 N | i64 N | f N | d N | s16 STR | null] ...")
    return 1


@command("appops")
def appops(inv: Invocation) -> int:
    """``appops set PACKAGE OP MODE``, ``appops get PACKAGE [OP]``, ``appops reset PACKAGE``."""
    args = [a for a in inv.args]
    while "--user" in args:
        at = args.index("--user")
        del args[at : at + 2]
    verb, rest = (args[0], args[1:]) if args else ("", [])
    phone = inv.phone
    if verb in ("set", "get", "reset") and rest and rest[0] not in phone.packages():
        inv.eprint(f"Error: No UID for {rest[0]} in user 0")
        return 255
    if verb == "set" and len(rest) == 3:
        phone.app_ops.setdefault(rest[0], {})[_op_name(rest[1])] = rest[2]
        return 0
    if verb == "get" and rest:
        ops = phone.app_ops.get(rest[0], {})
        wanted = [_op_name(rest[1])] if len(rest) > 1 else sorted(ops)
        if not any(op in ops for op in wanted):
            inv.print("No operations.")
            return 0
        for op in wanted:
            if op in ops:
                inv.print(f"{op}: {ops[op]}")
        return 0
    if verb == "reset" and rest:
        phone.app_ops.pop(rest[0], None)
        return 0
    inv.eprint("AppOps service (appops) commands:")
    inv.eprint("  set [--user <USER_ID>] <PACKAGE | UID> <OP> <MODE>")
    inv.eprint("  get [--user <USER_ID>] <PACKAGE | UID> [<OP>]")
    return 255


def _op_name(op: str) -> str:
    """``android:system_alert_window`` → ``SYSTEM_ALERT_WINDOW``, as appops prints ops."""
    return op.removeprefix("android:").upper()
