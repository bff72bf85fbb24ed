"""``screencap`` of a MiniWoB page is exactly the phone's screen (PIXEL_6, 1080x2400),
read by the stock ``adb`` client, whatever whole-pixel size Chromium makes of the
fractional clip (411.43 x 914.29 CSS px at density 2.625)."""

from __future__ import annotations

import io
import shutil
import subprocess
from typing import TYPE_CHECKING

import pytest
from PIL import Image

from droidhub.android.phone import PIXEL_6
from droidhub.virtual.pytest_plugin import stock_adb_env
from droidhub_miniwob import plugin, webview
from droidhub_miniwob.screenshot import fit_png, png_size

if TYPE_CHECKING:
    from droidhub import Device, Env
    from droidhub.virtual.appmodel import VirtualPhone
    from droidhub.virtual.server import VirtualDeviceServer

#: The page's grey background (#555) outside the task area.
GREY = (85, 85, 85)
#: The gesture navigation bar below the WebView (js/phone_window.html).
NAVIGATION_BAR = (0, 0, 0)


def _png(size: tuple[int, int], colour: tuple[int, int, int]) -> bytes:
    out = io.BytesIO()
    Image.new("RGB", size, colour).save(out, format="PNG")
    return out.getvalue()


def test_a_png_of_the_right_size_is_passed_through_byte_for_byte() -> None:
    png = _png(PIXEL_6.size, GREY)
    assert png_size(png) == (1080, 2400)
    assert fit_png(png, PIXEL_6.size) is png


def test_a_short_png_is_extended_with_its_edge_and_a_long_one_cut() -> None:
    short = Image.new("RGB", (1079, 2399), GREY)
    short.putpixel((1078, 10), (255, 0, 0))  # the last column: repeated to its right
    short.putpixel((10, 2398), (0, 0, 255))  # the last row: repeated below
    buffer = io.BytesIO()
    short.save(buffer, format="PNG")
    fitted = Image.open(io.BytesIO(fit_png(buffer.getvalue(), PIXEL_6.size)))
    assert fitted.size == PIXEL_6.size
    assert fitted.getpixel((1079, 10)) == (255, 0, 0)
    assert fitted.getpixel((10, 2399)) == (0, 0, 255)
    assert fitted.getpixel((1079, 2399)) == GREY
    long = Image.open(io.BytesIO(fit_png(_png((1082, 2402), GREY), PIXEL_6.size)))
    assert long.size == PIXEL_6.size


def test_png_size_refuses_what_is_no_png() -> None:
    with pytest.raises(ValueError, match="not a PNG"):
        png_size(b"GIF89a" + bytes(30))


@pytest.fixture(scope="module")
def loaded(
    virtual_server: VirtualDeviceServer,
    phone_device: tuple[Device, VirtualPhone],
    miniwob_env: Env,
) -> tuple[int, str]:
    """The server's port and the phone's serial, with click-test's page shown."""
    cls = plugin.miniwob_subset_family().get("click-test")
    cls({"seed": 1}).initialize_task(miniwob_env)
    return virtual_server.port, phone_device[0].serial


def _stock_screencap(port: int, serial: str) -> Image.Image:
    adb = shutil.which("adb")
    if adb is None:
        pytest.skip("the stock adb client is not on PATH (Debian/Ubuntu: apt-get install adb)")
    result = subprocess.run(
        [adb, "-P", str(port), "-s", serial, "exec-out", "screencap", "-p"],
        stdin=subprocess.DEVNULL,
        capture_output=True,
        timeout=60,
        env=stock_adb_env(port),
        check=False,
    )
    assert result.returncode == 0, result.stderr.decode()
    image = Image.open(io.BytesIO(result.stdout))
    image.load()
    return image.convert("RGB")


@pytest.mark.browser
@pytest.mark.adb
def test_screencap_over_stock_adb_is_exactly_the_phone_screen(loaded: tuple[int, str]) -> None:
    image = _stock_screencap(*loaded)
    assert image.size == PIXEL_6.size == (1080, 2400)
    # The last column and row hold the screen, not padding: the navigation bar at the
    # bottom, the page's grey background in the WebView's last row above it.
    assert image.getpixel((1079, 2399)) == NAVIGATION_BAR
    assert image.getpixel((1079, 2336)) == GREY
    assert image.getpixel((1079, 2337)) == NAVIGATION_BAR


@pytest.mark.browser
@pytest.mark.adb
@pytest.mark.parametrize(
    ("css_width", "css_height"),
    [
        (411, 914),  # what a Chromium that rounds the product down captures: 1079x2399
        (412, 915),  # the whole viewport, one that rounds up: 1082x2402
    ],
)
def test_screencap_is_the_phone_screen_whatever_size_chromium_captures(
    loaded: tuple[int, str],
    monkeypatch: pytest.MonkeyPatch,
    css_width: int,
    css_height: int,
) -> None:
    clip = {"x": 0, "y": 0, "width": css_width, "height": css_height, "scale": 1}
    monkeypatch.setitem(webview.SCREENSHOT_PARAMS, "clip", clip)
    image = _stock_screencap(*loaded)
    assert image.size == (1080, 2400)
    assert image.getpixel((1079, 2399)) == NAVIGATION_BAR
    assert image.getpixel((1079, 2336)) == GREY
