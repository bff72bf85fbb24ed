"""droidhub: a plugin-based benchmark hub for agents that operate Android phones.

The public API is what this module exports; everything else may change.
"""

from droidhub.agents.base import Agent, AgentFactory
from droidhub.android.ui_tree import BoundingBox, UIElement
from droidhub.device.client import BroadcastResult, Device, DeviceError, ShellResult, quote
from droidhub.env.actions import Action, ActionError
from droidhub.env.environment import Env, Observe, State
from droidhub.evaluation.judges import Judge, JudgedEpisode, JudgeFactory, Judgement, RecordedStep
from droidhub.hookspecs import hookimpl

# Two modules a plugin may use as `from droidhub import catalog, evaluators`: what the
# installed plugins contribute, and evaluators by name (not names of __all__ itself).
from droidhub.plugins import catalog as catalog
from droidhub.plugins import evaluators as evaluators
from droidhub.plugins.evaluators import Evaluator
from droidhub.results.records import EpisodeResult, RunManifest
from droidhub.run.episode import FatalAgentError
from droidhub.tasks.apps import AppSpec, FirstRun
from droidhub.tasks.families import Registry, TaskFamily, UnknownTaskError
from droidhub.tasks.task_eval import (
    Footprint,
    NoOracle,
    NoParams,
    StateRefs,
    TaskEval,
    TaskParamsError,
)

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
    "FirstRun",
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
