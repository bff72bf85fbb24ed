"""The leaf views: text, buttons, fields, images, check boxes and switches.

Each reports the class a real ``uiautomator dump`` shows for it, which is what the
view's ``getAccessibilityClassName()`` returns, not its Java class. Facts checked in
AOSP and androidx sources: ``ImageButton`` (and so AppCompatImageButton and Material's
FloatingActionButton) returns ``android.widget.ImageButton``; MaterialButton returns
``android.widget.Button``; a TextView with empty text reports its hint as its text
(``TextView.getTextForAccessibility`` falls back to ``mHint``), and the dump of API 33
has no ``hint`` attribute of its own; the dump's text is the whole text, not the
ellipsized line the screen shows.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import ClassVar, Unpack

from droidhub.virtual.views import icons
from droidhub.virtual.views import text as fonts
from droidhub.virtual.views.measure import Gravity, MeasureSpec, Mode, dp, place, sp
from droidhub.virtual.views.paint import Painter
from droidhub.virtual.views.view import Attributes, View, with_defaults

#: Material 2 ink on a light surface: primary text 87 % black, secondary 54 %.
PRIMARY_TEXT = "#DE000000"
SECONDARY_TEXT = "#8A000000"
#: What a password field shows (and reports) for each character.
BULLET = "\u2022"


class TextView(View):
    """Text in Roboto at ``text_size`` sp: ``max_lines=1`` is one line ellipsized at
    its end (``android:maxLines="1" android:ellipsize="end"``)."""

    class_name: ClassVar[str] = "android.widget.TextView"

    def __init__(
        self,
        id: str = "",
        text: str = "",
        *,
        text_size: float = 14,
        text_color: str = PRIMARY_TEXT,
        medium: bool = False,
        max_lines: int | None = None,
        all_caps: bool = False,
        gravity: int = Gravity.NONE,
        hint: str = "",
        password: bool = False,
        min_width: float = 0,
        min_height: float = 0,
        **attributes: Unpack[Attributes],
    ) -> None:
        super().__init__(id, **attributes)
        self.text, self.hint, self.password = text, hint, password
        self.text_px, self.text_color, self.medium = sp(text_size), text_color, medium
        self.max_lines, self.all_caps, self.gravity = max_lines, all_caps, gravity
        self.min_width, self.min_height = dp(min_width), dp(min_height)
        self.lines: list[str] = []

    def shown_text(self) -> str:
        """The text after its transformation (caps, password bullets)."""
        shown = BULLET * len(self.text) if self.password else self.text
        return shown.upper() if self.all_caps else shown

    def text_for_accessibility(self) -> str:
        """The transformed text, or the hint while the text is empty."""
        return self.shown_text() or self.hint

    def on_measure(self, width_spec: MeasureSpec, height_spec: MeasureSpec) -> tuple[int, int]:
        """Lines broken to the room the width spec leaves; as wide as the longest."""
        left, top, right, bottom = self.padding
        shown = self.shown_text() or self.hint
        room = math.inf if width_spec.mode is Mode.UNSPECIFIED else width_spec.size - left - right
        if self.max_lines == 1:
            line = shown.replace("\n", " ")
            self.lines = [fonts.ellipsize(line, self.text_px, room, self.medium)]
        else:
            self.lines = fonts.wrap(shown, self.text_px, room, self.max_lines or 1_000, self.medium)
        widest = max((fonts.width(n, self.text_px, self.medium) for n in self.lines), default=0)
        wanted_w = max(self.min_width, math.ceil(widest) + left + right)
        line_h = fonts.metrics(self.text_px, self.medium).height(len(self.lines))
        wanted_h = max(self.min_height, line_h + top + bottom)
        return width_spec.resolve(wanted_w), height_spec.resolve(wanted_h)

    def draw_content(self, painter: Painter) -> None:
        """The lines, placed in the padded box by ``gravity``, the hint in grey."""
        left, top, right, bottom = self.padding
        box = (self.left + left, self.top + top, self.right - right, self.bottom - bottom)
        colour = self.text_color if self.text else SECONDARY_TEXT
        painter.text(self.lines, box, self.text_px, colour, self.medium, self.gravity)


class Button(TextView):
    """A Material button (``android.widget.Button``): medium caps, 36 dp tall inside
    6 dp insets, 64 dp wide at least."""

    class_name: ClassVar[str] = "android.widget.Button"
    clickable_by_default: ClassVar[bool] = True

    def __init__(self, id: str = "", text: str = "", **attributes: Unpack[Attributes]) -> None:
        attributes.setdefault("padding", (16, 6, 16, 6))
        super().__init__(
            id, text, medium=True, all_caps=True, max_lines=1, gravity=Gravity.CENTER,
            min_width=64, min_height=48, **attributes,
        )  # fmt: skip

    def draw(self, painter: Painter) -> None:
        """A filled button: its background sits inside the 6 dp insets."""
        if self.background is not None:
            inset = dp(6)
            box = (self.left, self.top + inset, self.right, self.bottom - inset)
            painter.surface(box, self.background, dp(4), self.elevation)
        self.draw_content(painter)


class EditText(TextView):
    """An editable field (``android.widget.EditText``): clickable, focusable and
    long-clickable; its hint shows (and is reported) while it is empty."""

    class_name: ClassVar[str] = "android.widget.EditText"
    clickable_by_default: ClassVar[bool] = True
    long_clickable_by_default: ClassVar[bool] = True

    def __init__(
        self,
        id: str = "",
        text: str = "",
        *,
        hint: str = "",
        password: bool = False,
        on_change: Callable[[str], object] | None = None,
        focus_key: str = "",
        **attributes: Unpack[Attributes],
    ) -> None:
        attributes.setdefault("padding", (4, 12, 4, 12))
        super().__init__(
            id, text, hint=hint, password=password, text_size=16, max_lines=1,
            min_height=48, **attributes,
        )  # fmt: skip
        #: Called with the new text when typing changes it (the app keeps the text).
        self.on_change = on_change
        #: What the engine keeps the focus under when the layout gives the field no id
        #: (a TextInputLayout's bare EditText): never dumped.
        self.focus_key = focus_key

    @property
    def focus_name(self) -> str:
        """The name the focus goes by: the field's id, else its ``focus_key``."""
        return self.id or self.focus_key

    def draw_content(self, painter: Painter) -> None:
        """The text over an underline (accent-coloured while focused)."""
        super().draw_content(painter)
        line = dp(2) if self.focused else dp(1)
        colour = "#FF6200EE" if self.focused else "#61000000"
        box = (self.left, self.bottom - dp(8) - line, self.right, self.bottom - dp(8))
        painter.surface(box, colour)


class ImageView(View):
    """An icon (``android.widget.ImageView``): the Material Symbols icon ``icon``,
    ``icon_size`` dp square, in ``tint`` (``filled``: its filled form, as the status
    bar's and selected tabs' icons are)."""

    class_name: ClassVar[str] = "android.widget.ImageView"
    #: What the class sets unless the declaration does (an ImageButton's padding).
    default_attributes: ClassVar[Attributes] = {}

    def __init__(
        self,
        id: str = "",
        icon: str = "",
        *,
        tint: str = SECONDARY_TEXT,
        icon_size: float = 24,
        filled: bool = False,
        **attributes: Unpack[Attributes],
    ) -> None:
        super().__init__(id, **with_defaults(attributes, self.default_attributes))
        if icon and icon not in icons.names():
            # Caught where the screen is declared, not when a screenshot is taken.
            raise ValueError(
                f"no icon {icon!r} in droidhub's Material Symbols subset: add it to ICONS "
                "in tools/material_symbols.py and run that script"
            )
        self.icon, self.tint, self.filled = icon, tint, filled
        self.icon_px = dp(icon_size)

    def on_measure(self, width_spec: MeasureSpec, height_spec: MeasureSpec) -> tuple[int, int]:
        """The icon plus padding, unless sized otherwise."""
        left, top, right, bottom = self.padding
        return (
            width_spec.resolve(self.icon_px + left + right),
            height_spec.resolve(self.icon_px + top + bottom),
        )

    def draw_content(self, painter: Painter) -> None:
        """The icon centred in the padded box."""
        if self.icon:
            size = self.icon_px
            x = place(Gravity.CENTER, self.left, self.right, size, horizontal=True)
            y = place(Gravity.CENTER, self.top, self.bottom, size, horizontal=False)
            painter.icon(self.icon, (x, y, x + size, y + size), self.tint, self.filled)


class ImageButton(ImageView):
    """A clickable icon (``android.widget.ImageButton``): 48 dp touch target."""

    class_name: ClassVar[str] = "android.widget.ImageButton"
    clickable_by_default: ClassVar[bool] = True
    default_attributes: ClassVar[Attributes] = {"padding": 12}


class FloatingActionButton(ImageButton):
    """Material's FAB: reports ``android.widget.ImageButton``; 56 dp, round, 6 dp of
    elevation, 16 dp from the screen's edges, bottom end by default."""

    default_attributes: ClassVar[Attributes] = {
        "width": 56, "height": 56, "padding": 16, "margin": 16, "elevation": 6,
        "corner_radius": 28, "background": "#FF018786",
        "layout_gravity": Gravity.BOTTOM | Gravity.END,
    }  # fmt: skip

    def __init__(
        self,
        id: str = "",
        icon: str = "add",
        *,
        tint: str = "#FFFFFFFF",
        **attributes: Unpack[Attributes],
    ) -> None:
        super().__init__(id, icon, tint=tint, **attributes)


class CompoundButton(TextView):
    """A checkable button with its label (base of CheckBox and Switch)."""

    clickable_by_default: ClassVar[bool] = True

    def __init__(
        self,
        id: str = "",
        text: str = "",
        **attributes: Unpack[Attributes],
    ) -> None:
        attributes.setdefault("padding", (0, 12, 0, 12))
        attributes.setdefault("checkable", True)
        super().__init__(id, text, max_lines=1, **attributes)
        self.box_dp = 48

    def on_measure(self, width_spec: MeasureSpec, height_spec: MeasureSpec) -> tuple[int, int]:
        """The label's size with room for the box or track beside it."""
        left, top, right, bottom = self.padding
        self.padding = (left + dp(self.box_dp), top, right, bottom)
        try:
            return super().on_measure(width_spec, height_spec)
        finally:
            self.padding = (left, top, right, bottom)


class CheckBox(CompoundButton):
    """``android.widget.CheckBox``: the box before its label."""

    class_name: ClassVar[str] = "android.widget.CheckBox"

    def draw_content(self, painter: Painter) -> None:
        """The box (filled when checked), then the label."""
        size = dp(18)
        x = self.left + dp(15)
        y = place(Gravity.CENTER, self.top, self.bottom, size, horizontal=False)
        painter.check_box((x, y, x + size, y + size), self.checked)
        left = self.left
        self.left += dp(self.box_dp)
        super().draw_content(painter)
        self.left = left


class Switch(CompoundButton):
    """``android.widget.Switch`` (SwitchCompat and SwitchMaterial report it too): the
    label, then the track and thumb at the end."""

    class_name: ClassVar[str] = "android.widget.Switch"

    def draw_content(self, painter: Painter) -> None:
        """The label, then the switch at the end of the box."""
        super().draw_content(painter)
        x = self.right - dp(self.box_dp)
        y = place(Gravity.CENTER, self.top, self.bottom, dp(20), horizontal=False)
        painter.switch((x + dp(6), y, x + dp(42), y + dp(20)), self.checked)
