"""Castaways screens, the small parts: health gauges, Castaway cards, and reading what the
table typed. No rule lives here: the rules decide (through the companion), these parts only
show.

Players are the people; Castaways are the characters on the cards. Every Castaway line on a
screen says "Castaway"/names the card; every player line names the person.
"""
from __future__ import annotations

import re
from typing import Callable

import flet as ft

from companion.language import Items, Speaker, from_json

from ...widgets import ACCENT, ERROR, OK, initial_avatar, line, player_colour

# Castaways' catalog (rules/castaways/locale/<lang>/LC_MESSAGES/castaways.po): the same msgids
# as the rules (one catalog entry serves both; views import nothing from rules)
_ = Speaker("castaways", "rules.castaways")
_n = _.n

WARN = ft.Colors.AMBER_300

def gone_how(d: dict):
    """How a Castaway left the game, the rules' message (the view's ``how_said``; its English
    ``how`` in a view from before)."""
    return from_json(d.get("how_said", d["how"]))

ARCHETYPES = {"Physical": _("Physical"), "Mental": _("Mental"), "Social": _("Social")}


def english(message) -> str:
    """A screen not converted yet says a message's English (``str``)."""
    return str(message)


def said(say: Callable, part: dict, key: str):
    """A sentence the rules put in the view, in this screen's language: beside its English
    (``key``) the view carries its message as plain JSON (``key_said``, the rules'
    ``rules.words.to_json``), so a screen repeats none of the rules' msgids; a list of them
    the same. A view without it (an old one) says the English."""
    value = part.get(f"{key}_said", part.get(key))
    if isinstance(value, list):
        return [say(from_json(v)) for v in value]
    return None if value is None else say(from_json(value))


def tally(pairs: dict):
    """Votes per name, most first ("Rae 2 votes, Kit 1 vote"); names with no vote are left
    out."""
    ranked = sorted(((c, n) for c, n in pairs.items() if n), key=lambda cn: -cn[1])
    if not ranked:
        return _("no votes")
    return Items(_n("{name} {count} vote", "{name} {count} votes", "count", name=c, count=n)
                 for c, n in ranked)


def bold(text: str, size: int = 20, **kw) -> ft.Text:
    return ft.Text(text, size=size, weight=ft.FontWeight.BOLD, **kw)


def health_colour(h: int, top: int) -> str:
    return OK if h >= 0.6 * top else (WARN if h >= 0.3 * top else ERROR)


def lock_words(c: dict, say: Callable = english) -> str | None:
    """The zero-health lock in words (never by colour alone)."""
    lock = c.get("zero_lock")
    if not lock:
        return None
    if lock["evacuation_pending"]:
        return say(_("0 health since round {round}: Medical Evacuation is due now",
                     round=lock["since_round"]))
    stage = from_json(lock.get("stage_said", lock["stage"]))  # the rules' message
    return say(_("0 health: needs +1 before {stage} of round {round}, or Medical Evacuation",
                 stage=stage, round=lock["due_round"]))


ARCHETYPE_ICONS = {"Physical": ft.Icons.FITNESS_CENTER, "Mental": ft.Icons.PSYCHOLOGY,
                   "Social": ft.Icons.GROUPS}
EMPTY = ft.Colors.WHITE_12


def gauge_bar(h: int, top: int, segment: int = 10, height: int = 14) -> ft.Row:
    """The printed gauge: ``top`` notches, the first ``h`` filled (the slider clip's place)."""
    colour = health_colour(h, top)
    return ft.Row([ft.Container(width=segment, height=height, border_radius=3,
                                bgcolor=colour if i < h else EMPTY) for i in range(top)],
                  spacing=2, tight=True)


def lock_icon(c: dict, size: int = 26, say: Callable = english) -> list[ft.Control]:
    """The zero-health lock as a lock (its words go beside it where there is room)."""
    words = lock_words(c, say)
    if not words:
        return []
    return [ft.Icon(ft.Icons.LOCK, color=ERROR, size=size, tooltip=words,
                    semantics_label=say(_("{castaway}: zero-health lock", castaway=c["name"])))]


def health_number(c: dict, top: int, size: int, say: Callable = english) -> ft.Text:
    h = c["health"]
    return ft.Text(say(_("{health} / {top}", health=h, top=top)), size=size,
                   weight=ft.FontWeight.BOLD, color=health_colour(h, top),
                   semantics_label=say(_("{castaway} health {health} of {top}",
                                         castaway=c["name"], health=h, top=top)))


def gauge(c: dict, top: int, number_size: int = 30, segment: int = 10,
          say: Callable = english) -> list[ft.Control]:
    """The health gauge (0 to ``top``, as printed on the card): the number AND the notches,
    and the lock at 0, readable across a table."""
    return [health_number(c, top, number_size, say),
            ft.Row([*lock_icon(c, say=say), gauge_bar(c["health"], top, segment)], spacing=6,
                   tight=True, vertical_alignment=ft.CrossAxisAlignment.CENTER)]


def tags(c: dict, *, show_mine: bool = False, say: Callable = english) -> str:
    out = [ARCHETYPES.get(c["archetype"], c["archetype"])]
    if show_mine and c.get("mine"):
        out.append(_("yours"))
    if c.get("amulet"):
        out.append(_("Safety Amulet"))
    if c.get("last_social_safe"):
        out.append(_("last Social: safe"))
    if c.get("sat_out"):
        out.append(_("sits out this Challenge"))
    elif c.get("sat_out_last_challenge"):
        out.append(_("sat out last Challenge"))
    if c.get("owner_revealed"):
        out.append(_("{player}'s Castaway", player=c["owner"]) if c.get("owner")
                   else _("owned by nobody"))
    # a Castaway's marks, one after the other ("Social · Safety Amulet")
    return " · ".join(say(w) for w in out)


def _title(c: dict, size: int, selected: bool | None, on_select: Callable | None) -> ft.Control:
    if on_select is not None:  # ticked on the table to change health or take it out
        return ft.Checkbox(label=c["name"], value=bool(selected), on_change=on_select,
                           label_style=ft.TextStyle(size=size, weight=ft.FontWeight.BOLD))
    return ft.Row([ft.Icon(ARCHETYPE_ICONS.get(c["archetype"], ft.Icons.PERSON), size=size),
                   bold(c["name"], size)], spacing=4, tight=True)


def castaway_card(c: dict, top: int, *, selected: bool | None = None,
                  on_select: Callable | None = None, width: int | None = None,
                  name_size: int = 20, segment: int = 26,
                  say: Callable = english) -> ft.Container:
    """One Castaway, big (a phone's own): name, health number and gauge, lock, its marks."""
    number, bar = gauge(c, top, 28, segment, say)
    parts: list[ft.Control] = [
        ft.Row([ft.Container(_title(c, name_size, selected, on_select), expand=True), number],
               vertical_alignment=ft.CrossAxisAlignment.CENTER),
        bar, line(tags(c, say=say), 15)]
    words = lock_words(c, say)  # (the rules show no lock once no round is left)
    if words:
        parts.append(ft.Text(words, size=16, weight=ft.FontWeight.BOLD, color=ERROR))
    border = ft.Border.all(3 if selected else 1, WARN if selected else ft.Colors.WHITE_24)
    return ft.Container(read_together(parts, 4), padding=10, border=border,
                        border_radius=8, width=width)


def read_together(parts: list[ft.Control], spacing: int) -> ft.Control:
    """A card's lines, read one card at a time: cards side by side are otherwise read line
    by line across them ("Physical 1, Physical 2, ... Physical, Physical")."""
    return ft.Semantics(content=ft.Column(parts, spacing=spacing, tight=True), container=True)


def castaway_tile(c: dict, top: int, *, selected: bool = False,
                  on_select: Callable | None = None, width: int = 196,
                  say: Callable = english) -> ft.Container:
    """One Castaway in a lineup on the table, compact: name and health (24 px) on one line,
    the notches under them (a lock at 0), its marks in one small line."""
    lock = lock_icon(c, 22, say)
    h = c["health"]
    number = ft.Text(str(h), size=24, weight=ft.FontWeight.BOLD, color=health_colour(h, top),
                     semantics_label=say(_("{castaway} health {health} of {top}",
                                           castaway=c["name"], health=h, top=top)))
    parts: list[ft.Control] = [
        ft.Row([ft.Container(_title(c, 17, selected, on_select), expand=True), *lock, number],
               spacing=4, vertical_alignment=ft.CrossAxisAlignment.CENTER),
        gauge_bar(h, top, segment=(width - 20 - 2 * (top - 1)) // top, height=12),
        line(tags(c, say=say), 13)]
    border = ft.Border.all(3 if selected else 1, WARN if selected else
                           (ERROR if lock else ft.Colors.WHITE_24))
    return ft.Container(read_together(parts, 3), padding=ft.Padding(8, 2, 10, 6),
                        border=border, border_radius=8, width=width)


# -- pictures: dice, players in order, face-down cards ---------------------------------------

PIPS = {1: {4}, 2: {0, 8}, 3: {0, 4, 8}, 4: {0, 2, 6, 8}, 5: {0, 2, 4, 6, 8},
        6: {0, 2, 3, 5, 6, 8}}


def die_face(value: int, size: int = 56, say: Callable = english) -> ft.Control:
    """A die showing ``value``: pips on a white face (a number if it is not a die face)."""
    if value not in PIPS:
        return bold(str(value), size // 2)
    pip = size // 5
    cells = [ft.Container(width=pip, height=pip, border_radius=pip,
                          bgcolor=ft.Colors.BLACK if i in PIPS[value] else None)
             for i in range(9)]
    rows = [ft.Row(cells[r * 3:r * 3 + 3], alignment=ft.MainAxisAlignment.SPACE_BETWEEN)
            for r in range(3)]
    return ft.Container(ft.Column(rows, alignment=ft.MainAxisAlignment.SPACE_BETWEEN,
                                  spacing=0),
                        width=size, height=size, padding=size // 8, bgcolor=ft.Colors.WHITE,
                        border_radius=size // 6,
                        tooltip=say(_("die showing {face}", face=value)))


def dice_row(rolls: dict, size: int = 56, say: Callable = english) -> ft.Row:
    """The die as it showed, for each: the face, and under it whose roll and the number."""
    # Translators: whose roll and the face it showed: "Team 1 4"
    return ft.Row([ft.Column([die_face(v, size, say), line(say(_("{name} {face}", name=w,
                                                                     face=v)), 16)],
                             spacing=4, tight=True,
                             horizontal_alignment=ft.CrossAxisAlignment.CENTER)
                   for w, v in rolls.items()], wrap=True, spacing=14, run_spacing=8)


def person(name: str, positions: dict, size: int = 18, note: str = "",
           lead: bool = False, label: str | None = None,
           say: Callable = english) -> ft.Container:
    """A player as a chip in their colour; the Team Leader carries a star."""
    colour = player_colour(positions.get(name, 0))
    text = label or name
    if note:
        # Translators: a player's chip and what they do now: "Ana (plays now)"
        text = say(_("{player} ({note})", player=text, note=note))
    parts: list[ft.Control] = [
        initial_avatar(name, colour, size),
        ft.Text(text, size=size, weight=ft.FontWeight.W_600)]
    if lead:
        parts.append(ft.Icon(ft.Icons.STAR, color=ACCENT, size=size + 4,
                             semantics_label=say(_("{player} holds the Team Leader card",
                                                   player=name))))
    return ft.Container(ft.Row(parts, spacing=6, tight=True), padding=ft.Padding(6, 4, 10, 4),
                        border_radius=40, border=ft.Border.all(3 if lead else 2, colour))


def order_row(order: list[str], positions: dict, *, now: str | None = None,
              done: tuple | list = (), size: int = 18, now_words: str = "plays now",
              done_words: str = "played", say: Callable = english) -> ft.Row:
    """Players in their order, as numbered chips: "1. Ana (plays now)", "2. Dev"."""
    chips = []
    for i, p in enumerate(order, start=1):
        note = now_words if p == now else (done_words if p in done else "")
        # Translators: a player's place in an order: "1. Ana"
        chip = person(p, positions, size, note, label=say(_("{position}. {player}",
                                                             position=i, player=p)), say=say)
        chip.opacity = 0.55 if p in done and p != now else 1.0
        chips.append(chip)
    return ft.Row(chips, wrap=True, spacing=8, run_spacing=6)


def face_down_card(card: int, *, team: str = "", taken: bool = False,
                   on_click=None, say: Callable = english) -> ft.Control:
    """A face-down Castaway card: a button a thumb finds on the phone ("Pick face-down card
    4"), a small tile on the table (ticked once taken, never saying by whom)."""
    if on_click is not None:
        # three parts of one button, small, big and small: "Pick face-down" "card 4" "of Team 1"
        words = ft.Text(spans=[
            ft.TextSpan(say(_("Pick face-down ")), ft.TextStyle(size=12,
                                                                color=ft.Colors.BLACK)),
            ft.TextSpan(say(_("card {number}", number=str(card))),
                        ft.TextStyle(size=20, weight=ft.FontWeight.BOLD,
                                     color=ft.Colors.BLACK)),
            *([ft.TextSpan(say(_(" of {team}", team=team)),
                           ft.TextStyle(size=12, color=ft.Colors.BLACK))]
              if team else [])], text_align=ft.TextAlign.CENTER)
        return ft.Button(content=ft.Column([ft.Icon(ft.Icons.STYLE, size=24,
                                                    color=ft.Colors.BLACK), words],
                                           spacing=2, tight=True,
                                           horizontal_alignment=ft.CrossAxisAlignment.CENTER),
                         # no height: the tile grows with its words ("Pick face-" was all
                         # eight tiles showed at 200% text)
                         on_click=on_click, width=108,
                         style=ft.ButtonStyle(bgcolor=ft.Colors.TEAL_200,
                                              padding=ft.Padding(4, 4, 4, 4),
                                              shape=ft.RoundedRectangleBorder(radius=10)))
    return ft.Container(
        ft.Column([ft.Icon(ft.Icons.CHECK if taken else ft.Icons.STYLE, size=22),
                   ft.Text(str(card), size=16, weight=ft.FontWeight.BOLD)], spacing=2,
                  tight=True, horizontal_alignment=ft.CrossAxisAlignment.CENTER),
        width=56, height=76, border_radius=8, alignment=ft.Alignment.CENTER,
        bgcolor=EMPTY if taken else ft.Colors.TEAL_700, opacity=0.5 if taken else 1.0,
        border=ft.Border.all(1, ft.Colors.WHITE_24))


# -- the Challenge helpers, in words ---------------------------------------------------------

def holder_lines(holders: dict, say: Callable = english) -> list[ft.Control]:
    """Each team's bag holders: its strongest competing Castaways (a choice only on a tie)."""
    out: list[ft.Control] = []
    for team, h in holders.items():
        if not h["sure"] and not h["tied"]:
            out.append(line(say(_("{team}: type every competing Castaway's Strength at setup "
                                  "to see its bag holders.", team=team)), 16))
        elif h["tied"] and h["sure"]:
            out.append(line(say(_("{team} bag holders: {castaways}; the rest from {tied} "
                                  "(equal Strength: the team picks).", team=team,
                                  castaways=Items(h["sure"]), tied=Items(h["tied"]))), 18))
        elif h["tied"]:
            out.append(line(say(_("{team} bag holders: none sure; the rest from {tied} "
                                  "(equal Strength: the team picks).", team=team,
                                  tied=Items(h["tied"]))), 18))
        else:
            out.append(line(say(_("{team} bag holders (greatest Strength): {castaways}",
                                  team=team, castaways=Items(h["sure"]))), 18,
                            weight=ft.FontWeight.BOLD))
    return out


def cut_lines(ch: dict, say: Callable = english) -> list[ft.Control]:
    """Removing part of the field by the die: who rolls, and who is already out."""
    out: list[ft.Control] = []
    if not ch:  # no Challenge on the table (between rounds): nothing to cut
        return out
    n = ch["reroll_places"]
    if ch["reroll"]:
        out.append(line(say(_n("Lowest rolls tied: roll again for {castaways}; {count} of them "
                               "goes out.", "Lowest rolls tied: roll again for {castaways}; "
                               "{count} of them go out.", "count",
                               castaways=Items(ch["reroll"]), count=n)), 20,
                        weight=ft.FontWeight.BOLD))
    else:
        out.append(line(say(_("Removing part of the field, with Castaways tied on the value? "
                              "Tick the tied ones, type how many go out, then roll: the lowest "
                              "are out.")), 16))
    if ch["out_of_challenge"]:
        out.append(line(say(_("Out of this Challenge by the die: {castaways}",
                              castaways=Items(ch["out_of_challenge"]))), 18))
    return out


# -- reading what the table typed (input, not rules) ----------------------------------------

class Unreadable(ValueError):
    """What the table typed cannot be read; the message says how to type it."""


def faces(text: str, count: int) -> list[int]:
    """Die faces typed as '4 2 6' or '4, 2, 6': one per name, in order."""
    found = re.findall(r"-?\d+", text or "")
    if len(found) != count or re.sub(r"[-\d\s,;]", "", text or ""):
        raise Unreadable(_n("Type {count} die face (1 to 6), in the order shown, like 4 2.",
                            "Type {count} die faces (1 to 6), in the order shown, like 4 2.",
                            "count", count=count))
    return [int(f) for f in found]


def names(text: str) -> list[str]:
    return [n.strip() for n in (text or "").split(",") if n.strip()]


def counts(text: str) -> dict[str, int]:
    """'Ben 1, Ana 2' (or just 'Ben' for 1) → {'Ben': 1, 'Ana': 2}."""
    out: dict[str, int] = {}
    for part in names(text):
        m = re.fullmatch(r"(.+?)\s+(\d+)", part)
        name, n = (m.group(1).strip(), int(m.group(2))) if m else (part, 1)
        out[name] = out.get(name, 0) + n
    return out


def requirements(text: str) -> dict[str, int]:
    """'Strength 7, Speed 6, Balance 7' → {'Strength': 7, ...}."""
    out = {}
    for part in names(text):
        m = re.fullmatch(r"(.+?)\s*:?\s+(\d+)", part)
        if not m:
            raise Unreadable(_("Type each trait with its value, like Strength 7, Speed 6."))
        out[m.group(1).strip()] = int(m.group(2))
    if not out:
        raise Unreadable(_("Type the stage's traits with their values, like Strength 7, "
                           "Speed 6."))
    return out


def traits_lines(text: str) -> dict[str, dict[str, int]]:
    """One line per Castaway: 'Rae: Strength 7, Speed 6, Endurance 5'."""
    out = {}
    for raw in (text or "").splitlines():
        if not raw.strip():
            continue
        if ":" not in raw:
            raise Unreadable(_("Type traits one Castaway per line, like Rae: Strength 7, "
                               "Speed 6."))
        name, rest = raw.split(":", 1)
        out[name.strip()] = requirements(rest)
    return out
