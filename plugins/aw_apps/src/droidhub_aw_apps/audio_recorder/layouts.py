"""Audio Recorder's layout files (versionCode 926, the commit before c5177c1) as view
trees.

Each function is one file of the app's ``res/layout`` with its ids, view classes,
nesting and English strings; data comes in as plain values and actions as callables,
bound by :mod:`.screens`.

Facts from the sources: the default theme is "blue gray" (``AppTheme.Gray``: the
window a gradient from ``md_blue_gray_500`` #253343 to ``md_blue_gray_700`` #1C2733,
white text). ``activity_main`` stacks the ``toolbar`` (``btn_import``, the app's name,
``btn_share`` opening ``menu_more``), the waveform (``record``; the ``placeholder``
while there is no record; ``recording_view`` while recording), the time
(``txt_progress``), the record's name (``txt_name``) and ``txt_record_info``, the
``play_progress`` SeekBar and the bottom panel: ``btn_settings``, ``btn_record`` (a
white disc, 84 dp; while recording a pause sign; its description is the string
``recording``, "Recording: %s", as the layout sets it), ``btn_record_delete`` and
``btn_record_stop`` beside it while recording, and ``btn_records_list``. Stopping asks
for a name in ``dialog_rename`` (``showRenameDialog``: the name with the cursor at its
end, the keyboard up, "Don't ask again" shown after a recording) inside the framework's
AlertDialog. The records list and the settings are :mod:`.pages`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import ClassVar, Unpack

import skia

from droidhub.virtual import views
from droidhub.virtual.views.measure import place
from droidhub.virtual.views.paint import Painter
from droidhub.virtual.views.view import Action, Attributes
from droidhub_aw_apps.common.styles import COLUMN, REST_OF_COLUMN, TextAppearance, square

#: ``md_blue_gray_500`` and ``md_blue_gray_700``: the window's gradient, top to bottom.
BACKGROUND = "#FF253343"
PRIMARY_DARK = "#FF1C2733"
WHITE = "#FFFFFFFF"
TEXT_LIGHT2 = "#99FFFFFF"
BLACK = "#FF000000"
#: ``md_grey_800xxx``: the records list's divider.
DIVIDER = "#FF383838"
#: ``md_red_500``: the paused recording's disc (``ic_record_rec``).
RECORD_RED = "#FFE51C23"
APP_NAME = "Audio Recorder"
RECORDING = "Recording: %s"
SETTINGS = "Settings"
DELETE = "Delete"
ZERO_TIME = "00:00"
NEW_NAME = "New name"
DONT_ASK_AGAIN = "Don't ask again"
CANCEL, SAVE = "Cancel", "Save"
#: ``menu_more.xml``'s items, in order.
MENU_MORE = (
    ("menu_share", "Share"),
    ("menu_info", "Information"),
    ("menu_rename", "Rename"),
    ("menu_open_with", "Open with\u2026"),
    ("menu_save_as", "Save as\u2026"),
    ("menu_delete", "Delete"),
)
#: What ``txt_record_info`` says of the default settings (M4A, 44.1 kHz, 128 kbps,
#: stereo).
RECORD_INFO = "M4a, 44.1kHz, 128kbps, Stereo"


def title_text(size: float) -> TextAppearance:
    """The app's titles and big numbers: white Roboto Medium at ``size`` sp."""
    return TextAppearance(text_size=size, text_color=WHITE, medium=True)


#: The text appearances: white body text, the light captions under it, the titles.
BODY = TextAppearance(text_size=16, text_color=WHITE)
CAPTION = TextAppearance(text_size=14, text_color=TEXT_LIGHT2)
TITLE = title_text(20)
#: ``btn_settings`` and ``btn_records_list``: the bottom panel's 84 dp corners.
PANEL_BUTTON = square(84, 24)
#: ``btn_play`` and ``btn_stop``: 64 dp, at the bottom centre of the waveform.
PLAYER_BUTTON = square(64, 14)
#: ``btn_share`` and ``btn_record_stop``: 54 dp around a 24 dp icon.
SMALL_BUTTON = square(54, 15)


@dataclass(frozen=True)
class Recording:
    """One record as the lists show it: its name (no extension) and its length."""

    name: str
    seconds: int

    @property
    def duration(self) -> str:
        """``formatTimeIntervalHourMinSec2``: ``mm:ss``."""
        return f"{self.seconds // 60:02d}:{self.seconds % 60:02d}"


class Spinner(views.LinearLayout):
    """``android.widget.Spinner``: its selected item's row."""

    class_name: ClassVar[str] = "android.widget.Spinner"


class Waveform(views.View):
    """``WaveformViewNew`` / ``RecordingWaveformView`` / ``SimpleWaveformView``: a
    centre line, with the record's amplitudes as bars when it has some."""

    def __init__(
        self, id: str, bars: int, colour: str = WHITE, **attributes: Unpack[Attributes]
    ) -> None:
        super().__init__(id, **attributes)
        self.bars, self.colour = bars, colour

    def draw_content(self, painter: Painter) -> None:
        """The middle line and, left to right, ``bars`` bars of a steady shape."""
        middle = (self.top + self.bottom) // 2
        paint = skia.Paint(AntiAlias=True, Color=painter.rgb(self.colour), StrokeWidth=views.dp(1))
        painter.canvas.drawLine(self.left, middle, self.right, middle, paint)
        half = (self.bottom - self.top) // 3
        for i in range(self.bars):
            x = self.left + views.dp(2) + i * views.dp(3)
            if x >= self.right:
                break
            height = half * (0.3 + 0.7 * abs(((i * 37) % 23) - 11) / 11)
            painter.canvas.drawLine(x, middle - height, x, middle + height, paint)


class RecordButton(views.ImageButton):
    """``btn_record``: ``ic_record`` (a white disc), ``ic_pause_circle_filled`` while
    recording, ``ic_record_rec`` (a red disc) while paused."""

    def __init__(self, state: str, on_click: Action) -> None:
        super().__init__(
            "btn_record",
            content_desc=RECORDING,
            **square(84, 0),
            margin=8,
            layout_gravity=views.Gravity.CENTER,
            on_click=on_click,
        )
        self.state = state

    def draw_content(self, painter: Painter) -> None:
        """The disc (7/24 of the button's side in radius), or the pause sign."""
        size = round((self.right - self.left) * 14 / 24)
        x = place(views.Gravity.CENTER, self.left, self.right, size, True)
        y = place(views.Gravity.CENTER, self.top, self.bottom, size, False)
        fill = RECORD_RED if self.state == "paused" else WHITE
        painter.surface((x, y, x + size, y + size), fill, size // 2)
        if self.state == "recording":
            bar, gap = size // 7, size // 7
            left = x + size // 2 - gap // 2 - bar
            for bx in (left, left + bar + gap):
                painter.surface((bx, y + size // 4, bx + bar, y + 3 * size // 4), BACKGROUND)


def icon_button(
    id: str, icon: str, size: float, action: Action | None, **attributes: Unpack[Attributes]
) -> views.View:
    """A white ``size`` dp icon button that runs ``action``."""
    attributes["on_click"] = action
    return views.ImageButton(id, icon, tint=WHITE, icon_size=size, **attributes)


def _panel(id: str, text: str) -> views.LinearLayout:
    """``pnl_import_progress`` / ``pnl_record_processing``: hidden until the app works."""
    return views.LinearLayout(
        id,
        views.ProgressBar(width=16, height=16, layout_gravity=views.Gravity.CENTER),
        views.TextView("", text, text_size=12, text_color=WHITE, margin=(8, 0, 0, 0)),
        gravity=views.Gravity.CENTER_HORIZONTAL,
        width=views.MATCH_PARENT,
        margin=(0, 0, 0, 4),
        visibility=views.INVISIBLE,
    )


@dataclass(frozen=True)
class MainState:
    """What ``activity_main`` shows: "idle", "recording" or "paused"; the active
    record (none yet: the placeholder), and the time shown."""

    mode: str
    record: Recording | None
    progress: str

    @property
    def busy(self) -> bool:
        """Whether a recording is under way (recording or paused)."""
        return self.mode != "idle"

    @property
    def shows_record(self) -> bool:
        """Whether the screen shows the active record (there is one, nothing records)."""
        return self.record is not None and not self.busy


@dataclass(frozen=True)
class MainActions:
    """What the main screen's buttons do."""

    record: Action
    stop: Action
    delete: Action
    more: Action
    records: Action
    settings: Action


def _shown(yes: bool) -> str:
    """Visible, or invisible but still taking its room."""
    return views.VISIBLE if yes else views.INVISIBLE


def _present(yes: bool) -> str:
    """Visible, or gone (taking no room)."""
    return views.VISIBLE if yes else views.GONE


def _main_toolbar(state: MainState, act: MainActions) -> views.View:
    """``toolbar``: import, the app's name, the record's menu."""
    idle = _present(not state.busy)
    return views.LinearLayout(
        "toolbar",
        icon_button("btn_import", "download", 24, None, padding=16, visibility=idle),
        views.TextView(
            "",
            APP_NAME,
            **title_text(24),
            gravity=views.Gravity.CENTER_HORIZONTAL,
            width=0,
            weight=1,
            margin=(32, 12, 32, 16),
        ),
        icon_button(
            "btn_share",
            "more_vert",
            24,
            act.more,
            **SMALL_BUTTON,
            layout_gravity=views.Gravity.END,
            visibility=idle,
        ),
        width=views.MATCH_PARENT,
    )


def _main_waveform(id: str, bars: int, colour: str, visibility: str) -> Waveform:
    """``record`` / ``recording_view``: the waveform across the screen, over the play
    button's room."""
    return Waveform(
        id,
        bars,
        colour,
        width=views.MATCH_PARENT,
        height=200,
        margin=(0, 0, 0, 64),
        visibility=visibility,
    )


def _waveforms(state: MainState) -> views.View:
    """The placeholder, the record's or the recording's waveform, play and stop."""
    # The record's waveform and its play button keep their room while there is no
    # record, and give it up while recording.
    record = views.GONE if state.busy else _shown(state.shows_record)
    bottom_centre = views.Gravity.BOTTOM | views.Gravity.CENTER_HORIZONTAL
    return views.FrameLayout(
        "",
        views.ImageView(
            "placeholder",
            "music_note",
            tint=TEXT_LIGHT2,
            icon_size=96,
            layout_gravity=views.Gravity.CENTER,
            visibility=_present(state.record is None and not state.busy),
        ),
        _main_waveform("record", 300, WHITE, record),
        _main_waveform("recording_view", 120, "#FFFFD600", _present(state.busy)),
        views.ProgressBar(
            "progress",
            width=48,
            height=48,
            layout_gravity=views.Gravity.CENTER,
            visibility=views.INVISIBLE,
        ),
        icon_button(
            "btn_play",
            "play_arrow",
            36,
            None,
            **PLAYER_BUTTON,
            layout_gravity=bottom_centre,
            visibility=record,
        ),
        icon_button(
            "btn_stop",
            "stop",
            36,
            None,
            **PLAYER_BUTTON,
            layout_gravity=bottom_centre,
            visibility=views.GONE,
        ),
        width=views.MATCH_PARENT,
        layout_gravity=views.Gravity.CENTER,
    )


def _times(state: MainState) -> views.View:
    """The time, the record's name and its format, its start and its length."""
    name = state.record.name if state.record is not None else ""
    return views.FrameLayout(
        "",
        views.TextView(
            "txt_zero_time",
            ZERO_TIME,
            **BODY,
            margin=(16, 0, 0, 8),
            layout_gravity=views.Gravity.START | views.Gravity.BOTTOM,
            visibility=_shown(state.shows_record),
        ),
        views.LinearLayout(
            "",
            views.TextView(
                "txt_progress",
                state.progress,
                **title_text(54),
                layout_gravity=views.Gravity.CENTER_HORIZONTAL,
            ),
            views.TextView(
                "txt_name",
                name,
                text_size=22,
                text_color=WHITE,
                max_lines=2,
                gravity=views.Gravity.CENTER_HORIZONTAL,
                margin=(24, 0, 24, 4),
                layout_gravity=views.Gravity.CENTER_HORIZONTAL,
                visibility=_shown(bool(name)),
            ),
            views.TextView(
                "txt_record_info",
                RECORD_INFO,
                **CAPTION,
                max_lines=1,
                margin=(72, 0, 72, 10),
                layout_gravity=views.Gravity.CENTER_HORIZONTAL,
            ),
            **COLUMN,
        ),
        views.TextView(
            "txt_duration",
            state.record.duration if state.record else ZERO_TIME,
            **BODY,
            margin=(0, 0, 16, 8),
            layout_gravity=views.Gravity.END | views.Gravity.BOTTOM,
            visibility=_shown(state.shows_record),
        ),
        width=views.MATCH_PARENT,
    )


def _bottom_panel(state: MainState, act: MainActions) -> views.View:
    """Settings, delete / record / stop, the records list."""
    return views.FrameLayout(
        "",
        icon_button(
            "btn_settings",
            "settings",
            36,
            act.settings,
            content_desc=SETTINGS,
            **PANEL_BUTTON,
            margin=(0, 8, 0, 0),
            layout_gravity=views.Gravity.START,
        ),
        views.LinearLayout(
            "",
            icon_button(
                "btn_record_delete",
                "delete",
                36,
                act.delete,
                content_desc=DELETE,
                **square(42, 3),
                margin=6,
                layout_gravity=views.Gravity.CENTER,
                visibility=_shown(state.busy),
            ),
            RecordButton(state.mode, act.record),
            icon_button(
                "btn_record_stop",
                "stop",
                24,
                act.stop,
                **SMALL_BUTTON,
                layout_gravity=views.Gravity.CENTER,
                visibility=_shown(state.busy),
            ),
            layout_gravity=views.Gravity.CENTER,
        ),
        icon_button(
            "btn_records_list",
            "list",
            36,
            act.records,
            **PANEL_BUTTON,
            margin=(0, 8, 0, 0),
            layout_gravity=views.Gravity.END,
        ),
        width=views.MATCH_PARENT,
        margin=(0, 0, 0, 8),
    )


def activity_main(state: MainState, act: MainActions) -> views.View:
    """``activity_main.xml``."""
    return views.LinearLayout(
        "",
        _main_toolbar(state, act),
        _panel("pnl_import_progress", "Audio file import\u2026"),
        _panel("pnl_record_processing", "Waveform drawing calculations\u2026"),
        views.LinearLayout(
            "",
            _waveforms(state),
            orientation=views.VERTICAL,
            gravity=views.Gravity.CENTER,
            **REST_OF_COLUMN,
        ),
        _times(state),
        views.SeekBar("play_progress", progress=0, max=1000),
        _bottom_panel(state, act),
        **COLUMN,
        height=views.MATCH_PARENT,
    )


def _coloured(view: views.TextView, colour: str) -> views.TextView:
    """``view`` with its text in ``colour`` (Button and EditText take no colour)."""
    view.text_color = colour
    return view


def dialog_rename(
    name: str,
    show_checkbox: bool,
    dont_ask: bool,
    on_name: Callable[[str], object],
    on_check: Action,
    on_cancel: Action,
    on_save: Action,
) -> views.View:
    """``dialog_rename.xml`` in the framework's AlertDialog (``setView``: no title,
    no buttons of the dialog's own)."""
    body = views.LinearLayout(
        "",
        views.TextView(
            "dialog_title",
            NEW_NAME,
            text_size=20,
            text_color=BLACK,
            medium=True,
            margin=(0, 0, 0, 16),
        ),
        _coloured(
            views.EditText("input_name", name, on_change=on_name, width=views.MATCH_PARENT), BLACK
        ),
        views.CheckBox(
            "check_box",
            DONT_ASK_AGAIN,
            checked=dont_ask,
            on_click=on_check,
            width=views.MATCH_PARENT,
            margin=(0, 8, 0, 0),
            visibility=views.VISIBLE if show_checkbox else views.GONE,
        ),
        views.LinearLayout(
            "",
            views.Button("dialog_negative_btn", CANCEL, on_click=on_cancel, margin=8),
            views.Button(
                "dialog_positive_btn",
                SAVE,
                on_click=on_save,
                margin=8,
                background="#FF1C2733",
                elevation=2,
            ),
            gravity=views.Gravity.END,
            layout_gravity=views.Gravity.END,
            margin=(0, 4, 0, 0),
        ),
        **COLUMN,
        background=WHITE,
        padding=20,
    )
    return views.alert_dialog("", "", custom=body)
