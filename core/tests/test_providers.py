"""Content providers of the virtual phone: the ``content`` command's formats, and the
rows landing in (and coming from) the real SQLite files at Android's paths."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest
from phone_shell import sh

from droidhub.device.client import join
from droidhub.virtual.phone import VirtualPhone
from droidhub.virtual.providers import (
    CONTACTS_DB,
    MMSSMS_DB,
    ContentUri,
    ProviderError,
    SqliteProvider,
)


def rows(phone: VirtualPhone, db: str, sql: str) -> list[tuple[object, ...]]:
    with sqlite3.connect(phone.host_path(db)) as connection:
        found = connection.execute(sql).fetchall()
    connection.close()
    return found


# --- SMS ---------------------------------------------------------------------------------
def test_sms_insert_lands_in_mmssms_db(phone: VirtualPhone) -> None:
    body = "Meet at 5; bring 'snacks' & $5 — ok?"
    cmd = join(
        [
            "content",
            "insert",
            "--uri",
            "content://sms/inbox",
            "--bind",
            "address:s:+1 555-0100",
            "--bind",
            f"body:s:{body}",
            "--bind",
            "date:l:1697384040000",
        ]
    )
    assert sh(phone, cmd) == ("", "", 0)
    assert rows(
        phone, MMSSMS_DB, "SELECT _id, address, body, type, date, read, thread_id FROM sms"
    ) == [(1, "+1 555-0100", body, 1, 1697384040000, 0, 1)]
    assert rows(phone, MMSSMS_DB, "SELECT message_count, snippet FROM threads") == [(1, body)]


def test_sms_boxes_map_the_type_column(phone: VirtualPhone) -> None:
    sh(
        phone,
        "content insert --uri content://sms/inbox --bind address:s:111 --bind body:s:in --bind "
        "date:l:1",
    )
    sh(
        phone,
        "content insert --uri content://sms/sent --bind address:s:222 --bind body:s:out --bind "
        "date:l:2",
    )
    assert sh(phone, "content query --uri content://sms/sent --projection address:body:type")[
        0
    ] == ("Row: 0 address=222, body=out, type=2\n")
    assert (
        sh(phone, "content query --uri content://sms/inbox --projection body")[0]
        == "Row: 0 body=in\n"
    )
    # content://sms lists every box, newest first (date DESC, as Android sorts it).
    assert (
        sh(phone, "content query --uri content://sms --projection body")[0]
        == "Row: 0 body=out\nRow: 1 body=in\n"
    )
    assert sh(phone, "content query --uri content://sms --projection body --sort 'date ASC'")[
        0
    ] == ("Row: 0 body=in\nRow: 1 body=out\n")
    assert (
        sh(phone, "content query --uri content://sms/2 --projection body")[0] == "Row: 0 body=out\n"
    )
    assert (
        sh(phone, "content query --uri content://sms --where \"address='111'\" --projection _id")[0]
        == "Row: 0 _id=1\n"
    )


def test_sms_query_shows_nulls_and_empty_result(phone: VirtualPhone) -> None:
    assert sh(phone, "content query --uri content://sms") == ("No result found.\n", "", 0)
    sh(phone, "content insert --uri content://sms/inbox --bind address:s:1 --bind body:s:x")
    out = sh(phone, "content query --uri content://sms --projection subject:body")[0]
    assert out == "Row: 0 subject=NULL, body=x\n"


def test_sms_update_and_delete(phone: VirtualPhone) -> None:
    for n in range(3):
        sh(
            phone,
            f"content insert --uri content://sms/inbox --bind address:s:{n} --bind body:s:m{n}",
        )
    assert sh(
        phone, "content update --uri content://sms --bind read:i:1 --where \"address='1'\""
    ) == ("", "", 0)
    assert rows(phone, MMSSMS_DB, "SELECT address FROM sms WHERE read = 1") == [("1",)]
    assert sh(phone, "content delete --uri content://sms/1")[2] == 0
    assert rows(phone, MMSSMS_DB, "SELECT _id FROM sms ORDER BY _id") == [(2,), (3,)]
    sh(phone, "content delete --uri content://sms --where \"address='2'\"")
    assert rows(phone, MMSSMS_DB, "SELECT address FROM sms") == [("1",)]
    assert rows(phone, MMSSMS_DB, "SELECT COUNT(*) FROM threads") == [(1,)]


def test_bind_types(phone: VirtualPhone) -> None:
    sh(
        phone,
        "content insert --uri content://sms/inbox --bind address:s:a:b:c --bind read:b:true "
        "--bind date:l:42 --bind subject:n: --bind body:s:",
    )
    assert rows(phone, MMSSMS_DB, "SELECT address, read, date, subject, body FROM sms") == [
        ("a:b:c", 1, 42, None, "")
    ]
    _out, err, code = sh(phone, "content insert --uri content://sms --bind body:q:1")
    assert code == 1 and "Invalid binding" in err


def test_content_errors(phone: VirtualPhone) -> None:
    _out, err, code = sh(phone, "content query --uri content://no.such.authority/x")
    assert code == 1 and err.startswith("Error while accessing provider:no.such.authority\n")
    _out, err, code = sh(phone, "content query --uri content://sms --where 'nosuchcolumn = 1'")
    assert (
        code == 1 and "android.database.sqlite.SQLiteException: no such column: nosuchcolumn" in err
    )
    assert sh(phone, "content query")[2] == 1
    assert sh(phone, "content insert --uri content://sms")[2] == 1
    assert sh(phone, "content query --uri content://sms --where '1; DROP TABLE sms'")[2] == 1
    assert sh(phone, "content delete --uri content://sms --where '1; DROP TABLE sms'")[2] == 1
    assert rows(phone, MMSSMS_DB, "SELECT COUNT(*) FROM sms") == [(0,)]


# --- contacts ----------------------------------------------------------------------------
def add_contact(phone: VirtualPhone, name: str, number: str) -> int:
    _out, err, code = sh(
        phone,
        "content insert --uri content://com.android.contacts/raw_contacts "
        "--bind account_type:n: --bind account_name:n:",
    )
    assert code == 0, err
    raw_id = rows(phone, CONTACTS_DB, "SELECT MAX(_id) FROM raw_contacts")[0][0]
    assert isinstance(raw_id, int)
    for mime, value in (
        ("vnd.android.cursor.item/name", name),
        ("vnd.android.cursor.item/phone_v2", number),
    ):
        cmd = join(
            [
                "content",
                "insert",
                "--uri",
                "content://com.android.contacts/data",
                "--bind",
                f"raw_contact_id:i:{raw_id}",
                "--bind",
                f"mimetype:s:{mime}",
                "--bind",
                f"data1:s:{value}",
                "--bind",
                "data2:i:2",
            ]
        )
        assert sh(phone, cmd)[2] == 0
    return raw_id


def test_contacts_roundtrip(phone: VirtualPhone) -> None:
    add_contact(phone, "Ada Lovelace", "+1 (555) 010-0001")
    add_contact(phone, "Alan Turing", "555-0002")
    # AndroidWorld's contacts_utils.list_contacts query, verbatim.
    out = sh(
        phone, "content query --uri content://contacts/phones/ --projection display_name:number"
    )[0]
    assert out == (
        "Row: 0 display_name=Ada Lovelace, number=+1 (555) 010-0001\n"
        "Row: 1 display_name=Alan Turing, number=555-0002\n"
    )
    out = sh(
        phone,
        "content query --uri content://com.android.contacts/contacts --projection "
        "display_name:has_phone_number",
    )[0]
    assert (
        out == "Row: 0 display_name=Ada Lovelace, has_phone_number=1\n"
        "Row: 1 display_name=Alan Turing, has_phone_number=1\n"
    )
    out = sh(
        phone,
        "content query --uri content://com.android.contacts/phone_lookup/5550100001 --projection "
        "display_name",
    )[0]
    assert out == "Row: 0 display_name=Ada Lovelace\n"
    out = sh(
        phone,
        "content query --uri content://com.android.contacts/data/phones --projection "
        "display_name:data1 --where \"display_name LIKE 'Alan%'\"",
    )[0]
    assert out == "Row: 0 display_name=Alan Turing, data1=555-0002\n"
    assert rows(phone, CONTACTS_DB, "SELECT display_name FROM raw_contacts ORDER BY _id") == [
        ("Ada Lovelace",),
        ("Alan Turing",),
    ]


def test_contact_without_name_shows_its_number(phone: VirtualPhone) -> None:
    sh(
        phone,
        "content insert --uri content://com.android.contacts/raw_contacts --bind account_name:n:",
    )
    sh(
        phone,
        "content insert --uri content://com.android.contacts/data --bind raw_contact_id:i:1 "
        "--bind mimetype:s:vnd.android.cursor.item/phone_v2 --bind data1:s:12345",
    )
    assert sh(
        phone,
        "content query --uri content://com.android.contacts/contacts --projection display_name",
    )[0] == ("Row: 0 display_name=12345\n")


def test_contacts_delete_and_clear(phone: VirtualPhone) -> None:
    add_contact(phone, "Ada Lovelace", "1")
    add_contact(phone, "Alan Turing", "2")
    assert sh(phone, "content delete --uri content://com.android.contacts/contacts/1")[2] == 0
    assert rows(phone, CONTACTS_DB, "SELECT display_name FROM raw_contacts") == [("Alan Turing",)]
    assert rows(phone, CONTACTS_DB, "SELECT COUNT(*) FROM data") == [(2,)]
    assert sh(phone, "pm clear com.android.providers.contacts")[0] == "Success\n"
    assert sh(phone, "content query --uri content://contacts/phones")[0] == "No result found.\n"
    add_contact(phone, "Grace Hopper", "3")
    assert (
        "Grace Hopper"
        in sh(phone, "content query --uri content://com.android.contacts/raw_contacts")[0]
    )


def test_aggregate_contacts_cannot_be_inserted(phone: VirtualPhone) -> None:
    _out, err, code = sh(
        phone, "content insert --uri content://com.android.contacts/contacts --bind starred:i:1"
    )
    assert code == 1 and "java.lang.UnsupportedOperationException" in err


# --- settings provider ---------------------------------------------------------------------
def test_settings_provider(phone: VirtualPhone) -> None:
    out = sh(
        phone,
        "content query --uri content://settings/global --projection name:value --where "
        "\"name='wifi_on'\"",
    )[0]
    assert out == "Row: 0 name=wifi_on, value=1\n"
    assert (
        sh(
            phone,
            "content query --uri content://settings/system/screen_brightness --projection value",
        )[0]
        == "Row: 0 value=102\n"
    )
    sh(
        phone,
        "content insert --uri content://settings/secure --bind name:s:my_key --bind value:s:v1",
    )
    assert phone.settings.get("secure", "my_key") == "v1"
    sh(
        phone,
        "content update --uri content://settings/secure --bind value:s:v2 --where "
        "\"name='my_key'\"",
    )
    assert phone.settings.get("secure", "my_key") == "v2"
    sh(phone, "content delete --uri content://settings/secure/my_key")
    assert phone.settings.get("secure", "my_key") is None


# --- the Python API ------------------------------------------------------------------------
def test_sqlite_provider_api(phone: VirtualPhone) -> None:
    provider = SqliteProvider(
        "com.example.notes",
        "/data/data/com.example.notes/databases/notes.db",
        {"notes": "notes"},
        "CREATE TABLE IF NOT EXISTS notes (_id INTEGER PRIMARY KEY, title TEXT, body TEXT);",
    )
    provider.install(phone)
    uri = provider.insert(phone, "content://com.example.notes/notes", {"title": "a", "body": "x"})
    assert uri == "content://com.example.notes/notes/1"
    provider.insert(phone, "content://com.example.notes/notes", {"title": "b"})
    columns, found = provider.query(
        phone, "content://com.example.notes/notes/2", ["title", "body"], None, None
    )
    assert (columns, found) == (["title", "body"], [("b", None)])
    assert (
        provider.update(phone, "content://com.example.notes/notes", {"body": "y"}, "body IS NULL")
        == 1
    )
    assert provider.delete(phone, uri, None) == 1
    assert rows(phone, provider.database, "SELECT title, body FROM notes") == [("b", "y")]
    with pytest.raises(ProviderError, match="Unknown URI"):
        provider.query(phone, "content://com.example.notes/other", None, None, None)


def test_content_uri_parsing() -> None:
    uri = ContentUri.parse("content://com.android.contacts/raw_contacts/7?caller_is_syncadapter=1")
    assert (uri.authority, uri.segments, uri.row_id) == (
        "com.android.contacts",
        ("raw_contacts", "7"),
        7,
    )
    with pytest.raises(ProviderError):
        ContentUri.parse("file:///sdcard/x")


def test_where_values_may_hold_semicolons(phone: VirtualPhone) -> None:
    body = "Meet at 5; bring snacks"
    sh(
        phone,
        join(["content", "insert", "--uri", "content://sms/inbox", "--bind", f"body:s:{body}"]),
    )
    where = "body = 'Meet at 5; bring snacks'"
    out = sh(
        phone,
        join(
            ["content", "query", "--uri", "content://sms", "--where", where, "--projection", "body"]
        ),
    )
    assert out == (f"Row: 0 body={body}\n", "", 0)
    assert (
        sh(phone, join(["content", "delete", "--uri", "content://sms", "--where", where]))[2] == 0
    )
    assert rows(phone, MMSSMS_DB, "SELECT COUNT(*) FROM sms") == [(0,)]


# --- fresh databases -----------------------------------------------------------------------
SCHEMA = "CREATE TABLE IF NOT EXISTS notes (_id INTEGER PRIMARY KEY, body TEXT);"


def test_a_database_image_is_the_file_its_script_makes(tmp_path: Path) -> None:
    from droidhub.virtual.appmodel import database_image

    script = f"BEGIN;\n{SCHEMA}\nCREATE INDEX IF NOT EXISTS by_body ON notes (body);\nCOMMIT;"
    made = tmp_path / "made.db"
    connection = sqlite3.connect(made, isolation_level=None)
    connection.executescript(script)
    connection.close()
    assert database_image(script) == made.read_bytes()
    assert database_image(script) is database_image(script)  # built once


def test_a_provider_writes_its_fresh_database_and_completes_an_existing_one(
    phone: VirtualPhone,
) -> None:
    provider = SqliteProvider("droidhub.test", "/data/data/droidhub.test/notes.db", {}, SCHEMA)
    provider.install(phone)
    tables = "SELECT name FROM sqlite_master WHERE type = 'table'"
    assert rows(phone, provider.database, tables) == [("notes",)]
    fuller = SqliteProvider(
        "droidhub.test", provider.database, {}, SCHEMA + "CREATE TABLE IF NOT EXISTS tags (t);"
    )
    fuller.install(phone)  # the file is there: its missing table is added, rows kept
    assert rows(phone, provider.database, tables) == [("notes",), ("tags",)]
