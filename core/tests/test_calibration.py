"""The calibration measures, against hand-computed values."""

from __future__ import annotations

import pytest

from droidhub.evaluation.calibration import Confusion, classifier_measures, kendall_tau

# 3 true positives, 1 false positive, 4 true negatives, 2 false negatives.
PAIRS = [(True, True)] * 3 + [(True, False)] + [(False, False)] * 4 + [(False, True)] * 2


def test_the_confusion_counts() -> None:
    assert Confusion.of(PAIRS) == Confusion(tp=3, fp=1, tn=4, fn=2)


@pytest.mark.parametrize(
    ("name", "value"),
    [
        ("accuracy", 7 / 10),
        ("precision", 3 / 4),
        ("recall", 3 / 5),
        ("npv", 4 / 6),
        ("tnr", 4 / 5),
        ("f1", 6 / 9),
    ],
)
def test_each_measure_and_its_interval(name: str, value: float) -> None:
    measure = classifier_measures(PAIRS)[name]
    assert measure.value == pytest.approx(value)
    assert measure.low is not None and measure.high is not None
    assert 0 <= measure.low <= value <= measure.high <= 1


def test_accuracy_has_the_wilson_interval() -> None:
    # Wilson 95 % interval of 7 of 10: [0.3968, 0.8922].
    accuracy = classifier_measures(PAIRS)["accuracy"]
    assert (accuracy.low, accuracy.high) == pytest.approx((0.3968, 0.8922), abs=1e-4)


def test_a_rate_with_nothing_to_count_is_none() -> None:
    assert classifier_measures([(False, False)])["precision"].value is None


def test_kendall_tau_ranks_runs() -> None:
    assert kendall_tau([0.9, 0.5, 0.1], [0.8, 0.6, 0.2]) == pytest.approx(1.0)
    assert kendall_tau([0.9, 0.5, 0.1], [0.2, 0.6, 0.8]) == pytest.approx(-1.0)
    assert kendall_tau([0.5], [0.5]) is None
