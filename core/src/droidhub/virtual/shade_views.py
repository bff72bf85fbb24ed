"""The view classes System UI's shade is built of (:mod:`droidhub.virtual.shade`): the
classes its layouts declare, as a dump reports them, and the tile pager's dots."""

from __future__ import annotations

from typing import ClassVar

from droidhub.virtual.quick_settings import ACTIVE_INK, SECONDARY_INK
from droidhub.virtual.views import (
    GONE,
    MATCH_PARENT,
    VERTICAL,
    WRAP_CONTENT,
    FrameLayout,
    LinearLayout,
    View,
    dp,
)
from droidhub.virtual.views.paint import Painter


class Column(LinearLayout):
    """A vertical stack System UI declares as a FrameLayout (its children placed in
    code, one under the other)."""

    class_name: ClassVar[str] = "android.widget.FrameLayout"

    def __init__(
        self, id: str, *children: View, height: float = WRAP_CONTENT, background: str | None = None
    ) -> None:
        super().__init__(id, *children, orientation=VERTICAL, width=MATCH_PARENT, height=height,
                         background=background)  # fmt: skip


class GroupColumn(Column):
    """A vertical stack declared as a ConstraintLayout: reported as a ViewGroup."""

    class_name: ClassVar[str] = "android.view.ViewGroup"


class Panel(FrameLayout):
    """A FrameLayout System UI declares as a ViewGroup (ConstraintLayout and friends)."""

    class_name: ClassVar[str] = "android.view.ViewGroup"


class ScrollPanel(FrameLayout):
    """``NonInterceptingScrollView``: reported as a ScrollView."""

    class_name: ClassVar[str] = "android.widget.ScrollView"


class Pager(FrameLayout):
    """``PagedTileLayout`` (a ViewPager): scrollable while it has another page."""

    class_name: ClassVar[str] = "android.view.ViewGroup"

    def __init__(self, id: str, page: View, pages: int) -> None:
        super().__init__(id, page, width=MATCH_PARENT, margin=(16, 8, 16, 0))
        self.pages = pages

    def scrollable(self) -> bool:
        """A pager with more than one page scrolls sideways."""
        return self.pages > 1


class PageIndicator(View):
    """``PageIndicator``: a dot a page, the shown one in the accent; gone with one page."""

    def __init__(self, pages: int, page: int) -> None:
        shown = "visible" if pages > 1 else GONE
        super().__init__("footer_page_indicator", width=16 * pages, height=MATCH_PARENT,
                         visibility=shown)  # fmt: skip
        self.pages, self.page = pages, page

    def draw_content(self, painter: Painter) -> None:
        """The dots, 8 dp wide, 16 dp apart, centred on the row."""
        size, middle = dp(8), (self.top + self.bottom) // 2
        for index in range(self.pages):
            left = self.left + dp(4) + index * dp(16)
            ink = ACTIVE_INK if index == self.page else SECONDARY_INK
            box = (left, middle - size // 2, left + size, middle + size // 2)
            painter.surface(box, ink, size // 2)
