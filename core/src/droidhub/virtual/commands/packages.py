"""``pm`` (list packages, path, clear, grant, revoke, install, uninstall) and ``cmd``
(forwarding to the matching command, as Android 13's ``cmd SERVICE`` does)."""

from __future__ import annotations

import base64
import hashlib
from typing import TYPE_CHECKING

from droidhub.virtual.commands import installs
from droidhub.virtual.commands.invocation import COMMANDS, Invocation, command

if TYPE_CHECKING:
    from droidhub.virtual.phone import VirtualPhone


def apk_path(inv: Invocation, package: str) -> str:
    """Where the package's APK would live: /system for the image's, /data/app otherwise."""
    if inv.phone.is_system_package(package) and inv.phone.app(package) is None:
        name = package.rsplit(".", 1)[-1].capitalize()
        return f"/system/priv-app/{name}/{name}.apk"
    digest = hashlib.sha256(package.encode()).digest()
    first = base64.urlsafe_b64encode(digest[:16]).decode().rstrip("=")
    second = base64.urlsafe_b64encode(digest[16:]).decode().rstrip("=")
    return f"/data/app/~~{first}==/{package}-{second}==/base.apk"


def version_code(phone: VirtualPhone, package: str) -> int:
    """``package``'s versionCode: its app model's ``version_code`` (1 when it declares none;
    the system image's packages are 33, the SDK they ship with)."""
    app = phone.app(package)
    if app is None:
        return 33
    return int(getattr(app, "version_code", 1))


def _unknown_package(inv: Invocation, verb: str, package: str) -> int:
    inv.eprint(f"Exception occurred while executing '{verb}':")
    inv.eprint(f"java.lang.IllegalArgumentException: Unknown package: {package}")
    return 255


@command("pm")
def pm(inv: Invocation) -> int:
    """``pm list packages [-3|-s] [FILTER]``, ``pm path``, ``pm clear``, ``pm grant|revoke``,
    ``pm install``, ``pm uninstall`` (:mod:`~droidhub.virtual.commands.installs`)."""
    args = [a for a in inv.args]
    while "--user" in args:
        at = args.index("--user")
        del args[at : at + 2]
    if not args:
        inv.eprint("Package manager (package) commands:")
        return 255
    verb, rest = args[0], args[1:]
    phone = inv.phone
    if verb == "list" and rest[:1] == ["packages"]:
        options = [a for a in rest[1:] if a.startswith("-")]
        filters = [a for a in rest[1:] if not a.startswith("-")]
        for package in phone.packages():
            system = phone.is_system_package(package)
            if ("-3" in options and system) or ("-s" in options and not system):
                continue
            if filters and filters[0] not in package:
                continue
            prefix = f"package:{apk_path(inv, package)}=" if "-f" in options else "package:"
            suffix = (
                f" versionCode:{version_code(phone, package)}"
                if "--show-versioncode" in options
                else ""
            )
            inv.print(prefix + package + suffix)
        return 0
    if verb == "path" and rest:
        if rest[0] not in phone.packages():
            return 1
        inv.print(f"package:{apk_path(inv, rest[0])}")
        return 0
    if verb == "clear" and rest:
        if rest[0] not in phone.packages():
            inv.print("Failed")
            return 1
        phone.clear(rest[0])
        inv.print("Success")
        return 0
    if verb in ("grant", "revoke") and len(rest) >= 2:
        package, permission = rest[0], rest[1]
        if package not in phone.packages():
            return _unknown_package(inv, verb, package)
        granted = phone.granted.setdefault(package, set())
        if verb == "grant":
            granted.add(permission)
        else:
            granted.discard(permission)
        return 0
    if verb in ("enable", "disable", "disable-user", "hide", "unhide") and rest:
        if rest[-1].split("/")[0] not in phone.packages():
            return _unknown_package(inv, verb, rest[-1])
        state = "enabled" if verb in ("enable", "unhide") else "disabled-user"
        inv.print(f"Package {rest[-1]} new state: {state}")
        return 0
    if verb == "install":
        return installs.install(inv, rest)
    if verb == "uninstall" and [a for a in rest if not a.startswith("-")]:
        return installs.uninstall(inv, [a for a in rest if not a.startswith("-")][-1])
    inv.eprint(f"Unknown command: {verb}")
    return 255


_CMD_SERVICES = {
    "package": "pm",
    "activity": "am",
    "settings": "settings",
    "input": "input",
    "window": "wm",
    "appops": "appops",
}


@command("cmd")
def cmd(inv: Invocation) -> int:
    """``cmd SERVICE ARGS...`` for package/activity/settings/input/window, plus
    ``cmd wifi set-wifi-enabled`` and ``cmd bluetooth_manager enable|disable``."""
    if not inv.args:
        inv.eprint(
            "cmd: No service specified; use -l to list all running services. Use -w to start and "
            "wait for a service."
        )
        return 20
    service, rest = inv.args[0], inv.args[1:]
    settings = inv.phone.settings
    if (
        service == "wifi"
        and rest[:1] == ["set-wifi-enabled"]
        and rest[1:2] in (["enabled"], ["disabled"])
    ):
        settings.put("global", "wifi_on", "1" if rest[1] == "enabled" else "0")
        return 0
    if service == "wifi" and rest[:1] == ["status"]:
        inv.print(
            "Wifi is " + ("enabled" if settings.get("global", "wifi_on") == "1" else "disabled")
        )
        return 0
    if service == "bluetooth_manager" and rest[:1] in (["enable"], ["disable"]):
        settings.put("global", "bluetooth_on", "1" if rest[0] == "enable" else "0")
        return 0
    if service == "statusbar":
        return 0
    if service in _CMD_SERVICES:
        inv.argv = [_CMD_SERVICES[service], *rest]
        inv.name, inv.args = inv.argv[0], list(rest)
        return COMMANDS[inv.name](inv)
    inv.eprint(f"cmd: Can't find service: {service}")
    return 20
