"""Pro Expense (com.arduia.expense 1.0.0-beta05, versionCode 11, as AndroidWorld pins it): its
database, random expenses and the app model.

The app keeps its records in the Room database ``accounting.db`` (schema version 6):
table ``expense``, amounts as whole cents, dates as Unix milliseconds, categories as
ids 1-11 (Others, Income, Food...).
"""

from __future__ import annotations

import datetime as dt
import random
from typing import TYPE_CHECKING

from droidhub_aw_apps.common import relative_dates, source_material
from droidhub_aw_apps.common.app_identity import model_of
from droidhub_aw_apps.common.app_specs import private_data_app
from droidhub_aw_apps.common.records_model import Record, records_table
from droidhub_aw_apps.common.sqlite_files import DatabaseApp
from droidhub_aw_apps.expense.ids import CATEGORIES

if TYPE_CHECKING:
    from collections.abc import Sequence

    from droidhub import Device


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


class Expense(Record):
    """One row of the ``expense`` table: ``amount`` in cents, dates in milliseconds."""

    key = "expense_id"

    name: str
    amount: int
    category: int = 1
    note: str | None = ""
    created_date: int = 0
    modified_date: int = 0
    expense_id: int = -1

    @property
    def amount_dollars(self) -> str:
        """The amount as AndroidWorld writes it in goals: the cents divided by 100 in
        Python's float form, so ``$123.45``, ``$355.9`` and ``$12.0``."""
        return f"${self.amount / 100}"

    @property
    def category_name(self) -> str:
        """The category as the app shows it."""
        return CATEGORIES[self.category]

    def text_fields(self) -> dict[str, str]:
        """What a goal or a note shows of the expense."""
        return {
            "name": self.name,
            "amount_dollars": self.amount_dollars,
            "category_name": self.category_name,
            "note": self.note or "",
        }


EXPENSES = records_table(Expense, PACKAGE, ACTIVITY, DB_PATH, "expense")


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


def expenses_text(
    rows: Sequence[Expense], representation: str, wrap_width: int | None = None
) -> str:
    """Expenses as ``csv`` (``|``-separated with a header) or ``text_block``."""
    shown = [e.text_fields() for e in rows]
    fields = ["name", "amount_dollars", "category_name", "note"]
    if representation == "csv":
        return source_material.rows_as_csv(shown, fields)
    return source_material.rows_as_blocks(shown, "Expense", "name", fields, wrap_width)


# --- the app ---------------------------------------------------------------------------

APPS = (
    private_data_app(
        PACKAGE,
        ACTIVITY,
        names=("pro expense", "pro expense app", "arduia pro expense"),
        label="Pro Expense",
    ),
)


@model_of(APPS[0])
class ProExpenseApp(DatabaseApp):
    """Pro Expense's data on the virtual phone: ``accounting.db``, with no records (its
    screens are :class:`droidhub_aw_apps.expense.screens.ProExpenseScreensApp`)."""

    version_name = "1.0.0-beta05"
    db_path = DB_PATH
    schema = ";\n".join(_SCHEMA)
