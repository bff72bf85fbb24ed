"""App specs of apps whose whole state is their private data folder.

Most AndroidWorld apps keep what a task sets up and checks (a database, preferences)
under ``/data/data/<package>``, where only the app itself reads it. That folder is the
app's ``data_paths`` (what reset and footprints name); it is written here once.
"""

from __future__ import annotations

from droidhub import AppSpec


def private_data_dir(package: str) -> str:
    """The app's private data folder, ``/data/data/<package>``."""
    return f"/data/data/{package}"


def private_data_app(package: str, activity: str, names: tuple[str, ...], label: str) -> AppSpec:
    """The spec of an app whose state is its private data folder."""
    return AppSpec(
        package, activity, names=names, label=label, data_paths=(private_data_dir(package),)
    )
