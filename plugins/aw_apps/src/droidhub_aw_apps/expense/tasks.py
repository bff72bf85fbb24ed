"""Pro Expense (com.arduia.expense, versionCode 11, as AndroidWorld pins it): model and tasks.

The app keeps its records in the Room database ``accounting.db`` (schema version 6):
table ``expense``, amounts as whole cents, dates as Unix milliseconds, categories as
ids 1-11 (Others, Income, Food...).
"""

from __future__ import annotations

import datetime as dt
import random
from typing import TYPE_CHECKING, ClassVar, Literal

from pydantic import BaseModel, ConfigDict

from droidhub import AppSpec
from droidhub.virtual.appmodel import VirtualApp
from droidhub_aw_apps.common import fake_data, relative_dates, source_material
from droidhub_aw_apps.common.sqlite_files import DatabaseApp
from droidhub_aw_apps.common.sqlite_rows import (
    AddRowsTask,
    DeleteDuplicatesTask,
    DeleteRowsTask,
    Row,
    RowsTask,
    Table,
    db_footprint,
    random_items,
)

if TYPE_CHECKING:
    from droidhub import Device, Env

PACKAGE = "com.arduia.expense"
ACTIVITY = "com.arduia.expense.ui.MainActivity"
DB_PATH = f"/data/data/{PACKAGE}/databases/accounting.db"
#: Room schema version and identity hash of accounting.db in the pinned version.
SCHEMA_VERSION = 6
_IDENTITY_HASH = "27085a6798a70569f4984067458b86b2"
#: How the tasks name the app in goals.
APP_NAME = "arduia pro expense"

_SCHEMA = (
    "CREATE TABLE IF NOT EXISTS `expense` (`expense_id` INTEGER PRIMARY KEY AUTOINCREMENT "
    "NOT NULL, `name` TEXT, `amount` INTEGER NOT NULL, `category` INTEGER NOT NULL, "
    "`note` TEXT, `created_date` INTEGER NOT NULL, `modified_date` INTEGER NOT NULL)",
    "CREATE TABLE IF NOT EXISTS `backup` (`backup_id` INTEGER PRIMARY KEY AUTOINCREMENT "
    "NOT NULL, `name` TEXT NOT NULL, `path` TEXT NOT NULL, `created_date` INTEGER NOT NULL, "
    "`item_total` INTEGER NOT NULL, `worker_id` TEXT NOT NULL, `is_completed` INTEGER NOT NULL)",
    "CREATE TABLE IF NOT EXISTS room_master_table (id INTEGER PRIMARY KEY,identity_hash TEXT)",
    f"INSERT OR REPLACE INTO room_master_table (id,identity_hash) VALUES(42, '{_IDENTITY_HASH}')",
    "CREATE TABLE IF NOT EXISTS android_metadata (locale TEXT)",
    "INSERT INTO android_metadata VALUES ('en_US')",
    f"PRAGMA user_version = {SCHEMA_VERSION}",
)

#: Category ids as the app numbers them.
CATEGORIES: dict[int, str] = {
    1: "Others", 2: "Income", 3: "Food", 4: "Housing", 5: "Social", 6: "Entertainment",
    7: "Transportation", 8: "Clothes", 9: "Health Care", 10: "Education", 11: "Donation",
}  # fmt: skip

#: Expense names per category (AndroidWorld's value space).
NAMES: dict[str, tuple[str, ...]] = {
    "Others": (
        "Emergency Repairs", "Pet Supplies", "Pet Care", "Household Items", "Stationery",
        "Unexpected Expenses", "Miscellaneous Gifts", "Subscriptions", "Membership Fees",
        "Legal Fees",
    ),
    "Income": (
        "Salary", "Freelance Payment", "Bonus", "Dividends", "Interest Income",
        "Rental Income", "Capital Gains", "Reimbursements", "Side Business", "Consulting Fees",
    ),
    "Food": (
        "Restaurant Meal", "Groceries", "Coffee", "Fast Food", "Fine Dining", "Bakery Items",
        "Snacks", "Food Delivery", "Specialty Foods", "Dining Out",
    ),
    "Housing": (
        "Rent Payment", "Mortgage", "Home Repairs", "Utilities", "Property Taxes",
        "Home Insurance", "Furnishing", "Cleaning Services", "Landscaping", "Pest Control",
    ),
    "Social": (
        "Dinner Party", "Gift for Friend", "Club Membership", "Wedding Gift",
        "Charity Donations", "Birthday Present", "Social Club Dues", "Event Tickets",
        "Night Out", "Party Supplies",
    ),
    "Entertainment": (
        "Concert Tickets", "Movie Night", "Theater Show", "Streaming Services", "Video Games",
        "Books", "Magazines", "Hobbies", "Museum Tickets", "Amusement Park",
    ),
    "Transportation": (
        "Taxi Fare", "Public Transit Pass", "Gas", "Parking Fees", "Car Maintenance",
        "Bike Repairs", "Car Insurance", "Public Transit", "Flight Tickets", "Ride-Sharing",
    ),
    "Clothes": (
        "New Jacket", "Shirt Purchase", "Shoes", "Dress", "Jeans", "Accessories",
        "Sportswear", "Undergarments", "Tailoring Services", "Laundry",
    ),
    "Health Care": (
        "Doctor Visits", "Medications", "Health Insurance", "Dental Care", "Eyecare",
        "Wellness Products", "Gym Membership", "Therapy Sessions", "Medical Tests",
    ),
    "Education": (
        "Tuition Fees", "School Supplies", "Textbooks", "Online Courses", "Seminars",
        "Workshops", "Educational Software", "Library Fees", "ProDev", "Tutoring Services",
    ),
    "Donation": (
        "Charity", "Fundraising Events", "Sponsorships", "Non-Profit Support", "Crowdfunding",
        "Religious", "Political", "Educational", "Medical Research", "Environmental",
    ),
}  # fmt: skip

NOTES: tuple[str, ...] = (
    "Paid by card", "Urgent", "Monthly recurring", "Want to have", "A need",
    "Remember to transfer funds", "I may repeat this",
)  # fmt: skip


class Expense(BaseModel):
    """One row of the ``expense`` table: ``amount`` in cents, dates in milliseconds."""

    model_config = ConfigDict(frozen=True)

    name: str
    amount: int
    category: int = 1
    note: str | None = ""
    created_date: int = 0
    modified_date: int = 0
    expense_id: int = -1

    @property
    def amount_dollars(self) -> str:
        """``$123.45``."""
        return f"${self.amount / 100:.2f}"

    @property
    def category_name(self) -> str:
        """The category as the app shows it."""
        return CATEGORIES[self.category]

    def row(self) -> Row:
        """The columns as stored."""
        return self.model_dump(exclude={"expense_id"})

    def text_fields(self) -> dict[str, str]:
        """What a goal or a note shows of the expense."""
        return {
            "name": self.name,
            "amount_dollars": self.amount_dollars,
            "category_name": self.category_name,
            "note": self.note or "",
        }


EXPENSES = Table(
    package=PACKAGE,
    db_path=DB_PATH,
    name="expense",
    key="expense_id",
    component=f"{PACKAGE}/{ACTIVITY}",
    defaults={"note": "", "category": 1, "created_date": 0, "modified_date": 0},
)


def list_expenses(device: Device) -> list[Expense]:
    """Every expense on the phone, in id order (one pull)."""
    return [Expense(**row) for row in EXPENSES.read(device)]


# --- random expenses -------------------------------------------------------------------


def random_timestamp_ms(rng: random.Random) -> int:
    """A whole hour between October 1st and 15th 2023 (UTC), in milliseconds."""
    day = rng.randint(1, 15)
    hour = rng.randint(0, 23)
    return relative_dates.at_hour(dt.date(2023, 10, day), hour, dt.UTC) * 1000


def random_expense(rng: random.Random) -> Expense:
    """An expense of $10-$500 with a name fitting its category and a stock note."""
    when = random_timestamp_ms(rng)
    category = rng.choice(list(CATEGORIES))
    return Expense(
        name=rng.choice(NAMES[CATEGORIES[category]]),
        amount=rng.randint(1000, 50000),
        category=category,
        note=rng.choice(NOTES),
        created_date=when,
        modified_date=when,
    )


def expenses_text(rows: list[Expense], style: str, wrap_width: int | None = None) -> str:
    """Expenses as ``csv`` (``|``-separated with a header) or ``text_block``."""
    shown = [e.text_fields() for e in rows]
    fields = ["name", "amount_dollars", "category_name", "note"]
    if style == "csv":
        return source_material.rows_as_csv(shown, fields)
    return source_material.rows_as_blocks(shown, "Expense", "name", fields, wrap_width)


# --- the app ---------------------------------------------------------------------------

APPS = (
    AppSpec(
        PACKAGE,
        ACTIVITY,
        names=("pro expense", "pro expense app", "arduia pro expense"),
        label="Pro Expense",
        data_paths=(f"/data/data/{PACKAGE}",),
    ),
)

#: ``rows_match`` is contributed once, by :mod:`droidhub_aw_apps.calendar.tasks`.
EVALUATORS = ()


class ProExpenseApp(DatabaseApp):
    """Pro Expense on the virtual phone: ``accounting.db``, with no records."""

    package = PACKAGE
    label = "Pro Expense"
    activity = ACTIVITY
    version_name = "0.0.11"
    db_path = DB_PATH
    schema = ";\n".join(_SCHEMA)


def virtual_apps() -> list[VirtualApp]:
    """A fresh Pro Expense model."""
    return [ProExpenseApp()]


# --- tasks -----------------------------------------------------------------------------


class ExpenseRowsParams(BaseModel):
    """Target expenses and the noise set up beside them (AndroidWorld's names)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    row_objects: list[Expense]
    noise_row_objects: list[Expense] = []


class ExpenseAddParams(ExpenseRowsParams):
    """Expenses to add, shown in the goal as ``csv`` or ``text_block``."""

    text_representation_type: Literal["csv", "text_block"]


class _ExpenseTask(RowsTask):
    table: ClassVar[Table] = EXPENSES
    app_names: ClassVar[tuple[str, ...]] = ("pro expense",)
    footprint = db_footprint(EXPENSES)

    def target_rows(self, env: Env) -> list[Row]:
        """The target expenses."""
        del env
        return [e.row() for e in self.params.row_objects]

    def noise_rows(self, env: Env) -> list[Row]:
        """The other expenses."""
        del env
        return [e.row() for e in self.params.noise_row_objects]


def _names(rows: list[Expense]) -> str:
    return ", ".join(e.name for e in rows)


class _ExpenseDelete(_ExpenseTask, DeleteRowsTask):
    """Delete named expenses; noise expenses (other names) stay."""

    template = "Delete the following expenses from arduia pro expense: {expenses}."
    Params: ClassVar[type[BaseModel]] = ExpenseRowsParams
    n_rows: ClassVar[int] = 3
    n_rows_noise: ClassVar[int] = 0

    @property
    def goal(self) -> str:
        """The template with the target names."""
        names = _names(self.params.row_objects)
        return self.template.format(expenses=names, expense=names)

    @classmethod
    def generate_random_params(cls, rng: random.Random) -> BaseModel:
        """Expenses with distinct names: the first ``n_rows`` are the targets."""
        drawn: list[Expense] = []
        while len(drawn) < cls.n_rows + cls.n_rows_noise:
            candidate = random_expense(rng)
            if all(candidate.name != e.name for e in drawn):
                drawn.append(candidate)
        return cls.Params(row_objects=drawn[: cls.n_rows], noise_row_objects=drawn[cls.n_rows :])


class ExpenseDeleteSingle(_ExpenseDelete):
    """Delete the only expense."""

    template = "Delete the following expenses from arduia pro expense: {expense}."
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


class ExpenseDeleteDuplicates(_ExpenseTask, DeleteDuplicatesTask):
    """One expense is stored twice among five others; delete one copy."""

    template = (
        "Delete all but one of any expenses in arduia pro expense that are exact "
        "duplicates, ensuring at least one instance of each unique expense remains."
    )
    complexity = 1.2
    difficulty = "medium"
    tags: ClassVar[tuple[str, ...]] = ("data_edit", "parameterized")
    Params: ClassVar[type[BaseModel]] = ExpenseRowsParams
    n_rows_noise: ClassVar[int] = 5

    @classmethod
    def generate_random_params(cls, rng: random.Random) -> BaseModel:
        """Distinct expenses; the last drawn is duplicated."""
        rows = random_items(rng, cls.n_rows_noise + 1, lambda: random_expense(rng))
        target = rows.pop()
        return cls.Params(row_objects=[target, target], noise_row_objects=rows)

    def duplicated_row(self, env: Env) -> Row:
        """The duplicated expense."""
        del env
        return self.params.row_objects[0].row()


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


class _ExpenseAdd(_ExpenseTask, AddRowsTask):
    """Add expenses; the ten noise expenses stay."""

    template = "Add the following expenses into the arduia pro expense: {expenses}"
    Params: ClassVar[type[BaseModel]] = ExpenseAddParams
    compare = ("name", "amount", "category", "note")
    free_text = ("name", "note")
    n_rows: ClassVar[int] = 3
    n_rows_noise: ClassVar[int] = 10

    @property
    def goal(self) -> str:
        """The template with the expenses as the parameters say to show them."""
        text = "\n" + expenses_text(
            self.params.row_objects,
            self.params.text_representation_type,
        )
        return self.template.format(expenses=text, expense=text)

    @classmethod
    def generate_random_params(cls, rng: random.Random) -> BaseModel:
        """Targets, and noise whose names differ from theirs."""
        targets = random_items(rng, cls.n_rows, lambda: random_expense(rng))
        names = {t.name for t in targets}
        noise = random_items(
            rng, cls.n_rows_noise, lambda: random_expense(rng), lambda e: e.name not in names
        )
        return cls.Params(
            row_objects=targets,
            noise_row_objects=noise,
            text_representation_type=rng.choice(["csv", "text_block"]),
        )


class ExpenseAddSingle(_ExpenseAdd):
    """Add one expense."""

    template = "Add the following expenses into the arduia pro expense: {expense}"
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


class ExpenseAddMultipleFromMarkor(_ExpenseAdd):
    """Log the transactions a Markor note marks reimbursable (two among a hundred)."""

    template = (
        "Go through the transactions in my_expenses.txt in Markor. Log the reimbursable "
        "transactions in the arduia pro expense."
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

    @property
    def goal(self) -> str:
        """The fixed goal."""
        return self.template

    def initialize_task(self, env: Env) -> None:
        """Set up the noise rows, and the note listing every transaction, shuffled."""
        super().initialize_task(env)
        targets = [
            e.model_copy(update={"note": f"{e.note}. Reimbursable."})
            for e in self.params.row_objects
        ]
        rows = targets + list(self.params.noise_row_objects)
        fake_data.setup_rng(self).shuffle(rows)
        source_material.write_markor_note(env.device, MARKOR_NOTE, expenses_text(rows, "csv"))

    def tear_down(self, env: Env) -> None:
        """Restore the database and remove the note."""
        source_material.remove_files(env.device, [source_material.markor_path(MARKOR_NOTE)])
        super().tear_down(env)


class ExpenseAddMultipleFromGallery(_ExpenseAdd):
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

    @property
    def goal(self) -> str:
        """The fixed goal."""
        return self.template

    def initialize_task(self, env: Env) -> None:
        """Set up the noise rows and the pictures."""
        super().initialize_task(env)
        targets = self.params.row_objects
        noise = self.params.noise_row_objects
        image = source_material.render_text_image(expenses_text(targets, "text_block", 60))
        source_material.write_gallery_image(env.device, GALLERY_IMAGE, image)
        old = source_material.render_text_image(expenses_text(noise, "text_block", 60))
        for name in OLD_IMAGES:
            source_material.write_gallery_image(env.device, name, old)

    def tear_down(self, env: Env) -> None:
        """Restore the database and remove the pictures."""
        paths = [source_material.gallery_path(n) for n in (GALLERY_IMAGE, *OLD_IMAGES)]
        source_material.remove_files(env.device, paths)
        super().tear_down(env)


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
