"""Markor's SettingsActivity (``settings__activity.xml``) with the top level of its
preferences (``res/xml/preferences_master.xml``): four sub-screens, then the Format and
Essential categories."""

from __future__ import annotations

from droidhub.virtual.views import (
    MATCH_PARENT,
    VERTICAL,
    FrameLayout,
    LinearLayout,
    PreferenceImageView,
    RecyclerView,
    TextView,
    View,
    preference,
)
from droidhub.virtual.views.view import Action
from droidhub_aw_apps.markor import layouts

#: ``preferences_master.xml``'s top level: title, summary, icon ("category": a header).
PREFERENCES = (
    ("General", "Files and folders", "note"),
    ("Other", "Miscellaneous", "widgets"),
    ("Edit mode", "Editor Settings", "edit"),
    ("View mode", "Display converted markup", "visibility"),
    ("Format", "", "category"),
    ("Markdown", "", "text_fields"),
    ("todo.txt", "", "checklist"),
    ("Wikitext", "", "draw"),
    ("Plain Text", "", "text_fields"),
    ("AsciiDoc", "", "text_fields"),
    ("OrgMode", "", "draw"),
    ("Essential", "", "category"),
    ("Theme", "Light", "palette"),
    ("Language", "Change language of this app. Restart app for changes to take effect", "language"),
)


def settings_activity(close: Action) -> View:
    """The toolbar ("Settings"; Navigate up runs ``close``) over the preferences' list."""
    bar = layouts.toolbar(layouts.title_text("Settings"), navigation=close)
    rows: list[View] = []
    for title, summary, icon in PREFERENCES:
        if icon == "category":
            rows.append(
                TextView(
                    "android:id/title",
                    title,
                    medium=True,
                    text_color=layouts.ACCENT,
                    width=MATCH_PARENT,
                    padding=(72, 16, 16, 8),
                )
            )
        else:
            icon_view = PreferenceImageView(icon=icon)
            rows.append(preference(title, summary, icon=icon_view, on_click=lambda: None))
    prefs = RecyclerView("recycler_view", rows, lambda row: row)
    frame = FrameLayout(
        "settings__activity__fragment_placeholder", prefs, width=MATCH_PARENT, height=0, weight=1
    )
    return LinearLayout(
        "",
        layouts.app_bar(bar),
        frame,
        orientation=VERTICAL,
        width=MATCH_PARENT,
        height=MATCH_PARENT,
        background="#FFFFFFFF",
    )
