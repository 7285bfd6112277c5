"""The start page in its reader's language (issue 48): the join page is plain HTML that the
host renders, so a phone downloads its own language's words only, inside the page.

``companion/web/index.html`` is a ``string.Template``: ``$lang`` and ``$dir`` on ``<html>``
(Arabic right to left), one ``$key`` per word the page shows, and ``$words``, the sentences
the page's script says (companion/web/first.js), as JSON in a data attribute (the
Content-Security-Policy allows no inline script; a data attribute is no script). The language
is the browser's ``Accept-Language`` negotiated against the catalogs (``language.negotiate``).
"""
from __future__ import annotations

import json
from functools import lru_cache
from html import escape
from string import Template

from .language import COMPANION, HOME, Speaker, Words, accept_language, negotiate, words

_ = Speaker(COMPANION, HOME)

# what the page shows before its script runs
SHOWN = {
    "title": _("Table companion"),
    "description": _("The table companion for board games."),
    "loading": _("Loading"),
    "room_heading": _("Room"),
    "your_name": _("Your name"),
    "join": _("Join"),
    "loading_app": _("Loading the app"),
    "loading_app_now": _("Loading the app…"),
    # the switch that turns the app's screen reader support on (companion/web/boot.js)
    "reader_on": _("Turn on screen reader support"),
}

# what its script says; {name} and {code} are filled in on the phone
SAID = {
    "room": _("Room {code}", code="{code}"),
    "ready": _("The app is ready: press Join when your name is right."),
    "back_as": _("Back as {name}…", name="{name}"),
    "back": _("Back at your seat…"),
    "taking_later": _("Taking a seat as {name} as soon as the app is ready…", name="{name}"),
    "type_name": _("Type your name first."),
    "keeps_nothing": _("This browser keeps nothing (a private window?): type your name again "
                       "in a moment."),
    "taking": _("Taking a seat as {name}…", name="{name}"),
    "no_answer": _("The table did not answer: taking a seat as {name} as soon as the app is "
                   "ready…", name="{name}"),
    "seated": _("You have a seat, {name}. Your screen opens in a moment…", name="{name}"),
    "busy": _("The table could not seat you just now: try again in a moment."),
    # seal.js, for a host that cannot prove the key the QR code named (issue 49)
    "seal_refused": _("This phone could not make sure that it is talking to the table's host, "
                      "so it sent nothing. Join the table's Wi-Fi and scan the QR code on the "
                      "table screen again."),
}


def language_of(headers: dict) -> str:
    """The catalog language for a request's ``Accept-Language`` (English if none fits)."""
    return negotiate(accept_language(headers.get(b"accept-language", b"").decode("latin-1")))


def render(template: bytes, language: str) -> bytes:
    """The start page's template with the words of ``language`` (each HTML-escaped)."""
    say: Words = words(language)
    values = {key: escape(say(m)) for key, m in SHOWN.items()}
    values["words"] = escape(json.dumps({k: say(m) for k, m in SAID.items()},
                                        ensure_ascii=False), quote=True)
    values.update(lang=escape(say.language), dir=say.direction)
    return Template(template.decode("utf-8")).safe_substitute(values).encode("utf-8")


@lru_cache(maxsize=16)
def rendered(template: bytes, language: str) -> bytes:
    return render(template, language)


def english() -> bytes:
    """The page's English words: a change to them is a new start page."""
    return json.dumps({k: str(m) for k, m in {**SHOWN, **SAID}.items()}).encode()
