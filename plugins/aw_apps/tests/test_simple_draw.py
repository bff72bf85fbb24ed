"""Simple Draw Pro on the virtual phone."""

from __future__ import annotations

import random
from typing import cast

from episodes import noop_fails_and_oracle_succeeds
from screen_checks import ALERT_DIALOG_IDS, find_element, screen_elements, shown_ids, tap_element
from task_runs import click, make, open_app, score, type_text

from droidhub import Action, Device, Env
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
        click(env, text=".svg")
        click(env, text="OK")

    assert score(virtual_env, task, act) == 1.0


DRAW_ID = "com.simplemobiletools.draw.pro:id/"
#: activity_main.xml's and dialog_save_image.xml's ids at tag 6.9.3, menu.xml's
#: shown items, and the Material alert dialog's panels.
DRAW_REAL_IDS = frozenset(
    [
        "main_coordinator",
        "main_toolbar",
        "main_scrollview",
        "main_holder",
        "my_canvas",
        "redo",
        "bucket_fill",
        "eraser",
        "eye_dropper",
        "color_picker",
        "undo",
        "stroke_width_preview",
        "stroke_width_bar",
        "save_image_wrapper",
        "save_image_holder",
        "folder_hint",
        "folder_value",
        "save_image_filename_hint",
        "save_image_filename",
        "save_image_radio_group",
        "save_image_radio_png",
        "save_image_radio_svg",
        "save_image_radio_jpg",
        "menu_save",
        "clear",
        "menu_share",
        *ALERT_DIALOG_IDS,
    ]
)


def test_a_stroke_shows_on_the_canvas_and_the_save_dialog_dims_it(virtual_device: Device) -> None:
    virtual_device.shell(["am", "start", "-n", f"{drawing.PACKAGE}/.activities.MainActivity"])
    try:
        canvas = find_element(virtual_device, resource_id="my_canvas")
        assert canvas.bounds is not None and canvas.bounds.top == 265
        assert "undo" not in {e.resource_id for e in screen_elements(virtual_device)}
        virtual_device.swipe(200, 1000, 900, 1000, 300)
        shot = virtual_device.screenshot().convert("RGB")
        assert shot.getpixel((540, 1000)) == (0, 0, 0)  # the stroke, in the brush colour
        assert shot.getpixel((540, 1400)) == (255, 255, 255)  # the white canvas
        find_element(virtual_device, resource_id="undo")  # shown once there is a stroke
        tap_element(virtual_device, resource_id="menu_save")
        name = find_element(virtual_device, resource_id="save_image_filename")
        assert name.focused and name.text.startswith("image_2023_10_15_")
        radio = find_element(virtual_device, resource_id="save_image_radio_png")
        assert radio.class_name == "android.widget.RadioButton" and radio.checked
        shown = shown_ids(virtual_device, DRAW_ID)
        assert shown <= DRAW_REAL_IDS, shown - DRAW_REAL_IDS
        dimmed = virtual_device.screenshot().convert("RGB").getpixel((300, 350))
        assert max(cast(tuple[int, int, int], dimmed)) < 110  # white under the scrim
    finally:
        virtual_device.shell(["am", "force-stop", drawing.PACKAGE])
