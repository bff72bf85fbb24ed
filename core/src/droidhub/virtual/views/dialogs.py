"""Dialogs as Android 13 dumps them: the AlertDialog and Material's bottom sheet.

Use: build the dialog's view and hand it to the :class:`~.window.Window` with the
cancel action; the engine lays it over a dimming scrim, routes taps into it, and a
tap outside it or BACK runs ``on_cancel``::

    Window(
        content,
        dialog=alert_dialog(
            "Delete recipe?", "This cannot be undone.",
            positive=("Delete", delete), negative=("Cancel", close),
        ),
        on_cancel=close,
    )

    Window(content, dialog=bottom_sheet(sheet_view, close), on_cancel=close,
           dialog_fills=True)

:func:`alert_dialog` follows the platform's and AppCompat's ``alert_dialog`` layouts,
which share their ids: ``parentPanel`` (a LinearLayout; AppCompat's a
LinearLayoutCompat), ``topPanel`` holding ``title_template`` and ``alertTitle``,
``contentPanel`` holding ``scrollView`` and the ``android:id/message`` text, then
``buttonPanel`` (a ScrollView) whose button bar holds ``android:id/button3``
(neutral), ``button2`` (negative) and ``button1`` (positive),
text buttons in the accent colour. The panels' ids are ``android:id/...`` for the
platform's ``android.app.AlertDialog`` (the default); an app on AppCompat or Material
(``MaterialAlertDialogBuilder``) has them in its own package: pass ``package_ids``.
Sizes are Material's (MaterialAlertDialog.MaterialComponents): a white surface with
4 dp corners and 24 dp of elevation, the title 20 sp medium with 24 dp sides, the
message 16 sp at 60 % black, a 8 dp button bar. A dialog with a list of choices
(``android:id/select_dialog_listview``) is not modelled yet.

:func:`bottom_sheet` is Material's ``BottomSheetDialog``: its window fills the screen
(hence ``dialog_fills``) and holds ``container`` > ``coordinator`` (a
CoordinatorLayout, ``android.view.ViewGroup``) > ``touch_outside`` (a view over the
whole window whose click cancels) and ``design_bottom_sheet``, the sheet at the
bottom holding the app's own layout; those ids are in the app's package.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import ClassVar, Unpack

from droidhub.virtual.views.frame import FrameLayout
from droidhub.virtual.views.linear import VERTICAL, LinearLayout, LinearLayoutCompat
from droidhub.virtual.views.measure import MATCH_PARENT, Gravity
from droidhub.virtual.views.view import GONE, INVISIBLE, VISIBLE, Attributes, View, with_defaults
from droidhub.virtual.views.widgets import Button, TextView

#: Material 2's dialog surface, its corners and elevation (dp).
SURFACE = "#FFFFFFFF"
CORNER_RADIUS = 4
ELEVATION = 24
#: The text buttons' colour: the theme's ``colorPrimary`` (Material's baseline purple).
ACCENT = "#FF6200EE"
#: The message's colour: black at 60 % (Material's medium emphasis).
MESSAGE_TEXT = "#99000000"

#: A button's label and what its click does.
Choice = tuple[str, Callable[[], object]]


class ScrollView(FrameLayout):
    """A scroll container that holds one child (``android.widget.ScrollView``; AndroidX's
    NestedScrollView reports the same class). It shows its child from the top and does
    not scroll yet: dialogs and forms that fit the screen need no more."""

    class_name: ClassVar[str] = "android.widget.ScrollView"


class CoordinatorLayout(FrameLayout):
    """AndroidX's CoordinatorLayout, which a dump reports as ``android.view.ViewGroup``;
    laid out here as a FrameLayout (children stacked, placed by gravity)."""

    class_name: ClassVar[str] = "android.view.ViewGroup"


class _SheetCoordinator(CoordinatorLayout):
    """A bottom sheet's coordinator: a touch on the sheet stays in the sheet (its
    behaviour consumes it) even where nothing in the sheet takes a click."""

    def hit(self, x: int, y: int, long: bool = False) -> View | None:
        """The sheet's view under the finger; ``touch_outside`` only off the sheet."""
        sheet = self.children[-1]
        if sheet.contains(x, y):
            return sheet.hit(x, y, long)
        return super().hit(x, y, long)


def _panel_id(name: str, package_ids: bool) -> str:
    return name if package_ids else f"android:id/{name}"


def _button(name: str, choice: Choice) -> Button:
    label, action = choice
    button = Button(
        f"android:id/{name}", label, margin=(8, 0, 0, 0), padding=(8, 6, 8, 6), on_click=action
    )
    button.text_color = ACCENT  # a text button: no fill, the label in the accent
    return button


def _buttons(
    neutral: Choice | None, negative: Choice | None, positive: Choice | None, package_ids: bool
) -> View:
    """The button bar: neutral at the start, then negative and positive at the end."""
    views: list[View] = []
    if neutral is not None:
        views.append(_button("button3", neutral))
        views[0].margin = (0, 0, 0, 0)
        # AppCompat's invisible spacer, which pushes the other two to the end
        views.append(View(width=0, height=0, weight=1, visibility=INVISIBLE))
    views += [_button(n, c) for n, c in (("button2", negative), ("button1", positive)) if c]
    bar = LinearLayout(
        "",
        *views,
        width=MATCH_PARENT,
        padding=(8, 4, 8, 4),
        gravity=Gravity.BOTTOM if neutral else Gravity.END | Gravity.BOTTOM,
    )
    return ScrollView(_panel_id("buttonPanel", package_ids), bar, width=MATCH_PARENT)


def alert_dialog(
    title: str,
    message: str,
    *,
    positive: Choice | None = None,
    negative: Choice | None = None,
    neutral: Choice | None = None,
    package_ids: bool = False,
    custom: View | None = None,
) -> LinearLayout:
    """An AlertDialog's ``parentPanel``: the title (none if empty), the message (or the
    app's ``custom`` view in ``customPanel``), and its buttons."""
    top = LinearLayout(
        _panel_id("topPanel", package_ids),
        LinearLayout(
            _panel_id("title_template", package_ids),
            TextView(
                _panel_id("alertTitle", package_ids),
                title,
                text_size=20,
                medium=True,
                max_lines=1,
                width=MATCH_PARENT,
            ),
            width=MATCH_PARENT,
            padding=(24, 18, 24, 0),
            gravity=Gravity.CENTER_VERTICAL,
        ),
        orientation=VERTICAL,
        width=MATCH_PARENT,
        visibility=VISIBLE if title else GONE,
    )
    content = FrameLayout(
        _panel_id("contentPanel", package_ids),
        ScrollView(
            _panel_id("scrollView", package_ids),
            LinearLayout(
                "",
                TextView(
                    "android:id/message",
                    message,
                    text_size=16,
                    text_color=MESSAGE_TEXT,
                    width=MATCH_PARENT,
                    padding=(24, 16 if title else 20, 24, 8),
                ),
                orientation=VERTICAL,
                width=MATCH_PARENT,
            ),
            width=MATCH_PARENT,
        ),
        width=MATCH_PARENT,
        visibility=VISIBLE if message else GONE,
    )
    panels: list[View] = [top, content]
    if custom is not None:
        panels.append(
            FrameLayout(_panel_id("customPanel", package_ids), custom, width=MATCH_PARENT)
        )
    if neutral or negative or positive:
        panels.append(_buttons(neutral, negative, positive, package_ids))
    # AppCompat's AlertDialogLayout is a LinearLayoutCompat; the platform's a LinearLayout.
    panel = LinearLayoutCompat if package_ids else LinearLayout
    return panel(
        _panel_id("parentPanel", package_ids),
        *panels,
        orientation=VERTICAL,
        width=MATCH_PARENT,
        background=SURFACE,
        corner_radius=CORNER_RADIUS,
        elevation=ELEVATION,
    )


def bottom_sheet(
    sheet: View, on_cancel: Callable[[], object], **attributes: Unpack[Attributes]
) -> FrameLayout:
    """Material's BottomSheetDialog window holding ``sheet`` at its bottom: hand it to
    a :class:`~.window.Window` with ``dialog_fills=True``. A tap above the sheet lands
    on ``touch_outside`` and runs ``on_cancel``."""
    defaults: Attributes = {
        "background": SURFACE,
        "elevation": 16,
        "width": MATCH_PARENT,
        "layout_gravity": Gravity.BOTTOM | Gravity.CENTER_HORIZONTAL,
    }
    return FrameLayout(
        "container",
        _SheetCoordinator(
            "coordinator",
            View(
                "touch_outside",
                width=MATCH_PARENT,
                height=MATCH_PARENT,
                on_click=on_cancel,
                focusable=False,
            ),
            FrameLayout("design_bottom_sheet", sheet, **with_defaults(attributes, defaults)),
            width=MATCH_PARENT,
            height=MATCH_PARENT,
        ),
        width=MATCH_PARENT,
        height=MATCH_PARENT,
    )
