"""Tasks' layout files (org.tasks 13.6.3, versionCode 130605) as view trees.

Each function is one file of the app's ``res/layout`` (or the Compose content a screen
shows in its ComposeView), with its ids, view classes and nesting, the English strings
of ``values/strings.xml`` and the theme's colours; data comes in as plain values and
actions as callables, bound by :mod:`.screens`.

Facts checked in the sources at the tag 13.6.3:

- ``task_list_activity`` (``drawer_layout`` > ``master``) holds ``fragment_task_list``:
  the CoordinatorLayout ``task_list_coordinator``, the ``appbarlayout`` with the
  ``toolbar`` titled by the filter ("My Tasks") holding ``menu_task_list_fragment_top``
  (Search), the body ``task_list_body_standard`` included as ``body_standard`` (the
  include's id replaces its root's ``swipe_layout``) holding ``recycler_view`` (88 dp
  of footer padding), the ``bottomAppBar`` (the default app bar position is the
  bottom one: it takes the navigation icon, which opens the drawer, and
  ``menu_task_list_fragment_bottom`` less Search: Sort as an action, the rest in the
  overflow) and the ``fab`` "Create new task" cradled on it in the accent colour.
- A task is ``task_adapter_row``: ``row`` > ``rowBody`` holding ``completeBox`` (a
  CheckableImageView), ``due_date``, ``title`` and ``description`` (shown when the task
  has notes, two lines at most); ``chip_group`` is an empty ComposeView in a list's own
  filter (no chips), zero tall, which a dump leaves out. A section header is
  ``task_adapter_header``: ``header_row`` > ``header`` and its ``chevron``.
- The Sort sheet is SortSettingsActivity's Compose ModalBottomSheet: Grouping, Sorting
  and Subtasks rows (each with its mode and an Ascending/Descending button), then
  "Move completed tasks to bottom" and its switch; a row opens a second sheet listing
  the modes, and a choice closes it. Compose content has no resource ids.
- The editor is ``fragment_task_edit``: ``appbarlayout`` > ``collapsingtoolbarlayout``
  holding the ``title`` EditText ("Task name") and the ``toolbar`` (the navigation
  button "Save"; ``menu_task_edit_fragment``'s Delete task as an action, as the back
  button does not save by default), then ``compose_view`` with the default control
  sets in their default order, and the ``fab`` that completes an existing task
  (invisible for a new one).

Where this differs from the real app: ``completeBox`` reports the task's priority as
its content description ("High priority"...) and its completion as checked; the real
one shows both only in pixels (the box's colour and its check), and a dump would not
tell them apart.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar, Unpack

from droidhub.virtual import views
from droidhub.virtual.views.view import Action, Attributes
from droidhub_aw_apps.tasks_app import ids

if TYPE_CHECKING:
    from droidhub.virtual.views.paint import Painter

# --- the theme (values/colors.xml; ThemeColor blue_500, ThemeAccent 1: red) ------------
PRIMARY = "#FF2196F3"  # blue_500, the default theme colour
ACCENT = "#FFFF1744"  # red_a400, RedAccent (p_theme_accent defaults to 1)
BACKGROUND = "#FFFAFAFA"  # content_background: md_background_light
TEXT_PRIMARY = "#DE000000"
TEXT_SECONDARY = "#99000000"  # black_60
TEXT_TERTIARY = "#61000000"  # black_38
OVERDUE = "#FFFF5722"  # error_color_material_light
#: The check box's colour by ``importance`` (0 high ... 3 none).
PRIORITY_COLOURS = ("#FFF44336", "#FFFF9800", "#FF2196F3", "#FF9E9E9E")


class ComposeColumn(views.LinearLayout):
    """Compose content in a column: its nodes report ``android.view.View``."""

    class_name: ClassVar[str] = "android.view.View"

    def __init__(
        self, id: str = "", *children: views.View, **attributes: Unpack[Attributes]
    ) -> None:
        super().__init__(id, *children, orientation=views.VERTICAL, **attributes)


class ComposeRow(views.LinearLayout):
    """A Compose Row (``android.view.View`` when it takes clicks)."""

    class_name: ClassVar[str] = "android.view.View"

    def __init__(self, *children: views.View, **attributes: Unpack[Attributes]) -> None:
        super().__init__(
            "", *children, orientation=views.HORIZONTAL, gravity=views.Gravity.CENTER_VERTICAL,
            **attributes,
        )  # fmt: skip


class PlainEditText(views.EditText):
    """An EditText on ``android:background="@null"`` (the editor's title, Compose's
    description field): no underline, ``text_size`` sp, up to ``max_lines`` lines."""

    def __init__(
        self,
        id: str,
        text: str,
        hint: str,
        text_size: float,
        max_lines: int,
        on_change: Callable[[str], object],
        **attributes: Unpack[Attributes],
    ) -> None:
        super().__init__(id, text, hint=hint, on_change=on_change, **attributes)
        self.text_px, self.max_lines = views.sp(text_size), max_lines

    def draw_content(self, painter: Painter) -> None:
        """The text alone."""
        views.TextView.draw_content(self, painter)


class RadioButton(views.CheckBox):
    """``android.widget.RadioButton``: a ring, filled when checked, in ``tint``."""

    class_name: ClassVar[str] = "android.widget.RadioButton"

    def __init__(self, tint: str, **attributes: Unpack[Attributes]) -> None:
        super().__init__("", "", **attributes)
        self.tint = tint

    def draw_content(self, painter: Painter) -> None:
        """The ring (and its dot when checked) centred in the box."""
        size = views.dp(24)
        x = (self.left + self.right - size) // 2
        y = (self.top + self.bottom - size) // 2
        icon = "radio_button_checked" if self.checked else "radio_button_unchecked"
        painter.icon(icon, (x, y, x + size, y + size), self.tint)


# --- fragment_task_list ----------------------------------------------------------------
@dataclass(frozen=True)
class Header:
    """A section header of the list."""

    text: str


@dataclass(frozen=True)
class TaskLine:
    """A task as its row shows it."""

    task_id: int
    title: str
    #: None: no due date (the view is GONE);  a day without a time under its header.
    due: str | None
    overdue: bool
    notes: str
    importance: int
    completed: bool
    hidden: bool
    #: The start date chip's text while the task is unstarted (None: no chip).
    start: str | None = None


Entry = Header | TaskLine


def task_list(
    title: str,
    entries: Sequence[Entry],
    open_task: Callable[[int], object],
    on_sort: Action,
    on_overflow: Action,
    on_drawer: Action,
    on_add: Action,
    banner: views.View | None = None,
) -> views.LinearLayout:
    """``task_list_activity`` holding ``fragment_task_list`` for the filter ``title``:
    the ``banner`` (see :func:`subscription_banner`) over the list, or over
    ``body_empty`` while the filter shows no task."""
    toolbar = views.Toolbar(
        "toolbar",
        views.TextView("", title, text_size=20, medium=True, max_lines=1, weight=1, width=0,
                       margin=(16, 0, 0, 0)),
        views.action_menu([views.MenuItem("menu_search", ids.SEARCH, "search")],
                          tint=TEXT_SECONDARY),
        background=BACKGROUND, elevation=0,
    )  # fmt: skip
    app_bar = views.LinearLayout("appbarlayout", toolbar, orientation=views.VERTICAL,
                                 width=views.MATCH_PARENT,
                                 elevation=4, background=BACKGROUND)  # fmt: skip

    def bind(entry: Entry) -> views.View:
        if isinstance(entry, Header):
            return task_adapter_header(entry.text)
        return task_adapter_row(entry, lambda: open_task(entry.task_id))

    recycler = views.RecyclerView("recycler_view", entries, bind, padding=(0, 0, 0, 88))
    standard = views.ViewGroupFrame("body_standard", recycler, width=views.MATCH_PARENT,
                                    height=views.MATCH_PARENT,
                                    visibility="visible" if entries else views.GONE)  # fmt: skip
    body = views.LinearLayout("", orientation=views.VERTICAL, width=views.MATCH_PARENT,
                              height=views.MATCH_PARENT,
                              margin=(0, 56, 0, 0))  # fmt: skip
    if banner is not None:
        body.add(banner)
    body.add(
        views.LinearLayout(
            "",
            views.FrameLayout("", standard, task_list_body_empty(visible=not entries),
                              width=0, weight=100, height=views.MATCH_PARENT),
            orientation=views.HORIZONTAL, width=views.MATCH_PARENT, height=views.MATCH_PARENT,
        )
    )  # fmt: skip
    coordinator = views.CoordinatorLayout(
        "task_list_coordinator", app_bar, body, bottom_app_bar(on_drawer, on_sort, on_overflow),
        views.FloatingActionButton("fab", "add", background=ACCENT, content_desc=ids.CREATE_TASK,
                                   layout_gravity=views.Gravity.BOTTOM
                                   | views.Gravity.CENTER_HORIZONTAL,
                                   margin=(0, 0, 0, 28), on_click=on_add),
        width=views.MATCH_PARENT, height=views.MATCH_PARENT, background=BACKGROUND,
    )  # fmt: skip
    return views.LinearLayout(
        "drawer_layout",
        views.FrameLayout("master", coordinator, width=views.MATCH_PARENT,
                          height=views.MATCH_PARENT),
        orientation=views.VERTICAL, width=views.MATCH_PARENT, height=views.MATCH_PARENT,
    )  # fmt: skip


def task_list_body_empty(visible: bool) -> views.View:
    """``task_list_body_empty`` included as ``body_empty``: the inbox picture (a glyph
    the engine's icon subset lacks, so its 168 dp box stays blank) over "There are no
    tasks here.", shown instead of ``body_standard`` while the filter has no task."""
    column = views.LinearLayout(
        "",
        views.ImageView("", width=168, height=168, layout_gravity=views.Gravity.CENTER_HORIZONTAL),
        views.TextView("", ids.NO_TASKS, text_size=20, text_color=TEXT_TERTIARY,
                       layout_gravity=views.Gravity.CENTER_HORIZONTAL),
        orientation=views.VERTICAL, layout_gravity=views.Gravity.CENTER_HORIZONTAL,
    )  # fmt: skip
    return views.ViewGroupFrame("body_empty", views.ScrollView("", column),
                                width=views.MATCH_PARENT,
                                elevation=4,
                                visibility="visible" if visible else views.GONE)  # fmt: skip


def subscription_banner(on_dismiss: Action, on_donate: Action) -> views.View:
    """The ``banner`` ComposeView's SubscriptionNagBanner as the generic (F-Droid) build
    words it: between two dividers, "Enjoying Tasks?" (body1), "Tasks needs your
    support!" (body2), then the Dismiss and Donate text buttons at the end."""

    def text_button(text: str, on_click: Action) -> views.Button:
        button = views.Button("", text, padding=(8, 6, 8, 6), on_click=on_click)
        button.all_caps, button.text_color = False, PRIMARY
        return button

    def divider() -> views.View:
        return views.View(width=views.MATCH_PARENT, height=1, background="#1F000000")

    return ComposeColumn(
        "banner",
        divider(),
        views.TextView("", ids.ENJOYING_TASKS, text_size=16, text_color=TEXT_PRIMARY,
                       padding=(16, 0, 16, 0), margin=(0, 16, 0, 0)),
        views.TextView("", ids.NEEDS_SUPPORT, text_size=14, text_color=TEXT_PRIMARY,
                       padding=(16, 0, 16, 0), margin=(0, 4, 0, 0)),
        views.LinearLayout("", text_button(ids.DISMISS, on_dismiss), views.View(width=8, height=0),
                           text_button(ids.DONATE, on_donate), layout_gravity=views.Gravity.RIGHT,
                           padding=(16, 2, 16, 2)),
        divider(),
        width=views.MATCH_PARENT,
    )  # fmt: skip


def bottom_app_bar(on_drawer: Action, on_sort: Action, on_overflow: Action) -> views.Toolbar:
    """``bottomAppBar`` in the theme colour: the navigation icon, then Sort and the
    overflow of ``menu_task_list_fragment_bottom``."""
    return views.Toolbar(
        "bottomAppBar",
        views.ImageButton("", "menu", tint="#FFFFFFFF", padding=16, width=56, height=56,
                          on_click=on_drawer),
        views.View(width=0, height=0, weight=1),
        views.action_menu([views.MenuItem("menu_sort", ids.SORT, "sort", on_sort)],
                          overflow=OVERFLOW_TITLES,
                          on_overflow=on_overflow, tint="#FFFFFFFF"),
        background=PRIMARY, elevation=8, layout_gravity=views.Gravity.BOTTOM,
    )  # fmt: skip


#: The bottom menu's items that go to the overflow, in order (Collapse and Expand
#: subtasks show in a list that supports subtasks; voice input needs a recogniser).
OVERFLOW_TITLES = (
    views.MenuItem("menu_clear_completed", ids.CLEAR_COMPLETED),
    views.MenuItem("menu_collapse_subtasks", ids.COLLAPSE_SUBTASKS),
    views.MenuItem("menu_expand_subtasks", ids.EXPAND_SUBTASKS),
    views.MenuItem("menu_show_completed", ids.SHOW_COMPLETED),
    views.MenuItem("menu_show_unstarted", ids.SHOW_UNSTARTED),
    views.MenuItem("menu_share", ids.SHARE),
)


def task_adapter_header(text: str) -> views.RelativeLayout:
    """``task_adapter_header``: the section's name and its collapse chevron."""
    return views.RelativeLayout(
        "header_row",
        views.TextView("header", text, text_size=14, medium=True, text_color=TEXT_SECONDARY,
                       padding=16, width=views.MATCH_PARENT,
                       gravity=views.Gravity.LEFT | views.Gravity.CENTER_VERTICAL,
                       rules=views.Rules(align_parent_left=True, to_left_of="chevron")),
        views.ImageView("chevron", "keyboard_arrow_up", tint=TEXT_TERTIARY, padding=16,
                        rules=views.Rules(align_parent_right=True)),
        width=views.MATCH_PARENT, clickable=True,
    )  # fmt: skip


def task_adapter_row(line: TaskLine, on_click: Action) -> views.FrameLayout:
    """``task_adapter_row``: the check box, the title, the due date at the end, the
    description under them."""
    box_icon = "check_box" if line.completed else "check_box_outline_blank"
    chips = line.start is not None
    title_colour = TEXT_TERTIARY if line.completed or line.hidden else TEXT_PRIMARY
    body = views.RelativeLayout(
        "rowBody",
        views.ImageView("completeBox", box_icon, tint=PRIORITY_COLOURS[min(line.importance, 3)],
                        padding=(16, 16, 16, 16), clickable=True, checkable=True,
                        checked=line.completed,
                        content_desc=ids.PRIORITY_HEADERS[min(line.importance, 3)],
                        rules=views.Rules(align_parent_top=True, align_parent_left=True)),
        views.TextView("due_date", line.due or "", text_size=14, max_lines=1,
                       text_color=OVERDUE if line.overdue else TEXT_SECONDARY,
                       padding=(8, 18, 8, 0), clickable=True,
                       visibility=views.GONE if line.due is None
                       else "visible",
                       rules=views.Rules(align_parent_top=True, align_parent_right=True)),
        views.TextView("title", line.title, text_size=16, max_lines=1, text_color=title_colour,
                       padding=(0, 16, 8, 0), width=views.MATCH_PARENT,
                       rules=views.Rules(to_right_of="completeBox", to_left_of="due_date")),
        views.TextView("description", line.notes, text_size=16, max_lines=2,
                       text_color=TEXT_SECONDARY, padding=(56, 0, 16, 0 if chips else 16),
                       margin=(0, 4, 0, 0), width=views.MATCH_PARENT,
                       visibility="visible" if line.notes else views.GONE,
                       rules=views.Rules(below="title")),
        width=views.MATCH_PARENT, padding=(0, 0, 8, 0), on_click=on_click,
    )  # fmt: skip
    if line.start is not None:
        body.add(chip_group(line.start, below="description" if line.notes else "title"))
    return views.FrameLayout("row", body, width=views.MATCH_PARENT, background=BACKGROUND)


def chip_group(start: str, below: str) -> views.View:
    """``chip_group``, the row's ComposeView: the StartDateChip of an unstarted task (its
    start date as the due date is worded), under the title or the description."""
    chip = ComposeRow(
        views.ImageView("", "schedule", tint=TEXT_SECONDARY, icon_size=18, margin=(8, 0, 8, 0)),
        views.TextView("", start, text_size=14, max_lines=1, margin=(0, 0, 12, 0)),
        height=32, background="#1F000000", corner_radius=16, clickable=True,
    )  # fmt: skip
    return ComposeColumn("chip_group", chip, width=views.MATCH_PARENT, margin=(56, 4, 16, 0),
                         padding=(0, 0, 16, 16), rules=views.Rules(below=below))  # fmt: skip


# --- SortSettingsActivity's sheets -------------------------------------------------------
@dataclass(frozen=True)
class SortRow:
    """One row of the main sort sheet: its title, mode, order (None: no order button)
    and what its parts do."""

    title: str
    icon: str
    mode: str
    ascending: bool | None
    on_click: Action
    on_order: Action


class ComposeSheetWindow(views.FrameLayout):
    """A Compose ModalBottomSheet's window (SortSettingsActivity): the scrim over the
    whole window, whose tap dismisses, and the sheet at the bottom with 16 dp corners.
    Compose gives neither a resource id; a touch on the sheet stays in the sheet."""

    def __init__(self, sheet: views.View, on_dismiss: Action) -> None:
        self.sheet = views.FrameLayout("", sheet, width=views.MATCH_PARENT, background="#FFFFFFFF",
                                       corner_radius=16,
                                       layout_gravity=views.Gravity.BOTTOM)  # fmt: skip
        scrim = views.View(width=views.MATCH_PARENT, height=views.MATCH_PARENT, on_click=on_dismiss)
        super().__init__("", scrim, self.sheet, width=views.MATCH_PARENT, height=views.MATCH_PARENT)

    def hit(self, x: int, y: int, long: bool = False) -> views.View | None:
        """The sheet's view under the finger; the scrim only off the sheet."""
        if self.sheet.contains(x, y):
            return self.sheet.hit(x, y, long)
        return super().hit(x, y, long)


def sort_sheet(rows: Sequence[SortRow], completed_at_bottom: bool, on_bottom: Action) -> views.View:
    """The main sheet: the Grouping, Sorting and Subtasks rows, a divider, then "Move
    completed tasks to bottom" and its switch."""
    column = ComposeColumn("", width=views.MATCH_PARENT, padding=(0, 22, 0, 16))
    column.add(views.View(width=32, height=4, background="#66000000", corner_radius=2,
                          layout_gravity=views.Gravity.CENTER_HORIZONTAL,
                          margin=(0, 0, 0, 16)))  # fmt: skip
    for row in rows:
        column.add(_sort_row(row))
    column.add(views.View(width=views.MATCH_PARENT, height=1, background="#1F000000"))
    column.add(
        ComposeRow(
            views.TextView("", ids.COMPLETED_AT_BOTTOM, text_size=16, weight=1, width=0),
            views.Switch("", "", checked=completed_at_bottom, on_click=on_bottom),
            width=views.MATCH_PARENT,
            padding=(16, 0, 16, 0),
            on_click=on_bottom,
        )
    )
    return column


def _sort_row(row: SortRow) -> views.View:
    texts = ComposeColumn(
        "",
        views.TextView("", row.title, text_size=16),
        views.TextView("", row.mode, text_size=14, text_color=TEXT_SECONDARY),
        width=0,
        weight=1,
    )
    parts: list[views.View] = [
        views.ImageView("", row.icon, tint=TEXT_SECONDARY, margin=(0, 0, 16, 0)),
        texts,
    ]
    if row.ascending is not None:
        words = ids.ASCENDING if row.ascending else ids.DESCENDING
        arrow = "arrow_upward" if row.ascending else "arrow_downward"
        parts.append(
            ComposeRow(
                views.View(width=1, height=32, background="#1F000000"),
                views.ImageView("", arrow, tint=TEXT_PRIMARY, icon_size=16, margin=(8, 0, 8, 0)),
                views.TextView("", words, text_size=14),
                height=32,
                margin=(16, 0, 0, 0),
                on_click=row.on_order,
            )
        )
    return ComposeRow(*parts, width=views.MATCH_PARENT, padding=16, on_click=row.on_click)


def picker_sheet(
    options: Sequence[str], selected: str, choose: Callable[[str], object]
) -> views.View:
    """A mode picker over the main sheet: one line per mode, the selected in the theme
    colour; a choice closes it."""
    column = ComposeColumn("", width=views.MATCH_PARENT, padding=(0, 22, 0, 16))
    column.add(views.View(width=32, height=4, background="#66000000", corner_radius=2,
                          layout_gravity=views.Gravity.CENTER_HORIZONTAL,
                          margin=(0, 0, 0, 16)))  # fmt: skip
    for option in options:
        colour = PRIMARY if option == selected else TEXT_PRIMARY
        line = ComposeColumn(
            "",
            views.TextView("", option, text_size=20, medium=True, text_color=colour),
            width=views.MATCH_PARENT,
            padding=(16, 8, 16, 8),
            on_click=functools.partial(choose, option),
        )
        column.add(line)
    return column


# --- fragment_task_edit --------------------------------------------------------------------
@dataclass(frozen=True)
class Draft:
    """What the editor shows."""

    title: str
    is_new: bool
    completed: bool
    due: str
    importance: int
    notes: str
    list_name: str
    created: str


def task_edit(
    draft: Draft,
    on_title: Callable[[str], object],
    on_notes: Callable[[str], object],
    on_priority: Callable[[int], object],
    on_save: Action,
    on_delete: Action,
    on_complete: Action,
) -> views.CoordinatorLayout:
    """``fragment_task_edit``: the title over the toolbar, the control sets, the FAB."""
    delete = views.MenuItem("menu_delete", ids.DELETE_TASK, "delete", on_delete)
    actions = [] if draft.is_new else [delete]
    toolbar = views.Toolbar(
        "toolbar",
        views.ImageButton("", "save", tint=TEXT_PRIMARY, content_desc=ids.SAVE, padding=16,
                          width=56, height=56, on_click=on_save),
        views.View(width=0, height=0, weight=1),
        views.action_menu(actions, tint=TEXT_SECONDARY),
        elevation=0, layout_gravity=views.Gravity.TOP,
    )  # fmt: skip
    title = PlainEditText(
        "title",
        draft.title,
        ids.TASK_NAME,
        24,
        5,
        on_title,
        padding=(16, 56, 16, 32),
        width=views.MATCH_PARENT,
    )
    app_bar = views.LinearLayout(
        "appbarlayout",
        views.FrameLayout("collapsingtoolbarlayout", title, toolbar, width=views.MATCH_PARENT,
                          background=BACKGROUND),
        orientation=views.VERTICAL, width=views.MATCH_PARENT, elevation=4, background=BACKGROUND,
    )  # fmt: skip
    rows = control_sets(draft, on_notes, on_priority)
    body = views.LinearLayout(
        "",
        ViewGroupScroll("", ComposeColumn("compose_view", *rows, width=views.MATCH_PARENT),
                        width=views.MATCH_PARENT, height=0, weight=100),
        orientation=views.VERTICAL, width=views.MATCH_PARENT, height=views.MATCH_PARENT,
        margin=(0, 144, 0, 0),
    )  # fmt: skip
    fab = views.FloatingActionButton(
        "fab", "check_box_outline_blank" if draft.completed else "check_box", background=ACCENT,
        layout_gravity=views.Gravity.TOP | views.Gravity.END, margin=(0, 116, 16, 0),
        visibility=views.INVISIBLE if draft.is_new else "visible", on_click=on_complete,
    )  # fmt: skip
    return views.CoordinatorLayout("", app_bar, body, fab, width=views.MATCH_PARENT,
                                   height=views.MATCH_PARENT,
                                   background=BACKGROUND)  # fmt: skip


class ViewGroupScroll(views.FrameLayout):
    """AndroidX's NestedScrollView: ``android.widget.ScrollView``."""

    class_name: ClassVar[str] = "android.widget.ScrollView"


def _edit_row(icon: str, *content: views.View, on_click: Action | None = None) -> views.View:
    """TaskEditRow: the control's icon in the 56 dp inset, then its content."""
    return ComposeRow(
        views.ImageView("", icon, tint=TEXT_SECONDARY, margin=(16, 0, 16, 0)),
        *content,
        width=views.MATCH_PARENT, height=64 if on_click is not None else -2, on_click=on_click,
    )  # fmt: skip


def _label(text: str, enabled: bool = True) -> views.TextView:
    return views.TextView("", text, text_size=16, text_color=TEXT_PRIMARY if enabled else
                          TEXT_TERTIARY, margin=(0, 20, 16, 20), width=0, weight=1)  # fmt: skip


def control_sets(
    draft: Draft, on_notes: Callable[[str], object], on_priority: Callable[[int], object]
) -> list[views.View]:
    """The default control sets in their default order (TEA_control_sets_prefs), each
    as its Compose row draws it."""
    priority = ComposeRow(
        views.TextView("", ids.PRIORITY_LABEL, text_size=16, margin=(0, 0, 16, 0)),
        views.View(width=0, height=0, weight=1),
        *[
            RadioButton(PRIORITY_COLOURS[i], checked=draft.importance == i, width=48, height=64,
                        on_click=lambda i=i: on_priority(i))  # type: ignore[misc]
            for i in (3, 2, 1, 0)
        ],
        width=0, weight=1, padding=(0, 0, 16, 0),
    )  # fmt: skip
    notes = PlainEditText(
        "", draft.notes, ids.DESCRIPTION, 16, 100, on_notes, width=0, weight=1, margin=(0, 8, 16, 8)
    )
    return [
        _edit_row("schedule", _label(ids.NO_START_DATE, False), on_click=_nothing),
        _edit_row("schedule", _label(draft.due or ids.NO_DUE_DATE, bool(draft.due)),
                  on_click=_nothing),
        _edit_row("repeat", _label(ids.DOES_NOT_REPEAT, False), on_click=_nothing),
        _edit_row("flag", priority),
        _edit_row("place", _label(ids.ADD_LOCATION, False), on_click=_nothing),
        _edit_row("label", _label(ids.ADD_TAGS, False), on_click=_nothing),
        _edit_row("list", _label(draft.list_name), on_click=_nothing),
        _edit_row("subdirectory_arrow_right", _label(ids.ADD_SUBTASK, False), on_click=_nothing),
        _edit_row("notifications", _label(ids.ADD_REMINDER, False), on_click=_nothing),
        _edit_row("attach_file", _label(ids.ADD_ATTACHMENT, False), on_click=_nothing),
        _edit_row("notes", notes),
    ]  # fmt: skip


def _nothing() -> None:
    """A control set's own picker is not modelled: its row takes the tap."""
