"""What the screen shows: ``screencap``, ``uiautomator dump``, ``wm size|density``."""

from __future__ import annotations

import io
import struct

from PIL import Image

from droidhub.android.phone import PIXEL_6, canonical_path
from droidhub.virtual.commands.invocation import Invocation, command
from droidhub.virtual.screen import current_screen
from droidhub.virtual.widgets.xml_paint import screen_png

WIDTH, HEIGHT = PIXEL_6.size
DENSITY = PIXEL_6.density


@command("screencap")
def screencap(inv: Invocation) -> int:
    """``screencap [-p] [FILE]``: PNG with ``-p`` or a ``.png`` file, else raw RGBA."""
    args = [a for a in inv.args]
    png = "-p" in args
    while "-d" in args:
        at = args.index("-d")
        del args[at : at + 2]
    targets = [a for a in args if not a.startswith("-")]
    app = inv.phone.app(inv.phone.foreground_package)
    clock = f"{inv.phone.now():%H:%M}"
    data = screen_png(current_screen(inv.phone), getattr(app, "theme", None), clock)
    if targets:
        host = inv.host(targets[0])
        if not host.parent.is_dir():
            inv.eprint(f"Error opening file: {targets[0]} (No such file or directory)")
            return 1
        if not (png or targets[0].endswith(".png")):
            data = _raw(data)
        host.write_bytes(data)
        inv.phone.stamp(host)
        inv.phone.transient_paths.add(canonical_path(inv.path(targets[0])))
        return 0
    inv.out.write(data if png else _raw(data))
    return 0


def _raw(png: bytes) -> bytes:
    # Android 12+ raw format: width, height, pixel format (1 = RGBA_8888), dataspace (sRGB).
    image = Image.open(io.BytesIO(png)).convert("RGBA")
    return struct.pack("<IIII", image.width, image.height, 1, 0x8C20000) + image.tobytes()


@command("uiautomator")
def uiautomator(inv: Invocation) -> int:
    """``uiautomator dump [--compressed] [FILE]`` (default /sdcard/window_dump.xml)."""
    args = [a for a in inv.args if a != "--compressed"]
    if not args or args[0] != "dump":
        inv.eprint("Usage: uiautomator <subcommand> [options]")
        return 1
    target = args[1] if len(args) > 1 else "/sdcard/window_dump.xml"
    xml = current_screen(inv.phone, pixels=False).hierarchy
    if target in ("/dev/tty", "/dev/stdout"):
        inv.out.write(xml.encode("utf-8"))
        inv.print("UI hierchary dumped to: /dev/tty")
        return 0
    host = inv.host(target)
    if not host.parent.is_dir():
        inv.eprint(f"ERROR: could not write to {target}: No such file or directory")
        return 1
    host.write_text(xml, encoding="utf-8")
    inv.phone.stamp(host)
    inv.phone.transient_paths.add(canonical_path(inv.path(target)))
    inv.print(f"UI hierchary dumped to: {target}")
    return 0


@command("wm")
def wm(inv: Invocation) -> int:
    """``wm size`` / ``wm density`` (reading only; resetting is accepted)."""
    verb = inv.args[0] if inv.args else ""
    extra = inv.args[1:]
    if verb == "size":
        if not extra:
            inv.print(f"Physical size: {WIDTH}x{HEIGHT}")
        return 0
    if verb == "density":
        if not extra:
            inv.print(f"Physical density: {DENSITY}")
        return 0
    inv.eprint(f"Unknown command: {verb}")
    return 255
