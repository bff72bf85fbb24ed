"""Every AndroidWorld task starts at AndroidWorld's clock, 2023-10-15 15:34 UTC, set
anew before each task (AW's ``initialize_device_time``), however long a run has been
going or whatever an earlier task did to the clock."""

from __future__ import annotations

import datetime as dt
import random

from droidhub import Env, catalog

AW_NOW = dt.datetime(2023, 10, 15, 15, 34, tzinfo=dt.UTC)


def test_every_task_of_the_family_carries_the_clock() -> None:
    family = catalog.registry().family("android_world")
    assert {family.get(name).device_time for name in family.task_names()} == {AW_NOW}


def test_each_task_starts_at_the_clock_after_one_that_moved_it(virtual_env: Env) -> None:
    family = catalog.registry().family("android_world")
    for name in ("SimpleCalendarAddOneEvent", "TasksDueOnDate", "MarkorCreateNote"):
        task_cls = family.get(name)
        task = task_cls(task_cls.generate_random_params(random.Random(0)))
        task.initialize_task(virtual_env)
        now = virtual_env.device.now()
        assert AW_NOW <= now < AW_NOW + dt.timedelta(minutes=10), (name, now)
        # What an agent or a long run may leave behind: the clock years ahead.
        virtual_env.device.shell(["date", "010100002031.00"])
        task.tear_down(virtual_env)
