"""droidhub: a plugin-based benchmark hub for agents that operate Android phones.

The public API is what this module exports; everything else may change.
"""

from droidhub.actions import Action, ActionError
from droidhub.agents import Agent, AgentFactory
from droidhub.apps import AppSpec
from droidhub.device import BroadcastResult, Device, DeviceError, ShellResult, quote
from droidhub.env import Env, Observe, State
from droidhub.episode import FatalAgentError
from droidhub.evaluators import Evaluator
from droidhub.hookspecs import hookimpl
from droidhub.judges import Judge, JudgedEpisode, JudgeFactory, Judgement, RecordedStep
from droidhub.registry import Registry, TaskFamily, UnknownTaskError
from droidhub.results import EpisodeResult, RunManifest
from droidhub.task import Footprint, NoOracle, NoParams, StateRefs, TaskEval, TaskParamsError
from droidhub.uitree import BoundingBox, UIElement

__version__ = "0.1.0"

__all__ = [
    "Action",
    "ActionError",
    "Agent",
    "AgentFactory",
    "AppSpec",
    "BoundingBox",
    "BroadcastResult",
    "Device",
    "DeviceError",
    "Env",
    "EpisodeResult",
    "Evaluator",
    "FatalAgentError",
    "Footprint",
    "Judge",
    "JudgeFactory",
    "JudgedEpisode",
    "Judgement",
    "NoOracle",
    "NoParams",
    "Observe",
    "RecordedStep",
    "Registry",
    "RunManifest",
    "ShellResult",
    "State",
    "StateRefs",
    "TaskEval",
    "TaskFamily",
    "TaskParamsError",
    "UIElement",
    "UnknownTaskError",
    "__version__",
    "hookimpl",
    "quote",
]
