"""Players' names: what a seat may be called, so that every name reads as what it is.

A name is shown on every screen at the table and read aloud; two seats must never look
alike, and a name must never hide, reorder or fake the text around it.
"""
from __future__ import annotations

import unicodedata

from confusables import is_confusable

from .errors import Refused

NAME_MAX = 24
# Letters that draw nothing (Hangul fillers, the blank Braille pattern, Mongolian and Khmer
# vowel fillers): a name of these alone would be an invisible player.
INVISIBLE = frozenset("\u115f\u1160\u3164\uffa0\u2800\u180e\u17b4\u17b5")
# Control, format (zero-width, bidi overrides), unassigned, private use, surrogates, and line or
# paragraph separators: none of them belongs in a name.
REFUSED_CATEGORIES = frozenset({"Cc", "Cf", "Cn", "Co", "Cs", "Zl", "Zp"})


def clean_name(raw: object) -> str:
    """The name as it will be shown (NFC, single spaces), or Refused with the reason."""
    name = " ".join(unicodedata.normalize("NFC", str(raw or "")).split())
    if not name:
        raise Refused("Type your name to take a seat.")
    if len(name) > NAME_MAX:
        raise Refused(f"Keep your name to {NAME_MAX} letters or fewer.")
    if any(unicodedata.category(ch) in REFUSED_CATEGORIES for ch in name):
        raise Refused("Your name has a hidden or control character in it; type it again "
                      "with letters only.")
    if not any(unicodedata.category(ch)[0] in "LN" and ch not in INVISIBLE for ch in name):
        raise Refused("A name needs at least one letter everyone can see.")
    return name


def look_alike(name: str, others) -> str | None:
    """The seated name that ``name`` could be mistaken for (another spelling, not the same)."""
    for other in others:
        if other.casefold() != name.casefold() and is_confusable(name, other):
            return other
    return None
