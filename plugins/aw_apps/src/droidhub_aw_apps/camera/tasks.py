"""Camera tasks: take one photo, take one video.

AndroidWorld scores these by listing ``/sdcard/Pictures`` (photos) and
``/sdcard/Movies`` (videos) before and after: exactly one new file must appear.
Set-up empties both folders and tear-down empties them again, as AndroidWorld does.
"""

from __future__ import annotations

import io
from typing import TYPE_CHECKING, ClassVar

from droidhub import AppSpec, Footprint, StateRefs, TaskEval
from droidhub.virtual.appmodel import PIXEL_6, Intent, Screen, VirtualApp
from droidhub_aw_apps.common import storage
from droidhub_aw_apps.common.hierarchy import Node, hit, render

if TYPE_CHECKING:
    from droidhub import Device, Env
    from droidhub.virtual.appmodel import VirtualPhone

PACKAGE = "com.android.camera2"
ACTIVITY = "com.android.camera.CameraLauncher"
#: Where AndroidWorld looks for new photos and videos.
PHOTOS = storage.under_sdcard("Pictures")
VIDEOS = storage.under_sdcard("Movies")

APPS = (AppSpec(PACKAGE, ACTIVITY, names=("camera",), label="Camera", data_paths=(PHOTOS, VIDEOS)),)

EVALUATORS = ()


def jpeg_bytes(color: tuple[int, int, int] = (90, 140, 200)) -> bytes:
    """A small, valid JPEG image."""
    from PIL import Image

    out = io.BytesIO()
    Image.new("RGB", (64, 48), color).save(out, format="JPEG")
    return out.getvalue()


def mp4_bytes() -> bytes:
    """The start of an MP4 file (an ``ftyp`` box): enough for a file browser."""
    return b"\x00\x00\x00\x18ftypmp42\x00\x00\x00\x00mp42isom" + bytes(64)


def _capture_name(device_now: str, prefix: str, ext: str) -> str:
    return f"{prefix}_{device_now}.{ext}"


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


class _CameraTask(TaskEval):
    """Take one capture; the folder it must land in is set by the subclass."""

    app_names = ("camera",)
    complexity = 1.0
    footprint = Footprint(writes=StateRefs(paths=frozenset({PHOTOS, VIDEOS})))
    #: Folder the new capture must appear in.
    folder: ClassVar[str] = PHOTOS

    def initialize_task(self, env: Env) -> None:
        """Empty the photo and video folders and remember what is left."""
        super().initialize_task(env)
        for folder in (PHOTOS, VIDEOS):
            storage.clear_folder(env.device, folder)
        self._before = storage.list_files(env.device, self.folder)

    def is_successful(self, env: Env) -> float:
        """Whether exactly one new file appeared in the folder."""
        return storage.NEW_FILES_IN_FOLDER(env, folder=self.folder, before=self._before)

    def _save(self, device: Device, name: str, data: bytes) -> None:
        device.push(data, f"{self.folder}/{name}")

    def tear_down(self, env: Env) -> None:
        """Empty both folders again."""
        for folder in (PHOTOS, VIDEOS):
            storage.clear_folder(env.device, folder)
        super().tear_down(env)


class CameraTakePhoto(_CameraTask):
    """Exactly one new photo in ``/sdcard/Pictures``."""

    template = "Take one photo."
    folder = PHOTOS

    def oracle(self, env: Env) -> None:
        """Save a JPEG where the camera would."""
        stamp = env.device.now().strftime("%Y%m%d_%H%M%S")
        self._save(env.device, _capture_name(stamp, "IMG", "jpg"), jpeg_bytes())


class CameraTakeVideo(_CameraTask):
    """Exactly one new video in ``/sdcard/Movies``."""

    template = "Take one video."
    difficulty = "medium"
    folder = VIDEOS

    def oracle(self, env: Env) -> None:
        """Save an MP4 where the camera would."""
        stamp = env.device.now().strftime("%Y%m%d_%H%M%S")
        self._save(env.device, _capture_name(stamp, "VID", "mp4"), mp4_bytes())


TASKS: tuple[type[TaskEval], ...] = (CameraTakePhoto, CameraTakeVideo)
