"""Simple Draw Pro on the virtual phone: a canvas, and a save dialog with a file name
and an extension.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from droidhub.virtual.appmodel import PIXEL_6, Intent, Screen, VirtualApp
from droidhub_aw_apps.common.hierarchy import Node, hit, render
from droidhub_aw_apps.common.keys import KEY_DEL
from droidhub_aw_apps.common.themes import SIMPLE_MOBILE_TOOLS
from droidhub_aw_apps.simple_draw.model import (
    ACTIVITY,
    PACKAGE,
    PICTURES,
    drawing_bytes,
)

if TYPE_CHECKING:
    from droidhub.virtual.appmodel import VirtualPhone


class SimpleDrawApp(VirtualApp):
    """Simple Draw Pro: a canvas, and a save dialog that writes the drawing to shared
    storage.

    Swipes on the canvas draw strokes. ``Save`` opens the dialog: a ``Filename`` field,
    the extension (``png``/``svg``/``jpg``; a tap picks one) and the folder
    (``Pictures``); the proposed name is selected, so typing replaces it. ``OK``
    writes ``<folder>/<name>.<extension>`` (a name already ending in that extension is
    kept as it is).
    """

    theme = SIMPLE_MOBILE_TOOLS

    package = PACKAGE
    label = "Simple Draw Pro"
    activity = ACTIVITY
    # AndroidWorld pins the APK with versionCode 79; the model reports that code.
    version_name = "79"

    def __init__(self) -> None:
        self.strokes = 0
        self.saving = False
        self.name = ""
        #: The proposed name is selected when the dialog opens: typing replaces it.
        self.name_selected = False
        self.extension = "png"

    def on_start(self, phone: VirtualPhone, intent: Intent) -> None:
        """A launch shows a blank canvas."""
        self.strokes, self.saving = 0, False

    def _nodes(self) -> list[Node]:
        nodes = [
            Node("android.view.View", content_desc="Canvas", bounds=(0, 260, PIXEL_6.width, 2200)),
            Node(
                "android.widget.ImageButton",
                content_desc="Save",
                bounds=(880, 120, 1000, 240),
                clickable=True,
            ),
        ]
        if not self.saving:
            return nodes
        nodes += [
            Node("android.widget.TextView", text="Save as", bounds=(80, 700, 1000, 800)),
            Node(
                "android.widget.EditText",
                text=self.name,
                hint="Filename",
                bounds=(80, 820, 1000, 960),
                focused=True,
                selected=self.name_selected,
            ),
            Node("android.widget.TextView", text="Pictures", bounds=(80, 1200, 1000, 1300)),
            Node(
                "android.widget.Button", text="OK", bounds=(760, 1340, 1000, 1460), clickable=True
            ),
        ]
        for i, ext in enumerate(("png", "svg", "jpg")):
            left = 80 + i * 300
            nodes.append(
                Node(
                    "android.widget.RadioButton",
                    text=ext.upper(),
                    bounds=(left, 1000, left + 280, 1120),
                    clickable=True,
                    checked=ext == self.extension,
                )
            )
        return nodes

    def screen(self, phone: VirtualPhone) -> Screen:
        """The canvas, with the save dialog over it when open."""
        return Screen(hierarchy=render(PACKAGE, self._nodes()))

    def on_tap(self, phone: VirtualPhone, x: int, y: int) -> None:
        """Open the dialog, pick an extension, or save."""
        node = hit(self._nodes(), x, y)
        if node is None:
            return
        if node.content_desc == "Save" and not self.saving:
            self.saving = True
            self.name = "image_" + phone.now().strftime("%Y_%m_%d_%H_%M_%S")
            self.name_selected = True
        elif self.saving and node.class_name.endswith("EditText"):
            self.name_selected = False  # a tap places the cursor: the selection goes
        elif self.saving and node.class_name.endswith("RadioButton"):
            self.extension = node.text.lower()
        elif self.saving and node.text == "OK" and self.name.strip():
            name = self.name.strip()
            if not name.lower().endswith("." + self.extension):
                name += "." + self.extension
            path = phone.host_path(f"{PICTURES}/{name}")
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(drawing_bytes(name))
            self.saving = False

    def on_swipe(
        self, phone: VirtualPhone, x1: int, y1: int, x2: int, y2: int, duration_ms: int
    ) -> None:
        """A stroke on the canvas."""
        if not self.saving:
            self.strokes += 1

    def on_text(self, phone: VirtualPhone, text: str) -> None:
        """Typing goes to the file name."""
        if self.saving:
            self.name = text if self.name_selected else self.name + text
            self.name_selected = False

    def on_key(self, phone: VirtualPhone, keycode: str) -> None:
        """Delete erases in the file name."""
        if self.saving and keycode in KEY_DEL:
            self.name = "" if self.name_selected else self.name[:-1]
            self.name_selected = False


def virtual_apps() -> list[VirtualApp]:
    """A fresh Simple Draw Pro model."""
    return [SimpleDrawApp()]
