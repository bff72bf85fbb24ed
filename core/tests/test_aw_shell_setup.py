"""AndroidWorld's own shell command lines, through the stock ``adb`` client, answered as
Android 13 answers them.

Each test holds, as facts, command lines that AndroidWorld's code (google-research/
android_world at d9c569f) and android_env's ``AdbCallParser`` send through
``adb -P PORT -s SERIAL ...``, and the output their parsers expect. Arguments go to
``adb`` as AndroidWorld's ``issue_generic_request`` hands them to android_env's
``AdbController`` (a string is split on spaces; adb joins the words with spaces), and
a non-zero exit status is a failure there, as ``subprocess.check_output`` makes it.
"""

from __future__ import annotations

import datetime as dt
import re
import shutil
import subprocess
from collections.abc import Iterator

import pytest

from droidhub.virtual.pytest_plugin import stock_adb_env
from droidhub.virtual.server import VirtualDeviceServer

pytestmark = [
    pytest.mark.adb,
    pytest.mark.skipif(shutil.which("adb") is None, reason="the stock adb client is not on PATH"),
]

AUDIORECORDER_DATA = (
    "/storage/emulated/0/Android/data/com.dimowner.audiorecorder/files/Music/records"
)
MMSSMS_DB = "/data/data/com.android.providers.telephony/databases/mmssms.db"


class Phone:
    """A fresh virtual phone reached through the stock ``adb`` client."""

    def __init__(self, server: VirtualDeviceServer, serial: str) -> None:
        self.server = server
        self.serial = serial

    def adb(self, args: list[str] | str) -> tuple[str, int]:
        """``adb -P PORT -s SERIAL ARGS`` as AdbController runs it: (stdout+stderr, status)."""
        words = args.split(" ") if isinstance(args, str) else args
        port = str(self.server.port)
        proc = subprocess.run(
            [shutil.which("adb") or "adb", "-P", port, "-s", self.serial, *words],
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            stdin=subprocess.DEVNULL,
            timeout=60,
            env=stock_adb_env(self.server.port),
            check=False,
        )
        return proc.stdout.decode("utf-8", "replace"), proc.returncode

    def ok(self, args: list[str] | str) -> str:
        """The output of a command that AndroidWorld needs to succeed (exit 0)."""
        output, status = self.adb(args)
        assert status == 0, f"{args!r} exited {status}: {output}"
        return output


@pytest.fixture
def phone(virtual_server: VirtualDeviceServer) -> Iterator[Phone]:
    serial = virtual_server.add_phone()
    try:
        yield Phone(virtual_server, serial)
    finally:
        virtual_server.remove_phone(serial)


def check_file_exists(phone: Phone, path: str, test: str = "-f") -> bool:
    """file_utils.check_file_exists: a multi-line mksh script, one adb argument."""
    script = f"""
  if [ {test} "{path}" ]; then
      echo "Exists"
  else
      echo "Does not exist"
  fi
  """
    output = phone.ok(["shell", script])
    if "Exists" in output:
        return True
    assert "Does not exist" in output, output
    return False


def file_list_with_metadata(phone: Phone, folder: str) -> list[tuple[str, int, dt.datetime]]:
    """file_utils.get_file_list_with_metadata's command and parser."""
    files = []
    for line in phone.ok(f"shell ls {folder} -ll -au").split("\n"):
        if line.startswith("-"):
            parts = line.split(None, 8)
            assert len(parts) >= 9, line
            when = dt.datetime.fromisoformat(" ".join(parts[5:7])[:-3])
            files.append((parts[8].strip(), int(parts[4]), when))
    return files


# --- AndroidWorld's device set-up -----------------------------------------------------------
def test_time_zone_set_up_is_a_binder_call_that_succeeds(phone: Phone) -> None:
    # datetime_utils._set_timezone_to_utc
    phone.ok(["shell", "setprop", "persist.sys.timezone", "Europe/Paris"])
    output = phone.ok(["shell", "service", "call", "alarm", "3", "s16", "UTC"])
    assert output == "Result: Parcel(00000000    '....')\n"
    assert phone.ok(["shell", "getprop", "persist.sys.timezone"]) == "UTC\n"
    # advance_system_time: `date` parsed, then set with MMDDhhmmYY.SS
    now = phone.ok(["shell", "date"]).strip()
    moment = dt.datetime.strptime(now, "%a %b %d %H:%M:%S %Z %Y")
    later = (moment + dt.timedelta(hours=2)).strftime("%m%d%H%M%y.%S")
    phone.ok(["shell", "date", later])
    assert phone.ok(["shell", "date", "+%H"]).strip() == f"{(moment.hour + 2) % 24:02d}"


def test_check_file_exists_script(phone: Phone) -> None:
    assert check_file_exists(phone, "/sdcard/Download", "-d")
    assert not check_file_exists(phone, "/sdcard/Download", "-f")
    assert not check_file_exists(phone, "/sdcard/nothing here", "-e")
    phone.ok(["shell", "touch", "'/sdcard/Download/my note.txt'"])
    assert check_file_exists(phone, "/sdcard/Download/my note.txt")


def test_audio_recorder_folder_is_there_on_a_fresh_phone(phone: Phone) -> None:
    assert check_file_exists(phone, AUDIORECORDER_DATA, "-d")


def test_file_list_with_metadata_parses_ls_ll_au(phone: Phone) -> None:
    # file_utils.create_file, then get_file_list_with_metadata
    phone.ok(["shell", "mkdir", "-p", "/storage/emulated/0/Documents/Markor"])
    phone.ok(["shell", "echo", "'abc'", ">", "'/storage/emulated/0/Documents/Markor/a b.md'"])
    phone.ok(["shell", "date", "101516002023.07"])
    phone.ok(["shell", "echo", "'hello'", ">", "/storage/emulated/0/Documents/Markor/z.md"])
    files = file_list_with_metadata(phone, "/storage/emulated/0/Documents/Markor")
    assert [(name, size) for name, size, _ in files] == [("a b.md", 4), ("z.md", 6)]
    assert files[0][2].date() == dt.date(2023, 10, 15)  # the phone's clock, not the host's
    assert files[1][2].replace(microsecond=0) == dt.datetime(2023, 10, 15, 16, 0, 7)


def test_every_file_of_a_fresh_phone_carries_the_phones_clock(phone: Phone) -> None:
    output = phone.ok(["shell", "find /data/data /storage/emulated/0 -exec stat -c %y {} +"])
    dates = {line[:10] for line in output.splitlines()}
    assert dates == {"2023-10-15"}, dates


def test_restore_snapshot_commands(phone: Phone) -> None:
    # app_snapshot.restore_snapshot: clear_directory, copy_dir, restorecon, chmod
    snapshot = "/data/data/android_world/snapshots/com.arduia.expense"
    data = "/data/data/com.arduia.expense"
    phone.ok(["shell", "mkdir", "-p", f"{snapshot}/databases"])
    phone.ok(["shell", "echo", "'rows'", ">", f"{snapshot}/databases/accounting.db"])
    assert check_file_exists(phone, snapshot, "-d")
    if phone.ok(["shell", "ls", "-1", data]).strip():
        phone.ok(["shell", "rm", "-r", f"{data}/*"])
    assert phone.ok(["shell", "ls", "-1", data]) == ""
    phone.ok(["shell", "cp", "-a", f"{snapshot}/.", f"{data}/"])
    phone.ok(["shell", "restorecon", "-RD", data])
    phone.ok(["shell", "chmod", "777", "-R", data])
    assert phone.ok(["shell", "cat", f"{data}/databases/accounting.db"]) == "rows\n"


def test_find_type_f_or_type_d(phone: Phone) -> None:
    # file_utils.check_file_or_folder_exists
    phone.ok(["shell", "mkdir", "-p", "/sdcard/Documents/trip/photos"])
    phone.ok(["shell", "touch", "/sdcard/Documents/trip/plan.txt"])
    base = "/sdcard/Documents/trip"
    output = phone.ok(["shell", "find", base, "-type", "f", "-o", "-type", "d"])
    paths = set(output.replace("\r", "").split("\n"))
    assert {base, f"{base}/photos", f"{base}/plan.txt"} <= paths


def test_clear_internal_storage_and_downloads(phone: Phone) -> None:
    phone.ok(["shell", "touch", "/sdcard/Download/a.pdf", "/sdcard/DCIM/b.jpg"])
    # user_data_generation.clear_internal_storage and _clear_external_downloads
    phone.ok(["shell", "find", "/storage/emulated/0/", "-mindepth", "1", "-type", "f", "-delete"])
    assert phone.ok(["shell", "find", "/storage/emulated/0/", "-type", "f"]) == ""
    assert check_file_exists(phone, "/sdcard/DCIM", "-d")
    phone.ok(["shell", "touch", "/sdcard/Download/c.pdf"])
    phone.ok("shell content delete --uri content://media/external/downloads")
    assert phone.ok(["shell", "ls", "/sdcard/Download"]) == ""


def test_media_provider_lists_shared_storage(phone: Phone) -> None:
    phone.ok(["shell", "touch", "/sdcard/Pictures/cat.jpg", "/sdcard/Music/song.mp3"])
    images = phone.ok(
        "shell content query --uri content://media/external/images/media --projection _data"
    )
    assert images == "Row: 0 _data=/storage/emulated/0/Pictures/cat.jpg\n"
    audio = phone.ok(
        ["shell", "content", "query", "--uri", "content://media/external/audio/media",
         "--projection", "_display_name:mime_type"]
    )  # fmt: skip
    assert audio == "Row: 0 _display_name=song.mp3, mime_type=audio/mpeg\n"


def test_sqlite3_on_the_phones_databases(phone: Phone) -> None:
    # sms_validators.clear_sms_and_threads via adb_utils.execute_sql_command
    phone.ok(["shell", "content", "insert", "--uri", "content://sms/inbox",
              "--bind", "address:s:5551234", "--bind", "body:s:hi"])  # fmt: skip
    rows = phone.ok(["shell", f'sqlite3 {MMSSMS_DB} "SELECT address, body, subject FROM sms;"'])
    assert rows == "5551234|hi|\n"  # list mode: `|` between columns, NULL as nothing
    phone.ok(["shell", f'sqlite3 {MMSSMS_DB} "DELETE FROM sms;"'])
    phone.ok(["shell", f'sqlite3 {MMSSMS_DB} "DELETE FROM threads;"'])
    assert phone.ok("shell content query --uri content://sms/inbox") == "No result found.\n"
    output, status = phone.adb(["shell", f'sqlite3 {MMSSMS_DB} "SELECT * FROM nope;"'])
    assert (output, status) == ("Error: no such table: nope\n", 1)


def test_phone_task_commands(phone: Phone) -> None:
    # adb_utils.end_call_if_active's get_call_state, clear_android_emulator_call_log,
    # delete_contacts
    state = phone.ok(["shell", "dumpsys", "telephony.registry"])
    assert re.findall(r"mCallState=(\d)", state) == ["0"]  # IDLE
    phone.ok(["shell", "content", "insert", "--uri", "content://call_log/calls",
              "--bind", "number:s:5551234", "--bind", "type:i:2"])  # fmt: skip
    phone.ok(["shell", "content", "delete", "--uri", "content://call_log/calls"])
    calls = phone.ok("shell content query --uri content://call_log/calls")
    assert calls == "No result found.\n"
    assert phone.ok(["shell", "pm", "clear", "com.android.providers.contacts"]) == "Success\n"


# --- what agents and android_env read -------------------------------------------------------
def test_screen_geometry_probes(phone: Phone) -> None:
    # adb_utils.get_physical_frame_boundary / get_logical_screen_size / get_orientation
    frames = phone.ok("shell dumpsys input | grep physicalFrame")
    assert re.findall(r"physicalFrame=\[(\d+), (\d+), (\d+), (\d+)\]", frames)[0] == (
        "0",
        "0",
        "1080",
        "2400",
    )
    logical = phone.ok("shell dumpsys input | grep logicalFrame")
    assert re.findall(r"logicalFrame=\[0, 0, (\d+), (\d+)\]", logical)[0] == ("1080", "2400")
    rotation = phone.ok("shell dumpsys window | grep mCurrentRotation")
    assert re.findall(r"mCurrentRotation=ROTATION_(\d+)", rotation) == ["0"]
    assert phone.ok(["shell", "wm size"]) == "Physical size: 1080x2400\n"
    assert phone.ok(["shell", "wm density"]) == "Physical density: 420\n"
    # android_env's AdbCallParser._get_orientation over `dumpsys input`
    orientation = None
    for line in phone.ok(["shell", "dumpsys", "input"]).split("\n"):
        width = re.match(r"\s+PhysicalWidth:\s+(-?\d+)px", line)
        assert width is None or int(width.group(1)) > 0
        found = re.match(r"\s+(SurfaceOrientation|InputDeviceOrientation):\s+.*(\d)", line)
        if found and orientation is None:
            orientation = int(found.group(2))
    assert orientation == 0


def test_current_activity_from_am_stack_list(phone: Phone) -> None:
    # AudioRecorder's set-up launches it so; android_env's _get_current_activity greps
    phone.ok(["shell", "pm", "grant", "com.dimowner.audiorecorder",
              "android.permission.POST_NOTIFICATIONS"])  # fmt: skip
    phone.ok(["shell", "monkey", "-p", "com.dimowner.audiorecorder",
              "-candroid.intent.category.LAUNCHER", "1"])  # fmt: skip
    visible = phone.ok(["shell", "am", "stack", "list", "|", "grep", "-E", "visible=true"])
    found = re.compile(r".*\{(.*)\}").search(visible)
    assert found is not None
    assert found.group(1).startswith("com.dimowner.audiorecorder/com.dimowner.audiorecorder.")
    task = re.compile(
        r"^\ *taskId=(?P<id>[0-9]*): (?P<base_activity>[^\s]*) .*visible=true"
        r".*topActivity=ComponentInfo{(?P<top_activity>[^\s]*)}$"
    )
    lines = phone.ok(["shell", "am", "stack", "list"]).splitlines()
    assert [m.group("top_activity") for m in map(task.search, lines) if m] == [found.group(1)]
    # TaskEval.tear_down's adb_utils.close_recents
    recents = phone.ok("shell dumpsys activity recents")
    ids = re.findall(r"id=(\d+)", recents)
    assert ids
    for task_id in ids:
        phone.ok(["shell", "am", "stack", "remove", task_id])
    assert "audiorecorder" not in phone.ok(["shell", "am", "stack", "list"])


def test_packages_permissions_and_app_ops(phone: Phone) -> None:
    listing = phone.ok(["shell", "pm", "list", "packages"])
    items = [x[len("package:") :] for x in listing.split() if x.startswith("package:")]
    assert "com.dimowner.audiorecorder" in items and "android" in items
    versions = phone.ok(["shell", "pm", "list", "packages", "--show-versioncode"]).splitlines()
    assert all(re.fullmatch(r"package:[\w.]+ versionCode:\d+", line) for line in versions)
    # AndroidWorldApp.setup
    phone.ok(["shell", "appops", "set", "com.dimowner.audiorecorder",
              "android:system_alert_window", "allow"])  # fmt: skip
    got = phone.ok(["shell", "appops", "get", "com.dimowner.audiorecorder"])
    assert got == "SYSTEM_ALERT_WINDOW: allow\n"
    assert phone.ok(["shell", "cmd", "package", "list", "packages", "android"]).startswith(
        "package:android\n"
    )


# --- mksh and toybox ------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("script", "expected"),
    [
        ("if false; then echo a; elif true; then echo b; else echo c; fi", "b\n"),
        ("for i in 1 2 3; do [ $i = 2 ] && continue; echo $i; done", "1\n3\n"),
        ("i=x; while [ $i != xxxx ]; do i=${i}x; done; echo $i", "xxxx\n"),
        ("n=0; until [ $n = 000 ]; do n=${n}0; echo $n; done", "00\n000\n"),
        ("case notes.md in *.txt) echo t;; *.md|*.MD) echo m;; esac", "m\n"),
        ("f() { echo \"$# $1\"; return 3; }; f 'a b' c; echo $?", "2 a b\n3\n"),
        ("function g { echo g; }\ng", "g\n"),
        ("{ echo a; echo b; } | tail -n 1", "b\n"),
        ("printf 'x 1\\ny 2\\n' | while read k v; do echo $v$k; done", "1x\n2y\n"),
        ("L='a b'; for w in $L; do echo \"<$w>\"; done", "<a>\n<b>\n"),
        ("for i in 1 2; do for j in 1 2; do break 2; done; echo no; done; echo out", "out\n"),
        ("i=0; while true; do i=${i}1; [ $i = 011 ] && break; done; echo $i", "011\n"),
    ],
)
def test_mksh_compound_commands(phone: Phone, script: str, expected: str) -> None:
    assert phone.ok(["shell", script]) == expected


@pytest.mark.parametrize(
    ("script", "message"),
    [
        ("if true; then echo x", "/system/bin/sh: syntax error: 'if' unmatched\n"),
        ("echo a; fi", "/system/bin/sh: syntax error: 'fi' unexpected\n"),
        ("for 1 in a; do :; done", "/system/bin/sh: syntax error: 'for' bad identifier\n"),
    ],
)
def test_mksh_syntax_errors(phone: Phone, script: str, message: str) -> None:
    assert phone.adb(["shell", script]) == (message, 1)


def test_toybox_ls_long_formats(phone: Phone) -> None:
    phone.ok(["shell", "date", "101515342023.00"])
    phone.ok(["shell", "echo hi > /sdcard/Download/n.txt"])
    long = phone.ok(["shell", "ls", "-l", "/sdcard/Download"]).splitlines()
    assert long[0].startswith("total ")
    assert re.fullmatch(r"-rw-\S+ 1 u0_a196 media_rw 3 2023-10-15 15:34 n\.txt", long[1]), long
    full = phone.ok(["shell", "ls", "--full-time", "/sdcard/Download"]).splitlines()[1]
    assert re.search(r" 3 2023-10-15 15:34:00\.\d{9} \+0000 n\.txt$", full), full
    assert phone.ok(["shell", "ls -ll /sdcard/Download"]).splitlines()[1] == full
    names = phone.ok(["shell", "ls", "-a", "/sdcard/Download"]).splitlines()
    assert names == [".", "..", "n.txt"]
    phone.ok(["shell", "touch", "-a", "-d", "'2023-01-02 03:04'", "/sdcard/Download/n.txt"])
    access = phone.ok(["shell", "ls", "-lu", "/sdcard/Download"]).splitlines()[1]
    assert " 2023-01-02 03:04 n.txt" in access
    output, status = phone.adb(["shell", "ls", "-Q", "/sdcard"])
    assert status == 1 and "Unknown option 'Q'" in output


def test_every_name_of_a_folder_shows_the_same_owner(phone: Phone) -> None:
    names = ["/sdcard", "/storage/emulated/0", "/storage/self/primary", "/mnt/sdcard"]
    shared = phone.ok(["shell", "stat", "-c", "%U:%G", *(f"{n}/Download" for n in names)])
    assert shared.splitlines() == ["u0_a196:media_rw"] * len(names)
    phone.ok(["shell", "mkdir", "-p", "/data/data/org.example.app/files"])
    app = "/data/{}/org.example.app/files"
    private = phone.ok(["shell", "stat", "-c", "%U:%G", app.format("data"), app.format("user/0")])
    assert private.splitlines() == ["u0_a150:u0_a150"] * 2


def test_toybox_find_expressions(phone: Phone) -> None:
    phone.ok(
        [
            "shell",
            "mkdir -p /sdcard/t/sub && touch /sdcard/t/a.txt /sdcard/t/b.md /sdcard/t/sub/c.txt",
        ]
    )
    names = phone.ok(["shell", "find /sdcard/t ! -type d -name '*.txt'"])
    assert names == "/sdcard/t/a.txt\n/sdcard/t/sub/c.txt\n"
    grouped = phone.ok(["shell", r"find /sdcard/t \( -name a.txt -o -name b.md \) -print"])
    assert grouped == "/sdcard/t/a.txt\n/sdcard/t/b.md\n"
    each = phone.ok(["shell", r"find /sdcard/t -name '*.md' -exec echo found {} \;"])
    assert each == "found /sdcard/t/b.md\n"
    batch = phone.ok(["shell", "find /sdcard/t -type f -exec echo {} +"])
    assert batch == "/sdcard/t/a.txt /sdcard/t/b.md /sdcard/t/sub/c.txt\n"
    phone.ok(["shell", "find /sdcard/t -name '*.txt' -delete"])
    assert phone.ok(["shell", "find /sdcard/t"]) == "/sdcard/t\n/sdcard/t/b.md\n/sdcard/t/sub\n"
    output, status = phone.adb(["shell", "find /sdcard/t -bogus"])
    assert (output, status) == ("find: bad arg '-bogus'\n", 1)
