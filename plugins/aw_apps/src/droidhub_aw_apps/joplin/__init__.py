"""Joplin, the notes app: its data model, its screens, its view for
information-retrieval questions, the question specs and their UI solvers.

The package's contribution to the plugin: ``TASKS``, ``APPS``, ``EVALUATORS`` and
``virtual_apps()``, gathered by :mod:`droidhub_aw_apps.plugin`.
"""

from droidhub_aw_apps.joplin.model import APPS
from droidhub_aw_apps.joplin.screens import virtual_apps

#: The app's tasks are information-retrieval questions built from its ``specs/`` (see
#: :mod:`droidhub_aw_apps.common.ir_task`); it brings no other tasks or evaluators.
TASKS: tuple[type, ...] = ()
EVALUATORS: tuple[object, ...] = ()

__all__ = ["APPS", "EVALUATORS", "TASKS", "virtual_apps"]
