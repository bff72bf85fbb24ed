"""The Camera app on the virtual phone: a preview with the shutter, and photo and video
modes; a capture saves a file as the camera does.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from droidhub.virtual.appmodel import PIXEL_6, Intent, Screen, VirtualApp
from droidhub_aw_apps.camera.model import (
    ACTIVITY,
    PACKAGE,
    PHOTOS,
    VIDEOS,
    jpeg_bytes,
    mp4_bytes,
)
from droidhub_aw_apps.common.hierarchy import Node, hit, render

if TYPE_CHECKING:
    from droidhub.virtual.appmodel import VirtualPhone


class CameraApp(VirtualApp):
    """The camera: a shutter button, and a switch between photo and video mode.

    A tap on the shutter saves a photo to ``/sdcard/Pictures``; in video mode the
    first tap starts recording and the second saves a video to ``/sdcard/Movies``.
    """

    package = PACKAGE
    label = "Camera"
    activity = ACTIVITY

    def __init__(self) -> None:
        self.video_mode = False
        self.recording = False
        self.shots = 0

    def on_start(self, phone: VirtualPhone, intent: Intent) -> None:
        """A fresh start shows photo mode."""
        self.video_mode = self.recording = False

    def _nodes(self) -> list[Node]:
        if self.video_mode:
            shutter = "Stop recording" if self.recording else "Start recording"
        else:
            shutter = "Shutter"
        mid = PIXEL_6.width // 2
        return [
            Node(
                "android.view.View",
                content_desc="Camera preview",
                bounds=(0, 0, PIXEL_6.width, 1900),
            ),
            Node(
                "android.widget.ImageButton",
                content_desc=shutter,
                resource_id=f"{PACKAGE}:id/shutter_button",
                bounds=(mid - 110, 1980, mid + 110, 2200),
                clickable=True,
            ),
            Node(
                "android.widget.ImageButton",
                content_desc="Switch to photo" if self.video_mode else "Switch to video",
                resource_id=f"{PACKAGE}:id/mode_switch",
                bounds=(80, 2020, 240, 2160),
                clickable=True,
            ),
        ]

    def screen(self, phone: VirtualPhone) -> Screen:
        """The viewfinder with its buttons."""
        return Screen(hierarchy=render(PACKAGE, self._nodes()))

    def on_tap(self, phone: VirtualPhone, x: int, y: int) -> None:
        """Shutter or mode switch."""
        node = hit(self._nodes(), x, y)
        if node is None:
            return
        if node.resource_id.endswith("mode_switch") and not self.recording:
            self.video_mode = not self.video_mode
        elif node.resource_id.endswith("shutter_button"):
            self._shutter(phone)

    def _shutter(self, phone: VirtualPhone) -> None:
        stamp = phone.now().strftime("%Y%m%d_%H%M%S")
        self.shots += 1
        if not self.video_mode:
            path = phone.host_path(f"{PHOTOS}/IMG_{stamp}_{self.shots}.jpg")
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(jpeg_bytes())
        elif not self.recording:
            self.recording = True
        else:
            self.recording = False
            path = phone.host_path(f"{VIDEOS}/VID_{stamp}_{self.shots}.mp4")
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(mp4_bytes())


def virtual_apps() -> list[VirtualApp]:
    """A fresh camera model."""
    return [CameraApp()]
