"""One IR task instance, drawn, filled in and judged the way AndroidWorld does it.

Everything here is pure (no device): given a spec, the drawn params and a generator
seeded with the instance seed, :func:`fill` makes what AW's ``initialize_task`` makes
before it touches the phone, in the same order of random draws:

1. each param's values and then each param are formatted with the params (a value may
   name another param);
2. expectations given outright are formatted;
3. the answer rows are formatted field by field, in the app's field order; a
   ``{name_without_replacement}`` placeholder draws a value of the param that neither
   the drawn params nor an earlier row took;
4. the exclusion conditions are formatted the same way (from the values the drawn
   params left, not those the rows left: AW keeps two lists here, and takes the drawn
   values out of the rows' list twice);
5. every param that is a date (``October 22 2023``) is reworded as a person would say
   it on AW's fixed day, 2023-10-15: "today", "this Sunday", "October 22"... The
   question shows the reworded params.

:func:`expected_answers` computes the answer from the rows and :func:`check_answer`
matches a reply with it as AW's ``check_agent_answer`` does: the reply is split at
commas, each part is read as the expectation's type (a number, ``October 15 2023``,
``14:30``), there must be as many parts as answers, and each part must match one
answer (strings fuzzily, numbers within the tolerance, dates and times exactly).
"""

from __future__ import annotations

import datetime as dt
import random
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from droidhub_aw_apps.common import fuzzy
from droidhub_aw_apps.common.ir_spec import WITHOUT_REPLACEMENT, Condition, Expectation, IRSpec
from droidhub_aw_apps.common.relative_dates import REFERENCE_NOW

#: How AW writes dates in params, rows and date answers: ``October 15 2023``.
DATE_FORMAT = "%B %d %Y"
#: The day AW's phone is set to when a task starts.
TODAY = REFERENCE_NOW.date()

Pools = list[tuple[str, list[str]]]


def parse_date(text: str) -> dt.date:
    """``October 15 2023`` -> a date; ValueError otherwise."""
    return dt.datetime.strptime(text, DATE_FORMAT).date()


def parse_time(text: str) -> dt.time:
    """``14:40``, ``2:40pm`` or ``2pm`` -> a time; ValueError otherwise."""
    for fmt in ("%H:%M", "%I:%M%p", "%I%p"):
        try:
            moment = dt.datetime.strptime(text, fmt)
        except ValueError:
            continue
        return dt.time(moment.hour, moment.minute)
    raise ValueError(f"time {text!r} is not like 14:40, 2:40pm or 2pm")


# --- rewording dates -----------------------------------------------------------------------
def date_phrases(text: str, today: dt.date = TODAY) -> list[str]:
    """The ways AW may say the date ``text`` on ``today``, in AW's order; ValueError when
    ``text`` is not a date."""
    day = parse_date(text)
    options = [day.strftime("%B %d"), day.strftime(DATE_FORMAT)]
    if day == today:
        options.append("today")
    if day == today + dt.timedelta(days=1):
        options.append("tomorrow")
    if day == today - dt.timedelta(days=1):
        options.append("yesterday")
    name = day.strftime("%A")
    if day > today:
        if day - today <= dt.timedelta(days=7):
            options += [name, f"this {name}"]
        elif day - today <= dt.timedelta(days=14):
            options.append(f"the {name} after next")
    if day < today and today - day <= dt.timedelta(days=7):
        options.append(name)
    return options


def reword_dates(params: Mapping[str, Any], rng: random.Random) -> dict[str, Any]:
    """``params`` with every date value replaced by one of its phrases (one draw each)."""
    out = dict(params)
    for name, value in params.items():
        if not isinstance(value, str) or not value:
            continue
        try:
            options = date_phrases(value)
        except ValueError:
            continue
        out[name] = rng.choice(options)
    return out


# --- filling the spec in -------------------------------------------------------------------
@dataclass(frozen=True)
class Filled:
    """An instance's rows, exclusions and expectations with every placeholder filled."""

    #: The answer rows: field -> text, fields in the app's order.
    rows: list[dict[str, str]]
    exclude: list[Condition]
    expect: list[Expectation]
    #: The question as the agent reads it (dates reworded).
    goal: str


def _without_used(used: Mapping[str, Any], pools: Pools) -> None:
    """Take each used value out of its param's pool (its first occurrence), in place."""
    for index, (name, values) in enumerate(pools):
        if name in used and used[name] in values:
            rest = list(values)
            rest.remove(used[name])
            pools[index] = (name, rest)


def _fill(text: str, params: Mapping[str, Any], unused: Pools, rng: random.Random) -> str:
    if WITHOUT_REPLACEMENT + "}" not in text:
        return text.format(**params)
    names = [
        token[1 : token.find(WITHOUT_REPLACEMENT)]
        for token in re.findall(r"\{.+?\}", text)
        if token.endswith(WITHOUT_REPLACEMENT + "}")
    ]
    for name in names:
        value = None
        for pool_name, values in unused:
            if pool_name == name:
                value = rng.choice(values)
                _without_used({name: value}, unused)
                break
        text = text.format(**{name + WITHOUT_REPLACEMENT: value})
    return text


def fill(
    spec: IRSpec, params: Mapping[str, str], fields: Sequence[str], rng: random.Random
) -> Filled:
    """Fill ``spec`` in for ``params`` (see the module's steps); ``fields`` is the app's
    field order and ``rng`` a generator seeded with the instance seed."""
    values = dict(params)
    pools: Pools = [(p.name, [v.format(**values) for v in p.values]) for p in spec.params]
    for name, value in list(values.items()):
        values[name] = value.format(**values)
    expect = [
        e.model_copy(update={"value": _fill(e.value, values, [], rng)}) if e.value else e
        for e in spec.expect
    ]
    unused = list(pools)
    _without_used(values, unused)
    # AW takes the drawn values out a second time for the rows (a second copy): a value
    # listed twice in a pool leaves it entirely.
    row_unused = list(unused)
    _without_used(values, row_unused)
    rows = []
    for row in spec.rows:
        rows.append({f: _fill(row[f], values, row_unused, rng) for f in fields if f in row})
    exclude = [
        c.model_copy(update={"value": _fill(c.value, values, unused, rng)}) for c in spec.exclude
    ]
    goal = spec.prompt.format(**reword_dates(values, rng))
    return Filled(rows, exclude, expect, goal)


# --- answers ------------------------------------------------------------------------------
Answer = str | float | int | dt.date | dt.time | dt.datetime


def cast_answers(matches: Sequence[str], texts: Sequence[str]) -> list[Answer]:
    """Read each text as the expectation's type (AW's formats); ValueError otherwise."""
    if not matches or list(matches) == ["string"]:
        return list(texts)
    if list(matches) == ["number"]:
        return [float(t) for t in texts]
    if list(matches) == ["date"]:
        return [parse_date(t) for t in texts]
    if list(matches) == ["time"]:
        return [dt.datetime.strptime(t, "%H:%M").time() for t in texts]
    return [dt.datetime.strptime(t, DATE_FORMAT + " %H:%M") for t in texts]


def expected_answers(
    rows: Sequence[Mapping[str, str]], expect: Sequence[Expectation], rows_field: str = ""
) -> list[Any]:
    """The expected answer (a list) computed from the answer rows, as AW does.
    ``rows_field`` is the name AW's state gives the list of rows: an expectation on it
    takes the rows themselves (to count them)."""
    answers: list[Any] = []
    for e in expect:
        if e.value is not None:
            return cast_answers([e.match], [e.value])
        field = e.field or ""
        if field == rows_field:  # the list of rows itself: only counting makes sense
            return [len(rows)]
        found = [r[field] for r in rows if field in r]
        if e.transform == "sum":
            return [sum(float(v) for v in found)]
        if e.transform == "count":
            return [len(found)]
        if e.match in ("string", "number"):
            return cast_answers([e.match], found)
        these: list[Any] = (
            [parse_date(v) for v in found] if e.match == "date" else [parse_time(v) for v in found]
        )
        if not answers:
            answers = these
        else:
            answers = [_moment(a, b) for a, b in zip(answers, these, strict=False)]
    return answers


def _moment(a: Any, b: Any) -> dt.datetime:
    day, time = (a, b) if isinstance(a, dt.date) else (b, a)
    return dt.datetime(day.year, day.month, day.day, time.hour, time.minute)


def check_answer(reply: str | None, expect: Sequence[Expectation], expected: Sequence[Any]) -> bool:
    """Whether ``reply`` is right, judged as AW judges it (see the module docstring)."""
    if not reply:
        return False
    parts = [part.strip() for part in reply.split(",")]
    matches = [e.match for e in expect]
    try:
        given = cast_answers(matches, parts)
    except ValueError:
        return False
    if "string" in matches:

        def same(x: Any, y: Any) -> bool:
            return fuzzy.similar(str(x), str(y))

    elif "number" in matches and expect[0].tolerance is not None:
        tolerance = expect[0].tolerance

        def same(x: Any, y: Any) -> bool:
            return bool(abs(x - y) < tolerance)

    else:

        def same(x: Any, y: Any) -> bool:
            return bool(x == y)

    if len(given) != len(expected):
        return False
    return all(any(same(x, y) for y in expected) for x in given)


def format_answer(expected: Sequence[Any]) -> str:
    """A reply that states ``expected`` in the formats :func:`check_answer` reads."""

    def one(value: Any) -> str:
        if isinstance(value, dt.datetime):
            return value.strftime(DATE_FORMAT + " %H:%M")
        if isinstance(value, dt.date):
            return value.strftime(DATE_FORMAT)
        if isinstance(value, dt.time):
            return value.strftime("%H:%M")
        if isinstance(value, float) and value.is_integer():
            return str(int(value))
        return str(value)

    return ", ".join(one(v) for v in expected)


# --- noise -------------------------------------------------------------------------------
def compare(value: Any, op: str, other: Any) -> bool:
    """``value op other`` for an exclusion condition's operator."""
    if op == "eq":
        return bool(value == other)
    if op == "gt":
        return bool(value > other)
    if op == "ge":
        return bool(value >= other)
    if op == "lt":
        return bool(value < other)
    if op == "le":
        return bool(value <= other)
    if op == "contains":
        return str(other) in str(value)
    raise ValueError(f"unknown operator {op!r}")


def random_moment(
    rng: random.Random,
    window: dt.timedelta = dt.timedelta(days=14),
    center: dt.datetime = REFERENCE_NOW,
) -> dt.datetime:
    """A whole minute in the window of ``window`` centred on ``center`` (AW's draw)."""
    start = center - window / 2
    return start + dt.timedelta(minutes=rng.randrange(window.days * 24 * 60))


def random_items(rng: random.Random, n: int, make: Any, keep: Any) -> list[Any]:
    """The first ``n`` items ``make()`` draws that ``keep`` accepts (AW's noise rows are
    never equal to each other, each carrying its own random id, so none is dropped as a
    repeat). ``rng`` is named to show where ``make`` draws from."""
    del rng
    items: list[Any] = []
    for _ in range(10_000):
        if len(items) == n:
            return items
        item = make()
        if keep(item):
            items.append(item)
    if len(items) == n:
        return items
    raise ValueError(f"drew 10000 noise rows but only {len(items)} of {n} passed the exclusions")
