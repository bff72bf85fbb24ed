"""The ``llm`` judge: DigiData's two-stage LLM judge over a run's recorded steps.

Stage 1 summarises each step: the model gets the screen before (its UI elements, and
its screenshot when recorded and ``screenshots`` is on), the action, and the screen
after, and describes both screens and what changed. Stage 2 gets the goal, the first
and last screens and every step summary, reasons about the conditions the goal needs
and whether they were reached and still hold, and answers ``Verdict: Yes`` or
``Verdict: No``. Calls go to any OpenAI-compatible server with the agents' options.
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from typing import Any

from PIL import Image

from droidhub import BoundingBox, Judge, JudgedEpisode, Judgement, RecordedStep, UIElement
from droidhub_agents.client import ChatClient, Usage
from droidhub_agents.marks import data_url, image_part, scaled
from droidhub_agents.options import LLMJudgeOptions
from droidhub_agents.prompts import element_list

SUMMARY_PROMPT = """You are reviewing one step of a phone agent's episode.
The agent's goal: {goal}

Screen before the step (UI elements):
{before}

The action the agent took: {action}

Screen after the step (UI elements):
{after}

Describe the screen before, the screen after and what the action changed, in a few \
sentences. Describe only what the screens show."""

VERDICT_PROMPT = """You are judging whether a phone agent achieved its goal.
Goal: {goal}

First screen (UI elements):
{first}

Last screen (UI elements):
{last}

What happened, step by step:
{summaries}

List the conditions the goal requires, say whether each was reached and still holds \
at the end, then answer on the last line exactly "Verdict: Yes" or "Verdict: No"."""

_VERDICT = re.compile(r"verdict\s*:\s*(yes|no)\b", re.IGNORECASE)


def _elements(step: RecordedStep | None) -> str:
    if step is None:
        return "(not recorded)"
    parsed = []
    for data in step.ui_elements:
        box = data.get("bounds")
        fields = {k: v for k, v in data.items() if k in UIElement.__dataclass_fields__}
        fields["bounds"] = BoundingBox(*box) if box else None
        parsed.append(UIElement(**fields))
    return element_list(parsed)


def parse_verdict(text: str) -> bool | None:
    """``Verdict: Yes`` -> True, ``Verdict: No`` -> False (the last one wins); else None."""
    found = _VERDICT.findall(text)
    return found[-1].lower() == "yes" if found else None


class LLMJudge(Judge):
    """DigiData's two-stage judge (see the module)."""

    def __init__(self, options: LLMJudgeOptions | None = None) -> None:
        self.options = options or LLMJudgeOptions.model_validate({})
        self.client = ChatClient(self.options)

    def _message(self, text: str, shots: Sequence[RecordedStep | None]) -> list[dict[str, Any]]:
        content: list[dict[str, Any]] = [{"type": "text", "text": text}]
        if self.options.screenshots:
            for step in shots:
                if step is not None and step.screenshot is not None and step.screenshot.is_file():
                    with Image.open(step.screenshot) as image:
                        small = scaled(image, self.options.image_width)
                    content.append(image_part(data_url(small, self.options.jpeg_quality)))
        return [{"role": "user", "content": content}]

    def judge(self, episode: JudgedEpisode) -> Judgement:
        """Summarise each step, then judge the goal from the summaries and the ends."""
        usage = Usage()
        steps = list(episode.steps)
        summaries = []
        for i, step in enumerate(steps):
            after = steps[i + 1] if i + 1 < len(steps) else None
            prompt = SUMMARY_PROMPT.format(
                goal=episode.goal,
                before=_elements(step),
                action=json.dumps(dict(step.action)),
                after=_elements(after),
            )
            reply = self.client.complete(self._message(prompt, [step, after]))
            usage.add(reply.usage)
            summaries.append(f"Step {i + 1}: {reply.text.strip()}")
        first, last = (steps[0], steps[-1]) if steps else (None, None)
        prompt = VERDICT_PROMPT.format(
            goal=episode.goal,
            first=_elements(first),
            last=_elements(last),
            summaries="\n".join(summaries) or "(no steps were recorded)",
        )
        reply = self.client.complete(self._message(prompt, [first, last]))
        usage.add(reply.usage)
        verdict = parse_verdict(reply.text)
        reasoning = reply.text.strip()
        if verdict is None:
            reasoning = f"(no 'Verdict: Yes/No' line: judged a failure) {reasoning}"
        return Judgement(episode.episode_id, bool(verdict), reasoning, usage=usage.to_json())
