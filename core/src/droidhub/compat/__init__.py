"""Adapters that run agents written for other harnesses under droidhub.

- :mod:`droidhub.compat.android_world`: AndroidWorld's agent interface
  (``--agent mypkg:MyAwAgent --agent-option compat=android_world``).
"""
