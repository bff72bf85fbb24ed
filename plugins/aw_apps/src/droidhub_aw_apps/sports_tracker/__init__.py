"""OpenTracks, the sports tracker: its data model, screens and tasks.

The package's contribution to the plugin: ``TASKS``, ``APPS``, ``EVALUATORS`` and
``virtual_apps()``, gathered by :mod:`droidhub_aw_apps.plugin`.
"""

from droidhub_aw_apps.sports_tracker.model import APPS, EVALUATORS, TASKS, virtual_apps

__all__ = ["APPS", "EVALUATORS", "TASKS", "virtual_apps"]
