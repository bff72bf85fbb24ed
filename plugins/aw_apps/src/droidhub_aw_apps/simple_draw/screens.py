"""Simple Draw Pro on the view engine: the canvas with its tools, the Save as dialog
that writes the drawing to shared storage, the overflow and the settings' top.

The layouts are :mod:`.layouts`; this module keeps the drawing (its strokes), the
stroke width and the dialog's fields. A swipe that starts on the canvas draws a
stroke. The dialog opens with the proposed name (``image_`` and the date and time)
selected, as ``showKeyboard`` leaves it, so typing replaces it; OK writes
``<folder>/<name>.<extension>`` (a name already ending in that extension is kept as
it is).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from droidhub.virtual.appmodel import Intent, VirtualApp
from droidhub.virtual.views import MenuItem, ViewApp, Window, popup_menu
from droidhub_aw_apps.common import app_files
from droidhub_aw_apps.common import simple_commons as sc
from droidhub_aw_apps.common.app_identity import model_of
from droidhub_aw_apps.common.themes import SIMPLE_MOBILE_TOOLS
from droidhub_aw_apps.simple_draw import layouts
from droidhub_aw_apps.simple_draw.model import APPS, PICTURES, drawing_bytes

if TYPE_CHECKING:
    from droidhub.virtual.appmodel import VirtualPhone

#: The overflow of ``menu.xml`` (the items with no room as icons), in order.
OVERFLOW = ("Open file", "Change background color", "Print", "Settings", "About",
            "More apps from us")  # fmt: skip
#: ``humanizePath`` of the Pictures folder.
SHOWN_FOLDER = "Internal/Pictures"


@model_of(APPS[0])
class SimpleDrawApp(ViewApp):
    """Simple Draw Pro: a canvas, and a save dialog that writes the drawing."""

    theme = SIMPLE_MOBILE_TOOLS

    # AndroidWorld pins the APK with versionCode 79; the model reports that code.
    version_name = "79"

    def __init__(self) -> None:
        super().__init__()
        self.strokes: list[layouts.Stroke] = []
        self.stroke_width = layouts.STROKE_START
        #: What shows: "" (the canvas), "save", "overflow" or "settings".
        self.overlay = ""
        self.name = ""
        #: The proposed name is selected when the dialog opens: typing replaces it.
        self.name_selected = False
        self.extension = "png"

    def on_start(self, phone: VirtualPhone, intent: Intent) -> None:
        """A launch shows a blank canvas."""
        super().on_start(phone, intent)
        self.strokes, self.overlay = [], ""

    # --- actions ------------------------------------------------------------------------
    def _set(self, **changes: object) -> None:
        for name, value in changes.items():
            setattr(self, name, value)

    def _open_save(self, phone: VirtualPhone) -> None:
        self.overlay = "save"
        self.name = "image_" + phone.now().strftime("%Y_%m_%d_%H_%M_%S")
        self.name_selected = True
        self.view_state.focus = "save_image_filename"

    def _type(self, text: str) -> None:
        """The field's new text; over a selected name only what was typed stays."""
        if self.name_selected:
            typed = text[len(self.name) :] if text.startswith(self.name) else ""
            self.name, self.name_selected = typed, False
        else:
            self.name = text

    def _save(self, phone: VirtualPhone) -> None:
        name = self.name.strip()
        if not name:
            return
        if not name.lower().endswith("." + self.extension):
            name += "." + self.extension
        app_files.write(phone, phone.host_path(f"{PICTURES}/{name}"), drawing_bytes(name))
        self.overlay = ""
        self.view_state.focus = ""

    def _choose(self, item: MenuItem) -> None:
        self.overlay = "settings" if item.title == sc.SETTINGS else ""

    # --- the screens ------------------------------------------------------------------
    def build(self, phone: VirtualPhone) -> Window:
        """The canvas, with what shows over it; or the settings."""
        close = lambda: self._set(overlay="")  # noqa: E731
        if self.overlay == "settings":
            content = sc.settings_top(close, language=False)
            return Window(content, background=sc.BACKGROUND, status_bar=sc.BACKGROUND)
        actions = layouts.MainActions(
            save=lambda: self._open_save(phone),
            clear=lambda: self._set(strokes=[]),
            overflow=lambda: self._set(overlay="overflow"),
            stroke_width=lambda width: self._set(stroke_width=width),
            undo=lambda: self._set(strokes=self.strokes[:-1]),
        )
        content = layouts.activity_main(self.strokes, self.stroke_width, actions)
        window = Window(content, background=sc.BACKGROUND, status_bar=sc.BACKGROUND)
        window.on_cancel = close
        if self.overlay == "save":
            window.dialog = layouts.dialog_save_image(
                SHOWN_FOLDER,
                self.name,
                self.extension,
                self._type,
                lambda ext: self._set(extension=ext),
                lambda: self._save(phone),
                close,
            )
        elif self.overlay == "overflow":
            window.dialog = popup_menu([MenuItem("", t) for t in OVERFLOW], self._choose)
            window.popup_anchor = (0, 118, 1080, 265)
        return window

    def on_swipe(
        self, phone: VirtualPhone, x1: int, y1: int, x2: int, y2: int, duration_ms: int
    ) -> None:
        """A swipe that starts on the bare canvas draws a stroke; others go to the
        views (the stroke bar)."""
        window = self._window(phone)
        canvas = window.content.find("my_canvas")
        hit = window.content.hit(x1, y1)
        if window.dialog is None and canvas is not None and canvas.contains(x1, y1) and hit is None:
            self.strokes = [*self.strokes, ((x1, y1), (x2, y2))]
            return
        super().on_swipe(phone, x1, y1, x2, y2, duration_ms)

    def on_back(self, phone: VirtualPhone) -> bool:
        """Back from the settings shows the canvas."""
        del phone
        if self.overlay == "settings":
            self.overlay = ""
            return True
        return False


def virtual_apps() -> list[VirtualApp]:
    """A fresh Simple Draw Pro model."""
    return [SimpleDrawApp()]
