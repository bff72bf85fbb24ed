"""Retro Music tasks done as an agent does them: AndroidWorld actions on its screens."""

from __future__ import annotations

from task_runs import click, make, score

from droidhub import Action, Env, Observe
from droidhub_aw_apps.retro_music import tasks as retro_music


def _act(env: Env, **fields: object) -> None:
    env.execute_action(Action.model_validate(fields))


def _song_menu(env: Env, title: str) -> None:
    """Open ``More options`` of the song row titled ``title``, scrolling to it."""
    for _ in range(4):
        elements = env.get_state(observe=Observe.UI_TREE).ui_elements
        rows = [e for e in elements if e.text == title]
        if rows and rows[0].bounds is not None:
            y = rows[0].bounds.center[1]
            menus = [e for e in elements if e.content_description == "More options"]
            target = next(e for e in menus if e.bounds and e.bounds.top <= y <= e.bounds.bottom)
            _act(env, action_type="click", index=elements.index(target))
            return
        _act(env, action_type="scroll", direction="down")
    raise AssertionError(f"no song {title!r} on screen")


def _to_top(env: Env) -> None:
    for _ in range(3):
        _act(env, action_type="scroll", direction="up")


def test_create_playlist_from_the_song_menus(virtual_env: Env) -> None:
    task = make(retro_music.RetroCreatePlaylist, seed=5)
    name = task.params.playlist_name

    def act(env: Env) -> None:
        _act(env, action_type="open_app", app_name="retro music")
        for i, title in enumerate(task.titles()):
            _to_top(env)
            _song_menu(env, title)
            click(env, text="Add to playlist")
            if i == 0:
                click(env, text="New playlist")
                field = next(
                    j
                    for j, e in enumerate(env.get_state(observe=Observe.UI_TREE).ui_elements)
                    if e.resource_id.endswith("playlist_name")
                )
                _act(env, action_type="input_text", text=name, index=field)
                click(env, text="Create")
            else:
                click(env, text=name)

    assert score(virtual_env, task, act) == 1.0


def test_playing_queue_from_the_song_menus_and_tapping_a_song_is_a_miss(
    virtual_env: Env,
) -> None:
    task = make(retro_music.RetroPlayingQueue, seed=5)

    def act(env: Env) -> None:
        _act(env, action_type="open_app", app_name="retro music")
        for title in task.titles():
            _to_top(env)
            _song_menu(env, title)
            click(env, text="Add to playing queue")

    assert score(virtual_env, task, act) == 1.0

    def play_first(env: Env) -> None:
        _act(env, action_type="open_app", app_name="retro music")
        click(env, text=task.titles()[0])  # plays every song: the queue is the whole list

    assert score(virtual_env, make(retro_music.RetroPlayingQueue, seed=5), play_first) == 0.0


def test_save_playlist_exports_from_the_playlists_tab(virtual_env: Env) -> None:
    task = make(retro_music.RetroSavePlaylist, seed=5)
    name = task.params.playlist_name

    def act(env: Env) -> None:
        retro_music.add_playlist(env.device, name, task.songs(env))
        _act(env, action_type="open_app", app_name="retro music")
        click(env, text="Playlists")
        click(env, content_description="More options")
        click(env, text="Save as file")

    assert score(virtual_env, task, act) == 1.0
