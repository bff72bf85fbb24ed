"""TaskEval: parameters, goals, budgets, oracles and footprints."""

from __future__ import annotations

import random

import pytest
from pydantic import BaseModel

from droidhub import Footprint, StateRefs, TaskEval, TaskParamsError


class Params(BaseModel):
    number: str
    message: str


class Word(BaseModel):
    word: str


class SendSms(TaskEval):
    template = "Send a text message to {number} with message: {message}"
    complexity = 1.5
    params: Params

    @classmethod
    def generate_random_params(cls, rng: random.Random) -> Params:
        return Params(number=f"+1555{rng.randrange(10**6):06d}", message=rng.choice("abc"))

    def is_successful(self, env):
        return 0.0


def test_the_params_annotation_states_the_model() -> None:
    assert SendSms.Params is Params

    class Reply(SendSms):  # a subclass keeps its parent's model
        pass

    assert Reply.Params is Params
    assert isinstance(Reply({"number": "1", "message": "m"}).params, Params)


def test_a_params_model_may_still_be_set_as_a_class_attribute() -> None:
    class Legacy(TaskEval):
        Params = Params

        def is_successful(self, env):
            return 0.0

    assert Legacy({"number": "1", "message": "m"}).params == Params(number="1", message="m")


def test_an_annotation_and_a_params_attribute_that_disagree_are_refused() -> None:
    with pytest.raises(TypeError, match="params is annotated Word but Params is Params"):

        class Torn(TaskEval):
            Params = Params
            params: Word

            def is_successful(self, env):
                return 0.0


def test_goal_renders_from_params() -> None:
    task = SendSms({"number": "+15550001", "message": "hi there"})
    assert task.goal == "Send a text message to +15550001 with message: hi there"
    assert task.name == "SendSms"


def test_bad_params_name_the_field() -> None:
    with pytest.raises(
        TaskParamsError, match="bad parameters for task SendSms: message: Field required"
    ):
        SendSms({"number": "+1"})


def test_random_params_depend_only_on_the_rng() -> None:
    a = SendSms.generate_random_params(random.Random(7))
    b = SendSms.generate_random_params(random.Random(7))
    c = SendSms.generate_random_params(random.Random(8))
    assert a == b
    assert a != c


def test_step_budget_is_ten_times_complexity() -> None:
    assert SendSms({"number": "1", "message": "m"}).max_steps == 15


def test_oracle_presence_is_detected() -> None:
    class WithOracle(SendSms):
        def oracle(self, env):
            return None

    assert WithOracle.has_oracle()
    assert not SendSms.has_oracle()
    with pytest.raises(NotImplementedError, match="task SendSms has no oracle"):
        SendSms({"number": "1", "message": "m"}).oracle(None)  # type: ignore[arg-type]


def test_footprint_overlap_by_path_prefix_and_setting() -> None:
    a = StateRefs(
        paths=frozenset({"/sdcard/Documents/Markor"}), settings=frozenset({"global/wifi_on"})
    )
    b = StateRefs(paths=frozenset({"/sdcard/Documents/Markor/note.md"}))
    c = StateRefs(
        settings=frozenset({"global/wifi_on"}), paths=frozenset({"/sdcard/Documents/Mark"})
    )
    assert a.overlap(b) == ["/sdcard/Documents/Markor/note.md"]
    assert a.overlap(c) == ["global/wifi_on"]
    both = Footprint(writes=a).union(Footprint(reads=b))
    assert both.writes == a and both.reads == b
