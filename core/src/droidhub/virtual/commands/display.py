"""What the screen shows and what the system reports about it: ``screencap``,
``uiautomator dump``, ``wm``, ``dumpsys``."""

from __future__ import annotations

import io
import struct
import zlib

from PIL import Image

from droidhub.android.phone import PIXEL_6, canonical_path
from droidhub.virtual.commands.activity import pid_of
from droidhub.virtual.commands.invocation import Invocation, command
from droidhub.virtual.commands.packages import apk_path
from droidhub.virtual.screen import current_screen
from droidhub.virtual.system_image import START_TIME
from droidhub.virtual.widgets.xml_paint import screen_png

WIDTH, HEIGHT = PIXEL_6.size
DENSITY = PIXEL_6.density


@command("screencap")
def screencap(inv: Invocation) -> int:
    """``screencap [-p] [FILE]``: PNG with ``-p`` or a ``.png`` file, else raw RGBA."""
    args = [a for a in inv.args]
    png = "-p" in args
    while "-d" in args:
        at = args.index("-d")
        del args[at : at + 2]
    targets = [a for a in args if not a.startswith("-")]
    app = inv.phone.app(inv.phone.foreground_package)
    clock = f"{inv.phone.now():%H:%M}"
    data = screen_png(current_screen(inv.phone), getattr(app, "theme", None), clock)
    if targets:
        host = inv.host(targets[0])
        if not host.parent.is_dir():
            inv.eprint(f"Error opening file: {targets[0]} (No such file or directory)")
            return 1
        if not (png or targets[0].endswith(".png")):
            data = _raw(data)
        host.write_bytes(data)
        inv.phone.stamp(host)
        inv.phone.transient_paths.add(canonical_path(inv.path(targets[0])))
        return 0
    inv.out.write(data if png else _raw(data))
    return 0


def _raw(png: bytes) -> bytes:
    # Android 12+ raw format: width, height, pixel format (1 = RGBA_8888), dataspace (sRGB).
    image = Image.open(io.BytesIO(png)).convert("RGBA")
    return struct.pack("<IIII", image.width, image.height, 1, 0x8C20000) + image.tobytes()


@command("uiautomator")
def uiautomator(inv: Invocation) -> int:
    """``uiautomator dump [--compressed] [FILE]`` (default /sdcard/window_dump.xml)."""
    args = [a for a in inv.args if a != "--compressed"]
    if not args or args[0] != "dump":
        inv.eprint("Usage: uiautomator <subcommand> [options]")
        return 1
    target = args[1] if len(args) > 1 else "/sdcard/window_dump.xml"
    xml = current_screen(inv.phone, pixels=False).hierarchy
    if target in ("/dev/tty", "/dev/stdout"):
        inv.out.write(xml.encode("utf-8"))
        inv.print("UI hierchary dumped to: /dev/tty")
        return 0
    host = inv.host(target)
    if not host.parent.is_dir():
        inv.eprint(f"ERROR: could not write to {target}: No such file or directory")
        return 1
    host.write_text(xml, encoding="utf-8")
    inv.phone.stamp(host)
    inv.phone.transient_paths.add(canonical_path(inv.path(target)))
    inv.print(f"UI hierchary dumped to: {target}")
    return 0


@command("wm")
def wm(inv: Invocation) -> int:
    """``wm size`` / ``wm density`` (reading only; resetting is accepted)."""
    verb = inv.args[0] if inv.args else ""
    extra = inv.args[1:]
    if verb == "size":
        if not extra:
            inv.print(f"Physical size: {WIDTH}x{HEIGHT}")
        return 0
    if verb == "density":
        if not extra:
            inv.print(f"Physical density: {DENSITY}")
        return 0
    inv.eprint(f"Unknown command: {verb}")
    return 255


def _token(text: str) -> str:
    return f"{zlib.crc32(text.encode()) & 0xFFFFFFF:07x}"


def _window(inv: Invocation) -> None:
    front = inv.phone.foreground
    name = f"{front.package}/{front.activity}"
    task = 8 + (pid_of(front.package) % 90)
    inv.print("WINDOW MANAGER WINDOWS (dumpsys window windows)")
    inv.print(f"  Window #0 Window{{{_token(name)} u0 {name}}}:")
    inv.print("    mDisplayId=0 rootTaskId=1 mSession=Session{...} mClient=android.os.BinderProxy")
    inv.print(f"    mOwnerUid=10150 showForAllUsers=false package={front.package} appop=NONE")
    inv.print("    mAttrs={(0,0)(fillxfill) sim={adjust=pan} ty=BASE_APPLICATION fmt=TRANSLUCENT}")
    inv.print(f"    Requested w={WIDTH} h={HEIGHT} mLayoutSeq=1")
    inv.print("")
    inv.print(f"  mCurrentFocus=Window{{{_token(name)} u0 {name}}}")
    inv.print(f"  mFocusedApp=ActivityRecord{{{_token(name + 'r')} u0 {front.component} t{task}}}")
    inv.print("  mInputMethodWindow=Window{ime u0 InputMethod}")
    inv.print("  mHoldingScreenWakeLock=null")


def _package(inv: Invocation, package: str) -> None:
    phone = inv.phone
    if package not in phone.packages():
        return
    app = phone.app(package)
    version = app.version_name if app is not None else "13"
    installed = START_TIME.strftime("%Y-%m-%d %H:%M:%S")
    token = _token(package)
    inv.print("Packages:")
    inv.print(f"  Package [{package}] ({token}):")
    inv.print("    userId=10150")
    inv.print(f"    pkg=Package{{{token} {package}}}")
    inv.print(f"    codePath={apk_path(inv, package).rsplit('/', 1)[0]}")
    inv.print("    versionCode=1 minSdk=24 targetSdk=33")
    inv.print(f"    versionName={version}")
    inv.print(
        "    signatures=PackageSignatures{"
        + token
        + " version:2, signatures:["
        + _token(package + "sig")
        + "], past signatures:[]}"
    )
    flags = (
        "SYSTEM HAS_CODE ALLOW_CLEAR_USER_DATA"
        if phone.is_system_package(package)
        else "HAS_CODE ALLOW_CLEAR_USER_DATA"
    )
    inv.print(f"    pkgFlags=[ {flags} ]")
    inv.print(f"    dataDir=/data/user/0/{package}")
    inv.print(f"    firstInstallTime={installed}")
    inv.print(f"    lastUpdateTime={installed}")
    inv.print(
        "    User 0: ceDataInode=0 installed=true hidden=false suspended=false "
        "distractionFlags=0 stopped=false notLaunched=false enabled=0 instant=false virtual=false"
    )
    granted = sorted(phone.granted.get(package, set()))
    if granted:
        inv.print("      runtime permissions:")
        for permission in granted:
            inv.print(f"        {permission}: granted=true, flags=[ USER_SET ]")


@command("dumpsys")
def dumpsys(inv: Invocation) -> int:
    """``dumpsys window|activity|package|display|power|battery|wifi|SurfaceFlinger``."""
    if not inv.args:
        inv.eprint("dumpsys: a service name is needed on the virtual phone")
        return 1
    service, rest = inv.args[0], inv.args[1:]
    phone = inv.phone
    front = phone.foreground
    if service == "window":
        _window(inv)
    elif service == "activity":
        task = 8 + (pid_of(front.package) % 90)
        record = f"ActivityRecord{{{_token(front.component + 'r')} u0 {front.component} t{task}}}"
        if rest[:1] == ["top"]:
            inv.print("TASK 10150:" + front.package + " id=" + str(task) + " userId=0")
            inv.print(
                f"  ACTIVITY {front.component} {_token(front.component)} "
                f"pid={pid_of(front.package)}"
            )
        else:
            inv.print("ACTIVITY MANAGER ACTIVITIES (dumpsys activity activities)")
            inv.print("Display #0 (activities from top to bottom):")
            for entry in reversed(phone.stack):
                inv.print(
                    f"  * Hist  #0: ActivityRecord{{{_token(entry.component + 'r')} u0 "
                    f"{entry.component}}}"
                )
            inv.print(f"  mResumedActivity: {record}")
            inv.print(f"  topResumedActivity={record}")
    elif service == "package":
        if rest:
            _package(inv, rest[-1])
    elif service == "display":
        inv.print("DISPLAY MANAGER (dumpsys display)")
        inv.print(
            f'  mBaseDisplayInfo=DisplayInfo{{"Built-in Screen", displayId 0, real {WIDTH} x '
            f"{HEIGHT},"
            f" largest app {WIDTH} x {HEIGHT}, smallest app {WIDTH} x {HEIGHT}, rotation 0,"
            f" density {DENSITY} ({DENSITY}.0 x {DENSITY}.0) dpi}}"
        )
        inv.print(
            f'  mOverrideDisplayInfo=DisplayInfo{{"Built-in Screen", displayId 0, orientation=0, '
            f"real {WIDTH} x {HEIGHT}}}"
        )
    elif service == "power":
        inv.print("POWER MANAGER (dumpsys power)")
        inv.print("  mWakefulness=Awake")
        inv.print("  mHoldingDisplaySuspendBlocker=true")
    elif service == "battery":
        inv.print("Current Battery Service state:")
        for line in (
            "AC powered: true",
            "USB powered: false",
            "status: 2",
            "health: 2",
            "present: true",
            "level: 100",
            "scale: 100",
            "voltage: 5000",
            "temperature: 250",
            "technology: Li-ion",
        ):
            inv.print("  " + line)
    elif service == "wifi":
        inv.print(
            "Wi-Fi is "
            + ("enabled" if phone.settings.get("global", "wifi_on") == "1" else "disabled")
        )
    elif service == "SurfaceFlinger":
        inv.print(
            "Display 4619827259835644672 (HWC display 0): port=0 pnpId=GGL "
            'displayName="EMU_display_0"'
        )
    else:
        inv.eprint(f"Can't find service: {service}")
    return 0
