"""AndroidWorld's app tasks for droidhub, scored from device state."""

__version__ = "0.1.0"
