"""Parsers of Android 13 command output, on samples of what real phones print."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from droidhub.device.client import (
    BroadcastResult,
    DeviceError,
    parse_broadcast,
    parse_content_rows,
    parse_foreground_activity,
)
from droidhub.device.quoting import argument_batches, bind_value, extra_args, input_text_pieces
from droidhub.device.transport import with_exit_marker

# `content query --uri content://sms` on an Android 13 emulator (one row; the body holds
# ", " and an "x=" look-alike, as user text may).
SMS_ROW = (
    "Row: 0 _id=3, thread_id=2, address=+15551234567, person=NULL, date=1697371200000, "
    "date_sent=0, protocol=NULL, read=1, status=-1, type=2, reply_path_present=NULL, "
    "subject=NULL, body=Meet at 5, bring snacks, ok=yes?, service_center=NULL, locked=0, "
    "sub_id=1, error_code=-1, creator=com.google.android.apps.messaging, seen=1\n"
)
SMS_COLUMNS = [
    "_id", "thread_id", "address", "person", "date", "date_sent", "protocol", "read",
    "status", "type", "reply_path_present", "subject", "body", "service_center", "locked",
    "sub_id", "error_code", "creator", "seen",
]  # fmt: skip


def test_content_rows_with_a_projection_keep_commas_inside_values() -> None:
    rows = parse_content_rows(SMS_ROW, SMS_COLUMNS)
    assert len(rows) == 1
    row = rows[0]
    assert list(row) == SMS_COLUMNS
    assert row["body"] == "Meet at 5, bring snacks, ok=yes?"
    assert row["person"] is None
    assert row["address"] == "+15551234567"
    assert row["seen"] == "1"


def test_content_rows_without_projection_take_columns_from_the_rows() -> None:
    second = SMS_ROW.replace("Row: 0 _id=3", "Row: 1 _id=4").replace(
        "body=Meet at 5, bring snacks, ok=yes?", "body=plain"
    )
    rows = parse_content_rows(SMS_ROW + second)
    assert [r["_id"] for r in rows] == ["3", "4"]
    # The second row shows the true columns; the first is split along them.
    assert rows[0]["body"] == "Meet at 5, bring snacks, ok=yes?"
    assert rows[1]["body"] == "plain"
    assert list(rows[0]) == SMS_COLUMNS


def test_content_rows_with_newlines_in_a_value() -> None:
    output = "Row: 0 _id=1, body=first line\nsecond line, date=5\nRow: 1 _id=2, body=, date=6\n"
    rows = parse_content_rows(output, ["_id", "body", "date"])
    assert rows == [
        {"_id": "1", "body": "first line\nsecond line", "date": "5"},
        {"_id": "2", "body": "", "date": "6"},
    ]


def test_content_rows_settings_provider_sample() -> None:
    # `content query --uri content://settings/global --projection name:value
    #  --where "name='wifi_on'"` on Android 13.
    assert parse_content_rows("Row: 0 name=wifi_on, value=1\n", ["name", "value"]) == [
        {"name": "wifi_on", "value": "1"}
    ]


def test_content_rows_none_found() -> None:
    assert parse_content_rows("No result found.\n") == []
    assert parse_content_rows("") == []


def test_content_rows_refuse_unknown_output() -> None:
    with pytest.raises(DeviceError, match="no rows"):
        parse_content_rows("Error while accessing provider:sms\n")


@settings(max_examples=100, deadline=None)
@given(
    values=st.lists(
        st.text(alphabet=st.characters(codec="utf-8"), max_size=12).filter(
            lambda v: v != "NULL" and "Row: " not in v
        ),
        min_size=3,
        max_size=3,
    )
)
def test_content_rows_round_trip_any_values_given_the_projection(values: list[str]) -> None:
    names = ["_id", "title", "note"]
    printed = "Row: 0 " + ", ".join(f"{n}={v}" for n, v in zip(names, values, strict=True))
    # Only a value that itself holds ", <next column>=" is ambiguous, in Android's format.
    if any(f", {n}=" in v for v in values for n in names):
        return
    assert parse_content_rows(printed + "\n", names) == [dict(zip(names, values, strict=True))]


BROADCAST_PLAIN = (
    "Broadcasting: Intent { act=com.example.PING flg=0x400000 }\nBroadcast completed: result=0\n"
)


def test_broadcast_without_data() -> None:
    assert parse_broadcast(BROADCAST_PLAIN) == BroadcastResult(0, None, {})


def test_broadcast_with_data_and_extras() -> None:
    output = (
        "Broadcasting: Intent { act=com.google.androidenv.miniwob.app.GET_REWARD "
        "flg=0x400000 }\n"
        'Broadcast completed: result=-1, data="0.75, partly \\"done\\"", '
        "extras: Bundle[{reward=0.75, done=true, note=a, b}]\n"
    )
    result = parse_broadcast(output)
    assert result.code == -1
    assert result.data == '0.75, partly \\"done\\"'
    assert result.extras == {"reward": "0.75", "done": "true", "note": "a, b"}


def test_broadcast_with_multiline_data() -> None:
    output = 'Broadcast completed: result=1, data="line 1\nline 2"\n'
    assert parse_broadcast(output) == BroadcastResult(1, "line 1\nline 2", {})


def test_broadcast_that_did_not_complete() -> None:
    with pytest.raises(DeviceError, match="did not complete"):
        parse_broadcast("Broadcasting: Intent { act=x }\nException occurred while executing\n")


# `dumpsys window` on an Android 13 emulator, trimmed to the lines around the focus.
DUMPSYS_HOME = """\
WINDOW MANAGER WINDOWS (dumpsys window windows)
  Window #0 Window{6b5d1a2 u0 pip-dismiss-overlay}:
    mDisplayId=0 rootTaskId=1 mSession=Session{5d1e1f3 1186:u0a10137} mClient=android.os.BinderProxy@e3b72a1
  imeLayeringTarget in display# 0 Window{e0b4c7d u0 com.google.android.apps.nexuslauncher/com.google.android.apps.nexuslauncher.NexusLauncherActivity}
  mTopFocusedDisplayId=0
  mCurrentFocus=Window{e0b4c7d u0 com.google.android.apps.nexuslauncher/com.google.android.apps.nexuslauncher.NexusLauncherActivity}
  mFocusedApp=ActivityRecord{8f1ac23 u0 com.google.android.apps.nexuslauncher/.NexusLauncherActivity t8}
"""  # noqa: E501

DUMPSYS_SHADE = """\
  mCurrentFocus=Window{2d1c0a4 u0 NotificationShade}
  mFocusedApp=ActivityRecord{a2f3c4e u0 com.android.settings/.Settings t12}
"""

DUMPSYS_NULL = """\
  mCurrentFocus=null
  mFocusedApp=ActivityRecord{1b2c3d4 u0 com.simplemobiletools.smsmessenger/.activities.MainActivity t21}
"""  # noqa: E501


def test_foreground_from_current_focus() -> None:
    assert parse_foreground_activity(DUMPSYS_HOME) == (
        "com.google.android.apps.nexuslauncher/"
        "com.google.android.apps.nexuslauncher.NexusLauncherActivity"
    )


def test_foreground_falls_back_to_focused_app() -> None:
    assert parse_foreground_activity(DUMPSYS_SHADE) == "com.android.settings/.Settings"
    assert parse_foreground_activity(DUMPSYS_NULL) == (
        "com.simplemobiletools.smsmessenger/.activities.MainActivity"
    )
    assert parse_foreground_activity("  mCurrentFocus=null\n") is None


def test_bind_values_are_typed() -> None:
    assert bind_value("read", True) == "read:b:true"
    assert bind_value("type", 2) == "type:i:2"
    assert bind_value("date", 1697371200000) == "date:l:1697371200000"
    assert bind_value("rating", 4.5) == "rating:d:4.5"
    assert bind_value("body", "a:b, c") == "body:s:a:b, c"
    assert bind_value("subject", None) == "subject:n:"
    with pytest.raises(TypeError, match="cannot bind"):
        bind_value("x", [1])  # type: ignore[arg-type]


def test_intent_extras_are_typed() -> None:
    assert extra_args({"s": "v", "n": 3, "b": False, "f": 0.5, "big": 2**40}) == [
        "--es", "s", "v", "--ei", "n", "3", "--ez", "b", "false", "--ef", "f", "0.5",
        "--el", "big", str(2**40),
    ]  # fmt: skip


def test_exit_marker_is_appended_to_any_command_form() -> None:
    assert with_exit_marker("ls") == "ls; echo x-droidhub-exit:$?"
    assert with_exit_marker("ls; ") == "ls; echo x-droidhub-exit:$?"
    assert with_exit_marker("sleep 1 &") == "sleep 1 & echo x-droidhub-exit:$?"


def android_input_text(arg: str) -> str:
    """What Android's ``input text ARG`` types (InputShellCommand.sendText): ``%s`` is a
    space, everything else is typed as is."""
    buff = list(arg)
    escape = False
    i = 0
    while i < len(buff):
        if escape:
            escape = False
            if buff[i] == "s":
                buff[i] = " "
                i -= 1
                del buff[i]
        if buff[i] == "%":
            escape = True
        i += 1
    return "".join(buff)


def typed(text: str) -> str:
    out = []
    for piece in input_text_pieces(text):
        out.append("\n" if piece is None else android_input_text(piece))
    return "".join(out)


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet=st.sampled_from(list("%s ab\n'\"$;")) | st.characters(), max_size=30))
def test_input_text_pieces_type_exactly_the_text(text: str) -> None:
    assert typed(text) == text


def test_input_text_pieces_examples() -> None:
    assert list(input_text_pieces("hello world")) == ["hello%sworld"]
    assert list(input_text_pieces("100%sure")) == ["100%", "sure"]
    assert list(input_text_pieces("a\nb")) == ["a", None, "b"]
    assert list(input_text_pieces("% s")) == ["%%ss"]
    assert list(input_text_pieces("")) == []


def test_argument_batches_keep_each_command_line_within_the_budget() -> None:
    args = ["a b", "cc", "d" * 10, "e"]  # quoted: 'a b' (5), cc (2), d*10 (10), e (1)
    assert list(argument_batches(args, budget=9)) == [["a b", "cc"], ["d" * 10], ["e"]]
    assert list(argument_batches(args, budget=100)) == [args]
    assert list(argument_batches([], budget=9)) == []
