"""Fonts for names in scripts Roboto lacks, fetched by the client from this host only.

When a text holds a letter none of its loaded fonts draws, Flutter's web engine picks Noto fonts
from a table compiled into the client (name, path under ``fontFallbackBaseUrl``, and which code
points each covers) and fetches them: from Google's CDN by default, from ``assets/fonts/`` of
this host here (companion/web/boot.js). So a font is fetched only once a name on the screen
needs it. Flutter splits Chinese, Japanese and Korean into some 560 pieces (five faces of
about 110 each); the host answers every path the engine may ask for a name's letters with a
redirect to the one cut file that draws them (build/script_fonts.py), so a phone downloads
each file once, whichever piece the engine asked for first.

The table is read from the client itself (main.dart.js), so the paths are always the ones the
installed Flet asks for.
"""
from __future__ import annotations

import bisect
import re
from collections import Counter, defaultdict
from functools import lru_cache
from pathlib import Path

from .drawable import DRAWN

FALLBACK_DIR = "assets/fonts/"  # fontFallbackBaseUrl in boot.js
# The engine's table (engine/font_fallback_data.dart), as dart2js writes it into main.dart.js:
# the fonts in order, the sets of fonts (comma-separated, each font an index delta in base 26
# 'a'-'z' with decimal prefixes), and the code point ranges (a size in 'a'-'z', then the index
# of the set in 'A'-'Z', both with decimal prefixes).
FONT = re.compile(rb'"(Noto [^"]+)","(noto[^"]+\.woff2)"')
FONT_SETS = re.compile(rb'"([0-9a-z,]{2000,})"')
SET_RANGES = re.compile(rb'"([0-9a-zA-Z]{5000,})"')
MAX_CODE_POINT = 0x10FFFF


def _digits(text: str):
    """(lowercase?, value) for each letter digit, with the decimal prefix before it folded in."""
    prefix = 0
    for ch in text:
        if ch.isdigit():
            prefix = prefix * 10 + int(ch)
        else:
            base = "a" if ch.islower() else "A"
            yield ch.islower(), prefix * 26 + ord(ch) - ord(base)
            prefix = 0


def decode_sets(text: str) -> list[list[int]]:
    sets = []
    for part in text.split(","):
        fonts, previous = [], -1
        for _, delta in _digits(part):
            previous += delta + 1
            fonts.append(previous)
        sets.append(fonts)
    return sets


def decode_ranges(text: str) -> tuple[list[int], list[int]]:
    """(ends, set index): ``ends[i]`` is the exclusive end of the i-th range."""
    ends, values, start, size = [], [], 0, 1
    for is_size, value in _digits(text):
        if is_size:
            size = value + 2
        else:
            start += size
            ends.append(start)
            values.append(value)
            size = 1
    if start != MAX_CODE_POINT + 1:
        raise ValueError("Flet changed: the font fallback table does not cover Unicode")
    return ends, values


class FallbackTable:
    """Which of the engine's fallback fonts may be asked for a code point."""

    def __init__(self, client_js: bytes) -> None:
        self.fonts = [(n.decode(), p.decode()) for n, p in FONT.findall(client_js)]
        sets, ranges = FONT_SETS.search(client_js), SET_RANGES.search(client_js)
        if not (self.fonts and sets and ranges):
            raise ValueError("Flet changed: no font fallback table in main.dart.js")
        self.sets = decode_sets(sets.group(1).decode())
        self.ends, self.values = decode_ranges(ranges.group(1).decode())

    def fonts_for(self, cp: int) -> list[tuple[str, str]]:
        index = self.values[bisect.bisect_right(self.ends, cp)]
        return [self.fonts[i] for i in self.sets[index]]


def redirects(table: FallbackTable) -> dict[str, str]:
    """Engine path -> our file, for every engine font that covers a letter of our files (the
    file whose letters it covers most: one font serves one script)."""
    votes: dict[str, Counter] = defaultdict(Counter)
    for file, ranges in DRAWN.values():
        for first, last in ranges if file else ():
            for cp in range(first, last + 1):
                for _, path in table.fonts_for(cp):
                    votes[path][file] += 1
    return {path: counted.most_common(1)[0][0] for path, counted in votes.items()}


@lru_cache(maxsize=2)
def _redirects_of(client_js: Path, mtime_ns: int) -> dict[str, str]:
    return redirects(FallbackTable(client_js.read_bytes()))


def font_redirect(rel: str, client_js: Path | None) -> str | None:
    """The URL path of our font for an engine fallback request ``rel``, else None."""
    if client_js is None or not rel.startswith(FALLBACK_DIR + "noto"):
        return None
    table = _redirects_of(client_js, client_js.stat().st_mtime_ns)
    file = table.get(rel[len(FALLBACK_DIR):])
    return f"/{FALLBACK_DIR}{file}" if file else None
