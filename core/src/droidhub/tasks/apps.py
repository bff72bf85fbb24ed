"""App specs: what droidhub knows about an app a task may use."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class FirstRun:
    """What a real phone needs done once for an app before its tasks can run on it.

    AndroidWorld prepares each app once (``setup_device/apps.py``): it grants runtime
    permissions, sets app ops and settings, makes folders, copies data files, launches
    the app once and clicks through its first-run screens. ``droidhub device setup``
    does the same from this record, all but the clicks, which need a person (or an
    agent): ``by_hand`` says which, in the words on the buttons.

    ``app_ops`` are ``(op, mode)`` pairs (``appops set PACKAGE OP MODE``); ``settings``
    are ``(namespace, key, value)`` triples; ``files`` are ``(file name, device folder)``
    pairs, the file taken from the folder ``setup --apks`` is given; ``launch`` says the
    app is started once and stopped (some apps make their databases then).
    """

    permissions: tuple[str, ...] = ()
    app_ops: tuple[tuple[str, str], ...] = ()
    settings: tuple[tuple[str, str, str], ...] = ()
    folders: tuple[str, ...] = ()
    files: tuple[tuple[str, str], ...] = ()
    launch: bool = False
    by_hand: str = ""


@dataclass(frozen=True)
class AppSpec:
    """An Android app as tasks and agents refer to it.

    ``names`` are the names an agent may give to ``open_app`` (matched without regard
    to case); ``activity`` is the launch component (``pkg/.MainActivity``);
    ``data_paths`` are where the app keeps its state, so reset and footprints can
    name them.

    ``version_code`` is the versionCode of the build the tasks were written against
    (AndroidWorld pins each APK by it; None when no build is pinned, as for the apps
    the system image ships), and ``apk`` is the file name of that pinned APK as
    AndroidWorld distributes it (``net.gsantner.markor_146.apk``; empty when none).
    ``first_run`` is what a real phone needs done once for the app (None: nothing).
    ``droidhub device doctor`` checks a phone against these and ``droidhub device
    setup --apks DIR`` installs the APK of that name from DIR and does ``first_run``.
    """

    package: str
    activity: str
    names: tuple[str, ...]
    label: str = ""
    data_paths: tuple[str, ...] = field(default_factory=tuple)
    version_code: int | None = None
    apk: str = ""
    first_run: FirstRun | None = None

    @property
    def component(self) -> str:
        """``package/activity`` as ``am start -n`` takes it."""
        if "/" in self.activity:
            return self.activity
        return f"{self.package}/{self.activity}"

    def matches(self, name: str) -> bool:
        """Whether ``name`` (case-insensitive) is one of this app's names or its package."""
        wanted = name.strip().lower()
        return wanted == self.package.lower() or wanted in (n.lower() for n in self.names)
