"""The Files app (shared storage): its data model, screens and tasks.

The package's contribution to the plugin: ``TASKS``, ``APPS``, ``EVALUATORS`` and
``virtual_apps()``, gathered by :mod:`droidhub_aw_apps.plugin`.
"""

from droidhub_aw_apps.files.model import APPS, EVALUATORS
from droidhub_aw_apps.files.screens import virtual_apps
from droidhub_aw_apps.files.tasks import TASKS

__all__ = ["APPS", "EVALUATORS", "TASKS", "virtual_apps"]
