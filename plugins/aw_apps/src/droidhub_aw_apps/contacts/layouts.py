"""Contacts' screens as view trees, declared from AOSP Contacts' layouts (LineageOS
lineage-20.0, the closest public source of Google Contacts): ``contacts_drawer_activity``
with ``people_activity`` and ``contact_list_content`` (the list of contacts with their
letter tiles), ``contact_editor_activity`` with ``contact_editor_fragment`` (the name,
phone and email sections, the phone's label ``Spinner`` and its drop-down), and
``quickcontact_activity`` (the contact's page).

Google Contacts' own strings where AndroidWorld's tasks read them: the FAB's and the
editor's "Create contact", the label spinner's "<label> Phone" description.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from droidhub.virtual import views
from droidhub_aw_apps.common.java_strings import java_hash
from droidhub_aw_apps.common.styles import (
    COLUMN,
    COLUMN_IN_ROW,
    FILL,
    REST_OF_COLUMN,
    REST_OF_ROW,
    ROW,
    TextAppearance,
    text_view,
)

if TYPE_CHECKING:
    from droidhub.virtual.views.paint import Painter

#: ``action_bar_background`` / ``primary_color`` (system_accent1_600 on the default
#: wallpaper's blue).
PRIMARY = "#FF1A73E8"
INK = "#FF363636"  # primary_text_color
SECONDARY = "#FF737373"
SURFACE = "#FFFFFFFF"
#: The text appearances of a list row's first line (a name, a number, a label in the
#: drop-down) and of its second line (the number's type, the spinner's label).
PRIMARY_LINE = TextAppearance(text_size=16, text_color=INK)
SECONDARY_LINE = TextAppearance(text_size=14, text_color=SECONDARY)
#: AOSP's ``letter_tile_colors`` (lineage-19.1, before they became wallpaper colours).
LETTER_TILE_COLORS = (
    "#FFDB4437",
    "#FFE91E63",
    "#FF9C27B0",
    "#FF673AB7",
    "#FF3F51B5",
    "#FF4285F4",
    "#FF039BE5",
    "#FF0097A7",
    "#FF009688",
    "#FF0F9D58",
    "#FF689F38",
    "#FFEF6C00",
    "#FFFF5722",
    "#FF757575",
)
#: ``letter_tile_default_color``: a name that starts with no letter.
LETTER_TILE_DEFAULT = "#FFCCCCCC"
CREATE_CONTACT = "Create contact"
#: The label drop-down's width, in dp.
DROP_DOWN_WIDTH = 180


def tile_colour(name: str) -> str:
    """LetterTileDrawable.pickColor: ``abs(hashCode) % colours`` of the name."""
    if not name:
        return LETTER_TILE_DEFAULT
    return LETTER_TILE_COLORS[abs(java_hash(name)) % len(LETTER_TILE_COLORS)]


class LetterTile(views.ImageView):
    """A contact's photo without a picture: the name's first letter, white, 67 % of the
    tile, on a circle of the name's colour (LetterTileDrawable)."""

    def __init__(self, id: str, name: str, size: float, layout_gravity: int = 0) -> None:
        super().__init__(id, width=size, height=size, layout_gravity=layout_gravity)
        self.name = name

    def draw_content(self, painter: Painter) -> None:
        """The circle and the letter centred in it."""
        size = self.right - self.left
        painter.surface(self.bounds, tile_colour(self.name), size // 2)
        letter = self.name[:1].upper() if self.name[:1].isalpha() else ""
        if letter:
            text_px = int(size * 0.67 * 0.75)
            painter.text([letter], self.bounds, text_px, "#FFFFFFFF", False, views.Gravity.CENTER)


class Spinner(views.TextView):
    """``android.widget.Spinner`` showing its selected item (the editor's label)."""

    class_name: ClassVar[str] = "android.widget.Spinner"
    clickable_by_default: ClassVar[bool] = True


@dataclass(frozen=True)
class ListRow:
    """A contact in the list: its id, name, and whether it opens a letter's section."""

    contact_id: int
    name: str
    first_of_letter: bool


@dataclass(frozen=True)
class EditorFields:
    """What the editor shows and where its typing goes."""

    values: dict[str, str]
    phone_label: str
    on_change: Callable[[str, str], object]
    on_label: Callable[[], object]
    on_save: Callable[[], object]
    on_cancel: Callable[[], object]


def toolbar(
    title: str,
    nav_icon: str,
    nav_desc: str,
    on_nav: Callable[[], object] | None,
    *actions: views.View,
    tint: str = "#FFFFFFFF",
    background: str = PRIMARY,
) -> views.Toolbar:
    """androidx Toolbar ``toolbar``: navigation button, title, then its actions."""
    bar = views.Toolbar(
        "toolbar",
        views.ImageButton("", nav_icon, tint=tint, content_desc=nav_desc, on_click=on_nav),
        height=56,
        width=views.MATCH_PARENT,
        background=background,
    )
    bar.add(
        text_view(
            "",
            title,
            style=REST_OF_ROW,
            text_size=20,
            medium=True,
            text_color=tint,
            margin=(16, 0, 0, 0),
        )
    )
    for action in actions:
        bar.add(action)
    return bar


# --- the list (contacts_drawer_activity > people_activity) -----------------------------


def _list_item(row: ListRow, on_open: Callable[[int], object]) -> views.View:
    """ContactListItemView: the letter's header (first of its letter), the tile, the name."""
    letter = row.name[:1].upper() if row.name[:1].isalpha() else "#"
    header = views.TextView(
        "",
        letter if row.first_of_letter else "",
        text_size=16,
        medium=True,
        text_color=PRIMARY,
        width=56,
        gravity=views.Gravity.CENTER,
        layout_gravity=views.Gravity.CENTER_VERTICAL,
    )
    name = text_view("", row.name, style=REST_OF_ROW, **PRIMARY_LINE, margin=(15, 0, 16, 0))
    tile = LetterTile("", row.name, 40, layout_gravity=views.Gravity.CENTER_VERTICAL)
    return views.ViewGroupLinear(
        "",
        header,
        tile,
        name,
        **ROW,
        height=56,
        padding=(0, 0, 0, 0),
        on_click=lambda: on_open(row.contact_id),
    )


def list_screen(
    rows: Sequence[ListRow], on_open: Callable[[int], object], on_create: Callable[[], object]
) -> views.View:
    """The contact list with the toolbar over it and the Create contact FAB."""
    search = views.ImageButton(
        "menu_search", "search", tint="#FFFFFFFF", content_desc="Search contacts"
    )
    bar = toolbar("Contacts", "menu", "Open navigation drawer", None, search)
    header = views.LinearLayout(
        "toolbar_parent",
        views.FrameLayout("toolbar_frame", bar, width=views.MATCH_PARENT, background=PRIMARY),
        **COLUMN,
        elevation=2,
    )
    listing = views.ScrollingListView(
        "android:id/list",
        rows,
        lambda row: _list_item(row, on_open),
        padding=(0, 8, 0, 88),
        clip_to_padding=False,
    )
    empty = views.TextView(
        "",
        "Your contacts list is empty",
        text_size=16,
        text_color=SECONDARY,
        layout_gravity=views.Gravity.CENTER,
    )
    swipe = views.FrameLayout("swipe_refresh", listing if rows else empty, **FILL)
    content = views.LinearLayout(
        "pinned_header_list_layout",
        views.FrameLayout("contact_list", swipe, **REST_OF_COLUMN),
        **COLUMN,
        height=views.MATCH_PARENT,
        background=SURFACE,
    )
    fab = views.FrameLayout(
        "floating_action_button_container",
        views.FloatingActionButton(
            "floating_action_button",
            "add",
            tint=PRIMARY,
            content_desc=CREATE_CONTACT,
            background="#FFE8F0FE",
            margin=0,
            on_click=on_create,
        ),
        width=56,
        height=56,
        margin=16,
        layout_gravity=views.Gravity.BOTTOM | views.Gravity.END,
    )
    root = views.CoordinatorLayout(
        "root", views.FrameLayout("contacts_list_container", content, **FILL), fab, **FILL
    )
    frame = views.LinearLayout(
        "fragment_container",
        header,
        views.FrameLayout("content_frame", root, **REST_OF_COLUMN),
        **COLUMN,
        height=views.MATCH_PARENT,
    )
    return views.DrawerLayout("drawer_layout", frame)


# --- the editor (contact_editor_activity > contact_editor_fragment) --------------------


def _field(label: str, fields: EditorFields) -> views.EditText:
    """One of a section's text fields, its hint the field's name (``name_given``...)."""
    return views.EditText(
        "",
        fields.values[label],
        hint=label,
        width=views.MATCH_PARENT,
        focus_key=label,
        on_change=functools.partial(fields.on_change, label),
    )


def _section(icon: str, desc: str, *editors: views.View) -> views.View:
    """item_kind_section: the kind's icon, then its editors."""
    kind_icon = views.ImageView(
        "kind_icon", icon, tint=SECONDARY, content_desc=desc, margin=(16, 14, 28, 0)
    )
    body = views.LinearLayout(
        "kind_editors",
        *editors,
        **COLUMN_IN_ROW,
        margin=(0, 0, 16, 0),
    )
    return views.ViewGroupLinear("", kind_icon, body, **ROW)


def _text_fields_editor(field: views.EditText, spinner: views.View | None) -> views.View:
    """TextFieldsEditorView: ``editors`` holding the field, the label ``spinner`` under it."""
    column = views.LinearLayout(
        "",
        views.LinearLayout("editors", field, **COLUMN),
        **COLUMN_IN_ROW,
    )
    if spinner is not None:
        column.add(spinner)
    return views.ViewGroupLinear("", column, **ROW)


def editor_screen(fields: EditorFields) -> views.View:
    """The new-contact editor: Cancel, the title, Save; the photo, then the sections."""
    save = views.Button("editor_menu_save_button", "Save", on_click=fields.on_save)
    save.text_color = "#FFFFFFFF"
    bar = toolbar(CREATE_CONTACT, "close", "Cancel", fields.on_cancel, save)
    photo = views.FrameLayout(
        "photo_editor",
        views.ImageView("photo", "add_a_photo", tint="#FFFFFFFF", icon_size=48, **FILL),
        views.View(
            "photo_touch_intercept_overlay",
            **FILL,
            content_desc="Add contact photo",
            on_click=lambda: None,
        ),
        width=views.MATCH_PARENT,
        height=160,
        background="#FFBDBDBD",
    )
    label = fields.phone_label
    spinner = Spinner(
        "spinner",
        label,
        **SECONDARY_LINE,
        height=54,
        padding=(4, 0, 24, 0),
        gravity=views.Gravity.CENTER_VERTICAL,
        content_desc=f"{label} Phone",
        on_click=fields.on_label,
    )
    name = _section(
        "person",
        "Name",
        views.LinearLayout(
            "editors", _field("First name", fields), _field("Last name", fields), **COLUMN
        ),
    )
    phone = _section("call", "Phone", _text_fields_editor(_field("Phone", fields), spinner))
    email = _section("mail", "Email", _text_fields_editor(_field("Email", fields), None))
    more = views.LinearLayout(
        "more_fields",
        views.TextView(
            "",
            "More fields",
            text_size=16,
            text_color=PRIMARY,
            min_height=54,
            padding=(72, 0, 0, 0),
            gravity=views.Gravity.CENTER_VERTICAL,
            width=views.MATCH_PARENT,
        ),
        **COLUMN,
        on_click=lambda: None,
    )
    sections = views.LinearLayout("kind_section_views", name, phone, email, **COLUMN)
    body = views.ViewGroupLinear("raw_contacts_editor_view", photo, sections, more, **COLUMN)
    fragment = views.FrameLayout(
        "contact_editor_fragment",
        views.ScrollView("contact_editor_scroller", body, **FILL),
        **REST_OF_COLUMN,
        background=SURFACE,
    )
    return views.LinearLayout(
        "fragment_container", bar, fragment, **COLUMN, height=views.MATCH_PARENT
    )


def label_drop_down(
    labels: Sequence[str], chosen: str, choose: Callable[[str], object]
) -> views.View:
    """The spinner's drop-down: one ``android:id/text1`` row a label."""
    rows = [
        views.CheckedTextView(
            "android:id/text1",
            label,
            **PRIMARY_LINE,
            min_height=48,
            padding=(16, 0, 16, 0),
            gravity=views.Gravity.CENTER_VERTICAL,
            min_width=DROP_DOWN_WIDTH,
            checkable=True,
            checked=label == chosen,
            on_click=functools.partial(choose, label),
        )
        for label in labels
    ]
    return views.ListView(
        "", *rows, padding=(0, 8, 0, 8), background=SURFACE, elevation=8, corner_radius=4
    )


# --- the contact's page (quickcontact_activity) -----------------------------------------


@dataclass(frozen=True)
class ContactPage:
    """What the contact's page shows: the name, and each number with its type."""

    name: str
    numbers: tuple[tuple[str, str], ...]


def _entry(number: str, kind: str) -> views.View:
    """expanding_entry_card_item: the call icon, the number, its type, the message icon."""
    texts = views.LinearLayout(
        "",
        views.TextView("header", number, **PRIMARY_LINE, max_lines=1),
        views.TextView("sub_header", kind, **SECONDARY_LINE, max_lines=1),
        **COLUMN_IN_ROW,
        layout_gravity=views.Gravity.CENTER_VERTICAL,
    )
    return views.ViewGroupLinear(
        "",
        views.ImageView(
            "icon",
            "call",
            tint=PRIMARY,
            margin=(16, 0, 32, 0),
            layout_gravity=views.Gravity.CENTER_VERTICAL,
        ),
        texts,
        views.ImageView(
            "icon_alternate",
            "chat",
            tint=SECONDARY,
            padding=12,
            content_desc=f"Text {kind.lower()}",
            clickable=True,
            layout_gravity=views.Gravity.CENTER_VERTICAL,
        ),
        **ROW,
        padding=(0, 12, 8, 12),
        on_click=lambda: None,
    )


def contact_screen(
    page: ContactPage, on_back: Callable[[], object], on_edit: Callable[[], object]
) -> views.View:
    """The contact's page: the header with the tile and name, then the contact card."""
    edit = views.ImageButton(
        "menu_edit", "edit", tint="#FFFFFFFF", content_desc="Edit contact", on_click=on_edit
    )
    star = views.ImageButton("menu_star", "star", tint="#FFFFFFFF", content_desc="Add to favorites")
    bar = toolbar(
        "", "arrow_back", "Navigate up", on_back, star, edit, background=tile_colour(page.name)
    )
    header = views.FrameLayout(
        "toolbar_parent",
        views.FrameLayout(
            "photo", LetterTile("", page.name, 112, layout_gravity=views.Gravity.CENTER), **FILL
        ),
        bar,
        views.TextView(
            "large_title",
            page.name,
            text_size=26,
            text_color="#FFFFFFFF",
            max_lines=1,
            margin=(16, 0, 16, 16),
            layout_gravity=views.Gravity.BOTTOM | views.Gravity.START,
        ),
        width=views.MATCH_PARENT,
        height=260,
        background=tile_colour(page.name),
    )
    card = views.ViewGroupLinear(
        "communication_card",
        *(_entry(n, k) for n, k in page.numbers),
        **COLUMN,
        background=SURFACE,
        margin=(0, 8, 0, 0),
        visibility=views.VISIBLE if page.numbers else views.GONE,
    )
    content = views.ScrollView(
        "content_scroller",
        views.LinearLayout("card_container", card, **COLUMN),
        **REST_OF_COLUMN,
    )
    return views.LinearLayout(
        "multiscroller",
        header,
        content,
        **COLUMN,
        height=views.MATCH_PARENT,
        background="#FFF5F5F5",
    )
