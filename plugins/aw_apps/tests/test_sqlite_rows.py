"""The row comparison behind every SQLite app task (``rows_match``)."""

from __future__ import annotations

from droidhub_aw_apps.common.sqlite_rows import compare_rows

A = {"name": "Coffee", "amount": 350, "note": "Urgent"}
B = {"name": "Gas", "amount": 4000, "note": "A need"}
C = {"name": "Books", "amount": 1999, "note": "Want to have"}


def stored(*rows: dict, start: int = 1) -> list[dict]:
    return [{"id": start + i, **row} for i, row in enumerate(rows)]


def test_exact_keep_rows_pass_and_any_change_fails() -> None:
    assert compare_rows(stored(A, B), keep=[A, B])
    assert compare_rows(stored(B, A, start=7), keep=[A, B])  # ids and order do not matter
    assert not compare_rows(stored(A), keep=[A, B])  # a kept row deleted
    assert not compare_rows(stored(A, {**B, "amount": 4001}), keep=[A, B])  # changed
    assert not compare_rows(stored(A, B, C), keep=[A, B])  # one row too many


def test_duplicates_count() -> None:
    assert compare_rows(stored(A, B), keep=[A, B])
    assert not compare_rows(stored(A, A, B), keep=[A, B])  # duplicate left behind
    assert not compare_rows(stored(B), keep=[A, B])  # both copies deleted
    assert compare_rows(stored(A, A, B), keep=[A, A, B])


def test_added_rows_match_on_compared_fields_with_fuzzy_text() -> None:
    added = {"name": "Cofee", "amount": 350, "note": "urgent", "extra": "set by the app"}
    compare, free_text = ("name", "amount", "note"), ("name", "note")
    assert compare_rows(stored(B, added), [B], [A], "id", compare, free_text)
    off_by_a_cent = {**added, "amount": 351}
    assert not compare_rows(stored(B, off_by_a_cent), [B], [A], "id", compare, free_text)
    assert not compare_rows(stored(B), [B], [A], "id", compare, free_text)  # not added
    wrong_text = {**added, "name": "Groceries"}
    assert not compare_rows(stored(B, wrong_text), [B], [A], "id", compare, free_text)


def test_each_added_row_needs_its_own_match() -> None:
    compare = ("name", "amount")
    one = {"name": "Coffee", "amount": 350}
    assert not compare_rows(stored(one, {"name": "Tea", "amount": 1}), [], [A, A], "id", compare)
    assert compare_rows(stored(one, dict(one)), [], [A, A], "id", compare)
    # A greedy first match would give C's row to A; every pairing is tried.
    loose = {"name": "Coffee", "amount": 350}
    assert compare_rows(
        stored(loose, {"name": "Books", "amount": 1999}),
        [],
        [{"name": "Coffee", "amount": 350}, C],
        "id",
        compare,
    )


def test_rows_match_is_a_registered_evaluator(virtual_env) -> None:  # type: ignore[no-untyped-def]
    from droidhub import evaluators
    from droidhub_aw_apps.expense import model as expense

    check = evaluators.get("rows_match")
    where = {"db": expense.DB_PATH, "table": "expense", "key": "expense_id"}
    assert check(virtual_env, keep=[], **where) == 1.0
    row = expense.EXPENSES.full_row({"name": "Coffee", "amount": 350, "note": "Urgent"})
    expense.EXPENSES.add_rows(virtual_env.device, [row])
    assert check(virtual_env, keep=[], **where) == 0.0
    assert check(virtual_env, keep=[row], **where) == 1.0
    wanted = {"name": "coffee", "amount": 350}
    added = {"keep": [], "add": [wanted], "compare": ["name", "amount"], "free_text": ["name"]}
    assert check(virtual_env, **added, **where) == 1.0
