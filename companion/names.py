"""Players' names: what a seat may be called, so that every name reads as what it is.

A name is shown on every screen at the table and read aloud; two seats must never look
alike, and a name must never hide, reorder or fake the text around it.
"""
from __future__ import annotations

import unicodedata

from confusables import confusable_characters

from .drawable import DRAWN
from .errors import Refused
from .language import COMPANION, HOME, Speaker

_ = Speaker(COMPANION, HOME)  # the companion's catalog: its refusals and events

NAME_MAX = 24
# Letters that draw nothing (Hangul fillers, the blank Braille pattern, Mongolian and Khmer
# vowel fillers), and Unicode's default-ignorable code points (the combining grapheme joiner,
# variation selectors, ...: drawn as nothing, so "Ana" plus one of them looks like Ana).
INVISIBLE = frozenset(
    "\u00ad\u034f\u061c\u115f\u1160\u17b4\u17b5\u180b\u180c\u180d\u180e\u180f"
    "\u2800\u3164\uffa0\ufeff"
    + "".join(map(chr, range(0x200B, 0x2010))) + "".join(map(chr, range(0x202A, 0x202F)))
    + "".join(map(chr, range(0x2060, 0x2070))) + "".join(map(chr, range(0xFE00, 0xFE10)))
    + "".join(map(chr, range(0xFFF0, 0xFFF9))) + "".join(map(chr, range(0x1BCA0, 0x1BCA4)))
    + "".join(map(chr, range(0x1D173, 0x1D17B))) + "".join(map(chr, range(0xE0000, 0xE1000))))
# Control, format (zero-width, bidi overrides), unassigned, private use, surrogates, and line or
# paragraph separators: none of them belongs in a name.
REFUSED_CATEGORIES = frozenset({"Cc", "Cf", "Cn", "Co", "Cs", "Zl", "Zp"})
# Every code point a font of the screens draws (Roboto, and the host's fonts for other
# scripts): any other letter would show as an empty box on every screen.
DRAWABLE = frozenset(cp for _, ranges in DRAWN.values()
                     for first, last in ranges for cp in range(first, last + 1))
# the scripts a refusal names, in the order of companion/drawable.py (generated with the fonts)
SCRIPTS = ("Latin, Greek, Cyrillic, "
           + "".join(f"{script}, " for script in DRAWN if script not in (
               "Latin, Greek and Cyrillic", "Chinese, Japanese and Korean"))
           + "Chinese (common characters), Japanese (kana and common kanji) and Korean (hangul)")


def clean_name(raw: object) -> str:
    """The name as it will be shown (NFC, single spaces), or Refused with the reason."""
    name = " ".join(unicodedata.normalize("NFC", str(raw or "")).split())
    if not name:
        raise Refused(_("Type your name to take a seat."))
    if len(name) > NAME_MAX:
        raise Refused(_("Keep your name to {most} letters or fewer.", most=NAME_MAX))
    hidden = Refused(_("Your name has a hidden or control character in it; type it "
                       "again with letters only."))
    if any(unicodedata.category(ch) in REFUSED_CATEGORIES for ch in name):
        raise hidden
    if not any(unicodedata.category(ch)[0] in "LN" and ch not in INVISIBLE for ch in name):
        raise Refused(_("A name needs at least one letter everyone can see."))
    if any(ch in INVISIBLE for ch in name):  # "Ana" and a filler would sit beside Ana
        raise hidden
    if not all(ord(ch) in DRAWABLE for ch in name):
        # never echo the letters: they would show as the very boxes this refuses
        raise Refused(_("These screens cannot draw some letters of that name. Names"
                        " may use {scripts} letters, digits and common punctuation.", scripts=SCRIPTS))
    return name


def look_alike(name: str, others) -> str | None:
    """The seated name that ``name`` could be mistaken for (another spelling, not the same).

    Unicode's confusables table (the ``confusables`` package) pairs the two names up letter
    by letter; they are look-alikes unless every pair that differs is two letters of the
    Latin script, which a reader here tells apart: Jess and Jeff, Lisa and Lifa, Ian and
    Lan, José and Jose all sit at one table. Refused: a letter of another script against a
    Latin one or against another script's (Cyrillic "Аlice", Greek "ΑΝΝΑ", Hebrew ן and ו,
    Arabic ي and Persian ی, katakana カ and kanji 力), a digit against a letter (0 and O,
    1 and l), "rn" against "m", and capital I against small l, which the screens'
    sans-serif draws as the same stroke.
    """
    for other in others:
        if other.casefold() == name.casefold():
            continue
        pairs = _paired(name, other)
        if pairs is not None and not all(_told_apart(a, b) for a, b in pairs if a != b):
            return other
    return None


# the one pair of Latin letters the screens' font (Roboto, sans-serif) draws alike
SAME_STROKE = frozenset({("I", "l"), ("l", "I")})


def _told_apart(a: str, b: str) -> bool:
    """Two different letters (or runs of letters) a reader at the table does not mistake."""
    if a.casefold() == b.casefold():
        return True
    return len(a) == len(b) == 1 and (a, b) not in SAME_STROKE and _latin(a) and _latin(b)


def _latin(letter: str) -> bool:
    """A letter of the Latin script (A to z, é, ø, ß, ı...; a look-alike outside the screens'
    letters, such as ǀ or ɑ, never gets this far: the door refuses what they cannot draw)."""
    return letter.isalpha() and unicodedata.name(letter, "").startswith("LATIN ")


def _paired(first: str, second: str) -> list[tuple[str, str]] | None:
    """The two names matched up by the confusables table, as ``confusables.is_confusable``
    matches them (a run of one against a letter of the other, the longest first), or None
    when they do not match: the pairs, so the caller can see which letters differ."""
    pairs = []
    while first and second:
        one = next((i for i in range(len(first), 0, -1)
                    if first[:i] in confusable_characters(second[0])), 0)
        two = next((i for i in range(len(second), 0, -1)
                    if second[:i] in confusable_characters(first[0])), 0)
        if not one and not two:
            return None
        if not two or one >= two:
            pairs.append((first[:one], second[0]))
            first, second = first[one:], second[1:]
        else:
            pairs.append((first[0], second[:two]))
            first, second = first[1:], second[two:]
    return pairs if first == second else None
