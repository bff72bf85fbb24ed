"""Information-retrieval tasks built from spec files (see :mod:`droidhub_aw_apps.common.ir_spec`).

:func:`build_task` turns an :class:`~droidhub_aw_apps.common.ir_spec.IRSpec` into a
:class:`droidhub.TaskEval` subclass that behaves as AndroidWorld's task of that name:

- ``generate_random_params(rng)`` draws one value per param, in the spec's order;
- the goal and the set-up come from one generator seeded with the instance seed, as AW
  reseeds before set-up: :func:`~droidhub_aw_apps.common.ir_instance.fill` fills the
  rows in and rewords the question's dates, and the same generator then draws the app's
  noise rows (:meth:`~droidhub_aw_apps.common.ir_app.IRApp.app_rows`);
- ``initialize_task`` writes the rows into the app's database through the Device;
- ``is_successful`` judges the agent's ``answer`` against the answer computed from the
  answer rows, as AW does (:func:`~droidhub_aw_apps.common.ir_instance.check_answer`);
- ``oracle`` states that answer; ``tear_down`` puts the app's database back.
"""

from __future__ import annotations

import hashlib
import importlib
import random
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar

from pydantic import BaseModel, ConfigDict, create_model

from droidhub import Evaluator, Footprint, StateRefs, TaskEval
from droidhub_aw_apps.common.ir_app import IRApp
from droidhub_aw_apps.common.ir_instance import (
    Filled,
    cast_answers,
    check_answer,
    expected_answers,
    fill,
    format_answer,
)
from droidhub_aw_apps.common.ir_spec import Expectation, IRSpec, builtin_specs

if TYPE_CHECKING:
    from droidhub import Env

#: The module of each app key's :class:`IRApp` (as ``IR_APP``).
APP_MODULES = {
    "calendar": "droidhub_aw_apps.calendar.ir",
    "tasks": "droidhub_aw_apps.tasks_app.ir",
    "sports": "droidhub_aw_apps.sports_tracker.ir",
    "notes": "droidhub_aw_apps.joplin.ir",
}


def ir_app(key: str) -> IRApp:
    """The :class:`IRApp` a spec's ``app`` names."""
    app: IRApp = importlib.import_module(APP_MODULES[key]).IR_APP
    return app


class IRTask(TaskEval):
    """Base of the tasks built from IR specs; see :func:`build_task`."""

    spec: ClassVar[IRSpec]

    def __init__(self, params: BaseModel | Mapping[str, Any] | None = None) -> None:
        super().__init__(params)
        self._saved: bytes | None = None
        self._filled: tuple[Filled, tuple[Any, ...]] | None = None

    @classmethod
    def generate_random_params(cls, rng: random.Random) -> BaseModel:
        """One value per param, drawn in the spec's order (AW's draw)."""
        return cls.Params.model_validate({p.name: rng.choice(p.values) for p in cls.spec.params})

    @property
    def app(self) -> IRApp:
        """The app the question is about."""
        return ir_app(self.spec.app)

    def _seed(self) -> int:
        if self.instance_seed is not None:
            return self.instance_seed
        # A task made from params alone: a seed of its own, the same on every run.
        text = f"{self.name}:{self.params.model_dump_json()}"
        return int.from_bytes(hashlib.sha256(text.encode()).digest()[:4], "big")

    def filled(self) -> tuple[Filled, random.Random]:
        """The instance filled in, and the generator positioned where set-up goes on
        to draw the noise."""
        if self._filled is None:
            rng = random.Random(self._seed())
            done = fill(self.spec, self.params.model_dump(), self.app.fields, rng)
            self._filled = (done, rng.getstate())
        rng = random.Random()
        rng.setstate(self._filled[1])
        return self._filled[0], rng

    @property
    def goal(self) -> str:
        """The question with its dates reworded, as AW's agent reads it."""
        return self.filled()[0].goal

    def expected(self) -> list[Any]:
        """The answer, computed from the answer rows as the app stores them."""
        done, _ = self.filled()
        app = self.app
        return expected_answers(app.answer_rows(done.rows), done.expect, app.rows_field)

    def initialize_task(self, env: Env) -> None:
        """Write the answer rows and AW's noise into the app's database."""
        super().initialize_task(env)
        done, rng = self.filled()
        rows = self.app.app_rows(done.rows, done.exclude, rng)
        self._saved = self.app.write(env.device, rows)
        self.details["truth"] = format_answer(self.expected())

    def is_successful(self, env: Env) -> float:
        """1.0 when the agent's answer matches the expected one as AW matches it."""
        done, _ = self.filled()
        return 1.0 if check_answer(env.answer, done.expect, self.expected()) else 0.0

    def oracle(self, env: Env) -> str:
        """The expected answer, stated as AW reads answers."""
        del env
        return format_answer(self.expected())

    def tear_down(self, env: Env) -> None:
        """Restore the app's database files as set-up found them."""
        if self._saved is not None:
            self.app.restore(env.device, self._saved)
            self._saved = None
        super().tear_down(env)


def build_task(spec: IRSpec) -> type[IRTask]:
    """A :class:`IRTask` subclass named after the spec."""
    app = ir_app(spec.app)
    problems = [
        f"rows[{i}].{k}" for i, row in enumerate(spec.rows) for k in row if k not in app.fields
    ]
    if problems:
        raise ValueError(
            f"IR spec {spec.name}: unknown {spec.app} field(s) {', '.join(problems)}; "
            f"{spec.app} rows have {', '.join(app.fields)}"
        )
    fields: dict[str, Any] = {p.name: (str, ...) for p in spec.params}
    params_model = create_model(
        f"{spec.name}Params", __config__=ConfigDict(extra="forbid", frozen=True), **fields
    )
    attrs = {
        "spec": spec,
        "name": spec.name,
        "template": spec.prompt,
        "app_names": app.app_names[:1],
        "complexity": spec.complexity,
        "difficulty": spec.difficulty,
        "tags": tuple(spec.tags),
        "Params": params_model,
        "footprint": Footprint(writes=StateRefs(paths=frozenset({app.table.db_path}))),
        "__doc__": f"IR question about {app.app_names[0]}: {spec.prompt}",
        "__module__": __name__,
    }
    return type(spec.name, (IRTask,), attrs)


def tasks_from_specs(specs: Sequence[IRSpec]) -> list[type[IRTask]]:
    """Task classes for ``specs``, each checked against its app's fields."""
    return [build_task(spec) for spec in specs]


def _ir_answer(
    env: Env, expected: str, match: str = "string", tolerance: float | None = None
) -> float:
    """1.0 when the agent's answer matches ``expected`` (comma-separated for a list)."""
    expect = [Expectation(value="-", match=match, tolerance=tolerance)]  # type: ignore[arg-type]
    truth = [part.strip() for part in expected.split(",")]
    try:
        answers = cast_answers([match], truth)
    except ValueError as exc:
        raise ValueError(f"ir_answer: expected {expected!r} is not a {match} answer") from exc
    return 1.0 if check_answer(env.answer, expect, answers) else 0.0


EVALUATORS = (
    Evaluator(
        "ir_answer",
        "the agent's answer matches the expected one as AndroidWorld matches IR answers "
        "(a comma-separated list, each part as a string, number, date or time)",
        _ir_answer,
    ),
)

TASKS: tuple[type[IRTask], ...] = tuple(tasks_from_specs(builtin_specs()))
APPS: tuple[Any, ...] = ()


def virtual_apps() -> list[Any]:
    """IR tasks bring no app models of their own: each app module brings its model."""
    return []
