"""Facts of Pro Expense's screens that its model, screens and UI solvers share; this
module imports nothing, so a solver may read it without reaching the app model."""

from __future__ import annotations

#: Category ids as the app numbers them.
CATEGORIES: dict[int, str] = {
    1: "Others", 2: "Income", 3: "Food", 4: "Housing", 5: "Social", 6: "Entertainment",
    7: "Transportation", 8: "Clothes", 9: "Health Care", 10: "Education", 11: "Donation",
}  # fmt: skip
