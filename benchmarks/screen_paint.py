"""How fast a busy screen is dumped and painted: the view engine beside the widget
toolkit's painter (the one Calendar's screens use), measured in the same run.

    python benchmarks/screen_paint.py [--rounds 30]

The screen, on both: a toolbar, a list of 12 rows of two lines each (cards with an
elevation shadow on the engine), a FAB, and a dialog over a scrim, at 1080x2400.
Printed, as medians over ``--rounds`` (and the ratio engine / toolkit):

- dump: what ``uiautomator dump`` costs the app: build the screen from the model,
  lay it out, write the XML (and, for the engine, the XML writing alone);
- paint: the pixels alone, on a fresh canvas (the toolkit's cache is emptied first);
- PNG: paint plus the PNG encoding ``screencap -p`` sends.

Targets (issue 31): paint <= 15 ms and dump <= 2 ms on this machine.
"""

from __future__ import annotations

import argparse
import statistics
from collections.abc import Callable

from PIL import Image, ImageDraw
from timing import ms_per_run

from droidhub.virtual import views
from droidhub.virtual.appmodel import (
    PIXEL_6,
    Button,
    Dialog,
    Fab,
    ListRow,
    ScrollList,
    Theme,
    Toolbar,
    VirtualApp,
    VirtualPhone,
    WidgetApp,
    Window,
)
from droidhub.virtual.server import VirtualDeviceServer
from droidhub.virtual.views.window import dump, lay_out, paint
from droidhub.virtual.widgets import paint as kit_paint
from droidhub.virtual.widgets.nodes import WidgetNode

TARGET_PAINT_MS = 15.0
TARGET_DUMP_MS = 2.0
ROWS = [(f"Groceries {i}", f"Milk, eggs, bread and {i} more things to buy") for i in range(12)]


def _nothing() -> None:
    """Every callback of the benchmark's screens."""


class EngineScreen(views.ViewApp):
    """The busy screen on the view engine."""

    package = "com.example.engine"

    def row(self, item: tuple[str, str]) -> views.View:
        title, subtitle = item
        text = views.LinearLayout(
            "row",
            views.TextView("title", title, text_size=16, medium=True, max_lines=1),
            views.TextView("subtitle", subtitle, max_lines=1, text_color="#8A000000"),
            orientation=views.VERTICAL,
            width=views.MATCH_PARENT,
            padding=16,
        )
        return views.MaterialCardView(
            "card", text, width=views.MATCH_PARENT, margin=(16, 8, 16, 8), on_click=_nothing
        )

    def build(self, phone: VirtualPhone) -> views.Window:
        del phone
        toolbar = views.Toolbar(
            "toolbar",
            views.ImageButton("navigation", "menu", content_desc="Open drawer", tint="#FFFFFFFF"),
            views.TextView(text="Lists", text_size=20, medium=True, text_color="#FFFFFFFF"),
            background="#FF6200EE",
        )
        content = views.FrameLayout(
            "root",
            views.LinearLayout(
                "main",
                toolbar,
                views.RecyclerView("lists", ROWS, self.row, height=0, weight=1),
                orientation=views.VERTICAL,
                width=views.MATCH_PARENT,
                height=views.MATCH_PARENT,
            ),
            views.FloatingActionButton("add", content_desc="New list", on_click=_nothing),
            width=views.MATCH_PARENT,
            height=views.MATCH_PARENT,
        )
        buttons = views.LinearLayout(
            "android:id/buttonPanel",
            views.Button("android:id/button2", "Cancel", on_click=_nothing),
            views.Button("android:id/button1", "Delete", on_click=_nothing),
            width=views.MATCH_PARENT,
            gravity=views.Gravity.RIGHT,
            padding=8,
        )
        dialog = views.LinearLayout(
            "android:id/parentPanel",
            views.TextView(
                "android:id/alertTitle", "Delete this list?", text_size=20, padding=(24, 24, 24, 0)
            ),
            buttons,
            orientation=views.VERTICAL,
            width=views.MATCH_PARENT,
            background="#FFFFFFFF",
            corner_radius=4,
            elevation=24,
        )
        return views.Window(content, dialog, on_cancel=_nothing)


class ToolkitScreen(WidgetApp):
    """The same screen on the widget toolkit."""

    package = "com.example.toolkit"
    theme = Theme(primary="#6200EE")

    def build(self, phone: VirtualPhone) -> Window:
        del phone
        rows = [ListRow(t, s, on_click=_nothing, title_id="title") for t, s in ROWS]
        dialog = Dialog(
            "Delete this list?",
            buttons=[Button("Cancel", _nothing), Button("Delete", _nothing)],
        )
        return Window(
            self.package,
            Toolbar("Lists"),
            [ScrollList(rows, key="lists")],
            fab=Fab("New list", _nothing),
            dialog=dialog,
        )


def _median_ms(call: Callable[[], object], rounds: int) -> float:
    return statistics.median(ms_per_run(lambda _: call(), rounds))


def _kit_png(app: ToolkitScreen, phone: VirtualPhone) -> bytes:
    kit_paint._cache.clear()  # the toolkit caches by dump text: measure a fresh paint
    return app.screen(phone).png or b""


def _kit_paint(root: WidgetNode, theme: Theme) -> Image.Image:
    """The toolkit's painting without its PNG encoding (its private steps: it has no
    public call that stops before the encoding)."""
    image = Image.new("RGB", PIXEL_6.size, (255, 255, 255))
    colours = (kit_paint._rgb(c) for c in (theme.primary, theme.on_primary, theme.accent))
    painter = kit_paint._Painter(image, ImageDraw.Draw(image), *colours)
    for node in root.walk():
        painter.node(node)
    return image


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=30)
    rounds = parser.parse_args().rounds
    engine, kit = EngineScreen(), ToolkitScreen()

    def apps() -> list[VirtualApp]:
        return [engine, kit]

    with VirtualDeviceServer(devices=1, apps=apps) as server:
        phone = server.phone(server.serials[0])
        window = engine.build(phone)
        lay_out(window)
        _, kit_root = kit._document(phone)
        kit_png_ms = _median_ms(lambda: _kit_png(kit, phone), rounds)
        figures = {
            "dump (build, layout, XML)": (
                _median_ms(lambda: engine.screen_without_pixels(phone), rounds),
                _median_ms(lambda: kit.screen_without_pixels(phone), rounds),
            ),
            "paint": (
                _median_ms(lambda: paint(window, "15:34"), rounds),
                _median_ms(lambda: _kit_paint(kit_root, kit.theme), rounds),
            ),
            "PNG (paint + encode)": (
                _median_ms(lambda: paint(window, "15:34").png(), rounds),
                kit_png_ms,
            ),
        }
        xml_ms = _median_ms(lambda: dump(window, engine.package, "15:34"), rounds)
    print(f"{'median ms':28} {'engine':>8} {'toolkit':>8} {'ratio':>7}")
    for label, (new, old) in figures.items():
        print(f"{label:28} {new:8.2f} {old:8.2f} {new / old:7.2f}")
    print(f"{'engine XML writing alone':28} {xml_ms:8.2f}")
    paint_ms, dump_ms = figures["paint"][0], figures["dump (build, layout, XML)"][0]
    print(
        f"targets: paint {paint_ms:.1f} ms (<= {TARGET_PAINT_MS:.0f}: "
        f"{'met' if paint_ms <= TARGET_PAINT_MS else 'missed'}), dump {dump_ms:.2f} ms "
        f"(<= {TARGET_DUMP_MS:.0f}: {'met' if dump_ms <= TARGET_DUMP_MS else 'missed'})"
    )


if __name__ == "__main__":
    main()
