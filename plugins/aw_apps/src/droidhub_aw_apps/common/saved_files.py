"""Tasks scored by the files an app saves into shared-storage folders.

Audio Recorder, Camera, Simple Draw Pro and Simple Gallery Pro save into folders that
AndroidWorld empties before and after each task; the task's footprint is those folders.
Some of their tasks only ask for one file at a known path, which the oracle saves there.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from pydantic import BaseModel, ConfigDict

from droidhub import Footprint, StateRefs, TaskEval
from droidhub_aw_apps.common import storage

if TYPE_CHECKING:
    from droidhub import Device, Env


class NamedFileParams(BaseModel):
    """The file name to save under; ``text`` is unused (kept for AndroidWorld's schema)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    file_name: str
    text: str = ""


class EmptyFoldersTask(TaskEval):
    """Starts and ends with :attr:`folders` empty; its footprint writes those folders."""

    #: The folders the app saves into, emptied (or created) by set-up and by tear-down.
    folders: ClassVar[tuple[str, ...]] = ()

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if "folders" in cls.__dict__ and "footprint" not in cls.__dict__:
            cls.footprint = Footprint(writes=StateRefs(paths=frozenset(cls.folders)))

    def initialize_task(self, env: Env) -> None:
        """Empty the folders."""
        super().initialize_task(env)
        for folder in self.folders:
            storage.clear_folder(env.device, folder)

    def tear_down(self, env: Env) -> None:
        """Empty the folders again."""
        for folder in self.folders:
            storage.clear_folder(env.device, folder)
        super().tear_down(env)


class SavedFileTask(EmptyFoldersTask):
    """Done when a file exists at :attr:`expected`; the oracle saves
    :meth:`saved_bytes` there."""

    @property
    def expected(self) -> str:
        """The path the file must be saved at."""
        raise NotImplementedError

    def saved_bytes(self, device: Device) -> bytes:
        """What the oracle saves, as the app would save it."""
        raise NotImplementedError

    def is_successful(self, env: Env) -> float:
        """Whether a file exists at :attr:`expected`."""
        return storage.PATH_EXISTS(env, path=self.expected)

    def oracle(self, env: Env) -> None:
        """Save :meth:`saved_bytes` at :attr:`expected`."""
        env.device.push(self.saved_bytes(env.device), self.expected)
