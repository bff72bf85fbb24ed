"""Java's ``String.hashCode()``, by which the apps' letter avatars pick their colours
(Simple-Commons' ``letter_colour``, Contacts' ``LetterTileDrawable``)."""

from __future__ import annotations


def java_hash(text: str) -> int:
    """``String.hashCode()``: the 32-bit signed hash Java gives ``text`` (over UTF-16)."""
    value = 0
    for unit in text.encode("utf-16-be").hex(" ", 2).split():
        value = (31 * value + int(unit, 16)) & 0xFFFFFFFF
    return value - (1 << 32) if value >= 1 << 31 else value
