"""Markor's SettingsActivity (``settings__activity.xml``) with the top level of its
preferences (``res/xml/preferences_master.xml``): four sub-screens, then the Format and
Essential categories."""

from __future__ import annotations

from droidhub.virtual import views
from droidhub.virtual.views.view import Action
from droidhub_aw_apps.common.styles import COLUMN, REST_OF_COLUMN
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


def settings_activity(close: Action) -> views.View:
    """The toolbar ("Settings"; Navigate up runs ``close``) over the preferences' list."""
    bar = layouts.toolbar(layouts.title_text("Settings"), navigation=close)
    rows: list[views.View] = []
    for title, summary, icon in PREFERENCES:
        if icon == "category":
            rows.append(
                views.TextView(
                    "android:id/title",
                    title,
                    medium=True,
                    text_color=layouts.ACCENT,
                    width=views.MATCH_PARENT,
                    padding=(72, 16, 16, 8),
                )
            )
        else:
            icon_view = views.PreferenceImageView(icon=icon)
            rows.append(views.preference(title, summary, icon=icon_view, on_click=lambda: None))
    prefs = views.RecyclerView("recycler_view", rows, lambda row: row)
    frame = views.FrameLayout(
        "settings__activity__fragment_placeholder",
        prefs,
        **REST_OF_COLUMN,
    )
    return views.LinearLayout(
        "", layouts.app_bar(bar), frame, **COLUMN, height=views.MATCH_PARENT, background="#FFFFFFFF"
    )
