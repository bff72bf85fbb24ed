"""The Camera app: its data model, screens and tasks.

The package's contribution to the plugin: ``TASKS``, ``APPS`` and ``EVALUATORS``, and
its ``screens`` module's ``virtual_apps()``, gathered by :mod:`droidhub_aw_apps.plugin`.
"""

from droidhub_aw_apps.camera.model import APPS
from droidhub_aw_apps.camera.tasks import EVALUATORS, TASKS

__all__ = ["APPS", "EVALUATORS", "TASKS"]
