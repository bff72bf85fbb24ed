"""Pro Expense's screens through adb, and its tasks done through them alone."""

from __future__ import annotations

from screen_checks import assert_solved_through_screen, tap_element

from droidhub import Device
from droidhub.android.ui_tree import parse_hierarchy

TASKS = (
    "ExpenseAddSingle",
    "ExpenseAddMultiple",
    # Reads the note in Markor, then adds what it marks reimbursable.
    "ExpenseAddMultipleFromMarkor",
    # Shows expenses.jpg in Simple Gallery first; the expenses are in pixels only.
    "ExpenseAddMultipleFromGallery",
    "ExpenseDeleteSingle",
    "ExpenseDeleteMultiple",
    "ExpenseDeleteMultiple2",
    "ExpenseDeleteDuplicates",
    "ExpenseDeleteDuplicates2",
)
DB = "/data/data/com.arduia.expense/databases/accounting.db"


def test_the_entry_form_writes_a_row_and_back_returns_to_the_list(
    virtual_device: Device,
) -> None:
    virtual_device.shell(["am", "start", "-n", "com.arduia.expense/.ui.MainActivity"])
    tap_element(virtual_device, content_description="Add expense")
    tap_element(virtual_device, resource_id="edt_name")
    virtual_device.input_text("Lunch")
    tap_element(virtual_device, resource_id="edt_amount")
    virtual_device.input_text("12.50")
    tap_element(virtual_device, resource_id="spinner_category")
    tap_element(virtual_device, text="Food")
    tap_element(virtual_device, text="Save")
    rows = virtual_device.query_db(DB, "SELECT name, amount, category FROM expense")
    assert rows == [{"name": "Lunch", "amount": 1250, "category": 3}]
    texts = [e.text for e in parse_hierarchy(virtual_device.ui_tree())]
    assert "Lunch" in texts and "$12.50" in texts
    # A long press selects, BACK drops the selection and the app stays in front.
    virtual_device.swipe(300, 390, 300, 390, 1000)
    assert "1 selected" in [e.text for e in parse_hierarchy(virtual_device.ui_tree())]
    virtual_device.keyevent("KEYCODE_BACK")
    assert "com.arduia.expense" in virtual_device.foreground_activity()
    assert "Expenses" in [e.text for e in parse_hierarchy(virtual_device.ui_tree())]


def test_expense_tasks_are_solved_through_the_screen() -> None:
    assert_solved_through_screen(TASKS)
