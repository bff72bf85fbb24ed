"""The clipboard, read and written through Clipper's broadcasts as AndroidWorld does:
its model and the evaluator that checks it.

The package's contribution to the plugin: ``TASKS``, ``APPS``, ``EVALUATORS`` and
``virtual_apps()``, gathered by :mod:`droidhub_aw_apps.plugin`.
"""

from droidhub_aw_apps.clipboard.model import APPS, EVALUATORS, virtual_apps

#: The clipboard is a service other apps' tasks use; it has no tasks of its own.
TASKS: tuple[type, ...] = ()

__all__ = ["APPS", "EVALUATORS", "TASKS", "virtual_apps"]
