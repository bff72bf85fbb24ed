"""A composite's name is a folder of every run: it keeps droidhub's name rule
(droidhub.tasks.names), however many and however long the tasks it is made of."""

from __future__ import annotations

import pytest
from click.testing import CliRunner
from pydantic import ValidationError

from droidhub.cli.main import main
from droidhub.plugins import catalog
from droidhub.tasks.names import MAX_NAME_LENGTH, name_problem
from droidhub_composite.compose import default_name
from droidhub_composite.plugin import BUILTIN_SPECS
from droidhub_composite.spec import CompositeSpec, load_specs, random_specs


def test_the_default_name_joins_the_tasks_as_identifiers() -> None:
    assert default_name(["click-button", "SimpleSmsSend"]) == "ClickButtonThenSimpleSmsSend"
    assert (
        default_name(["MarkorCreateNote", "SimpleSmsSend"]) == "MarkorCreateNoteThenSimpleSmsSend"
    )


def test_a_long_default_name_is_cut_to_the_rule_and_stays_distinct() -> None:
    parts = [f"ExpenseDeleteMultipleWithTransitiveChange{i}" for i in range(4)]
    name = default_name(parts)
    assert len(name) == MAX_NAME_LENGTH and name_problem(name) is None and name.isidentifier()
    assert name == default_name(parts)  # the same on every machine
    other = default_name([*parts[:3], "ExpenseDeleteMultipleWithTransitiveChange9"])
    assert other != name and other[:100] == name[:100]


@pytest.mark.parametrize("name", ["Größe", "x" * (MAX_NAME_LENGTH + 1), "a-b", "../x", "1st"])
def test_a_spec_name_that_is_no_identifier_or_too_long_is_refused(name: str) -> None:
    with pytest.raises(ValidationError, match="must be ASCII letters, digits and _"):
        CompositeSpec(name=name, tasks=["android_world/A", "android_world/B"])


def test_the_shipped_and_drawn_composites_keep_the_rule() -> None:
    names = [spec.name for spec in load_specs(BUILTIN_SPECS)]
    reg = catalog.registry()
    for k in (2, 3):
        names += [spec.name for spec in random_specs(reg, k=k, count=20, seed=1)]
    assert [n for n in names if name_problem(n)] == []


def test_compose_names_hyphenated_tasks_by_default() -> None:
    """``droidhub compose`` of MiniWoB++ tasks (``click-button``) gets an identifier."""
    result = CliRunner().invoke(
        main, ["compose", "miniwob/click-button", "android_world/SystemWifiTurnOn"]
    )
    assert result.exit_code == 0, result.output
    assert result.output.startswith("ClickButtonThenSystemWifiTurnOn:"), result.output
