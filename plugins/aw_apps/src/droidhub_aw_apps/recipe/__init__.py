"""Broccoli, the recipe app: its data model, screens and tasks.

The package's contribution to the plugin: ``TASKS``, ``APPS``, ``EVALUATORS`` and
``virtual_apps()``, gathered by :mod:`droidhub_aw_apps.plugin`.
"""

from droidhub_aw_apps.recipe.model import APPS
from droidhub_aw_apps.recipe.screens import virtual_apps
from droidhub_aw_apps.recipe.tasks import EVALUATORS, TASKS

__all__ = ["APPS", "EVALUATORS", "TASKS", "virtual_apps"]
