"""The Files app (``com.google.android.documentsui``) and the shared-storage folders
its tasks use.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from droidhub import AppSpec, StateRefs
from droidhub_aw_apps.common import fake_data, storage

if TYPE_CHECKING:
    pass


PACKAGE = "com.google.android.documentsui"
ACTIVITY = "com.android.documentsui.files.FilesActivity"
FOLDERS = tuple(fake_data.STORAGE_FOLDERS)

APPS = (AppSpec(PACKAGE, ACTIVITY, names=("files",), label="Files"),)

EVALUATORS = storage.EVALUATORS

#: Any top-level folder of shared storage may be the one a task fills.
STORAGE_STATE = StateRefs(paths=frozenset(storage.under_sdcard(f) for f in FOLDERS))


#: What the Files app calls shared storage on AndroidWorld's emulator.
STORAGE_LABEL = "sdk_gphone_x86_64"
