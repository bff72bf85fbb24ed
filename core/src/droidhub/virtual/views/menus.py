"""A toolbar's menu: its action items, the overflow button, and the popup menu that
button drops (appcompat's ``ActionMenuView`` and ``MenuPopupWindow``).

:func:`action_menu` is the row a Toolbar ends with: one :class:`ActionMenuItemView`
per item shown as an action (``showAsAction="ifRoom"``/``"always"``), then the
:class:`OverflowMenuButton` when items are left for the overflow. :func:`popup_menu`
is the popup those items go into; show it as the window's dialog with
``Window(popup_anchor=<the overflow button's bounds>)`` so it drops over its button
without a scrim, and a tap outside it or BACK dismisses it (``on_cancel``).

Facts from the sources (androidx.appcompat 1.x, Material Components):

- ``ActionMenuItemView`` overrides ``getAccessibilityClassName`` to return
  ``android.widget.Button``; an item with an icon shows no text (on a phone held
  upright) and takes its title as its content description; its view id is the menu
  item's id; it has a tooltip, so it is long-clickable too.
- ``ActionMenuView`` extends ``LinearLayoutCompat``, which names itself to
  accessibility: ``androidx.appcompat.widget.LinearLayoutCompat``.
- The overflow button (``ActionMenuPresenter.OverflowMenuButton``) is an
  ``AppCompatImageView``: ``android.widget.ImageView``, content description
  "More options" (``abc_action_menu_overflow_description``).
- The popup is a ``ListView`` (``MenuPopupWindow.MenuDropDownListView``) in a popup
  window, each row ``abc_popup_menu_item_layout``: a ``ListMenuItemView`` (a
  LinearLayout, 48 dp tall, at least 196 dp wide, 16 dp of end padding) over the
  ``content`` LinearLayout, whose RelativeLayout (16 dp in from the start, centred
  vertically) holds the ``title`` TextView; the row's ``group_divider``, the
  ``shortcut`` and the ``submenuarrow`` are GONE and not dumped. Rows report
  clickable as a ListView's items do. appcompat's rows carry the app's own
  ids (``package:id/title``: appcompat's resources are merged into the app), the
  framework's popup carries ``android:id/title`` (pass ``ids="android"``). Material
  Components' popup: a white surface, 4 dp corners, 8 dp of elevation, 8 dp of
  padding above and below the rows, titles in 16 sp.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import ClassVar, Unpack

from droidhub.virtual.views import icons
from droidhub.virtual.views.linear import HORIZONTAL, VERTICAL, LinearLayout, LinearLayoutCompat
from droidhub.virtual.views.measure import MATCH_PARENT, Gravity, MeasureSpec, dp
from droidhub.virtual.views.paint import Painter
from droidhub.virtual.views.relative import RelativeLayout
from droidhub.virtual.views.view import Action, Attributes, View
from droidhub.virtual.views.widgets import PRIMARY_TEXT, ImageView, TextView

#: ``abc_action_menu_overflow_description``.
MORE_OPTIONS = "More options"
#: The popup's surface (Material Components' ``Widget.MaterialComponents.PopupMenu``).
POPUP_BACKGROUND = "#FFFFFFFF"
POPUP_ELEVATION = 8
POPUP_CORNERS = 4


@dataclass(frozen=True)
class MenuItem:
    """One ``<item>`` of a menu resource: its id, title, icon (a Material Symbols
    name) and what choosing it does."""

    id: str
    title: str
    icon: str = ""
    on_click: Action | None = None


class ActionMenuItemView(TextView):
    """An item shown as an action: its icon, 48 dp wide, reported as a Button whose
    content description is the item's title."""

    class_name: ClassVar[str] = "android.widget.Button"
    clickable_by_default: ClassVar[bool] = True
    long_clickable_by_default: ClassVar[bool] = True

    def __init__(self, item: MenuItem, *, tint: str = "#FFFFFFFF") -> None:
        super().__init__(
            item.id,
            content_desc=item.title,
            width=48,
            height=MATCH_PARENT,
            on_click=item.on_click,
        )
        if item.icon and item.icon not in icons.names():
            raise ValueError(f"no icon {item.icon!r} in droidhub's Material Symbols subset")
        self.icon, self.tint = item.icon, tint

    def draw_content(self, painter: Painter) -> None:
        """The 24 dp icon centred in the item."""
        size = dp(24)
        x = self.left + (self.right - self.left - size) // 2
        y = self.top + (self.bottom - self.top - size) // 2
        painter.icon(self.icon, (x, y, x + size, y + size), self.tint)


class OverflowMenuButton(ImageView):
    """The three dots at a toolbar's end that open the overflow popup."""

    clickable_by_default: ClassVar[bool] = True
    long_clickable_by_default: ClassVar[bool] = True

    def __init__(self, on_click: Action | None, *, tint: str = "#FFFFFFFF") -> None:
        super().__init__(
            "",
            "more_vert",
            tint=tint,
            content_desc=MORE_OPTIONS,
            width=40,
            height=MATCH_PARENT,
            on_click=on_click,
        )


class ActionMenuView(LinearLayoutCompat):
    """appcompat's ``ActionMenuView``: the action items in a row."""

    def __init__(self, *children: View, **attributes: Unpack[Attributes]) -> None:
        attributes.setdefault("height", MATCH_PARENT)
        super().__init__(
            "", *children, orientation=HORIZONTAL, gravity=Gravity.CENTER_VERTICAL, **attributes
        )


def action_menu(
    actions: Sequence[MenuItem],
    overflow: Sequence[MenuItem] = (),
    on_overflow: Action | None = None,
    *,
    tint: str = "#FFFFFFFF",
) -> ActionMenuView:
    """A toolbar's menu: ``actions`` as icons, then the overflow button when there is
    an ``overflow`` (a tap on it runs ``on_overflow``, which shows the popup)."""
    views: list[View] = [ActionMenuItemView(item, tint=tint) for item in actions]
    if overflow:
        views.append(OverflowMenuButton(on_overflow, tint=tint))
    return ActionMenuView(*views)


class ListView(LinearLayout):
    """``android.widget.ListView`` holding a few rows that all fit (a popup menu's
    list; longer lists are RecyclerViews here)."""

    class_name: ClassVar[str] = "android.widget.ListView"

    def __init__(self, id: str = "", *rows: View, **attributes: Unpack[Attributes]) -> None:
        super().__init__(id, *rows, orientation=VERTICAL, **attributes)


def _qualified(name: str, ids: str) -> str:
    return f"{ids}:id/{name}" if ids else name


def popup_menu(
    items: Sequence[MenuItem], choose: Callable[[MenuItem], object], *, ids: str = ""
) -> ListView:
    """The popup of ``items``: a tap on a row runs ``choose(item)`` (which should
    dismiss the popup and then do what the item does). ``ids``: "android" for the
    framework's popup rows, empty for appcompat's (the app's own ids)."""
    rows: list[View] = []
    for item in items:
        title = TextView(
            _qualified("title", ids), item.title, text_size=16, text_color=PRIMARY_TEXT,
            max_lines=1, width=MATCH_PARENT,
        )  # fmt: skip
        group = RelativeLayout(
            "", title, width=0, weight=1, margin=(16, 0, 0, 0),
            layout_gravity=Gravity.CENTER_VERTICAL,
        )  # fmt: skip
        content = LinearLayout(
            _qualified("content", ids), group, orientation=HORIZONTAL,
            gravity=Gravity.CENTER_VERTICAL, width=MATCH_PARENT, height=MATCH_PARENT,
        )  # fmt: skip
        rows.append(
            _Row(content, on_click=lambda item=item: choose(item))  # type: ignore[misc]
        )
    return ListView(
        "", *rows, padding=(0, 8, 0, 8), background=POPUP_BACKGROUND,
        elevation=POPUP_ELEVATION, corner_radius=POPUP_CORNERS,
    )  # fmt: skip


class _Row(LinearLayout):
    """``ListMenuItemView``: a 48 dp row, at least 196 dp wide, 16 dp of padding at its
    end (the title's group keeps 16 dp from its start)."""

    def __init__(self, content: View, on_click: Action) -> None:
        super().__init__(
            "", content, orientation=VERTICAL, height=48, width=MATCH_PARENT,
            padding=(0, 0, 16, 0), on_click=on_click,
        )  # fmt: skip

    def on_measure(self, width_spec: MeasureSpec, height_spec: MeasureSpec) -> tuple[int, int]:
        """At least 196 dp wide (``android:minWidth`` of the row's layout)."""
        width, height = super().on_measure(width_spec, height_spec)
        return max(width, min(dp(196), width_spec.size or dp(196))), height
