"""Records: the rows of an app's one table of records as frozen objects, and the
:class:`~droidhub_aw_apps.common.sqlite_rows.Table` that stores them.

Pro Expense's expenses and Broccoli's recipes are each a pydantic model whose fields
are the table's columns: the auto-increment key (``-1`` until SQLite assigns one) and
the columns a row may leave out, with the value the app stores then. The model is the
one place those defaults are written; :func:`records_table` reads them from it.
"""

from __future__ import annotations

from typing import ClassVar

from pydantic import BaseModel, ConfigDict

from droidhub_aw_apps.common.sqlite_rows import Row, Table


class Record(BaseModel):
    """One row of an app's records table: a frozen object, equal to another with the
    same columns; a subclass names its primary-key column in :attr:`key`."""

    model_config = ConfigDict(frozen=True)

    #: The auto-increment primary-key column, left to SQLite on insert.
    key: ClassVar[str]

    def row(self) -> Row:
        """The columns as stored (every field but the key)."""
        return self.model_dump(exclude={self.key})


def records_table(
    record: type[Record], package: str, activity: str, db_path: str, name: str
) -> Table:
    """The table ``name`` of the database at ``db_path`` that holds ``record`` rows: its
    key is the record's key, its defaults the record's field defaults, and ``activity``
    of ``package`` is what creates the database on a phone where the app never ran."""
    defaults = {
        field_name: field.default
        for field_name, field in record.model_fields.items()
        if not field.is_required() and field_name != record.key
    }
    return Table(package, db_path, name, record.key, f"{package}/{activity}", defaults)
