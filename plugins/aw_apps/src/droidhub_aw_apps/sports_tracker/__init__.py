"""OpenTracks, the sports tracker: its data model, its screens, and the specs of the
information-retrieval questions asked about it with their UI solvers. It gives the
plugin ``APPS``, and its ``screens`` module ``virtual_apps()``;
:mod:`droidhub_aw_apps.common.ir_task` makes
the questions into tasks.
"""

from droidhub_aw_apps.sports_tracker.model import APPS

__all__ = ["APPS"]
