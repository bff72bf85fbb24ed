"""What the Simple Mobile Tools apps share from Simple-Commons, as view-engine pieces.

SMS Messenger (5.19.3, commons b72ded2a75), Gallery (6.28.1, commons 9e60e24790) and
Draw (6.9.3, commons c09f8dfda1) build their screens from the same library: its
colours and dimensions, ``MySearchMenu`` (``menu_search.xml``), the MaterialToolbar
with its menu, ``MyFloatingActionButton``, the letter avatars of
``SimpleContactsHelper.getContactLetterIcon``, ``dialog_message.xml`` (the
confirmation dialog) and the framework's floating text toolbar that a long press on
a field raises. Each app's package declares its own layouts with these.

Facts from the sources: on Android 12 and later the apps follow the system theme
(``BaseConfig.isUsingSystemTheme`` defaults to ``isSPlus()``), whose light colours
are ``you_background_color`` (``system_neutral1_10``), ``you_neutral_text_color``
(``system_accent1_900``) and ``you_primary_color`` (``system_accent1_400``); the
values below are those of the emulator's default palette, as near as droidhub knows
them. A letter avatar is a 48 dp circle in one of ten colours picked by the name's
Java ``hashCode`` (``letterBackgroundColors``), the name's first letter upper-cased
in its middle at half the circle's size, white or dark grey by the colour's
luminance (``Int.getContrastColor``).
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from typing import ClassVar, Unpack

from droidhub.virtual import views
from droidhub.virtual.views.measure import dp, place
from droidhub.virtual.views.paint import Painter
from droidhub.virtual.views.view import Action, Attributes
from droidhub_aw_apps.common.java_strings import java_hash
from droidhub_aw_apps.common.styles import COLUMN, FILL, TextStyle

# --- colours (values-v31/colors.xml over the system palette, light) --------------------
BACKGROUND = "#FFFEFBFF"  # you_background_color: system_neutral1_10
TEXT = "#FF1B1B1F"  # you_neutral_text_color: system_accent1_900
PRIMARY = "#FF4C8DF6"  # you_primary_color: system_accent1_400
DIVIDER = "#55808080"  # divider_grey
DARK_GREY = "#FF333333"  # dark_grey: Int.getContrastColor's dark ink
#: The search bar's pill (search_menu_background, the background a little darker).
SEARCH_PILL = "#FFEEEAF2"
#: ``letterBackgroundColors`` (helpers/Constants.kt), in their order.
LETTER_COLOURS = (
    "#CCD32F2F", "#CCC2185B", "#CC1976D2", "#CC0288D1", "#CC0097A7",
    "#CC00796B", "#CC388E3C", "#CC689F38", "#CCF57C00", "#CCE64A19",
)  # fmt: skip

# --- dimensions (values/dimens.xml), in dp and sp ----------------------------------------
TINY_MARGIN, SMALL_MARGIN, MEDIUM_MARGIN, NORMAL_MARGIN = 2, 4, 8, 12
ACTIVITY_MARGIN, BIGGER_MARGIN = 16, 20
NORMAL_ICON_SIZE, LIST_AVATAR_SIZE, DIVIDER_HEIGHT = 48, 40, 1
SMALLER_TEXT, NORMAL_TEXT, BIGGER_TEXT, BIG_TEXT, ACTIONBAR_TEXT = 12, 14, 16, 18, 21

# --- text styles -------------------------------------------------------------------------
#: A list row's first line (a contact's name, a conversation's title): one line in the
#: text colour at ``big_text_size``, as wide as the row.
ROW_TITLE: TextStyle = {
    "text_size": BIG_TEXT, "text_color": TEXT, "max_lines": 1, "width": views.MATCH_PARENT,
}  # fmt: skip
#: The line under a row's title (a number, the newest message): ``normal_text_size``.
ROW_DETAIL: TextStyle = {**ROW_TITLE, "text_size": NORMAL_TEXT}

# --- strings (values/strings.xml) ---------------------------------------------------------
OK, CANCEL, YES, NO = "OK", "Cancel", "Yes", "No"
SEARCH, SETTINGS, ABOUT = "Search", "Settings", "About"
MORE_APPS = "More apps from us"


class SwipeRefreshLayout(views.ViewGroupFrame):
    """androidx's SwipeRefreshLayout around a list (``android.view.ViewGroup``)."""


def letter_colour(name: str) -> str:
    """The avatar colour of ``name`` (``abs(hashCode) % 10``; Java's abs of MIN_VALUE
    stays negative, and Kotlin's % keeps the sign, so that one name takes the
    first colour)."""
    code = abs(java_hash(name))
    return LETTER_COLOURS[code % len(LETTER_COLOURS)] if code < 1 << 31 else LETTER_COLOURS[0]


def name_letter(name: str) -> str:
    """``String.getNameLetter``: the first character upper-cased, "A" for none."""
    return name[:1].upper() or "A"


def contrast_ink(argb: str) -> str:
    """``Int.getContrastColor``: dark grey on a light colour, white on a dark one."""
    red, green, blue = (int(argb[i : i + 2], 16) for i in (3, 5, 7))
    return DARK_GREY if (299 * red + 587 * green + 114 * blue) // 1000 >= 149 else "#FFFFFFFF"


class LetterAvatar(views.ImageView):
    """An ImageView showing a name's letter avatar (a coloured disc with the letter)."""

    def __init__(self, id: str, name: str, **attributes: Unpack[Attributes]) -> None:
        attributes.setdefault("width", NORMAL_ICON_SIZE)
        attributes.setdefault("height", NORMAL_ICON_SIZE)
        super().__init__(id, **attributes)
        self.name = name

    def draw_content(self, painter: Painter) -> None:
        """The disc filling the view's smaller side, and the letter in its middle."""
        size = min(self.right - self.left, self.bottom - self.top)
        x = self.left + (self.right - self.left - size) // 2
        y = self.top + (self.bottom - self.top - size) // 2
        fill = letter_colour(self.name)
        painter.surface((x, y, x + size, y + size), fill, size // 2)
        painter.text(
            [name_letter(self.name)],
            (x, y, x + size, y + size),
            size / 2,
            contrast_ink("#FF" + fill[3:]),
            False,
            views.Gravity.CENTER,
        )


def my_edit_text(
    id: str,
    text: str,
    hint: str,
    on_change: Callable[[str], object] | None,
    *,
    text_size: float = NORMAL_TEXT,
    gravity: int = views.Gravity.NONE,
    **attributes: Unpack[Attributes],
) -> views.EditText:
    """``MyEditText``: an EditText in the text colour, ``text_size`` sp, on no
    underline (the apps' fields sit on a transparent background)."""
    field = _PlainEditText(id, text, hint=hint, on_change=on_change, **attributes)
    field.text_px, field.gravity, field.text_color = views.sp(text_size), gravity, TEXT
    return field


class _PlainEditText(views.EditText):
    """An EditText drawn without the Material underline."""

    def draw_content(self, painter: Painter) -> None:
        """The text (or the hint) alone."""
        views.TextView.draw_content(self, painter)


def my_search_menu(
    id: str,
    hint: str,
    menu: Sequence[views.MenuItem],
    overflow: Sequence[views.MenuItem],
    on_overflow: Action,
    query: str = "",
    on_query: Callable[[str], object] | None = None,
) -> views.View:
    """``MySearchMenu`` (an AppBarLayout, ``android.widget.LinearLayout``) holding
    ``menu_search.xml``: the search pill with its icon, the ``top_toolbar_search``
    field and the ``top_toolbar`` with the menu's action items and overflow."""
    toolbar = views.Toolbar(
        "top_toolbar",
        views.action_menu(menu, overflow, on_overflow, tint=TEXT),
        width=-2,
        height=views.MATCH_PARENT,
        elevation=0,
        margin=(0, 0, SMALL_MARGIN, 0),
        rules=views.Rules(align_parent_right=True),
    )
    holder = views.RelativeLayout(
        "top_toolbar_holder",
        views.ImageView(
            "top_toolbar_search_icon", "search", tint=TEXT, content_desc=SEARCH,
            height=views.MATCH_PARENT, padding=(ACTIVITY_MARGIN, 0, 0, 0),
        ),
        my_edit_text(
            "top_toolbar_search", query, hint, on_query, text_size=BIG_TEXT,
            **FILL,
            gravity=views.Gravity.CENTER_VERTICAL,
            padding=(ACTIVITY_MARGIN, 0, 0, 0),
            rules=views.Rules(to_right_of="top_toolbar_search_icon", to_left_of="top_toolbar"),
        ),
        toolbar,
        width=views.MATCH_PARENT,
        height=56 - 2 * MEDIUM_MARGIN,
        margin=(0, MEDIUM_MARGIN, 0, MEDIUM_MARGIN),
        background=SEARCH_PILL,
        corner_radius=(56 - 2 * MEDIUM_MARGIN) / 2,
    )  # fmt: skip
    bar = views.LinearLayout(
        "top_app_bar_layout",
        holder,
        **COLUMN,
        height=56,
        margin=(ACTIVITY_MARGIN, 0, ACTIVITY_MARGIN, 0),
    )
    return views.LinearLayout(id, bar, **COLUMN)


def material_toolbar(
    id: str,
    title: str,
    on_up: Action | None,
    menu: Sequence[views.MenuItem] = (),
    overflow: Sequence[views.MenuItem] = (),
    on_overflow: Action | None = None,
    **attributes: Unpack[Attributes],
) -> views.Toolbar:
    """A MaterialToolbar as the apps theme it (the background's colour, ink in the text
    colour): ``Navigate up`` when ``on_up``, the title, then the menu."""
    children: list[views.View] = []
    if on_up is not None:
        children.append(views.up_button(on_up, TEXT))
    children.append(
        views.TextView(
            "", title, text_size=ACTIONBAR_TEXT, text_color=TEXT, max_lines=1, weight=1,
            width=0, margin=(0 if on_up else ACTIVITY_MARGIN, 0, 0, 0),
        )
    )  # fmt: skip
    if menu or overflow:
        children.append(views.action_menu(menu, overflow, on_overflow, tint=TEXT))
    attributes.setdefault("background", BACKGROUND)
    attributes.setdefault("elevation", 0)
    return views.Toolbar(id, *children, **attributes)


def my_fab(id: str, icon: str, action: Action, **attributes: Unpack[Attributes]) -> views.View:
    """``MyFloatingActionButton``: the primary colour, a white icon, 16 dp in from the
    bottom end corner; a tap runs ``action``."""
    attributes.setdefault("background", PRIMARY)
    attributes["on_click"] = action
    return views.FloatingActionButton(id, icon, **attributes)


def divider(
    id: str, below: str, kind: type[views.View] = views.ImageView, **attributes: Unpack[Attributes]
) -> views.View:
    """A ``divider_height`` line in ``divider_grey`` across its parent, under its sibling
    ``below``: the ImageView (or, as ``kind``, a plain View) that the apps' layouts put
    between a screen's parts."""
    line: Attributes = {
        **attributes,
        "width": views.MATCH_PARENT,
        "height": DIVIDER_HEIGHT,
        "background": DIVIDER,
        "rules": views.Rules(below=below),
    }
    return kind(id, **line)


def confirmation_dialog(message: str, on_yes: Action, on_no: Action) -> views.View:
    """``ConfirmationDialog``: ``dialog_message.xml`` (``message_scrollview`` >
    ``message``) in a Material alert dialog with Yes and No."""
    body = views.ScrollView(
        "message_scrollview",
        views.TextView(
            "message", message, text_size=BIGGER_TEXT, text_color=TEXT, width=views.MATCH_PARENT,
            padding=(ACTIVITY_MARGIN + 8, ACTIVITY_MARGIN + 8, ACTIVITY_MARGIN + 8, 0),
        ),
        width=views.MATCH_PARENT,
    )  # fmt: skip
    return views.alert_dialog(
        "", "", positive=(YES, on_yes), negative=(NO, on_no), package_ids=True, custom=body
    )


def text_toolbar(items: Sequence[tuple[str, Action]]) -> views.View:
    """The framework's floating text toolbar (``floating_popup_container``) a long press
    on a field raises: a row of text Buttons (Cut, Copy, Paste, Select all) in the
    text's case."""
    buttons = []
    for label, action in items:
        button = views.Button("", label, on_click=action, padding=(16, 12, 16, 12))
        button.text_color, button.all_caps = TEXT, False
        buttons.append(button)
    return views.LinearLayout(
        "android:id/floating_popup_container",
        *buttons,
        background="#FFFFFFFF",
        corner_radius=8,
        elevation=8,
    )


def settings_top(on_up: Action, language: bool = True) -> views.View:
    """The apps' ``activity_settings.xml``, its top: the toolbar, the colour
    customization and the first general settings (Language on Android 13 when the
    app offers it)."""

    def holder(id: str, *children: views.View) -> views.View:
        return views.RelativeLayout(
            id,
            *children,
            width=views.MATCH_PARENT,
            padding=(ACTIVITY_MARGIN, 16, ACTIVITY_MARGIN, 16),
            clickable=True,
        )

    def label(id: str, text: str) -> views.TextView:
        return views.TextView(
            id, text, text_size=BIGGER_TEXT, text_color=TEXT, width=views.WRAP_CONTENT
        )

    def section(id: str, text: str) -> views.TextView:
        return views.TextView(
            id,
            text,
            text_size=NORMAL_TEXT,
            text_color=PRIMARY,
            medium=True,
            padding=(ACTIVITY_MARGIN, ACTIVITY_MARGIN, 0, 0),
        )

    settings = views.LinearLayout(
        "settings_holder",
        section("settings_color_customization_section_label", "Color customization"),
        holder(
            "settings_color_customization_holder",
            label("settings_color_customization_label", "Customize colors"),
        ),
        section("settings_general_settings_label", "General settings"),
        *(
            [
                holder(
                    "settings_language_holder",
                    label("settings_language_label", "Language"),
                    views.TextView(
                        "settings_language",
                        "English",
                        text_size=NORMAL_TEXT,
                        text_color="#99000000",
                        rules=views.Rules(below="settings_language_label"),
                    ),
                )
            ]
            if language
            else []
        ),
        holder(
            "settings_change_date_time_format_holder",
            label("settings_change_date_time_format", "Change date and time format"),
        ),
        **COLUMN,
    )
    return views.CoordinatorLayout(
        "settings_coordinator",
        material_toolbar("settings_toolbar", SETTINGS, on_up),
        views.ScrollView(
            "settings_nested_scrollview", settings, width=views.MATCH_PARENT, margin=(0, 56, 0, 0)
        ),
        **FILL,
    )


class RadioButton(views.CheckBox):
    """``MyCompatRadioButton`` (``android.widget.RadioButton``): a ring in the primary
    colour, filled when checked, before its label in the text colour."""

    class_name: ClassVar[str] = "android.widget.RadioButton"
    #: The colour inside the ring: the surface the button sits on.
    hole: ClassVar[str] = BACKGROUND

    def draw_content(self, painter: Painter) -> None:
        """The ring and its dot, then the label."""
        size = dp(20)
        x = self.bounds[0] + dp(14)
        y = place(views.Gravity.CENTER, self.top, self.bottom, size, horizontal=False)
        ring = PRIMARY if self.checked else "#FF757575"
        painter.surface((x, y, x + size, y + size), ring, size // 2)
        painter.surface((x + 4, y + 4, x + size - 4, y + size - 4), self.hole, size // 2 - 4)
        if self.checked:
            painter.surface((x + 10, y + 10, x + size - 10, y + size - 10), PRIMARY, size // 2 - 10)
        start: int = self.bounds[0]
        self.left = start + dp(self.box_dp)  # the label after the ring
        views.TextView.draw_content(self, painter)
        self.left = start


def radio_group_dialog(
    titles: Sequence[str], checked: int, on_pick: Callable[[int], object]
) -> views.View:
    """``RadioGroupDialog`` without its OK button: ``dialog_radio_group.xml``
    (``dialog_radio_holder`` > ``dialog_radio_group``) of ``radio_button.xml`` rows,
    each given its position as a plain id (so the dump shows none); a tap picks
    (``on_pick(position)``) and dismisses."""
    buttons = []
    for position, title in enumerate(titles):
        button = RadioButton(
            "", title, checked=position == checked, width=views.MATCH_PARENT,
            padding=(0, MEDIUM_MARGIN, 0, MEDIUM_MARGIN),
            on_click=functools.partial(on_pick, position),
        )  # fmt: skip
        button.text_px, button.text_color = views.sp(BIGGER_TEXT), TEXT
        buttons.append(button)
    body = views.ScrollView(
        "dialog_radio_holder",
        views.RadioGroup(
            "dialog_radio_group", *buttons, width=views.MATCH_PARENT,
            padding=(ACTIVITY_MARGIN, NORMAL_MARGIN, ACTIVITY_MARGIN, NORMAL_MARGIN),
        ),
        width=views.MATCH_PARENT,
    )  # fmt: skip
    return views.alert_dialog("", "", package_ids=True, custom=body)
