"""Markor, the Markdown notebook: its data model, screens and tasks.

- :mod:`~droidhub_aw_apps.markor.model`: paths, reading and writing notes, the app spec;
- :mod:`~droidhub_aw_apps.markor.layouts`: Markor 2.11.1's layouts as view trees;
- :mod:`~droidhub_aw_apps.markor.screens`: the file browser, its dialogs, the editor and
  the settings on the view engine, bound from the phone's files;
- :mod:`~droidhub_aw_apps.markor.evaluators`: note text and folder checks;
- :mod:`~droidhub_aw_apps.markor.tasks`, :mod:`~droidhub_aw_apps.markor.text_tasks`:
  the tasks on notes and folders, and on a note's text.

The package's contribution to the plugin: ``TASKS``, ``APPS`` and ``EVALUATORS``, and
its ``screens`` module's ``virtual_apps()``, gathered by :mod:`droidhub_aw_apps.plugin`.
"""

from droidhub import TaskEval
from droidhub_aw_apps.markor.evaluators import EVALUATORS
from droidhub_aw_apps.markor.model import APPS
from droidhub_aw_apps.markor.tasks import (
    MarkorCreateFolder,
    MarkorDeleteAllNotes,
    MarkorDeleteNewestNote,
    MarkorDeleteNote,
    MarkorEditNote,
    MarkorMoveNote,
)
from droidhub_aw_apps.markor.text_tasks import (
    MarkorAddNoteHeader,
    MarkorChangeNoteContent,
    MarkorCreateNote,
    MarkorCreateNoteFromClipboard,
    MarkorMergeNotes,
    MarkorTranscribeReceipt,
    MarkorTranscribeVideo,
)

TASKS: tuple[type[TaskEval], ...] = (
    MarkorAddNoteHeader,
    MarkorChangeNoteContent,
    MarkorCreateFolder,
    MarkorCreateNote,
    MarkorCreateNoteFromClipboard,
    MarkorDeleteAllNotes,
    MarkorDeleteNewestNote,
    MarkorDeleteNote,
    MarkorEditNote,
    MarkorMergeNotes,
    MarkorMoveNote,
    MarkorTranscribeReceipt,
    MarkorTranscribeVideo,
)

__all__ = ["APPS", "EVALUATORS", "TASKS"]
