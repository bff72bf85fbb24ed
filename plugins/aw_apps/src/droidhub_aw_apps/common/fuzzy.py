"""Approximate text comparison, as AndroidWorld scores typed text."""

from __future__ import annotations

import difflib

#: Similarity (difflib ratio) at or above which two texts count as the same.
MIN_SIMILARITY = 0.9


def similar(text1: str | None, text2: str | None, ignore_case: bool = True) -> bool:
    """Whether two texts are the same up to small typos (a ratio of at least 0.9).

    A missing text (None) matches nothing.
    """
    if text1 is None or text2 is None:
        return False
    a, b = (text1.lower(), text2.lower()) if ignore_case else (text1, text2)
    return difflib.SequenceMatcher(None, a, b).ratio() >= MIN_SIMILARITY
