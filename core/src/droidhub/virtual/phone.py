"""A virtual Android 13 phone (a Pixel 6) whose filesystem is a sandbox folder.

The phone holds what a real device's shell would show droidhub: files, settings
(system/secure/global), installed packages with their data, content providers backed
by real SQLite files at Android's paths, a clock, a launcher and an activity stack.
App models (:class:`droidhub.virtual.app.VirtualApp`) own their package's state and
receive input and intents while in the foreground. Everything is reached through
:meth:`VirtualPhone.shell`, which answers like ``adb shell`` (see
``docs/device-contract.md``); app models and the adb server also use the Python API.

The clock starts at 2023-10-15 15:34:00 UTC (AndroidWorld's device date, its devices
run in UTC) and then advances with real time, until ``date`` sets it again.
"""

from __future__ import annotations

import contextlib
import datetime as dt
import os
import posixpath
import shutil
import threading
import time
from collections.abc import Iterator, Sequence
from pathlib import Path

from droidhub.android.phone import (
    EXTERNAL_STORAGE,
    PIXEL_6,
    STORAGE_LINKS,
    SYSTEM_IMAGE_TIME,
    in_system_image,
)
from droidhub.virtual.app import Intent, VirtualApp
from droidhub.virtual.launcher import Launcher
from droidhub.virtual.providers import ContentProvider, system_providers
from droidhub.virtual.sandbox import SandboxPaths
from droidhub.virtual.settings_store import Settings
from droidhub.virtual.shell import Session, ShellOutcome, run
from droidhub.virtual.storage import Storage, storage_from_env
from droidhub.virtual.system_image import (
    LAUNCHER_ACTIVITY,
    LAUNCHER_PACKAGE,
    START_TIME,
    SYSTEM_PACKAGES,
    Activity,
    full_activity,
)
from droidhub.virtual.telephony import Telephony

_SHARED_FOLDERS = (
    "Alarms",
    "Android/data",
    "Android/media",
    "Audiobooks",
    "DCIM",
    "Documents",
    "Download",
    "Movies",
    "Music",
    "Notifications",
    "Pictures",
    "Podcasts",
    "Recordings",
    "Ringtones",
)


class VirtualPhone(SandboxPaths):
    """A virtual phone whose filesystem is the folder ``root``.

    ``apps`` are the app models it hosts; each is installed at creation (and again
    after ``pm clear``). ``storage_bytes`` is the size of its storage (None: what
    ``$DROIDHUB_VIRTUAL_STORAGE`` says, else a Pixel 6 emulator's 6 GiB); a write past
    it fails with "No space left on device". The phone is thread-safe: every shell
    command holds its lock.
    """

    def __init__(
        self,
        serial: str,
        root: Path,
        apps: Sequence[VirtualApp] = (),
        storage_bytes: int | None = None,
    ) -> None:
        self.serial = serial
        super().__init__(root)
        #: The phone's storage: its size, and the check every client's write goes through.
        self.storage = Storage(
            self.root, storage_from_env() if storage_bytes is None else storage_bytes
        )
        self.lock = threading.RLock()
        self.settings = Settings()
        self.settings.put("secure", "android_id", _android_id(serial))
        self.properties: dict[str, str] = _properties(serial)
        self.timezone = "UTC"
        self._clock_base = START_TIME
        self._clock_set_at = time.monotonic()
        # What a fresh phone makes is dated by its clock: files written from now until the
        # apps are installed get the phone's time, not the host's.
        born = time.time()
        self._apps: dict[str, VirtualApp] = {}
        self.granted: dict[str, set[str]] = {}
        #: ``appops set`` modes: package -> op (``SYSTEM_ALERT_WINDOW``) -> mode.
        self.app_ops: dict[str, dict[str, str]] = {}
        self.running: set[str] = set()
        self.stack: list[Activity] = [Activity(LAUNCHER_PACKAGE, LAUNCHER_ACTIVITY)]
        #: Android paths of transient outputs (UI dumps, screenshots) that ``snapshot`` skips.
        self.transient_paths: set[str] = {EXTERNAL_STORAGE + "/window_dump.xml"}
        #: The modem: messages that arrive, calls that ring (``adb emu sms|gsm``).
        self.telephony = Telephony(self)
        #: The launcher's home screen, which keeps its page and all apps' state.
        self.home_screen = Launcher()
        #: Moves on whenever what apps show may have changed (a command that writes, an
        #: input, a push, an activity started...): :mod:`droidhub.virtual.observing`.
        self.epoch = 0
        #: How many times the clock was read: a screen built while it moved shows the
        #: time, so it is not taken for the screen a moment later.
        self.clock_reads = 0
        self._layout()
        self.providers: dict[str, ContentProvider] = dict(system_providers())
        for app in apps:
            if not app.package:
                raise ValueError(f"app model {type(app).__name__} has no package name")
            self._apps[app.package] = app
            self.providers.update(app.providers())
        for provider in {id(p): p for p in self.providers.values()}.values():
            provider.install(self)
        for app in apps:
            self._data_dir(app.package).mkdir(parents=True, exist_ok=True)
            app.install(self)
        self._date_new_files(born)

    # --- filesystem ----------------------------------------------------------------------
    def _layout(self) -> None:
        for folder in ("data/system", "data/local/tmp", "data/data", "system/bin", "proc"):
            (self.root / folder).mkdir(parents=True, exist_ok=True)
        external = self.root / EXTERNAL_STORAGE.lstrip("/")
        for folder in _SHARED_FOLDERS:
            (external / folder).mkdir(parents=True, exist_ok=True)
        (self.root / "storage/self").mkdir(parents=True, exist_ok=True)
        for link, target in STORAGE_LINKS.items():
            host = self.root / link.lstrip("/")
            if not os.path.lexists(host):
                # Relative, as every link in the sandbox is: the sandbox may move.
                os.symlink(posixpath.relpath(target, posixpath.dirname(link)), host)
                if in_system_image(link):
                    os.utime(host, (SYSTEM_IMAGE_TIME,) * 2, follow_symlinks=False)
        for package in SYSTEM_PACKAGES:
            self._data_dir(package).mkdir(parents=True, exist_ok=True)

    def _date_new_files(self, since: float) -> None:
        """Give every file and folder made since host time ``since`` the phone's clock.

        Files an app model dated on purpose (``os.utime`` to a time of the task's story)
        are older than ``since`` and keep their time.
        """
        stamp = self.now().timestamp()
        for folder, dirs, files in os.walk(self.root):
            for name in dirs + files:
                path = os.path.join(folder, name)
                with contextlib.suppress(OSError):
                    if os.lstat(path).st_mtime >= since - 1:
                        os.utime(path, (stamp, stamp), follow_symlinks=False)
        os.utime(self.root, (stamp, stamp))

    def _data_dir(self, package: str) -> Path:
        return self.root / "data/data" / package

    def stamp(self, host: Path) -> None:
        """Set ``host``'s modification time to the phone's clock (files the shell wrote),
        and its folder's, whose entry list the write changed."""
        seconds = self.now().timestamp()
        for path in (host, host.parent) if host != self.root else (host,):
            with contextlib.suppress(OSError):
                os.utime(path, (seconds, seconds), follow_symlinks=False)

    def make_folders(self, host: Path) -> None:
        """``mkdir -p`` of sandbox location ``host``: each folder it makes, and the one
        that gains the first of them, dated by the phone's clock."""
        made, folder = [], host
        while not folder.exists():  # up to the first folder that is there already
            made.append(folder)
            folder = folder.parent
        host.mkdir(parents=True, exist_ok=True)
        for folder in made:
            self.stamp(folder)

    # --- clock ---------------------------------------------------------------------------
    def now(self) -> dt.datetime:
        """The phone's clock, timezone-aware (UTC unless ``persist.sys.timezone`` says
        else). A screen built while reading it shows the time (:attr:`clock_reads`)."""
        self.clock_reads += 1
        return self._moment()

    def today(self) -> dt.date:
        """The phone's date: what a screen that shows only the day reads (it is not
        counted in :attr:`clock_reads`)."""
        return self._moment().date()

    def _moment(self) -> dt.datetime:
        elapsed = time.monotonic() - self._clock_set_at
        moment = self._clock_base + dt.timedelta(seconds=elapsed)
        return moment.astimezone(self.tzinfo())

    def tzinfo(self) -> dt.tzinfo:
        """The phone's timezone."""
        if self.timezone in ("UTC", "GMT", "Etc/UTC"):
            return dt.UTC
        try:
            from zoneinfo import ZoneInfo

            return ZoneInfo(self.timezone)
        except Exception:  # an unknown zone name behaves as UTC, as Android does
            return dt.UTC

    def set_time(self, when: dt.datetime) -> None:
        """Set the clock to ``when`` (naive values are in the phone's timezone)."""
        if when.tzinfo is None:
            when = when.replace(tzinfo=self.tzinfo())
        self._clock_base = when.astimezone(dt.UTC)
        self._clock_set_at = time.monotonic()
        self.changed()

    # --- packages ------------------------------------------------------------------------
    def app(self, package: str) -> VirtualApp | None:
        """The app model of ``package``, or None."""
        return self._apps.get(package)

    @property
    def apps(self) -> list[VirtualApp]:
        """Every hosted app model."""
        return list(self._apps.values())

    def packages(self) -> list[str]:
        """Every installed package: the system image's and the app models', sorted."""
        return sorted(set(SYSTEM_PACKAGES) | set(self._apps))

    def is_system_package(self, package: str) -> bool:
        """Whether ``package`` is part of the system image (``pm list packages -s``).

        App models of Google and AOSP apps (``com.google.android.*``, ``com.android.*``)
        count as system apps, as they are preinstalled on the emulator image.
        """
        return package in SYSTEM_PACKAGES or package.startswith(
            ("com.google.android.", "com.android.")
        )

    def label(self, package: str) -> str:
        """The launcher label of ``package`` (the package name if it has none)."""
        app = self._apps.get(package)
        if app is not None and app.label:
            return app.label
        return SYSTEM_PACKAGES.get(package) or package

    def launcher_apps(self) -> list[tuple[str, str]]:
        """``(label, package)`` of every app on the home screen, sorted by label."""
        entries = {p: label for p, label in SYSTEM_PACKAGES.items() if label}
        entries.update({p: a.label for p, a in self._apps.items() if a.label})
        return sorted(
            ((label, package) for package, label in entries.items()), key=lambda e: e[0].lower()
        )

    def launch_activity(self, package: str) -> str:
        """The fully qualified launch activity of ``package``."""
        app = self._apps.get(package)
        if app is not None:
            return full_activity(package, app.activity)
        if package == LAUNCHER_PACKAGE:
            return LAUNCHER_ACTIVITY
        if package == "com.android.settings":
            return "com.android.settings.Settings"
        return package + ".MainActivity"

    def clear(self, package: str) -> None:
        """``pm clear``: stop ``package``, wipe its data, and let it install afresh."""
        born = time.time()
        self.force_stop(package)
        for folder in (
            self._data_dir(package),
            self.host_path(f"{EXTERNAL_STORAGE}/Android/data/{package}"),
        ):
            if folder.is_dir() and not folder.is_symlink():
                shutil.rmtree(folder)
        self._data_dir(package).mkdir(parents=True, exist_ok=True)
        self.granted.pop(package, None)
        self.app_ops.pop(package, None)
        for provider in {id(p): p for p in self.providers.values()}.values():
            if provider.package == package:
                provider.install(self)
        app = self._apps.get(package)
        if app is not None:
            app.install(self)
        self._date_new_files(born)

    # --- activities ----------------------------------------------------------------------
    @property
    def foreground(self) -> Activity:
        """The resumed activity (the launcher when no app is in front)."""
        return self.stack[-1]

    @property
    def foreground_package(self) -> str:
        """Package of the resumed activity."""
        return self.stack[-1].package

    @property
    def foreground_activity(self) -> str:
        """Fully qualified class name of the resumed activity."""
        return self.stack[-1].activity

    def start(self, package: str, activity: str, intent: Intent) -> str:
        """Bring ``package/activity`` to the front and deliver ``intent``.

        Returns the launch state ``am start -W`` reports: COLD, WARM or HOT.
        """
        self.changed()
        record = Activity(package, full_activity(package, activity))
        if package == LAUNCHER_PACKAGE:
            self.home()
            return "HOT"
        state = (
            "HOT" if self.foreground == record else ("WARM" if package in self.running else "COLD")
        )
        self.stack = [a for a in self.stack if a.package != package] + [record]
        self.running.add(package)
        app = self._apps.get(package)
        if app is not None:
            app.on_start(self, intent)
        return state

    def recents(self) -> list[Activity]:
        """The apps' tasks, oldest first, as the recents screen lists them (not the launcher)."""
        return [a for a in self.stack if a.package != LAUNCHER_PACKAGE]

    def home(self) -> None:
        """Press HOME: the launcher comes to the front (its first page, all apps
        closed); apps keep running behind it."""
        self.changed()
        self.home_screen.go_home()
        self.stack = [a for a in self.stack if a.package != LAUNCHER_PACKAGE]
        self.stack.append(Activity(LAUNCHER_PACKAGE, LAUNCHER_ACTIVITY))

    def back(self) -> None:
        """Press BACK: the front activity finishes and the one behind it returns."""
        if self.foreground_package == LAUNCHER_PACKAGE:
            return
        self.changed()
        self.stack.pop()
        if not self.stack:
            self.home()

    def force_stop(self, package: str) -> None:
        """``am force-stop``: end the app's activities; it hears ``on_stop``."""
        self.changed()
        was_running = package in self.running
        self.running.discard(package)
        self.stack = [a for a in self.stack if a.package != package] or [
            Activity(LAUNCHER_PACKAGE, LAUNCHER_ACTIVITY)
        ]
        app = self._apps.get(package)
        if app is not None and was_running:
            app.on_stop(self)

    # --- shell ---------------------------------------------------------------------------
    def shell(
        self, command: str, stdin: bytes = b"", session: Session | None = None
    ) -> ShellOutcome:
        """Run ``command`` as ``adb shell`` would run it on this phone: in a shell of its
        own, or in ``session`` (from :meth:`shell_session`)."""
        with self.lock:
            return run(self, command, stdin, session)

    def shell_session(self) -> Session:
        """An interactive shell's state (working folder, variables, functions, whether
        it exited), kept from one line of ``adb shell``'s input to the next."""
        return Session(self)

    def changed(self) -> None:
        """Say that what apps show may have changed (moves :attr:`epoch` on)."""
        self.epoch += 1

    def front_app(self) -> VirtualApp | None:
        """The app model in front: the launcher's home screen, an app's model, or None
        for an app without one."""
        if self.foreground_package == LAUNCHER_PACKAGE:
            return self.home_screen
        return self.app(self.foreground_package)

    def provider(self, authority: str) -> ContentProvider | None:
        """The content provider for ``authority``, or None."""
        return self.providers.get(authority)

    def walk(self) -> Iterator[Path]:
        """Every regular file in the sandbox (symlinks are not followed)."""
        for folder, dirs, files in os.walk(self.root):
            dirs.sort()
            for name in sorted(files):
                path = Path(folder) / name
                if path.is_file() and not path.is_symlink():
                    yield path

    def close(self) -> None:
        """Stop the phone: every app model releases what it holds."""
        for app in self._apps.values():
            # One model failing to close must not keep the others open.
            with contextlib.suppress(Exception):
                app.close()


def _android_id(serial: str) -> str:
    import hashlib

    return hashlib.sha256(serial.encode()).hexdigest()[:16]


def _properties(serial: str) -> dict[str, str]:
    return {
        "dev.bootcomplete": "1",
        "init.svc.bootanim": "stopped",
        "persist.sys.locale": "en-US",
        "persist.sys.timezone": "UTC",
        "ro.boot.serialno": serial,
        "ro.build.characteristics": "nosdcard",
        "ro.build.display.id": "TE1A.220922.034",
        "ro.build.fingerprint": (
            "google/oriole/oriole:13/TE1A.220922.034/10940250:user/release-keys"
        ),
        "ro.build.id": "TE1A.220922.034",
        "ro.build.type": "user",
        "ro.build.version.codename": "REL",
        "ro.build.version.release": "13",
        "ro.build.version.sdk": "33",
        "ro.build.version.security_patch": "2023-10-05",
        "ro.droidhub.virtual": "1",
        "ro.product.brand": "google",
        "ro.product.cpu.abi": "arm64-v8a",
        "ro.product.cpu.abilist": "arm64-v8a,armeabi-v7a,armeabi",
        "ro.product.device": "oriole",
        "ro.product.locale": "en-US",
        "ro.product.manufacturer": "Google",
        "ro.product.model": "Pixel 6",
        "ro.product.name": "oriole",
        "ro.serialno": serial,
        "ro.sf.lcd_density": str(PIXEL_6.density),
        "sys.boot_completed": "1",
    }
