"""An app model's identity from the app's spec.

Each app package states its app once, as the :class:`droidhub.AppSpec` it gives the
plugin (``model.APPS``: package, launch activity, launcher label, the names an agent
may open it by). The virtual phone's model of the app reports the same package, label
and activity (``pm list packages``, the launcher, ``dumpsys window``); :func:`model_of`
gives them to the model class from the spec, so that the two cannot disagree.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from droidhub import AppSpec
from droidhub.virtual.appmodel import VirtualApp

Model = TypeVar("Model", bound=type[VirtualApp])


def model_of(spec: AppSpec) -> Callable[[Model], Model]:
    """A class decorator: the decorated class models ``spec``'s app, and takes its
    ``package``, ``label`` and ``activity`` from the spec."""

    def identify(model: Model) -> Model:
        model.package, model.label, model.activity = spec.package, spec.label, spec.activity
        return model

    return identify
