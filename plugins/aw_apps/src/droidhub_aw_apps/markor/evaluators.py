"""The evaluators of Markor's tasks, scored from the note files exactly as AndroidWorld
does: ``cat`` the file, drop carriage returns, strip, compare with a 0.9 similarity ratio
unless the task asks for an exact match.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from droidhub import Evaluator
from droidhub_aw_apps.common import fuzzy
from droidhub_aw_apps.markor.model import (
    file_mtimes,
    read_note,
    storage_files,
)

if TYPE_CHECKING:
    from droidhub import Env


# --- evaluators -------------------------------------------------------------------------


def file_text_similar(env: Env, path: str, text: str) -> float:
    """1.0 when ``path`` exists and its stripped text matches ``text`` up to small typos
    (AndroidWorld's ``CreateFile`` check)."""
    found = read_note(env.device, path)
    return 1.0 if found is not None and fuzzy.similar(found.strip(), text) else 0.0


def file_text_exact(env: Env, path: str, text: str) -> float:
    """1.0 when ``path`` holds exactly ``text`` (carriage returns aside)."""
    return 1.0 if read_note(env.device, path) == text else 0.0


def folder_files_are(env: Env, folder: str, files: dict[str, int]) -> float:
    """1.0 when the regular files directly in ``folder`` are exactly ``files``
    (name -> modification time in Unix seconds), none added, removed or touched."""
    return 1.0 if file_mtimes(env.device, folder) == files else 0.0


def folder_has_no_files(env: Env, folder: str) -> float:
    """1.0 when no regular file is left directly in ``folder`` (subfolders may stay)."""
    return 0.0 if storage_files(env.device, folder) else 1.0


FILE_TEXT_SIMILAR = Evaluator(
    "file_text_similar", "a file exists and its text matches (up to small typos)", file_text_similar
)
FILE_TEXT_EXACT = Evaluator("file_text_exact", "a file holds exactly a text", file_text_exact)
FOLDER_FILES_ARE = Evaluator(
    "folder_files_are",
    "a folder's files are exactly the given names with unchanged modification times",
    folder_files_are,
)
FOLDER_HAS_NO_FILES = Evaluator(
    "folder_has_no_files", "no regular file is left in a folder", folder_has_no_files
)

EVALUATORS = (FILE_TEXT_SIMILAR, FILE_TEXT_EXACT, FOLDER_FILES_ARE, FOLDER_HAS_NO_FILES)
