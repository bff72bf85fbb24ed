"""App specs: what droidhub knows about an app a task may use."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class AppSpec:
    """An Android app as tasks and agents refer to it.

    ``names`` are the names an agent may give to ``open_app`` (matched without regard
    to case); ``activity`` is the launch component (``pkg/.MainActivity``);
    ``data_paths`` are where the app keeps its state, so reset and footprints can
    name them.
    """

    package: str
    activity: str
    names: tuple[str, ...]
    label: str = ""
    data_paths: tuple[str, ...] = field(default_factory=tuple)

    @property
    def component(self) -> str:
        """``package/activity`` as ``am start -n`` takes it."""
        if "/" in self.activity:
            return self.activity
        return f"{self.package}/{self.activity}"

    def matches(self, name: str) -> bool:
        """Whether ``name`` (case-insensitive) is one of this app's names or its package."""
        wanted = name.strip().lower()
        return wanted == self.package.lower() or wanted in (n.lower() for n in self.names)
