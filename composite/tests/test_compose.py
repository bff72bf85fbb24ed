"""Composition: params, links, goals, rewards, conflicts and spec files (no device needed)."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest
from pydantic import BaseModel

from droidhub import Footprint, Registry, StateRefs, TaskEval, TaskFamily
from droidhub_composite.compose import CompositionError, compose
from droidhub_composite.spec import CompositeSpec, SpecFileError, load_specs, random_specs

NOTES = "/sdcard/Documents/Markor"


class NoteParams(BaseModel):
    file_name: str
    text: str


class SmsParams(BaseModel):
    number: str
    message: str


class MakeNote(TaskEval):
    template = "Create a note {file_name} saying {text}."
    app_names = ("markor",)
    complexity = 1.2
    difficulty = "medium"
    tags = ("data_entry",)
    Params = NoteParams
    footprint = Footprint(writes=StateRefs(paths=frozenset({NOTES})))

    @classmethod
    def generate_random_params(cls, rng: random.Random) -> NoteParams:
        return NoteParams(file_name=f"n{rng.randrange(100)}.md", text=rng.choice(["hi", "yo"]))

    def is_successful(self, env):
        return env.scores["note"]


class SendSms(TaskEval):
    template = "Send {message} to {number}."
    app_names = ("sms",)
    complexity = 0.6
    difficulty = "easy"
    Params = SmsParams
    footprint = Footprint(writes=StateRefs(content_uris=frozenset({"content://sms"})))

    @classmethod
    def generate_random_params(cls, rng: random.Random) -> SmsParams:
        return SmsParams(number=f"+1555{rng.randrange(10**4):04d}", message="x")

    def is_successful(self, env):
        return env.scores["sms"]


class EditNote(MakeNote):
    template = "Edit note {file_name}."


class CountNotes(TaskEval):
    template = "How many notes?"
    app_names = ("files",)
    footprint = Footprint(reads=StateRefs(paths=frozenset({NOTES + "/a.md"})))

    def is_successful(self, env):
        return 0.0


class FakeEnv:
    """Stands in for the env only to hand sub-tasks their scores (no device is touched)."""

    def __init__(self, **scores: float) -> None:
        self.scores = scores


def test_params_are_namespaced_and_links_derive_values() -> None:
    cls = compose(
        [MakeNote, SendSms],
        name="NoteThenSms",
        aliases=["note", "sms"],
        links=["sms.message=note.text"],
    )
    params = cls.generate_random_params(random.Random(3))
    assert params.sms.message == params.note.text
    task = cls(params)
    assert task.goal == (
        f"Create a note {params.note.file_name} saying {params.note.text}. "
        f"Then, send {params.sms.message} to {params.sms.number}."
    )
    assert cls.complexity == pytest.approx(1.8)
    assert cls.app_names == ("markor", "sms")
    assert cls.difficulty == "medium"
    assert cls.tags == ("composite", "data_entry")
    # Same seed, same composite instance.
    assert cls.generate_random_params(random.Random(3)) == params


def test_reward_is_the_mean_of_sub_rewards_and_each_is_recorded() -> None:
    cls = compose([MakeNote, SendSms], aliases=["note", "sms"])
    task = cls(cls.generate_random_params(random.Random(0)))
    assert task.is_successful(FakeEnv(note=1.0, sms=0.0)) == 0.5
    assert task.details["sub_rewards"] == {"note": 1.0, "sms": 0.0}
    assert task.is_successful(FakeEnv(note=1.0, sms=1.0)) == 1.0


def test_conflicting_footprints_are_refused_naming_both_tasks() -> None:
    with pytest.raises(CompositionError) as err:
        compose([MakeNote, EditNote])
    assert str(err.value) == (
        "cannot compose MakeNote + EditNote: MakeNote and EditNote both write "
        "/sdcard/Documents/Markor"
    )


def test_a_later_task_may_read_what_an_earlier_writes_but_not_the_reverse() -> None:
    compose([MakeNote, CountNotes])
    with pytest.raises(
        CompositionError,
        match=re.escape(
            "MakeNote writes /sdcard/Documents/Markor/a.md, which the earlier CountNotes"
        ),
    ):
        compose([CountNotes, MakeNote])


@pytest.mark.parametrize(
    ("links", "message"),
    [
        (["sms.body=note.text"], "task SendSms has no parameter 'body' (it has number, message)"),
        (["mail.message=note.text"], "unknown alias 'mail'; aliases are note, sms"),
        (["note.text=sms.message"], "the source must be an earlier sub-task"),
        (["sms.message"], "bad link 'sms.message'"),
    ],
)
def test_bad_links_are_explained(links: list[str], message: str) -> None:
    with pytest.raises(CompositionError, match=re.escape(message)):
        compose([MakeNote, SendSms], aliases=["note", "sms"], links=links)


def test_goal_template_uses_aliases() -> None:
    cls = compose(
        [MakeNote, SendSms],
        aliases=["note", "sms"],
        goal="Note {note.file_name}; text {sms.number}",
    )
    task = cls({"note": {"file_name": "a.md", "text": "t"}, "sms": {"number": "1", "message": "m"}})
    assert task.goal == "Note a.md; text 1"
    with pytest.raises(CompositionError, match="goal template uses mail"):
        compose([MakeNote, SendSms], aliases=["note", "sms"], goal="{mail.x}")


def _registry() -> Registry:
    return Registry([TaskFamily("t", "test", tasks=[MakeNote, SendSms, EditNote, CountNotes])])


def test_spec_file_round_trip_and_validation(tmp_path: Path) -> None:
    spec = CompositeSpec(
        name="NoteAndSms",
        tasks=["t/MakeNote", "t/SendSms"],
        aliases=["note", "sms"],
        links=["sms.message = note.text"],
        goal='Say "{note.text}"',
        difficulty="hard",
        tags=["multi_app"],
    )
    path = tmp_path / "c.toml"
    path.write_text(spec.to_toml(), encoding="utf-8")
    loaded = load_specs(path)
    assert loaded == [spec]
    cls = loaded[0].build(_registry())
    assert (cls.name, cls.difficulty) == ("NoteAndSms", "hard")
    assert "multi_app" in cls.tags
    path.write_text('[[composite]]\nname = "X"\ntasks = ["t/MakeNote", "t/SendSms"]\ncolour = 1\n')
    with pytest.raises(SpecFileError, match="composite X: colour: Extra inputs"):
        load_specs(path)
    path.write_text('[[composite]]\nname = "Y"\ntasks = ["t/MakeNote"]\n')
    with pytest.raises(SpecFileError, match="at least two tasks"):
        load_specs(path)


def test_random_composites_are_reproducible_and_compatible() -> None:
    reg = _registry()
    a = random_specs(reg, k=2, count=2, seed=5)
    b = random_specs(reg, k=2, count=2, seed=5)
    assert a == b
    for spec in a:
        cls = spec.build(reg)  # builds: footprints are compatible
        assert len(set(cls.app_names)) == 2
    with pytest.raises(CompositionError, match="found only"):
        random_specs(reg, k=4, count=1, seed=5)
