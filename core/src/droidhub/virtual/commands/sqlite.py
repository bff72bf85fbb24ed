"""``sqlite3 DB [SQL]``: SQLite's shell over a database in the phone's files.

AndroidWorld runs ``sqlite3 /data/data/.../mmssms.db "DELETE FROM sms;"`` on its
emulator image (which has the binary; a stock user build does not). Rows print in
sqlite3's default list mode: columns joined by ``|``, NULL as nothing, no header
unless ``-header``. SQL comes from the argument or, without one, standard input; dot
commands ``.tables``, ``.schema [TABLE]`` and ``.headers on|off`` are understood.
Errors are printed as SQLite 3.32's shell (Android 13's) prints them, exit 1.
"""

from __future__ import annotations

import os
import sqlite3

from droidhub.virtual.commands.invocation import Invocation, command

_USAGE = "Usage: sqlite3 [OPTIONS] FILENAME [SQL]"


def _statements(sql: str) -> list[str]:
    """``sql`` cut into complete statements (``;`` inside quotes does not cut)."""
    statements, current = [], ""
    for piece in sql.split(";"):
        current += piece + ";"
        if sqlite3.complete_statement(current):
            if current.strip(" \t\n;"):
                statements.append(current.strip())
            current = ""
    if current.strip(" \t\n;"):
        statements.append(current.rstrip(";").strip())
    return statements


def _shown(value: object) -> str:
    if value is None:
        return ""
    if isinstance(value, bytes):
        return value.decode("utf-8", "replace")
    return str(value)


def _dot(inv: Invocation, db: sqlite3.Connection, line: str, header: list[bool]) -> None:
    words = line.split()
    if words[0] == ".tables":
        names = [r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type='table'")]
        inv.print("  ".join(sorted(names)))
    elif words[0] == ".schema":
        sql = "SELECT sql FROM sqlite_master WHERE sql IS NOT NULL"
        rows = db.execute(sql + (" AND tbl_name = ?" if len(words) > 1 else ""), words[1:2])
        for (text,) in rows:
            inv.print(f"{text};")
    elif words[0] in (".headers", ".header") and len(words) > 1:
        header[0] = words[1] == "on"
    else:
        name = words[0][1:]
        inv.eprint(
            f'Error: unknown command or invalid arguments:  "{name}". Enter ".help" for help'
        )


@command("sqlite3")
def sqlite3_(inv: Invocation) -> int:
    """``sqlite3 [-header] [-separator S] DATABASE [SQL]``."""
    args = list(inv.args)
    header, separator = [False], "|"
    while args and args[0].startswith("-"):
        option = args.pop(0).lstrip("-")
        if option == "header":
            header[0] = True
        elif option == "noheader":
            header[0] = False
        elif option == "separator" and args:
            separator = args.pop(0)
        elif option not in ("batch", "bail", "list"):
            inv.eprint(f"sqlite3: Error: unknown option: -{option}")
            inv.eprint("Use -help for a list of options.")
            return 1
    if not args:
        inv.eprint(_USAGE)
        return 1
    target, sql = args[0], " ".join(args[1:]) if len(args) > 1 else inv.stdin.decode()
    host = inv.host(target)
    if not host.parent.is_dir() or host.is_dir():
        inv.eprint(f'Error: unable to open database "{target}": unable to open database file')
        return 1
    before = os.stat(host).st_mtime_ns if host.exists() else None
    try:
        db = sqlite3.connect(host, isolation_level=None)  # autocommit, as the shell runs
    except sqlite3.Error:
        inv.eprint(f'Error: unable to open database "{target}": unable to open database file')
        return 1
    try:
        status = _run(inv, db, sql, header, separator)
    finally:
        db.close()
    if host.exists() and os.stat(host).st_mtime_ns != before:
        inv.phone.stamp(host)  # written now: the phone's clock, not the host's
    return status


def _run(inv: Invocation, db: sqlite3.Connection, sql: str, header: list[bool], sep: str) -> int:
    lines = sql.split("\n")
    dots = [line.strip() for line in lines if line.strip().startswith(".")]
    body = "\n".join(line for line in lines if not line.strip().startswith("."))
    for line in dots:
        _dot(inv, db, line, header)
    for statement in _statements(body):
        try:
            cursor = db.execute(statement)
        except sqlite3.Error as exc:
            inv.eprint(f"Error: {_message(exc)}")
            return 1
        if cursor.description and header[0]:
            inv.print(sep.join(d[0] for d in cursor.description))
        for row in cursor:
            inv.print(sep.join(_shown(v) for v in row))
    return 0


def _message(exc: sqlite3.Error) -> str:
    text = str(exc)
    # The shell says "near X: syntax error" where Python says the same; both come from
    # sqlite3_errmsg, so only Python's own wording needs mending.
    return text.replace("You can only execute one statement at a time.", "incomplete input")
