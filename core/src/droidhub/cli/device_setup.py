"""``droidhub device doctor`` and ``droidhub device setup``: a real phone made ready.

AndroidWorld's tasks assume a phone prepared once: Android 13 on a Pixel 6 screen,
root, UTC, a 24-hour clock, automatic time off, animations off, ``sqlite3``, and each
app at the version AndroidWorld pins, with its permissions and first run done. The
apps come from the installed plugins' :class:`~droidhub.tasks.apps.AppSpec` (their
``version_code``, ``apk`` and ``first_run``): the core names no app itself.

``doctor`` prints one line per check, with the exact command that fixes what fails;
``setup`` does what adb can of that preparation (and prints what a person must tap).
docs/real-devices.md shows both, run against a virtual phone.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import re
import shlex
import sys
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import asdict, dataclass
from pathlib import Path

import click

from droidhub.device.client import Device
from droidhub.device.connect import DeviceSpecError, open_devices
from droidhub.device.transport import DeviceError
from droidhub.tasks.apps import AppSpec, FirstRun

#: Exit codes: every check passed / some failed (or a setup step did) / no such device.
EXIT_OK, EXIT_PROBLEMS, EXIT_NO_DEVICE = 0, 1, 6

#: The phone AndroidWorld's tasks were made on: a Pixel 6 emulator with Android 13.
SDK = "33"
SCREEN = "1080x2400"
DENSITY = "420"

#: The settings AndroidWorld's set-up leaves (and animations off, which its docs ask
#: for): (namespace, key, wanted value, what it is).
SETTINGS: tuple[tuple[str, str, str, str], ...] = (
    ("global", "window_animation_scale", "0", "window animations off"),
    ("global", "transition_animation_scale", "0", "transition animations off"),
    ("global", "animator_duration_scale", "0", "animator duration off"),
    ("global", "auto_time", "0", "automatic time off"),
    ("global", "auto_time_zone", "0", "automatic time zone off"),
    ("system", "time_12_24", "24", "24-hour clock"),
)
#: IAlarmManager.setTimeZone, as AndroidWorld sets UTC (Android 13's transaction 3).
SET_UTC = ("service", "call", "alarm", "3", "s16", "UTC")
#: Where ``setup`` puts an APK before ``pm install`` reads it.
STAGING = "/data/local/tmp"


@dataclass(frozen=True)
class Check:
    """One thing ``doctor`` looks at: what it found, what it wants, and the fix."""

    name: str
    ok: bool
    found: str
    wanted: str
    fix: str = ""

    def line(self) -> str:
        """``ok   NAME: FOUND`` or ``MISSING NAME: FOUND (wanted W) -> fix: CMD``."""
        if self.ok:
            return f"ok       {self.name}: {self.found}"
        return (
            f"MISSING  {self.name}: {self.found} (wanted {self.wanted})\n         fix: {self.fix}"
        )


class Adb:
    """The phone as the commands see it, and the ``adb`` words that reach it (for fixes)."""

    def __init__(self, device: Device) -> None:
        self.device = device
        port = "" if device.port == 5037 else f" -P {device.port}"
        self.prefix = f"adb{port} -s {device.serial}"

    def shell_line(self, args: Sequence[str]) -> str:
        """``adb -s SERIAL shell ARGS`` as a person would type it."""
        return f"{self.prefix} shell {shlex.join(args)}"

    def output(self, args: Sequence[str]) -> tuple[int, str]:
        """Exit status and output of a shell command."""
        result = self.device.run(list(args))
        return result.exit_code, result.output.strip()


# --- doctor ---------------------------------------------------------------------------
def phone_checks(adb: Adb) -> list[Check]:
    """The phone's own checks: Android version, root, screen, time zone, settings, sqlite3."""
    checks = []
    _, sdk = adb.output(["getprop", "ro.build.version.sdk"])
    _, release = adb.output(["getprop", "ro.build.version.release"])
    checks.append(
        Check(
            "Android version",
            sdk == SDK,
            f"Android {release or '?'} (API {sdk or '?'})",
            f"Android 13 (API {SDK})",
            "use an Android 13 (API 33) image: AndroidWorld's Pixel 6 AVD (docs/real-devices.md)",
        )
    )
    _, uid = adb.output(["id", "-u"])
    checks.append(
        Check("root", uid == "0", f"uid {uid}", "uid 0", f"{adb.prefix} root  (an emulator image)")
    )
    checks.append(_wm_check(adb, "size", SCREEN, "screen size"))
    checks.append(_wm_check(adb, "density", DENSITY, "density"))
    _, zone = adb.output(["getprop", "persist.sys.timezone"])
    checks.append(
        Check("time zone", zone == "UTC", zone or "unset", "UTC", adb.shell_line(SET_UTC))
    )
    for namespace, key, wanted, what in SETTINGS:
        _, value = adb.output(["settings", "get", namespace, key])
        checks.append(
            Check(
                f"{what} ({namespace} {key})",
                _same_setting(value, wanted),
                value,
                wanted,
                adb.shell_line(["settings", "put", namespace, key, wanted]),
            )
        )
    status, where = adb.output(["which", "sqlite3"])
    checks.append(
        Check(
            "sqlite3",
            status == 0 and bool(where),
            where or "not found",
            "a sqlite3 binary",
            "use an emulator image (Google APIs images ship /system/xbin/sqlite3)",
        )
    )
    return checks


def _wm_check(adb: Adb, what: str, wanted: str, name: str) -> Check:
    _, shown = adb.output(["wm", what])
    # `Override size: ...` (set by `wm size`) wins over the physical one.
    values = dict(re.findall(r"^(Physical|Override) \w+: (\S+)$", shown, re.M))
    found = values.get("Override") or values.get("Physical") or shown or "?"
    return Check(name, found == wanted, found, wanted, adb.shell_line(["wm", what, wanted]))


def _same_setting(value: str, wanted: str) -> bool:
    try:
        return float(value) == float(wanted)
    except ValueError:
        return value == wanted


def installed_versions(adb: Adb) -> dict[str, int]:
    """Every installed package and its versionCode (``pm list packages --show-versioncode``)."""
    _, listed = adb.output(["pm", "list", "packages", "--show-versioncode"])
    return {
        package: int(code)
        for package, code in re.findall(r"^package:(\S+) versionCode:(\d+)$", listed, re.M)
    }


def app_checks(adb: Adb, apps: Sequence[AppSpec], apks_hint: str = "DIR") -> list[Check]:
    """One check per app: installed at its pinned versionCode; then its first run."""
    installed = installed_versions(adb)
    setup = f"droidhub device setup {adb.device.serial} --apks {apks_hint}"
    if adb.device.port != 5037:
        setup += f" --adb-port {adb.device.port}"
    checks = []
    for app in apps:
        code = installed.get(app.package)
        wanted = f"versionCode {app.version_code}" if app.version_code else "installed"
        found = "not installed" if code is None else f"versionCode {code}"
        ok = code is not None and app.version_code in (None, code)
        if app.apk:
            fix = f"{setup}  (installs {apks_hint}/{app.apk})"
        else:
            fix = f"install {app.package}: no APK of it is pinned (docs/real-devices.md)"
        checks.append(Check(f"app {app.package}", ok, found, wanted, fix))
        first = app.first_run
        if code is not None and first is not None and _checkable(first):
            missing = list(_first_run_missing(adb, app))
            checks.append(
                Check(
                    f"first run of {app.package}",
                    not missing,
                    "not done: " + ", ".join(missing) if missing else "done",
                    "its permissions, app ops, settings, folders and files",
                    setup,
                )
            )
    return checks


def _checkable(first: FirstRun) -> bool:
    """Whether ``first`` leaves a trace adb can see (a launch or a tap leaves none)."""
    return bool(
        first.permissions or first.app_ops or first.settings or first.folders or first.files
    )


def _first_run_missing(adb: Adb, app: AppSpec) -> Iterator[str]:
    """What of ``app.first_run`` the phone does not show (taps by hand cannot be seen)."""
    first = app.first_run
    assert first is not None
    if first.permissions:
        _, shown = adb.output(["dumpsys", "package", app.package])
        for permission in first.permissions:
            # A permission the app does not request on this Android is not listed: only a
            # denied one is a problem.
            if f"{permission}: granted=false" in shown:
                yield permission.rsplit(".", 1)[-1]
    for op, mode in first.app_ops:
        _, shown = adb.output(["appops", "get", app.package, op])
        if not shown.startswith(f"{op}: {mode}"):
            yield f"appop {op} {mode}"
    for namespace, key, value in first.settings:
        _, shown = adb.output(["settings", "get", namespace, key])
        if shown != value:
            yield f"{namespace} {key}={value}"
    for folder in first.folders:
        if adb.output(["test", "-d", folder])[0] != 0:
            yield f"folder {folder}"
    for name, folder in first.files:
        if adb.output(["test", "-f", f"{folder}/{name}"])[0] != 0:
            yield f"file {folder}/{name}"


# --- setup ----------------------------------------------------------------------------
@dataclass(frozen=True)
class Step:
    """One thing ``setup`` does: a shell command, or a push of a host file (then ``args``
    is empty and ``push`` is ``(host path, device path)``)."""

    why: str
    args: tuple[str, ...] = ()
    push: tuple[Path, str] | None = None
    #: An answer that means there was nothing to do (a grant of a permission the app does
    #: not request on this Android, which AndroidWorld's set-up ignores as well).
    moot: str = ""

    def line(self, adb: Adb) -> str:
        """The step as an ``adb`` command line."""
        if self.push is not None:
            return f"{adb.prefix} push {shlex.quote(str(self.push[0]))} {self.push[1]}"
        return adb.shell_line(self.args)

    def run(self, adb: Adb) -> str | None:
        """Do the step; None when it worked, else what went wrong."""
        if self.push is not None:  # a failed push raises DeviceError, saying why
            adb.device.push(self.push[0], self.push[1])
            return None
        status, output = adb.output(self.args)
        if status != 0 or output.startswith("Failure"):
            return output or f"exit {status}"
        return None


@dataclass
class Plan:
    """What ``setup`` will do, what it cannot find, and what is left for a person."""

    steps: list[Step]
    missing: list[str]
    by_hand: list[str]


def setup_plan(adb: Adb, apps: Sequence[AppSpec], apks: Path | None) -> Plan:
    """The steps that make the phone what :func:`phone_checks` and :func:`app_checks` want."""
    steps = [Step(what, ("settings", "put", ns, key, value)) for ns, key, value, what in SETTINGS]
    steps.append(Step("time zone UTC", SET_UTC))
    plan = Plan(steps, [], [])
    installed = installed_versions(adb)
    for app in apps:
        code = installed.get(app.package)
        if app.apk and (code is None or app.version_code not in (None, code)):
            plan.steps.extend(_install_steps(app, code, apks, plan))
            code = app.version_code if apks and (apks / app.apk).is_file() else code
        elif code is None:
            plan.missing.append(f"{app.package}: not installed, and no APK of it is pinned")
        if code is not None and app.first_run is not None:
            plan.steps.extend(_first_run_steps(app, apks, plan))
    return plan


def _install_steps(app: AppSpec, code: int | None, apks: Path | None, plan: Plan) -> list[Step]:
    source = apks / app.apk if apks else None
    if source is None or not source.is_file():
        plan.missing.append(
            f"{app.package}: {source or app.apk} not found (docs/real-devices.md says where "
            "AndroidWorld gets it)"
        )
        return []
    staged = f"{STAGING}/{app.apk}"
    steps = []
    if code is not None:  # another version: Android refuses a downgrade over it
        steps.append(Step(f"remove {app.package} {code}", ("pm", "uninstall", app.package)))
    sha = hashlib.sha256(source.read_bytes()).hexdigest()
    steps += [
        Step(f"copy {app.apk} (sha256 {sha})", push=(source, staged)),
        Step(
            f"install {app.package} {app.version_code or ''}".rstrip(),
            ("pm", "install", "-r", "-g", staged),
        ),
        Step(f"delete the copy of {app.apk}", ("rm", "-f", staged)),
    ]
    return steps


def _first_run_steps(app: AppSpec, apks: Path | None, plan: Plan) -> list[Step]:
    first = app.first_run
    assert first is not None
    package = app.package
    steps = [
        Step(f"grant {p}", ("pm", "grant", package, p), moot="has not requested permission")
        for p in first.permissions
    ]
    steps += [Step(f"app op {op}", ("appops", "set", package, op, m)) for op, m in first.app_ops]
    steps += [Step(f"{ns} {k}", ("settings", "put", ns, k, v)) for ns, k, v in first.settings]
    steps += [Step(f"folder {f}", ("mkdir", "-p", f)) for f in first.folders]
    for name, folder in first.files:
        source = apks / name if apks else None
        if source is None or not source.is_file():
            plan.missing.append(f"{package}: data file {source or name} not found")
            continue
        steps += [
            Step(f"folder {folder}", ("mkdir", "-p", folder)),
            Step(f"copy {name}", push=(source, f"{folder}/{name}")),
        ]
    if first.launch:
        steps += [
            Step(f"first launch of {package}", ("am", "start", "-W", "-n", app.component)),
            Step(f"stop {package}", ("am", "force-stop", package)),
        ]
    if first.by_hand:
        plan.by_hand.append(f"{app.label or package}: open it and tap {first.by_hand}")
    return steps


# --- the commands ---------------------------------------------------------------------
def _apps() -> list[AppSpec]:
    from droidhub.plugins import catalog

    return list(catalog.apps())


@contextlib.contextmanager
def _connected(serial: str, adb_host: str, adb_port: int) -> Iterator[Device]:
    """The one device ``serial`` names (``virtual``: a fresh virtual phone), or exit 6."""
    try:
        with open_devices(serial, adb_host, adb_port) as devices:
            yield devices[0]
    except (DeviceError, DeviceSpecError) as exc:
        click.echo(f"no device {serial}: {exc}", err=True)
        sys.exit(EXIT_NO_DEVICE)


_SERIAL = click.argument("serial")
_HOST = click.option("--adb-host", default="127.0.0.1", show_default=True, help="adb server host.")
_PORT = click.option(
    "--adb-port", default=5037, show_default=True, type=int, help="adb server port."
)


@click.command("doctor")
@_SERIAL
@_HOST
@_PORT
@click.option("--apks", "apks_hint", default="DIR", metavar="DIR", help="Folder named in fixes.")
@click.option("--json", "as_json", is_flag=True, help="One JSON object on stdout.")
def doctor(serial: str, adb_host: str, adb_port: int, apks_hint: str, as_json: bool) -> None:
    """Check that phone SERIAL is ready for AndroidWorld's tasks.

    One line per check: Android version, root, screen size and density, time zone,
    24-hour clock, automatic time, animations, sqlite3, and each app the installed
    plugins use (installed, at the pinned versionCode, first run done). What is missing
    is printed with the command that fixes it. Exit 0 when all pass, 1 otherwise, 6
    when there is no such device.
    """
    with _connected(serial, adb_host, adb_port) as device:
        adb = Adb(device)
        checks = phone_checks(adb) + app_checks(adb, _apps(), apks_hint)
    failed = [c for c in checks if not c.ok]
    if as_json:
        doc = {"serial": serial, "ok": not failed, "checks": [asdict(c) for c in checks]}
        click.echo(json.dumps(doc, indent=2))
    else:
        for check in checks:
            click.echo(check.line())
        click.echo(f"{len(checks) - len(failed)} of {len(checks)} checks pass")
    sys.exit(EXIT_PROBLEMS if failed else EXIT_OK)


@click.command("setup")
@_SERIAL
@_HOST
@_PORT
@click.option(
    "--apks",
    type=click.Path(file_okay=False, exists=True, path_type=Path),
    default=None,
    help="Folder holding AndroidWorld's APKs (and data files) under their file names.",
)
@click.option("--dry-run", is_flag=True, help="Print the commands; change nothing.")
def setup(serial: str, adb_host: str, adb_port: int, apks: Path | None, dry_run: bool) -> None:
    """Prepare phone SERIAL once, as AndroidWorld's setup does.

    Installs each pinned APK found in --apks by its AndroidWorld file name (printing its
    sha256), grants the permissions and app ops, sets the settings and makes the
    folders each app's first run needs, launches and stops the apps AndroidWorld
    launches, turns animations and automatic time off, sets UTC and the 24-hour clock.
    What only a person can do (first-run screens) is printed at the end. Running it
    again does no harm. Exit 0 when everything was done, 1 otherwise, 6 when there is
    no such device.
    """
    with _connected(serial, adb_host, adb_port) as device:
        adb = Adb(device)
        plan = setup_plan(adb, _apps(), apks)
        failures = _carry_out(adb, plan.steps, dry_run)
    for missing in plan.missing:
        click.echo(f"missing  {missing}")
    if plan.by_hand:
        click.echo("left for a person (first-run screens adb cannot tap):")
        for note in plan.by_hand:
            click.echo(f"  {note}")
    done = "would run" if dry_run else "ran"
    click.echo(f"{done} {len(plan.steps)} steps, {failures} failed, {len(plan.missing)} missing")
    sys.exit(EXIT_PROBLEMS if failures or plan.missing else EXIT_OK)


def _carry_out(adb: Adb, steps: Iterable[Step], dry_run: bool) -> int:
    failures = 0
    for step in steps:
        click.echo(f"{step.why}\n  $ {step.line(adb)}")
        if dry_run:
            continue
        try:
            problem = step.run(adb)
        except DeviceError as exc:
            problem = str(exc)
        if problem is not None and step.moot and step.moot in problem:
            click.echo(f"  nothing to do: {problem.splitlines()[-1]}")
        elif problem is not None:
            failures += 1
            click.echo(f"  failed: {problem}")
    return failures
