"""Pieces of Material Components, AppCompat, AndroidX and the framework's widgets that
several apps' screens share.

An app's layout names these widgets as the library inflates them, and a dump reports
them by the classes the library's views say to accessibility; they are declared here
once so that every app shows them alike:

* :class:`ViewGroupFrame`, :class:`ViewGroupLinear` and :class:`ViewGroupRelative`: a
  ConstraintLayout, a Toolbar's custom subclass, a ViewPager2 or another group whose
  ``getAccessibilityClassName()`` is ``android.view.ViewGroup``, laid out as a
  FrameLayout (children stacked), a LinearLayout (children in a row or column) or a
  RelativeLayout (children placed by rules).
* :class:`ScrollingListView` and :class:`ScrollingScrollView`: a ListView and a
  ScrollView (AndroidX's NestedScrollView, React Native's FlatList) whose content the
  engine binds and scrolls as rows, as it does a RecyclerView's.
* :func:`bottom_navigation`: Material 2's ``BottomNavigationView`` with labels.
* :func:`up_button`: AppCompat's "Navigate up" button at a toolbar's start.
* :class:`DrawerLayout`: AndroidX's DrawerLayout, its content and the drawer over it
  while open; a tap beside the open drawer closes it.
* :class:`ViewPager`, :class:`HorizontalScrollView`, :class:`RadioGroup`,
  :class:`CheckedTextView` and :class:`ProgressBar`: widgets a dump names by their own
  class, laid out (or drawn) as the engine's group or view they behave like.

Facts from Material Components' layouts (``design_bottom_navigation_item.xml``,
``BottomNavigationMenuView``): the view is a FrameLayout holding the menu view (a
ViewGroup row, no id) of one FrameLayout an item, each item described by its title
and selected when chosen; an item holds ``navigation_bar_item_icon_view`` centred at
its top and ``navigation_bar_item_labels_group`` at its bottom, whose label is
``navigation_bar_item_large_label_view`` (14 sp) for the chosen item and
``navigation_bar_item_small_label_view`` (12 sp) for the others. AppCompat's
``abc_action_bar_up_description`` is "Navigate up".
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from typing import ClassVar, TypeVar, Unpack

from droidhub.virtual.views.frame import FrameLayout
from droidhub.virtual.views.linear import HORIZONTAL, VERTICAL, LinearLayout
from droidhub.virtual.views.measure import MATCH_PARENT, Gravity
from droidhub.virtual.views.recycler import RecyclerView
from droidhub.virtual.views.relative import RelativeLayout
from droidhub.virtual.views.view import GONE, Action, Attributes, View
from droidhub.virtual.views.widgets import ImageButton, ImageView, TextView

Item = TypeVar("Item")

#: AppCompat's ``abc_action_bar_up_description``.
NAVIGATE_UP = "Navigate up"


class ViewGroupFrame(FrameLayout):
    """A group a dump reports as ``android.view.ViewGroup`` (ConstraintLayout,
    ViewPager2, SwipeRefreshLayout, a Toolbar's subclass), laid out as a FrameLayout."""

    class_name: ClassVar[str] = "android.view.ViewGroup"


class ViewGroupLinear(LinearLayout):
    """A group a dump reports as ``android.view.ViewGroup`` (a ConstraintLayout whose
    children sit in a row or a column), laid out as a LinearLayout."""

    class_name: ClassVar[str] = "android.view.ViewGroup"


class ViewGroupRelative(RelativeLayout):
    """A group a dump reports as ``android.view.ViewGroup`` (a ConstraintLayout whose
    constraints a RelativeLayout's rules say as well), laid out as a RelativeLayout."""

    class_name: ClassVar[str] = "android.view.ViewGroup"


class ScrollingListView(RecyclerView[Item]):
    """``android.widget.ListView`` with more rows than fit: bound and scrolled as a
    RecyclerView's (the menus' :class:`ListView` holds a few rows that all fit)."""

    class_name: ClassVar[str] = "android.widget.ListView"


class ScrollingScrollView(RecyclerView[Item]):
    """``android.widget.ScrollView`` (AndroidX's NestedScrollView and React Native's
    FlatList report the same) whose content is given as rows, bound and scrolled by a
    swipe as a RecyclerView's (the dialogs' ``ScrollView`` holds one child that fits)."""

    class_name: ClassVar[str] = "android.widget.ScrollView"


class ViewPager(FrameLayout):
    """AndroidX's ``ViewPager`` (or an app's subclass of it) showing one page."""

    class_name: ClassVar[str] = "androidx.viewpager.widget.ViewPager"


class HorizontalScrollView(LinearLayout):
    """``android.widget.HorizontalScrollView`` around a row that fits the screen (so
    never scrolled here), laid out as that row."""

    class_name: ClassVar[str] = "android.widget.HorizontalScrollView"


class RadioGroup(LinearLayout):
    """``android.widget.RadioGroup``: its radio buttons in a column."""

    class_name: ClassVar[str] = "android.widget.RadioGroup"

    def __init__(self, id: str = "", *children: View, **attributes: Unpack[Attributes]) -> None:
        super().__init__(id, *children, orientation=VERTICAL, **attributes)


class CheckedTextView(TextView):
    """``android.widget.CheckedTextView``: a checkable line of text (a drop-down's or a
    navigation menu's row)."""

    class_name: ClassVar[str] = "android.widget.CheckedTextView"


class ProgressBar(View):
    """``android.widget.ProgressBar``: an indeterminate spinner (drawn as nothing)."""

    class_name: ClassVar[str] = "android.widget.ProgressBar"


class DrawerLayout(FrameLayout):
    """AndroidX's DrawerLayout (its node's class is its own name), as tall and wide as
    its parent: the ``content``, and the ``drawer`` over it while open (``None`` or a
    GONE view while closed). Beside the open drawer, a tap closes it (``on_close``)
    and reaches nothing else; a long press there reaches nothing."""

    class_name: ClassVar[str] = "androidx.drawerlayout.widget.DrawerLayout"

    def __init__(
        self, id: str, content: View, drawer: View | None = None, on_close: Action | None = None
    ) -> None:
        children = (content,) if drawer is None else (content, drawer)
        super().__init__(id, *children, width=MATCH_PARENT, height=MATCH_PARENT)
        self.drawer = drawer
        #: What a tap beside the open drawer reaches: no view of the tree.
        self._scrim = View(on_click=on_close)

    def hit(self, x: int, y: int, long: bool = False) -> View | None:
        """Beside an open drawer, the scrim takes the tap."""
        if self._beside_open_drawer(x, y):
            return None if long else self._scrim
        return super().hit(x, y, long)

    def _beside_open_drawer(self, x: int, y: int) -> bool:
        drawer = self.drawer
        if drawer is None or drawer.visibility == GONE:
            return False
        return self.contains(x, y) and not drawer.contains(x, y)


def up_button(on_up: Action | None, tint: str, icon: str = "arrow_back") -> ImageButton:
    """The toolbar's navigation button: an id-less ImageButton described "Navigate up"."""
    return ImageButton("", icon, tint=tint, content_desc=NAVIGATE_UP, on_click=on_up)


def bottom_navigation(
    id: str,
    items: Sequence[tuple[str, str, str]],
    chosen: str,
    on_choose: Callable[[str], object],
    *,
    active: str,
    inactive: str,
    background: str,
    height: float = 56,
    inset: float = 8,
    elevation: float = 0.0,
) -> FrameLayout:
    """Material 2's ``BottomNavigationView`` ``id`` at the bottom of its parent.

    ``items`` are (item id, title, icon) in the menu's order; the ``chosen`` one is
    selected and inked ``active``, the others ``inactive``; a tap calls ``on_choose``
    with the item's id. ``inset`` is the icon's gap to the item's top and the labels'
    to its bottom (8 dp; the taller 80 dp bar of newer themes has 12)."""
    views: list[View] = []
    for item_id, title, icon in items:
        selected = item_id == chosen
        ink = active if selected else inactive
        label = TextView(
            "navigation_bar_item_large_label_view"
            if selected
            else "navigation_bar_item_small_label_view",
            title,
            text_size=14 if selected else 12,
            text_color=ink,
            max_lines=1,
            layout_gravity=Gravity.CENTER_HORIZONTAL,
        )
        icon_view = ImageView(
            "navigation_bar_item_icon_view",
            icon,
            tint=ink,
            layout_gravity=Gravity.CENTER_HORIZONTAL,
            margin=(0, inset, 0, 0),
        )
        labels = ViewGroupFrame(
            "navigation_bar_item_labels_group",
            label,
            layout_gravity=Gravity.CENTER_HORIZONTAL | Gravity.BOTTOM,
            margin=(0, 0, 0, inset),
        )
        views.append(
            FrameLayout(
                item_id,
                icon_view,
                labels,
                content_desc=title,
                selected=selected,
                width=0,
                weight=1,
                height=MATCH_PARENT,
                on_click=functools.partial(on_choose, item_id),
            )
        )
    menu_view = ViewGroupLinear(
        "", *views, orientation=HORIZONTAL, width=MATCH_PARENT, height=MATCH_PARENT
    )
    return FrameLayout(
        id,
        menu_view,
        width=MATCH_PARENT,
        height=height,
        background=background,
        layout_gravity=Gravity.BOTTOM,
        elevation=elevation,
    )
