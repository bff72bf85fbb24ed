"""Flat params (``flat_params``): a composite's params as AndroidWorld's own multi-app
tasks keep them, the listed fields side by side (no device needed)."""

from __future__ import annotations

import random

import pytest
from pydantic import BaseModel
from test_compose import MakeNote, SendSms

from droidhub import Footprint, TaskEval
from droidhub.plugins import catalog
from droidhub.tasks.suite import make_instance
from droidhub_composite.compose import CompositeTask, CompositionError, compose
from droidhub_composite.spec import CompositeSpec


class SwitchParams(BaseModel):
    on_or_off: str


class SwitchOn(TaskEval):
    """A task whose only param its class fixes (as SystemWifiTurnOn's)."""

    template = "Turn it {on_or_off}."
    Params = SwitchParams
    footprint = Footprint()

    @classmethod
    def generate_random_params(cls, rng: random.Random) -> SwitchParams:
        del rng
        return SwitchParams(on_or_off="on")

    def is_successful(self, env):
        return 1.0


def _note_then_sms(flat: list[str]) -> type[CompositeTask]:
    return compose(
        [MakeNote, SendSms],
        aliases=["note", "sms"],
        links=["sms.message=note.text"],
        goal="Note {note.file_name}: {note.text}; text it to {sms.number}",
        flat_params=flat,
    )


def test_flat_params_hold_the_listed_fields_and_the_parts_get_theirs() -> None:
    cls = _note_then_sms(["note.file_name", "note.text", "sms.number"])
    params = cls.generate_random_params(random.Random(3))
    nested = compose(
        [MakeNote, SendSms], aliases=["note", "sms"], links=["sms.message=note.text"]
    ).generate_random_params(random.Random(3))
    # The same draws as nested params, side by side; the linked message only once.
    assert params.model_dump() == {
        "file_name": nested.note.file_name,
        "text": nested.note.text,
        "number": nested.sms.number,
    }
    task = cls(params)
    note, sms = (part.params.model_dump() for part in task.parts)
    assert note == nested.note.model_dump()
    assert sms == {"number": nested.sms.number, "message": nested.note.text}
    assert task.goal == (f"Note {note['file_name']}: {note['text']}; text it to {sms['number']}")


def test_a_field_left_out_must_be_one_its_task_fixes() -> None:
    with pytest.raises(CompositionError, match=r"draws sms\.number; list it in flat_params"):
        _note_then_sms(["note.file_name", "note.text"])
    with pytest.raises(CompositionError, match=r"no such field note\.title"):
        _note_then_sms(["note.file_name", "note.text", "sms.number", "note.title"])
    fixed = compose(
        [SwitchOn, MakeNote],
        aliases=["switch", "note"],
        flat_params=["note.text", "note.file_name"],
    )
    task = fixed(fixed.generate_random_params(random.Random(0)))
    assert set(task.params.model_dump()) == {"file_name", "text"}
    assert task.parts[0].params.model_dump() == {"on_or_off": "on"}


def test_a_spec_keeps_flat_params_and_complexity_through_toml() -> None:
    spec = CompositeSpec(
        name="NoteThenSms",
        tasks=["a/MakeNote", "a/SendSms"],
        aliases=["note", "sms"],
        links=["sms.message = note.text"],
        complexity=1.8,
        flat_params=["note.file_name", "note.text", "sms.number"],
    )
    text = spec.to_toml()
    assert 'flat_params = ["note.file_name", "note.text", "sms.number"]' in text
    assert "complexity = 1.8" in text


def test_androidworlds_composites_have_flat_params_and_its_budgets() -> None:
    family = catalog.registry().family("composite")
    keys = {
        "MarkorCreateNoteAndSms": ({"file_name", "text", "number"}, 18),
        "TurnOnWifiAndOpenApp": ({"app_name"}, 20),
        "TurnOffWifiAndTurnOnBluetooth": (set(), 20),
    }
    for name, (fields, budget) in keys.items():
        task = family.get(name)
        assert set(make_instance(task, 0, 0).params) == fields, name
        assert task.step_budget() == budget, name
