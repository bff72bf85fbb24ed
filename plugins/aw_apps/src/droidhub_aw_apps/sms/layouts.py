"""Simple SMS Messenger's layout files (5.19.3, versionCode 85) as view trees.

Each function is one file of the app's ``res/layout`` (or of Simple-Commons at
b72ded2a75, the commit 5.19.3 pins), with its ids, view classes and nesting and the
English strings; data comes in as plain values and actions as callables, bound by
:mod:`.screens`. The shared pieces (the search menu, toolbars, the FAB, letter
avatars, the confirmation dialog) are :mod:`droidhub_aw_apps.common.simple_commons`.

Facts from the sources: ``MySearchMenu``, ``RecyclerViewFastScroller`` and
``ConstraintLayout`` report ``android.widget.LinearLayout`` (an AppBarLayout) and
``android.view.ViewGroup``; a conversation row (``item_conversation``) is a letter
avatar of its title beside the title, the newest message and its date at 40 %
alpha; a thread's messages (``item_message``) sit in a wrapper 80 % of the row wide,
at the start for a received one (on ``item_received_background``, grey, in the text
colour) and at the end for a sent one (``item_sent_background`` tinted the primary
colour, its text in the contrast colour); the list stacks from its end; the send
button ``thread_send_message`` is a Button labelled "SMS" whose content description
is "OK", clickable only once there is text. The new conversation is
:mod:`.new_conversation`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from droidhub.virtual import views
from droidhub.virtual.views.view import Action
from droidhub_aw_apps.common import simple_commons as sc
from droidhub_aw_apps.common.styles import COLUMN, FILL, REST_OF_COLUMN, TextStyle, text_view

# --- strings (values/strings.xml of the app and of Simple-Commons) -----------------------
TYPE_A_MESSAGE = "Type a message…"
ADD_CONTACT_OR_NUMBER = "Add Contact or Number…"
NEW_CONVERSATION = "New conversation"
SEARCH_CONVERSATIONS = "Search conversations"
NO_CONVERSATIONS = "No stored conversations have been found"
START_CONVERSATION = "Start a conversation"
SMS_LABEL = "SMS"
DELETE_CONVERSATION = "Are you sure you want to delete all messages of this conversation?"
#: The received bubble's fill: ``activated_item_foreground``.
RECEIVED_BUBBLE = "#44888888"
#: The share of a row a message's wrapper takes (``layout_constraintWidth_percent``).
WRAPPER_SHARE = 0.8

# --- styles -------------------------------------------------------------------------------
#: The placeholders a list shows while it is empty (``no_conversations_placeholder``,
#: ``no_contacts_placeholder``): centred, 20 dp below the top, 16 dp in from the sides.
PLACEHOLDER: TextStyle = {
    "text_size": sc.BIGGER_TEXT,
    "gravity": views.Gravity.CENTER,
    "width": views.MATCH_PARENT,
    "margin": (0, sc.BIGGER_MARGIN, 0, 0),
    "padding": (sc.ACTIVITY_MARGIN, 0, sc.ACTIVITY_MARGIN, 0),
}
#: ``item_conversation``'s title and newest message: a row's lines, 16 dp clear of its end.
CONVERSATION_TITLE: TextStyle = {**sc.ROW_TITLE, "padding": (0, 0, sc.ACTIVITY_MARGIN, 0)}
CONVERSATION_SNIPPET: TextStyle = {**sc.ROW_DETAIL, "padding": (0, 0, sc.ACTIVITY_MARGIN, 0)}


@dataclass(frozen=True)
class ConversationRow:
    """What one conversation row shows."""

    address: str
    title: str
    snippet: str
    date: str


@dataclass(frozen=True)
class ThreadItem:
    """A thread's row: a message (``sent`` or received) or, with no body, the date and
    time between groups of messages (``item_thread_date_time``)."""

    body: str
    sent: bool = False
    date_time: str = ""
    #: Who sent a received message (the contact's name, else the address).
    sender: str = ""


@dataclass(frozen=True)
class ContactRow:
    """A contact offered in the new conversation's list."""

    name: str
    number: str


class AppBarLayout(views.LinearLayout):
    """Material's AppBarLayout (``android.widget.LinearLayout``)."""


class MessageWrapper(views.RelativeLayout):
    """``thread_message_wrapper``, whose sender photo is aligned to the bottom of the
    message body (``layout_alignBottom``)."""

    def on_layout(self) -> None:
        """Children as the rules place them, then the photo moved down to the body's
        bottom edge."""
        super().on_layout()
        found = {child.id: child for child in self.shown()}
        photo, body = found.get("thread_message_sender_photo"), found.get("thread_message_body")
        if photo is not None and body is not None:
            photo.layout(photo.left, body.bottom - photo.measured_height)


class StackFromEndList(views.RecyclerView[ThreadItem]):
    """A list laid out from its end (``app:stackFromEnd``): rows that do not fill it sit
    at its bottom."""

    def on_layout(self) -> None:
        """Rows as a list places them, moved down by the room they leave."""
        super().on_layout()
        room = self.viewport() - self.extent()
        if room > 0:
            for row in self.children:
                row.layout(row.left, row.top + room)


def activity_main(
    rows: Sequence[ConversationRow],
    bind: Callable[[ConversationRow], views.View],
    on_overflow: Action,
    on_settings: Action,
    on_new: Action,
) -> views.View:
    """``activity_main.xml``: the search menu, the conversations and the FAB."""
    menu = (
        views.MenuItem("settings", sc.SETTINGS, "settings", on_settings),
        views.MenuItem("about", sc.ABOUT, "info", None),
    )
    overflow = (
        views.MenuItem("show_recycle_bin", "Show the Recycle Bin"),
        views.MenuItem("show_archived", "Show archived conversations"),
        views.MenuItem("more_apps_from_us", sc.MORE_APPS),
    )
    empty = not rows
    holder = views.RelativeLayout(
        "main_holder",
        text_view(
            "no_conversations_placeholder",
            NO_CONVERSATIONS,
            style=PLACEHOLDER,
            text_color=sc.TEXT,
            visibility="visible" if empty else views.GONE,
        ),
        views.TextView(
            "no_conversations_placeholder_2",
            START_CONVERSATION,
            text_size=sc.BIGGER_TEXT,
            text_color=sc.PRIMARY,
            padding=sc.ACTIVITY_MARGIN,
            on_click=on_new,
            rules=views.Rules(below="no_conversations_placeholder", center_horizontal=True),
            visibility="visible" if empty else views.GONE,
        ),
        views.ViewGroupLinear(
            "conversations_fastscroller",
            views.RecyclerView("conversations_list", rows, bind),
            **FILL,
        ),
        **FILL,
    )
    return views.CoordinatorLayout(
        "main_coordinator",
        sc.my_search_menu("main_menu", SEARCH_CONVERSATIONS, menu, overflow, on_overflow),
        views.RelativeLayout(
            "main_nested_scrollview",
            views.CoordinatorLayout("main_coordinator_wrapper", holder, **FILL),
            **FILL,
            margin=(0, 56, 0, 0),
        ),
        sc.my_fab("conversations_fab", "add", on_new, content_desc=NEW_CONVERSATION),
        **FILL,
    )


def item_conversation(row: ConversationRow, on_click: Action) -> views.View:
    """``item_conversation.xml``: the avatar, the title, the newest message, its date."""
    beside = views.Rules(to_right_of="conversation_image")
    return views.FrameLayout(
        "conversation_frame",
        views.RelativeLayout(
            "conversation_holder",
            sc.LetterAvatar(
                "conversation_image", row.title, margin=(sc.NORMAL_MARGIN, 0, sc.NORMAL_MARGIN, 0)
            ),
            views.RelativeLayout(
                "pin_indicator_l",
                views.ImageView("pin_indicator", visibility=views.GONE),
                width=sc.NORMAL_ICON_SIZE,
                height=sc.NORMAL_ICON_SIZE,
                margin=(sc.NORMAL_MARGIN, 0, sc.NORMAL_MARGIN, 0),
            ),
            text_view("conversation_address", row.title, style=CONVERSATION_TITLE, rules=beside),
            views.TextView("draft_indicator", "Draft", visibility=views.GONE),
            text_view(
                "conversation_body_short",
                row.snippet,
                style=CONVERSATION_SNIPPET,
                rules=views.Rules(below="conversation_address", to_right_of="conversation_image"),
            ),
            views.TextView(
                "conversation_date",
                row.date,
                text_size=sc.SMALLER_TEXT,
                text_color="#66000000",
                width=views.MATCH_PARENT,
                margin=(0, sc.TINY_MARGIN, 0, 0),
                rules=views.Rules(
                    below="conversation_body_short", to_right_of="conversation_image"
                ),
            ),
            width=views.MATCH_PARENT,
            padding=(sc.SMALL_MARGIN, sc.ACTIVITY_MARGIN, sc.NORMAL_MARGIN, sc.ACTIVITY_MARGIN),
        ),
        width=views.MATCH_PARENT,
        margin=(0, 0, 0, sc.TINY_MARGIN),
        on_click=on_click,
    )


def activity_thread(
    title: str,
    items: Sequence[ThreadItem],
    draft: str,
    on_up: Action,
    on_delete: Action,
    on_overflow: Action,
    on_draft: Callable[[str], object],
    on_send: Action,
) -> views.View:
    """``activity_thread.xml``: the toolbar, the messages, the send holder."""
    menu = (
        views.MenuItem("delete", "Delete", "delete", on_delete),
        views.MenuItem("dial_number", "Dial number", "call", None),
        views.MenuItem("manage_people", "Add Person", "person_add", None),
    )
    overflow = (views.MenuItem("archive", "Archive"),)
    fastscroller = views.ViewGroupLinear(
        "thread_messages_fastscroller",
        StackFromEndList(
            "thread_messages_list", items, item_message, padding=(0, 0, 0, sc.MEDIUM_MARGIN)
        ),
        **REST_OF_COLUMN,
    )
    holder = views.ViewGroupLinear(
        "thread_holder",
        views.RelativeLayout("thread_add_contacts", visibility=views.GONE),
        fastscroller,
        send_message_holder(draft, on_draft, on_send),
        **COLUMN,
        height=views.MATCH_PARENT,
        margin=(0, 56, 0, 0),
    )
    return views.CoordinatorLayout(
        "thread_coordinator",
        sc.material_toolbar("thread_toolbar", title, on_up, menu, overflow, on_overflow),
        holder,
        **FILL,
    )


def send_message_holder(
    draft: str, on_draft: Callable[[str], object], on_send: Action
) -> views.View:
    """``layout_thread_send_message_holder.xml``: attach, the message field, send."""
    send = views.Button(
        "thread_send_message",
        SMS_LABEL,
        content_desc=sc.OK,
        width=sc.NORMAL_ICON_SIZE,
        height=sc.NORMAL_ICON_SIZE,
        padding=(0, sc.SMALL_MARGIN, 0, sc.SMALL_MARGIN),
        margin=(0, 0, sc.SMALL_MARGIN, 0),
        clickable=bool(draft),
        on_click=on_send,
        rules=views.Rules(align_parent_right=True),
    )
    send.all_caps, send.text_px, send.text_color = False, views.sp(sc.SMALLER_TEXT), sc.TEXT
    return views.ViewGroupRelative(
        "message_holder",
        views.ImageView(
            "thread_add_attachment",
            "add",
            tint=sc.TEXT,
            content_desc="Attachment",
            width=sc.NORMAL_ICON_SIZE,
            height=sc.NORMAL_ICON_SIZE,
            padding=sc.NORMAL_MARGIN,
            margin=(sc.SMALL_MARGIN, 0, 0, 0),
            clickable=True,
        ),
        sc.my_edit_text(
            "thread_type_message",
            draft,
            TYPE_A_MESSAGE,
            on_draft,
            gravity=views.Gravity.CENTER_VERTICAL,
            width=views.MATCH_PARENT,
            margin=(sc.SMALL_MARGIN, 0, sc.SMALL_MARGIN, 0),
            rules=views.Rules(
                to_right_of="thread_add_attachment", to_left_of="thread_send_message"
            ),
        ),
        send,
        sc.divider("attachment_picker_divider", below="thread_type_message", kind=views.View),
        width=views.MATCH_PARENT,
    )


def item_message(item: ThreadItem) -> views.View:
    """``item_message.xml`` (or ``item_thread_date_time.xml`` for a date row)."""
    if not item.body:
        return views.RelativeLayout(
            "thread_date_time_holder",
            views.TextView(
                "thread_date_time",
                item.date_time,
                text_size=sc.NORMAL_TEXT,
                text_color=sc.TEXT,
                gravity=views.Gravity.CENTER,
                width=views.MATCH_PARENT,
                padding=(0, sc.MEDIUM_MARGIN, 0, sc.MEDIUM_MARGIN),
            ),
            width=views.MATCH_PARENT,
        )
    body = views.TextView(
        "thread_message_body",
        item.body,
        text_size=sc.NORMAL_TEXT,
        text_color=sc.contrast_ink(sc.PRIMARY) if item.sent else sc.TEXT,
        padding=sc.NORMAL_MARGIN,
        margin=(0, sc.TINY_MARGIN, 0, sc.TINY_MARGIN),
        background=sc.PRIMARY if item.sent else RECEIVED_BUBBLE,
        corner_radius=20,
        rules=views.Rules(align_parent_right=True)
        if item.sent
        else views.Rules(to_right_of="thread_message_sender_photo"),
    )
    aside = (411.43 - 2 * sc.ACTIVITY_MARGIN) * (1 - WRAPPER_SHARE)
    # A received message shows its sender's avatar at the body's bottom (the letter
    # avatar: no task's contact has a photo); a sent one has none.
    photo = sc.LetterAvatar(
        "thread_message_sender_photo",
        item.sender,
        width=sc.LIST_AVATAR_SIZE,
        height=sc.LIST_AVATAR_SIZE,
        margin=(0, 0, sc.MEDIUM_MARGIN, 0),
        visibility=views.GONE if item.sent else "visible",
    )
    wrapper = MessageWrapper(
        "thread_message_wrapper",
        photo,
        views.LinearLayout(
            "thread_message_attachments_holder",
            **COLUMN,
            visibility=views.GONE,  # an SMS has no attachment
        ),
        views.ImageView("thread_message_play_outline", visibility=views.GONE),
        body,
        width=views.MATCH_PARENT,
        margin=(aside, 0, 0, 0) if item.sent else (0, 0, aside, 0),
    )
    return views.ViewGroupLinear(
        "thread_message_holder",
        wrapper,
        width=views.MATCH_PARENT,
        margin=(0, sc.SMALL_MARGIN, 0, 0),
        padding=(sc.ACTIVITY_MARGIN, 0, sc.ACTIVITY_MARGIN, 0),
    )
