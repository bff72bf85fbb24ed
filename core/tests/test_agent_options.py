"""Agent options: ``--agent-option KEY=VALUE`` validated by the agent's pydantic model,
and ``droidhub agents`` listing every agent with its options."""

from __future__ import annotations

import json
import sys
import textwrap
from pathlib import Path

import pytest
from click.testing import CliRunner
from pydantic import BaseModel

from droidhub import Action, Agent
from droidhub.agents.base import AgentFactory, AgentOptionsError, load_agent
from droidhub.cli.main import main


class _Opts(BaseModel):
    model: str = "m"
    temperature: float = 0.0


class _WithOptions(Agent):
    def __init__(self, options: _Opts) -> None:
        self.options = options

    def step(self, state: object) -> Action:
        return Action(action_type="status", goal_status="complete")


FACTORIES = {
    "opt": AgentFactory("opt", "takes options", _WithOptions, options=_Opts),
    "plain": AgentFactory("plain", "takes none", lambda: _WithOptions(_Opts())),
}


def test_options_are_validated_and_converted() -> None:
    agent = load_agent("opt", FACTORIES, {"temperature": "0.5"})
    assert isinstance(agent, _WithOptions)
    assert agent.options.temperature == 0.5 and agent.options.model == "m"


def test_unknown_option_names_the_valid_ones() -> None:
    with pytest.raises(
        AgentOptionsError, match=r"unknown option 'temp'.*valid options: model, temperature"
    ):
        load_agent("opt", FACTORIES, {"temp": "1"})


def test_bad_value_names_option_and_value() -> None:
    with pytest.raises(AgentOptionsError, match=r"option 'temperature' of agent opt.*'hot'"):
        load_agent("opt", FACTORIES, {"temperature": "hot"})


def test_agent_without_options_refuses_them() -> None:
    with pytest.raises(AgentOptionsError, match="agent plain takes no options"):
        load_agent("plain", FACTORIES, {"model": "x"})


def test_module_class_agent_declares_options(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "h5_user_agent.py").write_text(
        textwrap.dedent(
            """
            from pydantic import BaseModel
            from droidhub import Action, Agent

            class Mine(Agent):
                class Options(BaseModel):
                    depth: int = 1

                def __init__(self, options):
                    self.depth = options.depth

                def step(self, state):
                    return Action(action_type="wait")
            """
        )
    )
    monkeypatch.syspath_prepend(str(tmp_path))
    agent = load_agent("h5_user_agent:Mine", {}, {"depth": "3"})
    assert agent.depth == 3  # type: ignore[attr-defined]
    with pytest.raises(AgentOptionsError, match="valid options: depth"):
        load_agent("h5_user_agent:Mine", {}, {"width": "3"})
    sys.modules.pop("h5_user_agent", None)


def test_run_rejects_a_bad_option_in_one_line() -> None:
    result = CliRunner().invoke(
        main, ["run", "--suite", "android_world", "--agent", "noop", "--agent-option", "x=1"]
    )
    assert result.exit_code == 2
    assert "agent noop takes no options" in result.output
    assert "Traceback" not in result.output
    result = CliRunner().invoke(
        main, ["run", "--suite", "android_world", "--agent", "noop", "--agent-option", "novalue"]
    )
    assert result.exit_code == 2 and "is not KEY=VALUE" in result.output


def test_agents_command_lists_agents_with_options() -> None:
    result = CliRunner().invoke(main, ["agents", "--json"])
    assert result.exit_code == 0, result.output
    rows = {row["name"]: row for row in map(json.loads, result.output.splitlines())}
    assert {"noop", "random", "oracle"} <= set(rows)
    assert rows["noop"]["options"] == []
    text = CliRunner().invoke(main, ["agents"]).output
    noop = next(line for line in text.splitlines() if line.startswith("noop "))
    assert noop.split()[:3] == ["noop", "droidhub", "does"]


def test_resume_with_other_agent_options_is_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """model= decides what a run's numbers mean: a folder of one model's results must not
    be continued with another's, while a new secret (an API key) may resume it."""
    (tmp_path / "resume_options_agent.py").write_text(
        textwrap.dedent(
            """
            from pydantic import BaseModel
            from droidhub import Action, Agent

            class Opt(Agent):
                class Options(BaseModel):
                    model: str = "a"
                    api_key: str = ""

                def __init__(self, options):
                    self.options = options

                def step(self, state):
                    return Action(action_type="status", goal_status="complete")
            """
        )
    )
    monkeypatch.syspath_prepend(str(tmp_path))
    out = tmp_path / "run"
    base = ["run", "--suite", "android_world", "--tasks", "SystemWifiTurnOn"]
    base += ["--agent", "resume_options_agent:Opt", "--out", str(out)]
    first = CliRunner().invoke(main, [*base, "--agent-option", "model=a"])
    assert first.exit_code == 0, first.output
    other = CliRunner().invoke(main, [*base, "--agent-option", "model=b"])
    assert other.exit_code == 2
    assert "agent_options" in other.output and "'b'" in other.output
    same = CliRunner().invoke(
        main, [*base, "--agent-option", "model=a", "--agent-option", "api_key=new"]
    )
    assert same.exit_code == 0, same.output
    sys.modules.pop("resume_options_agent", None)
