"""Saving a copy of a receipt (Simple Gallery Pro) on the virtual phone."""

from __future__ import annotations

from pathlib import Path
from typing import cast

from episodes import noop_fails_and_oracle_succeeds
from PIL import Image
from screen_checks import find_element, screen_elements, tap_element
from task_runs import click, make, open_app, score, set_up

from droidhub import Action, Device, Env, Observe
from droidhub_aw_apps.gallery import model as pictures
from droidhub_aw_apps.gallery import tasks as gallery


def test_save_copy_of_receipt(virtual_env: Env) -> None:
    noop_fails_and_oracle_succeeds(virtual_env, make(gallery.SaveCopyOfReceiptTaskEval))


def test_receipt_is_a_jpeg_in_dcim(virtual_env: Env) -> None:
    task = make(gallery.SaveCopyOfReceiptTaskEval)
    with set_up(virtual_env, task):
        assert virtual_env.device.pull(task.original)[:2] == b"\xff\xd8"
    assert virtual_env.device.listdir(pictures.DCIM) == []


def test_near_miss_copy_with_another_name(virtual_env: Env) -> None:
    task = make(gallery.SaveCopyOfReceiptTaskEval)

    def act(env: Env) -> None:
        data = env.device.pull(task.original)
        env.device.push(data, f"{pictures.DOWNLOAD}/copy_{task.params.file_name}")

    assert score(virtual_env, task, act) == 0.0


def test_near_miss_moved_within_dcim(virtual_env: Env) -> None:
    task = make(gallery.SaveCopyOfReceiptTaskEval)

    def act(env: Env) -> None:
        env.device.push(
            env.device.pull(task.original), f"{pictures.DCIM}/Download/{task.params.file_name}"
        )

    assert score(virtual_env, task, act) == 0.0


def _receipt_to_download(env: Env, file_name: str, how: str) -> None:
    """In the gallery app, open DCIM's ``file_name`` and ``Copy to`` / ``Move to`` Download."""
    open_app(env, "simple gallery pro")
    click(env, text="DCIM")
    click(env, content_description=file_name)
    click(env, content_description="More options")
    click(env, text=how)
    # the picker's grid holds two folders a row: Download is below the fold
    grid = next(
        i
        for i, e in enumerate(env.get_state(observe=Observe.UI_TREE).ui_elements)
        if e.resource_id.endswith(":id/directories_grid")
    )
    env.execute_action(Action(action_type="scroll", direction="down", index=grid))
    click(env, text="Download")


def test_copy_in_the_gallery_app(virtual_env: Env) -> None:
    task = make(gallery.SaveCopyOfReceiptTaskEval)

    def act(env: Env) -> None:
        _receipt_to_download(env, task.params.file_name, "Copy to")

    assert score(virtual_env, task, act) == 1.0


def test_moving_the_receipt_also_counts_as_in_androidworld(
    virtual_env: Env,
) -> None:
    # AndroidWorld checks only that Download holds the file: a move passes too.
    task = make(gallery.SaveCopyOfReceiptTaskEval)

    def act(env: Env) -> None:
        _receipt_to_download(env, task.params.file_name, "Move to")
        assert not env.device.exists(task.original)

    assert score(virtual_env, task, act) == 1.0


GALLERY_ID = "com.simplemobiletools.gallery.pro:id/"


def test_the_folders_and_media_show_thumbnails_of_the_files_and_delete_after_a_dialog(
    virtual_device: Device, tmp_path: Path
) -> None:
    picture = tmp_path / "red.png"
    Image.new("RGB", (300, 200), (220, 20, 20)).save(picture)
    for n in range(4):
        virtual_device.push(picture.read_bytes(), f"{pictures.DCIM}/red{n}.png")
    virtual_device.shell(["am", "start", "-n", f"{pictures.PACKAGE}/.activities.MainActivity"])
    try:
        cover = find_element(virtual_device, resource_id="dir_thumbnail")
        assert (
            cover.bounds is not None and cover.bounds.right - cover.bounds.left == 534
        )  # 2 columns
        shot = virtual_device.screenshot().convert("RGB")
        assert shot.getpixel((cover.bounds.left + 50, cover.bounds.top + 50)) == (220, 20, 20)
        tap_element(virtual_device, resource_id="dir_name", text="DCIM")
        cells = [
            e
            for e in screen_elements(virtual_device)
            if e.resource_id == GALLERY_ID + "medium_thumbnail"
        ]
        assert (
            len(cells) == 4 and cells[3].bounds is not None and cells[3].bounds.left < 10
        )  # 3 a row
        assert find_element(virtual_device, resource_id="media_grid").class_name.endswith(
            "RecyclerView"
        )
        tap_element(virtual_device, content_description="red0.png")
        tap_element(virtual_device, content_description="Delete")
        find_element(virtual_device, resource_id="delete_remember_title")
        dimmed = virtual_device.screenshot().convert("RGB").getpixel((540, 300))
        assert max(cast(tuple[int, int, int], dimmed)) < 110  # the toolbar under the scrim
        tap_element(virtual_device, text="YES")
        names = virtual_device.shell(["ls", pictures.DCIM]).split()
        assert "red0.png" not in names and "red1.png" in names
    finally:
        virtual_device.shell(["am", "force-stop", pictures.PACKAGE])
        for n in range(4):
            virtual_device.shell(["rm", "-f", f"{pictures.DCIM}/red{n}.png"])


def test_the_viewer_and_the_folder_picker_show_what_the_real_app_shows(
    virtual_device: Device, tmp_path: Path
) -> None:
    # Default settings: the four default bottom buttons, the top shadow, a folder
    # picker titled Select destination with its search field (toolbar invisible) and
    # the Show hidden button, which goes once tapped.
    picture = tmp_path / "white.png"
    Image.new("RGB", (300, 200), (255, 255, 255)).save(picture)
    virtual_device.push(picture.read_bytes(), f"{pictures.DCIM}/white.png")
    virtual_device.shell(["am", "start", "-n", f"{pictures.PACKAGE}/.activities.MainActivity"])
    try:
        shadow = find_element(virtual_device, resource_id="dir_shadow_holder")
        assert shadow.bounds is not None
        shot = virtual_device.screenshot().convert("RGB")
        x = shadow.bounds.left + 20
        top_ink = shot.getpixel((x, shadow.bounds.top + 2))
        bottom_ink = shot.getpixel((x, shadow.bounds.bottom - 2))
        assert sum(cast(tuple[int, int, int], bottom_ink)) < sum(
            cast(tuple[int, int, int], top_ink)
        )  # the gradient darkens to the cell's bottom
        tap_element(virtual_device, resource_id="dir_name", text="DCIM")
        tap_element(virtual_device, content_description="white.png")
        ids = {e.resource_id.removeprefix(GALLERY_ID) for e in screen_elements(virtual_device)}
        bottom = {i for i in ids if i.startswith("bottom_")}
        assert bottom == {
            "bottom_actions", "bottom_favorite", "bottom_edit", "bottom_share", "bottom_delete"
        }  # fmt: skip
        assert "top_shadow" in ids and {"menu_rotate", "menu_properties"} <= ids
        tap_element(virtual_device, content_description="More options")
        titles = [
            e.text for e in screen_elements(virtual_device) if e.resource_id.endswith("title")
        ]
        assert titles[:4] == ["Rename", "Hide", "Copy to", "Move to"] and titles[-1] == "Settings"
        tap_element(virtual_device, text="Copy to")
        find_element(virtual_device, text="Select destination")
        search = find_element(virtual_device, resource_id="top_toolbar_search")
        assert search.text == "Search folders"  # the hint of an empty field
        ids = {e.resource_id.removeprefix(GALLERY_ID) for e in screen_elements(virtual_device)}
        assert "folder_search_view" in ids and "top_toolbar" not in ids
        tap_element(virtual_device, resource_id="directories_show_hidden")
        ids = {e.resource_id.removeprefix(GALLERY_ID) for e in screen_elements(virtual_device)}
        assert "directories_show_hidden" not in ids and "directories_grid" in ids
        tap_element(virtual_device, text="CANCEL")
        assert "directories_grid" not in {e.resource_id for e in screen_elements(virtual_device)}
    finally:
        virtual_device.shell(["am", "force-stop", pictures.PACKAGE])
        virtual_device.shell(["rm", "-f", f"{pictures.DCIM}/white.png"])
