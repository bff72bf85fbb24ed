"""The intent contract between droidhub and the MiniWoB++ WebView app.

Both sides of the bridge use these names: the task classes (through the
:class:`droidhub.Device`), the virtual WebView app (:mod:`droidhub_miniwob.webview`)
and, by a test that parses its Java constants, the Android app in ``webview_app/``.
docs/miniwob-bridge.md is the prose version of this module.

Lifecycle of an episode:

1. ``am start -n org.droidhub.miniwob/.MiniWobActivity --es task click-button
   --ei seed 42 --ez no_timer true`` loads the task page (or keeps it, when it is
   already loaded) and starts an episode seeded with ``seed``.
2. ``am broadcast -n org.droidhub.miniwob/.BridgeReceiver -a ...GET_UTTERANCE``
   answers ``result=-1`` with JSON ``{"task", "seed", "ready", "utterance"}`` once
   the page is up; until then ``ready`` is false (or the data is ``null``).
3. ``...GET_REWARD`` answers JSON ``{"task", "seed", "raw_reward", "reward", "done",
   "reason", "episode"}``.
4. ``...RESET`` (extras ``seed``, ``no_timer``) starts a new episode in the loaded
   page without reloading it, and answers like GET_UTTERANCE.

A receiver with no task loaded answers ``result=0`` and no data.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from importlib import resources
from typing import Any, ClassVar, Self

#: The app's package: droidhub's own, so it never clashes with another MiniWoB app.
PACKAGE = "org.droidhub.miniwob"
#: The WebView activity, relative to :data:`PACKAGE`.
ACTIVITY = ".MiniWobActivity"
#: The receiver that answers the ordered broadcasts, relative to :data:`PACKAGE`.
RECEIVER = ".BridgeReceiver"
#: ``package/activity`` as ``am start -n`` takes it.
ACTIVITY_COMPONENT = f"{PACKAGE}/{ACTIVITY}"
#: ``package/receiver`` as ``am broadcast -n`` takes it.
RECEIVER_COMPONENT = f"{PACKAGE}/{RECEIVER}"

ACTION_GET_UTTERANCE = f"{PACKAGE}.GET_UTTERANCE"
ACTION_GET_REWARD = f"{PACKAGE}.GET_REWARD"
ACTION_RESET = f"{PACKAGE}.RESET"

#: Intent extra: the MiniWoB task name (``click-button``), the page ``<task>.html``.
EXTRA_TASK = "task"
#: Intent extra: the episode seed (int or string); the page seeds ``Math.random`` with
#: its decimal text, so one seed is one reproducible instance.
EXTRA_SEED = "seed"
#: Intent extra (boolean): disable the page's episode timer.
EXTRA_NO_TIMER = "no_timer"

#: Result code of an answered broadcast (``Activity.RESULT_OK``).
RESULT_OK = -1
#: Result code when no task page is loaded (the broadcast's default code).
RESULT_NO_TASK = 0

#: Folder of the task pages inside the app's assets (``file:///android_asset/miniwob/``).
ASSET_DIR = "miniwob"
#: The global object the bridge script defines in the page.
BRIDGE_OBJECT = "droidhubMiniwob"
#: Expression a host evaluates to answer GET_UTTERANCE (``null`` before injection).
JS_UTTERANCE = f"(window.{BRIDGE_OBJECT} ? {BRIDGE_OBJECT}.utterance() : null)"
#: Expression a host evaluates to answer GET_REWARD.
JS_REWARD = f"(window.{BRIDGE_OBJECT} ? {BRIDGE_OBJECT}.reward() : null)"


def js_reset(seed: str | None, no_timer: bool) -> str:
    """The expression that starts a new episode with ``seed`` in the loaded page."""
    seed_js = "null" if seed is None else json.dumps(str(seed))
    return f"{BRIDGE_OBJECT}.reset({seed_js}, {'true' if no_timer else 'false'})"


def bridge_script() -> str:
    """The JavaScript injected into every task page once it has loaded."""
    return resources.files("droidhub_miniwob").joinpath("js/bridge.js").read_text("utf-8")


class BridgeError(RuntimeError):
    """The app answered a broadcast with something the contract does not allow."""


def _text_or_none(value: object) -> str | None:
    """A field of an answer as text, a JSON null (or a missing field) as None."""
    return None if value is None else str(value)


@dataclass(frozen=True)
class _Answer:
    """An answer of the bridge: JSON result data, one object that names the loaded task
    and its seed, with the fields of its kind (:meth:`kind_fields`)."""

    #: The broadcast that answers with this kind, named in errors.
    broadcast: ClassVar[str]

    task: str
    seed: str | None

    @classmethod
    def parse(cls, data: str | None) -> Self | None:
        """Parse the broadcast's result data; None when no task page answered."""
        if data is None or data.strip() in ("", "null"):
            return None
        try:
            value = json.loads(data)
        except json.JSONDecodeError as exc:
            raise BridgeError(
                f"{cls.broadcast} answer is not JSON ({exc}): {data[:200]!r}"
            ) from None
        if not isinstance(value, dict):
            raise BridgeError(f"{cls.broadcast} answer must be a JSON object, got {data[:200]!r}")
        try:
            return cls(
                task=str(value.get("task") or ""),
                seed=_text_or_none(value.get("seed")),
                **cls.kind_fields(value),
            )
        except (TypeError, ValueError) as exc:
            raise BridgeError(
                f"malformed {cls.broadcast} answer {str(data)[:200]!r}: {exc}"
            ) from None

    @staticmethod
    def kind_fields(value: dict[str, Any]) -> dict[str, Any]:
        """This kind's fields (those after ``task`` and ``seed``) from the decoded object."""
        raise NotImplementedError


@dataclass(frozen=True)
class UtteranceReply(_Answer):
    """What GET_UTTERANCE (and RESET) answer: the loaded task and its instruction."""

    broadcast = "GET_UTTERANCE"

    ready: bool
    utterance: str

    @staticmethod
    def kind_fields(value: dict[str, Any]) -> dict[str, Any]:
        """``ready`` and ``utterance``."""
        return {"ready": bool(value.get("ready")), "utterance": str(value.get("utterance") or "")}


@dataclass(frozen=True)
class RewardReply(_Answer):
    """What GET_REWARD answers: the page's raw reward, time-scaled reward and done flag."""

    broadcast = "GET_REWARD"

    raw_reward: float
    reward: float
    done: bool
    reason: str | None
    episode: int

    @staticmethod
    def kind_fields(value: dict[str, Any]) -> dict[str, Any]:
        """The rewards, ``done``, the ``reason`` it ended and the ``episode`` number."""
        return {
            "raw_reward": float(value.get("raw_reward", 0.0)),
            "reward": float(value.get("reward", 0.0)),
            "done": bool(value.get("done")),
            "reason": _text_or_none(value.get("reason")),
            "episode": int(value.get("episode", 0)),
        }
