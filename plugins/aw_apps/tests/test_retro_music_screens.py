"""Retro Music tasks done as an agent does them, and its screens as the real layouts
have them (6.0.3, commit f30578d5f), through adb."""

from __future__ import annotations

import sqlite3
from typing import cast

from screen_checks import ALERT_DIALOG_IDS, find_element, screen_elements, shown_ids, tap_element
from task_runs import click, make, open_app, perform, score

from droidhub import Device, Env, Observe
from droidhub.android.ui_tree import UIElement
from droidhub_aw_apps.common import media_files
from droidhub_aw_apps.retro_music import model
from droidhub_aw_apps.retro_music import tasks as retro_music

RETRO_ID = f"{model.PACKAGE}:id/"
#: The ids of sliding_music_panel_layout, simple_appbar_layout, fragment_main_recycler,
#: item_list, item_grid, item_song, fragment_album_details (with fragment_album_content),
#: fragment_home (home_content, abs_playlists, item_suggestions), fragment_mini_player,
#: fragment_playlist_detail, item_queue, dialog_playlist and number_roll_view; the
#: menus' item ids; AppCompat's alert dialog panels and list; Material's bottom
#: navigation item views.
RETRO_REAL_IDS = frozenset(
    [
        "mainContent",
        "fragment_container",
        "slidingPanel",
        "playerFragmentContainer",
        "miniPlayerFragment",
        "navigationView",
        "action_home",
        "action_song",
        "action_album",
        "action_artist",
        "action_playlist",
        "action_play_next",
        "action_add_to_current_playing",
        "action_add_to_playlist",
        "appBarLayout",
        "toolbar_container",
        "toolbar",
        "appNameText",
        "recycler_view",
        "shuffle_button",
        "emptyEmoji",
        "emptyText",
        "drag_view",
        "imageTextContainer",
        "image",
        "imageText",
        "title",
        "text",
        "menu",
        "imageContainer",
        "titleContainer",
        "time",
        "container",
        "albumCoverContainer",
        "artistImage",
        "albumTitle",
        "albumText",
        "fragment_album_content",
        "playAction",
        "shuffleAction",
        "songTitle",
        "recyclerView",
        "contentContainer",
        "imageLayout",
        "home_content",
        "abs_playlists",
        "history",
        "lastAdded",
        "topPlayed",
        "actionShuffle",
        "suggestions",
        "refresh_button",
        "message",
        "card1",
        "card2",
        "card3",
        "card4",
        "card5",
        "card6",
        "card7",
        "card8",
        "image1",
        "image2",
        "image3",
        "image4",
        "image5",
        "image6",
        "image7",
        "image8",
        "miniPlayerTitle",
        "actionPrevious",
        "progressBar",
        "miniPlayerPlayPauseButton",
        "actionNext",
        "progressIndicator",
        "dummy_view",
        "actionNewPlaylistContainer",
        "actionNewPlaylist",
        "selection_mode_number",
        "up",
        "down",
        *ALERT_DIALOG_IDS,
        "select_dialog_listview",
        "navigation_bar_item_icon_view",
        "navigation_bar_item_labels_group",
        "navigation_bar_item_large_label_view",
        "navigation_bar_item_small_label_view",
    ]
)


def _menu_of(elements: list[UIElement], title: str) -> UIElement | None:
    rows = [e for e in elements if e.text == title and e.resource_id.endswith("/title")]
    if not rows or rows[0].bounds is None:
        return None
    y = rows[0].bounds.center[1]
    menus = [e for e in elements if e.resource_id.endswith("/menu") and e.bounds is not None]
    return next((e for e in menus if e.bounds and e.bounds.top <= y <= e.bounds.bottom), None)


def _song_menu(env: Env, title: str) -> None:
    """Open the ``menu`` of the song row titled ``title``, scrolling down to it."""
    for _ in range(6):
        elements = env.get_state(observe=Observe.UI_TREE).ui_elements
        menu = _menu_of(elements, title)
        if menu is not None:
            perform(env, action_type="click", index=elements.index(menu))
            return
        perform(env, action_type="scroll", direction="down")
    raise AssertionError(f"no song {title!r} on screen")


def _to_top(env: Env) -> None:
    for _ in range(3):
        perform(env, action_type="scroll", direction="up")


def test_create_playlist_from_the_song_menus(virtual_env: Env) -> None:
    task = make(retro_music.RetroCreatePlaylist, seed=5)
    name = task.params.playlist_name

    def act(env: Env) -> None:
        open_app(env, "retro music")
        click(env, content_description="Songs")
        for i, title in enumerate(task.titles()):
            _to_top(env)
            _song_menu(env, title)
            click(env, text="Add to playlist")
            if i == 0:
                click(env, text="New playlist")
                elements = env.get_state(observe=Observe.UI_TREE).ui_elements
                field = next(
                    j for j, e in enumerate(elements) if e.resource_id.endswith("actionNewPlaylist")
                )
                perform(env, action_type="input_text", text=name, index=field)
                click(env, text="Create")
            else:
                click(env, text=name)

    assert score(virtual_env, task, act) == 1.0


def test_playing_queue_from_the_song_menus_and_tapping_a_song_is_a_miss(
    virtual_env: Env,
) -> None:
    task = make(retro_music.RetroPlayingQueue, seed=5)

    def act(env: Env) -> None:
        open_app(env, "retro music")
        click(env, content_description="Songs")
        for title in task.titles():
            _to_top(env)
            _song_menu(env, title)
            click(env, text="Add to playing queue")

    assert score(virtual_env, task, act) == 1.0

    def play_first(env: Env) -> None:
        open_app(env, "retro music")
        click(env, content_description="Songs")
        click(env, text=task.titles()[0])  # plays every song: the queue is the whole list

    assert score(virtual_env, make(retro_music.RetroPlayingQueue, seed=5), play_first) == 0.0


def test_save_playlist_exports_from_the_playlists_tab(virtual_env: Env) -> None:
    task = make(retro_music.RetroSavePlaylist, seed=5)
    name = task.params.playlist_name

    def act(env: Env) -> None:
        retro_music.add_playlist(env.device, name, task.songs(env))
        open_app(env, "retro music")
        click(env, content_description="Playlists")
        elements = env.get_state(observe=Observe.UI_TREE).ui_elements
        menu = _menu_of(elements, name)
        assert menu is not None
        perform(env, action_type="click", index=elements.index(menu))
        click(env, text="Save as file")

    assert score(virtual_env, task, act) == 1.0


def _push_songs(device: Device, count: int) -> list[tuple[str, int]]:
    songs = [(f"Song {chr(65 + i)}", 150_000 + 7_000 * i) for i in range(count)]
    for title, ms in songs:
        song = media_files.mp3_song(title, "Ann", ms)
        device.push(song, f"{model.MUSIC_DATA}/{title}.mp3")
    return songs


def test_library_screens_as_the_layouts_have_them(virtual_device: Device) -> None:
    songs = _push_songs(virtual_device, 12)
    virtual_device.shell(["am", "start", "-n", f"{model.PACKAGE}/{model.ACTIVITY}"])
    try:
        # A first run opens on For you, suggestions shown (more than nine unplayed).
        find_element(virtual_device, resource_id="history")
        assert find_element(virtual_device, resource_id="message").text == "New Music Mix"
        assert shown_ids(virtual_device, RETRO_ID) <= RETRO_REAL_IDS
        tap_element(virtual_device, content_description="Songs")
        assert find_element(virtual_device, resource_id="appNameText").text == "Songs"
        first = find_element(virtual_device, resource_id="title")
        assert first.text == "Song A"
        text = find_element(virtual_device, resource_id="text")
        assert text.text == "Ann"  # the artist only: the list shows no length
        fab = find_element(virtual_device, resource_id="shuffle_button")
        assert (
            fab.class_name == "android.widget.ImageButton" and fab.content_description == "Shuffle"
        )
        # A scroll down hides the shuffle button, as the list's scroll listener does.
        virtual_device.swipe(540, 1600, 540, 1200, 300)
        assert "shuffle_button" not in shown_ids(virtual_device, RETRO_ID)
        virtual_device.swipe(540, 1200, 540, 1600, 300)
        assert "shuffle_button" in shown_ids(virtual_device, RETRO_ID)
        # The song's menu is menu_item_song, dropped from its three dots.
        menu = _menu_of(screen_elements(virtual_device), "Song A")
        assert menu is not None and menu.bounds is not None
        virtual_device.tap(*menu.bounds.center)
        titles = [
            e.text for e in screen_elements(virtual_device) if e.resource_id == RETRO_ID + "title"
        ]
        assert titles[-11:][:3] == ["Play next", "Add to playing queue", "Add to playlist"]
        tap_element(virtual_device, text="Add to playlist")
        find_element(virtual_device, resource_id="select_dialog_listview")
        dimmed = virtual_device.screenshot().convert("RGB").getpixel((540, 400))
        assert max(cast(tuple[int, int, int], dimmed)) < 140  # the list under the scrim
        tap_element(virtual_device, text="New playlist")
        tap_element(virtual_device, resource_id="actionNewPlaylist")
        virtual_device.input_text("Mix")
        tap_element(virtual_device, resource_id="android:id/button1")
        assert shown_ids(virtual_device, RETRO_ID) <= RETRO_REAL_IDS
        # The album "Music" lists every song with its length.
        tap_element(virtual_device, content_description="Albums")
        tap_element(virtual_device, text="Music")
        times = [
            e.text for e in screen_elements(virtual_device) if e.resource_id == RETRO_ID + "time"
        ]
        assert times[0] == "02:30" and times[1] == "02:37"
        # A long press there starts the action mode.
        row = find_element(virtual_device, text=songs[0][0])
        assert row.bounds is not None
        x, y = row.bounds.center
        virtual_device.swipe(x, y, x, y, 600)
        assert find_element(virtual_device, resource_id="down").text == "1"
        assert "up" not in shown_ids(virtual_device, RETRO_ID)  # the settled roll's, alpha 0
        find_element(virtual_device, content_description="Add to playlist")
        assert shown_ids(virtual_device, RETRO_ID) <= RETRO_REAL_IDS
        virtual_device.keyevent("KEYCODE_BACK")
        virtual_device.keyevent("KEYCODE_BACK")
        tap_element(virtual_device, content_description="Playlists")
        cell = find_element(virtual_device, text="Mix")
        assert cell.resource_id == RETRO_ID + "title"
        assert find_element(virtual_device, resource_id="text").text == "1 Song \u2022 02:30"
    finally:
        virtual_device.shell(["am", "force-stop", model.PACKAGE])
        for title, _ in songs:
            virtual_device.shell(["rm", f"{model.MUSIC_DATA}/{title}.mp3"])
        virtual_device.write_db(model.PLAYLIST_DB, model.PACKAGE, _clear_playlists)


def _clear_playlists(conn: sqlite3.Connection) -> None:
    conn.execute("DELETE FROM PlaylistEntity")
    conn.execute("DELETE FROM SongEntity")
