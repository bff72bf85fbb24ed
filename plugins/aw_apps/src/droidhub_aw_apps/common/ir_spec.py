"""Information-retrieval task specs: the schema of one spec file and its loader.

An information-retrieval (IR) task asks a question about an app's data. Its spec is a
TOML file (one task per file, in the ``specs/`` folder of the app's package, e.g.
``droidhub_aw_apps/joplin/specs/``) that holds no code. The built-in specs are
AndroidWorld's own IR tasks, written from AW's task definitions by
``plugins/aw_apps/tools/aw_ir_specs.py``; the format follows AW's so that an instance is
drawn, set up and judged as AW does it:

- ``prompt``: the question, with ``{param}`` placeholders; ``complexity`` (the step
  budget is ten times it), ``difficulty`` and ``tags``;
- ``[[params]]``: each param's ``name`` and the ``values`` it is drawn from, in order
  (one draw per param, in the order listed);
- ``[[rows]]``: the app rows that answer the question, field values as templates.
  ``{name}`` is the param's drawn value; ``{name_without_replacement}`` draws a fresh
  value of the param that no earlier row took;
- ``[[exclude]]``: a noise row for which *all* these conditions hold is not created
  (``op``: eq, contains, gt, lt, ge, le);
- ``[[expect]]``: how the answer is computed from the rows (``transform`` identity, sum
  or count of a ``field``) or given outright (``value``), and how a reply is matched
  (``match``: string, number, date or time; ``tolerance`` for numbers). Two
  expectations are allowed only as a date and a time, compared as one moment.

:func:`load_spec` validates a file and raises :class:`SpecError` naming the file, the
field and the problem.
"""

from __future__ import annotations

import re
import tomllib
from importlib import resources
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

#: The apps an IR spec may ask about, by the key a spec uses in ``app``.
APPS = ("calendar", "tasks", "sports", "notes")
#: The packages whose ``specs/`` folders hold the built-in specs.
SPEC_PACKAGES = ("calendar", "tasks_app", "sports_tracker", "joplin")
#: How a reply is matched with the expected answer (``expect.match``).
MATCHES = ("string", "number", "date", "time")
#: Comparison operators of exclusion conditions.
OPS = ("eq", "contains", "gt", "lt", "ge", "le")

_PLACEHOLDER = re.compile(r"\{([A-Za-z_][A-Za-z0-9_]*)\}")
WITHOUT_REPLACEMENT = "_without_replacement"


class SpecError(ValueError):
    """A spec file that is not valid; the message names the file, field and problem."""


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class ParamSpec(_Strict):
    """One question param: its name and the values it is drawn from."""

    name: str
    values: list[str] = Field(min_length=1)


class Condition(_Strict):
    """``field op value``: one of the conditions that together exclude a noise row."""

    field: str
    op: Literal["eq", "contains", "gt", "lt", "ge", "le"]
    value: str


class Expectation(_Strict):
    """How the expected answer is made (from the rows, or given) and matched."""

    #: identity (each row's value), sum or count of :attr:`field` over the rows.
    transform: Literal["identity", "sum", "count"] | None = None
    field: str | None = None
    #: The answer itself, when it is not computed from the rows.
    value: str | None = None
    match: Literal["string", "number", "date", "time"]
    #: For number matches: replies closer than this to the answer are right.
    tolerance: float | None = None

    @model_validator(mode="after")
    def _one_source(self) -> Expectation:
        computed = self.transform is not None and self.field is not None
        if computed == (self.value is not None):
            raise ValueError("give either transform and field, or value")
        return self


class IRSpec(_Strict):
    """One IR task: question, params, answer rows, noise exclusions, expectations."""

    name: str
    app: Literal["calendar", "tasks", "sports", "notes"]
    prompt: str
    complexity: float = 1.0
    difficulty: Literal["easy", "medium", "hard"] = "medium"
    tags: list[str] = Field(default_factory=list)
    params: list[ParamSpec] = Field(default_factory=list)
    rows: list[dict[str, str]] = Field(default_factory=list)
    exclude: list[Condition] = Field(default_factory=list)
    expect: list[Expectation] = Field(min_length=1)

    @model_validator(mode="after")
    def _check(self) -> IRSpec:
        names = [p.name for p in self.params]
        if len(set(names)) != len(names):
            raise ValueError(f"params: a name is listed twice in {names}")
        known = set(names)
        for where, text in self._templates():
            for name in _PLACEHOLDER.findall(text):
                if name.removesuffix(WITHOUT_REPLACEMENT) not in known:
                    raise ValueError(f"{where}: {{{name}}} names no param (params: {names})")
        matches = [e.match for e in self.expect]
        if len(matches) > 1 and sorted(matches) != ["date", "time"]:
            raise ValueError(f"expect: {matches} cannot be combined (only a date and a time)")
        return self

    def _templates(self) -> list[tuple[str, str]]:
        out = [("prompt", self.prompt)]
        out += [(f"params.{p.name}", v) for p in self.params for v in p.values]
        out += [(f"rows[{i}].{k}", v) for i, row in enumerate(self.rows) for k, v in row.items()]
        out += [(f"exclude[{i}]", c.value) for i, c in enumerate(self.exclude)]
        out += [(f"expect[{i}]", e.value) for i, e in enumerate(self.expect) if e.value]
        return out


def _describe(exc: ValidationError) -> str:
    parts = []
    for err in exc.errors():
        where = ".".join(str(p) for p in err["loc"]) or "(spec)"
        msg = err["msg"].removeprefix("Value error, ")
        if err["type"] == "extra_forbidden":
            msg = "unknown field"
        parts.append(f"{where}: {msg}")
    return "; ".join(parts)


def parse_spec(data: dict[str, Any], source: str = "<spec>") -> IRSpec:
    """Validate a spec's data; :class:`SpecError` names ``source`` and each problem."""
    try:
        return IRSpec.model_validate(data)
    except ValidationError as exc:
        raise SpecError(f"invalid IR spec {source}: {_describe(exc)}") from None


def load_spec(path: str | Path) -> IRSpec:
    """Read and validate one spec file."""
    path = Path(path)
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except OSError as exc:
        raise SpecError(f"cannot read IR spec {path}: {exc.strerror}") from None
    except tomllib.TOMLDecodeError as exc:
        raise SpecError(f"invalid IR spec {path}: not TOML ({exc})") from None
    spec = parse_spec(data, str(path))
    if spec.name != path.stem:
        raise SpecError(f"invalid IR spec {path}: name {spec.name!r} is not the file's stem")
    return spec


def builtin_specs() -> list[IRSpec]:
    """Every spec shipped in the app packages' ``specs/`` folders, sorted by name."""
    specs = []
    for package in SPEC_PACKAGES:
        folder = resources.files(f"droidhub_aw_apps.{package}") / "specs"
        for entry in folder.iterdir():
            if entry.name.endswith(".toml"):
                specs.append(load_spec(Path(str(entry))))
    return sorted(specs, key=lambda s: s.name)
