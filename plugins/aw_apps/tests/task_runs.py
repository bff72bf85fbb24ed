"""Run one task episode on a virtual phone for the aw_apps tests: set up, act, score,
tear down."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import TypeVar

from droidhub import Action, Env, Observe, TaskEval

T = TypeVar("T", bound=TaskEval)


def make(cls: type[T], seed: int = 0) -> T:
    """An instance of ``cls`` with parameters drawn from ``seed``."""
    return cls(cls.generate_random_params(random.Random(seed)))


@contextmanager
def set_up(env: Env, task: T, go_home: bool = True) -> Iterator[T]:
    """``task`` set up on ``env`` just reset (to the home screen unless ``go_home`` is
    false) for the with-block; torn down after it, also when the block fails."""
    env.reset(go_home=go_home)
    task.initialize_task(env)
    try:
        yield task
    finally:
        task.tear_down(env)


def score(env: Env, task: TaskEval, act: Callable[[Env], object] | None = None) -> float:
    """Set ``task`` up, let ``act`` change the phone, and return the reward; tears down."""
    with set_up(env, task, go_home=task.start_on_home_screen):
        if act is not None:
            act(env)
        return task.is_successful(env)


def open_app(env: Env, name: str) -> None:
    """Open app ``name`` (a name an agent may use) with the ``open_app`` action."""
    env.execute_action(Action(action_type="open_app", app_name=name))


def perform(env: Env, **fields: object) -> None:
    """Carry out the action ``fields`` describe, as AndroidWorld's JSON action
    (``action_type="long_press", index=3``)."""
    env.execute_action(Action.model_validate(fields))


def index_of_id(env: Env, suffix: str) -> int:
    """The index of the first element on screen whose resource id ends with ``suffix``."""
    elements = env.get_state(observe=Observe.UI_TREE).ui_elements
    return next(i for i, e in enumerate(elements) if e.resource_id.endswith(suffix))


def type_text(env: Env, text: str) -> None:
    """Type ``text`` into the focused field with the ``input_text`` action."""
    env.execute_action(Action(action_type="input_text", text=text))


def click(env: Env, **match: str) -> None:
    """Tap the first element whose attributes equal ``match`` (``text="OK"``,
    ``content_description="Send"``), by its index, as an agent would."""
    elements = env.get_state(observe=Observe.UI_TREE).ui_elements
    for index, element in enumerate(elements):
        if all(getattr(element, key) == value for key, value in match.items()):
            env.execute_action(Action(action_type="click", index=index))
            return
    shown = [e.text or e.content_description for e in elements]
    raise AssertionError(f"nothing on screen matches {match}; shown: {shown}")


def index_scrolled_to(env: Env, text: str, scrolls: int = 5) -> int:
    """The index of the element showing ``text``, scrolling the list down (at most
    ``scrolls`` times) until it shows; fails if it never does."""
    for _ in range(scrolls):
        elements = env.get_state(observe=Observe.UI_TREE).ui_elements
        for index, element in enumerate(elements):
            if element.text == text:
                return index
        env.execute_action(Action(action_type="scroll", direction="down"))
    raise AssertionError(f"{text!r} is not on screen after {scrolls} scrolls down")
