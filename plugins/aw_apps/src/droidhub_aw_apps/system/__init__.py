"""Android's system settings and launcher: its data model, screens and tasks (Wi-Fi,
Bluetooth, brightness, opening an app).

The package's contribution to the plugin: ``TASKS``, ``APPS``, ``EVALUATORS`` and
``virtual_apps()``, gathered by :mod:`droidhub_aw_apps.plugin`.
"""

from droidhub_aw_apps.system.model import APPS
from droidhub_aw_apps.system.screens import virtual_apps
from droidhub_aw_apps.system.tasks import EVALUATORS, TASKS

__all__ = ["APPS", "EVALUATORS", "TASKS", "virtual_apps"]
