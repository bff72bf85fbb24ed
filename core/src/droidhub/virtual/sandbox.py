"""The phone's sandbox error, below every module that maps Android paths to host paths."""

from __future__ import annotations


class SandboxPathError(ValueError):
    """An Android path that would lead out of the phone's sandbox folder."""

    def __init__(self, android_path: str, message: str) -> None:
        super().__init__(message)
        self.android_path = android_path
