"""The report's charts: Wilson intervals, grouping, pass@k, and the SVG they make."""

from __future__ import annotations

import pytest
from scipy.stats import binomtest

from droidhub.report.charts import bar_chart, charts_html, grouped, histogram, pass_at_k
from droidhub.report.statistics import wilson
from droidhub.results.records import EpisodeResult


def _result(task: str, instance: int, success: bool, apps: list[str]) -> EpisodeResult:
    return EpisodeResult(
        episode_id=f"fam/{task}/{instance}", task=task, family="fam", instance=instance,
        seed=1, success=success, reward=float(success), apps=apps, difficulty="easy",
    )  # fmt: skip


RESULTS = [
    _result("A", 0, False, ["clock"]),
    _result("A", 1, True, ["clock"]),
    _result("B", 0, False, ["clock", "files"]),
    _result("B", 1, False, ["clock", "files"]),
    _result("C", 0, True, ["files"]),
    _result("C", 1, True, ["files"]),
]


@pytest.mark.parametrize(("k", "n"), [(7, 10), (0, 5), (5, 5), (1, 3), (40, 113)])
def test_wilson_is_scipys_wilson_interval(k: int, n: int) -> None:
    ci = binomtest(k, n).proportion_ci(confidence_level=0.95, method="wilson")
    assert wilson(k, n) == pytest.approx((ci.low, ci.high), abs=1e-9)


def test_groups_count_episodes_and_successes() -> None:
    assert grouped(RESULTS, lambda r: r.apps) == [("clock", 1, 4), ("files", 2, 4)]


def test_pass_at_k_counts_tasks_solved_within_k_instances() -> None:
    # A is solved at its 2nd instance, B never, C at its 1st.
    assert pass_at_k(RESULTS) == [(1, 1 / 3), (2, 2 / 3)]


def test_the_charts_are_inline_svg_with_each_group_and_its_interval() -> None:
    svg = bar_chart("Success by app", grouped(RESULTS, lambda r: r.apps))
    assert svg.count("<rect") == 2 and "clock: 1 of 4 (25.0%, 95% CI" in svg
    page = charts_html(RESULTS)
    assert page.count("<svg") == 4 and "pass@k" in page and "http" not in page
    assert "Steps per episode" in page  # no model usage here: no token histogram


def test_a_histogram_counts_values_in_equal_ranges() -> None:
    svg = histogram("Steps", [1, 1, 2, 10], "steps", bins=3)  # ranges of 3: 1-4, 4-7, 7-10
    assert svg.count("<rect") == 3
    assert "1-4 steps: 3" in svg and "4-7 steps: 0" in svg and "7-10 steps: 1" in svg
