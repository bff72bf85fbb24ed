"""Pro Expense's screens on the virtual phone (com.arduia.expense 0.0.11, versionCode
11, as AndroidWorld pins it), drawn from ``accounting.db``:

* The expense list (newest first, 11 rows; swipe to scroll): each row the expense's
  name (``tv_name``), amount (``tv_amount``) and date with category (``tv_date``);
  the ``Add expense`` button (``fb_main_add``). A tap opens an expense in the entry
  form; a long press selects it and later taps add or remove rows; with a selection
  the toolbar offers ``Delete``, which asks to confirm (``Delete`` / ``Cancel``).
* The entry form: ``Name`` (``edt_name``), ``Amount`` (``edt_amount``, in dollars),
  the category (``spinner_category``: a tap opens the list of the app's eleven
  categories), ``Note`` (``edt_note``) and ``Save`` (``btn_save``), which writes the
  row: amount in cents, created and modified dates the phone's clock in
  milliseconds. A tap focuses a field; typing goes to the focused one.

BACK closes the category list, then the form, then the selection; on the list it
leaves the app. Every change is in the ``expense`` table at once.
"""

from __future__ import annotations

import datetime as dt
import sqlite3
from contextlib import closing
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from droidhub.virtual.appmodel import PIXEL_6, Intent, Screen, VirtualApp
from droidhub_aw_apps.common.hierarchy import Node, hit, render, toolbar
from droidhub_aw_apps.common.keys import KEY_BACK, KEY_DEL
from droidhub_aw_apps.expense.model import CATEGORIES, DB_PATH, PACKAGE, ProExpenseApp

if TYPE_CHECKING:
    from droidhub.virtual.appmodel import VirtualPhone

_ID = f"{PACKAGE}:id"
_ROWS = 11
_ROW_HEIGHT = 180
_LIST_TOP = 300
_FIELDS = ("name", "amount", "note")
_LONG_PRESS_MS = 500


@dataclass
class _Row:
    expense_id: int
    name: str
    amount: int
    category: int
    note: str
    created: int


@dataclass
class _Form:
    """The entry form's draft: the expense it edits (None: a new one) and its fields."""

    expense_id: int | None = None
    values: dict[str, str] = field(default_factory=lambda: dict.fromkeys(_FIELDS, ""))
    category: int = 1
    focus: str = "name"
    choosing: bool = False


class ExpenseScreens(VirtualApp):
    """Pro Expense's list, selection, delete confirmation and entry form."""

    def __init__(self) -> None:
        self._reset()

    def _reset(self) -> None:
        self.offset = 0
        self.selected: set[int] = set()
        self.confirming = False
        self.form: _Form | None = None

    def on_start(self, phone: VirtualPhone, intent: Intent) -> None:
        """A launch shows the list."""
        self._reset()

    def on_stop(self, phone: VirtualPhone) -> None:
        """Force-stopped: the list next time."""
        self._reset()

    # --- the database ----------------------------------------------------------------------
    def _connect(self, phone: VirtualPhone) -> sqlite3.Connection:
        return sqlite3.connect(phone.host_path(DB_PATH))

    def _rows(self, phone: VirtualPhone) -> list[_Row]:
        if not phone.host_path(DB_PATH).exists():
            return []
        with closing(self._connect(phone)) as conn:
            found = conn.execute(
                "SELECT expense_id, name, amount, category, note, created_date FROM expense "
                "ORDER BY created_date DESC, expense_id DESC"
            ).fetchall()
        return [_Row(i, n or "", a, c, note or "", d) for i, n, a, c, note, d in found]

    def _save(self, phone: VirtualPhone, form: _Form) -> None:
        try:
            cents = round(float(form.values["amount"].replace("$", "").strip() or "0") * 100)
        except ValueError:
            return  # the app's own check: the amount must be a number
        name = form.values["name"].strip()
        if not name:
            return
        now = int(phone.now().timestamp() * 1000)
        with closing(self._connect(phone)) as conn, conn:
            if form.expense_id is None:
                conn.execute(
                    "INSERT INTO expense (name, amount, category, note, created_date, "
                    "modified_date) VALUES (?, ?, ?, ?, ?, ?)",
                    (name, cents, form.category, form.values["note"], now, now),
                )
            else:
                conn.execute(
                    "UPDATE expense SET name=?, amount=?, category=?, note=?, modified_date=? "
                    "WHERE expense_id=?",
                    (name, cents, form.category, form.values["note"], now, form.expense_id),
                )
        self.form = None

    def _delete_selected(self, phone: VirtualPhone) -> None:
        with closing(self._connect(phone)) as conn, conn:
            conn.executemany(
                "DELETE FROM expense WHERE expense_id=?", [(i,) for i in sorted(self.selected)]
            )
        self.selected, self.confirming = set(), False

    # --- drawing -------------------------------------------------------------------------
    def _date(self, phone: VirtualPhone, millis: int) -> str:
        when = dt.datetime.fromtimestamp(millis / 1000, phone.tzinfo())
        return f"{when:%b} {when.day}, {when.year}"

    def _list_nodes(self, phone: VirtualPhone) -> list[Node]:
        if self.selected:
            nodes = toolbar(f"{len(self.selected)} selected", False, ["Delete"])
        else:
            nodes = toolbar("Expenses", False)
        for i, row in enumerate(self._rows(phone)[self.offset : self.offset + _ROWS]):
            top = _LIST_TOP + i * _ROW_HEIGHT
            nodes.append(
                Node(
                    "android.widget.LinearLayout",
                    resource_id=f"{_ID}/cl_expense_item",
                    bounds=(0, top, PIXEL_6.width, top + _ROW_HEIGHT),
                    clickable=True,
                    selected=row.expense_id in self.selected,
                    children=[
                        Node(
                            "android.widget.TextView",
                            text=row.name,
                            resource_id=f"{_ID}/tv_name",
                            bounds=(48, top + 20, 760, top + 100),
                        ),
                        Node(
                            "android.widget.TextView",
                            text=f"${row.amount / 100:.2f}",
                            resource_id=f"{_ID}/tv_amount",
                            bounds=(780, top + 20, 1040, top + 100),
                        ),
                        Node(
                            "android.widget.TextView",
                            text=f"{self._date(phone, row.created)} · {CATEGORIES[row.category]}",
                            resource_id=f"{_ID}/tv_date",
                            bounds=(48, top + 100, 1040, top + 160),
                        ),
                    ],
                )
            )
        if not self.selected:
            nodes.append(
                Node(
                    "android.widget.ImageButton",
                    content_desc="Add expense",
                    resource_id=f"{_ID}/fb_main_add",
                    bounds=(860, 2140, 1020, 2300),
                    clickable=True,
                )
            )
        if self.confirming:
            nodes += [
                Node("android.widget.TextView", text="Delete", bounds=(80, 900, 1000, 1000)),
                Node(
                    "android.widget.TextView",
                    text="Are you sure you want to delete?",
                    resource_id="android:id/message",
                    bounds=(80, 1010, 1000, 1110),
                ),
                Node(
                    "android.widget.Button",
                    text="Cancel",
                    resource_id="android:id/button2",
                    bounds=(460, 1140, 720, 1260),
                    clickable=True,
                ),
                Node(
                    "android.widget.Button",
                    text="Delete",
                    resource_id="android:id/button1",
                    bounds=(740, 1140, 1000, 1260),
                    clickable=True,
                ),
            ]
        return nodes

    def _form_nodes(self, form: _Form) -> list[Node]:
        title = "Add expense" if form.expense_id is None else "Edit expense"
        nodes = toolbar(title, True)
        boxes = {"name": 320, "amount": 500, "note": 860}
        hints = {"name": "Name", "amount": "Amount", "note": "Note"}
        for key, top in boxes.items():
            nodes.append(
                Node(
                    "android.widget.EditText",
                    text=form.values[key],
                    hint=hints[key],
                    resource_id=f"{_ID}/edt_{key}",
                    bounds=(48, top, 1032, top + 150),
                    focused=form.focus == key and not form.choosing,
                )
            )
        nodes.append(
            Node(
                "android.widget.Spinner",
                resource_id=f"{_ID}/spinner_category",
                bounds=(48, 680, 1032, 830),
                clickable=True,
                children=[
                    Node(
                        "android.widget.TextView",
                        text=CATEGORIES[form.category],
                        resource_id="android:id/text1",
                        bounds=(80, 700, 1000, 810),
                    )
                ],
            )
        )
        nodes.append(
            Node(
                "android.widget.Button",
                text="Save",
                resource_id=f"{_ID}/btn_save",
                bounds=(48, 1060, 1032, 1200),
                clickable=True,
            )
        )
        if form.choosing:
            for i, (_, name) in enumerate(sorted(CATEGORIES.items())):
                top = 700 + i * 120
                nodes.append(
                    Node(
                        "android.widget.CheckedTextView",
                        text=name,
                        resource_id="android:id/text1",
                        bounds=(48, top, 1032, top + 120),
                        clickable=True,
                        checked=name == CATEGORIES[form.category],
                    )
                )
        return nodes

    def _nodes(self, phone: VirtualPhone) -> list[Node]:
        return self._form_nodes(self.form) if self.form else self._list_nodes(phone)

    def screen(self, phone: VirtualPhone) -> Screen:
        """The list (with its dialog) or the entry form (with its category list)."""
        return Screen(hierarchy=render(PACKAGE, self._nodes(phone)))

    # --- input ---------------------------------------------------------------------------
    def _row_at(self, phone: VirtualPhone, y: int) -> _Row | None:
        index = self.offset + (y - _LIST_TOP) // _ROW_HEIGHT
        rows = self._rows(phone)
        if y < _LIST_TOP or not 0 <= index < len(rows) or index >= self.offset + _ROWS:
            return None
        return rows[index]

    def on_tap(self, phone: VirtualPhone, x: int, y: int) -> None:
        """Rows, the FAB, the toolbar, the dialog and the form."""
        nodes = self._nodes(phone)
        if self.form is not None and self.form.choosing:
            nodes = [n for n in nodes if n.class_name.endswith("CheckedTextView")]
        elif self.confirming:
            nodes = [n for n in nodes if n.resource_id.startswith("android:id/button")]
        node = hit(nodes, x, y)
        if self.form is not None:
            self._tap_form(phone, self.form, node)
        elif node is not None:
            self._tap_list(phone, node, y)

    def _tap_form(self, phone: VirtualPhone, form: _Form, node: Node | None) -> None:
        if form.choosing:
            if node is not None:
                form.category = next(k for k, v in CATEGORIES.items() if v == node.text)
            form.choosing = False
        elif node is None:
            return
        elif node.content_desc == "Navigate up":
            self.form = None
        elif node.resource_id.endswith("spinner_category"):
            form.choosing = True
        elif node.resource_id.startswith(f"{_ID}/edt_"):
            form.focus = node.resource_id.rsplit("_", 1)[1]
        elif node.text == "Save":
            self._save(phone, form)

    def _tap_list(self, phone: VirtualPhone, node: Node, y: int) -> None:
        if self.confirming:
            if node.text == "Delete":
                self._delete_selected(phone)
            else:
                self.confirming = False
        elif node.content_desc == "Add expense":
            self.form = _Form()
        elif node.content_desc == "Delete":
            self.confirming = True
        elif node.resource_id.endswith("cl_expense_item"):
            row = self._row_at(phone, y)
            if row is None:
                return
            if self.selected:
                self.selected ^= {row.expense_id}
            else:
                values = {"name": row.name, "amount": f"{row.amount / 100:.2f}", "note": row.note}
                self.form = _Form(row.expense_id, values, row.category)

    def on_swipe(
        self, phone: VirtualPhone, x1: int, y1: int, x2: int, y2: int, duration_ms: int
    ) -> None:
        """A long press selects a row; a vertical swipe scrolls the list."""
        if self.form is not None or self.confirming:
            return
        if (x1, y1) == (x2, y2) and duration_ms >= _LONG_PRESS_MS:
            row = self._row_at(phone, y1)
            if row is not None:
                self.selected.add(row.expense_id)
        elif abs(y2 - y1) > abs(x2 - x1):
            most = max(0, len(self._rows(phone)) - _ROWS)
            self.offset = min(most, max(0, self.offset + (y1 - y2) // _ROW_HEIGHT))

    def on_text(self, phone: VirtualPhone, text: str) -> None:
        """Typing goes to the form's focused field."""
        if self.form is not None and not self.form.choosing:
            self.form.values[self.form.focus] += text

    def on_key(self, phone: VirtualPhone, keycode: str) -> bool:
        """DEL erases in the focused field; BACK closes what is open, one at a time."""
        form = self.form
        if keycode in KEY_DEL and form is not None:
            form.values[form.focus] = form.values[form.focus][:-1]
        if keycode not in KEY_BACK:
            return False
        if form is not None:
            if form.choosing:
                form.choosing = False
            else:
                self.form = None
            return True
        if self.confirming or self.selected:
            self.confirming, self.selected = False, set()
            return True
        return False


class ProExpenseScreensApp(ExpenseScreens, ProExpenseApp):
    """Pro Expense on the virtual phone: its database and its screens."""


def virtual_apps() -> list[VirtualApp]:
    """A fresh Pro Expense model."""
    return [ProExpenseScreensApp()]
