"""Audio Recorder's other screens (versionCode 926): ``activity_records`` with its
``list_item`` rows and the top of ``activity_settings``, as view trees.

The records list stacks ``toolbar`` (``btn_back``, "Records" over the count,
``btn_sort``, ``btn_bookmarks``) and ``bottomDivider`` over ``recycler_view``; each
row is a ``container`` over its ``list_item_waveform`` holding ``list_item_name``,
``list_item_description`` (the length) and ``list_item_info``. The settings scroll
under their ``toolbar`` (``btnBack``, "Settings"): Trash, File browser, the theme
spinner, ``panelPublicDir``, the keep-screen-on and ask-to-rename switches and the
naming spinner.
"""

from __future__ import annotations

from collections.abc import Sequence

from droidhub.virtual import views
from droidhub_aw_apps.audio_recorder.layouts import (
    BACKGROUND,
    BODY,
    CAPTION,
    DIVIDER,
    RECORD_INFO,
    SETTINGS,
    TITLE,
    WHITE,
    Action,
    Recording,
    Spinner,
    Waveform,
    icon_button,
)
from droidhub_aw_apps.common.styles import COLUMN, FILL


def _records_toolbar(on_back: Action, count: int) -> views.LinearLayout:
    """The records list's ``toolbar``: back, "Records" over the count, sort, bookmarks."""
    return views.LinearLayout(
        "toolbar",
        icon_button("btn_back", "arrow_back", 24, on_back, padding=16),
        views.LinearLayout(
            "title",
            views.TextView("txt_title", "Records", **TITLE),
            views.TextView(
                "txt_sub_title", f"{count} records" if count != 1 else "1 record", **CAPTION
            ),
            orientation=views.VERTICAL,
            width=0,
            weight=1,
            margin=(8, 6, 0, 6),
        ),
        icon_button(
            "btn_sort", "sort", 24, None, padding=16, layout_gravity=views.Gravity.CENTER_VERTICAL
        ),
        icon_button(
            "btn_bookmarks",
            "bookmark",
            24,
            None,
            padding=16,
            layout_gravity=views.Gravity.CENTER_VERTICAL,
        ),
        width=views.MATCH_PARENT,
        background=BACKGROUND,
    )


def list_item(record: Recording) -> views.View:
    """``list_item.xml``: a record's row over its waveform."""
    return views.FrameLayout(
        "container",
        Waveform(
            "list_item_waveform",
            110,
            "#32FFFFFF",
            width=views.MATCH_PARENT,
            height=56,
            margin=(8, 4, 8, 4),
            layout_gravity=views.Gravity.START | views.Gravity.CENTER_VERTICAL,
        ),
        views.View(
            "",
            width=views.MATCH_PARENT,
            height=1,
            background="#12FFFFFF",
            layout_gravity=views.Gravity.BOTTOM,
        ),
        views.LinearLayout(
            "",
            views.FrameLayout(
                "",
                views.TextView(
                    "list_item_name",
                    record.name,
                    text_size=20,
                    text_color=WHITE,
                    padding=(4, 12, 16, 0),
                ),
                icon_button(
                    "list_item_bookmark",
                    "bookmark",
                    18,
                    None,
                    width=36,
                    height=36,
                    padding=9,
                    layout_gravity=views.Gravity.BOTTOM | views.Gravity.END,
                ),
                width=views.MATCH_PARENT,
            ),
            views.FrameLayout(
                "",
                views.TextView(
                    "list_item_description",
                    record.duration,
                    **CAPTION,
                    padding=(4, 0, 12, 0),
                    layout_gravity=views.Gravity.END,
                ),
                views.TextView("list_item_date", "", text_size=14, visibility=views.INVISIBLE),
                views.TextView("list_item_info", RECORD_INFO, **CAPTION, padding=(4, 2, 12, 12)),
                width=views.MATCH_PARENT,
            ),
            **COLUMN,
            margin=(16, 0, 36, 0),
            layout_gravity=views.Gravity.CENTER_VERTICAL,
        ),
        icon_button(
            "list_item_more",
            "more_vert",
            24,
            None,
            width=36,
            height=views.MATCH_PARENT,
            padding=(0, 0, 4, 0),
            layout_gravity=views.Gravity.CENTER_VERTICAL | views.Gravity.END,
        ),
        width=views.MATCH_PARENT,
        clickable=True,
    )


def activity_records(records: Sequence[Recording], on_back: Action) -> views.View:
    """``activity_records.xml``: the records, newest first, under the toolbar."""
    return views.FrameLayout(
        "",
        views.RecyclerView("recycler_view", records, list_item, padding=(0, 72, 0, 0)),
        views.LinearLayout(
            "",
            _records_toolbar(on_back, len(records)),
            views.View("bottomDivider", width=views.MATCH_PARENT, height=1, background=DIVIDER),
            **COLUMN,
        ),
        views.TextView(
            "txtEmpty",
            "Records is empty",
            text_size=20,
            text_color=WHITE,
            layout_gravity=views.Gravity.CENTER,
            visibility=views.GONE if records else views.VISIBLE,
        ),
        **FILL,
    )


def _switch_row(
    id: str, text: str, checked: bool = False, on_click: Action | None = None, row_id: str = ""
) -> views.View:
    """A setting's row (``row_id``): its text, then its Switch ``id``."""
    return views.LinearLayout(
        row_id,
        views.TextView(
            "", text, **BODY, width=0, weight=1, layout_gravity=views.Gravity.CENTER_VERTICAL
        ),
        views.Switch(id, "", checked=checked, on_click=on_click, width=64),
        width=views.MATCH_PARENT,
        padding=(16, 8, 16, 8),
    )


def _text_row(id: str, text: str) -> views.TextView:
    """A setting that opens a screen: its text, the whole row tappable."""
    return views.TextView(
        id, text, **BODY, width=views.MATCH_PARENT, padding=(16, 16, 16, 16), clickable=True
    )


def _spinner(id: str, text: str) -> Spinner:
    """A setting's Spinner, showing its selected item."""
    return Spinner(
        id,
        views.TextView("", text, **BODY, padding=(16, 14, 16, 14)),
        width=views.MATCH_PARENT,
        clickable=True,
    )


def activity_settings(ask_to_rename: bool, on_ask_to_rename: Action, on_back: Action) -> views.View:
    """``activity_settings.xml``'s top: the toolbar and the first settings."""
    return views.ScrollView(
        "",
        views.LinearLayout(
            "",
            views.LinearLayout(
                "toolbar",
                icon_button("btnBack", "arrow_back", 24, on_back, padding=16),
                views.TextView(
                    "",
                    SETTINGS,
                    **TITLE,
                    layout_gravity=views.Gravity.CENTER_VERTICAL,
                    margin=(8, 0, 0, 0),
                ),
                width=views.MATCH_PARENT,
            ),
            _text_row("btnTrash", "Trash"),
            _text_row("btn_file_browser", "File browser"),
            _spinner("themeColor", "Theme Blue Gray"),
            _switch_row("swPublicDir", "Store records in a public dir", row_id="panelPublicDir"),
            _switch_row("swKeepScreenOn", "Keep screen ON while recording"),
            _switch_row(
                "swAskToRename",
                "Show rename dialog after recording is completed",
                ask_to_rename,
                on_ask_to_rename,
            ),
            _spinner("name_format", "Naming: Record-1.m4a"),
            **COLUMN,
        ),
        **FILL,
    )
