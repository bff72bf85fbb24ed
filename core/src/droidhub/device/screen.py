"""What a phone's screen shows, read through a :class:`Device`: the ``screencap -p`` PNG
(checked, and decoded when the pixels are wanted) and the ``uiautomator dump`` hierarchy
(retried while the screen settles, and cut out of what the shell printed around it)."""

from __future__ import annotations

import io
import time
from typing import TYPE_CHECKING

from droidhub.device.quoting import quote
from droidhub.device.transport import DeviceError

if TYPE_CHECKING:
    from PIL import Image

    from droidhub.device.client import Device

#: The first bytes of every PNG file.
_PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
_HIERARCHY_END = "</hierarchy>"
#: Where ``uiautomator dump`` writes, read back and removed by the same command.
_UI_DUMP = "/sdcard/window_dump.xml"


def screencap_png(device: Device) -> bytes:
    """The screen as the PNG bytes ``screencap -p`` sends, untouched."""
    png = device.exec_out(["screencap", "-p"])
    if not png.startswith(_PNG_SIGNATURE):
        raise DeviceError(f"screencap -p on {device.serial} returned no PNG: {png[:120]!r}")
    return png


def screencap_image(device: Device) -> Image.Image:
    """The screen as a decoded PIL image; DeviceError when the PNG does not decode."""
    from PIL import Image, UnidentifiedImageError

    png = screencap_png(device)
    try:
        image = Image.open(io.BytesIO(png))
        image.load()
    except (UnidentifiedImageError, OSError) as exc:
        raise DeviceError(
            f"screencap -p on {device.serial} returned no image ({exc}): {png[:120]!r}"
        ) from None
    return image


def uiautomator_dump(device: Device, then: str = "") -> tuple[str, str]:
    """The hierarchy XML of ``uiautomator dump``, and what the shell printed after it
    when ``then`` (more commands, e.g. ``"; dumpsys window"``) follows the dump.

    Dump, read and delete the dump file in one command, so nothing is left on the
    phone. uiautomator sometimes fails while the screen is changing ("could not get
    idle state", "null root node"): it is tried three times.
    """
    path = quote(_UI_DUMP)
    command = f"uiautomator dump {path} && cat {path} && rm {path}{then}"
    last = ""
    for attempt in range(3):
        output = device.run(command).output
        start = output.find("<?xml")
        if start < 0:
            start = output.find("<hierarchy")
        end = output.find(_HIERARCHY_END, max(start, 0))
        if start >= 0 and end >= 0:
            end += len(_HIERARCHY_END)
            return output[start:end], output[end:]
        last = output.strip()
        time.sleep(0.2 * (attempt + 1))
    raise DeviceError(f"uiautomator dump on {device.serial} failed: {last or '(no output)'}")
