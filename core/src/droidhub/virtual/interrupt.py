"""Ending a waiting shell command early, when nobody waits for its answer any more.

The adb server runs each command on a worker thread with an event of its own
(:func:`interruptible`); a command that waits (``sleep``) waits on that event
(:func:`interruption`) instead of the clock alone, so a stopping server does not wait
out a client's ``sleep 600``.
"""

from __future__ import annotations

import contextlib
import threading
from collections.abc import Iterator

_current = threading.local()


@contextlib.contextmanager
def interruptible(event: threading.Event) -> Iterator[None]:
    """Within the block, commands on this thread end their waits when ``event`` is set."""
    previous = getattr(_current, "event", None)
    _current.event = event
    try:
        yield
    finally:
        _current.event = previous


def interruption() -> threading.Event:
    """The event that ends this thread's waits early (a fresh, unset one outside a block)."""
    event = getattr(_current, "event", None)
    return event if event is not None else threading.Event()
