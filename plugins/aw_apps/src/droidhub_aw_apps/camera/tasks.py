"""Camera tasks: take one photo, take one video.

AndroidWorld scores these by listing ``/sdcard/Pictures`` (photos) and
``/sdcard/Movies`` (videos) before and after: exactly one new file must appear.
Set-up empties both folders and tear-down empties them again, as AndroidWorld does.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from droidhub import TaskEval
from droidhub_aw_apps.camera.model import (
    PHOTOS,
    VIDEOS,
    capture_name,
    jpeg_bytes,
    mp4_bytes,
)
from droidhub_aw_apps.common import storage
from droidhub_aw_apps.common.saved_files import EmptyFoldersTask

if TYPE_CHECKING:
    from droidhub import Device, Env


EVALUATORS = ()


class _CameraTask(EmptyFoldersTask):
    """Take one capture; the folder it must land in is set by the subclass. Set-up and
    tear-down empty the photo and video folders."""

    app_names = ("camera",)
    complexity = 1.0
    folders = (PHOTOS, VIDEOS)
    #: Folder the new capture must appear in.
    folder: ClassVar[str] = PHOTOS

    def initialize_task(self, env: Env) -> None:
        """Empty the photo and video folders and remember what is left."""
        super().initialize_task(env)
        self._before = storage.list_files(env.device, self.folder)

    def is_successful(self, env: Env) -> float:
        """Whether exactly one new file appeared in the folder."""
        return storage.NEW_FILES_IN_FOLDER(env, folder=self.folder, before=self._before)

    def _save(self, device: Device, name: str, data: bytes) -> None:
        device.push(data, f"{self.folder}/{name}")


class CameraTakePhoto(_CameraTask):
    """Exactly one new photo in ``/sdcard/Pictures``."""

    template = "Take one photo."
    folder = PHOTOS

    def oracle(self, env: Env) -> None:
        """Save a JPEG where the camera would."""
        stamp = env.device.now().strftime("%Y%m%d_%H%M%S")
        self._save(env.device, capture_name(stamp, "IMG", "jpg"), jpeg_bytes())


class CameraTakeVideo(_CameraTask):
    """Exactly one new video in ``/sdcard/Movies``."""

    template = "Take one video."
    difficulty = "medium"
    folder = VIDEOS

    def oracle(self, env: Env) -> None:
        """Save an MP4 where the camera would."""
        stamp = env.device.now().strftime("%Y%m%d_%H%M%S")
        self._save(env.device, capture_name(stamp, "VID", "mp4"), mp4_bytes())


TASKS: tuple[type[TaskEval], ...] = (CameraTakePhoto, CameraTakeVideo)
