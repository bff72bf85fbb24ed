"""Pro Expense's screens through adb, held against its real layouts (1.0.0-beta05), and
its tasks done through them alone.

The arithmetic (Pixel 6, 2.625 px per dp): the app bar ends at 118 + 56 dp = 265 px,
where the lists start; a log row is 70 dp = 184 px; a swipe scrolls by its travel
less the 8 dp (21 px) touch slop.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Iterator
from typing import cast

import pytest
from PIL import Image
from screen_checks import (
    assert_solved_through_screen,
    find_element,
    screen_elements,
    shown_id_classes,
    tap_element,
)

from droidhub import Device
from droidhub.android.ui_tree import UIElement
from droidhub.virtual.views import dp, keyboard
from droidhub_aw_apps.expense import model

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
ID = "com.arduia.expense:id/"
LIST_TOP, ROW, SLOP = 265, 184, 21
#: 30 expenses, one a day back from October 14th 2023 at noon UTC: row i is "Item i".
DAY_MS = 86_400_000
NOON_OCT_14 = 1_697_284_800_000


#: The expense card's ids: a recent row is that card alone; a log row has them between
#: the ids of its swipe-to-delete background.
EXPENSE_CARD_IDS = (
    "cd_expense",
    "cv_category",
    "imv_category",
    "tv_name",
    "tv_date",
    "linear_amount",
    "tv_amount",
    "tv_currency_symbol",
)

#: Each modelled layout file's ids at tag v1.0.0-beta05 (versionCode 11) of
#: arduia/ProExpense (app/src/main/res/layout), and the menus' item ids.
REAL_IDS: dict[str, tuple[str, ...]] = {
    "activ_main": ("dl_main", "cl_main", "fc_main", "fb_main_add", "nv_main"),
    "layout_header": ("btn_close", "imv_app_logo", "ln_app_name", "tv_app_name"),
    "frag_home": ("ml_home", "abl_home", "toolbar", "rv_home"),
    "layout_expense_in_out": (
        "tv_expense_in_out_title",
        "tv_date_range",
        "tv_income",
        "tv_income_value",
        "tv_income_symobol",
        "tv_outcome",
        "tv_outcome_value",
        "tv_outcome_symbol",
    ),
    "layout_expense_graph": ("expense_graph", "tv_date_range", "tv_title"),
    "layout_recent_lists": ("tv_recent_lists", "rv_recent_lists", "btn_more_logs"),
    "item_expense_recent": EXPENSE_CARD_IDS,
    "frag_expense_logs": ("ml_expense", "app_bar", "tb_expense", "rv_expense", "layout_no_data"),
    "item_expense_log": (
        "fl_back",
        "imv_delete_icon",
        "tv_undo",
        "imv_check",
        *EXPENSE_CARD_IDS,
        "view_bg",
    ),
    "layout_no_expense_logs": ("imv_no_expense", "tv_no_expense_logs", "tv_no_expense_description"),
    "frag_expense_entry": (
        "abl_entry",
        "toolbar",
        "sv_entry",
        "edl_name",
        "edt_name",
        "edl_amount",
        "edt_amount",
        "rv_category",
        "edl_description",
        "edt_note",
        "btn_save",
        "cv_lock",
        "imv_lock",
    ),
    "item_category": ("cd_category", "tv_name"),
    "frag_delete_confirm_dialog": (
        "tv_delete_item",
        "imv_drop_close",
        "cv_description_bg",
        "tv_items",
        "tv_delete_description",
        "btn_confirm",
    ),
    "expense_detail_dialog": (
        "tv_expense_detail",
        "btn_close",
        "cd_info",
        "barrier_name",
        "cv_category",
        "imv_category",
        "btn_delete",
        "tv_name_value",
        "tv_amount",
        "tv_amount_value",
        "tv_currency_symbol",
        "tv_date",
        "tv_date_value",
        "tv_note",
        "tv_note_value",
        "btn_edit",
    ),
    "frag_statistic": (
        "ab_statistic",
        "tb_statistic",
        "nsv_statistic",
        "lnl_category",
        "cv_statistic",
        "tv_category_statistics",
        "tv_no_data",
        "rv_category_statistics",
    ),
    "frag_backup": (
        "abl_backup",
        "toolbar",
        "ct_logs",
        "cv_export",
        "imv_export",
        "tv_export",
        "cv_import",
        "imv_import",
        "tv_import",
        "tv_backup_logs",
        "imv_filter",
        "rv_backup_logs",
        "tv_no_data",
    ),
    "frag_feedback": (
        "abl_feedback",
        "toolbar",
        "tv_feedback_description",
        "edl_name",
        "edt_name",
        "edl_email",
        "edt_email",
        "edl_comment",
        "edt_comment",
        "btn_send",
    ),
    "frag_about": (
        "abl_about",
        "toolbar",
        "nv_about",
        "rl_about",
        "imv_app",
        "tv_app_name",
        "tv_version",
        "ln_update",
        "imv_update",
        "tv_update_status",
        "tv_about_description",
        "fl_privacy",
        "dv_privacy",
        "tv_policy",
        "btn_privacy_open",
        "fl_open_sources",
        "dv_open_sources",
        "tv_open_sources",
        "btn_open_source_open",
        "fl_contribute",
        "dv_contribute",
        "tv_contribute",
        "dv_end",
        "tv_developer",
        "tv_acknowledgement_title",
        "tv_acknowledgement",
    ),
    "frag_settings": (
        "ab_settings",
        "tb_settings",
        "nv_settings",
        "linear_setting",
        "fl_language",
        "tv_language",
        "imv_language",
        "fl_currency",
        "tv_currency",
        "tv_currency_value",
        "fl_theme",
        "tv_choose_theme",
    ),
    "menu_entry": ("time", "calendar"),
    "menu_expense_log": ("delete", "filter"),
}
#: Ids of Material's own layouts the app shows: BottomSheetDialog's window and the
#: NavigationView's menu (design_bottom_sheet_dialog, design_navigation_*).
LIBRARY_IDS = ("container", "coordinator", "touch_outside", "design_bottom_sheet",
               "design_navigation_view", "navigation_header_container",
               "design_menu_item_text")  # fmt: skip
REAL = {i for ids in REAL_IDS.values() for i in ids} | set(LIBRARY_IDS)


@pytest.fixture
def expense(virtual_device: Device) -> Iterator[Device]:
    """Pro Expense started on Home over 30 stored expenses."""
    rows = [
        model.Expense(
            name=f"Item {i}", amount=1000 + i, category=3,
            created_date=NOON_OCT_14 - i * DAY_MS, modified_date=NOON_OCT_14 - i * DAY_MS,
        ).row()
        for i in range(30)
    ]  # fmt: skip
    model.EXPENSES.add_rows(virtual_device, rows)
    virtual_device.shell(["am", "start", "-n", "com.arduia.expense/.ui.MainActivity"])
    yield virtual_device
    model.EXPENSES.clear(virtual_device)
    virtual_device.shell(["am", "force-stop", "com.arduia.expense"])


def _parents(device: Device) -> dict[str, list[str]]:
    """Each id shown (short form) and the ids (or classes) of its ancestors, nearest
    first."""
    found: dict[str, list[str]] = {}

    def walk(node: ET.Element, above: list[str]) -> None:
        for child in node:
            rid = child.get("resource-id") or ""
            if rid.startswith(ID):
                found.setdefault(rid[len(ID) :], above)
            walk(child, [rid[len(ID) :] if rid.startswith(ID) else child.get("class", ""), *above])

    walk(ET.fromstring(device.ui_tree()), [])
    return found


def _assert_real(device: Device) -> None:
    """Every id on screen is an id of the app's layouts and menus (or Material's)."""
    for view_id in shown_id_classes(device, ID):
        assert view_id in REAL, view_id


def _row_top(device: Device, name: str) -> int | None:
    for element in screen_elements(device):
        if element.resource_id == f"{ID}tv_name" and element.text == name and element.bounds:
            return element.bounds.top
    return None


def _to_logs(device: Device) -> None:
    """Home's menu button opens the drawer; its Expense Logs item opens the list."""
    menu = next(e for e in screen_elements(device) if e.class_name.endswith("ImageButton"))
    assert menu.bounds is not None
    device.tap(*menu.bounds.center)
    tap_element(device, resource_id="design_menu_item_text", text="Expense Logs")


def test_home_and_the_logs_are_the_real_layouts(expense: Device) -> None:
    parents = _parents(expense)
    assert parents["toolbar"][:5] == ["abl_home", "ml_home", "fc_main", "cl_main", "dl_main"]
    assert parents["tv_recent_lists"][:3] == [
        "android.widget.LinearLayout", "androidx.cardview.widget.CardView", "rv_home",
    ]  # fmt: skip
    shown = shown_id_classes(expense, ID)
    assert shown["fb_main_add"] == "android.widget.ImageButton"
    assert shown["rv_home"] == "androidx.recyclerview.widget.RecyclerView"
    assert find_element(expense, resource_id="tv_recent_lists").text == "Recent"
    _assert_real(expense)
    _to_logs(expense)
    parents = _parents(expense)
    assert parents["tb_expense"][:2] == ["app_bar", "ml_expense"]
    # a row: rv_expense > the SwipeFrameLayout > the card over the back
    assert parents["tv_name"][:3] == ["cd_expense", "android.widget.FrameLayout", "rv_expense"]
    assert parents["imv_check"][:1] == ["fl_back"]
    assert "Expense Logs" in [e.text for e in screen_elements(expense)]
    assert "fb_main_add" not in shown_id_classes(expense, ID)  # the add button is Home's only
    _assert_real(expense)


def test_the_logs_scroll_by_the_swipe_less_the_slop_and_cut_the_edge_rows(
    expense: Device,
) -> None:
    _to_logs(expense)
    listing = find_element(expense, resource_id="rv_expense")
    assert listing.scrollable and listing.bounds is not None
    assert _row_top(expense, "Item 0") == LIST_TOP + dp(10)  # tv_name 10 dp down
    expense.swipe(540, 1800, 540, 1200, 5_000)  # slow (120 px/s): a drag, no fling
    moved = 600 - SLOP
    assert _row_top(expense, "Item 5") == LIST_TOP + 5 * ROW + dp(10) - moved
    # the row scrolled half out at the top is cut at the list's top
    first = next(
        e for e in screen_elements(expense) if e.resource_id == f"{ID}cd_expense" and e.bounds
    )
    assert first.bounds is not None and first.bounds.top == LIST_TOP
    assert first.bounds.bottom - first.bounds.top < ROW


def test_swiped_rows_are_deleted_after_the_sheet_over_a_scrim(expense: Device) -> None:
    _to_logs(expense)
    for name in ("Item 1", "Item 2"):
        top = _row_top(expense, name)
        assert top is not None
        expense.swipe(100, top + 20, 700, top + 20, 200)  # to the end: selected
    assert "2 items" in [e.text for e in screen_elements(expense)]
    check = find_element(expense, resource_id="imv_check")
    assert check.bounds is not None
    tap_element(expense, content_description="Delete")
    parents = _parents(expense)
    assert parents["btn_confirm"][:4] == [
        "android.widget.RelativeLayout", "design_bottom_sheet", "coordinator", "container",
    ]  # fmt: skip
    assert find_element(expense, resource_id="tv_items").text == "2  items "
    sheet = find_element(expense, resource_id="design_bottom_sheet").bounds
    assert sheet is not None and sheet.bottom == 2337
    pixels = expense.screenshot().convert("RGB")
    assert max(_rgb(pixels, 540, LIST_TOP + 3 * ROW + 5)) <= 110  # a white row, dimmed
    assert _rgb(pixels, 540, sheet.top + 5) == (255, 255, 255)
    expense.tap(540, 700)  # outside the sheet: it closes, nothing deleted
    assert "btn_confirm" not in shown_id_classes(expense, ID)
    tap_element(expense, content_description="Delete")
    tap_element(expense, resource_id="btn_confirm")
    names = {r["name"] for r in expense.query_db(DB, "SELECT name FROM expense")}
    assert len(names) == 28 and not {"Item 1", "Item 2"} & names
    assert "Expense Logs" in [e.text for e in screen_elements(expense)]


def _rgb(image: Image.Image, x: int, y: int) -> tuple[int, int, int]:
    red, green, blue = cast(tuple[int, int, int], image.getpixel((x, y)))
    return red, green, blue


def _key(device: Device, text: str) -> None:
    """Tap the soft keyboard's key that types ``text``."""
    box = next(b for k, b in keyboard.keys("letters") if k.text == text)
    device.tap((box[0] + box[2]) // 2, (box[1] + box[3]) // 2)


def _element(device: Device, view_id: str, text: str) -> UIElement:
    return next(
        e for e in screen_elements(device) if e.resource_id == ID + view_id and e.text == text
    )


def test_the_entry_form_takes_key_taps_and_a_category_scrolled_to(expense: Device) -> None:
    tap_element(expense, resource_id="fb_main_add")
    assert _parents(expense)["edt_name"][:3] == [
        "android.widget.FrameLayout", "edl_name", "android.widget.RelativeLayout",
    ]  # fmt: skip
    assert _element(expense, "tv_name", "Food") is not None
    cards = [e for e in screen_elements(expense) if e.resource_id == f"{ID}cd_category"]
    assert [c.checked for c in cards] == [False, True, False, False, False]  # Food at first
    tap_element(expense, resource_id="edt_name")
    for letter in "taxi":
        _key(expense, letter)
    assert find_element(expense, resource_id="edt_name").text == "taxi"
    tap_element(expense, resource_id="edt_amount")
    expense.input_text("12.5")
    assert "Transportation" not in [e.text for e in screen_elements(expense)]
    categories = find_element(expense, resource_id="rv_category")
    assert categories.bounds is not None
    y = categories.bounds.center[1]
    expense.swipe(1000, y, 300, y, 300)  # sideways: the row of categories scrolls
    tap_element(expense, resource_id="tv_name", text="Transportation")
    expense.keyevent("KEYCODE_BACK")  # the keyboard goes first
    tap_element(expense, resource_id="btn_save")
    rows = expense.query_db(DB, "SELECT name, amount, category FROM expense WHERE name='taxi'")
    assert rows == [{"name": "taxi", "amount": 1250, "category": 7}]
    assert find_element(expense, resource_id="tv_recent_lists").text == "Recent"
    assert _element(expense, "tv_amount", "12.5") is not None


def test_expense_tasks_are_solved_through_the_screen() -> None:
    assert_solved_through_screen(TASKS)
