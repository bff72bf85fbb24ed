"""Summaries: means over tasks of per-task means; success only at reward 1."""

from __future__ import annotations

import pytest

from droidhub import EpisodeResult
from droidhub.report.summary import format_summary, summarize


def _r(task: str, instance: int, reward: float, family: str = "f", **kw) -> EpisodeResult:
    return EpisodeResult(
        episode_id=f"{family}/{task}/{instance}",
        task=task,
        family=family,
        instance=instance,
        seed=0,
        reward=reward,
        success=reward == 1.0,
        **kw,
    )


def test_headline_numbers_are_means_over_tasks() -> None:
    results = [
        _r("A", 0, 1.0, apps=["sms"], difficulty="easy", steps=2),
        _r("A", 1, 1.0, apps=["sms"], difficulty="easy", steps=4),
        _r("A", 2, 0.0, apps=["sms"], difficulty="easy", steps=6),
        _r("B", 0, 0.5, apps=["notes", "sms"], difficulty="hard", tags=["composite"]),
        _r("B", 1, 0.5, apps=["notes", "sms"], difficulty="hard", tags=["composite"], error="X: y"),
    ]
    s = summarize(results)
    # Task A: mean reward 2/3, success 2/3. Task B: mean reward 0.5, success 0.
    assert s.tasks == 2 and s.episodes == 5 and s.errors == 1
    assert s.mean_reward == pytest.approx((2 / 3 + 0.5) / 2)
    assert s.success_rate == pytest.approx((2 / 3 + 0.0) / 2)
    assert s.mean_steps == pytest.approx(12 / 5)
    by_app = {g.group: g for g in s.by_app}
    assert by_app["sms"].tasks == 2 and by_app["notes"].tasks == 1
    assert by_app["notes"].success_rate == 0.0
    by_diff = {g.group: g.mean_reward for g in s.by_difficulty}
    assert by_diff == pytest.approx({"easy": 2 / 3, "hard": 0.5})
    assert [g.group for g in s.by_tag] == ["composite"]
    task_a = s.per_task[0]
    assert task_a.reward_stdev == pytest.approx((2 / 9) ** 0.5)


def test_partial_credit_is_never_success() -> None:
    s = summarize([_r("C", 0, 0.99), _r("C", 1, 0.5)])
    assert s.success_rate == 0.0
    assert s.mean_reward == pytest.approx(0.745)


def test_formatted_summary_shows_tables() -> None:
    text = format_summary(summarize([_r("A", 0, 1.0, apps=["sms"])]))
    assert "Success rate: 100.0%" in text
    assert "By app" in text and "f/A" in text
