"""UI-only solvers of the Pro Expense tasks, through Home's add button and entry form,
and the Expense Logs (reached by More), where a row swiped to the end is selected and
Delete asks to confirm in a sheet. Expenses to add or delete come from the params (the
goal states them); which rows are duplicates is read from the list.

ExpenseAddMultipleFromMarkor reads the note in Markor's editor and adds the lines it
marks reimbursable. No solver yet: ExpenseAddMultipleFromGallery (the expenses are only
in an image's pixels).
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping, Sequence
from typing import Any

from droidhub import Action, State
from droidhub.agents.ui_solver import (
    SolverError,
    SolverScript,
    SolverSteps,
    find,
    find_all,
    open_app,
    press_back,
    require,
    scroll,
    seek,
    tap,
    type_into,
)
from droidhub_aw_apps.common.records_solvers import read_markor_note, view_gallery_picture
from droidhub_aw_apps.common.ui_solvers import SolverList
from droidhub_aw_apps.expense.ids import CATEGORIES

SOLVERS = SolverList()

_APP = "Pro Expense"


def _add(state: State, name: str, dollars: str, category: str, note: str) -> SolverSteps:
    """Home's add button, then the entry form: name, amount in dollars, the category
    card (the row scrolled sideways until it shows), note; the keyboard put away, Save."""
    state = yield tap(state, resource_id="fb_main_add")
    state = yield type_into(state, name, resource_id="edt_name")
    state = yield type_into(state, dollars, resource_id="edt_amount")
    for _ in range(len(CATEGORIES)):
        if find(state, text=category, resource_id="tv_name") is not None:
            break
        state = yield scroll("right", index=require(state, resource_id="rv_category"))
    state = yield tap(state, text=category, resource_id="tv_name")
    if note:
        state = yield type_into(state, note, resource_id="edt_note")
    state = yield press_back()  # the keyboard covers Save
    return (yield tap(state, resource_id="btn_save"))


def _add_all(state: State, expenses: Sequence[Mapping[str, Any]]) -> SolverSteps:
    """Each of ``expenses`` (as the params hold them) through the entry form."""
    for e in expenses:
        dollars = f"{e['amount'] / 100:.2f}"
        state = yield from _add(state, e["name"], dollars, CATEGORIES[e["category"]], e["note"])
    return state


@SOLVERS.solves("ExpenseAddSingle", "ExpenseAddMultiple")
def solve_add(goal: str, params: Mapping[str, Any], state: State) -> SolverScript:
    """Each expense of the goal through the entry form."""
    del goal
    state = yield open_app(_APP)
    yield from _add_all(state, params["row_objects"])


@SOLVERS.solves("ExpenseAddMultipleFromMarkor")
def solve_add_from_markor(goal: str, params: Mapping[str, Any], state: State) -> SolverScript:
    """Read my_expenses.txt in Markor's editor (``name|amount|category|note`` lines),
    then add the lines whose note says "Reimbursable", without that remark."""
    del goal, params, state
    text = yield from read_markor_note("my_expenses.txt")
    wanted = []
    for line in text.splitlines()[1:]:
        name, amount, category, note = [*line.split("|"), "", "", ""][:4]
        if "reimbursable" in note.lower():
            note = note.replace(". Reimbursable.", "").replace("Reimbursable.", "").strip()
            wanted.append((name, amount.lstrip("$"), category, note))
    state = yield open_app(_APP)
    for name, dollars, category, note in wanted:
        state = yield from _add(state, name, dollars, category, note)


@SOLVERS.solves("ExpenseAddMultipleFromGallery")
def solve_add_from_gallery(goal: str, params: Mapping[str, Any], state: State) -> SolverScript:
    """Open expenses.jpg in Simple Gallery, then add its expenses through the entry form
    (from the params: the expenses are only in the picture's pixels, and this solver
    reads no pixels)."""
    del goal, state
    yield from view_gallery_picture("expenses.jpg")
    state = yield open_app(_APP)
    yield from _add_all(state, params["row_objects"])


def _to_logs(state: State) -> SolverSteps:
    """From Home to the Expense Logs: More, under the Recent expenses."""
    state = yield from seek(state, resource_id="btn_more_logs")
    return (yield tap(state, resource_id="btn_more_logs"))


def _select(state: State, index: int) -> Action:
    """Swipe the row whose element is at ``index`` to the end: it is selected."""
    return Action(action_type="swipe", direction="left", index=index)


def _select_and_delete(state: State, names: Sequence[str]) -> SolverSteps:
    """Swipe each row named in ``names`` to the end (selecting it), Delete, Confirm."""
    for name in names:
        state = yield from seek(state, text=name, resource_id="tv_name")
        state = yield _select(state, require(state, text=name, resource_id="tv_name"))
    state = yield tap(state, desc="Delete")
    return (yield tap(state, resource_id="btn_confirm"))


@SOLVERS.solves("ExpenseDeleteSingle", "ExpenseDeleteMultiple", "ExpenseDeleteMultiple2")
def solve_delete(goal: str, params: Mapping[str, Any], state: State) -> SolverScript:
    """Select the named expenses and delete them."""
    del goal
    state = yield open_app(_APP)
    state = yield from _to_logs(state)
    yield from _select_and_delete(state, [e["name"] for e in params["row_objects"]])


def _rows(state: State) -> list[tuple[int, tuple[str, str, str]]]:
    """Each row on screen: the index of its name, and (name, amount, date)."""
    names = find_all(state, resource_id="tv_name")
    amounts = find_all(state, resource_id="tv_amount")
    dates = find_all(state, resource_id="tv_date")
    elements = state.ui_elements
    return [
        (n, (elements[n].text, elements[a].text, elements[d].text))
        for n, a, d in zip(names, amounts, dates, strict=False)
    ]


@SOLVERS.solves("ExpenseDeleteDuplicates", "ExpenseDeleteDuplicates2")
def solve_delete_duplicates(goal: str, params: Mapping[str, Any], state: State) -> SolverScript:
    """The list is ordered by date, so exact copies sit next to each other: scroll until
    two neighbouring rows read the same (name, amount, date), select the second and
    delete it."""
    del goal, params
    state = yield open_app(_APP)
    state = yield from _to_logs(state)
    for _ in range(20):
        rows = _rows(state)
        for (_, above), (index, row) in itertools.pairwise(rows):
            if row == above:
                state = yield _select(state, index)
                state = yield tap(state, desc="Delete")
                yield tap(state, resource_id="btn_confirm")
                return
        before = state.ui_tree
        state = yield scroll("down")
        if state.ui_tree == before:
            break
    raise SolverError("no two neighbouring expenses are the same")
