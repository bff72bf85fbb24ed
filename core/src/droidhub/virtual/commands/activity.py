"""``am`` (start, force-stop, broadcast...), ``monkey``, ``pidof`` and ``ps``."""

from __future__ import annotations

import zlib
from collections.abc import Mapping
from typing import TYPE_CHECKING

from droidhub.virtual.app import BroadcastReply, Intent
from droidhub.virtual.commands.invocation import Invocation, command
from droidhub.virtual.commands.stack import am_stack
from droidhub.virtual.launcher import launch
from droidhub.virtual.system_image import LAUNCHER_ACTIVITY, LAUNCHER_PACKAGE, full_activity

if TYPE_CHECKING:
    from droidhub.virtual.phone import VirtualPhone

#: Extras flags of ``am``: flag -> converter of the value text.
_EXTRA_TYPES = {
    "--es": str,
    "-e": str,
    "--ei": int,
    "--el": int,
    "--ef": float,
    "--ed": float,
    "--eu": str,
    "--ecn": str,
    "--esa": str,
    "--eia": str,
    "--ela": str,
    "--efa": str,
}
#: Which package answers an implicit intent, by (action prefix, data scheme or type hint).
_IMPLICIT = (
    ("android.intent.action.VIEW", "http", ("com.android.chrome",)),
    ("android.intent.action.VIEW", "https", ("com.android.chrome",)),
    (
        "android.intent.action.SENDTO",
        "sms",
        ("com.simplemobiletools.smsmessenger", "com.google.android.apps.messaging"),
    ),
    (
        "android.intent.action.SENDTO",
        "smsto",
        ("com.simplemobiletools.smsmessenger", "com.google.android.apps.messaging"),
    ),
    (
        "android.intent.action.VIEW",
        "sms",
        ("com.simplemobiletools.smsmessenger", "com.google.android.apps.messaging"),
    ),
    ("android.intent.action.DIAL", "tel", ("com.google.android.dialer",)),
    ("android.intent.action.CALL", "tel", ("com.google.android.dialer",)),
    ("android.intent.action.INSERT", "contact", ("com.google.android.contacts",)),
    ("android.intent.action.EDIT", "contact", ("com.google.android.contacts",)),
    ("android.media.action.IMAGE_CAPTURE", "", ("com.android.camera2",)),
    ("android.media.action.STILL_IMAGE_CAMERA", "", ("com.android.camera2",)),
    ("android.media.action.VIDEO_CAPTURE", "", ("com.android.camera2",)),
    ("android.intent.action.SET_ALARM", "", ("com.google.android.deskclock",)),
    ("android.settings.", "", ("com.android.settings",)),
)


class _IntentSpec:
    """An intent as ``am`` parsed it, plus what only ``am`` itself looks at."""

    def __init__(self) -> None:
        self.intent = Intent()
        self.mime: str | None = None
        self.flags = 0
        self.wait = False
        self.stop_first = False
        self.extras: dict[str, str | int | float | bool] = {}

    def text(self, extra_flags: int = 0) -> str:
        """``Intent { act=... }`` as Intent.toString() prints it."""
        intent = self.intent
        parts = []
        if intent.action:
            parts.append(f"act={intent.action}")
        if intent.categories:
            parts.append("cat=[" + ",".join(intent.categories) + "]")
        if intent.data:
            parts.append(f"dat={_safe_uri(intent.data)}")
        if self.mime:
            parts.append(f"typ={self.mime}")
        flags = self.flags | extra_flags
        if flags:
            parts.append(f"flg=0x{flags:x}")
        if intent.package:
            parts.append(f"pkg={intent.package}")
        if intent.component:
            parts.append(f"cmp={_short_component(intent.component)}")
        if self.extras:
            parts.append("(has extras)")
        return "Intent { " + " ".join(parts) + " }"


def _short_component(component: str) -> str:
    """ComponentName.flattenToShortString(): ``pkg/pkg.Cls`` -> ``pkg/.Cls``."""
    package, _, cls = component.partition("/")
    if cls.startswith(package + "."):
        cls = cls[len(package) :]
    return f"{package}/{cls}"


def _safe_uri(uri: str) -> str:
    # Uri.toSafeString(): Android hides most of a URI in logs and am's echo.
    scheme, sep, rest = uri.partition(":")
    if not sep:
        return uri
    if scheme in ("tel", "sip", "sms", "smsto", "mailto", "nfc"):
        return scheme + ":" + "".join(c if c in "-@." else "x" for c in rest)
    if scheme in ("http", "https", "ftp", "rtsp"):
        host = rest[2:].split("/", 1)[0] if rest.startswith("//") else ""
        return f"{scheme}://{host}/..." if host else f"{scheme}:..."
    return uri


def _parse_intent(inv: Invocation, args: list[str]) -> _IntentSpec | str:
    """Parse ``am`` intent arguments; a str is the error to print."""
    spec = _IntentSpec()
    intent = spec.intent
    categories: list[str] = []

    def value() -> str:
        if not args:
            raise IndexError
        return args.pop(0)

    while args:
        arg = args.pop(0)
        try:
            if arg == "-a":
                intent.action = value()
            elif arg == "-d":
                intent.data = value()
            elif arg == "-t":
                spec.mime = value()
            elif arg == "-c":
                categories.append(value())
            elif arg == "-n":
                intent.component = value()
            elif arg == "-p":
                intent.package = value()
            elif arg == "-f":
                spec.flags |= int(value(), 0)
            elif arg in _EXTRA_TYPES:
                key = value()
                spec.extras[key] = _EXTRA_TYPES[arg](value())
            elif arg == "--ez":
                key = value()
                spec.extras[key] = value().lower() in ("true", "t", "1")
            elif arg == "--esn":
                spec.extras[value()] = ""
            elif arg in (
                "--user",
                "--receiver-permission",
                "--display",
                "--windowingMode",
                "--activityType",
                "-P",
                "--start-profiler",
                "--sampling",
                "--attach-agent",
                "-R",
            ):
                value()
            elif arg == "-W":
                spec.wait = True
            elif arg == "-S":
                spec.stop_first = True
            elif arg.startswith("--") or arg in ("-D", "-N", "--track-allocation"):
                pass  # launch-behaviour flags (--activity-clear-top...) change nothing here
            elif "/" in arg and intent.component is None and ":" not in arg:
                intent.component = arg
            elif intent.data is None:
                intent.data = arg
            else:
                return f"Error: Unknown option: {arg}"
        except IndexError:
            return f"Error: No value specified for {arg}"
        except ValueError:
            return f"Error: Bad value for {arg}"
    intent.categories = tuple(categories)
    intent.extras = dict(spec.extras)
    return spec


def _split_component(component: str) -> tuple[str, str]:
    package, _, cls = component.partition("/")
    return package, full_activity(package, cls)


def _resolve_activity(phone: VirtualPhone, spec: _IntentSpec) -> tuple[str, str] | None:
    intent = spec.intent
    if intent.component:
        return _split_component(intent.component)
    if "android.intent.category.HOME" in intent.categories:
        return LAUNCHER_PACKAGE, LAUNCHER_ACTIVITY
    if intent.package:
        if intent.package not in phone.packages():
            return None
        return intent.package, phone.launch_activity(intent.package)
    action = intent.action or ""
    scheme = (intent.data or "").partition(":")[0] if intent.data and ":" in intent.data else ""
    hint = "contact" if spec.mime and "contact" in spec.mime else scheme
    for prefix, wanted, packages in _IMPLICIT:
        matches_action = action == prefix or (prefix.endswith(".") and action.startswith(prefix))
        if matches_action and (not wanted or wanted == hint):
            for package in packages:
                if package in phone.packages():
                    return package, phone.launch_activity(package)
    return None


def _am_start(inv: Invocation, spec: _IntentSpec) -> int:
    phone = inv.phone
    inv.print(f"Starting: {spec.text()}")
    target = _resolve_activity(phone, spec)
    if target is None:
        inv.eprint(f"Error: Activity not started, unable to resolve {spec.text(0x10000000)}")
        return 1
    package, activity = target
    if package not in phone.packages():
        inv.eprint("Error type 3")
        inv.eprint(f"Error: Activity class {{{package}/{activity}}} does not exist.")
        return 1
    if spec.stop_first:
        phone.force_stop(package)
    intent = spec.intent
    delivered = Intent(
        action=intent.action,
        component=f"{package}/{activity}",
        package=intent.package,
        data=intent.data,
        categories=intent.categories,
        extras=intent.extras,
    )
    state = phone.start(package, activity, delivered)
    if state == "HOT":
        inv.print(
            "Warning: Activity not started, intent has been delivered to currently running"
            " top-most instance."
        )
    if spec.wait:
        inv.print("Status: ok")
        inv.print(f"LaunchState: {state if state != 'HOT' else 'UNKNOWN (0)'}")
        inv.print(f"Activity: {phone.foreground.component}")
        if state != "HOT":
            inv.print("TotalTime: 212")
        inv.print("WaitTime: 215" if state != "HOT" else "WaitTime: 3")
        inv.print("Complete")
    return 0


def _am_broadcast(inv: Invocation, spec: _IntentSpec) -> int:
    phone = inv.phone
    inv.print(f"Broadcasting: {spec.text(0x400000)}")
    intent = spec.intent
    if intent.component:
        receivers = [intent.component.partition("/")[0]]
    elif intent.package:
        receivers = [intent.package]
    else:
        receivers = [app.package for app in phone.apps]
    reply: BroadcastReply | None = None
    for package in receivers:
        app = phone.app(package)
        if app is None:
            continue
        answer = app.on_broadcast(phone, intent)
        if answer is not None:
            reply = answer
            if intent.component or intent.package:
                break
    line = f"Broadcast completed: result={reply.code if reply else 0}"
    if reply is not None and reply.data is not None:
        line += f', data="{reply.data}"'
    if reply is not None and reply.extras:
        line += ", extras: " + _bundle(reply.extras)
    inv.print(line)
    return 0


def _bundle(extras: Mapping[str, object]) -> str:
    def show(value: object) -> str:
        return ("true" if value else "false") if isinstance(value, bool) else str(value)

    return "Bundle[{" + ", ".join(f"{k}={show(v)}" for k, v in extras.items()) + "}]"


@command("am")
def am(inv: Invocation) -> int:
    """``am start|start-activity|force-stop|broadcast|kill|get-current-user ...``."""
    if not inv.args:
        inv.eprint("Activity manager (activity) commands:")
        return 255
    verb, args = inv.args[0], list(inv.args[1:])
    if verb in ("start", "start-activity", "broadcast"):
        spec = _parse_intent(inv, args)
        if isinstance(spec, str):  # am's usage error
            inv.eprint(spec)
            return 255
        return _am_broadcast(inv, spec) if verb == "broadcast" else _am_start(inv, spec)
    if verb in ("force-stop", "kill", "stop-app"):
        while args and args[0] == "--user":
            del args[:2]
        if not args:
            inv.eprint(f"Error: no package specified for {verb}")
            return 255
        if verb != "kill":
            inv.phone.force_stop(args[0])
        return 0
    if verb in ("stack", "task"):
        return am_stack(inv, args)
    if verb == "kill-all":
        return 0
    if verb == "get-current-user":
        inv.print("0")
        return 0
    if verb in ("startservice", "start-service", "start-foreground-service"):
        spec = _parse_intent(inv, args)
        text = spec.text() if not isinstance(spec, str) else ""
        inv.print(f"Starting service: {text}")
        inv.eprint("Error: Not found; no service started.")
        return 1
    inv.eprint(f"Unknown command: {verb}")
    return 255


@command("monkey")
def monkey(inv: Invocation) -> int:
    """``monkey -p PACKAGE -c android.intent.category.LAUNCHER 1``: launch an app."""
    args = list(inv.args)
    for arg in args:
        inv.print(f"  bash arg: {arg}")
    package = (
        args[args.index("-p") + 1] if "-p" in args and args.index("-p") + 1 < len(args) else None
    )
    if package is None or package not in inv.phone.packages() or not inv.phone.label(package):
        inv.print("** No activities found to run, monkey aborted.")
        return 252
    launch(inv.phone, package)
    inv.print("Events injected: 1")
    inv.print("## Network stats: elapsed time=21ms (0ms mobile, 0ms wifi, 21ms not connected)")
    return 0


def pid_of(package: str) -> int:
    """A stable fake process id for ``package``."""
    return 2000 + zlib.crc32(package.encode()) % 28000


@command("pidof")
def pidof(inv: Invocation) -> int:
    """``pidof NAME...``: the process ids of running apps; 1 when none runs."""
    running = inv.phone.running | {LAUNCHER_PACKAGE, "system_server", "com.android.systemui"}
    pids = [str(pid_of(name)) for name in inv.args if name in running]
    if pids:
        inv.print(" ".join(pids))
        return 0
    return 1


@command("ps")
def ps(inv: Invocation) -> int:
    """``ps [-A]``: system_server, the launcher and every running app."""
    inv.print("USER           PID  PPID        VSZ    RSS WCHAN            ADDR S NAME")
    names = ["system_server", "com.android.systemui", LAUNCHER_PACKAGE, *sorted(inv.phone.running)]
    for name in names:
        user = "system" if name == "system_server" else "u0_a150"
        inv.print(
            f"{user:<10} {pid_of(name):>7}   368 14952832 180000 do_epoll_wait       0 S {name}"
        )
    return 0
