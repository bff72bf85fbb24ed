"""Row tasks whose params hold the rows as objects, under AndroidWorld's names.

Pro Expense and Broccoli keep a task's rows in its params as AW does: the targets in
``row_objects``, the rows set up beside them in ``noise_row_objects``, each an object
whose ``row()`` is what the table stores. What follows from that is held here once:
the params model, reading the rows back from it, and AW's draws for the add, the delete
and the duplicate tasks. An app module says only which table, how to draw one of its
rows, what names a row in a goal and how a goal shows rows to add.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, ClassVar, Generic, Literal, TypeVar

from pydantic import BaseModel, ConfigDict

from droidhub_aw_apps.common.aw_params import SparseParams
from droidhub_aw_apps.common.sqlite_rows import (
    AddRowsTask,
    DeleteDuplicatesTask,
    DeleteRowsTask,
    Row,
    RowsTask,
    random_items,
)

if TYPE_CHECKING:
    from droidhub import Env

RowObjectT = TypeVar("RowObjectT", bound=BaseModel)

#: How an add task's goal shows the rows to add (AW's ``text_representation_type``).
TextRepresentation = Literal["csv", "text_block"]


class RowObjectsParams(SparseParams, Generic[RowObjectT]):
    """Target rows and the noise set up beside them (AndroidWorld's names)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    row_objects: list[RowObjectT]
    noise_row_objects: list[RowObjectT] = []


class AddRowObjectsParams(RowObjectsParams[RowObjectT]):
    """Rows to add, shown in the goal as ``csv`` or ``text_block``, and the noise."""

    text_representation_type: TextRepresentation


class RowObjectsTask(RowsTask):
    """A :class:`RowsTask` whose targets and noise are the params' row objects."""

    @classmethod
    def draw_row(cls, rng: random.Random) -> Any:
        """One random row object of the app, drawn from ``rng``."""
        raise NotImplementedError

    def target_rows(self, env: Env) -> list[Row]:
        """The rows of ``row_objects``."""
        del env
        return [r.row() for r in self.params.row_objects]

    def noise_rows(self, env: Env) -> list[Row]:
        """The rows of ``noise_row_objects``."""
        del env
        return [r.row() for r in self.params.noise_row_objects]


class DeleteRowObjectsTask(RowObjectsTask, DeleteRowsTask):
    """Delete ``n_rows`` targets among ``n_rows_noise`` others, all named differently."""

    n_rows: ClassVar[int] = 3
    n_rows_noise: ClassVar[int] = 0
    #: Which part of AW's one draw is the targets: Pro Expense's first rows, Broccoli's last.
    targets_drawn_first: ClassVar[bool] = True

    @classmethod
    def row_label(cls, row: Any) -> str:
        """What names ``row`` in the goal; no two drawn rows share it."""
        raise NotImplementedError

    def target_labels(self) -> str:
        """The targets' labels, comma-separated, as the goal lists them."""
        return ", ".join(self.row_label(r) for r in self.params.row_objects)

    @classmethod
    def generate_random_params(cls, rng: random.Random) -> BaseModel:
        """Rows with distinct labels, split into targets and noise as AW splits them."""
        drawn: list[Any] = []
        while len(drawn) < cls.n_rows + cls.n_rows_noise:
            candidate = cls.draw_row(rng)
            if all(cls.row_label(candidate) != cls.row_label(r) for r in drawn):
                drawn.append(candidate)
        if not cls.n_rows_noise:
            return cls.Params(row_objects=drawn)  # AW stores no noise key then
        if cls.targets_drawn_first:
            targets, noise = drawn[: cls.n_rows], drawn[cls.n_rows :]
        else:
            noise, targets = drawn[: cls.n_rows_noise], drawn[cls.n_rows_noise :]
        return cls.Params(row_objects=targets, noise_row_objects=noise)


class DuplicateRowObjectTask(RowObjectsTask, DeleteDuplicatesTask):
    """One row object is stored twice among ``n_rows_noise`` others."""

    n_rows_noise: ClassVar[int] = 5

    @classmethod
    def generate_random_params(cls, rng: random.Random) -> BaseModel:
        """Distinct rows; the last drawn is duplicated."""
        rows = random_items(rng, cls.n_rows_noise + 1, lambda: cls.draw_row(rng))
        target = rows.pop()
        return cls.Params(row_objects=[target, target], noise_row_objects=rows)

    def duplicated_row(self, env: Env) -> Row:
        """The row stored twice."""
        del env
        result: Row = self.params.row_objects[0].row()
        return result


class AddRowObjectsTask(RowObjectsTask, AddRowsTask):
    """Add ``n_rows`` targets, shown in the goal as the params'
    ``text_representation_type`` says; the ``n_rows_noise`` rows set up beside them stay."""

    n_rows: ClassVar[int] = 3
    n_rows_noise: ClassVar[int] = 10
    #: The template's fields for the targets' text: AW fills both the plural a
    #: many-row template names and the singular of a one-row template.
    rows_fields: ClassVar[tuple[str, str]]

    @classmethod
    def rows_text(cls, rows: Sequence[Any], representation: TextRepresentation) -> str:
        """``rows`` as a goal (or a note) shows them: ``csv`` or ``text_block``."""
        raise NotImplementedError

    @classmethod
    def fits_as_noise(cls, row: Any, targets: Sequence[Any]) -> bool:
        """Whether a drawn ``row`` may be set up beside ``targets`` (AW's filter)."""
        raise NotImplementedError

    def goal_fields(self) -> dict[str, Any]:
        """The template's fields besides the targets' text."""
        return {}

    @property
    def goal(self) -> str:
        """The template with the targets shown as the params say."""
        text = self.rows_text(self.params.row_objects, self.params.text_representation_type)
        return self.template.format(**dict.fromkeys(self.rows_fields, text), **self.goal_fields())

    @classmethod
    def generate_random_params(cls, rng: random.Random) -> BaseModel:
        """Targets, then noise that fits beside them, as AW draws them."""
        targets = random_items(rng, cls.n_rows, lambda: cls.draw_row(rng))
        noise = random_items(
            rng,
            cls.n_rows_noise,
            lambda: cls.draw_row(rng),
            lambda row: cls.fits_as_noise(row, targets),
        )
        return cls.added_rows_params(rng, targets, noise)

    @classmethod
    def added_rows_params(
        cls, rng: random.Random, targets: list[Any], noise: list[Any], **fields: Any
    ) -> BaseModel:
        """The params of ``targets`` and ``noise`` (and ``fields``); how the goal shows
        the targets is drawn last, as AW draws it."""
        representation = rng.choice(["csv", "text_block"])
        return cls.Params(
            row_objects=targets,
            noise_row_objects=noise,
            text_representation_type=representation,
            **fields,
        )
