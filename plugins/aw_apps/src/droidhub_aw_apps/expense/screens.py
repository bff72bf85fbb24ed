"""Pro Expense's screens on the virtual phone (com.arduia.expense 1.0.0-beta05,
versionCode 11, as AndroidWorld pins it), on the view engine, bound to
``accounting.db``:

* Home (``frag_home``): totals, this week, and the five most recent expenses, with
  More (``btn_more_logs``) to the Expense Logs; the add button (``fb_main_add``)
  opens the entry form. The menu button opens the drawer (``nv_main``), whose items
  open Home, Expense Logs, Statistics, Backup, Feedback, About and Settings.
* Expense Logs (``frag_expense_logs``): every expense, latest first, in
  ``rv_expense``. A swipe to the end on a row selects it (the toolbar then reads
  "1 item", "2 items" and offers Delete); a swipe to the start offers that row's
  delete icon. Delete asks in a bottom sheet ("Delete Items", Confirm). A tap on a
  row opens its detail sheet (delete, edit).
* The entry form (``frag_expense_entry``): Name, Amount, the category cards (Food
  at first; the row scrolls sideways), Note, Save, which writes the row (amount in
  cents, dates the phone's clock in milliseconds) and goes back.

BACK closes the keyboard, a sheet, the drawer, the selection, then the page (to
Home); on Home it leaves the app.
"""

from __future__ import annotations

import datetime as dt
import functools
import sqlite3
from contextlib import closing
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from droidhub.virtual.appmodel import VirtualApp
from droidhub.virtual.views import (
    HorizontalRecyclerView,
    View,
    Window,
    bottom_sheet,
    dp,
)
from droidhub_aw_apps.common.fresh_launch import FreshLaunchApp
from droidhub_aw_apps.expense import forms, layouts
from droidhub_aw_apps.expense.ids import amount_text
from droidhub_aw_apps.expense.layouts import OFFERING, SELECTED, RowText
from droidhub_aw_apps.expense.model import DB_PATH, ProExpenseApp

if TYPE_CHECKING:
    from droidhub.virtual.appmodel import VirtualPhone

HOME, LOGS, ENTRY = "dest_home", "dest_expense_logs", "dest_expense_entry"
#: How many expenses Home's Recent card lists.
RECENT = 5
#: A sideways swipe shorter than this leaves a row where it was.
SWIPE_PX = dp(40)


@dataclass
class Row:
    """One stored expense."""

    expense_id: int
    name: str
    amount: int
    category: int
    note: str
    modified: int


@dataclass
class Ui:
    """Where the app is: the page, the drawer, the rows swiped aside, the sheets, the
    entry form's draft."""

    destination: str = HOME
    came_from: str = HOME
    drawer: bool = False
    swiped: dict[int, str] = field(default_factory=dict)
    confirming: list[int] = field(default_factory=list)
    detail: int | None = None
    form: forms.EntryFields | None = None
    editing: int | None = None


class ExpenseScreens(FreshLaunchApp):
    """Pro Expense's pages, drawer and sheets; made, launched and force-stopped, it shows
    Home."""

    def __init__(self) -> None:
        super().__init__()
        #: The row view of each bound log row, by the view's identity: its expense.
        self._bound: dict[int, int] = {}

    def reset_state(self) -> None:
        """Home, nothing open."""
        self.ui = Ui()
        self.reset_view_state()

    # --- the database ----------------------------------------------------------------
    def _connect(self, phone: VirtualPhone) -> sqlite3.Connection:
        return sqlite3.connect(phone.host_path(DB_PATH))

    def rows(self, phone: VirtualPhone) -> list[Row]:
        """Every expense, latest change first (the logs' query)."""
        if not phone.host_path(DB_PATH).exists():
            return []
        with closing(self._connect(phone)) as conn:
            found = conn.execute(
                "SELECT expense_id, name, amount, category, note, modified_date FROM expense "
                "ORDER BY modified_date DESC, expense_id DESC"
            ).fetchall()
        return [Row(i, n or "", a, c, note or "", d) for i, n, a, c, note, d in found]

    def _save(self, phone: VirtualPhone) -> None:
        form = self.ui.form
        if form is None:
            return
        try:
            cents = round(float(form.amount.replace(",", "").strip()) * 100)
        except ValueError:
            return  # the app's own check: an amount is required
        now = int(phone.now().timestamp() * 1000)
        values = (form.name.strip(), cents, form.category, form.note)
        with closing(self._connect(phone)) as conn, conn:
            if self.ui.editing is None:
                conn.execute(
                    "INSERT INTO expense (name, amount, category, note, created_date, "
                    "modified_date) VALUES (?, ?, ?, ?, ?, ?)",
                    (*values, now, now),
                )
            else:
                conn.execute(
                    "UPDATE expense SET name=?, amount=?, category=?, note=?, modified_date=? "
                    "WHERE expense_id=?",
                    (*values, now, self.ui.editing),
                )
        self._go(self.ui.came_from)

    def _delete(self, phone: VirtualPhone) -> None:
        with closing(self._connect(phone)) as conn, conn:
            conn.executemany(
                "DELETE FROM expense WHERE expense_id=?", [(i,) for i in self.ui.confirming]
            )
        self.ui.confirming, self.ui.swiped = [], {}

    # --- navigation --------------------------------------------------------------------
    def _go(self, destination: str) -> None:
        came_from = self.ui.destination if destination == ENTRY else HOME
        self.ui = Ui(destination=destination, came_from=came_from)
        self.reset_view_state()

    def _open_entry(self, phone: VirtualPhone, expense_id: int | None) -> None:
        self._go(ENTRY)
        self.ui.form = forms.EntryFields()
        row = next((r for r in self.rows(phone) if r.expense_id == expense_id), None)
        if row is not None:
            self.ui.editing = row.expense_id
            self.ui.form = forms.EntryFields(row.name, amount_text(row.amount).replace(",", ""),
                                             row.note, row.category, editing=True)  # fmt: skip

    def _set(self, **changes: object) -> None:
        for name, value in changes.items():
            setattr(self.ui, name, value)

    def _edit(self, name: str, text: str) -> None:
        if self.ui.form is not None:
            limit = {"name": 20, "amount": 10, "note": 100}[name]
            setattr(self.ui.form, name, text[:limit])

    # --- the screens -------------------------------------------------------------------
    def _date(self, phone: VirtualPhone, millis: int) -> str:
        """ExpenseRecentDateFormatter: Today/Yesterday with the time, else the day."""
        now = phone.now()
        when = dt.datetime.fromtimestamp(millis / 1000, phone.tzinfo())
        time = f"{when:%I}".lstrip("0") + f":{when:%M %p}"
        if when.date() == now.date():
            return f"Today {time}"
        if when.date() == now.date() - dt.timedelta(days=1):
            return f"Yesterday {time}"
        if when.year == now.year:
            return f"{when:%b} {when.day}"
        return f"{when.year} {when:%b} {when.day}"

    def _text(self, phone: VirtualPhone, row: Row) -> RowText:
        return RowText(row.expense_id, row.name, amount_text(row.amount),
                       self._date(phone, row.modified), row.category)  # fmt: skip

    def build(self, phone: VirtualPhone) -> Window:
        """The page in front, with the drawer or a sheet over it."""
        ui = self.ui
        menu = functools.partial(self._set, drawer=True)
        on_add = None
        if ui.destination == HOME:
            page = self._home(phone, menu)
            on_add = functools.partial(self._open_entry, phone, None)
        elif ui.destination == LOGS:
            page = self._logs(phone, menu)
        elif ui.destination == ENTRY and ui.form is not None:
            back = functools.partial(self._go, ui.came_from)
            page = forms.expense_entry(ui.form, self._edit, self._choose,
                                       back, functools.partial(self._save, phone))  # fmt: skip
        else:
            page = forms.other_page(ui.destination, menu)
        drawer = None
        close = functools.partial(self._set, drawer=False)
        if ui.drawer:
            drawer = layouts.navigation_view(ui.destination, self._go, close)
        window = Window(layouts.activity(page, on_add, drawer, close),
                        background=layouts.BACKGROUND, status_bar=layouts.PRIMARY)  # fmt: skip
        return self._with_sheet(phone, window)

    def _choose(self, category: int) -> None:
        if self.ui.form is not None:
            self.ui.form.category = category

    def _home(self, phone: VirtualPhone, menu: functools.partial[None]) -> View:
        rows = self.rows(phone)
        income = sum(r.amount for r in rows if r.category == 2)
        outcome = sum(r.amount for r in rows if r.category != 2)
        now = phone.now()
        totals = (f"{now:%b} {now.year}", amount_text(income), amount_text(outcome))
        recent = [self._text(phone, r) for r in rows[:RECENT]]
        return layouts.home(totals, recent, menu, self._show_detail,
                            functools.partial(self._go, LOGS))  # fmt: skip

    def _show_detail(self, expense_id: int) -> None:
        self.ui.detail = expense_id

    def _logs(self, phone: VirtualPhone, menu: functools.partial[None]) -> View:
        ui = self.ui
        self._bound = {}

        def bind(row: RowText) -> View:
            view = layouts.log_row(
                row,
                ui.swiped.get(row.expense_id, ""),
                functools.partial(self._show_detail, row.expense_id),
                functools.partial(self._set, confirming=[row.expense_id]),
            )
            self._bound[id(view)] = row.expense_id
            return view

        texts = [self._text(phone, r) for r in self.rows(phone)]
        selected = sorted(i for i, s in ui.swiped.items() if s == SELECTED)
        return layouts.expense_logs(
            texts,
            bind,
            len(selected),
            menu,
            functools.partial(self._set, swiped={}),
            functools.partial(self._set, confirming=selected),
        )

    def _with_sheet(self, phone: VirtualPhone, window: Window) -> Window:
        """The delete confirmation or the detail sheet over the page, if one shows."""
        ui = self.ui
        sheet: View | None = None
        close = functools.partial(self._set, confirming=[], detail=None)
        if ui.confirming:
            sheet = forms.delete_confirm(len(ui.confirming), functools.partial(self._delete, phone),
                                         close)  # fmt: skip
        elif ui.detail is not None:
            row = next((r for r in self.rows(phone) if r.expense_id == ui.detail), None)
            if row is None:
                ui.detail = None
            else:
                text = self._text(phone, row)
                detail = forms.Detail(row.name, text.amount, text.date, row.note, row.category)
                sheet = forms.expense_detail(
                    detail, close, functools.partial(self._set, detail=None,
                                                     confirming=[row.expense_id]),
                    functools.partial(self._open_entry, phone, row.expense_id),
                )  # fmt: skip
        if sheet is not None:
            window.dialog = bottom_sheet(sheet, close)
            window.on_cancel = close
            window.dialog_fills = True
        return window

    # --- input -------------------------------------------------------------------------
    def on_swipe(
        self, phone: VirtualPhone, x1: int, y1: int, x2: int, y2: int, duration_ms: int
    ) -> None:
        """A sideways swipe moves a log row aside or scrolls the categories; the
        engine does the rest."""
        if abs(x2 - x1) <= abs(y2 - y1) or abs(x2 - x1) < SWIPE_PX:
            super().on_swipe(phone, x1, y1, x2, y2, duration_ms)
            return
        window = self._window(phone)
        root = window.dialog or window.content
        for view in root.walk():
            if isinstance(view, HorizontalRecyclerView) and view.contains(x1, y1):
                self.view_state.scroll[view.id] = view.dragged(x1 - x2, duration_ms)
                return
            expense_id = self._bound.get(id(view))
            if expense_id is not None and view.contains(x1, y1) and window.dialog is None:
                self._swipe_row(expense_id, x2 > x1)
                return

    def _swipe_row(self, expense_id: int, to_end: bool) -> None:
        """To the end: select (or put back from offering delete); to the start: offer
        delete (or put back from selected)."""
        swiped = self.ui.swiped
        state = swiped.get(expense_id, "")
        if to_end:
            new = "" if state == OFFERING else SELECTED
        else:
            new = "" if state == SELECTED else OFFERING
            for other in [i for i, s in swiped.items() if s == OFFERING]:
                del swiped[other]
        if new:
            swiped[expense_id] = new
        else:
            swiped.pop(expense_id, None)

    def on_back(self, phone: VirtualPhone) -> bool:
        """The drawer, then the selection, then the page (to Home); Home leaves."""
        del phone
        ui = self.ui
        if ui.drawer:
            ui.drawer = False
        elif ui.swiped:
            ui.swiped = {}
        elif ui.destination == ENTRY:
            self._go(ui.came_from)
        elif ui.destination != HOME:
            self._go(HOME)
        else:
            return False
        return True


class ProExpenseScreensApp(ExpenseScreens, ProExpenseApp):
    """Pro Expense on the virtual phone: its database and its screens."""


def virtual_apps() -> list[VirtualApp]:
    """A fresh Pro Expense model."""
    return [ProExpenseScreensApp()]
