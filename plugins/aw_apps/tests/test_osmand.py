"""OsmAnd tasks on the virtual phone: favourites, markers and tracks."""

from __future__ import annotations

import random

import pytest
from episodes import near_miss_scores_zero, noop_fails_and_oracle_succeeds
from task_runs import make, score

from droidhub import Env, TaskEval
from droidhub_aw_apps.osmand import model as places
from droidhub_aw_apps.osmand import tasks as osmand


def _elsewhere(location: str) -> str:
    target = places.coordinates(location)
    assert target is not None
    return next(n for n, c in places.LOCATIONS.items() if not places.near(c, target))


@pytest.mark.parametrize("cls", osmand.TASKS, ids=lambda c: c.__name__)
def test_another_instance_oracle_succeeds_and_doing_nothing_fails(
    virtual_env: Env, cls: type[TaskEval]
) -> None:
    # Seed 2 gives places as "lat, lon" where seed 0 gives names.
    noop_fails_and_oracle_succeeds(virtual_env, make(cls, seed=2))


@pytest.mark.parametrize("cls", osmand.TASKS, ids=lambda c: c.__name__)
def test_params_are_deterministic(cls: type[TaskEval]) -> None:
    one = cls.generate_random_params(random.Random(3))
    assert one == cls.generate_random_params(random.Random(3))
    assert "{" not in cls(one).goal


def test_locations_by_name_or_coordinates() -> None:
    assert places.coordinates("Vaduz") is None
    assert places.coordinates("47.0688832, 9.5061564") == (47.0688832, 9.5061564)
    assert places.coordinates("Balzers, Liechtenstein") == (47.0688832, 9.5061564)
    drawn = {places.random_location(random.Random(s)) for s in range(40)}
    assert any("," in d and d[0].isdigit() for d in drawn)
    assert any(d in places.LOCATIONS for d in drawn)


def test_favorite_set_up_keeps_other_places_and_tear_down_restores(virtual_env: Env) -> None:
    dev = virtual_env.device
    before = dev.read_text(places.FAVORITES)
    task = make(osmand.OsmAndFavorite)
    task.initialize_task(virtual_env)
    root = places.favorites_gpx(dev)
    assert root is not None and root.findall(f"{{{places.GPX_NS}}}wpt")
    task.tear_down(virtual_env)
    assert dev.read_text(places.FAVORITES) == before


def test_favorite_near_miss_another_town(virtual_env: Env) -> None:
    task = make(osmand.OsmAndFavorite)
    other = _elsewhere(task.params.location)
    near_miss_scores_zero(virtual_env, task, lambda env: places.add_favorite(env.device, other))


def test_marker_near_miss_another_town(virtual_env: Env) -> None:
    task = make(osmand.OsmAndMarker)
    other = _elsewhere(task.params.location)
    near_miss_scores_zero(virtual_env, task, lambda env: places.add_marker(env.device, other, "x"))


def test_marker_near_miss_a_little_off(virtual_env: Env) -> None:
    task = make(osmand.OsmAndMarker)
    lat, lon = places.coordinates(task.params.location) or (0.0, 0.0)
    off = f"{lat + 0.002}, {lon}"
    assert score(virtual_env, task, lambda env: places.add_marker(env.device, off, "x")) == 0.0


def test_track_near_miss_waypoints_reversed(virtual_env: Env) -> None:
    task = make(osmand.OsmAndTrack)
    backwards = list(task.params.waypoints)[::-1]
    assert (
        score(virtual_env, task, lambda env: places.save_track(env.device, "t", backwards)) == 0.0
    )
    noop_fails_and_oracle_succeeds(virtual_env, task)


def test_track_with_extra_points_between_waypoints_counts(virtual_env: Env) -> None:
    task = make(osmand.OsmAndTrack)
    first, *rest = task.params.waypoints
    detour = [first, _elsewhere(first), *rest]
    assert score(virtual_env, task, lambda env: places.save_track(env.device, "t", detour)) == 1.0
