"""Information-retrieval task specs: the schema of one spec file and its loader.

An information-retrieval (IR) task asks a question about an app's data. Its spec is a
TOML file (one task per file, in the ``specs/`` folder of the app's package, e.g.
``droidhub_aw_apps/joplin/specs/``) that holds no code:

- ``template``: the question, with ``{param}`` placeholders;
- ``[params.NAME]``: the value space of each placeholder of the question;
- ``[pools.NAME]``: value spaces the created rows draw from (not shown in the question);
- ``[[rows]]``: the rows that make up the answer, field values as templates;
- ``[[exclude]]``: noise rows for which *all* these conditions hold are not created;
- ``[answer]``: which rows answer the question (``where``), what to compute from
  them (``op``, ``field``) and how the agent's reply is matched (``match``).

Templates refer to params as ``{name}`` and to pools as ``{name}`` too: a pool draws a
fresh value (without replacement) for each row that uses it, unless the pool is
``shared``. :func:`load_spec` validates a file and raises :class:`SpecError` naming the
file, the field and the problem (unknown field, a placeholder with no param or pool, a
param the question never uses, an unknown app or match).

Dates are never absolute: a date value space is a window of days relative to the
device's today (``from = "today"``, ``to = "today+14"``, ``"monday"`` is the Monday of
the device's current week), and a date param is shown in the question as a phrase
relative to the device's clock ("tomorrow", "this Friday", "3 days ago").
"""

from __future__ import annotations

import datetime as dt
import re
import tomllib
from collections.abc import Iterable
from importlib import resources
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, ValidationError, model_validator

#: The apps an IR spec may ask about, by the key a spec uses in ``app``.
APPS = ("calendar", "tasks", "sports", "notes")

#: How the ``ir_answer`` evaluator can match a reply with the truth (``answer.match``).
MATCHES = ("list", "text", "number", "datetime", "bool")

_PLACEHOLDER = re.compile(r"\{([A-Za-z_][A-Za-z0-9_]*)\}")
_ANCHOR = re.compile(r"^(today|monday|now)\s*(?:([+-])\s*(\d+)\s*([dhm]?))?$")


class SpecError(ValueError):
    """A spec file that is not valid; the message names the file, field and problem."""


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class DateWindow(_Strict):
    """Days relative to the device's clock, both ends included.

    Anchors: ``today``, ``monday`` (the Monday of the device's current week, weeks
    starting on Monday), each optionally ``+N`` / ``-N`` days: ``"monday+7"``.
    """

    #: First day of the window (an anchor expression).
    start: str
    #: Last day of the window (an anchor expression).
    end: str

    @model_validator(mode="after")
    def _check_anchors(self) -> DateWindow:
        for name in ("start", "end"):
            value = getattr(self, name)
            match = _ANCHOR.match(value.strip())
            if not match or match.group(1) == "now" or (match.group(4) or "d") != "d":
                raise ValueError(
                    f"{name} = {value!r} is not a day anchor; use today, monday, "
                    "today+N or monday-N (N days)"
                )
        return self

    def days(self, today: dt.date) -> list[dt.date]:
        """The dates of the window for a device whose date is ``today``; never empty
        (an end before the start is clamped to the start)."""
        first = resolve_day(self.start, today)
        last = max(first, resolve_day(self.end, today))
        return [first + dt.timedelta(days=i) for i in range((last - first).days + 1)]


class ParamSpec(_Strict):
    """The value space of one placeholder: ``values`` (strings) or ``dates`` (a window).

    A date param is shown in the question as a phrase relative to the device's clock;
    ``phrases`` restricts which kinds are used (``offset``: today / tomorrow / in 3
    days / 2 days ago; ``weekday``: this Friday / last Tuesday; ``day``: only
    today / tomorrow / yesterday).
    """

    values: list[str] | None = None
    dates: DateWindow | None = None
    phrases: list[Literal["offset", "weekday", "day"]] = ["offset", "weekday"]
    #: Pools only: one draw per task instance, used by every row (else one per row).
    shared: bool = False

    @model_validator(mode="after")
    def _one_space(self) -> ParamSpec:
        if (self.values is None) == (self.dates is None):
            raise ValueError("give exactly one of 'values' or 'dates'")
        if self.values is not None and not self.values:
            raise ValueError("'values' is empty")
        return self

    @property
    def is_date(self) -> bool:
        """Whether the values are dates."""
        return self.dates is not None


class Condition(_Strict):
    """``field op value``: ``value`` is a template; for dates and times it may also be an
    anchor (``today+3``, ``now``)."""

    field: str
    op: Literal["eq", "ne", "lt", "le", "gt", "ge", "contains"]
    value: str


class AnswerSpec(_Strict):
    """How the truth is computed from the app's rows, and how the reply is matched.

    The rows answering the question are those for which every ``where`` condition
    holds. ``op``: ``identity`` (the ``field`` of each), ``count``, ``sum`` / ``max``
    of ``field``, ``first`` (the ``field`` of the rows with the smallest ``order_by``),
    ``extract`` (group 1 of the regex ``pattern`` searched in ``field``).
    """

    where: list[Condition] = []
    op: Literal["identity", "count", "sum", "max", "first", "extract"]
    field: str | None = None
    order_by: str | None = None
    pattern: str | None = None
    match: str
    #: For ``number``: the largest accepted absolute difference.
    tolerance: float = 0.0

    @model_validator(mode="after")
    def _check_op(self) -> AnswerSpec:
        if self.match not in MATCHES:
            raise ValueError(
                f"unknown match {self.match!r}: the ir_answer evaluator matches "
                f"{', '.join(MATCHES)}"
            )
        if self.op != "count" and not self.field:
            raise ValueError(f"op {self.op!r} needs 'field'")
        if self.op == "first" and not self.order_by:
            raise ValueError("op 'first' needs 'order_by'")
        if self.op == "extract" and not self.pattern:
            raise ValueError("op 'extract' needs 'pattern'")
        return self


class IRSpec(_Strict):
    """One information-retrieval task, as its spec file states it."""

    name: str
    app: str
    template: str
    difficulty: Literal["easy", "medium", "hard"] = "easy"
    complexity: float = 1.0
    tags: list[str] = []
    #: How many random noise rows to add (before exclusion).
    noise: int = 20
    params: dict[str, ParamSpec] = {}
    pools: dict[str, ParamSpec] = {}
    rows: list[dict[str, str]]
    #: Use a random number of the rows, at least this many (default: all of them), so
    #: that counts and lists vary between instances.
    min_rows: int | None = None
    exclude: list[Condition] = []
    answer: AnswerSpec

    @model_validator(mode="after")
    def _check_names(self) -> IRSpec:
        if self.app not in APPS:
            raise ValueError(f"unknown app {self.app!r}; known apps: {', '.join(APPS)}")
        if not re.fullmatch(r"[A-Z][A-Za-z0-9]*", self.name):
            raise ValueError(f"name {self.name!r} must be a CamelCase class name")
        if not self.rows:
            raise ValueError("'rows' is empty: a question needs rows that answer it")
        if self.min_rows is not None and not 1 <= self.min_rows <= len(self.rows):
            raise ValueError(f"min_rows = {self.min_rows} must be between 1 and {len(self.rows)}")
        for name, space in self.params.items():
            if space.dates is not None and not all(
                e.strip().startswith("today") for e in (space.dates.start, space.dates.end)
            ):
                raise ValueError(
                    f"params.{name}: a question date window must be anchored on 'today' "
                    "(it is phrased relative to the device's day); use a pool for others"
                )
        clash = sorted(set(self.params) & set(self.pools))
        if clash:
            raise ValueError(f"{', '.join(clash)} defined both in params and in pools")
        known = set(self.params) | set(self.pools)
        in_prompt = set(_PLACEHOLDER.findall(self.template))
        for name in sorted(in_prompt - set(self.params)):
            hint = (
                " (it is a pool: pools are not shown in the question)" if name in self.pools else ""
            )
            raise ValueError(f"template uses {{{name}}} but no param {name!r} is defined{hint}")
        for name in sorted(set(self.params) - in_prompt):
            raise ValueError(
                f"param {name!r} is not used in the template; use {{{name}}} in the "
                "question or move it to [pools]"
            )
        used = in_prompt.copy()
        for where, text in self._templates():
            for name in _PLACEHOLDER.findall(text):
                if name not in known:
                    raise ValueError(
                        f"{where} uses {{{name}}} but no param or pool {name!r} is defined"
                    )
                used.add(name)
        shared = {n for n, p in self.pools.items() if p.shared}
        for where, text in self._answer_templates():
            for name in _PLACEHOLDER.findall(text):
                if name in self.pools and name not in shared:
                    raise ValueError(
                        f"{where} uses pool {{{name}}}, drawn per row; exclude and answer "
                        "may use params and shared pools only"
                    )
        for name in sorted(set(self.pools) - used):
            raise ValueError(f"pool {name!r} is never used by rows, exclude or answer")
        return self

    def _answer_templates(self) -> Iterable[tuple[str, str]]:
        for i, cond in enumerate(self.exclude):
            yield f"exclude[{i}].value", cond.value
        for i, cond in enumerate(self.answer.where):
            yield f"answer.where[{i}].value", cond.value
        if self.answer.pattern:
            yield "answer.pattern", self.answer.pattern

    def _templates(self) -> Iterable[tuple[str, str]]:
        for i, row in enumerate(self.rows):
            for key, value in row.items():
                yield f"rows[{i}].{key}", value
        for name, pool in self.pools.items():
            for value in pool.values or ():
                yield f"pools.{name}", value
        yield from self._answer_templates()


def resolve_day(expr: str, today: dt.date) -> dt.date:
    """The date an anchor expression (``today``, ``monday+7``, ``today-3``) names."""
    match = _ANCHOR.match(expr.strip())
    if not match or match.group(1) == "now":
        raise ValueError(f"{expr!r} is not a day anchor (today, monday, today+N, monday-N)")
    base = today if match.group(1) == "today" else today - dt.timedelta(days=today.weekday())
    days = int(match.group(3) or 0) * (-1 if match.group(2) == "-" else 1)
    return base + dt.timedelta(days=days)


def resolve_moment(expr: str, now: dt.datetime) -> dt.datetime | None:
    """The instant ``now``, ``now+90m``, ``now-2h``, ``now+1d`` names; None if not one."""
    match = _ANCHOR.match(expr.strip())
    if not match or match.group(1) != "now":
        return None
    amount = int(match.group(3) or 0) * (-1 if match.group(2) == "-" else 1)
    unit = {"d": "days", "h": "hours", "m": "minutes", "": "minutes"}[match.group(4) or ""]
    return now + dt.timedelta(**{unit: amount})


def _describe(exc: ValidationError) -> str:
    problems = []
    for err in exc.errors():
        where = ".".join(str(p) for p in err["loc"])
        msg = err["msg"].removeprefix("Value error, ")
        if err["type"] == "extra_forbidden":
            msg = "unknown field"
        elif err["type"] == "missing":
            msg = "missing field"
        problems.append(f"{where}: {msg}" if where else msg)
    return "; ".join(problems)


def parse_spec(data: dict[str, Any], source: str = "<spec>") -> IRSpec:
    """Validate an already parsed spec; :class:`SpecError` names ``source`` and the problem."""
    try:
        return IRSpec.model_validate(data)
    except ValidationError as exc:
        raise SpecError(f"invalid IR spec {source}: {_describe(exc)}") from None


def load_spec(path: str | Path) -> IRSpec:
    """Read and validate one TOML spec file."""
    path = Path(path)
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except tomllib.TOMLDecodeError as exc:
        raise SpecError(f"invalid IR spec {path}: not valid TOML ({exc})") from None
    spec = parse_spec(data, str(path))
    if spec.name != path.stem:
        raise SpecError(f"invalid IR spec {path}: name {spec.name!r} differs from the file name")
    return spec


def builtin_specs() -> list[IRSpec]:
    """The specs shipped in the ``specs/`` folder of each app package (package data),
    by name."""
    entries = [
        entry
        for package in resources.files("droidhub_aw_apps").iterdir()
        if package.is_dir() and package.joinpath("specs").is_dir()
        for entry in package.joinpath("specs").iterdir()
        if entry.name.endswith(".toml")
    ]
    specs = []
    for entry in sorted(entries, key=lambda e: e.name):
        with resources.as_file(entry) as path:
            specs.append(load_spec(path))
    return specs
