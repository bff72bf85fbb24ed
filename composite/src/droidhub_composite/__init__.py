"""Multi-app droidhub tasks composed from hermetic tasks, with averaged partial rewards."""

__version__ = "0.1.0"
