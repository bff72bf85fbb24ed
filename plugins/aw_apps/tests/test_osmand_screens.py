"""OsmAnd tasks done as an agent does them: search, the place card, route planning."""

from __future__ import annotations

from task_runs import click, make, score

from droidhub import Action, Env, Observe
from droidhub_aw_apps.osmand import model as osmand_model
from droidhub_aw_apps.osmand import tasks as osmand


def _act(env: Env, **fields: object) -> None:
    env.execute_action(Action.model_validate(fields))


def _field(env: Env, suffix: str) -> int:
    elements = env.get_state(observe=Observe.UI_TREE).ui_elements
    return next(i for i, e in enumerate(elements) if e.resource_id.endswith(suffix))


def _search(env: Env, query: str) -> None:
    _act(env, action_type="input_text", text=query, index=_field(env, "searchEditText"))
    elements = env.get_state(observe=Observe.UI_TREE).ui_elements
    result = next(i for i, e in enumerate(elements) if e.resource_id.endswith(":id/title"))
    _act(env, action_type="click", index=result)


def test_favorite_from_the_place_card(virtual_env: Env) -> None:
    task = make(osmand.OsmAndFavorite, seed=2)  # a "lat, lon" location

    def act(env: Env) -> None:
        _act(env, action_type="open_app", app_name="osmand")
        click(env, content_description="Search")
        _search(env, task.params.location)
        click(env, text="Save")
        click(env, text="Save")

    assert score(virtual_env, task, act) == 1.0


def test_marker_for_the_wrong_town_is_a_near_miss(virtual_env: Env) -> None:
    task = make(osmand.OsmAndMarker)
    wanted = task.params.location.split(",")[0]
    other = next(n for n in osmand_model.LOCATIONS if not n.startswith(wanted))

    def act(env: Env) -> None:
        _act(env, action_type="open_app", app_name="osmand")
        click(env, content_description="Search")
        _search(env, other.split(",")[0])
        click(env, text="Marker")

    assert score(virtual_env, task, act) == 0.0

    def right(env: Env) -> None:
        _act(env, action_type="open_app", app_name="osmand")
        click(env, content_description="Search")
        _search(env, wanted)
        click(env, text="Marker")

    assert score(virtual_env, make(osmand.OsmAndMarker), right) == 1.0


def test_track_planned_through_the_waypoints(virtual_env: Env) -> None:
    task = make(osmand.OsmAndTrack, seed=4)

    def act(env: Env) -> None:
        _act(env, action_type="open_app", app_name="osmand")
        click(env, content_description="Menu")
        click(env, text="Plan a route")
        for place in task.params.waypoints:
            click(env, text="Add point")
            _search(env, place.split(",")[0])
        click(env, text="Save")
        _act(env, action_type="input_text", text="Trip", index=_field(env, "name_edit"))
        click(env, text="Save")

    assert score(virtual_env, task, act) == 1.0
