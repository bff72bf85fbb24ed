"""The app-model API: everything a plugin's model of an Android app may use.

A plugin that contributes app models (the ``droidhub_virtual_apps`` hook) imports from
this module only, never from another module of :mod:`droidhub.virtual`; an
import-linter contract in the lint session holds plugins to it, so the virtual phone's
insides can change without breaking a plugin.

- :class:`VirtualApp`: the base of a model. Override ``install`` to create the app's
  databases and files at their Android paths, ``screen`` to show something,
  ``tap``/``key``/``text``/``swipe`` to react to input, ``on_intent``/``on_broadcast``
  to answer intents.
- :class:`Intent`, :class:`BroadcastReply`: what ``am start``/``am broadcast`` deliver
  and what an ordered broadcast's receiver answers.
- :class:`Screen`: a rendered screen (``uiautomator`` XML and, optionally, pixels).
- :class:`VirtualPhone`: the phone a model lives on (``host_path`` maps an Android path
  into the phone's sandbox, ``settings``, ``now``, ``provider``...).
- :data:`PIXEL_6`, :class:`ScreenGeometry`, :func:`canonical_path`: the facts of the
  modelled phone (screen size and bars, storage paths).
- The widget toolkit (:mod:`droidhub.virtual.widgets`): :class:`WidgetApp`, a model whose
  screens are declared from widgets in its ``build``; the widgets :class:`Window`,
  :class:`Toolbar`, :class:`MenuItem`, :class:`Text`, :class:`Button`,
  :class:`IconButton`, :class:`Fab`, :class:`TextField`, :class:`CheckBox`,
  :class:`Switch`, :class:`RadioGroup`, :class:`Slider`, :class:`Spinner`,
  :class:`Tabs`, :class:`ListRow`, :class:`ScrollList`, :class:`Column`, :class:`Row`,
  :class:`Divider`, :class:`Spacer`, :class:`Dialog`; :class:`Theme` (the app's
  colours); :data:`KEY_BACK`, :data:`KEY_DEL`, :data:`KEY_ENTER` (keys as a model
  receives them), :func:`selects_all` (whether an ``input keycombination`` is Ctrl+A).
- :func:`database_image`: the bytes of a new SQLite database made by a script, built
  once per process (an app's empty databases, on every fresh phone).
- :func:`system_bars_xml`: the status and navigation bars as dump nodes, for a model
  that writes its own ``uiautomator`` hierarchy (a WebView's) and draws its own pixels.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from droidhub.android.phone import EXTERNAL_STORAGE, PIXEL_6, ScreenGeometry, canonical_path
from droidhub.virtual.app import BroadcastReply, Intent, Screen, VirtualApp
from droidhub.virtual.providers.base import database_image

if TYPE_CHECKING:
    from droidhub.virtual.phone import VirtualPhone
    from droidhub.virtual.widgets.kit import (
        KEY_BACK,
        KEY_DEL,
        KEY_ENTER,
        Button,
        CheckBox,
        Column,
        Dialog,
        Divider,
        Fab,
        IconButton,
        ListRow,
        MenuItem,
        RadioGroup,
        Row,
        ScrollList,
        Slider,
        Spacer,
        Spinner,
        Switch,
        Tabs,
        Text,
        TextField,
        Theme,
        Toolbar,
        Window,
        selects_all,
    )
    from droidhub.virtual.widgets.layout import WidgetApp
    from droidhub.virtual.widgets.nodes import system_bars_xml

#: Where the public names that bring the phone and its view engine (Skia, numpy) with
#: them live; every other public name not imported above is the widget toolkit's
#: (:mod:`droidhub.virtual.widgets.kit`). They are imported on first use, so that a
#: process that only defines and checks tasks (a run's, a listing's) never pays for what
#: draws screens.
_LATER = {
    "VirtualPhone": "droidhub.virtual.phone",
    "WidgetApp": "droidhub.virtual.widgets.layout",
    "system_bars_xml": "droidhub.virtual.widgets.nodes",
}


def __getattr__(name: str) -> Any:
    """A public name not imported yet, from its module, imported now (PEP 562)."""
    if name not in __all__:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    module = _LATER.get(name, "droidhub.virtual.widgets.kit")
    value = getattr(importlib.import_module(module), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    """Every public name, the ones not imported yet too."""
    return sorted({*globals(), *__all__})


__all__ = [
    "EXTERNAL_STORAGE",
    "KEY_BACK",
    "KEY_DEL",
    "KEY_ENTER",
    "PIXEL_6",
    "BroadcastReply",
    "Button",
    "CheckBox",
    "Column",
    "Dialog",
    "Divider",
    "Fab",
    "IconButton",
    "Intent",
    "ListRow",
    "MenuItem",
    "RadioGroup",
    "Row",
    "Screen",
    "ScreenGeometry",
    "ScrollList",
    "Slider",
    "Spacer",
    "Spinner",
    "Switch",
    "Tabs",
    "Text",
    "TextField",
    "Theme",
    "Toolbar",
    "VirtualApp",
    "VirtualPhone",
    "WidgetApp",
    "Window",
    "canonical_path",
    "database_image",
    "selects_all",
    "system_bars_xml",
]
