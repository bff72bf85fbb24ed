"""System commands: id, whoami, uname, sleep, which, getprop, setprop and date."""

from __future__ import annotations

import datetime as dt
import re

from droidhub.virtual.commands.invocation import COMMANDS, Invocation, command
from droidhub.virtual.interrupt import interruption


@command("id")
def id_(inv: Invocation) -> int:
    """Who the shell runs as: root, as with ``adb root`` on an emulator image."""
    if "-u" in inv.args:
        inv.print("0")
    else:
        inv.print(
            "uid=0(root) gid=0(root) groups=0(root),1004(input),1007(log),1011(adb),"
            "1015(sdcard_rw),1028(sdcard_r),1078(ext_data_rw),1079(ext_obb_rw),3001(net_bt_admin),"
            "3002(net_bt),3003(inet),3006(net_bw_stats),3009(readproc),3011(uhid),3012(readtracefs)"
            " context=u:r:su:s0"
        )
    return 0


@command("whoami")
def whoami(inv: Invocation) -> int:
    """``root``."""
    inv.print("root")
    return 0


@command("uname")
def uname(inv: Invocation) -> int:
    """``uname [-a|-r|-m|-s]``."""
    if "-a" in inv.args:
        inv.print(
            "Linux localhost 5.10.157-android13-4 #1 SMP PREEMPT Fri Sep 1 00:00:00 UTC 2023 "
            "aarch64 Toybox"
        )
    elif "-r" in inv.args:
        inv.print("5.10.157-android13-4")
    elif "-m" in inv.args:
        inv.print("aarch64")
    else:
        inv.print("Linux")
    return 0


@command("sleep")
def sleep(inv: Invocation) -> int:
    """``sleep SECONDS`` (fractions allowed); the phone's clock moves on meanwhile."""
    if not inv.args:
        return inv.fail("Needs 1 argument")
    try:
        seconds = float(inv.args[0].rstrip("s"))
    except ValueError:
        return inv.fail(f"Not a number: '{inv.args[0]}'")
    # Let other callers use the phone meanwhile, as a real phone's other shells could;
    # a stopping server ends the wait early, as a killed shell's sleep ends.
    stop = interruption()
    lock = inv.phone.lock
    try:
        lock.release()
    except RuntimeError:  # not held by this thread (the phone driven directly)
        return 130 if stop.wait(max(0.0, seconds)) else 0
    try:
        interrupted = stop.wait(max(0.0, seconds))
    finally:
        lock.acquire()
    return 130 if interrupted else 0


@command("which")
def which(inv: Invocation) -> int:
    """``which NAME...``: where each command lives; 1 if one is missing."""
    status = 0
    for name in inv.args:
        if name in COMMANDS and name not in ("cd", "exit", "export", ":", "["):
            inv.print(f"/system/bin/{name}")
        else:
            status = 1
    return status


@command("getprop")
def getprop(inv: Invocation) -> int:
    """``getprop [NAME [DEFAULT]]``: every ``[name]: [value]`` or one value."""
    props = inv.phone.properties
    if not inv.args:
        for name in sorted(props):
            inv.print(f"[{name}]: [{props[name]}]")
        return 0
    default = inv.args[1] if len(inv.args) > 1 else ""
    inv.print(props.get(inv.args[0], default))
    return 0


@command("setprop")
def setprop(inv: Invocation) -> int:
    """``setprop NAME VALUE`` (``persist.sys.timezone`` changes the clock's zone)."""
    if len(inv.args) != 2:
        return inv.fail("Need 2 arguments")
    name, value = inv.args
    if name.startswith("ro.") and name in inv.phone.properties:
        return inv.fail(f"failed to set property '{name}' to '{value}'")
    inv.phone.properties[name] = value
    if name == "persist.sys.timezone":
        inv.phone.timezone = value
    return 0


_DEFAULT_DATE = "%a %b %e %H:%M:%S %Z %Y"


def _strftime(moment: dt.datetime, fmt: str) -> str:
    fmt = fmt.replace("%s", str(int(moment.timestamp())))
    fmt = fmt.replace("%e", f"{moment.day:2d}").replace("%N", f"{moment.microsecond * 1000:09d}")
    text = moment.strftime(fmt)
    return text.replace("UTC+00:00", "UTC")


def parse_date(value: str, now: dt.datetime) -> dt.datetime | None:
    """toybox ``date`` SET forms: ``MMDDhhmm[[CC]YY][.ss]``, ``@EPOCH``, ISO-like text."""
    tz = now.tzinfo
    if value.startswith("@"):
        try:
            return dt.datetime.fromtimestamp(float(value[1:]), tz)
        except (ValueError, OverflowError, OSError):
            return None
    match = re.fullmatch(r"(\d{2})(\d{2})(\d{2})(\d{2})(\d{2}|\d{4})?(?:\.(\d{2}))?", value)
    if match:
        month, day, hour, minute, year, second = match.groups()
        if year is None:
            full_year = now.year
        elif len(year) == 2:
            full_year = 2000 + int(year) if int(year) < 69 else 1900 + int(year)
        else:
            full_year = int(year)
        try:
            return dt.datetime(
                full_year, int(month), int(day), int(hour), int(minute), int(second or 0), tzinfo=tz
            )
        except ValueError:
            return None
    for fmt in (
        "%Y-%m-%d %H:%M:%S",
        "%Y-%m-%d %H:%M",
        "%Y-%m-%dT%H:%M:%S",
        "%Y-%m-%d",
        "%Y%m%d.%H%M%S",
    ):
        try:
            return dt.datetime.strptime(value, fmt).replace(tzinfo=tz)
        except ValueError:
            continue
    return None


@command("date")
def date(inv: Invocation) -> int:
    """toybox ``date [-u] [-d DATE] [-s DATE] [+FORMAT] [SET]``: show or set the clock."""
    args = list(inv.args)
    utc = False
    shown: dt.datetime | None = None
    shown_text: str | None = None
    setting: str | None = None
    fmt = _DEFAULT_DATE
    now = inv.phone.now()
    while args:
        arg = args.pop(0)
        if arg == "-u":
            utc = True
        elif arg in ("-d", "-s", "-D", "-r"):
            if not args:
                return inv.fail(f"Missing argument to {arg}")
            value = args.pop(0)
            if arg == "-s":
                setting = value
            elif arg == "-d":
                shown_text = value
            elif arg == "-r":
                host = inv.host(value)
                if not inv.exists(host):
                    return inv.fail(f"'{value}': No such file or directory")
                shown = dt.datetime.fromtimestamp(host.stat().st_mtime, now.tzinfo)
        elif arg.startswith("+"):
            fmt = arg[1:]
        elif arg.startswith("-") and len(arg) > 1:
            return inv.fail(f"Unknown option '{arg[1:]}' (see \"date --help\")")
        else:
            setting = arg
    # With -u a date given (to set or to show) is read as UTC, not the phone's local time.
    reference = now.astimezone(dt.UTC) if utc else now
    if shown_text is not None:
        shown = parse_date(shown_text, reference)
        if shown is None:
            return inv.fail(f"bad date '{shown_text}'")
    if setting is not None:
        moment = parse_date(setting, reference)
        if moment is None:
            return inv.fail(f"bad date '{setting}'")
        inv.phone.set_time(moment)
        now = inv.phone.now()
    moment = shown or now
    if utc:
        moment = moment.astimezone(dt.UTC)
    inv.print(_strftime(moment, fmt))
    return 0
