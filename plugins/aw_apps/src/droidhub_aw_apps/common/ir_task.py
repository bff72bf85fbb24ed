"""Information-retrieval tasks built from spec files (see :mod:`droidhub_aw_apps.common.ir_spec`).

:func:`build_task` turns an :class:`~droidhub_aw_apps.common.ir_spec.IRSpec` into a
:class:`droidhub.TaskEval` subclass:

- ``generate_random_params(rng)`` draws every question param from its value space;
  date params become phrases relative to the device's clock ("this Friday");
- ``initialize_task`` resolves the phrases against ``env.device.now()``, renders the
  spec's rows, draws noise rows from the app's generator, drops every noise row that
  meets all ``exclude`` conditions or that would change the truth, writes the rows
  into the app's database through the Device and keeps the truth;
- ``is_successful`` matches the agent's ``answer`` with that truth;
- ``oracle`` reads the rows back from the device and computes the answer from them;
- ``tear_down`` puts the app's database back as set-up found it.

Each app the specs may ask about is an :class:`~droidhub_aw_apps.common.ir_app.IRApp`
(``calendar``, ``tasks``, ``sports``, ``notes``), defined by the app's module.
"""

from __future__ import annotations

import datetime as dt
import functools
import importlib
import math
import operator
import random
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar

from pydantic import BaseModel, ConfigDict, create_model

from droidhub import Evaluator, Footprint, StateRefs, TaskEval
from droidhub_aw_apps.common import fuzzy, relative_dates
from droidhub_aw_apps.common.fake_data import setup_rng
from droidhub_aw_apps.common.ir_app import IRApp, Record, parse_value
from droidhub_aw_apps.common.ir_spec import (
    AnswerSpec,
    Condition,
    IRSpec,
    ParamSpec,
    builtin_specs,
    resolve_day,
)
from droidhub_aw_apps.common.relative_dates import WEEKDAYS

if TYPE_CHECKING:
    from droidhub import Env


# --- dates in questions ------------------------------------------------------------------
def _offset_phrase(days: int) -> str:
    if days == 0:
        return "today"
    if days == 1:
        return "tomorrow"
    if days == -1:
        return "yesterday"
    span = {7: "a week", 14: "two weeks"}.get(abs(days), f"{abs(days)} days")
    return f"in {span}" if days > 0 else f"{span} ago"


def date_phrase(rng: random.Random, lo: int, hi: int, kinds: Sequence[str]) -> str:
    """Draw a phrase for a day between ``lo`` and ``hi`` days from the device's today.

    ``offset`` phrases name the distance (today, tomorrow, in 3 days, 2 days ago),
    ``day`` phrases only today, tomorrow or yesterday;
    ``weekday`` phrases name a weekday ("this Friday": today or up to six days ahead,
    "last Tuesday": one to seven days back) and are used only when the whole span fits
    the window. :func:`droidhub_aw_apps.common.relative_dates.resolve` reads them all back.
    """
    styles = []
    named = [d for d in (-1, 0, 1) if lo <= d <= hi]
    if "day" in kinds and named:
        styles.append("day")
    if "weekday" in kinds and lo <= 0 and hi >= 6:
        styles.append("this")
    if "weekday" in kinds and lo <= -7 and hi >= -1:
        styles.append("last")
    if "offset" in kinds or not styles:
        styles.append("offset")
    style = rng.choice(styles)
    if style == "offset":
        return _offset_phrase(rng.randint(lo, hi))
    if style == "day":
        return _offset_phrase(rng.choice(named))
    return f"{style} {rng.choice(WEEKDAYS)}"


def resolve_date_phrase(phrase: str, today: dt.date) -> dt.date:
    """The date a question phrase names on a device whose date is ``today``."""
    return relative_dates.resolve(phrase, today)


def window_offsets(spec: ParamSpec) -> tuple[int, int]:
    """The window of a question date param as day offsets from today (today-anchored)."""
    assert spec.dates is not None
    ref = dt.date(2000, 1, 3)  # any date: today-anchored windows do not depend on it
    first = (resolve_day(spec.dates.start, ref) - ref).days
    last = (resolve_day(spec.dates.end, ref) - ref).days
    return first, max(first, last)


# --- apps ---------------------------------------------------------------------------------
_APP_MODULES = {
    "calendar": "droidhub_aw_apps.calendar.ir",
    "tasks": "droidhub_aw_apps.tasks_app.ir",
    "sports": "droidhub_aw_apps.sports_tracker.ir",
    "notes": "droidhub_aw_apps.joplin.ir",
}


def ir_app(key: str) -> IRApp:
    """The :class:`IRApp` for a spec's ``app`` key (its module defines ``IR_APP``)."""
    try:
        module = importlib.import_module(_APP_MODULES[key])
    except KeyError:
        raise ValueError(f"unknown IR app {key!r}; known: {', '.join(_APP_MODULES)}") from None
    app: IRApp = module.IR_APP
    return app


# --- conditions and the truth --------------------------------------------------------------
def _render(text: str, values: Callable[[str], str]) -> str:
    # Two passes: a pool value may itself hold placeholders (a body naming an ingredient).
    for _ in range(2):
        text = re.sub(r"\{([A-Za-z_][A-Za-z0-9_]*)\}", lambda m: values(m.group(1)), text)
    return text


@dataclass
class Context:
    """What templates and conditions of one task instance resolve against."""

    now: dt.datetime
    #: Question params, date phrases already resolved to ISO dates.
    params: dict[str, str]
    #: Pools shared by all rows (drawn once).
    shared: dict[str, str] = field(default_factory=dict)

    def value(self, name: str) -> str:
        """The text a ``{name}`` placeholder outside rows stands for."""
        if name in self.params:
            return self.params[name]
        if name in self.shared:
            return self.shared[name]
        raise KeyError(f"{{{name}}} has no value here (row pools are only known per row)")


def holds(record: Record, cond: Condition, kinds: Mapping[str, str], ctx: Context) -> bool:
    """Whether ``record`` meets ``cond``; a missing (None) field meets nothing."""
    kind = kinds.get(cond.field)
    if kind is None:
        raise ValueError(f"condition on unknown field {cond.field!r}; fields: {', '.join(kinds)}")
    left = record.get(cond.field)
    if left is None:
        return False
    right = parse_value(kind, _render(cond.value, ctx.value), ctx.now)
    if kind == "text":
        left, right = str(left).casefold(), str(right).casefold()
    if cond.op == "contains":
        return str(right) in str(left)
    compare: dict[str, Callable[[Any, Any], bool]] = {
        "eq": lambda a, b: a == b,
        "ne": lambda a, b: a != b,
        "lt": lambda a, b: a < b,
        "le": lambda a, b: a <= b,
        "gt": lambda a, b: a > b,
        "ge": lambda a, b: a >= b,
    }
    return compare[cond.op](left, right)


@dataclass(frozen=True)
class Truth:
    """The expected answer: its canonical text and how replies are matched with it."""

    text: str
    match: str
    tolerance: float = 0.0


def _format(value: Any, match: str) -> str:
    if match == "number":
        number = float(value)
        return str(round(number)) if abs(number - round(number)) < 1e-9 else f"{number:g}"
    if match == "datetime":
        return f"{value:%B} {value.day} {value.year} {value:%H:%M}"
    if match == "bool":
        return "True" if value else "False"
    return str(value)


def compute_truth(answer: AnswerSpec, records: Sequence[Record], app: IRApp, ctx: Context) -> Truth:
    """The answer to the question over ``records``, as :class:`Truth`."""
    kinds = app.fields
    rows = [r for r in records if all(holds(r, c, kinds, ctx) for c in answer.where)]
    op, name = answer.op, answer.field or ""
    values: list[Any]
    if op == "count":
        values = [len(rows)]
    elif op == "sum":
        values = [sum(float(r[name]) for r in rows)]
    elif op == "max":
        values = [max(float(r[name]) for r in rows)] if rows else []
    elif op == "first":
        key = answer.order_by or ""
        best = min((r[key] for r in rows), default=None)
        values = [r[name] for r in rows if best is not None and r[key] == best]
    elif op == "extract":
        pattern = _render(answer.pattern or "", lambda n: re.escape(ctx.value(n)))
        values = []
        for r in rows:
            found = re.search(pattern, str(r[name]))
            if found:
                values.append(found.group(1))
    else:
        values = [r[name] for r in rows]
    texts = [_format(v, answer.match) for v in values]
    if answer.match != "list" and len(texts) != 1:
        raise ValueError(f"the question has {len(texts)} answers ({texts}), expected one")
    if any("," in t for t in texts):
        raise ValueError(f"answer items must not contain commas: {texts}")
    return Truth(", ".join(sorted(texts, key=str.casefold)), answer.match, answer.tolerance)


# --- matching replies ------------------------------------------------------------------------
#: How AW reads one item of a reply, per match type (its answer types: STRING_MATCH for
#: list, text and bool; NUMBER_MATCH; DATE_MATCH with TIME_MATCH for datetime).
_DATETIME_FORMAT = "%B %d %Y %H:%M"


def _as_number(text: str) -> float:
    value = float(text)  # AW's float(): "3", "3.0", " 3 " pass; "three", "3 km" do not
    if not math.isfinite(value):
        raise ValueError(f"not a finite number: {text!r}")
    return value


def answer_matches(given: str | None, expected: str, match: str, tolerance: float = 0.0) -> bool:
    """Whether the reply ``given`` answers ``expected`` (canonical truth text), as AW judges.

    AW splits the reply at commas and strips each item; the reply must have as many
    items as the truth, and every item must match some item of the truth:

    - ``list``, ``text``, ``bool`` (AW's STRING_MATCH): case-insensitive text at least
      90% similar (difflib ratio), so small typos pass and order never matters;
    - ``number``: a plain number (``float``), equal to the truth, or closer than
      ``tolerance`` when one is set;
    - ``datetime``: ``<month name> <day> <year> <HH>:<MM>`` (24-hour clock), the same
      moment.

    A reply in the wrong format (``three``, ``Oct 15 2023 3pm``) fails, as AW's does.
    """
    if not given:
        return False
    items = [part.strip() for part in given.split(",")]
    wanted = [part.strip() for part in expected.split(",")]
    if len(items) != len(wanted):
        return False
    same: Callable[[Any, Any], bool] = operator.eq
    read: Callable[[str], Any] = str
    if match == "number":
        read = _as_number
        if tolerance > 0:
            same = functools.partial(_within, tolerance=tolerance)
    elif match == "datetime":
        read = functools.partial(_strptime, fmt=_DATETIME_FORMAT)
    else:
        same = fuzzy.similar
    try:
        got, truth = [read(i) for i in items], [read(w) for w in wanted]
    except ValueError:
        return False
    return all(any(same(x, y) for y in truth) for x in got)


def _within(x: float, y: float, tolerance: float) -> bool:
    return abs(x - y) < tolerance


def _strptime(text: str, fmt: str) -> dt.datetime:
    return dt.datetime.strptime(text, fmt)


def _ir_answer(env: Env, expected: str, match: str = "text", tolerance: float = 0.0) -> float:
    return 1.0 if answer_matches(env.answer, expected, match, tolerance) else 0.0


EVALUATORS = (
    Evaluator(
        "ir_answer",
        "the agent's answer to a question matches the truth (list, text, number, datetime, bool)",
        _ir_answer,
    ),
)


# --- creating the state ------------------------------------------------------------------------
@dataclass
class CreatedState:
    """The rows one task instance puts on the device, and the truth over them."""

    relevant: list[Record]
    noise: list[Record]
    truth: Truth
    ctx: Context

    @property
    def records(self) -> list[Record]:
        """All rows, relevant and noise."""
        return self.relevant + self.noise


def resolve_params(spec: IRSpec, params: Mapping[str, str], now: dt.datetime) -> dict[str, str]:
    """Question params with date phrases resolved to ISO dates against ``now``."""
    out = {}
    for name, value in params.items():
        if spec.params[name].is_date:
            out[name] = resolve_date_phrase(value, now.date()).isoformat()
        else:
            out[name] = value
    return out


class _Pools:
    """Draws pool values: shared pools once, the others per row without replacement."""

    def __init__(self, spec: IRSpec, rng: random.Random, now: dt.datetime) -> None:
        self.rng = rng
        self.space: dict[str, list[str]] = {}
        for name, pool in spec.pools.items():
            if pool.dates is not None:
                self.space[name] = [d.isoformat() for d in pool.dates.days(now.date())]
            else:
                self.space[name] = list(pool.values or ())
        self.unused = {name: list(values) for name, values in self.space.items()}
        self.shared = {
            name: rng.choice(self.space[name]) for name, pool in spec.pools.items() if pool.shared
        }

    def draw(self, name: str) -> str:
        left = self.unused[name] or list(self.space[name])  # reuse once every value is used
        value = self.rng.choice(left)
        left.remove(value)
        self.unused[name] = left
        return value


def create_state(
    spec: IRSpec, params: Mapping[str, str], now: dt.datetime, rng: random.Random
) -> CreatedState:
    """Render the spec's rows, draw noise that keeps the truth, and compute the truth.

    Noise rows meeting every ``exclude`` condition, or that would change the answer,
    are drawn again (at most 20 tries per row), so noise never changes the truth.
    """
    app = ir_app(spec.app)
    pools = _Pools(spec, rng, now)
    ctx = Context(now=now, params=resolve_params(spec, params, now), shared=dict(pools.shared))
    keep = spec.min_rows if spec.min_rows is not None else len(spec.rows)
    count = rng.randint(keep, len(spec.rows))
    relevant = []
    for row in spec.rows[:count]:
        drawn: dict[str, str] = {}

        def value(name: str, drawn: dict[str, str] = drawn) -> str:
            if name in ctx.params or name in ctx.shared:
                return ctx.value(name)
            if name not in drawn:
                drawn[name] = pools.draw(name)
            return drawn[name]

        relevant.append(app.record({k: _render(v, value) for k, v in row.items()}, now))
    truth = compute_truth(spec.answer, relevant, app, ctx)
    if not truth.text:
        raise ValueError(f"{spec.name}: the spec's rows do not answer the question")
    noise: list[Record] = []
    for _ in range(spec.noise):
        for _attempt in range(20):
            candidate = app.noise(rng, now)
            if spec.exclude and all(holds(candidate, c, app.fields, ctx) for c in spec.exclude):
                continue
            if compute_truth(spec.answer, [*relevant, candidate], app, ctx) != truth:
                continue
            noise.append(candidate)
            break
    if compute_truth(spec.answer, relevant + noise, app, ctx) != truth:
        raise AssertionError(f"{spec.name}: noise changed the truth")  # cannot happen: see above
    return CreatedState(relevant, noise, truth, ctx)


# --- the task class ------------------------------------------------------------------------------
class IRTask(TaskEval):
    """Base of the tasks built from IR specs; see :func:`build_task`."""

    spec: ClassVar[IRSpec]

    def __init__(self, params: BaseModel | Mapping[str, Any] | None = None) -> None:
        super().__init__(params)
        self.state: CreatedState | None = None
        self._saved: bytes | None = None

    @classmethod
    def generate_random_params(cls, rng: random.Random) -> BaseModel:
        """Draw each question param from its value space (dates as relative phrases)."""
        values = {}
        for name, space in cls.spec.params.items():
            if space.is_date:
                lo, hi = window_offsets(space)
                values[name] = date_phrase(rng, lo, hi, space.phrases)
            else:
                values[name] = rng.choice(space.values or [])
        return cls.Params.model_validate(values)

    @property
    def app(self) -> IRApp:
        """The app the question is about."""
        return ir_app(self.spec.app)

    def initialize_task(self, env: Env) -> None:
        """Write the relevant rows and noise into the app's database; keep the truth."""
        super().initialize_task(env)
        rng = setup_rng(self)
        state = create_state(self.spec, self.params.model_dump(), env.device.now(), rng)
        rows = state.records
        rng.shuffle(rows)  # the apps list rows in insertion order: hide the answer in the noise
        self._saved = self.app.write(env.device, rows)
        self.state = state
        self.details["truth"] = self.state.truth.text

    def is_successful(self, env: Env) -> float:
        """1.0 when the agent's answer matches the truth computed at set-up (a task
        object that did not set up, such as a fresh one, uses the rows on the device)."""
        truth = self.state.truth if self.state is not None else self._device_truth(env)
        return 1.0 if answer_matches(env.answer, truth.text, truth.match, truth.tolerance) else 0.0

    def oracle(self, env: Env) -> str:
        """The answer computed from the app's rows as they are on the device."""
        return self._device_truth(env).text

    def _device_truth(self, env: Env) -> Truth:
        now = env.device.now()
        ctx = Context(now=now, params=resolve_params(self.spec, self.params.model_dump(), now))
        if self.state is not None:
            ctx.shared = dict(self.state.ctx.shared)
        return compute_truth(self.spec.answer, self.app.read(env.device), self.app, ctx)

    def tear_down(self, env: Env) -> None:
        """Restore the app's database files as set-up found them."""
        if self._saved is not None:
            self.app.restore(env.device, self._saved)
            self._saved = None
        self.state = None
        super().tear_down(env)


def build_task(spec: IRSpec) -> type[IRTask]:
    """A :class:`IRTask` subclass named after the spec."""
    app = ir_app(spec.app)
    fields: dict[str, Any] = {name: (str, ...) for name in spec.params}
    params_model = create_model(
        f"{spec.name}Params", __config__=ConfigDict(extra="forbid", frozen=True), **fields
    )
    attrs = {
        "spec": spec,
        "name": spec.name,
        "template": spec.template,
        "app_names": app.app_names[:1],
        "complexity": spec.complexity,
        "difficulty": spec.difficulty,
        "tags": tuple(spec.tags),
        "Params": params_model,
        "footprint": Footprint(
            writes=StateRefs(paths=frozenset({app.table.db_path})),
        ),
        "__doc__": f"IR question about {app.app_names[0]}: {spec.template}",
        "__module__": __name__,
    }
    return type(spec.name, (IRTask,), attrs)


def _validate_fields(spec: IRSpec) -> None:
    app = ir_app(spec.app)
    known = app.fields
    problems = []
    for i, row in enumerate(spec.rows):
        problems += [f"rows[{i}].{k}" for k in row if k not in known]
    for where, conds in (("exclude", spec.exclude), ("answer.where", spec.answer.where)):
        problems += [
            f"{where}[{i}].field = {c.field!r}" for i, c in enumerate(conds) if c.field not in known
        ]
    for name in (spec.answer.field, spec.answer.order_by):
        if name and name not in known:
            problems.append(f"answer field {name!r}")
    if problems:
        raise ValueError(
            f"IR spec {spec.name}: unknown {spec.app} field(s): {'; '.join(problems)}; "
            f"{spec.app} fields are {', '.join(known)}"
        )


def tasks_from_specs(specs: Sequence[IRSpec]) -> list[type[IRTask]]:
    """Task classes for ``specs``, each checked against its app's fields."""
    for spec in specs:
        _validate_fields(spec)
    return [build_task(spec) for spec in specs]


TASKS: tuple[type[IRTask], ...] = tuple(tasks_from_specs(builtin_specs()))
APPS: tuple[Any, ...] = ()


def virtual_apps() -> list[Any]:
    """IR tasks bring no app models of their own: each app module brings its model."""
    return []
