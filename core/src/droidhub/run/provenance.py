"""What ``run.json`` records of the software a run used: the versions of droidhub,
Python and every plugin, and when the run was made."""

from __future__ import annotations

import datetime as dt
import platform
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from droidhub.plugins.manager import PluginManager


def describe_environment(pm: PluginManager) -> dict[str, Any]:
    """Versions for ``run.json``: droidhub, Python and every plugin."""
    from droidhub import __version__

    return {
        "droidhub_version": __version__,
        "python_version": platform.python_version(),
        "plugins": {p.distribution: p.version for p in pm.plugins.values()},
        "created": dt.datetime.now(dt.UTC).isoformat(timespec="seconds"),
    }
