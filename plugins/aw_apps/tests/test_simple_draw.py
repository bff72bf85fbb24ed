"""Simple Draw Pro on the virtual phone."""

from __future__ import annotations

import random

from episodes import noop_fails_and_oracle_succeeds
from task_runs import click, make, open_app, score, type_text

from droidhub import Action, Env
from droidhub_aw_apps.common import storage
from droidhub_aw_apps.simple_draw import model as drawing
from droidhub_aw_apps.simple_draw import tasks as simple_draw


def test_create_drawing(virtual_env: Env) -> None:
    noop_fails_and_oracle_succeeds(virtual_env, make(simple_draw.SimpleDrawProCreateDrawing))


def test_create_drawing_near_miss_saved_in_download(virtual_env: Env) -> None:
    task = make(simple_draw.SimpleDrawProCreateDrawing)
    misplaced = storage.under_sdcard("Download", task.params.file_name)
    act = lambda env: env.device.push(drawing.drawing_bytes(task.params.file_name), misplaced)  # noqa: E731
    try:
        assert score(virtual_env, task, act) == 0.0
    finally:
        virtual_env.device.remove(misplaced)


def test_create_drawing_near_miss_other_extension(virtual_env: Env) -> None:
    task = simple_draw.SimpleDrawProCreateDrawing({"file_name": "sit_calm_owl_copy.svg"})
    act = lambda env: env.device.push(b"png", f"{drawing.PICTURES}/sit_calm_owl_copy.png")  # noqa: E731
    assert score(virtual_env, task, act) == 0.0


def test_drawing_params() -> None:
    params = simple_draw.SimpleDrawProCreateDrawing.generate_random_params(random.Random(1))
    stem, _, ext = params.file_name.rpartition(".")
    assert "." + ext in drawing.DRAWING_EXTENSIONS
    assert stem.split("_")[0] in drawing.DRAWING_WORDS


def test_create_drawing_in_the_app(virtual_env: Env) -> None:
    task = simple_draw.SimpleDrawProCreateDrawing({"file_name": "sit_calm_owl_copy.svg"})

    def act(env: Env) -> None:
        open_app(env, "simple draw pro")
        env.execute_action(Action(action_type="swipe", direction="right"))
        click(env, content_description="Save")
        for _ in range(40):
            env.device.keyevent("KEYCODE_DEL")
        type_text(env, "sit_calm_owl_copy")
        click(env, text="SVG")
        click(env, text="OK")

    assert score(virtual_env, task, act) == 1.0
