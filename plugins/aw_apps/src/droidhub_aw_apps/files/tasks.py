"""Files tasks: delete a file, move a file, in the folders of shared storage.

Set-up fills one folder with the target and look-alike noise files (names from the
same folder's typical files, with dates and tags added). AndroidWorld's checks: the
target is gone (delete), or gone from the source and present in the destination
(move). The folders a task touches are emptied at set-up and again at tear-down, as
AndroidWorld empties the whole storage; a folder set-up had to create is removed.
"""

from __future__ import annotations

import random
import shutil
from typing import TYPE_CHECKING

from pydantic import BaseModel, ConfigDict, model_validator

from droidhub import AppSpec, Footprint, StateRefs, TaskEval
from droidhub.virtual.appmodel import Intent, Screen, VirtualApp
from droidhub_aw_apps.common import fake_data, storage
from droidhub_aw_apps.common.hierarchy import (
    Node,
    bottom_buttons,
    folder_entries,
    hit,
    list_item,
    render,
    toolbar,
)
from droidhub_aw_apps.common.keys import KEY_BACK

if TYPE_CHECKING:
    from droidhub import Device, Env
    from droidhub.virtual.appmodel import VirtualPhone

PACKAGE = "com.google.android.documentsui"
ACTIVITY = "com.android.documentsui.files.FilesActivity"
FOLDERS = tuple(fake_data.STORAGE_FOLDERS)

APPS = (AppSpec(PACKAGE, ACTIVITY, names=("files",), label="Files"),)

EVALUATORS = storage.EVALUATORS

#: Any top-level folder of shared storage may be the one a task fills.
STORAGE_STATE = StateRefs(paths=frozenset(storage.under_sdcard(f) for f in FOLDERS))


#: What the Files app calls shared storage on AndroidWorld's emulator.
STORAGE_LABEL = "sdk_gphone_x86_64"
_ROWS = 12
_ROW_HEIGHT = 140
_LONG_PRESS_MS = 500
#: The browser web pages open in (package, activity).
_CHROME = ("com.android.chrome", "com.google.android.apps.chrome.Main")


class FilesApp(VirtualApp):
    """The Files app (DocumentsUI) over the phone's shared storage.

    It lists a folder (folders first, 12 rows; swipe to scroll); a tap opens a folder,
    a long press selects an item, and taps then add or remove items. With a selection,
    ``Delete`` removes it and ``Move to`` lets the user open the destination folder
    and press ``Move``. ``Navigate up`` goes to the parent folder. Back drops the
    selection or goes up a folder, but the phone then also closes the app (its BACK
    always finishes the front activity), so agents use ``Navigate up``.
    """

    package = PACKAGE
    label = "Files"
    activity = ACTIVITY

    def __init__(self) -> None:
        self.folder = storage.SDCARD
        self.offset = 0
        self.selected: set[str] = set()
        self.moving: list[str] = []

    def on_start(self, phone: VirtualPhone, intent: Intent) -> None:
        """A launch shows the storage root."""
        self.folder, self.offset, self.selected, self.moving = storage.SDCARD, 0, set(), []

    def _entries(self, phone: VirtualPhone) -> list[tuple[str, bool]]:
        return folder_entries(phone.host_path(self.folder))

    def _nodes(self, phone: VirtualPhone) -> list[Node]:
        title = STORAGE_LABEL if self.folder == storage.SDCARD else self.folder.rsplit("/", 1)[1]
        if self.selected:
            title = f"{len(self.selected)} selected"
        nodes = toolbar(title, self.folder != storage.SDCARD)
        entries = self._entries(phone)[self.offset : self.offset + _ROWS]
        for i, (name, is_dir) in enumerate(entries):
            nodes.append(
                list_item(
                    300 + i * _ROW_HEIGHT,
                    _ROW_HEIGHT,
                    name,
                    f"{PACKAGE}:id/item_root",
                    "android:id/title",
                    content_desc="Folder" if is_dir else "",
                    selected=name in self.selected,
                )
            )
        actions = (
            ["Delete", "Move to"] if self.selected else (["Move", "Cancel"] if self.moving else [])
        )
        return nodes + bottom_buttons(actions)

    def screen(self, phone: VirtualPhone) -> Screen:
        """The folder listing."""
        return Screen(hierarchy=render(PACKAGE, self._nodes(phone)))

    def _item_at(self, phone: VirtualPhone, x: int, y: int) -> tuple[str, bool] | None:
        node = hit(self._nodes(phone), x, y)
        if node is None or not node.resource_id.endswith("item_root"):
            return None
        name = node.children[0].text
        return name, node.content_desc == "Folder"

    def on_tap(self, phone: VirtualPhone, x: int, y: int) -> None:
        """Open a folder, change the selection, or run an action."""
        node = hit(self._nodes(phone), x, y)
        if node is None:
            return
        if node.content_desc == "Navigate up":
            self.folder, self.offset, self.selected = self.folder.rsplit("/", 1)[0], 0, set()
            return
        if node.text in ("Delete", "Move to", "Move", "Cancel"):
            self._action(phone, node.text)
            return
        item = self._item_at(phone, x, y)
        if item is None:
            return
        name, is_dir = item
        if self.selected:
            self.selected ^= {name}
        elif is_dir:
            self.folder, self.offset = f"{self.folder}/{name}", 0
        elif name.endswith((".html", ".htm")) and _CHROME[0] in phone.packages():
            # Opening a web page hands it to Chrome, as "open with Chrome" does.
            view = Intent(action="android.intent.action.VIEW", data=f"file://{self.folder}/{name}")
            phone.start(*_CHROME, view)

    def _action(self, phone: VirtualPhone, action: str) -> None:
        if action == "Delete":
            for name in self.selected:
                target = phone.host_path(f"{self.folder}/{name}")
                if target.is_dir():
                    shutil.rmtree(target)
                else:
                    target.unlink(missing_ok=True)
            self.selected = set()
        elif action == "Move to":
            self.moving = [f"{self.folder}/{name}" for name in sorted(self.selected)]
            self.selected = set()
        elif action == "Move":
            for source in self.moving:
                # A folder cannot go into itself or below itself (the real app refuses
                # too), and an item moved to where it already is stays put.
                if self.folder == source or self.folder.startswith(source + "/"):
                    continue
                destination = phone.host_path(f"{self.folder}/{source.rsplit('/', 1)[1]}")
                if destination == phone.host_path(source):
                    continue
                shutil.move(phone.host_path(source), destination)
            self.moving = []
        elif action == "Cancel":
            self.moving = []

    def on_swipe(
        self, phone: VirtualPhone, x1: int, y1: int, x2: int, y2: int, duration_ms: int
    ) -> None:
        """A long press selects an item; a vertical swipe scrolls."""
        if (x1, y1) == (x2, y2) and duration_ms >= _LONG_PRESS_MS:
            item = self._item_at(phone, x1, y1)
            if item is not None and not self.moving:
                self.selected.add(item[0])
        elif abs(y2 - y1) > abs(x2 - x1):
            step = (y1 - y2) // _ROW_HEIGHT
            most = max(0, len(self._entries(phone)) - _ROWS)
            self.offset = min(most, max(0, self.offset + step))

    def on_key(self, phone: VirtualPhone, keycode: str) -> None:
        """Back drops the selection or goes up a folder."""
        if keycode not in KEY_BACK:
            return
        if self.selected:
            self.selected = set()
        elif self.folder != storage.SDCARD:
            self.folder, self.offset = self.folder.rsplit("/", 1)[0], 0


def virtual_apps() -> list[VirtualApp]:
    """A fresh Files model."""
    return [FilesApp()]


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
    Params = DeleteParams
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
    Params = MoveParams
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
