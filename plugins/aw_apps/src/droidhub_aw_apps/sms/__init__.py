"""Simple SMS Messenger: its data model, screens and tasks.

The package's contribution to the plugin: ``TASKS``, ``APPS``, ``EVALUATORS`` and
``virtual_apps()``, gathered by :mod:`droidhub_aw_apps.plugin`.
"""

from droidhub_aw_apps.sms.model import APPS
from droidhub_aw_apps.sms.screens import virtual_apps
from droidhub_aw_apps.sms.tasks import EVALUATORS, TASKS

__all__ = ["APPS", "EVALUATORS", "TASKS", "virtual_apps"]
