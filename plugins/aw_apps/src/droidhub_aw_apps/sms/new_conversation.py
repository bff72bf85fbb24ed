"""Simple SMS Messenger's new conversation (5.19.3, versionCode 85) as a view tree:
``activity_new_conversation.xml`` with its ``item_suggested_contact`` and Simple-Commons'
``item_contact_with_number`` rows (b72ded2a75).

Facts from the sources: ``new_conversation_confirm`` (a tick) shows once the field
holds more than two characters; the contacts matching the typed text are the rows of
``contacts_list``, which is GONE when none matches, "No contacts found" showing
instead. The suggestions (``getSuggestedContacts``) are the people among the 50 newest
messages' addresses who are contacts; the label and its row are GONE when there are
none. ``contacts_letter_fastscroller`` is reddit's IndicatorFastScroll
FastScrollerView (a LinearLayout) aligned to the list's top at the end, with its
thumb (a ConstraintLayout) beside it; its text appearance is ``textAppearanceSmall``
with 4 dp of text padding (Widget.IndicatorFastScroll.FastScroller).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Unpack

from droidhub.virtual import views
from droidhub.virtual.views.measure import MeasureSpec
from droidhub.virtual.views.view import Attributes
from droidhub_aw_apps.common import simple_commons as sc
from droidhub_aw_apps.common.styles import FILL, TextStyle, text_view
from droidhub_aw_apps.sms.layouts import (
    ADD_CONTACT_OR_NUMBER,
    NEW_CONVERSATION,
    PLACEHOLDER,
    Action,
    ContactRow,
)

SUGGESTIONS = "Suggestions"
NO_CONTACTS_FOUND = "No contacts found"  # Simple-Commons' no_contacts_found
BIG_MARGIN, FAB_SIZE, BIGGER_AVATAR_SIZE = 24, 56, 64
#: ``item_contact_with_number``'s name and number: a row's lines, 16 dp in from both sides.
_SIDES = (sc.ACTIVITY_MARGIN, 0, sc.ACTIVITY_MARGIN, 0)
CONTACT_NAME: TextStyle = {**sc.ROW_TITLE, "padding": _SIDES}
CONTACT_NUMBER: TextStyle = {**sc.ROW_DETAIL, "padding": _SIDES}


class FastScrollerThumbView(views.ViewGroupFrame):
    """The letter fast scroller's thumb (a ConstraintLayout, ``android.view.ViewGroup``):
    as tall as ``scroller``, whose sides it is aligned to. Its bubble is scaled to
    nothing until a finger is on the scroller, so no child shows."""

    def __init__(self, id: str, scroller: views.View, **attributes: Unpack[Attributes]) -> None:
        super().__init__(id, **attributes)
        self.scroller = scroller

    def on_measure(self, width_spec: MeasureSpec, height_spec: MeasureSpec) -> tuple[int, int]:
        """Its own width; the scroller's height (measured before it)."""
        del height_spec
        return width_spec.resolve(views.dp(self.width)), self.scroller.measured_height


def activity_new_conversation(
    address: str,
    contacts: Sequence[ContactRow],
    suggestions: Sequence[ContactRow],
    on_up: Action,
    on_address: Callable[[str], object],
    on_confirm: Action,
    on_contact: Callable[[ContactRow], object],
) -> views.View:
    """``activity_new_conversation.xml``: the address field with its tick; the people
    who texted lately and are contacts (suggestions, GONE when none); the contacts that
    match the field, or "No contacts found"; the letter fast scroller beside them."""
    # A sibling rule naming a GONE view follows that view's own rule (RelativeLayout's
    # getRelatedView): with no suggestions the list sits under the divider.
    top = "suggestions_scrollview" if suggestions else "add_contact_divider"
    shown = "visible" if contacts else views.GONE
    scroller = fast_scroller_view(contacts, below=top if contacts else "")
    holder = views.RelativeLayout(
        "new_conversation_holder",
        sc.my_edit_text(
            "new_conversation_address",
            address,
            ADD_CONTACT_OR_NUMBER,
            on_address,
            text_size=sc.BIG_TEXT,
            gravity=views.Gravity.CENTER_VERTICAL,
            width=views.MATCH_PARENT,
            height=sc.NORMAL_ICON_SIZE,
            margin=(sc.ACTIVITY_MARGIN, 0, sc.ACTIVITY_MARGIN, 0),
            rules=views.Rules(to_left_of="new_conversation_confirm"),
        ),
        views.ImageView(
            "new_conversation_confirm",
            "check",
            tint=sc.TEXT,
            width=sc.NORMAL_ICON_SIZE,
            height=sc.NORMAL_ICON_SIZE,
            padding=sc.MEDIUM_MARGIN,
            on_click=on_confirm,
            rules=views.Rules(align_parent_right=True),
            visibility="visible" if len(address) > 2 else views.GONE,
        ),
        sc.divider("add_contact_divider", below="new_conversation_address"),
        text_view(
            "no_contacts_placeholder",
            NO_CONTACTS_FOUND,
            style=PLACEHOLDER,
            text_color="#CC" + sc.TEXT[3:],  # alpha 0.8 (the engine draws no italic)
            rules=views.Rules(below=top),
            visibility=views.GONE if contacts else "visible",
        ),
        *suggestions_row(suggestions, on_contact),
        views.RecyclerView(
            "contacts_list",
            contacts,
            lambda row: item_contact_with_number(row, on_contact),
            rules=views.Rules(below=top),
            visibility=shown,
        ),
        scroller,
        FastScrollerThumbView(
            "contacts_letter_fastscroller_thumb",
            scroller,
            width=FAB_SIZE,
            height=views.MATCH_PARENT,
            margin=(0, 0, sc.ACTIVITY_MARGIN, 0),
            rules=views.Rules(
                below=top if contacts else "", to_left_of="contacts_letter_fastscroller"
            ),
        ),
        **FILL,
        margin=(0, 56, 0, 0),
    )
    return views.CoordinatorLayout(
        "new_conversation_coordinator",
        sc.material_toolbar("new_conversation_toolbar", NEW_CONVERSATION, on_up),
        holder,
        **FILL,
    )


def suggestions_row(
    suggestions: Sequence[ContactRow], on_contact: Callable[[ContactRow], object]
) -> tuple[views.View, views.View]:
    """``suggestions_label`` ("Suggestions", a MaterialSectionLabelStyle caption in the
    primary colour) and ``suggestions_scrollview`` > ``suggestions_holder``: one
    ``item_suggested_contact`` a person, 16 dp apart; both GONE without suggestions."""
    shown = "visible" if suggestions else views.GONE
    label = views.TextView(
        "suggestions_label",
        SUGGESTIONS,
        text_size=sc.NORMAL_TEXT,
        text_color=sc.PRIMARY,
        all_caps=True,
        margin=(sc.ACTIVITY_MARGIN, 0, 0, sc.MEDIUM_MARGIN),
        padding=(0, BIG_MARGIN, 0, sc.MEDIUM_MARGIN),
        rules=views.Rules(below="add_contact_divider"),
        visibility=shown,
    )
    holder = views.LinearLayout("suggestions_holder")
    for i, person in enumerate(suggestions):
        if i:
            holder.add(views.View(width=sc.ACTIVITY_MARGIN, height=0))  # the divider drawable
        holder.add(item_suggested_contact(person, on_contact))
    scroll = views.HorizontalScrollView(
        "suggestions_scrollview",
        holder,
        margin=(0, 0, 0, sc.MEDIUM_MARGIN),
        rules=views.Rules(below="suggestions_label"),
        visibility=shown,
    )
    return label, scroll


def item_suggested_contact(row: ContactRow, on_click: Callable[[ContactRow], object]) -> views.View:
    """``item_suggested_contact.xml``: the person's avatar (64 dp) over their name."""
    return views.RelativeLayout(
        "suggested_contact_holder",
        sc.LetterAvatar(
            "suggested_contact_image",
            row.name,
            width=BIGGER_AVATAR_SIZE,
            height=BIGGER_AVATAR_SIZE,
            padding=(sc.TINY_MARGIN, 0, sc.TINY_MARGIN, 0),
        ),
        views.TextView(
            "suggested_contact_name",
            row.name,
            text_size=sc.NORMAL_TEXT,
            text_color=sc.TEXT,
            max_lines=2,
            gravity=views.Gravity.CENTER_HORIZONTAL,
            width=BIGGER_AVATAR_SIZE,
            padding=(0, sc.MEDIUM_MARGIN, 0, sc.MEDIUM_MARGIN),
            rules=views.Rules(below="suggested_contact_image"),
        ),
        on_click=lambda: on_click(row),
    )


def fast_scroller_view(contacts: Sequence[ContactRow], below: str) -> views.View:
    """``contacts_letter_fastscroller``, reddit's FastScrollerView (a vertical
    LinearLayout): the contacts' first letters, upper case and each once, batched in
    one TextView a line a letter (14 sp, 4 dp padding; the 4 dp of extra line spacing
    is not drawn), between 24 dp paddings; no letter, no TextView."""
    letters: list[str] = []
    for contact in contacts:
        letter = contact.name[:1].upper()
        if letter not in letters:
            letters.append(letter)
    scroller = views.LinearLayout(
        "contacts_letter_fastscroller",
        orientation=views.VERTICAL,
        width=32,
        padding=(0, BIG_MARGIN, 0, BIG_MARGIN),
        rules=views.Rules(below=below, align_parent_right=True),
    )
    if letters:
        scroller.add(
            views.TextView(
                "",
                "\n".join(letters),
                text_size=sc.NORMAL_TEXT,
                text_color=sc.TEXT,
                gravity=views.Gravity.CENTER,
                width=views.MATCH_PARENT,
                padding=(0, 4, 0, 4),
            )
        )
    return scroller


def item_contact_with_number(
    row: ContactRow, on_click: Callable[[ContactRow], object]
) -> views.View:
    """Simple-Commons' ``item_contact_with_number.xml``: avatar, name, number."""
    beside = views.Rules(to_right_of="item_contact_image")
    return views.ViewGroupRelative(
        "item_contact_frame",
        sc.LetterAvatar("item_contact_image", row.name, margin=(sc.ACTIVITY_MARGIN, 0, 0, 0)),
        text_view("item_contact_name", row.name, style=CONTACT_NAME, rules=beside),
        text_view(
            "item_contact_number",
            row.number,
            style=CONTACT_NUMBER,
            rules=views.Rules(below="item_contact_name", to_right_of="item_contact_image"),
        ),
        views.ImageView("drag_handle_icon", visibility=views.GONE),
        width=views.MATCH_PARENT,
        padding=(0, sc.MEDIUM_MARGIN, 0, sc.MEDIUM_MARGIN),
        on_click=lambda: on_click(row),
    )
