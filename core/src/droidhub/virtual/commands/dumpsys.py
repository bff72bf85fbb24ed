"""``dumpsys SERVICE``: the parts of Android 13's reports that tools parse.

``input`` prints the input reader's display viewports (``logicalFrame=[...]``,
``physicalFrame=[...]``, what AndroidWorld's ``get_logical_screen_size`` and
``get_physical_frame_boundary`` read) and the touch screen's ``SurfaceOrientation``
(what android_env reads); ``window`` prints the focused window and app and the
display's ``mCurrentRotation=ROTATION_0`` (AndroidWorld's ``get_orientation``). The
virtual phone never rotates: it is a Pixel 6 held upright.
"""

from __future__ import annotations

import zlib
from collections.abc import Callable

from droidhub.android.phone import PIXEL_6
from droidhub.virtual.commands.activity import pid_of
from droidhub.virtual.commands.invocation import Invocation, command
from droidhub.virtual.commands.packages import apk_path, version_code
from droidhub.virtual.commands.stack import task_id
from droidhub.virtual.system_image import START_TIME
from droidhub.virtual.telephony import CALL_STATE_OFFHOOK, CALL_STATE_RINGING

WIDTH, HEIGHT = PIXEL_6.size
DENSITY = PIXEL_6.density
# The emulator's display port and unique id, as its input reader names the viewport.
_VIEWPORT = (
    f"Viewport INTERNAL: displayId=0, uniqueId=local:4619827259835644672, port=0, "
    f"orientation=0, logicalFrame=[0, 0, {WIDTH}, {HEIGHT}], "
    f"physicalFrame=[0, 0, {WIDTH}, {HEIGHT}], deviceSize=[{WIDTH}, {HEIGHT}], isActive=[1]"
)


def token(text: str) -> str:
    """A stable hex object id for ``text`` (Android prints identity hash codes)."""
    return f"{zlib.crc32(text.encode()) & 0xFFFFFFF:07x}"


def _window(inv: Invocation, rest: list[str]) -> None:
    front = inv.phone.foreground
    name = f"{front.package}/{front.activity}"
    task = task_id(front.package)
    if rest[:1] != ["displays"]:
        inv.print("WINDOW MANAGER WINDOWS (dumpsys window windows)")
        inv.print(f"  Window #0 Window{{{token(name)} u0 {name}}}:")
        inv.print(
            "    mDisplayId=0 rootTaskId=1 mSession=Session{...} mClient=android.os.BinderProxy"
        )
        inv.print(f"    mOwnerUid=10150 showForAllUsers=false package={front.package} appop=NONE")
        inv.print(
            "    mAttrs={(0,0)(fillxfill) sim={adjust=pan} ty=BASE_APPLICATION fmt=TRANSLUCENT}"
        )
        inv.print(f"    Requested w={WIDTH} h={HEIGHT} mLayoutSeq=1")
        inv.print("")
        inv.print(f"  mCurrentFocus=Window{{{token(name)} u0 {name}}}")
        inv.print(
            f"  mFocusedApp=ActivityRecord{{{token(name + 'r')} u0 {front.component} t{task}}}"
        )
        inv.print("  mInputMethodWindow=Window{ime u0 InputMethod}")
        inv.print("  mHoldingScreenWakeLock=null")
    if rest[:1] in ([], ["displays"]):
        inv.print("WINDOW MANAGER DISPLAY CONTENTS (dumpsys window displays)")
        inv.print("  Display: mDisplayId=0 rootTasks=2")
        inv.print(
            f"    init={WIDTH}x{HEIGHT} {DENSITY}dpi cur={WIDTH}x{HEIGHT} "
            f"app={WIDTH}x{HEIGHT} rng={WIDTH}x{WIDTH}-{HEIGHT}x{HEIGHT}"
        )
        inv.print("    mLayoutSeq=1 mCurrentRotation=ROTATION_0 mLastOrientation=-1")
        inv.print(
            "    mDisplayRotation=DisplayRotation{mRotation=ROTATION_0 mUserRotation=ROTATION_0}"
        )


def _input(inv: Invocation, rest: list[str]) -> None:
    del rest
    inv.print("INPUT MANAGER (dumpsys input)")
    inv.print("")
    inv.print("Input Manager Service (Java) State:")
    inv.print("  Pointer Speed: 0")
    inv.print("")
    inv.print("Input Reader State (Nums of device: 2):")
    inv.print("  Device 3: virtio_input_multi_touch_7")
    inv.print("    Generation: 10")
    inv.print("    IsExternal: false")
    inv.print("    AssociatedDisplayPort: <none>")
    inv.print("    Sources: 0x00005002")
    inv.print("    KeyboardType: 0")
    inv.print("    Touch Input Mapper (mode - DIRECT):")
    inv.print("      DeviceMode: DIRECT")
    inv.print("      " + _VIEWPORT)
    for line in (
        f"RawSurfaceWidth: {WIDTH}px",
        f"RawSurfaceHeight: {HEIGHT}px",
        "SurfaceLeft: 0",
        "SurfaceTop: 0",
        f"SurfaceRight: {WIDTH}",
        f"SurfaceBottom: {HEIGHT}",
        f"PhysicalWidth: {WIDTH}px",
        f"PhysicalHeight: {HEIGHT}px",
        "PhysicalLeft: 0",
        "PhysicalTop: 0",
        "SurfaceOrientation: 0",
    ):
        inv.print("      " + line)
    inv.print("  Configuration:")
    inv.print("    ExcludedDeviceNames: []")
    inv.print("    Viewports:")
    inv.print("      " + _VIEWPORT)
    inv.print("")
    inv.print("Input Dispatcher State:")
    inv.print("  FocusedApplications:")
    focused = token(inv.phone.foreground.component)
    inv.print(f"    displayId=0, name='ActivityRecord{{{focused}}}'")
    inv.print("  Display: 0")
    inv.print(f"    logicalFrame=[0, 0, {WIDTH}, {HEIGHT}]")


def _activity(inv: Invocation, rest: list[str]) -> None:
    phone = inv.phone
    front = phone.foreground
    task = task_id(front.package)
    record = f"ActivityRecord{{{token(front.component + 'r')} u0 {front.component} t{task}}}"
    if rest[:1] == ["top"]:
        inv.print("TASK 10150:" + front.package + " id=" + str(task) + " userId=0")
        inv.print(
            f"  ACTIVITY {front.component} {token(front.component)} pid={pid_of(front.package)}"
        )
        return
    if rest[:1] == ["recents"]:
        inv.print("ACTIVITY MANAGER RECENT TASKS (dumpsys activity recents)")
        inv.print("RecentTasks:")
        inv.print("  Recent tasks:")
        for index, entry in enumerate(reversed(phone.recents())):
            inv.print(
                f"  * Recent #{index}: Task{{{token(entry.component)} #{task_id(entry.package)} "
                f"type=standard A=10150:{entry.package}}}"
            )
            inv.print("    userId=0 effectiveUid=u0a150 mCallingUid=2000 mUserSetupComplete=true")
            inv.print(f"    affinity=10150:{entry.package}")
            inv.print(f"    intent={{act=android.intent.action.MAIN cmp={entry.component}}}")
            inv.print(f"    mActivityComponent={entry.component}")
            inv.print(f"    id={task_id(entry.package)} rootTaskId={task_id(entry.package)}")
        return
    inv.print("ACTIVITY MANAGER ACTIVITIES (dumpsys activity activities)")
    inv.print("Display #0 (activities from top to bottom):")
    for entry in reversed(phone.stack):
        inv.print(
            f"  * Hist  #0: ActivityRecord{{{token(entry.component + 'r')} u0 {entry.component}}}"
        )
    inv.print(f"  mResumedActivity: {record}")
    inv.print(f"  topResumedActivity={record}")


def _package(inv: Invocation, rest: list[str]) -> None:
    phone = inv.phone
    package = rest[-1] if rest else ""
    if package not in phone.packages():
        return
    app = phone.app(package)
    version = app.version_name if app is not None else "13"
    installed = START_TIME.strftime("%Y-%m-%d %H:%M:%S")
    tag = token(package)
    inv.print("Packages:")
    inv.print(f"  Package [{package}] ({tag}):")
    inv.print("    userId=10150")
    inv.print(f"    pkg=Package{{{tag} {package}}}")
    inv.print(f"    codePath={apk_path(inv, package).rsplit('/', 1)[0]}")
    inv.print(f"    versionCode={version_code(phone, package)} minSdk=24 targetSdk=33")
    inv.print(f"    versionName={version}")
    inv.print(
        f"    signatures=PackageSignatures{{{tag} version:2, signatures:["
        f"{token(package + 'sig')}], past signatures:[]}}"
    )
    system = "SYSTEM " if phone.is_system_package(package) else ""
    inv.print(f"    pkgFlags=[ {system}HAS_CODE ALLOW_CLEAR_USER_DATA ]")
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


def _display(inv: Invocation, rest: list[str]) -> None:
    del rest
    inv.print("DISPLAY MANAGER (dumpsys display)")
    inv.print(
        f'  mBaseDisplayInfo=DisplayInfo{{"Built-in Screen", displayId 0, real {WIDTH} x '
        f"{HEIGHT}, largest app {WIDTH} x {HEIGHT}, smallest app {WIDTH} x {HEIGHT}, "
        f"rotation 0, density {DENSITY} ({DENSITY}.0 x {DENSITY}.0) dpi}}"
    )
    inv.print(
        f'  mOverrideDisplayInfo=DisplayInfo{{"Built-in Screen", displayId 0, orientation=0, '
        f"real {WIDTH} x {HEIGHT}}}"
    )


def _power(inv: Invocation, rest: list[str]) -> None:
    del rest
    inv.print("POWER MANAGER (dumpsys power)")
    inv.print("  mWakefulness=Awake")
    inv.print("  mHoldingDisplaySuspendBlocker=true")


def _battery(inv: Invocation, rest: list[str]) -> None:
    del rest
    inv.print("Current Battery Service state:")
    for line in ("AC powered: true", "USB powered: false", "status: 2", "health: 2"):
        inv.print("  " + line)
    for line in ("present: true", "level: 100", "scale: 100", "voltage: 5000"):
        inv.print("  " + line)
    inv.print("  temperature: 250")
    inv.print("  technology: Li-ion")


def _wifi(inv: Invocation, rest: list[str]) -> None:
    del rest
    enabled = inv.phone.settings.get("global", "wifi_on") == "1"
    inv.print("Wi-Fi is " + ("enabled" if enabled else "disabled"))


def _surface_flinger(inv: Invocation, rest: list[str]) -> None:
    del rest
    inv.print(
        'Display 4619827259835644672 (HWC display 0): port=0 pnpId=GGL displayName="EMU_display_0"'
    )


def _telephony_registry(inv: Invocation, rest: list[str]) -> None:
    del rest
    # AndroidWorld's get_call_state reads mCallState (0 idle, 1 ringing, 2 off-hook).
    modem = inv.phone.telephony
    inv.print("last known state:")
    inv.print("  Phone Id=0")
    inv.print(f"  mCallState={modem.state}")
    ringing, off_hook = modem.state == CALL_STATE_RINGING, modem.state == CALL_STATE_OFFHOOK
    inv.print(f"  mRingingCallState={CALL_STATE_RINGING if ringing else 0}")
    inv.print(f"  mForegroundCallState={CALL_STATE_OFFHOOK if off_hook else 0}")
    inv.print("  mBackgroundCallState=0")
    inv.print(f"  mCallIncomingNumber={modem.number}")
    inv.print("  mServiceState=0")


_SERVICES: dict[str, Callable[[Invocation, list[str]], None]] = {
    "activity": _activity,
    "battery": _battery,
    "display": _display,
    "input": _input,
    "package": _package,
    "power": _power,
    "SurfaceFlinger": _surface_flinger,
    "telephony.registry": _telephony_registry,
    "wifi": _wifi,
    "window": _window,
}


@command("dumpsys")
def dumpsys(inv: Invocation) -> int:
    """``dumpsys input|window|activity|package|display|power|battery|wifi|SurfaceFlinger``."""
    if not inv.args:
        inv.eprint("dumpsys: a service name is needed on the virtual phone")
        return 1
    service, rest = inv.args[0], inv.args[1:]
    report = _SERVICES.get(service)
    if report is None:
        inv.eprint(f"Can't find service: {service}")
        return 0
    report(inv, rest)
    return 0
