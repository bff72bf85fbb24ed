"""Android's system settings and launcher: its data model, screens and tasks (Wi-Fi,
Bluetooth, brightness, opening an app).

The package's contribution to the plugin: ``TASKS``, ``APPS`` and ``EVALUATORS``, and
its ``screens`` module's ``virtual_apps()``, gathered by :mod:`droidhub_aw_apps.plugin`.
"""

from droidhub_aw_apps.system.model import APPS
from droidhub_aw_apps.system.tasks import EVALUATORS, TASKS

__all__ = ["APPS", "EVALUATORS", "TASKS"]
