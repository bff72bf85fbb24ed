"""What an information-retrieval question needs of an app: its row fields, AW's noise,
and how rows are stored.

Each app the specs ask about (``calendar``, ``tasks``, ``sports``, ``notes``) defines an
:class:`IRApp` as ``IR_APP`` in its ``ir`` module. Set-up asks it for the rows to store
(:meth:`IRApp.app_rows`: the answer rows and the noise, drawn and shuffled as AW's
set-up for that app does), then writes them in one pass over the app's database.
"""

from __future__ import annotations

import abc
import dataclasses
import datetime as dt
import json
import random
import sqlite3
from collections.abc import Callable, Mapping, Sequence
from importlib import resources
from typing import TYPE_CHECKING, Any, ClassVar

from droidhub_aw_apps.common.ir_instance import compare, parse_date, parse_time, random_items
from droidhub_aw_apps.common.ir_spec import Condition
from droidhub_aw_apps.common.sqlite_rows import Table

if TYPE_CHECKING:
    from droidhub import Device

#: An answer row: field -> text, as the spec's row filled in.
Row = Mapping[str, str]


def moment(day: str, time: str | None) -> dt.datetime:
    """AW's date and time texts as a moment on the phone's clock (UTC); no time is
    midnight."""
    at = parse_time(time) if time else dt.time(0, 0)
    return dt.datetime.combine(parse_date(day), at, tzinfo=dt.UTC)


def utc_day(ms: int) -> dt.date:
    """The day (UTC, the phone's clock) of a moment stored in milliseconds."""
    return dt.datetime.fromtimestamp(ms // 1000, dt.UTC).date()


def day_meets(ms: int, cond: Condition) -> bool:
    """Whether the day (UTC) of a moment stored in milliseconds meets date condition
    ``cond``."""
    return compare(utc_day(ms), cond.op, parse_date(cond.value))


def escapes_exclusions(exclude: Sequence[Condition], meets: Callable[[Condition], bool]) -> bool:
    """Whether a noise row escapes ``exclude`` as AW's rule has it: it may meet some
    conditions but not all of them (with none, every row escapes). ``meets`` says
    whether the row meets one condition; a field the app does not check counts as met."""
    return not (exclude and all(meets(cond) for cond in exclude))


def noise_pools(package: str) -> Any:
    """The value pools of ``package``'s ``ir_noise.json`` (AW's, see
    ``tools/aw_ir_specs.py``)."""
    text = (resources.files(f"droidhub_aw_apps.{package}") / "ir_noise.json").read_text("utf-8")
    return json.loads(text)


class IRApp(abc.ABC):
    """An app IR questions are asked about: its rows, AW's noise and device storage.

    Rows live in one database file (``table.db_path``); :meth:`write` replaces its
    content in one pass with the app stopped and returns the file as it was, which
    :meth:`restore` puts back byte for byte.
    """

    #: The key specs use in ``app``.
    key: ClassVar[str]
    #: The app's main table (database path, package, launch component).
    table: ClassVar[Table]
    #: Names of the app as ``open_app`` accepts them (the first is the task's app name).
    app_names: ClassVar[tuple[str, ...]]
    #: The fields a row may have, in the order AW fills them in.
    fields: ClassVar[tuple[str, ...]]
    #: What AW's state calls the list of rows (an expectation may count it).
    rows_field: ClassVar[str]

    def answer_rows(self, rows: Sequence[Row]) -> list[dict[str, str]]:
        """The answer rows as the app stores them, for computing the answer (AW rounds
        OpenTracks distances before it computes a sum)."""
        return [dict(r) for r in rows]

    @abc.abstractmethod
    def app_rows(
        self, rows: Sequence[Row], exclude: Sequence[Condition], rng: random.Random
    ) -> list[Any]:
        """The app rows to store: the answer rows and AW's noise, none of which meets
        every exclusion condition, in AW's order of draws and shuffled as AW does."""

    def rewrite(self, conn: sqlite3.Connection, rows: Sequence[Any]) -> None:
        """Replace the app's rows in an open database with ``rows``: by default every
        row of :attr:`table`, the rows being dataclasses of its columns."""
        conn.execute(f'DELETE FROM "{self.table.name}"')
        self.table.insert(conn, (dataclasses.asdict(r) for r in rows))

    def write(self, device: Device, rows: Sequence[Any]) -> bytes:
        """Replace the app's rows on ``device``; return the database as it was."""
        self.table.ensure_db(device)
        image: list[bytes] = []

        def change(conn: sqlite3.Connection) -> None:
            image.append(conn.serialize())
            self.rewrite(conn, rows)

        self.table.change(device, change)
        return image[0]

    def restore(self, device: Device, image: bytes) -> None:
        """Put the database back as :meth:`write` found it."""
        self.table.restore(device, image)


class NoiseDrawnIRApp(IRApp):
    """An app whose set-up stores the answer rows beside :attr:`noise_count` noise rows,
    each drawn again while it meets every exclusion condition, all shuffled together
    (AW's set-up for tasks, sports activities and notes)."""

    #: How many noise rows set-up draws.
    noise_count: ClassVar[int]
    #: AW draws the noise before the answer rows are made (Joplin) or after.
    noise_first: ClassVar[bool] = False

    @abc.abstractmethod
    def app_row(self, row: Row) -> Any:
        """The app row an answer row describes."""

    def noise_row(self, rng: random.Random, rows: Sequence[Row]) -> Any:
        """One of AW's noise rows, before the exclusions (``rows`` are the answers): by
        default :meth:`draw_noise`'s, for an app whose noise ignores the answers."""
        del rows
        return self.draw_noise(rng)

    def draw_noise(self, rng: random.Random) -> Any:
        """One of AW's noise rows drawn from ``rng`` alone; an app whose noise depends
        on the answers overrides :meth:`noise_row` instead."""
        raise NotImplementedError(
            f"{type(self).__name__} overrides neither noise_row nor draw_noise"
        )

    @abc.abstractmethod
    def meets(self, app_row: Any, cond: Condition) -> bool:
        """Whether ``app_row`` meets exclusion condition ``cond``."""

    def app_rows(
        self, rows: Sequence[Row], exclude: Sequence[Condition], rng: random.Random
    ) -> list[Any]:
        """The answer rows and the noise, in AW's order of draws, shuffled."""
        answers = [self.app_row(r) for r in rows]
        noise = random_items(
            rng,
            self.noise_count,
            lambda: self.noise_row(rng, rows),
            lambda n: escapes_exclusions(exclude, lambda cond: self.meets(n, cond)),
        )
        stored = noise + answers if self.noise_first else answers + noise
        rng.shuffle(stored)
        return stored
