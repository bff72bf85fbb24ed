"""VLC as an agent uses it: playlists made on its screens, and a video watched frame by
frame for Markor's transcription task."""

from __future__ import annotations

import datetime as dt
import io
from collections.abc import Callable, Sequence
from typing import cast

import numpy as np
from PIL import Image
from screen_checks import choose_from_overflow, find_element, shown_ids, tap_element
from task_runs import click, index_scrolled_to, make, open_app, perform, score, set_up

from droidhub import Device, Env, Observe
from droidhub_aw_apps import markor
from droidhub_aw_apps.common import media_files
from droidhub_aw_apps.vlc import model as vlc_model
from droidhub_aw_apps.vlc import tasks as vlc


def _to_top(env: Env) -> None:
    for _ in range(3):
        perform(env, action_type="scroll", direction="up")


def _make_playlist(files: Sequence[str], playlist_name: str) -> Callable[[Env], None]:
    """Select ``files`` in this order (a long press, then taps) and save them as a playlist."""

    def act(env: Env) -> None:
        open_app(env, "vlc")
        first, *rest = files
        perform(env, action_type="long_press", index=index_scrolled_to(env, first))
        for name in rest:
            _to_top(env)
            perform(env, action_type="click", index=index_scrolled_to(env, name))
        click(env, content_description="More options")  # the action mode's overflow
        click(env, text="Add to playlist")
        elements = env.get_state(observe=Observe.UI_TREE).ui_elements
        field = next(i for i, e in enumerate(elements) if e.class_name.endswith("EditText"))
        # input_text ends with Enter, which the sheet's field takes as "add".
        perform(env, action_type="input_text", text=playlist_name, index=field)

    return act


def test_create_playlist_by_selecting_videos_in_order(virtual_env: Env) -> None:
    task = make(vlc.VlcCreatePlaylist, seed=3)
    p = task.params
    assert score(virtual_env, task, _make_playlist(p.files, p.playlist_name)) == 1.0


def test_videos_selected_out_of_order_are_a_near_miss(virtual_env: Env) -> None:
    task = make(vlc.VlcCreatePlaylist, seed=3)
    p = task.params
    assert score(virtual_env, task, _make_playlist(p.files[::-1], p.playlist_name)) == 0.0


def _video_pixels(env: Env, size: tuple[int, int]) -> tuple[Image.Image, tuple[int, int]]:
    """The player's picture as the screen shows it: a ``size`` frame fitted whole into
    ``surface_video`` and centred; and the size it is drawn at."""
    elements = env.get_state(observe=Observe.UI_TREE).ui_elements
    surface = next(e for e in elements if e.resource_id == f"{vlc.PACKAGE}:id/surface_video")
    assert surface.class_name == "android.view.SurfaceView" and surface.bounds is not None
    box = surface.bounds
    width, height = box.right - box.left, box.bottom - box.top
    scale = min(width / size[0], height / size[1])
    w, h = round(size[0] * scale), round(size[1] * scale)
    x, y = box.left + (width - w) // 2, box.top + (height - h) // 2
    shot = env.device.screenshot().convert("RGB")
    return shot.crop((x + 2, y + 2, x + w - 2, y + h - 2)), (w, h)


def _difference(one: Image.Image, other: Image.Image) -> float:
    """The mean absolute difference of two pictures' pixels, 0 to 255."""
    a = np.asarray(one, dtype=np.int16)
    b = np.asarray(other, dtype=np.int16)
    return float(np.abs(a - b).mean())


def test_watching_the_transcription_video_shows_each_name_in_turn(virtual_env: Env) -> None:
    task = make(markor.MarkorTranscribeVideo, seed=2)
    p = task.params
    with set_up(virtual_env, task):
        dev = virtual_env.device
        open_app(virtual_env, "vlc")
        perform(
            virtual_env, action_type="click", index=index_scrolled_to(virtual_env, p.video_name)
        )
        start = dev.now()
        frames = [
            Image.open(io.BytesIO(media_files.message_frame(m, i))).convert("RGB")
            for i, m in enumerate(p.messages)
        ]
        for i, frame in enumerate(frames):
            dev.set_time(start + dt.timedelta(seconds=8 * i + 1))
            shown, (w, h) = _video_pixels(virtual_env, frame.size)
            expected = frame.resize((w, h)).crop((2, 2, w - 2, h - 2))
            assert _difference(shown, expected) < 12, p.messages[i]
            for j, other in enumerate(frames):
                if j != i:  # and it is no other name's picture
                    wrong = other.resize((w, h)).crop((2, 2, w - 2, h - 2))
                    assert _difference(shown, wrong) > 2 * _difference(shown, expected)
        dev.set_time(start)


VLC_ID = f"{vlc.PACKAGE}:id/"
#: The ids of main.xml, toolbar.xml, video_grid.xml, video_grid_card.xml,
#: dialog_playlist.xml, simple_item.xml, playlists_fragment.xml (playlist_list, the
#: include's id) and audio_browser_card_item.xml at tag 3.5.4; action_mode_video's and
#: activity_option's item ids; Material's bottom-sheet and navigation item views;
#: AppCompat's action mode bar.
VLC_REAL_IDS = frozenset(
    [
        "coordinator",
        "appbar",
        "main_toolbar",
        "toolbar_icon",
        "toolbar_vlc_title",
        "fragment_placeholder",
        "fab",
        "navigation",
        "nav_video",
        "nav_audio",
        "nav_directories",
        "nav_playlists",
        "nav_more",
        "swipeLayout",
        "video_grid",
        "empty_loading",
        "container",
        "ml_item_thumbnail",
        "item_more",
        "selected_check",
        "ml_item_title",
        "ml_item_time",
        "textView9",
        "medias2",
        "dialog_playlist_name",
        "textView8",
        "medias",
        "progressBar2",
        "dialog_list_container",
        "list",
        "empty",
        "dialog_playlist_save",
        "imageView8",
        "textView16",
        "subtitle",
        "playlist_list",
        "media_cover_container",
        "media_cover",
        "title",
        "ml_menu_filter",
        "ml_menu_sortby",
        "action_video_info",
        "action_video_play",
        "action_video_share",
        "action_video_play_audio",
        "coordinator",
        "touch_outside",
        "design_bottom_sheet",
        "navigation_bar_item_icon_view",
        "navigation_bar_item_labels_group",
        "navigation_bar_item_large_label_view",
        "navigation_bar_item_small_label_view",
        "action_mode_bar",
        "action_mode_close_button",
        "action_bar_title",
        "action_bar_subtitle",
    ]
)


def test_video_cards_the_action_mode_and_the_playlist_sheet(virtual_device: Device) -> None:
    names = ["clip_a.mp4", "clip_b.mp4", "clip_c.mp4"]
    for i, name in enumerate(names):
        video = media_files.video_with_messages([f"first {i}", f"second {i}"], 5)
        virtual_device.push(video, f"{vlc.VIDEOS_DATA}/{name}")
    virtual_device.shell(["am", "start", "-n", f"{vlc_model.PACKAGE}/{vlc_model.ACTIVITY}"])
    try:
        title = find_element(virtual_device, text="clip_a.mp4")
        assert title.resource_id == VLC_ID + "ml_item_title"
        assert find_element(virtual_device, resource_id="ml_item_time").text == "0:10"
        thumb = find_element(virtual_device, resource_id="ml_item_thumbnail")
        assert thumb.bounds is not None
        shot = virtual_device.screenshot().convert("RGB")
        box = thumb.bounds
        width, height = box.right - box.left, box.bottom - box.top
        shown = shot.crop((box.left + 4, box.top + 4, box.right - 4, box.bottom - 4))

        def cropped(message: str, seed: int) -> Image.Image:
            """The video's first picture centre-cropped into the card, as VLC's is."""
            frame = Image.open(io.BytesIO(media_files.message_frame(message, seed))).convert("RGB")
            scale = max(width / frame.width, height / frame.height)
            w, h = round(frame.width * scale), round(frame.height * scale)
            left, top = (w - width) // 2, (h - height) // 2
            full = frame.resize((w, h)).crop((left, top, left + width, top + height))
            return full.crop((4, 4, width - 4, height - 4))

        own, other = cropped("first 0", 0), cropped("second 0", 1)  # its second picture
        assert _difference(shown, own) < 12  # the file's own picture
        assert _difference(shown, other) > 2 * _difference(shown, own)
        assert shown_ids(virtual_device, VLC_ID) <= VLC_REAL_IDS
        # A phone shows the bottom navigation, not the rail; with videos the empty view
        # is 0 px high (both hidden_at_run_time in the reference).
        assert "navigation" in shown_ids(virtual_device, VLC_ID)
        assert not {"navigation_rail", "empty_loading"} & shown_ids(virtual_device, VLC_ID)
        # A long press starts the action mode; taps add to the selection in order.
        x, y = title.bounds.center if title.bounds else (0, 0)
        virtual_device.swipe(x, y, x, y, 600)
        tap_element(virtual_device, text="clip_c.mp4")
        bar = find_element(virtual_device, resource_id="action_bar_title")
        assert bar.text == "2 selected"
        find_element(virtual_device, resource_id="selected_check")
        choose_from_overflow(virtual_device, "Add to playlist")
        assert find_element(virtual_device, resource_id="medias2").text == "2 media"
        assert "progressBar2" not in shown_ids(virtual_device, VLC_ID)  # loads only a folder
        dimmed = virtual_device.screenshot().convert("RGB").getpixel((540, 300))
        assert max(cast(tuple[int, int, int], dimmed)) < 200  # the grid under the scrim
        tap_element(virtual_device, class_name="android.widget.EditText")
        virtual_device.input_text("Trip")
        virtual_device.keyevent("KEYCODE_ENTER")  # the field's Enter adds
        assert "dialog_playlist_save" not in shown_ids(virtual_device, VLC_ID)
        tap_element(virtual_device, content_description="Playlists")
        assert find_element(virtual_device, resource_id="/title").text == "Trip"
        assert find_element(virtual_device, resource_id="/subtitle").text == "2 media"
        assert shown_ids(virtual_device, VLC_ID) <= VLC_REAL_IDS
        rows = vlc.playlist_rows(virtual_device)
        assert [(r.playlist_name, r.item) for r in rows] == [
            ("Trip", "clip_a.mp4"),
            ("Trip", "clip_c.mp4"),
        ]
    finally:
        virtual_device.shell(["am", "force-stop", vlc.PACKAGE])
        for name in names:
            virtual_device.shell(["rm", f"{vlc.VIDEOS_DATA}/{name}"])
        virtual_device.write_db(vlc.MEDIA_DB, vlc.PACKAGE, vlc_model.clear_library)
