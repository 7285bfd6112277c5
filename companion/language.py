"""Every word in its reader's language: gettext catalogs read with Babel (issue 48).

- A catalog is a gettext ``.po`` file, one domain per package: the companion's own
  (``companion/locale``: the companion's and the shared screens' words) and each game's, in
  a ``locale`` folder beside its rules module (``rules/locale`` for the table vote,
  ``rules/castaways/locale`` for a package, an outside game's in its own package). The
  layout is gettext's: ``locale/<lang>/LC_MESSAGES/<domain>.po``, the extracted template
  ``locale/<domain>.pot`` beside them (tests/structure/test_catalogs.py keeps both current).
- The ``.po`` is read as it is when a language is first asked for (under a millisecond a
  catalog, handoff/lang48.md): no compiled ``.mo`` to build, ship or let go stale. A catalog that is absent, or a message it lacks, says the source (English) text:
  never a crash.
- Plurals come from the catalog's CLDR plural rule, lists ("Ana, Ben and Cat") and numbers
  from Babel's CLDR data for the language.
- ``PSEUDO`` (``en-XA``) is made from the template, not written by hand: every message
  accented, bracketed and about 40% longer, so a test sees any word that bypassed a catalog.
"""
from __future__ import annotations

import importlib.util
import io
import locale as system_locale
import re
import unicodedata
from functools import lru_cache
from pathlib import Path
from typing import Any, Iterable

from babel import Locale, UnknownLocaleError
from babel.lists import format_list

from .headers import weighted
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from babel.numbers import format_decimal
from babel.support import Translations

from rules.words import Clause, Either, Items, Message, Phrase, Speaker, to_json  # to_json: the rules make it too

__all__ = ["Items", "Message", "Speaker", "Words", "LANGUAGES", "PSEUDO", "words", "negotiate",
           "to_json", "from_json"]

SOURCE = "en"  # the language every msgid is written in
LANGUAGES = ("en", "es", "de", "fr", "pl", "ar")  # complete: tests/structure/test_catalogs.py
PSEUDO = "en-XA"  # the tests' pseudo-language (CLDR's own code for it)
COMPANION = "companion"  # the companion's domain: companion/ and the shared views/
HOME = "companion.language"  # its catalogs' folder: companion/locale

_ = Speaker(COMPANION, HOME)
_FIELD = re.compile(r"\{(\w+)\}")

# A name whose letters run the other way than its sentence's takes its neighbours with it:
# "علي: 1 vote" is drawn "1 :علي vote", and "Ana: صوت واحد" reorders in Arabic (the Unicode
# bidi algorithm, UAX #9). A value put into a sentence whose letters are all of the other
# direction is isolated (U+2068 FIRST STRONG ISOLATE ... U+2069 POP DIRECTIONAL ISOLATE):
# one block, in the sentence's order. A value with letters of the sentence's own direction
# (a sentence said in the same language, a name of both scripts) and one with no letters (a
# number) are left as they are, so an English sentence of Latin names stays byte for byte.
FSI, PDI = "\u2068", "\u2069"
_ISOLATES = {0x2068: None, 0x2069: None}


def _strong(text: str) -> set[str]:
    """The directions of the letters of ``text`` ("ltr", "rtl"), isolated parts aside."""
    found, depth = set(), 0
    for ch in text:
        if ch in "\u2066\u2067\u2068":
            depth += 1
        elif ch == PDI:
            depth = max(0, depth - 1)
        elif not depth:
            kind = unicodedata.bidirectional(ch)
            if kind == "L":
                found.add("ltr")
            elif kind in ("R", "AL"):
                found.add("rtl")
    return found


def isolated(text: str, direction: str) -> str:
    """``text`` as a value inside a sentence of ``direction``: isolated when its letters all
    run the other way (see ``FSI``)."""
    return FSI + text + PDI if _strong(text) == {"ltr", "rtl"} - {direction} else text


def own_direction(text: str, direction: str) -> str:
    """``text`` typed by a player and drawn alone (a table vote's question as a heading) in its
    own direction on a screen of ``direction``: isolated (FSI: its first letter with a
    direction decides) when that letter runs the other way, or "Who goes first?" on an Arabic
    screen is drawn "?Who goes first". Text of the screen's direction is left as it is."""
    if not text or FSI in text:
        return text
    for ch in text:
        kind = unicodedata.bidirectional(ch)
        if kind in ("L", "R", "AL"):
            return FSI + text + PDI if (kind == "L") == (direction == "rtl") else text
    return text


def plain(text: str) -> str:
    """``text`` without its isolates: for speech (it has no visual order) and comparisons."""
    return text.translate(_ISOLATES)


def locale_folder(home: str) -> Path | None:
    """The ``locale`` folder beside module ``home`` (inside it, for a package), if any."""
    if home == HOME:
        return Path(__file__).parent / "locale"
    try:
        spec = importlib.util.find_spec(home)
    except (ImportError, ValueError):
        return None
    if spec is None or not spec.origin:
        return None
    return Path(spec.origin).parent / "locale"


def code(language: str) -> str:
    """"es_ES" and "es-es" as gettext names the folder: "es_ES"; "en-XA" stays the pseudo."""
    parts = language.replace("-", "_").split("_")
    return "_".join([parts[0].lower()] + [p.upper() for p in parts[1:]])


@lru_cache(maxsize=None)
def catalog(home: str, domain: str, language: str) -> Translations | None:
    """The domain's translations into ``language`` (its .po read now), or None if none."""
    folder = locale_folder(home)
    if folder is None:
        return None
    if language == PSEUDO:
        return _pseudo(folder / f"{domain}.pot")
    path = folder / code(language) / "LC_MESSAGES" / f"{domain}.po"
    if not path.is_file():
        return None
    with path.open("rb") as f:
        po = read_po(f, locale=code(language), domain=domain)
    return _translations(po, domain)


def _translations(po, domain: str) -> Translations:
    """Babel's Translations (gettext's, with the catalog's plural rule) from a read .po: it
    is compiled in memory, fuzzy entries left out as msgfmt leaves them out."""
    mo = io.BytesIO()
    write_mo(mo, po, use_fuzzy=False)
    mo.seek(0)
    return Translations(mo, domain=domain)


def _pseudo(template: Path) -> Translations | None:
    if not template.is_file():
        return None
    with template.open("rb") as f:
        po = read_po(f, locale="en")
    for m in po:
        if m.id:
            m.string = tuple(map(pseudo, m.id)) if m.pluralizable else pseudo(m.id)
    return _translations(po, po.domain or "")


_ACCENTS = str.maketrans("aceinorsuyzACEINORSUYZ", "àçéîñöŕšûýžÀÇÉÎÑÖŔŠÛÝŽ")


def pseudo(text: str) -> str:
    """"Room {code}" -> "⟦Ŕööm {code} ·⟧": accented but its placeholders, ~40% longer."""
    parts = _FIELD.split(text)  # even: words; odd: a placeholder's name
    said = "".join(p.translate(_ACCENTS) if i % 2 == 0 else "{" + p + "}"
                   for i, p in enumerate(parts))
    return "⟦" + said + " " + "·" * max(1, round(len(text) * 0.4) - 3) + "⟧"


def cldr(language: str) -> Locale:
    """Babel's Locale for the language's plurals, lists and numbers (English for the pseudo:
    British English's, whose lists are the rules' own, "Ana, Ben and Cat", no Oxford comma)."""
    try:
        if language in (SOURCE, PSEUDO):
            return Locale.parse("en_GB")
        return Locale.parse(code(language))
    except (UnknownLocaleError, ValueError):
        return Locale.parse(SOURCE)


def negotiate(preferred: Iterable[str], offered: Iterable[str] = LANGUAGES + (PSEUDO,)) -> str:
    """The offered language that best matches a browser's or a system's preferences (the
    pseudo-language only when asked for by its name: a tester's browser or --language)."""
    offered = list(offered)
    wanted = [code(p) for p in preferred if p and p != "*"]
    if PSEUDO in offered and code(PSEUDO) in wanted:  # Babel knows no pseudo-locale
        return PSEUDO
    found = Locale.negotiate(wanted, [code(o) for o in offered if o != PSEUDO], sep="_")
    return str(found).replace("_", "-") if found else SOURCE


def accept_language(header: str) -> list[str]:
    """An ``Accept-Language`` header's languages, most wanted first (RFC 9110, q-values)."""
    ranked = [(-q, i, tag) for i, (tag, q) in enumerate(weighted(header, most=20))
              if tag and q > 0 and len(tag) <= 35]
    return [tag for _q, _i, tag in sorted(ranked)]


def system_language() -> str:
    """The host's language from its locale settings (LANGUAGE, LC_ALL, LC_MESSAGES, LANG)."""
    from babel import default_locale

    found = default_locale("LC_MESSAGES") or system_locale.getlocale()[0] or SOURCE
    return negotiate(str(found).split(":"))


class Words:
    """A screen's words in one language: ``words(message)`` is the message in that language.

    A plain string is said as it is (a sentence not yet converted, a name): the screens
    convert one by one, and nothing else breaks meanwhile."""

    def __init__(self, language: str = SOURCE) -> None:
        self.language = language
        self.locale = cldr(language)
        self.rtl = self.locale.text_direction == "rtl"

    @property
    def direction(self) -> str:
        return "rtl" if self.rtl else "ltr"

    def __call__(self, message: Any) -> str:
        if not isinstance(message, Message):
            return "" if message is None else str(message)
        values = {k: self.value(v) for k, v in message.values}
        found = catalog(message.home, message.domain, self.language) if (
            self.language != SOURCE) else None
        if message.plural is not None:
            n = message.get(message.count)
            text = (found.ngettext(message.text, message.plural, n) if found else
                    message.text if n == 1 else message.plural)
        else:
            text = found.gettext(message.text) if found else message.text
        try:
            return text.format(**values) if values else text
        except (KeyError, IndexError, ValueError):  # a translation's slip: the source's words
            return str(message)

    def value(self, value: Any) -> str:
        if isinstance(value, Message):
            return self(value)
        if isinstance(value, bool) or not isinstance(value, (int, float, tuple, list)):
            # a name, a question typed at the table: never translated, isolated if its
            # letters run the other way than the sentence's
            return isolated(str(value), self.direction)
        if isinstance(value, Clause):  # a sentence inside a sentence: no full stop of its own
            return self.value(value[0]).rstrip(".") if value else ""
        if isinstance(value, Phrase):  # words mid-sentence: as the language writes them
            return self.value(value[0]) if value else ""
        if isinstance(value, Either):  # "Kiwi, Pear or Plum": CLDR's "or" list
            return format_list([self.value(v) for v in value], style="or", locale=self.locale)
        if isinstance(value, Items):  # "Kiwi 3, Pear 1": CLDR's lists all end in "and"
            # Translators: between the items of a tally ("Kiwi 3, Pear 1"), not a sentence
            return self(_(", ")).join(self.value(v) for v in value)
        if isinstance(value, (tuple, list)):
            return format_list([self.value(v) for v in value], locale=self.locale)
        return format_decimal(value, locale=self.locale)


def own_name(language: str) -> str:
    """A language's name in itself, as a switch lists it ("Español", "Polski", "العربية"):
    CLDR's, from Babel, its first letter a capital."""
    if language == PSEUDO:
        return pseudo("English")  # the tests' pseudo-language, marked as every word is
    found = Locale.parse(code(language)) if language in LANGUAGES else cldr(language)
    name = found.display_name or language
    return name[:1].upper() + name[1:]


def browser_language(page) -> str | None:
    """The language a Flet page's browser prefers, from the ``Accept-Language`` header of its
    websocket's handshake (browsers send it as with the page): no question to the browser,
    so no round trip. None when the session has no handshake (a test's page)."""
    from . import flet_seam  # the one place for Flet's private parts

    websocket = flet_seam.handshake_websocket(page)
    header = websocket.headers.get("accept-language") if websocket is not None else None
    return negotiate(accept_language(header)) if header else None


@lru_cache(maxsize=None)
def words(language: str = SOURCE) -> Words:
    return Words(language)


def from_json(data: Any) -> Any:
    """``to_json`` undone; a line of a log from before (a plain string) stays a string, and
    anything unreadable reads as its text, never an error."""
    if not isinstance(data, dict):
        return data
    if "items" in data:
        return Items(from_json(v) for v in data["items"] or ())
    if "either" in data:
        return Either(from_json(v) for v in data["either"] or ())
    if "clause" in data:
        return Clause(from_json(v) for v in data["clause"] or ())
    if "phrase" in data:
        return Phrase(from_json(v) for v in data["phrase"] or ())
    if "list" in data:
        return tuple(from_json(v) for v in data["list"] or ())
    values = data.get("values") if isinstance(data.get("values"), dict) else {}
    return Message(str(data.get("text", "")),
                   tuple((str(k), from_json(v)) for k, v in values.items()),
                   str(data.get("domain") or ""), str(data.get("home") or ""),
                   data.get("plural"), data.get("count"))


_host = [SOURCE]


def set_host_language(language: str) -> None:
    """The table's and the console's language (``companion --language``)."""
    _host[0] = language


def host_words() -> Words:
    return words(_host[0])


def said(message: Any) -> str:
    """A message in the host's language (the table's): the companion's strings for now."""
    return host_words()(message)
