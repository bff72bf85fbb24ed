"""Tasks scored by the rows of one SQLite table of an app.

AndroidWorld's SQLite apps (Simple Calendar Pro, Pro Expense, Broccoli) share one
shape of task: set the table to noise rows (plus, for deletions, the target rows),
ask the agent to add or delete rows, then score from the table alone. This module
holds that shape once:

- :class:`Table` names where an app keeps its rows and reads/writes them through the
  Device only (pull and query locally; write with the app stopped), so the same code
  runs on an emulator and on the virtual phone.
- :func:`rows_match` is the reusable check (registered as the ``rows_match``
  evaluator): the table holds exactly the rows that must stay, plus one row matching
  each row that must be added, compared on the fields that matter, free text
  tolerating small typos.
- :class:`AddRowsTask`, :class:`DeleteRowsTask` and :class:`DeleteDuplicatesTask`
  are the three task kinds; an app module subclasses them and says which rows.

Scoring needs no memory of set-up: the rows to keep follow from the parameters (and
the phone's clock, for relative dates), so a fresh task object scores the same.
"""

from __future__ import annotations

import sqlite3
import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar, TypedDict, Unpack

from droidhub import Evaluator, Footprint, StateRefs, TaskEval
from droidhub_aw_apps.common import fuzzy

if TYPE_CHECKING:
    from droidhub import Device, Env

Row = dict[str, Any]

#: How long to wait for an app to create its database on a real phone's first launch.
_CREATE_WAIT_S = 10.0


@dataclass(frozen=True)
class Table:
    """One table of an app's database, and how its rows are written.

    ``key`` is the auto-increment primary key, left to SQLite on insert and ignored
    when rows are compared. ``defaults`` fill the columns a row does not give.
    ``component`` is launched once on a real phone whose app never ran, to let the
    app create the database with its own schema.
    """

    package: str
    db_path: str
    name: str
    key: str
    component: str
    defaults: Mapping[str, Any] = field(default_factory=dict)

    # --- reading ----------------------------------------------------------------------
    def read(self, device: Device) -> list[Row]:
        """Every row, in key order, keys included (one pull of the database)."""
        return device.query_db(self.db_path, f'SELECT * FROM "{self.name}" ORDER BY "{self.key}"')

    def full_row(self, row: Mapping[str, Any]) -> Row:
        """``row`` completed with the defaults, without the key: what an insert stores."""
        full = {**self.defaults, **row}
        full.pop(self.key, None)
        return {k: int(v) if isinstance(v, bool) else v for k, v in full.items()}

    # --- writing (app stopped) ---------------------------------------------------------
    def ensure_db(self, device: Device) -> None:
        """Launch the app once if its database does not exist yet (a fresh real phone)."""
        if device.exists(self.db_path):
            return
        device.start_activity(component=self.component)
        deadline = time.monotonic() + _CREATE_WAIT_S
        while not device.exists(self.db_path) and time.monotonic() < deadline:
            time.sleep(0.5)
        device.force_stop(self.package)
        if not device.exists(self.db_path):
            raise RuntimeError(
                f"{self.package} did not create {self.db_path} within {_CREATE_WAIT_S:g} s; "
                "open the app once by hand (finish its first-run screens) and retry"
            )

    def insert(self, conn: sqlite3.Connection, rows: Iterable[Mapping[str, Any]]) -> None:
        """Insert ``rows`` (completed with the defaults) into an open connection."""
        for row in rows:
            full = self.full_row(row)
            columns = ", ".join(f'"{c}"' for c in full)
            marks = ", ".join("?" for _ in full)
            conn.execute(
                f'INSERT INTO "{self.name}" ({columns}) VALUES ({marks})', tuple(full.values())
            )

    def delete_matching(self, conn: sqlite3.Connection, rows: Iterable[Mapping[str, Any]]) -> None:
        """Delete one stored row equal to each of ``rows`` (all columns but the key)."""
        cursor = conn.execute(f'SELECT * FROM "{self.name}" ORDER BY "{self.key}"')
        names = [d[0] for d in cursor.description]
        stored = [dict(zip(names, values, strict=True)) for values in cursor.fetchall()]
        for row in rows:
            wanted = self.full_row(row)
            for candidate in stored:
                if _same(candidate, wanted, self.key):
                    conn.execute(
                        f'DELETE FROM "{self.name}" WHERE "{self.key}" = ?', (candidate[self.key],)
                    )
                    stored.remove(candidate)
                    break

    def change(self, device: Device, change: Callable[[sqlite3.Connection], None]) -> None:
        """Apply ``change`` to the database with the app stopped (``Device.write_db``)."""
        device.write_db(self.db_path, self.package, change)

    def replace_rows(self, device: Device, rows: Sequence[Mapping[str, Any]]) -> bytes:
        """Empty the table, insert ``rows``; return the database as it was before.

        The returned image is what :meth:`restore` puts back at tear-down.
        """
        self.ensure_db(device)
        image: list[bytes] = []

        def rewrite(conn: sqlite3.Connection) -> None:
            image.append(conn.serialize())
            conn.execute(f'DELETE FROM "{self.name}"')
            self.insert(conn, rows)

        self.change(device, rewrite)
        return image[0]

    def add_rows(self, device: Device, rows: Sequence[Mapping[str, Any]]) -> None:
        """Insert ``rows`` beside the existing ones."""
        self.ensure_db(device)
        self.change(device, lambda conn: self.insert(conn, rows))

    def clear(self, device: Device) -> None:
        """Delete every row of the table."""
        self.ensure_db(device)

        def empty(conn: sqlite3.Connection) -> None:
            conn.execute(f'DELETE FROM "{self.name}"')

        self.change(device, empty)

    def restore(self, device: Device, image: bytes) -> None:
        """Put the whole database file back as :meth:`replace_rows` found it.

        Byte for byte, so the phone is exactly as set-up found it; the owner and mode
        of the file are kept, stale journals removed, with the app stopped.
        """
        device.replace_db(self.db_path, self.package, image)


def db_footprint(table: Table, *extra_paths: str) -> Footprint:
    """Writes ``table``'s database file (its journals included) and ``extra_paths``."""
    return Footprint(writes=StateRefs(paths=frozenset({table.db_path, *extra_paths})))


# --- comparing rows --------------------------------------------------------------------


def _same(stored: Mapping[str, Any], wanted: Mapping[str, Any], key: str) -> bool:
    return all(stored.get(c) == v for c, v in wanted.items() if c != key) and all(
        c in wanted or c == key for c in stored
    )


def _matches(
    stored: Mapping[str, Any],
    wanted: Mapping[str, Any],
    compare: Sequence[str],
    free_text: Sequence[str],
) -> bool:
    for column in compare:
        if column in free_text:
            if not fuzzy.similar(str(wanted.get(column) or ""), str(stored.get(column) or "")):
                return False
        elif stored.get(column) != wanted.get(column):
            return False
    return True


def compare_rows(
    stored: Sequence[Mapping[str, Any]],
    keep: Sequence[Mapping[str, Any]],
    add: Sequence[Mapping[str, Any]] = (),
    key: str = "id",
    compare: Sequence[str] = (),
    free_text: Sequence[str] = (),
) -> bool:
    """Whether ``stored`` is exactly ``keep`` plus one row per ``add``.

    ``keep`` rows must be there unchanged (every column but ``key``, as many times as
    listed: two equal rows in ``keep`` need two in the table). What remains must be
    exactly ``len(add)`` rows, each matching a different ``add`` row on ``compare``
    (``free_text`` columns up to small typos and case). So deleting, changing or
    adding any other row fails, and so does leaving a duplicate behind.
    """
    rest = list(stored)
    for wanted in keep:
        for candidate in rest:
            if _same(candidate, wanted, key):
                rest.remove(candidate)
                break
        else:
            return False
    if len(rest) != len(add):
        return False
    return _assign(rest, list(add), compare, free_text)


def _assign(
    rest: list[Mapping[str, Any]],
    add: list[Mapping[str, Any]],
    compare: Sequence[str],
    free_text: Sequence[str],
) -> bool:
    # Small lists: try every pairing so that two similar targets cannot steal each
    # other's match.
    if not add:
        return True
    wanted, others = add[0], add[1:]
    for index, candidate in enumerate(rest):
        if _matches(candidate, wanted, compare, free_text) and _assign(
            rest[:index] + rest[index + 1 :], others, compare, free_text
        ):
            return True
    return False


class RowsExpected(TypedDict, total=False):
    """What :func:`rows_match` passes on to :func:`compare_rows` beside the rows to
    keep: the rows to add, the key column, the columns compared for added rows and
    those compared as free text (defaults as :func:`compare_rows` has them)."""

    add: Sequence[Mapping[str, Any]]
    key: str
    compare: Sequence[str]
    free_text: Sequence[str]


def rows_match(
    env: Env,
    db: str,
    table: str,
    keep: Sequence[Mapping[str, Any]],
    **expected: Unpack[RowsExpected],
) -> float:
    """1.0 when ``table`` of database ``db`` holds exactly ``keep`` plus one row per
    ``add`` (see :func:`compare_rows`); one pull of the database."""
    stored = env.device.query_db(db, f'SELECT * FROM "{table}"')
    return 1.0 if compare_rows(stored, keep, **expected) else 0.0


ROWS_MATCH = Evaluator(
    "rows_match",
    "a SQLite table holds exactly the rows to keep plus the rows to add (free text fuzzy)",
    rows_match,
)


# --- the three kinds of task -----------------------------------------------------------


class RowsTask(TaskEval):
    """A task whose start state is the rows of one :class:`Table`.

    Subclasses set :attr:`table` and implement :meth:`start_rows` (what set-up writes,
    in insert order) and :meth:`keep_rows` (what must still be there at the end).
    """

    #: The table set up and scored.
    table: ClassVar[Table]

    def __init__(self, params: Any = None) -> None:
        super().__init__(params)
        self._image: bytes | None = None

    def start_rows(self, env: Env) -> list[Row]:
        """The rows set-up writes, in order."""
        raise NotImplementedError

    def keep_rows(self, env: Env) -> list[Row]:
        """The rows that must be there, unchanged, when the task is done."""
        raise NotImplementedError

    def add_rows(self, env: Env) -> list[Row]:
        """Rows the agent must add (compared on :attr:`compare`)."""
        del env
        return []

    #: Columns compared for added rows, and those among them compared as free text.
    compare: ClassVar[tuple[str, ...]] = ()
    free_text: ClassVar[tuple[str, ...]] = ()

    def initialize_task(self, env: Env) -> None:
        """Replace the table's rows with :meth:`start_rows` (noise, then targets)."""
        super().initialize_task(env)
        self._image = self.table.replace_rows(env.device, self.start_rows(env))

    def is_successful(self, env: Env) -> float:
        """1.0 when the table holds exactly the kept rows plus the added ones."""
        return rows_match(
            env,
            self.table.db_path,
            self.table.name,
            keep=[self.table.full_row(r) for r in self.keep_rows(env)],
            add=self.add_rows(env),
            key=self.table.key,
            compare=self.compare,
            free_text=self.free_text,
        )

    def tear_down(self, env: Env) -> None:
        """Put the database back as set-up found it (or empty the table if unknown)."""
        if self._image is not None:
            self.table.restore(env.device, self._image)
            self._image = None
        else:
            self.table.clear(env.device)
        super().tear_down(env)


class AddRowsTask(RowsTask):
    """The agent adds :meth:`target_rows`; the noise rows must stay untouched."""

    def target_rows(self, env: Env) -> list[Row]:
        """The rows the agent must add."""
        raise NotImplementedError

    def noise_rows(self, env: Env) -> list[Row]:
        """Rows present from the start that must stay."""
        raise NotImplementedError

    def start_rows(self, env: Env) -> list[Row]:
        """The noise."""
        return self.noise_rows(env)

    def keep_rows(self, env: Env) -> list[Row]:
        """The noise, unchanged."""
        return self.noise_rows(env)

    def add_rows(self, env: Env) -> list[Row]:
        """The targets."""
        return self.target_rows(env)

    def oracle(self, env: Env) -> None:
        """Insert the target rows."""
        self.table.add_rows(env.device, self.target_rows(env))


class DeleteRowsTask(AddRowsTask):
    """The agent deletes :meth:`target_rows`; the noise rows must stay untouched."""

    def start_rows(self, env: Env) -> list[Row]:
        """Noise first, then the targets (AndroidWorld's order)."""
        return self.noise_rows(env) + self.target_rows(env)

    def add_rows(self, env: Env) -> list[Row]:
        """Nothing to add."""
        del env
        return []

    def oracle(self, env: Env) -> None:
        """Delete one stored row equal to each target."""
        targets = self.target_rows(env)
        self.table.ensure_db(env.device)
        self.table.change(env.device, lambda conn: self.table.delete_matching(conn, targets))


class DeleteDuplicatesTask(DeleteRowsTask):
    """One row is stored twice among the noise; exactly one copy must remain."""

    def duplicated_row(self, env: Env) -> Row:
        """The row stored twice."""
        raise NotImplementedError

    def target_rows(self, env: Env) -> list[Row]:
        """The duplicated row, twice."""
        row = self.duplicated_row(env)
        return [row, dict(row)]

    def keep_rows(self, env: Env) -> list[Row]:
        """The noise and one copy of the duplicated row."""
        return [*self.noise_rows(env), self.duplicated_row(env)]

    def oracle(self, env: Env) -> None:
        """Delete one of the two copies."""
        extra = [self.duplicated_row(env)]
        self.table.ensure_db(env.device)
        self.table.change(env.device, lambda conn: self.table.delete_matching(conn, extra))


def random_items(
    rng: Any,
    n: int,
    make: Callable[[], Any],
    keep: Callable[[Any], bool] = lambda _: True,
    distinct: bool = True,
    tries: int = 10_000,
) -> list[Any]:
    """``n`` items from ``make`` that pass ``keep``, all different unless not ``distinct``.

    ``rng`` is unused here but named so callers show where the randomness comes from:
    ``make`` must draw from it.
    """
    del rng
    items: list[Any] = []
    attempts = 0
    while len(items) < n:
        attempts += 1
        if attempts > tries:
            raise ValueError(
                f"drew {tries} candidates but only {len(items)} of the {n} wanted passed; "
                "loosen the filter or ask for fewer"
            )
        candidate = make()
        if keep(candidate) and (not distinct or candidate not in items):
            items.append(candidate)
    return items
