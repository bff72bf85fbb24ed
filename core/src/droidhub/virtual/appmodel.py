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
"""

from __future__ import annotations

from droidhub.android import EXTERNAL_STORAGE, PIXEL_6, ScreenGeometry, canonical_path
from droidhub.virtual.app import BroadcastReply, Intent, Screen, VirtualApp
from droidhub.virtual.phone import VirtualPhone

__all__ = [
    "EXTERNAL_STORAGE",
    "PIXEL_6",
    "BroadcastReply",
    "Intent",
    "Screen",
    "ScreenGeometry",
    "VirtualApp",
    "VirtualPhone",
    "canonical_path",
]
