"""Simple Draw Pro's layout files (6.9.3, versionCode 79) as view trees.

Each function is one file of the app's ``res/layout`` (Simple-Commons at c09f8dfda1
for the shared pieces, :mod:`droidhub_aw_apps.common.simple_commons`), with its ids,
view classes, nesting and English strings; data comes in as plain values and actions
as callables, bound by :mod:`.screens`.

Facts from the sources: ``main_toolbar`` holds ``menu.xml``'s Save, Clear and Share
as icons (``showAsAction="always"``) and the rest in the overflow; under it
``main_scrollview`` > ``main_holder`` holds the white ``my_canvas`` (``MyCanvas``, a
View), the tools in a row at its top end (``bucket_fill``, ``eraser``,
``eye_dropper``, ``color_picker``; ``undo`` under them once there is a stroke,
``redo`` once one was undone), and at its bottom the ``stroke_width_bar`` SeekBar
(5..100, 50 at first) under its round ``stroke_width_preview``. Save opens
``dialog_save_image`` in an alert dialog titled "Save as": the folder
(``folder_hint`` > ``folder_value``), the file name (``save_image_filename_hint`` >
``save_image_filename``) and the ``.png`` / ``.svg`` / ``.jpg`` radio buttons. The
tools' icons are the nearest in droidhub's Material Symbols subset (palette for the
bucket, backspace for the eraser, a focus ring for the eyedropper).
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import skia

from droidhub.virtual import views
from droidhub.virtual.views.measure import Gravity, place
from droidhub.virtual.views.paint import Painter
from droidhub.virtual.views.view import Action
from droidhub_aw_apps.common import simple_commons as sc
from droidhub_aw_apps.common.styles import COLUMN, FILL

Stroke = tuple[tuple[int, int], tuple[int, int]]

SAVE_AS = "Save as"
EXTENSIONS = ("png", "svg", "jpg")
BRUSH_COLOUR = "#FF000000"
#: ``stroke_width_bar``'s range and first value.
STROKE_MIN, STROKE_MAX, STROKE_START = 5, 100, 50


class MyCanvas(views.View):
    """The drawing: white, with the strokes drawn on it in the brush colour."""

    def __init__(self, strokes: Sequence[Stroke], width_px: int) -> None:
        super().__init__("my_canvas", **FILL, background="#FFFFFFFF")
        self.strokes, self.width_px = strokes, width_px

    def draw_content(self, painter: Painter) -> None:
        """Each stroke as a round-capped line."""
        paint = skia.Paint(
            AntiAlias=True,
            Color=painter.rgb(BRUSH_COLOUR),
            StrokeWidth=self.width_px,
            Style=skia.Paint.kStroke_Style,
            StrokeCap=skia.Paint.kRound_Cap,
        )
        for (x1, y1), (x2, y2) in self.strokes:
            painter.canvas.drawLine(x1, y1, x2, y2, paint)


class ColourSwatch(views.ImageView):
    """``color_picker``: the brush colour as a disc."""

    def draw_content(self, painter: Painter) -> None:
        """A 24 dp disc in the brush colour, bordered in grey."""
        size = views.dp(28)
        x = place(Gravity.CENTER, self.left, self.right, size, True)
        y = place(Gravity.CENTER, self.top, self.bottom, size, False)
        painter.surface((x - 2, y - 2, x + size + 2, y + size + 2), "#FF9E9E9E", size // 2 + 2)
        painter.surface((x, y, x + size, y + size), BRUSH_COLOUR, size // 2)


class RadioButton(sc.RadioButton):
    """Simple-Commons' radio button on the save dialog's white sheet."""

    hole = "#FFFFFFFF"


@dataclass(frozen=True)
class MainActions:
    """What the main screen's toolbar items, Undo and the stroke width bar do."""

    save: Action
    clear: Action
    overflow: Action
    stroke_width: Callable[[int], object]
    undo: Action


def activity_main(strokes: Sequence[Stroke], stroke_width: int, act: MainActions) -> views.View:
    """``activity_main.xml``: the toolbar, the canvas, its tools and the stroke bar."""
    menu = (
        views.MenuItem("menu_save", "Save", "save", act.save),
        views.MenuItem("clear", "Clear", "delete", act.clear),
        views.MenuItem("menu_share", "Share", "share", None),
    )
    overflow = (views.MenuItem("open_file", "Open file"),)

    def tool(
        id: str, desc: str, icon: str, below: str = "", to_left_of: str = ""
    ) -> views.ImageView:
        return views.ImageView(
            id,
            icon,
            tint=sc.TEXT,
            content_desc=desc,
            width=sc.NORMAL_ICON_SIZE,
            height=sc.NORMAL_ICON_SIZE,
            padding=sc.MEDIUM_MARGIN,
            clickable=True,
            rules=views.Rules(below=below, to_left_of=to_left_of),
        )

    undo = tool("undo", "Undo", "undo", below="color_picker")
    undo.rules = views.Rules(below="color_picker", align_parent_right=True)
    undo.visibility = "visible" if strokes else views.GONE
    undo.on_click = act.undo
    redo = tool("redo", "Redo", "redo", to_left_of="bucket_fill")
    redo.visibility = views.GONE
    holder = views.RelativeLayout(
        "main_holder",
        MyCanvas(strokes, views.dp(stroke_width) // 2),
        redo,
        tool("bucket_fill", "Bucket fill", "palette", to_left_of="eraser"),
        tool("eraser", "Eraser", "backspace", to_left_of="eye_dropper"),
        tool("eye_dropper", "Eyedropper", "center_focus_weak", to_left_of="color_picker"),
        ColourSwatch(
            "color_picker",
            content_desc="Change color",
            width=sc.NORMAL_ICON_SIZE,
            height=sc.NORMAL_ICON_SIZE,
            clickable=True,
            rules=views.Rules(align_parent_right=True),
        ),
        undo,
        views.ImageView(
            "stroke_width_preview",
            width=40,
            height=40,
            background=BRUSH_COLOUR,
            corner_radius=20,
            margin=(0, 0, 0, sc.MEDIUM_MARGIN),
            rules=views.Rules(above="stroke_width_bar", center_horizontal=True),
        ),
        views.SeekBar(
            "stroke_width_bar",
            progress=stroke_width,
            min=STROKE_MIN,
            max=STROKE_MAX,
            on_change=act.stroke_width,
            width=150,
            padding=sc.MEDIUM_MARGIN,
            margin=(0, 0, 0, 12),
            rules=views.Rules(align_parent_bottom=True, center_horizontal=True),
        ),
        **FILL,
    )
    return views.CoordinatorLayout(
        "main_coordinator",
        sc.material_toolbar("main_toolbar", "Simple Draw", None, menu, overflow, act.overflow),
        views.ScrollView(
            "main_scrollview",
            holder,
            **FILL,
            margin=(0, 56, 0, 0),
        ),
        **FILL,
    )


def dialog_save_image(
    folder: str,
    name: str,
    extension: str,
    on_name: Callable[[str], object],
    on_extension: Callable[[str], object],
    on_ok: Action,
    on_cancel: Action,
) -> views.View:
    """``dialog_save_image.xml`` in its alert dialog: folder, name, extension."""
    folder_field = sc.my_edit_text("folder_value", folder, "", None, width=views.MATCH_PARENT)
    folder_field.focusable = folder_field.long_clickable = False  # UnclickableEditText
    body = views.ScrollView(
        "save_image_wrapper",
        views.LinearLayout(
            "save_image_holder",
            views.TextInputLayout(
                "folder_hint",
                folder_field,
                width=views.MATCH_PARENT,
                margin=(0, 0, 0, sc.ACTIVITY_MARGIN),
            ),
            views.TextInputLayout(
                "save_image_filename_hint",
                sc.my_edit_text(
                    "save_image_filename",
                    name,
                    "Filename",
                    on_name,
                    text_size=sc.BIGGER_TEXT,
                    width=views.MATCH_PARENT,
                ),
                width=views.MATCH_PARENT,
                margin=(0, 0, 0, sc.MEDIUM_MARGIN),
            ),
            views.RadioGroup(
                "save_image_radio_group",
                *(
                    RadioButton(
                        f"save_image_radio_{ext}",
                        f".{ext}",
                        checked=ext == extension,
                        checkable=True,
                        width=views.MATCH_PARENT,
                        padding=(0, sc.MEDIUM_MARGIN, 0, sc.MEDIUM_MARGIN),
                        on_click=functools.partial(on_extension, ext),
                    )
                    for ext in EXTENSIONS
                ),
                width=views.MATCH_PARENT,
            ),
            **COLUMN,
            padding=(sc.ACTIVITY_MARGIN, sc.ACTIVITY_MARGIN, sc.ACTIVITY_MARGIN, 0),
        ),
        width=views.MATCH_PARENT,
    )
    return views.alert_dialog(
        SAVE_AS,
        "",
        positive=(sc.OK, on_ok),
        negative=(sc.CANCEL, on_cancel),
        package_ids=True,
        custom=body,
    )
