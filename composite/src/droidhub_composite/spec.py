"""Composites as data: TOML files that list composites by sub-task names.

.. code-block:: toml

    [[composite]]
    name = "MarkorCreateNoteAndSms"
    tasks = ["android_world/MarkorCreateNote", "android_world/SimpleSmsSend"]
    aliases = ["note", "sms"]
    links = ["sms.message = note.text"]
    goal = "Create a note named {note.file_name} ... to {sms.number} via SMS"
    difficulty = "hard"            # optional: defaults to the hardest sub-task's
    complexity = 1.8               # optional: defaults to the sub-tasks' sum (budget 10x)
    tags = ["multi_app"]           # optional: added to "composite" and the sub-tasks' tags
    flat_params = ["note.file_name", "note.text", "sms.number"]  # optional: params flat
"""

from __future__ import annotations

import random
import re
import tomllib
from collections.abc import Iterable, Sequence
from pathlib import Path

from pydantic import BaseModel, ConfigDict, ValidationError, field_validator

from droidhub import Registry, TaskEval, UnknownTaskError
from droidhub.tasks.names import MAX_NAME_LENGTH, name_problem, quote_name
from droidhub_composite.compose import (
    CompositeTask,
    CompositionError,
    Link,
    compose,
    default_name,
    find_conflicts,
)


class CompositeSpec(BaseModel):
    """One composite in a spec file."""

    model_config = ConfigDict(extra="forbid")

    name: str
    tasks: list[str]
    aliases: list[str] | None = None
    links: list[str] = []
    goal: str = ""
    description: str = ""
    difficulty: str | None = None
    complexity: float | None = None
    tags: list[str] = []
    flat_params: list[str] | None = None

    @field_validator("name")
    @classmethod
    def _name_is_identifier(cls, value: str) -> str:
        # A class name, and a folder of every run: so an ASCII identifier (no '-' or
        # '.') that keeps droidhub's name rule (at most 128 characters).
        if not (value.isidentifier() and value.isascii()) or name_problem(value):
            raise ValueError(
                f"composite name {quote_name(value)} must be ASCII letters, digits and _, "
                f"not starting with a digit, at most {MAX_NAME_LENGTH} characters"
            )
        return value

    @field_validator("tasks")
    @classmethod
    def _two_or_more(cls, value: list[str]) -> list[str]:
        if len(value) < 2:
            raise ValueError(f"a composite needs at least two tasks, got {value}")
        return value

    def build(self, registry: Registry) -> type[CompositeTask]:
        """The composite task class, with its sub-tasks looked up in ``registry``."""
        subtasks = [registry.task(name) for name in self.tasks]
        cls = compose(
            subtasks,
            name=self.name,
            aliases=self.aliases,
            links=[Link.parse(link.replace(" ", "")) for link in self.links],
            goal=self.goal,
            description=self.description,
            flat_params=self.flat_params,
        )
        if self.difficulty:
            cls.difficulty = self.difficulty
        if self.complexity is not None:
            cls.complexity = self.complexity
        if self.tags:
            cls.tags = tuple(dict.fromkeys([*cls.tags, *self.tags]))
        return cls

    def to_toml(self) -> str:
        """This spec as a ``[[composite]]`` TOML table."""
        lines = ["[[composite]]", f"name = {_toml_str(self.name)}"]
        lines.append("tasks = [" + ", ".join(_toml_str(t) for t in self.tasks) + "]")
        if self.aliases:
            lines.append("aliases = [" + ", ".join(_toml_str(a) for a in self.aliases) + "]")
        if self.links:
            lines.append("links = [" + ", ".join(_toml_str(link) for link in self.links) + "]")
        for key in ("goal", "description", "difficulty"):
            value = getattr(self, key)
            if value:
                lines.append(f"{key} = {_toml_str(value)}")
        if self.complexity is not None:
            lines.append(f"complexity = {self.complexity!r}")
        if self.tags:
            lines.append("tags = [" + ", ".join(_toml_str(t) for t in self.tags) + "]")
        if self.flat_params is not None:
            kept = ", ".join(_toml_str(f) for f in self.flat_params)
            lines.append(f"flat_params = [{kept}]")
        return "\n".join(lines) + "\n"


def _toml_str(value: str) -> str:
    escaped = value.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n")
    return f'"{escaped}"'


class SpecFileError(ValueError):
    """A composite spec file that cannot be read; the message names the file and entry."""


def load_specs(path: Path) -> list[CompositeSpec]:
    """Read every ``[[composite]]`` of a TOML file, validating each entry."""
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise SpecFileError(f"cannot read composite specs from {path}: {exc}") from exc
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        # tomllib says "(at line N, column M)" or "(at end of document)"; lead with the
        # line as path:line, the form editors and terminals jump to.
        found = re.search(r"\(at line (\d+), column \d+\)", str(exc))
        line = found.group(1) if found else str(max(1, len(text.splitlines())))
        raise SpecFileError(f"{path}:{line}: not valid TOML: {exc}") from exc
    unknown = set(data) - {"composite"}
    if unknown:
        raise SpecFileError(
            f"{path}: unknown top-level key(s) {', '.join(sorted(unknown))}; "
            "write each composite as a [[composite]] table"
        )
    specs = []
    for index, entry in enumerate(data.get("composite", [])):
        try:
            specs.append(CompositeSpec.model_validate(entry))
        except ValidationError as exc:
            label = entry.get("name", f"#{index + 1}") if isinstance(entry, dict) else index
            problems = "; ".join(
                f"{'.'.join(str(p) for p in e['loc']) or 'entry'}: {e['msg']}" for e in exc.errors()
            )
            line = _table_line(path, index)
            raise SpecFileError(f"{path}:{line}: composite {label}: {problems}") from None
    return specs


def _table_line(path: Path, index: int) -> int:
    """The line of the ``index``-th ``[[composite]]`` header of ``path`` (1-based; 1 if
    not found), so that an invalid entry is named where an editor jumps to it."""
    headers = [
        n
        for n, text in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if text.strip().replace(" ", "") == "[[composite]]"
    ]
    return headers[index] if index < len(headers) else 1


def build_all(
    specs: Iterable[CompositeSpec], registry: Registry
) -> tuple[list[type[CompositeTask]], dict[str, str]]:
    """Build every spec; the ones that cannot be built are returned with the reason."""
    built: list[type[CompositeTask]] = []
    unavailable: dict[str, str] = {}
    for spec in specs:
        try:
            built.append(spec.build(registry))
        except UnknownTaskError as exc:
            unavailable[spec.name] = f"{exc} (is the plugin with that task installed?)"
        except CompositionError as exc:
            unavailable[spec.name] = str(exc)
    return built, unavailable


def random_specs(
    registry: Registry, k: int, count: int, seed: int, families: Sequence[str] | None = None
) -> list[CompositeSpec]:
    """``count`` random composites of ``k`` tasks from different apps whose footprints
    are compatible; the same seed and registry always give the same composites."""
    if k < 2:
        raise CompositionError(f"--random needs at least 2 tasks per composite, got {k}")
    pool = sorted(
        (
            t
            for fam in registry.families
            if fam.name != "composite" and (not families or fam.name in families)
            for t in registry.tasks(fam.name)
        ),
        key=lambda t: (t.family, t.name),
    )
    rng = random.Random(seed)
    specs: list[CompositeSpec] = []
    seen: set[tuple[str, ...]] = set()
    attempts = 0
    while len(specs) < count:
        attempts += 1
        if attempts > 200 * count:
            raise CompositionError(
                f"found only {len(specs)} of {count} compatible composites of {k} tasks "
                f"from different apps among {len(pool)} tasks"
            )
        chosen: list[type[TaskEval]] = []
        apps: set[str] = set()
        for task in rng.sample(pool, len(pool)):
            task_apps = set(task.app_names) or {task.family}
            if apps & task_apps or find_conflicts([*chosen, task]):
                continue
            chosen.append(task)
            apps |= task_apps
            if len(chosen) == k:
                break
        key = tuple(f"{t.family}/{t.name}" for t in chosen)
        if len(chosen) < k or key in seen:
            continue
        seen.add(key)
        specs.append(CompositeSpec(name=default_name([t.name for t in chosen]), tasks=list(key)))
    return specs
