"""Files tasks: delete a file, move a file, in the folders of shared storage.

Set-up fills one folder with the target and look-alike noise files (names from the
same folder's typical files, with dates and tags added). AndroidWorld's checks: the
target is gone (delete), or gone from the source and present in the destination
(move). The folders a task touches are emptied at set-up and again at tear-down, as
AndroidWorld empties the whole storage; a folder set-up had to create is removed.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from pydantic import BaseModel, ConfigDict, model_validator

from droidhub import Footprint, TaskEval
from droidhub_aw_apps.common import fake_data, storage
from droidhub_aw_apps.files.model import (
    FOLDERS,
    STORAGE_STATE,
)

if TYPE_CHECKING:
    from droidhub import Device, Env


def file_body(name: str) -> str:
    """The text a generated file holds (non-empty, so it is a real file to move)."""
    return f"droidhub sample file {name}\n"


class _FolderTask(TaskEval):
    """Empties the folders it uses at set-up and tear-down."""

    app_names = ("files",)
    difficulty = "medium"
    footprint = Footprint(writes=STORAGE_STATE)

    def _folders(self) -> list[str]:
        raise NotImplementedError

    def initialize_task(self, env: Env) -> None:
        """Note which folders exist, then empty (or create) them."""
        super().initialize_task(env)
        self._existed = {f: env.device.exists(f) for f in self._folders()}
        for folder in self._folders():
            storage.clear_folder(env.device, folder)

    def _fill(self, device: Device, folder: str, names: list[str]) -> None:
        for name in names:
            device.write_text(f"{folder}/{name}", file_body(name))

    def tear_down(self, env: Env) -> None:
        """Empty the folders; remove those set-up created."""
        for folder, existed in getattr(self, "_existed", {}).items():
            if existed:
                storage.clear_folder(env.device, folder)
            else:
                env.device.remove(folder)
        super().tear_down(env)


class DeleteParams(BaseModel):
    """The file to delete, its folder, and the names noise files are made from."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    file_name: str
    subfolder: str
    noise_candidates: list[str]

    @model_validator(mode="after")
    def _known_folder(self) -> DeleteParams:
        if self.subfolder not in fake_data.STORAGE_FOLDERS:
            raise ValueError(f"subfolder {self.subfolder!r} is not one of {', '.join(FOLDERS)}")
        return self


class FilesDeleteFile(_FolderTask):
    """Delete one file among look-alikes."""

    template = (
        "Delete the file {file_name} from the Android filesystem located in the {subfolder} "
        "folder within the sdk_gphone_x86_64 storage area."
    )
    complexity = 2.2
    tags = ("data_edit", "parameterized")
    params: DeleteParams

    @classmethod
    def generate_random_params(cls, rng: random.Random) -> DeleteParams:
        """A random folder and a random name with that folder's usual extension."""
        subfolder = rng.choice(FOLDERS)
        candidates = list(fake_data.STORAGE_FOLDERS[subfolder])
        ext = candidates[0].rpartition(".")[2]
        name = f"{fake_data.random_file_name(rng)}.{ext}"
        return DeleteParams(file_name=name, subfolder=subfolder, noise_candidates=candidates)

    @property
    def target(self) -> str:
        """Absolute path of the file to delete."""
        return storage.under_sdcard(self.params.subfolder, self.params.file_name)

    def _folders(self) -> list[str]:
        return [storage.under_sdcard(self.params.subfolder)]

    def initialize_task(self, env: Env) -> None:
        """The target and 1-20 noise files in the folder."""
        super().initialize_task(env)
        noise = fake_data.noise_file_names(
            fake_data.setup_rng(self), self.params.file_name, self.params.noise_candidates
        )
        self._fill(env.device, self._folders()[0], [self.params.file_name, *noise])

    def is_successful(self, env: Env) -> float:
        """Whether the target is gone."""
        return float(not env.device.exists(self.target))

    def oracle(self, env: Env) -> None:
        """Delete the target."""
        env.device.remove(self.target)


class MoveParams(BaseModel):
    """The file, where it is, where it goes, and the names noise files are made from."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    file_name: str
    source_folder: str
    destination_folder: str
    noise_candidates: list[str]

    @model_validator(mode="after")
    def _known_folders(self) -> MoveParams:
        for folder in (self.source_folder, self.destination_folder):
            if folder not in fake_data.STORAGE_FOLDERS:
                raise ValueError(f"folder {folder!r} is not one of {', '.join(FOLDERS)}")
        if self.source_folder == self.destination_folder:
            raise ValueError(f"source and destination are both {self.source_folder!r}")
        return self


class FilesMoveFile(_FolderTask):
    """Move one file from a folder to another."""

    template = (
        "Move the file {file_name} from {source_folder} within the sdk_gphone_x86_64 storage "
        "area to the {destination_folder} within the same sdk_gphone_x86_64 storage area in "
        "the Android filesystem."
    )
    complexity = 2.0
    tags = ("search", "screen_reading", "parameterized")
    params: MoveParams

    @classmethod
    def generate_random_params(cls, rng: random.Random) -> MoveParams:
        """Two different folders; the file is named like the destination's files and
        the noise like the source's (AndroidWorld's choice)."""
        source = rng.choice(FOLDERS)
        destination = rng.choice([f for f in FOLDERS if f != source])
        return MoveParams(
            file_name=rng.choice(fake_data.STORAGE_FOLDERS[destination]),
            source_folder=source,
            destination_folder=destination,
            noise_candidates=list(fake_data.STORAGE_FOLDERS[source]),
        )

    @property
    def source(self) -> str:
        """Absolute path of the file before the move."""
        return storage.under_sdcard(self.params.source_folder, self.params.file_name)

    @property
    def destination(self) -> str:
        """Absolute path of the file after the move."""
        return storage.under_sdcard(self.params.destination_folder, self.params.file_name)

    def _folders(self) -> list[str]:
        return [
            storage.under_sdcard(self.params.source_folder),
            storage.under_sdcard(self.params.destination_folder),
        ]

    def initialize_task(self, env: Env) -> None:
        """Noise files and the file in the source; an empty destination."""
        super().initialize_task(env)
        noise = fake_data.noise_file_names(
            fake_data.setup_rng(self), self.params.file_name, self.params.noise_candidates
        )
        self._fill(env.device, self._folders()[0], [*noise, self.params.file_name])

    def is_successful(self, env: Env) -> float:
        """Whether the file left the source and is in the destination."""
        gone = float(not env.device.exists(self.source))
        return gone * storage.PATH_EXISTS(env, path=self.destination)

    def oracle(self, env: Env) -> None:
        """Copy the file to the destination and delete the original."""
        env.device.push(env.device.pull(self.source), self.destination)
        env.device.remove(self.source)


TASKS: tuple[type[TaskEval], ...] = (FilesDeleteFile, FilesMoveFile)
