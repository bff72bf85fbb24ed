"""The Files app (shared storage): its data model, screens and tasks.

The package's contribution to the plugin: ``TASKS``, ``APPS`` and ``EVALUATORS``, and
its ``screens`` module's ``virtual_apps()``, gathered by :mod:`droidhub_aw_apps.plugin`.
"""

from droidhub_aw_apps.files.model import APPS, EVALUATORS
from droidhub_aw_apps.files.tasks import TASKS

__all__ = ["APPS", "EVALUATORS", "TASKS"]
