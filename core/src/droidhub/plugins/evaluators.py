"""Named, reusable evaluators: checks of device state that yield a reward in [0, 1].

Plugins contribute evaluators through the ``droidhub_evaluators`` hook; tasks and
data-defined task specs use them by name::

    from droidhub import evaluators
    reward = evaluators.get("setting_equals")(env, namespace="global", key="wifi_on", value="1")

The type and droidhub's own checks live in :mod:`droidhub.tasks.state_checks`; this module adds
the lookup by name, which needs the plugins' contributions.
"""

from __future__ import annotations

from droidhub.tasks.state_checks import (
    BUILTIN,
    Evaluator,
    answer_matches,
    app_in_foreground,
    file_absent,
    file_has_content,
    normalize_answer,
    setting_equals,
    sqlite_rows_absent,
    sqlite_rows_exist,
)


def get(name: str) -> Evaluator:
    """The evaluator registered as ``name``, or a clear error with a suggestion."""
    from droidhub.plugins import catalog

    return catalog.evaluator(name)


__all__ = [
    "BUILTIN",
    "Evaluator",
    "answer_matches",
    "app_in_foreground",
    "file_absent",
    "file_has_content",
    "get",
    "normalize_answer",
    "setting_equals",
    "sqlite_rows_absent",
    "sqlite_rows_exist",
]
