"""Facts of Pro Expense's screens that its model, screens and UI solvers share; this
module imports nothing, so a solver may read it without reaching the app model."""

from __future__ import annotations

#: Category ids as the app numbers them.
CATEGORIES: dict[int, str] = {
    1: "Others", 2: "Income", 3: "Food", 4: "Housing", 5: "Social", 6: "Entertainment",
    7: "Transportation", 8: "Clothes", 9: "Health Care", 10: "Education", 11: "Donation",
}  # fmt: skip
#: The order the entry form's categories show in (ExpenseCategoryProviderImpl).
CATEGORY_ORDER: tuple[int, ...] = (2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 1)


def amount_text(cents: int) -> str:
    """An amount as the lists show it: English digits with grouping and at most two
    decimals, trailing zeros dropped (``DecimalFormat`` with two fraction digits):
    12.5 for 1250 cents, 355 for 35500."""
    text = f"{cents / 100:,.2f}".rstrip("0").rstrip(".")
    return text
