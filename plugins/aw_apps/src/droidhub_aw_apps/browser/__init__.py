"""Chrome and the browser games of AndroidWorld's browser tasks: its data model, screens and tasks.

The package's contribution to the plugin: ``TASKS``, ``APPS``, ``EVALUATORS`` and
``virtual_apps()``, gathered by :mod:`droidhub_aw_apps.plugin`.
"""

from droidhub_aw_apps.browser.model import APPS
from droidhub_aw_apps.browser.screens import virtual_apps
from droidhub_aw_apps.browser.tasks import EVALUATORS, TASKS

__all__ = ["APPS", "EVALUATORS", "TASKS", "virtual_apps"]
