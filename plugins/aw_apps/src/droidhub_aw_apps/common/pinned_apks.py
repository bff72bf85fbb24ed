"""The APKs AndroidWorld pins, and what its one-time setup does for each app.

AndroidWorld installs every app it does not find on the emulator image from a file
named after the package and its versionCode (``net.gsantner.markor_146.apk``), fetched
from :data:`APK_SOURCE`, then prepares each app once (its
``env/setup_device/apps.py``). :data:`PINNED_APKS` is that list of files;
:data:`FIRST_RUNS` is the preparation, as data. The plugin fills both into the
:class:`droidhub.AppSpec` of each app, where ``droidhub device doctor`` and
``droidhub device setup`` find them, and gives each virtual app model its pinned
versionCode. docs/real-devices.md shows the table (a test keeps the two equal).
"""

from __future__ import annotations

from dataclasses import dataclass

from droidhub import FirstRun

#: Where AndroidWorld downloads every file of :data:`PINNED_APKS` from (``APK_SOURCE + apk``).
APK_SOURCE = "https://storage.googleapis.com/gresearch/android_world/"


@dataclass(frozen=True)
class PinnedApk:
    """One APK AndroidWorld installs.

    ``version_code`` is None where AndroidWorld's file name does not carry it (its own
    apps, Clipper, OsmAnd); ``version_name`` is empty where it is not known here.
    ``used`` says whether droidhub's tasks need the app: AndroidWorld's overlay app and
    its MiniWoB app are not (droidhub's MiniWoB++ suite has its own WebView app,
    ``org.droidhub.miniwob``, built from ``webview_app/``).
    """

    package: str
    apk: str
    version_code: int | None
    version_name: str = ""
    used: bool = True
    note: str = ""


PINNED_APKS: tuple[PinnedApk, ...] = (
    PinnedApk(
        "com.example.androidworld",
        "androidworld.apk",
        None,
        used=False,
        note="AndroidWorld's overlay of the task and reward; droidhub does not use it",
    ),
    PinnedApk("com.dimowner.audiorecorder", "com.dimowner.audiorecorder_926.apk", 926),
    PinnedApk("ca.zgrs.clipper", "clipper.apk", None, note="the clipboard bridge"),
    PinnedApk("com.arduia.expense", "com.arduia.expense_11.apk", 11, "1.0.0-beta05"),
    PinnedApk("net.cozic.joplin", "net.cozic.joplin_2097740.apk", 2097740),
    PinnedApk("net.gsantner.markor", "net.gsantner.markor_146.apk", 146, "2.11.1"),
    PinnedApk(
        "com.google.androidenv.miniwob",
        "miniwobapp.apk",
        None,
        used=False,
        note="AndroidWorld's MiniWoB app; droidhub's suite uses org.droidhub.miniwob",
    ),
    PinnedApk("de.dennisguse.opentracks", "de.dennisguse.opentracks_5705.apk", 5705),
    PinnedApk("net.osmand", "net.osmand-4.6.13.apk", None, "4.6.13"),
    PinnedApk("com.flauschcode.broccoli", "com.flauschcode.broccoli_1020600.apk", 1020600, "1.2.6"),
    PinnedApk("code.name.monkey.retromusic", "code.name.monkey.retromusic_10603.apk", 10603),
    PinnedApk(
        "com.simplemobiletools.calendar.pro",
        "com.simplemobiletools.calendar.pro_238.apk",
        238,
        "6.22.2",
    ),
    PinnedApk("com.simplemobiletools.draw.pro", "com.simplemobiletools.draw.pro_79.apk", 79),
    PinnedApk(
        "com.simplemobiletools.gallery.pro", "com.simplemobiletools.gallery.pro_396.apk", 396
    ),
    PinnedApk(
        "com.simplemobiletools.smsmessenger",
        "com.simplemobiletools.smsmessenger_85.apk",
        85,
        "5.19.3",
    ),
    PinnedApk("org.tasks", "org.tasks_130605.apk", 130605, "13.6.3"),
    PinnedApk(
        "org.videolan.vlc",
        "org.videolan.vlc_13050408.apk",
        13050408,
        note="AndroidWorld falls back to org.videolan.vlc_13050407.apk (Apple silicon hosts)",
    ),
)

_NOTIFY = "android.permission.POST_NOTIFICATIONS"
_COARSE = "android.permission.ACCESS_COARSE_LOCATION"
_FINE = "android.permission.ACCESS_FINE_LOCATION"
_ALL_FILES = "Allow access to manage all files"

#: AndroidWorld's one-time preparation of each app it sets up (system apps included),
#: by package: what adb can do, and the first-run taps it makes, for a person to make.
FIRST_RUNS: dict[str, FirstRun] = {
    "com.android.camera2": FirstRun(permissions=(_COARSE,), launch=True, by_hand="NEXT"),
    "com.android.chrome": FirstRun(
        launch=True, by_hand="Accept & continue, No thanks (sync), No thanks (notifications)"
    ),
    "com.google.android.deskclock": FirstRun(launch=True),
    "com.google.android.contacts": FirstRun(launch=True, by_hand="Skip, Don't allow"),
    "net.gsantner.markor": FirstRun(
        launch=True, by_hand=f"NEXT four times, DONE, OK, {_ALL_FILES}"
    ),
    "com.example.androidworld": FirstRun(app_ops=(("SYSTEM_ALERT_WINDOW", "allow"),), launch=True),
    "ca.zgrs.clipper": FirstRun(launch=True, by_hand="Continue, OK"),
    "com.simplemobiletools.calendar.pro": FirstRun(
        permissions=(
            "android.permission.READ_CALENDAR",
            "android.permission.WRITE_CALENDAR",
            _NOTIFY,
        ),
        launch=True,
    ),
    "org.tasks": FirstRun(launch=True),
    "com.simplemobiletools.gallery.pro": FirstRun(
        permissions=(
            "android.permission.WRITE_EXTERNAL_STORAGE",
            "android.permission.ACCESS_MEDIA_LOCATION",
            "android.permission.READ_MEDIA_IMAGES",
            "android.permission.READ_MEDIA_VIDEO",
            _NOTIFY,
        ),
        launch=True,
        by_hand=f"All files, {_ALL_FILES}",
    ),
    "com.simplemobiletools.smsmessenger": FirstRun(
        settings=(("secure", "sms_default_application", "com.simplemobiletools.smsmessenger"),),
        launch=True,
        by_hand="SMS Messenger, Set as default",
    ),
    "com.dimowner.audiorecorder": FirstRun(
        permissions=("android.permission.RECORD_AUDIO", _NOTIFY), launch=True
    ),
    "com.arduia.expense": FirstRun(launch=True, by_hand="NEXT, CONTINUE"),
    "com.flauschcode.broccoli": FirstRun(launch=True),
    "net.osmand": FirstRun(
        permissions=(_NOTIFY,),
        files=(("Liechtenstein_europe.obf", "/storage/emulated/0/Android/data/net.osmand/files"),),
        launch=True,
        by_hand="SKIP DOWNLOAD",
    ),
    "de.dennisguse.opentracks": FirstRun(
        permissions=(_COARSE, _FINE, _NOTIFY), launch=True, by_hand="Allow (nearby devices)"
    ),
    "org.videolan.vlc": FirstRun(
        permissions=(_NOTIFY,),
        folders=("/storage/emulated/0/VLCVideos",),
        launch=True,
        by_hand=f"Skip, GRANT PERMISSION, OK, {_ALL_FILES}",
    ),
    "net.cozic.joplin": FirstRun(permissions=(_COARSE, _FINE), launch=True),
    "code.name.monkey.retromusic": FirstRun(
        permissions=("android.permission.READ_MEDIA_AUDIO", _NOTIFY), launch=True
    ),
}


def pinned(package: str) -> PinnedApk | None:
    """The pinned APK of ``package``, or None when AndroidWorld installs none for it."""
    return next((entry for entry in PINNED_APKS if entry.package == package), None)


def markdown_table() -> str:
    """:data:`PINNED_APKS` as the Markdown table docs/real-devices.md holds."""
    lines = [
        "| package | APK file (AndroidWorld's name) | version | versionCode | sha256 | "
        "droidhub uses it |",
        "|---|---|---|---|---|---|",
    ]
    for entry in PINNED_APKS:
        code = str(entry.version_code) if entry.version_code is not None else "not in the name"
        used = "yes" if entry.used else f"no: {entry.note}"
        lines.append(
            f"| `{entry.package}` | `{entry.apk}` | {entry.version_name or '?'} | {code} | "
            f"not measured here | {used} |"
        )
    return "\n".join(lines) + "\n"
