"""How an error message names a value a plugin handed over: its type and a short repr.

Used by the plugin manager and the registry to report a wrong answer without letting a
huge or hostile ``__repr__`` flood, or hide, the report.
"""

from __future__ import annotations

import reprlib


def describe_value(value: object) -> str:
    """A short, safe description of what a plugin handed over: its type and value."""
    if isinstance(value, type):
        return f"class {value.__module__}.{value.__qualname__}"
    if callable(value) and hasattr(value, "__qualname__"):
        module = getattr(value, "__module__", None) or "?"
        return f"{type(value).__name__} {module}.{value.__qualname__}"
    if type(value).__repr__ is object.__repr__:  # the default repr is just an address
        return f"{type(value).__name__} instance"
    short = reprlib.Repr()
    short.maxstring = short.maxother = 60
    try:
        text = short.repr(value)
    except Exception:  # a plugin object whose __repr__ raises must not hide the report
        text = "(unprintable)"
    return f"{type(value).__name__} {text}"
