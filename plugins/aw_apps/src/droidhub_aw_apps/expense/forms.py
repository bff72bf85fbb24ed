"""Pro Expense's entry form, its bottom sheets and its other pages (1.0.0-beta05), as
view trees: ``frag_expense_entry`` with ``item_category``,
``frag_delete_confirm_dialog``, ``expense_detail_dialog`` and the top-level layouts of
``frag_statistic``, ``frag_backup``, ``frag_feedback``, ``frag_about`` and
``frag_settings``. Shared pieces (toolbar, app bar, page, theme) are in
:mod:`.layouts`.

Facts from the sources: the entry form's Name field has its hint on the EditText,
Amount has it on the TextInputLayout (both show as the empty field's text); the
delete sheet says " item " for one item and "N  items " for more (the count, a space
and the " items" suffix, then a space), as DeleteConfirmFragment writes it.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from droidhub.virtual import views
from droidhub_aw_apps.expense.ids import CATEGORIES, CATEGORY_ORDER
from droidhub_aw_apps.expense.layouts import (
    BACKGROUND,
    CAPTION,
    NEGATIVE,
    PRIMARY,
    SURFACE,
    Action,
    app_bar,
    category_disc,
    page,
    text_button,
    toolbar,
)


@dataclass
class EntryFields:
    """What the entry form holds: the three fields, the category, and whether it
    edits a stored expense (its button then says Update)."""

    name: str = ""
    amount: str = ""
    note: str = ""
    category: int = 3  # Food, ExpenseEntryFragment's default
    editing: bool = False


def _field(
    layout_id: str,
    edit_id: str,
    value: str,
    hint: str,
    on_change: Callable[[str], object],
    rules: views.Rules,
    height: float = -2,
) -> views.View:
    """A TextInputLayout > its input frame > the TextInputEditText (the field fills a
    layout of a set ``height``, as the note's does)."""
    inner = -2 if height == -2 else views.MATCH_PARENT
    return views.TextInputLayout(
        layout_id,
        views.FrameLayout("", views.EditText(edit_id, value, hint=hint, width=views.MATCH_PARENT,
                                             height=inner,
                                             on_change=on_change), width=views.MATCH_PARENT,
                                             height=inner),
        width=views.MATCH_PARENT, height=height, margin=(16, 16, 16, 0), rules=rules,
    )  # fmt: skip


def category_card(category: int, chosen: bool, on_click: Action) -> views.View:
    """``item_category``: a checkable card with the category's name."""
    return views.MaterialCardView(
        "cd_category",
        views.TextView("tv_name", CATEGORIES[category], text_size=16, margin=8,
                       text_color=SURFACE if chosen else "#DE000000"),
        corner_radius=2, elevation=0, margin=(0, 0, 8, 0), checkable=True, checked=chosen,
        background=PRIMARY if chosen else BACKGROUND, on_click=on_click,
    )  # fmt: skip


def expense_entry(
    fields: EntryFields,
    on_change: Callable[[str, str], object],
    on_category: Callable[[int], object],
    on_back: Action,
    on_save: Action,
) -> views.View:
    """``frag_expense_entry``: the toolbar (back, "Expense Entry", Time and Calendar),
    then the form in ``sv_entry``."""
    chooser = views.HorizontalRecyclerView(
        "rv_category", list(CATEGORY_ORDER),
        lambda c: category_card(c, c == fields.category, functools.partial(on_category, c)),
        padding=(16, 0, 16, 0), margin=(0, 16, 0, 0),
        rules=views.Rules(below="edl_amount"),
    )  # fmt: skip
    form = views.RelativeLayout(
        "",
        _field("edl_name", "edt_name", fields.name, "Name",
               functools.partial(on_change, "name"), views.Rules(align_parent_top=True)),
        _field("edl_amount", "edt_amount", fields.amount, "Amount",
               functools.partial(on_change, "amount"), views.Rules(below="edl_name")),
        chooser,
        _field("edl_description", "edt_note", fields.note, "Note",
               functools.partial(on_change, "note"), views.Rules(below="rv_category"), height=100),
        views.Button("btn_save", "Update" if fields.editing else "Save", background=PRIMARY,
                     width=views.MATCH_PARENT, margin=(16, 16, 16, 32), on_click=on_save,
                     rules=views.Rules(below="edl_description", to_left_of="cv_lock")),
        views.MaterialCardView(
            "cv_lock",
            views.ImageView("imv_lock", "repeat", tint=PRIMARY, width=35, height=35,
                            layout_gravity=views.Gravity.CENTER),
            width=50, height=50, corner_radius=8, elevation=2, margin=(0, 22, 16, 0),
            rules=views.Rules(below="edl_description", align_parent_right=True),
        ),
        width=views.MATCH_PARENT, margin=8, background=SURFACE,
    )  # fmt: skip
    for view in form.walk():
        if isinstance(view, views.Button):
            view.text_color = SURFACE
    menu = [
        views.MenuItem("time", "Time", "schedule"),
        views.MenuItem("calendar", "Calendar", "calendar_today"),
    ]
    bar = toolbar("toolbar", "Expense Entry", "arrow_back", on_back, menu)
    body = views.ScrollView("sv_entry", form, width=views.MATCH_PARENT, height=views.MATCH_PARENT)
    return page("", app_bar("abl_entry", bar), body)


def delete_confirm(count: int, on_confirm: Action, on_close: Action) -> views.View:
    """``frag_delete_confirm_dialog``: "Delete Items", how many, Confirm."""
    items = " item " if count == 1 else f"{count}  items "
    confirm = views.Button("btn_confirm", "Confirm", background=NEGATIVE, width=views.MATCH_PARENT,
                           margin=(16, 0, 16, 16), on_click=on_confirm,
                           rules=views.Rules(below="cv_description_bg"))  # fmt: skip
    confirm.text_color = SURFACE
    return views.RelativeLayout(
        "",
        views.TextView("tv_delete_item", "Delete Items", text_size=20, medium=True,
                       margin=(16, 16, 0, 0), rules=views.Rules(align_parent_top=True)),
        views.ImageView("imv_drop_close", "keyboard_arrow_down", width=35, height=35,
                        margin=(0, 16, 16, 16), on_click=on_close,
                        rules=views.Rules(align_parent_top=True, align_parent_right=True)),
        views.MaterialCardView(
            "cv_description_bg",
            views.LinearLayout(
                "",
                views.TextView("tv_items", items, text_size=16, medium=True),
                views.TextView("tv_delete_description", "will be deleted!", text_size=16),
                layout_gravity=views.Gravity.CENTER, margin=(0, 32, 0, 32),
            ),
            width=views.MATCH_PARENT, margin=(16, 16, 16, 8), background=BACKGROUND, elevation=0,
            rules=views.Rules(below="tv_delete_item"),
        ),
        confirm,
        width=views.MATCH_PARENT, background=SURFACE,
    )  # fmt: skip


@dataclass(frozen=True)
class Detail:
    """What the detail sheet shows of one expense."""

    name: str
    amount: str
    date: str
    note: str
    category: int


def expense_detail(
    detail: Detail, on_close: Action, on_delete: Action, on_edit: Action
) -> views.View:
    """``expense_detail_dialog``: the expense's name, amount, date and note, with
    delete and edit."""

    def pair(label_id: str, label: str, value_id: str, value: str) -> list[views.View]:
        return [
            views.TextView(
                label_id, label, text_size=12, text_color=CAPTION, margin=(16, 16, 0, 0)
            ),
            views.TextView(value_id, value, text_size=16, margin=(16, 4, 16, 0)),
        ]

    disc = category_disc(50, detail.category, 16)
    disc.rules = views.Rules()
    info = views.ViewGroupFrame(
        "",
        views.LinearLayout(
            "",
            views.LinearLayout(
                "",
                disc,
                views.TextView("tv_name_value", detail.name, text_size=20, medium=True, weight=1,
                               width=0, margin=(16, 0, 0, 0)),
                views.ImageView("btn_delete", "delete", width=35, height=35, padding=5,
                            margin=(0, 0, 16, 0), on_click=on_delete),
                gravity=views.Gravity.CENTER_VERTICAL, width=views.MATCH_PARENT,
            ),
            *pair("tv_amount", "Amount", "tv_amount_value", detail.amount),
            views.TextView("tv_currency_symbol", "$", text_size=12, margin=(16, 0, 0, 0)),
            *pair("tv_date", "Date", "tv_date_value", detail.date),
            *pair("tv_note", "Note", "tv_note_value", detail.note),
            orientation=views.VERTICAL, width=views.MATCH_PARENT, padding=(0, 0, 0, 16),
        ),
        width=views.MATCH_PARENT,
    )  # fmt: skip
    edit = text_button("btn_edit", "Edit", on_edit, margin=(16, 8, 16, 16))
    return views.ViewGroupFrame(
        "",
        views.LinearLayout(
            "",
            views.LinearLayout(
                "",
                views.TextView("tv_expense_detail", "Expense Detail", text_size=20, medium=True,
                               weight=1, width=0, margin=(16, 0, 0, 0)),
                views.ImageButton("btn_close", "close", width=35, height=35, padding=5,
                                  margin=(0, 16, 16, 16), on_click=on_close),
                gravity=views.Gravity.CENTER_VERTICAL, width=views.MATCH_PARENT,
            ),
            views.MaterialCardView("cd_info", info, width=views.MATCH_PARENT,
                                   margin=(16, 0, 16, 0)),
            edit,
            orientation=views.VERTICAL, width=views.MATCH_PARENT,
        ),
        width=views.MATCH_PARENT, background=SURFACE,
    )  # fmt: skip


# --- the pages the drawer opens -----------------------------------------------------------
def _labelled_rows(rows: Sequence[tuple[str, str, str]]) -> list[views.View]:
    """Settings' rows: a FrameLayout holding the label (and its value)."""
    frames: list[views.View] = []
    for frame_id, label_id, label in rows:
        frames.append(views.FrameLayout(frame_id, views.TextView(label_id, label, text_size=16,
                                                                 margin=16),
                                 width=views.MATCH_PARENT, on_click=lambda: None))  # fmt: skip
    return frames


def other_page(destination: str, on_menu: Action) -> views.View:
    """The top-level layout of a page the drawer opens other than Home and Expense Logs."""
    if destination == "dest_statistics":
        card = views.MaterialCardView(
            "cv_statistic",
            views.RelativeLayout("", views.TextView("tv_category_statistics", "Category Statistics",
                                                    text_size=16, medium=True, margin=16),
                                 views.TextView("tv_no_data", "No Data", margin=16,
                                                rules=views.Rules(below="tv_category_statistics")),
                                 width=views.MATCH_PARENT),
            width=views.MATCH_PARENT, margin=8,
        )  # fmt: skip
        column = views.LinearLayout(
            "lnl_category", card, orientation=views.VERTICAL, width=views.MATCH_PARENT
        )
        body: views.View = views.ScrollView("nsv_statistic", column, width=views.MATCH_PARENT)
        bar = toolbar("tb_statistic", "Statistics", "menu", on_menu)
        return page("", app_bar("ab_statistic", bar), body)
    if destination == "dest_backup":

        def tile(card_id: str, icon_id: str, icon: str, text_id: str, text: str) -> views.View:
            return views.MaterialCardView(card_id, views.RelativeLayout(
                "", views.ImageView(icon_id, icon, tint=PRIMARY, margin=16),
                views.TextView(text_id, text, text_size=16, margin=16,
                               rules=views.Rules(below=icon_id)),
            ), margin=8)  # fmt: skip

        body = views.ViewGroupFrame("ct_logs", views.LinearLayout(
            "", views.LinearLayout("", tile("cv_export", "imv_export", "upload", "tv_export",
                                            "Export"),
                                   tile("cv_import", "imv_import", "download", "tv_import",
                                        "Import")),
            views.TextView("tv_backup_logs", "Backup Logs", text_size=16, medium=True, margin=16),
            views.TextView("tv_no_data", "No Data", margin=16),
            orientation=views.VERTICAL, width=views.MATCH_PARENT,
        ), width=views.MATCH_PARENT, height=views.MATCH_PARENT)  # fmt: skip
        return page("", app_bar("abl_backup", toolbar("toolbar", "Backup", "menu", on_menu)), body)
    if destination == "dest_feedback":
        column = views.LinearLayout(
            "",
            views.TextView("tv_feedback_description", "We went to know what you thought of your "
                           "experience at Pro Expense app so we'd love to hear you feedback.",
                           margin=16, width=views.MATCH_PARENT),
            *[views.TextInputLayout(lid, views.FrameLayout("", views.EditText(eid, hint=hint,
                                                                              width=views.MATCH_PARENT),
                                                           width=views.MATCH_PARENT),
                                    width=views.MATCH_PARENT, margin=(16, 8, 16, 0))
              for lid, eid, hint in (("edl_name", "edt_name", "Name"),
                                     ("edl_email", "edt_email", "Email"),
                                     ("edl_comment", "edt_comment", "Comment"))],
            views.Button("btn_send", "Send Feedback", margin=16, background=PRIMARY),
            orientation=views.VERTICAL, width=views.MATCH_PARENT,
        )  # fmt: skip
        bar = toolbar("toolbar", "Feedback", "menu", on_menu)
        return page(
            "", app_bar("abl_feedback", bar), views.ScrollView("", column, width=views.MATCH_PARENT)
        )
    if destination == "dest_about":
        about = views.RelativeLayout(
            "rl_about",
            views.ImageView("imv_app", "receipt_long", tint=PRIMARY, icon_size=60,
                            margin=(0, 32, 0, 0),
                            rules=views.Rules(align_parent_top=True, center_horizontal=True)),
            views.TextView("tv_app_name", "Pro Expense", text_size=20, medium=True,
                           margin=(0, 8, 0, 0),
                           rules=views.Rules(below="imv_app", center_horizontal=True)),
            views.TextView("tv_version", "1.0.0-beta05", text_color=CAPTION,
                           rules=views.Rules(below="tv_app_name", center_horizontal=True)),
            width=views.MATCH_PARENT,
        )  # fmt: skip
        bar = toolbar("toolbar", "About", "menu", on_menu)
        return page(
            "",
            app_bar("abl_about", bar),
            views.ScrollView("nv_about", about, width=views.MATCH_PARENT),
        )
    rows = _labelled_rows((("fl_language", "tv_language", "Language"),
                           ("fl_currency", "tv_currency", "Currency"),
                           ("fl_theme", "tv_choose_theme", "Theme Mode")))  # fmt: skip
    column = views.LinearLayout("linear_setting", *rows, orientation=views.VERTICAL,
                                width=views.MATCH_PARENT,
                                background=SURFACE)  # fmt: skip
    bar = toolbar("tb_settings", "Settings", "menu", on_menu)
    return page(
        "",
        app_bar("ab_settings", bar),
        views.ScrollView("nv_settings", column, width=views.MATCH_PARENT),
    )
