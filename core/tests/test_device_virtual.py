"""Every Device method end to end: adb protocol to a virtual phone, real commands, real
files and SQLite databases. The phones host one small app model (a notepad) that shows
what it was sent, so typed text and intents are checked through the screen and the
model's own record."""

from __future__ import annotations

import datetime as dt
import os
import sqlite3
from collections.abc import Iterator, Mapping
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import adbutils
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from listening_app import ListeningApp

from droidhub.device.client import BroadcastResult, Device, DeviceError, ShellResult
from droidhub.virtual.app import BroadcastReply, Intent, Screen
from droidhub.virtual.phone import LAUNCHER_ACTIVITY, LAUNCHER_PACKAGE, VirtualPhone
from droidhub.virtual.screen import Node, hierarchy
from droidhub.virtual.server import VirtualDeviceServer

PAD = "com.example.pad"
PAD_ACTIVITY = f"{PAD}/{PAD}.MainActivity"
PAD_DB = f"/data/data/{PAD}/databases/notes.db"
LAUNCHER = f"{LAUNCHER_PACKAGE}/{LAUNCHER_ACTIVITY}"


class Notepad(ListeningApp):
    """One text field that shows what was typed, and a record of everything it heard."""

    package = PAD
    label = "Notepad"
    activity = ".MainActivity"

    def __init__(self) -> None:
        super().__init__()
        self.text = ""

    def install(self, phone: VirtualPhone) -> None:
        folder = phone.host_path(f"/data/data/{PAD}/files")
        folder.mkdir(parents=True, exist_ok=True)
        (folder / "draft.txt").write_text("draft", encoding="utf-8")

    def on_broadcast(self, phone: VirtualPhone, intent: Intent) -> BroadcastReply | None:
        self.events.append(("broadcast", intent))
        if intent.action == f"{PAD}.GET_TEXT":
            return BroadcastReply(code=-1, data=self.text, extras={"length": len(self.text)})
        return None

    def screen(self, phone: VirtualPhone) -> Screen | None:
        field = Node(
            "android.widget.EditText",
            PAD,
            (40, 300, 1040, 500),
            text=self.text,
            resource_id=f"{PAD}:id/editor",
            focusable=True,
            focused=True,
        )
        return Screen(hierarchy(Node(package=PAD, children=[field])))

    def on_text(self, phone: VirtualPhone, text: str) -> None:
        self.text += text

    def on_key(self, phone: VirtualPhone, keycode: str) -> None:
        super().on_key(phone, keycode)
        if keycode == "KEYCODE_ENTER":
            self.text += "\n"


@pytest.fixture(scope="module")
def server() -> Iterator[VirtualDeviceServer]:
    with VirtualDeviceServer(devices=0, apps=lambda: [Notepad()]) as running:
        yield running


@pytest.fixture
def device(server: VirtualDeviceServer) -> Iterator[Device]:
    """A Device on a fresh phone (removed after the test)."""
    serial = server.add_phone()
    try:
        yield Device(serial, port=server.port)
    finally:
        server.remove_phone(serial)


@pytest.fixture
def pad(server: VirtualDeviceServer, device: Device) -> Notepad:
    app = server.phone(device.serial).app(PAD)
    assert isinstance(app, Notepad)
    return app


def editor_text(device: Device) -> str:
    """The notepad's text as the screen shows it (``uiautomator dump``)."""
    (editor,) = [e for e in device.ui_elements() if e.resource_id == f"{PAD}:id/editor"]
    return editor.text


# --- connecting ------------------------------------------------------------------------
def test_serial_none_picks_the_only_phone_and_names_them_when_several(
    server: VirtualDeviceServer, device: Device
) -> None:
    assert Device(port=server.port).serial == device.serial
    other = server.add_phone()
    try:
        with pytest.raises(DeviceError, match=f"2 phones are ready.*{other}"):
            Device(port=server.port)
        with pytest.raises(DeviceError, match=r"no phone 'virtual-999' is ready.*attached: "):
            Device("virtual-999", port=server.port)
    finally:
        server.remove_phone(other)


def test_a_removed_phone_gives_a_clear_error(server: VirtualDeviceServer) -> None:
    serial = server.add_phone()
    device = Device(serial, port=server.port)
    server.remove_phone(serial)
    with pytest.raises(DeviceError, match=f"phone {serial}.*refused"):
        device.shell("echo hi")


# --- shell -----------------------------------------------------------------------------
def test_run_gives_exact_output_and_exit_codes(device: Device) -> None:
    assert device.run("echo hi") == ShellResult("hi\n", 0)
    assert device.run(["printf", "%s", "no newline"]).output == "no newline"
    assert device.run(["printf", "two\\n\\n"]).output == "two\n\n"
    missing = device.run(["ls", "/no/such/dir"])
    assert missing.exit_code == 1 and "No such file or directory" in missing.output
    unknown = device.run("frobnicate --now")
    assert unknown.exit_code == 127
    assert "frobnicate: inaccessible or not found" in unknown.output


def test_shell_raises_naming_the_command_and_its_output(device: Device) -> None:
    with pytest.raises(DeviceError) as info:
        device.shell(["ls", "/no/such dir"])
    message = str(info.value)
    assert "ls '/no/such dir'" in message and "exit 1" in message
    assert "No such file or directory" in message


def test_exec_out_is_binary_exact(device: Device) -> None:
    data = bytes(range(256)) * 64 + b"\r\n\n\r" + os.urandom(4096)
    device.push(data, "/sdcard/Download/all-bytes.bin")
    assert device.exec_out(["cat", "/sdcard/Download/all-bytes.bin"]) == data


def test_one_device_shared_by_threads(device: Device) -> None:
    def worker(n: int) -> list[str]:
        return [device.shell(["echo", f"{n}-{i}"]) for i in range(40)]

    with ThreadPoolExecutor(8) as pool:
        results = list(pool.map(worker, range(8)))
    assert results == [[f"{n}-{i}\n" for i in range(40)] for n in range(8)]


def test_a_command_that_outlives_its_timeout(device: Device) -> None:
    with pytest.raises(DeviceError, match=r"`sleep 1` on virtual-\d+: no answer within 0.2 s"):
        device.run("sleep 1", timeout=0.2)
    assert device.shell("echo still fine") == "still fine\n"


def test_plain_shell_without_v2_gives_the_same_results(device: Device) -> None:
    assert "shell_v2" in device.features
    commands: list[str | list[str]] = [
        "echo hi",
        ["printf", "%s", "no newline"],
        ["printf", "a\\nb\\n\\n"],
        ["ls", "/no/such/dir"],
        "frobnicate",
        "echo x-droidhub-exit:7",  # the marker itself in the output
        "ls /sdcard;",
    ]
    expected = [device.run(c) for c in commands]
    device.features = frozenset(device.features - {"shell_v2"})  # as an old adbd
    assert [device.run(c) for c in commands] == expected


TEXT = st.text(alphabet=st.characters(codec="utf-8", exclude_characters="\0"), max_size=40)


@settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(value=TEXT | st.sampled_from(["'", "'\\''", "$(id)", "`id`", "a\nb", "; ls", "-n"]))
def test_any_argument_arrives_exactly(device: Device, value: str) -> None:
    assert device.shell(["printf", "%s", value]) == value


INJECTIONS = [
    "; rm -rf /sdcard",
    "&& rm -rf /sdcard",
    "| rm -rf /sdcard",
    "$(rm -rf /sdcard)",
    "`rm -rf /sdcard`",
    "'; rm -rf /sdcard; '",
    "\nrm -rf /sdcard\n",
    "x' ; rm -rf /sdcard ; echo '",
]


@pytest.mark.parametrize("attack", INJECTIONS)
def test_agent_text_cannot_run_commands(device: Device, attack: str) -> None:
    device.write_text("/sdcard/Download/keep.txt", "keep")
    assert device.shell(["printf", "%s", attack]) == attack
    device.put_setting("secure", "note", attack)
    assert device.get_setting("secure", "note") == attack
    assert device.read_text("/sdcard/Download/keep.txt") == "keep"


# --- files -----------------------------------------------------------------------------
def test_push_pull_round_trip_binary(device: Device, tmp_path: Path) -> None:
    data = os.urandom(1_000_003)
    device.push(data, "/sdcard/Download/blob.bin")
    assert device.pull("/sdcard/Download/blob.bin") == data
    local = tmp_path / "local.bin"
    local.write_bytes(data[:1000])
    device.push(local, "/sdcard/Download/new/folder/local.bin")  # parents made
    assert device.pull("/sdcard/Download/new/folder/local.bin") == data[:1000]


def test_files_written_and_folders_made_are_dated_by_the_phones_clock(device: Device) -> None:
    """As when the phone writes them (AndroidWorld's set-ups: ``mkdir -p``, then
    ``echo > file``): text written and folders made carry the phone's time, not the
    host's; a pushed local file keeps the time the push sends."""
    device.set_time(dt.datetime(2023, 10, 15, 15, 34))
    device.mkdir("/sdcard/Dated/a/b")
    device.write_text("/sdcard/Dated/a/b/note.txt", "hello")
    phone_now = int(device.shell(["date", "+%s"]))
    for path in ("/sdcard/Dated", "/sdcard/Dated/a/b", "/sdcard/Dated/a/b/note.txt"):
        assert abs(int(device.shell(["stat", "-c", "%Y", path])) - phone_now) < 600, path


def test_push_that_the_phone_refuses(device: Device) -> None:
    device.write_text("/sdcard/Download/plain.txt", "x")
    with pytest.raises(DeviceError, match=r"push to /sdcard/Download/plain\.txt/child .*failed"):
        device.push(b"data", "/sdcard/Download/plain.txt/child")
    assert device.read_text("/sdcard/Download/plain.txt") == "x"


def test_pull_of_a_missing_file(device: Device) -> None:
    with pytest.raises(DeviceError, match=r"cannot read /sdcard/nope.txt .*No such file"):
        device.pull("/sdcard/nope.txt")


def test_file_helpers_with_awkward_names(device: Device) -> None:
    folder = "/sdcard/Documents/it's a $(test) `dir`"
    assert not device.exists(folder)
    device.mkdir(folder + "/sub")
    assert device.exists(folder) and device.exists(folder + "/sub")
    name = "naïve ; rm -rf * & 😀.txt"
    device.write_text(f"{folder}/{name}", "line 1\nlíne 2\n")
    assert device.read_text(f"{folder}/{name}") == "line 1\nlíne 2\n"
    assert device.listdir(folder) == sorted(["sub", name])
    device.remove(folder)
    assert not device.exists(folder)
    device.remove(folder)  # absent: no error
    assert device.exists("/sdcard/Download")


def test_listdir_errors(device: Device) -> None:
    with pytest.raises(DeviceError, match="no such folder"):
        device.listdir("/sdcard/none")
    device.write_text("/sdcard/file.txt", "x")
    with pytest.raises(DeviceError, match="not a folder"):
        device.listdir("/sdcard/file.txt")


# --- SQLite ----------------------------------------------------------------------------
def make_wal_database(folder: Path) -> tuple[Path, Path]:
    """A WAL database whose last rows live only in its -wal file (as a running app's)."""
    path = folder / "notes.db"
    conn = sqlite3.connect(path)
    conn.execute("PRAGMA journal_mode=WAL")
    conn.execute("PRAGMA wal_autocheckpoint=0")
    conn.execute("CREATE TABLE notes (_id INTEGER PRIMARY KEY, title TEXT, body TEXT)")
    conn.execute("INSERT INTO notes (title, body) VALUES ('first', 'in the main file')")
    conn.commit()
    conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    conn.execute("INSERT INTO notes (title, body) VALUES ('second', 'only in the wal, yes')")
    conn.commit()
    # Copy while the connection is open: closing would fold the -wal into the file.
    copy = folder / "copy"
    copy.mkdir()
    (copy / "notes.db").write_bytes(path.read_bytes())
    (copy / "notes.db-wal").write_bytes((folder / "notes.db-wal").read_bytes())
    conn.close()
    return copy / "notes.db", copy / "notes.db-wal"


def test_query_db_sees_rows_still_in_the_wal(device: Device, tmp_path: Path) -> None:
    db, wal = make_wal_database(tmp_path)
    assert wal.stat().st_size > 0
    device.push(db, PAD_DB)
    device.push(wal, PAD_DB + "-wal")
    rows = device.query_db(PAD_DB, "SELECT title, body FROM notes ORDER BY _id")
    assert rows == [
        {"title": "first", "body": "in the main file"},
        {"title": "second", "body": "only in the wal, yes"},
    ]
    assert device.query_db(PAD_DB, "SELECT count(*) AS n FROM notes WHERE title = ?", ["x"]) == [
        {"n": 0}
    ]


def test_query_db_errors(device: Device) -> None:
    with pytest.raises(DeviceError, match=r"no database at /data/data/none\.db"):
        device.query_db("/data/data/none.db", "SELECT 1")
    device.push(b"", "/sdcard/empty.db")
    with pytest.raises(DeviceError, match="no such table"):
        device.query_db("/sdcard/empty.db", "SELECT * FROM missing")


def test_write_db_stops_the_app_and_replaces_the_stale_log(
    device: Device, pad: Notepad, tmp_path: Path
) -> None:
    db, wal = make_wal_database(tmp_path)
    device.push(db, PAD_DB)
    device.push(wal, PAD_DB + "-wal")
    device.push(b"stale", PAD_DB + "-shm")
    device.shell(["chmod", "660", PAD_DB])
    owner = device.shell(["stat", "-c", "%u:%g:%a", PAD_DB])
    device.start_activity(PAD_ACTIVITY)

    def add_third(conn: sqlite3.Connection) -> None:
        conn.execute("INSERT INTO notes (title, body) VALUES ('third', 'by write_db')")

    device.write_db(PAD_DB, PAD, add_third)
    assert ("stop", None) in pad.events
    assert device.foreground_activity() != PAD_ACTIVITY
    assert not device.exists(PAD_DB + "-wal") and not device.exists(PAD_DB + "-shm")
    assert device.shell(["stat", "-c", "%u:%g:%a", PAD_DB]) == owner
    titles = [r["title"] for r in device.query_db(PAD_DB, "SELECT title FROM notes ORDER BY _id")]
    assert titles == ["first", "second", "third"]
    # The pushed file alone is a complete, consistent database.
    local = tmp_path / "pulled.db"
    local.write_bytes(device.pull(PAD_DB))
    with sqlite3.connect(local) as conn:
        assert conn.execute("PRAGMA integrity_check").fetchone() == ("ok",)
        assert conn.execute("SELECT count(*) FROM notes").fetchone() == (3,)
    conn.close()


def test_write_db_that_fails_leaves_the_database_alone(device: Device, tmp_path: Path) -> None:
    db, wal = make_wal_database(tmp_path)
    device.push(db, PAD_DB)
    device.push(wal, PAD_DB + "-wal")
    before = device.pull(PAD_DB)

    def broken(conn: sqlite3.Connection) -> None:
        conn.execute("INSERT INTO no_such_table VALUES (1)")

    with pytest.raises(sqlite3.OperationalError):
        device.write_db(PAD_DB, PAD, broken)
    assert device.pull(PAD_DB) == before
    assert device.exists(PAD_DB + "-wal")


# --- settings --------------------------------------------------------------------------
def test_settings_round_trip(device: Device) -> None:
    assert device.get_setting("global", "wifi_on") == "1"
    assert device.get_setting("secure", "no_such_key") is None
    device.put_setting("system", "screen_brightness", "255")
    assert device.get_setting("system", "screen_brightness") == "255"
    device.put_setting("secure", "odd value", "two words, 'quoted'\nand a line")
    assert device.get_setting("secure", "odd value") == "two words, 'quoted'\nand a line"
    device.delete_setting("secure", "odd value")
    assert device.get_setting("secure", "odd value") is None
    with pytest.raises(DeviceError, match="Invalid namespace"):
        device.get_setting("bogus", "x")


# --- content providers -----------------------------------------------------------------
def test_content_insert_query_update_delete(device: Device) -> None:
    sms = "content://sms"
    assert device.content_query(sms) == []
    device.content_insert(
        sms,
        {"address": "+15551234567", "body": "Meet at 5, bring snacks, ok=yes", "type": 1},
    )
    device.content_insert(sms, {"address": "+15550000000", "body": "", "type": 2, "read": True})
    projection = ["_id", "address", "body", "read", "subject"]
    rows = device.content_query(sms, projection, sort="_id ASC")
    assert [r["body"] for r in rows] == ["Meet at 5, bring snacks, ok=yes", ""]
    assert rows[0]["subject"] is None and rows[1]["read"] == "1"
    device.content_update(sms, {"read": True, "body": "it's done"}, where="type=1")
    (first,) = device.content_query(sms, ["body", "read"], where="type=1")
    assert first == {"body": "it's done", "read": "1"}
    everything = device.content_query(sms, where="address='+15551234567'")
    assert everything[0]["address"] == "+15551234567" and "thread_id" in everything[0]
    device.content_delete(sms, where="type=2")
    assert [r["address"] for r in device.content_query(sms, ["address"])] == ["+15551234567"]
    device.content_delete(sms)
    assert device.content_query(sms) == []


def test_content_errors_raise(device: Device) -> None:
    with pytest.raises(DeviceError):
        device.content_query("content://no.such.provider/items")
    with pytest.raises(ValueError, match="no values"):
        device.content_insert("content://sms", {})


# --- intents, activities, packages -----------------------------------------------------
def test_broadcast_returns_code_data_and_extras(device: Device, pad: Notepad) -> None:
    pad.text = 'typed, with "quotes"'
    result = device.broadcast(f"{PAD}.GET_TEXT", {"who": "test", "n": 2}, component=PAD)
    assert result == BroadcastResult(-1, 'typed, with "quotes"', {"length": "20"})
    (_, intent) = [e for e in pad.events if e[0] == "broadcast"][-1]
    assert isinstance(intent, Intent) and intent.extras == {"who": "test", "n": 2}
    assert device.broadcast("com.example.NOBODY") == BroadcastResult(0, None, {})


def test_activities_foreground_force_stop_and_home(device: Device, pad: Notepad) -> None:
    assert device.foreground_activity() == LAUNCHER
    extras: Mapping[str, str | int | bool] = {"title": "a b's", "count": 3, "pinned": True}
    device.start_activity(
        PAD_ACTIVITY, action="android.intent.action.VIEW", data="content://x/1", extras=extras
    )
    assert device.foreground_activity() == PAD_ACTIVITY
    (_, intent) = [e for e in pad.events if e[0] == "start"][-1]
    assert isinstance(intent, Intent)
    assert (intent.action, intent.data, dict(intent.extras)) == (
        "android.intent.action.VIEW",
        "content://x/1",
        extras,
    )
    device.go_home()
    assert device.foreground_activity() == LAUNCHER
    device.start_activity(PAD_ACTIVITY)
    device.force_stop(PAD)
    assert ("stop", None) in pad.events
    assert device.foreground_activity() == LAUNCHER
    with pytest.raises(DeviceError, match="does not exist"):
        device.start_activity("com.example.none/.Main")
    with pytest.raises(ValueError, match="needs a component"):
        device.start_activity()


def test_clear_app_and_packages(device: Device) -> None:
    assert PAD in device.packages() and "com.android.settings" in device.packages()
    draft = f"/data/data/{PAD}/files/draft.txt"
    device.write_text(draft, "changed")
    device.clear_app(PAD)
    assert device.read_text(draft) == "draft"  # the app's data as installed again
    with pytest.raises(DeviceError, match=r"pm clear com\.example\.none"):
        device.clear_app("com.example.none")


# --- input -----------------------------------------------------------------------------
def test_tap_swipe_keyevent_reach_the_app(device: Device, pad: Notepad) -> None:
    device.start_activity(PAD_ACTIVITY)
    device.tap(10, 20)
    device.swipe(1, 2, 3, 4, 500)
    device.swipe(5, 5, 5, 5, 1000)
    device.keyevent(67)  # by number: KEYCODE_DEL
    assert [e for e in pad.events if e[0] in ("tap", "swipe", "key")] == [
        ("tap", (10, 20)),
        ("swipe", (1, 2, 3, 4, 500)),
        ("swipe", (5, 5, 5, 5, 1000)),
        ("key", "KEYCODE_DEL"),
    ]


@pytest.mark.parametrize(
    "text",
    [
        "hello world",
        "; rm -rf /sdcard",
        "$(rm -rf /sdcard) `reboot` && echo pwned | sh",
        'it\'s "quoted" \\ back\\slash',
        "100%sure, 50% s %s %%s",
        "two\nlines",
        "  padded  ",
        "naïve café 😀",
    ],
)
def test_input_text_arrives_literally(device: Device, pad: Notepad, text: str) -> None:
    device.write_text("/sdcard/Download/keep.txt", "keep")
    device.start_activity(PAD_ACTIVITY)
    device.input_text(text)
    assert pad.text == text
    assert editor_text(device) == text
    assert device.read_text("/sdcard/Download/keep.txt") == "keep"
    assert device.foreground_activity() == PAD_ACTIVITY


@settings(
    max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(text=st.text(alphabet=st.sampled_from(list("%s \n'\";$`\\ab")), max_size=20))
def test_input_text_property(device: Device, pad: Notepad, text: str) -> None:
    device.start_activity(PAD_ACTIVITY)
    pad.text = ""
    device.input_text(text)
    assert pad.text == text


# --- observation -----------------------------------------------------------------------
def test_screenshot_and_ui_tree(device: Device) -> None:
    image = device.screenshot()
    assert image.size == (1080, 2400) and image.format == "PNG"
    xml = device.ui_tree()
    assert xml.startswith("<?xml") and xml.rstrip().endswith("</hierarchy>")
    labels = {e.text for e in device.ui_elements()}
    assert "Notepad" in labels  # the launcher icon
    assert not device.exists("/sdcard/window_dump.xml")  # nothing left behind
    device.start_activity(PAD_ACTIVITY)
    assert editor_text(device) == ""


def test_the_tree_and_the_focused_activity_come_in_one_command(device: Device) -> None:
    assert device.ui_tree_and_foreground() == (device.ui_tree(), LAUNCHER)
    device.start_activity(PAD_ACTIVITY)
    xml, focused = device.ui_tree_and_foreground()
    assert focused == PAD_ACTIVITY == device.foreground_activity()
    assert xml == device.ui_tree() and xml.endswith("</hierarchy>")
    assert not device.exists("/sdcard/window_dump.xml")


# --- clock and state -------------------------------------------------------------------
def test_clock(device: Device) -> None:
    now = device.now()
    assert now.tzinfo is not None and now.utcoffset() == dt.timedelta(0)
    start = dt.datetime(2023, 10, 15, 15, 34, tzinfo=dt.UTC)
    assert start <= now < start + dt.timedelta(minutes=1)
    device.set_time(dt.datetime(2024, 2, 29, 23, 59, 30))  # naive: device-local
    assert dt.datetime(2024, 2, 29, 23, 59, 30, tzinfo=dt.UTC) <= device.now()
    paris = dt.timezone(dt.timedelta(hours=2))
    device.set_time(dt.datetime(2023, 10, 20, 9, 0, 0, tzinfo=paris))
    assert device.now() - dt.datetime(2023, 10, 20, 7, 0, 0, tzinfo=dt.UTC) < dt.timedelta(
        seconds=5
    )
    assert device.is_booted()


# --- the plain adbutils path (benchmarks/device_shell.py compares their speed) -----------
def test_adb_is_adbutils_own_device_on_the_same_phone(device: Device) -> None:
    plain = device.adb
    assert isinstance(plain, adbutils.AdbDevice) and plain.serial == device.serial
    assert plain.shell("getprop sys.boot_completed") == "1"
    assert device.shell("getprop sys.boot_completed") == "1\n"


# --- round trips (each adb service is one on a real phone) ------------------------------
def test_push_many_writes_every_file_over_one_connection(device: Device) -> None:
    files = {f"/sdcard/Download/many/{i}.txt": f"note {i}".encode() for i in range(5)}
    before = device.services["sync:SEND"]
    device.push_many(files)
    assert device.services["sync:SEND"] == before + 1
    assert {path: device.pull(path) for path in files} == files


def test_replace_db_puts_a_copy_back_with_its_owner_and_mode(
    device: Device, tmp_path: Path
) -> None:
    db, wal = make_wal_database(tmp_path)
    device.push(db, PAD_DB)
    device.push(wal, PAD_DB + "-wal")
    device.shell(["chmod", "640", PAD_DB])
    owner = device.shell(["stat", "-c", "%u:%g:%a", PAD_DB])
    saved = db.read_bytes()
    device.replace_db(PAD_DB, PAD, saved)
    assert device.pull(PAD_DB) == saved
    assert not device.exists(PAD_DB + "-wal")
    assert device.shell(["stat", "-c", "%u:%g:%a", PAD_DB]) == owner


def test_set_time_is_one_command_whatever_the_phones_zone(device: Device) -> None:
    device.shell(["setprop", "persist.sys.timezone", "America/New_York"])
    moment = dt.datetime(2023, 10, 20, 9, 0, 0, tzinfo=dt.UTC)
    before = sum(device.services.values())
    device.set_time(moment)
    assert sum(device.services.values()) == before + 1
    assert device.now() - moment < dt.timedelta(seconds=5)
    assert device.now().utcoffset() == dt.timedelta(hours=-4)
