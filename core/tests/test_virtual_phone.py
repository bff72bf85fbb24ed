"""The virtual phone's system commands (settings, am, pm, input, screens, dumpsys, getprop,
date, svc), its launcher navigation, app models' routing, and snapshots."""

from __future__ import annotations

import datetime as dt
import io
import sqlite3
from collections.abc import Mapping
from pathlib import Path

import pytest
from listening_app import ListeningApp
from phone_shell import sh
from PIL import Image

from droidhub.android.ui_tree import parse_hierarchy
from droidhub.virtual.app import BroadcastReply, Intent, Screen, VirtualApp
from droidhub.virtual.phone import LAUNCHER_PACKAGE, VirtualPhone
from droidhub.virtual.providers import ContentProvider, SqliteProvider
from droidhub.virtual.screen import Node, hierarchy, launcher_icons
from droidhub.virtual.snapshot import content_uri_paths, snapshot


class NotesApp(ListeningApp):
    """A small app model: a database, a provider, a UI, and a record of what it heard."""

    package = "com.example.notes"
    label = "Notes"
    activity = ".MainActivity"
    version_name = "2.4.1"
    db = "/data/data/com.example.notes/databases/notes.db"

    def __init__(self) -> None:
        super().__init__()
        self.installs = 0

    def install(self, phone: VirtualPhone) -> None:
        self.installs += 1
        path = phone.host_path(self.db)
        path.parent.mkdir(parents=True, exist_ok=True)
        with sqlite3.connect(path) as db:
            db.execute("CREATE TABLE notes (_id INTEGER PRIMARY KEY, title TEXT)")
            db.execute("INSERT INTO notes (title) VALUES ('welcome')")
        db.close()

    def providers(self) -> Mapping[str, ContentProvider]:
        return {
            "com.example.notes": SqliteProvider(
                "com.example.notes", self.db, {"notes": "notes"}, package=self.package
            )
        }

    def on_broadcast(self, phone: VirtualPhone, intent: Intent) -> BroadcastReply | None:
        if intent.action == "com.example.notes.COUNT":
            return BroadcastReply(code=-1, data="1 note", extras={"count": 1, "ok": True})
        return None

    def screen(self, phone: VirtualPhone) -> Screen | None:
        button = Node(
            "android.widget.Button",
            self.package,
            (100, 500, 980, 650),
            text="Add note",
            clickable=True,
        )
        return Screen(hierarchy(Node(package=self.package, children=[button])))

    def on_text(self, phone: VirtualPhone, text: str) -> None:
        self.events.append(("text", text))

    def close(self) -> None:
        self.events.append(("close", None))


@pytest.fixture
def notes() -> NotesApp:
    return NotesApp()


@pytest.fixture
def phone(tmp_path: Path, notes: NotesApp) -> VirtualPhone:
    return VirtualPhone("virtual-0", tmp_path / "phone", [notes])


# --- settings, svc ---------------------------------------------------------------------
def test_settings_commands(phone: VirtualPhone) -> None:
    assert sh(phone, "settings get global wifi_on") == ("1\n", "", 0)
    assert sh(phone, "settings get system screen_brightness") == ("102\n", "", 0)
    assert sh(phone, "settings get secure nothing_here") == ("null\n", "", 0)
    assert sh(phone, "settings put system screen_brightness 255") == ("", "", 0)
    assert phone.settings.get("system", "screen_brightness") == "255"
    assert sh(phone, "settings delete system screen_brightness") == ("Deleted 1 rows\n", "", 0)
    assert sh(phone, "settings delete system screen_brightness")[0] == "Deleted 0 rows\n"
    assert "wifi_on=1\n" in sh(phone, "settings list global")[0]
    _out, err, code = sh(phone, "settings get bogus x")
    assert code == 255 and "Invalid namespace 'bogus'" in err


def test_svc_flips_the_global_settings(phone: VirtualPhone) -> None:
    assert sh(phone, "svc wifi disable") == ("", "", 0)
    assert phone.settings.get("global", "wifi_on") == "0"
    sh(phone, "svc bluetooth enable")
    assert phone.settings.get("global", "bluetooth_on") == "1"
    sh(phone, "cmd wifi set-wifi-enabled enabled")
    assert phone.settings.get("global", "wifi_on") == "1"


# --- clock -----------------------------------------------------------------------------
def test_clock_starts_at_the_benchmark_date(phone: VirtualPhone) -> None:
    now = phone.now()
    assert now.tzinfo is not None
    assert (
        dt.datetime(2023, 10, 15, 15, 34, tzinfo=dt.UTC)
        <= now
        < dt.datetime(2023, 10, 15, 15, 35, tzinfo=dt.UTC)
    )
    out, _, _ = sh(phone, "date")
    assert out.startswith("Sun Oct 15 15:34:") and out.endswith(" UTC 2023\n")
    assert abs(int(sh(phone, "date +%s")[0]) - 1697384040) <= 2


def test_date_sets_the_clock_as_androidworld_does(phone: VirtualPhone) -> None:
    # AndroidWorld: `date MMDDhhmmYY.ss`
    out, _, code = sh(phone, "date 1020093023.05")
    assert code == 0 and out == "Fri Oct 20 09:30:05 UTC 2023\n"
    assert phone.now().replace(microsecond=0) in (
        dt.datetime(2023, 10, 20, 9, 30, 5, tzinfo=dt.UTC),
        dt.datetime(2023, 10, 20, 9, 30, 6, tzinfo=dt.UTC),
    )
    sh(phone, "date @1700000000")
    assert int(phone.now().timestamp()) in (1700000000, 1700000001)
    sh(phone, "date -s '2023-11-05 08:00:00'")
    assert sh(phone, "date +%Y-%m-%dT%H:%M")[0] == "2023-11-05T08:00\n"
    assert sh(phone, "date 'Oct 5'") == ("", "date: bad date 'Oct 5'\n", 1)
    assert sh(phone, "date -d @0 +%Y")[0] == "1970\n"
    phone.set_time(dt.datetime(2023, 10, 5, 7, 8, 9))
    assert sh(phone, "date")[0] == "Thu Oct  5 07:08:09 UTC 2023\n"


# --- getprop, wm, dumpsys --------------------------------------------------------------
@pytest.mark.parametrize(
    ("line", "output"),
    [
        ("getprop ro.build.version.sdk", "33\n"),
        ("getprop ro.build.version.release", "13\n"),
        ("getprop ro.product.model", "Pixel 6\n"),
        ("getprop sys.boot_completed", "1\n"),
        ("getprop no.such.prop", "\n"),
        ("wm size", "Physical size: 1080x2400\n"),
        ("wm density", "Physical density: 420\n"),
    ],
)
def test_properties_and_display(phone: VirtualPhone, line: str, output: str) -> None:
    assert sh(phone, line)[0] == output


def test_property_list_and_display_dump(phone: VirtualPhone) -> None:
    assert "[ro.product.model]: [Pixel 6]\n" in sh(phone, "getprop")[0]
    assert "orientation=0" in sh(phone, "dumpsys display")[0]


def test_dumpsys_window_names_the_focus(phone: VirtualPhone) -> None:
    out = sh(phone, "dumpsys window windows")[0]
    assert (
        "  mCurrentFocus=Window{" in out
        and " u0 com.google.android.apps.nexuslauncher/"
        "com.google.android.apps.nexuslauncher.NexusLauncherActivity}"
        in out
    )
    sh(phone, "am start -n com.example.notes/.MainActivity")
    out = sh(phone, "dumpsys window")[0]
    assert "u0 com.example.notes/com.example.notes.MainActivity}" in out
    assert "mFocusedApp=ActivityRecord{" in out and " u0 com.example.notes/.MainActivity t" in out
    assert "mResumedActivity: ActivityRecord{" in sh(phone, "dumpsys activity activities")[0]


def test_dumpsys_package_reports_the_version(phone: VirtualPhone) -> None:
    out = sh(phone, "dumpsys package com.example.notes")[0]
    assert "Package [com.example.notes]" in out and "    versionName=2.4.1\n" in out


# --- packages --------------------------------------------------------------------------
def test_pm_list_path_grant(phone: VirtualPhone) -> None:
    listed = sh(phone, "pm list packages")[0].splitlines()
    assert "package:com.example.notes" in listed and "package:com.android.settings" in listed
    assert sh(phone, "pm list packages -3")[0] == "package:com.example.notes\n"
    assert sh(phone, "pm list packages notes")[0] == "package:com.example.notes\n"
    assert sh(phone, "pm path com.example.notes")[0].startswith("package:/data/app/~~")
    assert sh(phone, "pm path com.nope") == ("", "", 1)
    assert sh(phone, "pm grant com.example.notes android.permission.READ_CONTACTS") == ("", "", 0)
    assert (
        "android.permission.READ_CONTACTS: granted=true"
        in sh(phone, "dumpsys package com.example.notes")[0]
    )
    assert sh(phone, "pm grant com.nope android.permission.X")[2] == 255


def test_pm_clear_wipes_and_reinstalls(phone: VirtualPhone, notes: NotesApp) -> None:
    sh(phone, "content insert --uri content://com.example.notes/notes --bind title:s:extra")
    sh(phone, "echo junk > /data/data/com.example.notes/files.txt")
    assert sh(phone, "pm clear com.example.notes") == ("Success\n", "", 0)
    assert notes.installs == 2
    assert sh(phone, "test -e /data/data/com.example.notes/files.txt")[2] == 1
    rows = sh(phone, "content query --uri content://com.example.notes/notes")[0]
    assert rows == "Row: 0 _id=1, title=welcome\n"
    assert sh(phone, "pm clear com.nope") == ("Failed\n", "", 1)


def test_pm_clear_of_a_system_provider_empties_its_database(phone: VirtualPhone) -> None:
    sh(phone, "content insert --uri content://sms/inbox --bind address:s:123 --bind body:s:hi")
    assert sh(phone, "pm clear com.android.providers.telephony")[0] == "Success\n"
    assert sh(phone, "content query --uri content://sms")[0] == "No result found.\n"


# --- activities and the launcher -------------------------------------------------------
def test_am_start_output_and_focus(phone: VirtualPhone, notes: NotesApp) -> None:
    out, err, code = sh(
        phone,
        "am start -W -n com.example.notes/.MainActivity --es note 'hi there' --ei n 3 --ez flag "
        "true",
    )
    assert code == 0 and err == ""
    lines = out.splitlines()
    assert lines[0] == "Starting: Intent { cmp=com.example.notes/.MainActivity (has extras) }"
    assert lines[1:3] == ["Status: ok", "LaunchState: COLD"]
    assert lines[3] == "Activity: com.example.notes/.MainActivity" and lines[-1] == "Complete"
    assert phone.foreground_package == "com.example.notes"
    assert phone.foreground_activity == "com.example.notes.MainActivity"
    kind, intent = notes.events[-1]
    assert kind == "start" and isinstance(intent, Intent)
    assert dict(intent.extras) == {"note": "hi there", "n": 3, "flag": True}
    assert (
        "intent has been delivered" in sh(phone, "am start -n com.example.notes/.MainActivity")[0]
    )


def test_am_start_errors(phone: VirtualPhone) -> None:
    out, err, code = sh(phone, "am start -n com.nope/.Main")
    assert code == 1 and out == "Starting: Intent { cmp=com.nope/.Main }\n"
    assert err == "Error type 3\nError: Activity class {com.nope/com.nope.Main} does not exist.\n"
    out, err, code = sh(phone, "am start -a com.example.NOTHING")
    assert code == 1 and err.startswith(
        "Error: Activity not started, unable to resolve Intent { act=com.example.NOTHING"
    )


def test_am_force_stop(phone: VirtualPhone, notes: NotesApp) -> None:
    sh(phone, "am start -n com.example.notes/.MainActivity")
    assert sh(phone, "am force-stop com.example.notes") == ("", "", 0)
    assert phone.foreground_package == LAUNCHER_PACKAGE
    assert notes.events[-1] == ("stop", None)


def test_am_broadcast_ordered_result(phone: VirtualPhone) -> None:
    out, _, code = sh(
        phone, "am broadcast -a com.example.notes.COUNT -n com.example.notes/.Receiver"
    )
    assert code == 0
    assert out == (
        "Broadcasting: Intent { act=com.example.notes.COUNT flg=0x400000 "
        "cmp=com.example.notes/.Receiver }\n"
        'Broadcast completed: result=-1, data="1 note", extras: Bundle[{count=1, ok=true}]\n'
    )
    # Components print in their short form, as ComponentName.flattenToShortString does.
    out = sh(phone, "am broadcast -n com.example.notes/com.example.notes.Receiver")[0]
    assert out.startswith("Broadcasting: Intent { flg=0x400000 cmp=com.example.notes/.Receiver }")
    out = sh(phone, "am broadcast -a com.example.notes.COUNT")[0]
    assert out.endswith('result=-1, data="1 note", extras: Bundle[{count=1, ok=true}]\n')
    out = sh(phone, "am broadcast -a android.intent.action.UNHEARD --es k v")[0]
    assert out == (
        "Broadcasting: Intent { act=android.intent.action.UNHEARD flg=0x400000 (has extras) }\n"
        "Broadcast completed: result=0\n"
    )


def test_launcher_lists_apps_and_a_tap_launches(phone: VirtualPhone) -> None:
    assert phone.foreground_package == LAUNCHER_PACKAGE
    sh(phone, "uiautomator dump")
    xml = phone.host_path("/sdcard/window_dump.xml").read_text()
    elements = parse_hierarchy(xml)
    notes_icon = next(e for e in elements if e.text == "Notes")
    assert notes_icon.clickable and notes_icon.package == LAUNCHER_PACKAGE
    assert any(e.text == "Settings" for e in elements)
    x, y = notes_icon.bounds.center if notes_icon.bounds else (0, 0)
    assert sh(phone, f"input tap {x} {y}")[2] == 0
    assert phone.foreground_package == "com.example.notes"


def test_home_and_back_navigation(phone: VirtualPhone, notes: NotesApp) -> None:
    sh(phone, "am start -n com.example.notes/.MainActivity")
    sh(phone, "am start -n com.android.settings/.Settings")
    assert phone.foreground_package == "com.android.settings"
    sh(phone, "input keyevent KEYCODE_BACK")
    assert phone.foreground_package == "com.example.notes"
    sh(phone, "input keyevent 4")
    assert phone.foreground_package == LAUNCHER_PACKAGE
    sh(phone, "input keyevent 4")
    assert phone.foreground_package == LAUNCHER_PACKAGE
    sh(phone, "monkey -p com.example.notes -c android.intent.category.LAUNCHER 1")
    assert phone.foreground_package == "com.example.notes"
    sh(phone, "input keyevent KEYCODE_HOME")
    assert phone.foreground_package == LAUNCHER_PACKAGE
    assert sh(phone, "input keyevent NOT_A_KEY!")[2] == 1


def test_input_reaches_the_foreground_model(phone: VirtualPhone, notes: NotesApp) -> None:
    sh(phone, "input text ignored-on-home")
    sh(phone, "am start -n com.example.notes/.MainActivity")
    sh(phone, "input tap 540 575")
    sh(phone, "input swipe 100 2000 100 500 250")
    sh(phone, "input text 'Hello%sworld'")
    sh(phone, "input keyevent KEYCODE_ENTER")
    heard = [e for e in notes.events if e[0] in ("tap", "swipe", "text", "key")]
    assert heard == [
        ("tap", (540, 575)),
        ("swipe", (100, 2000, 100, 500, 250)),
        ("text", "Hello world"),
        ("key", "KEYCODE_ENTER"),
    ]


# --- screens ---------------------------------------------------------------------------
def test_screencap_is_a_phone_sized_png(phone: VirtualPhone) -> None:
    png = phone.shell("screencap -p").stdout
    image = Image.open(io.BytesIO(png))
    assert image.format == "PNG" and image.size == (1080, 2400)
    sh(phone, "screencap -p /sdcard/shot.png")
    assert phone.host_path("/sdcard/shot.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_uiautomator_dump_format(phone: VirtualPhone) -> None:
    assert sh(phone, "uiautomator dump") == (
        "UI hierchary dumped to: /sdcard/window_dump.xml\n",
        "",
        0,
    )
    assert (
        sh(phone, "uiautomator dump /data/local/tmp/d.xml")[0]
        == "UI hierchary dumped to: /data/local/tmp/d.xml\n"
    )
    xml = phone.host_path("/data/local/tmp/d.xml").read_text()
    assert xml.startswith(
        "<?xml version='1.0' encoding='UTF-8' standalone='yes' ?><hierarchy "
        'rotation="0"><node index="0" text="" resource-id="" class="android.widget.FrameLayout"'
    )
    sh(phone, "am start -n com.example.notes/.MainActivity")
    sh(phone, "uiautomator dump")
    elements = parse_hierarchy(phone.host_path("/sdcard/window_dump.xml").read_text())
    assert [e.text for e in elements if e.clickable] == ["Add note"]


def test_plain_app_screen_shows_its_label(phone: VirtualPhone) -> None:
    sh(phone, "am start -n com.android.settings/.Settings")
    sh(phone, "uiautomator dump")
    texts = [
        e.text for e in parse_hierarchy(phone.host_path("/sdcard/window_dump.xml").read_text())
    ]
    assert "Settings" in texts


def test_node_text_is_escaped(phone: VirtualPhone) -> None:
    xml = hierarchy(Node(text='<a & "b">\n', package="p"))
    assert parse_hierarchy(xml)[0].text == '<a & "b">\n'


def test_launcher_grid_fits_many_apps() -> None:
    icons = launcher_icons([(f"App {i}", f"pkg{i}") for i in range(40)])
    assert all(0 <= i.bounds[1] < i.bounds[3] <= 2400 - 63 for i in icons)
    assert len({i.bounds for i in icons}) == 40


# --- snapshot --------------------------------------------------------------------------
def test_snapshot_names_settings_files_and_packages(phone: VirtualPhone) -> None:
    before = snapshot(phone)
    assert before["setting:global/wifi_on"] == "1"
    assert before["package:com.example.notes"] == "installed"
    assert "file:/data/data/com.example.notes/databases/notes.db" in before
    sh(
        phone,
        "uiautomator dump; uiautomator dump /sdcard/Download/ui.xml; screencap -p "
        "/data/local/tmp/s.png; am start -n com.example.notes/.MainActivity",
    )
    assert snapshot(phone) == before
    sh(phone, "echo x > /sdcard/Download/new.txt; settings put global wifi_on 0")
    after = snapshot(phone)
    changed = sorted(k for k in before.keys() | after.keys() if before.get(k) != after.get(k))
    assert changed == ["file:/storage/emulated/0/Download/new.txt", "setting:global/wifi_on"]


def test_snapshot_compares_databases_by_content(phone: VirtualPhone) -> None:
    key = "file:/data/data/com.android.providers.telephony/databases/mmssms.db"
    before = snapshot(phone)[key]
    sh(phone, "content insert --uri content://sms/inbox --bind address:s:1 --bind body:s:x")
    assert snapshot(phone)[key] != before
    sh(phone, "content delete --uri content://sms")
    sh(phone, "content insert --uri content://sms/inbox --bind address:s:1 --bind body:s:x")
    once = snapshot(phone)[key]
    path = phone.host_path(key.removeprefix("file:"))
    with sqlite3.connect(path) as db:
        db.execute("VACUUM")
    db.close()
    assert snapshot(phone)[key] == once


def test_content_uri_paths(phone: VirtualPhone) -> None:
    assert content_uri_paths(phone, "content://sms/inbox") == [
        "/data/data/com.android.providers.telephony/databases/mmssms.db"
    ]
    assert content_uri_paths(phone, "content://com.android.contacts/raw_contacts") == [
        "/data/data/com.android.providers.contacts/databases/contacts2.db"
    ]
    assert content_uri_paths(phone, "content://com.example.notes/notes") == [NotesApp.db]
    assert content_uri_paths(phone, "content://nobody/x") == []


def test_close_closes_the_models(phone: VirtualPhone, notes: NotesApp) -> None:
    phone.close()
    assert notes.events[-1] == ("close", None)


def test_shell_is_thread_safe(phone: VirtualPhone) -> None:
    import threading

    def work(i: int) -> None:
        for j in range(10):
            phone.shell(f"echo {i}-{j} >> /sdcard/log.txt")

    threads = [threading.Thread(target=work, args=(i,)) for i in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert len(phone.host_path("/sdcard/log.txt").read_text().splitlines()) == 40


class BrokenApp(VirtualApp):
    """A model with a bug in its screen."""

    package = "com.example.broken"
    label = "Broken"

    def screen(self, phone: VirtualPhone) -> Screen | None:
        raise RuntimeError("model bug")


def test_a_model_bug_is_reported_not_fatal(tmp_path: Path) -> None:
    phone = VirtualPhone("virtual-1", tmp_path / "p", [BrokenApp()])
    sh(phone, "am start -n com.example.broken/.MainActivity")
    out, err, code = sh(phone, "uiautomator dump")
    assert code == 1 and out == ""
    assert "uiautomator: internal error" in err and "Traceback" not in err
    assert sh(phone, "echo still here")[0] == "still here\n"


def test_a_model_screen_png_is_passed_through(tmp_path: Path) -> None:
    class Pixels(VirtualApp):
        package = "com.example.pixels"
        label = "Pixels"

        def screen(self, phone: VirtualPhone) -> Screen | None:
            return Screen(hierarchy(Node(package=self.package)), png=b"\x89PNG-model")

    phone = VirtualPhone("virtual-2", tmp_path / "p", [Pixels()])
    sh(phone, "am start -n com.example.pixels/.MainActivity")
    assert phone.shell("screencap -p").stdout == b"\x89PNG-model"


def test_sleep_does_not_block_other_callers(phone: VirtualPhone) -> None:
    import threading
    import time

    sleeper = threading.Thread(target=phone.shell, args=("sleep 2",))
    sleeper.start()
    time.sleep(0.1)
    assert phone.shell("echo quick").stdout == b"quick\n"
    # The echo answered while the sleep still ran: it did not wait its turn.
    assert sleeper.is_alive()
    sleeper.join()


@pytest.mark.parametrize("name", ["phone.py", "screen.py", "commands/display.py"])
def test_the_virtual_phone_spells_no_phone_fact(name: str) -> None:
    # Screen size, density and storage paths are droidhub.android.phone's; a copy would drift.
    import ast

    import droidhub.virtual

    source = Path(droidhub.virtual.__file__).parent / name
    facts = {1080, 2400, 420, "/sdcard", "/storage/emulated/0", "/mnt/sdcard"}
    found = [
        node.value
        for node in ast.walk(ast.parse(source.read_text(encoding="utf-8")))
        if isinstance(node, ast.Constant)
        and not isinstance(node.value, bool)
        and node.value in facts
    ]
    assert found == []


def test_the_phone_reports_the_pixel_6_geometry(phone: VirtualPhone) -> None:
    from droidhub.android.phone import PIXEL_6

    width, height = PIXEL_6.size
    assert sh(phone, "wm size")[0] == f"Physical size: {width}x{height}\n"
    assert sh(phone, "wm density")[0] == f"Physical density: {PIXEL_6.density}\n"
    assert sh(phone, "getprop ro.sf.lcd_density")[0] == f"{PIXEL_6.density}\n"
    png = phone.shell("screencap -p").stdout
    assert Image.open(io.BytesIO(png)).size == PIXEL_6.size
