"""The miniwob and miniwob_subset families: names, counts, unavailable tasks, params."""

from __future__ import annotations

import json
import random
import subprocess
import sys

import pytest

from droidhub import TaskParamsError, catalog
from droidhub_miniwob import plugin, solvers
from droidhub_miniwob.pages import (
    MOBILE_MINIWOB_TASKS,
    SUBSET_TASKS,
    PagesNotFoundError,
    built_page,
    pages_dir,
)
from droidhub_miniwob.tasks import MiniWobTask


def test_miniwob_family_runs_all_92_tasks() -> None:
    family = plugin.miniwob_family()
    assert len(MOBILE_MINIWOB_TASKS) == 92
    assert family.task_names() == list(MOBILE_MINIWOB_TASKS)
    assert family.unavailable == {}


def test_drag_item_is_drag_circles_page_under_its_own_title_as_androidworld_ships_it() -> None:
    # AW's drag-item.html equals the package's drag-circle.html but for the title.
    circle = (pages_dir() / "drag-circle.html").read_text(encoding="utf-8")
    item = built_page(pages_dir(), "drag-item")
    assert item is not None
    assert "<title>Drag Item Task</title>" in item.decode()
    assert item.decode().replace("Drag Item Task", "Drag Circle Task") == circle
    assert not (pages_dir() / "drag-item.html").exists()  # built, never written there


def test_a_built_page_whose_source_changed_is_a_clear_error(tmp_path) -> None:
    (tmp_path / "drag-circle.html").write_text("<title>Another title</title>")
    with pytest.raises(PagesNotFoundError, match="no longer holds"):
        built_page(tmp_path, "drag-item")
    assert built_page(tmp_path, "click-button") is None


def test_subset_family_runs_62_of_64_and_says_why_two_do_not() -> None:
    family = plugin.miniwob_subset_family()
    assert len(SUBSET_TASKS) == 64
    assert len(family.task_names()) == 62
    assert set(family.unavailable) == {"click-menu", "use-spinner"}
    assert all("92" in reason for reason in family.unavailable.values())
    assert set(family.task_names()) <= set(MOBILE_MINIWOB_TASKS)


def test_every_runnable_task_has_its_page_in_the_miniwob_package() -> None:
    for name in plugin.miniwob_family().task_names():
        shipped = (pages_dir() / f"{name}.html").is_file()
        assert shipped or built_page(pages_dir(), name) is not None, name


def test_families_have_distinct_classes_named_after_the_pages() -> None:
    full, subset = plugin.miniwob_family(), plugin.miniwob_subset_family()
    a, b = full.get("click-button"), subset.get("click-button")
    assert a is not b
    assert (a.name, a.family, b.name, b.family) == (
        "click-button",
        "miniwob",
        "click-button",
        "miniwob_subset",
    )
    assert issubclass(a, MiniWobTask) and a.page == "click-button"


def test_the_catalog_finds_both_families_through_the_entry_point() -> None:
    registry = catalog.registry()
    assert len(registry.family("miniwob").task_names()) == 92
    assert len(registry.family("miniwob_subset").task_names()) == 62
    assert registry.task("click-button", family="miniwob_subset").family == "miniwob_subset"


def test_params_are_deterministic_for_an_rng_and_validated() -> None:
    cls = plugin.miniwob_subset_family().get("enter-text")
    first = cls.generate_random_params(random.Random(7))
    assert first == cls.generate_random_params(random.Random(7))
    assert first != cls.generate_random_params(random.Random(8))
    assert first.model_dump() == {"seed": first.model_dump()["seed"], "no_timer": True}
    with pytest.raises(TaskParamsError, match="seed"):
        cls({"seed": 2**31})
    with pytest.raises(TaskParamsError, match="colour: Extra inputs"):
        cls({"seed": 1, "colour": "red"})


def test_goal_before_set_up_names_the_task_and_seed() -> None:
    cls = plugin.miniwob_subset_family().get("click-tab")
    task = cls({"seed": 42})
    assert task.goal == "Complete the MiniWoB++ task click-tab (seed 42)."


def test_every_task_has_androidworlds_budget_of_30_steps() -> None:
    # AndroidWorld gives every MiniWoB++ task complexity 3, that is 30 steps.
    proc = subprocess.run(
        [sys.executable, "-m", "droidhub", "list", "--suite", "miniwob", "--json"],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert proc.returncode == 0, proc.stderr
    rows = [json.loads(line) for line in proc.stdout.splitlines()]
    tasks = [row for row in rows if "unavailable" not in row]
    assert len(tasks) >= 90
    assert {t["max_steps"] for t in tasks} == {30}


def test_every_subset_task_has_an_oracle_and_a_page_without_a_solver_says_it_has_none() -> None:
    family = plugin.miniwob_subset_family()
    with_oracle = [n for n in family.task_names() if family.get(n).has_oracle()]
    assert with_oracle == family.task_names()
    assert set(with_oracle) <= set(solvers.solved_pages())
    no_oracle = plugin.miniwob_family().get("simon-says")
    assert not no_oracle.has_oracle()
    with pytest.raises(NotImplementedError, match="simon-says"):
        no_oracle({"seed": 1}).oracle(None)  # type: ignore[arg-type]
