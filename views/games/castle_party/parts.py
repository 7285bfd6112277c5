"""Castle Party: the words and small helpers the table and the phone screens share.

Every word is a message of Castle Party's catalog, said through a screen's ``say`` (its
language); ``say`` defaults to the host's words, so a part drawn without one says the table's.
The rules' own sentences come in the view as plain JSON (``view["said"]``, a score's
``said_lines``) and are said with ``from_json``; the game's things the view names by key (an
Event, a special action, a Clock's ordinal) have the rules' msgids here, one catalog entry each.
"""
from __future__ import annotations

import flet as ft

from companion.language import Items, Speaker, from_json, host_words

from ...widgets import initial_avatar, player_colour
from .grid import Words

# Castle Party's catalog: the same msgids as its rules (one catalog entry serves both)
_ = Speaker("castle_party", "rules.castle_party")
_n = _.n

ORDINAL_WORDS = {1: _("first"), 2: _("second"), 3: _("third")}
EVENT_WORDS = {"fireworks": _("Fireworks"), "conga": _("Conga"),
               "toast": _("Toast to the Pumpkin King")}
ACTION_WORDS = {"lights_out": _("Lights Out"), "masked_ball": _("Masked Ball"),
                "change_in_orientation": _("Change in Orientation")}


def english(message) -> str:
    """The default ``say``: the host's words (English unless the host picked another)."""
    return host_words()(message)


def point_words(n: int):
    """"3 points", "1 point", "-1 point", as a message to say inside a sentence."""
    return _n("{n} point", "{n} points", "count", n=n, count=abs(n))


def points(n: int, say=english) -> str:
    return say(point_words(n))


def fold_words(say=english) -> dict[str, str]:
    """A fold's button in the screen's language (``widgets.Fold``'s ``more`` and ``less``)."""
    # Translators: a button that opens the rest of the lines; {n}: how many
    return {"more": say(_("More ({n})")), "less": say(_("Less"))}


def said(view: dict, key: str, say=english):
    """One of the rules' sentences the view carries (``view["said"][key]``), in ``say``'s
    language; the view's English when it carries none."""
    found = (view.get("said") or {}).get(key)
    if isinstance(found, list):
        return [say(from_json(f)) for f in found]
    return say(from_json(found)) if found is not None else view.get(key)


def ordinal(n, say=english) -> str:
    return say(ORDINAL_WORDS[n]) if n in ORDINAL_WORDS else str(n)


def breakdown(score: dict, say=english) -> list[str]:
    """The rulebook's breakdown, one line per category (the rules' lines, as messages)."""
    lines = score.get("said_lines") or score["lines"]
    return [say(_("{line} — {points}", line=from_json(label), points=point_words(pts)))
            for label, pts in lines]


def event_lines(castle: dict, words: Words, say=english) -> list[str]:
    """Each Event noted: "Conga: 5 points (second Clock)"."""
    out = []
    for e in castle["events"]:
        event, worth = EVENT_WORDS.get(e["event"], e["name"]), point_words(e["points"])
        which = ORDINAL_WORDS.get(e["clock"], e["clock"])
        if e["square"]:
            out.append(say(_("{event}: {points} ({ordinal} Clock, Pumpkin King on {square})",
                             event=event, points=worth, ordinal=which,
                             square=words.square(e["square"]))))
        else:
            out.append(say(_("{event}: {points} ({ordinal} Clock)", event=event, points=worth,
                             ordinal=which)))
    return out


def own_castle(view: dict) -> dict:
    """The castle of the phone's own seat, in its view."""
    return next(c for c in view["castles"] if c["player"] == view.get("seat"))


def speaker(view: dict) -> str | None:
    """Who speaks now about a special action on the Shape in play (None: nobody)."""
    return view["group"]["speaker"] if view.get("group") else None


def round_words(view: dict, say=english) -> str:
    """The special-action round of the Shape in play, in words for this phone."""
    group, me = view["group"], view["seat"]
    if group is None:
        return say(_("No Shape card in play: special actions wait for the next group."))
    shape, revealer = group["shape"], group["revealer"]
    if group["used_by"]:
        action = ACTION_WORDS.get(group["action"], group["action_name"])
        if group["used_by"] == me:
            return say(_("Shape {shape} ({revealer}'s): You used {action}; no other special "
                         "action on it.", shape=shape, revealer=revealer, action=action))
        return say(_("Shape {shape} ({revealer}'s): {name} used {action}; no other special "
                     "action on it.", shape=shape, revealer=revealer, name=group["used_by"],
                     action=action))
    if group["speaker"] == me:
        return say(_("Shape {shape} ({revealer}'s): your turn to speak. Use a special action "
                     "on this group, or pass.", shape=shape, revealer=revealer))
    if group["speaker"]:
        return say(_("Shape {shape} ({revealer}'s): {name} speaks now (the revealer first, "
                     "then to the left).", shape=shape, revealer=revealer,
                     name=group["speaker"]))
    return say(_("Shape {shape} ({revealer}'s): everybody passed.", shape=shape,
                 revealer=revealer))


def beyond_line(guests: list[str], words: Words, say=english) -> str:
    return say(_("Past the edge of the board, in the moat: {guests}",
                 guests=Items(words.guest_word(g) for g in guests)))


def positions(screen) -> dict[str, int]:
    """Each player's colour (``player_colour``; a seat keeps it when it moves)."""
    return {s.name: s.colour for s in screen.service.seats(screen.code)}


def colour_of(name: str, where: dict[str, int], players: list[str]) -> str:
    position = where.get(name, players.index(name) if name in players else 0)
    return player_colour(position)


def initial_dot(name: str, colour: str, size: int = 22) -> ft.Control:
    """A player's initial in their colour (beside their name, never instead of it)."""
    return initial_avatar(name, colour, size)
