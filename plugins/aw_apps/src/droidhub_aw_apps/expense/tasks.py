"""Pro Expense's tasks: delete expenses (single, several, duplicates) and add expenses
(typed in, from a Markor note, from a picture in the gallery).
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, ClassVar

from pydantic import BaseModel

from droidhub_aw_apps.common import fake_data, source_material
from droidhub_aw_apps.common.row_objects import (
    AddRowObjectsParams,
    AddRowObjectsTask,
    DeleteRowObjectsTask,
    DuplicateRowObjectTask,
    RowObjectsParams,
    RowObjectsTask,
)
from droidhub_aw_apps.common.source_material import GalleryPictureSource, MarkorNoteSource
from droidhub_aw_apps.common.sqlite_rows import Table, db_footprint, random_items
from droidhub_aw_apps.expense.model import (
    EXPENSES,
    Expense,
    expenses_text,
    random_expense,
    random_timestamp_ms,
)

if TYPE_CHECKING:
    from collections.abc import Mapping, Sequence


#: ``rows_match`` is contributed once, by :mod:`droidhub_aw_apps.calendar.tasks`.
EVALUATORS = ()

# --- tasks -----------------------------------------------------------------------------


class ExpenseRowsParams(RowObjectsParams[Expense]):
    """Target expenses and the noise set up beside them (AndroidWorld's names)."""


class ExpenseAddParams(AddRowObjectsParams[Expense]):
    """Expenses to add, shown in the goal as ``csv`` or ``text_block``."""


class _ExpenseTask(RowObjectsTask):
    table: ClassVar[Table] = EXPENSES
    app_names: ClassVar[tuple[str, ...]] = ("pro expense",)
    footprint = db_footprint(EXPENSES)

    draw_row = staticmethod(random_expense)


class _ExpenseDelete(_ExpenseTask, DeleteRowObjectsTask):
    """Delete named expenses; noise expenses (other names) stay (the first drawn are
    the targets)."""

    template = "Delete the following expenses from pro expense: {expenses}."
    Params: ClassVar[type[BaseModel]] = ExpenseRowsParams

    @classmethod
    def row_label(cls, row: Expense) -> str:
        """The expense's name."""
        return row.name

    @property
    def goal(self) -> str:
        """The template with the target names."""
        names = self.target_labels()
        return self.template.format(expenses=names, expense=names)


class ExpenseDeleteSingle(_ExpenseDelete):
    """Delete the only expense."""

    template = "Delete the following expenses from pro expense: {expense}."
    complexity = 1.0
    difficulty = "easy"
    tags: ClassVar[tuple[str, ...]] = ("screen_reading", "parameterized")
    n_rows = 1


class ExpenseDeleteMultiple(_ExpenseDelete):
    """Delete all three expenses."""

    complexity = 2.0
    difficulty = "easy"
    tags: ClassVar[tuple[str, ...]] = ("data_edit", "parameterized")


class ExpenseDeleteMultiple2(_ExpenseDelete):
    """Delete three expenses among fifty others."""

    complexity = 3.4
    difficulty = "hard"
    tags: ClassVar[tuple[str, ...]] = ("screen_reading", "parameterized")
    n_rows_noise = 50


class ExpenseDeleteDuplicates(_ExpenseTask, DuplicateRowObjectTask):
    """One expense is stored twice among five others; delete one copy."""

    template = (
        "Delete all but one of any expenses in pro expense that are exact "
        "duplicates, ensuring at least one instance of each unique expense remains."
    )
    complexity = 1.2
    difficulty = "medium"
    tags: ClassVar[tuple[str, ...]] = ("data_edit", "parameterized")
    Params: ClassVar[type[BaseModel]] = ExpenseRowsParams


class ExpenseDeleteDuplicates2(ExpenseDeleteDuplicates):
    """As :class:`ExpenseDeleteDuplicates` with forty rows, three of them near-copies
    of the duplicate (same name, other amount and dates) that must stay."""

    complexity = 1.8
    tags: ClassVar[tuple[str, ...]] = ("data_edit", "requires_setup", "parameterized")
    n_rows_noise = 40

    @classmethod
    def generate_random_params(cls, rng: random.Random) -> BaseModel:
        """37 distinct expenses, one duplicated, and three variants of it."""
        noise = random_items(rng, cls.n_rows_noise + 1 - 3, lambda: random_expense(rng))
        target = noise.pop()
        variants = []
        for extra in rng.sample(range(50, 1000), 3):
            variants.append(
                target.model_copy(
                    update={
                        "amount": target.amount + extra,
                        "created_date": random_timestamp_ms(rng),
                        "modified_date": random_timestamp_ms(rng),
                    }
                )
            )
        return cls.Params(row_objects=[target, target], noise_row_objects=noise + variants)


class _ExpenseAdd(_ExpenseTask, AddRowObjectsTask):
    """Add expenses; the ten noise expenses stay."""

    template = "Add the following expenses into the pro expense:\n{expenses}"
    Params: ClassVar[type[BaseModel]] = ExpenseAddParams
    compare = ("name", "amount", "category", "note")
    free_text = ("name", "note")
    rows_fields = ("expenses", "expense")
    rows_text = staticmethod(expenses_text)

    @classmethod
    def fits_as_noise(cls, row: Expense, targets: Sequence[Expense]) -> bool:
        """A noise expense is named unlike every target."""
        return all(row.name != target.name for target in targets)


class ExpenseAddSingle(_ExpenseAdd):
    """Add one expense."""

    template = "Add the following expenses into the pro expense:\n{expense}"
    complexity = 1.2
    difficulty = "easy"
    tags: ClassVar[tuple[str, ...]] = ("parameterized", "data_entry", "search")
    n_rows = 1


class ExpenseAddMultiple(_ExpenseAdd):
    """Add three expenses."""

    complexity = 6.0
    difficulty = "medium"
    tags: ClassVar[tuple[str, ...]] = ("data_entry", "parameterized")


MARKOR_NOTE = "my_expenses.txt"
GALLERY_IMAGE = "expenses.jpg"
#: Pictures of earlier expenses beside the one to read, as AndroidWorld sets up.
OLD_IMAGES = tuple(f"old_expenses_{i}.jpg" for i in range(10))


class ExpenseAddMultipleFromMarkor(MarkorNoteSource, _ExpenseAdd):
    """Log the transactions a Markor note marks reimbursable (two among a hundred)."""

    template = (
        "Go through the transactions in my_expenses.txt in Markor. Log the reimbursable "
        "transactions in the pro expense."
    )
    complexity = 6.0
    difficulty = "hard"
    tags: ClassVar[tuple[str, ...]] = (
        "transcription", "repetition", "multi_app", "data_entry", "memorization",
        "parameterized",
    )  # fmt: skip
    app_names = ("pro expense", "markor")
    n_rows = 2
    n_rows_noise = 100
    footprint = db_footprint(EXPENSES, source_material.markor_path(MARKOR_NOTE))
    note_name = MARKOR_NOTE

    @property
    def goal(self) -> str:
        """The fixed goal."""
        return self.template

    def note_text(self) -> str:
        """Every transaction, shuffled, the targets' notes marked reimbursable."""
        targets = [
            e.model_copy(update={"note": f"{e.note}. Reimbursable."})
            for e in self.params.row_objects
        ]
        rows = targets + list(self.params.noise_row_objects)
        fake_data.setup_rng(self).shuffle(rows)
        return expenses_text(rows, "csv")


class ExpenseAddMultipleFromGallery(GalleryPictureSource, _ExpenseAdd):
    """Add the expenses pictured in expenses.jpg (beside ten pictures of old ones)."""

    template = "Add the expenses from expenses.jpg in Simple Gallery Pro to pro expense."
    complexity = 6.0
    difficulty = "hard"
    tags: ClassVar[tuple[str, ...]] = (
        "multi_app", "screen_reading", "data_entry", "information_retrieval", "parameterized",
    )  # fmt: skip
    app_names = ("pro expense", "simple gallery pro")
    footprint = db_footprint(
        EXPENSES, *(source_material.gallery_path(n) for n in (GALLERY_IMAGE, *OLD_IMAGES))
    )
    picture_names = (GALLERY_IMAGE, *OLD_IMAGES)

    @property
    def goal(self) -> str:
        """The fixed goal."""
        return self.template

    def picture_texts(self) -> Mapping[str, str]:
        """The targets on expenses.jpg, the noise on every old picture."""
        old = expenses_text(self.params.noise_row_objects, "text_block", 60)
        return {
            GALLERY_IMAGE: expenses_text(self.params.row_objects, "text_block", 60),
            **dict.fromkeys(OLD_IMAGES, old),
        }


TASKS = (
    ExpenseAddMultiple,
    ExpenseAddMultipleFromGallery,
    ExpenseAddMultipleFromMarkor,
    ExpenseAddSingle,
    ExpenseDeleteDuplicates,
    ExpenseDeleteDuplicates2,
    ExpenseDeleteMultiple,
    ExpenseDeleteMultiple2,
    ExpenseDeleteSingle,
)
