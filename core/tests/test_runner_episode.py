"""One episode run in process: what the result records."""

from __future__ import annotations

from pathlib import Path

from droidhub import Device, TaskEval, TaskFamily
from droidhub.agents.base import NoopAgent
from droidhub.run.runner import Runner
from droidhub.tasks.suite import make_instance


class GoalAfterSetUp(TaskEval):
    """Its goal is only known once set up, like a MiniWoB page's utterance."""

    template = "Wait for the page."

    def initialize_task(self, env) -> None:
        super().initialize_task(env)
        self.utterance = "Click on the previous button."

    @property
    def goal(self) -> str:
        return getattr(self, "utterance", self.template)

    def is_successful(self, env) -> float:
        return 0.0


TaskFamily("episode_tests", "in-process runner tests", tasks=[GoalAfterSetUp])


def test_result_records_the_goal_the_agent_was_given(
    virtual_device: Device, tmp_path: Path
) -> None:
    runner = Runner(tmp_path, [virtual_device], make_agent=NoopAgent)
    result, context = runner.run_episode(
        make_instance(GoalAfterSetUp, 0, 30), virtual_device, NoopAgent()
    )
    assert context is not None and context.goal == "Click on the previous button."
    assert result.goal == "Click on the previous button."
    assert (result.steps, result.reward, result.error) == (1, 0.0, None)
