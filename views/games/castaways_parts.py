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

from ..ballot import plural
from ..widgets import ERROR, OK, line

WARN = ft.Colors.AMBER_300


def bold(text: str, size: int = 20, **kw) -> ft.Text:
    return ft.Text(text, size=size, weight=ft.FontWeight.BOLD, **kw)


def health_colour(h: int, top: int) -> str:
    return OK if h >= 0.6 * top else (WARN if h >= 0.3 * top else ERROR)


def lock_words(c: dict) -> str | None:
    """The zero-health lock in words (never by colour alone)."""
    lock = c.get("zero_lock")
    if not lock:
        return None
    if lock["evacuation_pending"]:
        return f"0 health since round {lock['since_round']}: Medical Evacuation is due now"
    return (f"0 health: needs +1 before {lock['stage']} of round {lock['due_round']}, "
            "or Medical Evacuation")


def gauge(c: dict, top: int, number_size: int = 30,
          width: int | None = None) -> list[ft.Control]:
    """The health gauge (0 to ``top``, as printed on the card): the number AND a bar,
    readable across a table."""
    h = c["health"]
    colour = health_colour(h, top)
    return [
        ft.Text(f"{h} / {top}", size=number_size, weight=ft.FontWeight.BOLD,
                color=colour, semantics_label=f"{c['name']} health {h} of {top}"),
        ft.ProgressBar(value=h / top, bar_height=12, color=colour,
                       bgcolor=ft.Colors.WHITE_24, width=width, border_radius=6,
                       semantics_label=f"{c['name']} health gauge"),
    ]


def tags(c: dict, *, show_mine: bool = False) -> str:
    out = [c["archetype"]]
    if show_mine and c.get("mine"):
        out.append("yours")
    if c.get("amulet"):
        out.append("Safety Amulet")
    if c.get("last_social_safe"):
        out.append("last Social: safe")
    if c.get("sat_out"):
        out.append("sits out this Challenge")
    elif c.get("sat_out_last_challenge"):
        out.append("sat out last Challenge")
    if c.get("owner_revealed"):
        out.append(f"{c['owner']}'s Castaway" if c.get("owner") else "owned by nobody")
    return " · ".join(out)


def castaway_card(c: dict, top: int, *, selected: bool | None = None,
                  on_select: Callable | None = None, width: int | None = None,
                  name_size: int = 20) -> ft.Container:
    """One Castaway: name (a tick box on the table), health number and bar, its marks."""
    if on_select is not None:
        title: ft.Control = ft.Checkbox(
            label=c["name"], value=bool(selected), on_change=on_select,
            label_style=ft.TextStyle(size=name_size, weight=ft.FontWeight.BOLD))
    else:
        title = bold(c["name"], name_size)
    number, bar = gauge(c, top, 28)
    parts: list[ft.Control] = [
        ft.Row([ft.Container(title, expand=True), number],
               vertical_alignment=ft.CrossAxisAlignment.CENTER),
        bar, line(tags(c), 15)]
    words = lock_words(c)  # (the rules show no lock once no round is left)
    if words:
        parts.append(ft.Text(words, size=16, weight=ft.FontWeight.BOLD, color=ERROR))
    border = ft.Border.all(3 if selected else 1, WARN if selected else ft.Colors.WHITE_24)
    return ft.Container(ft.Column(parts, spacing=4, tight=True), padding=10, border=border,
                        border_radius=8, width=width)


# -- the Challenge helpers, in words ---------------------------------------------------------

def holder_lines(holders: dict) -> list[ft.Control]:
    """Each team's bag holders: its strongest competing Castaways (a choice only on a tie)."""
    out: list[ft.Control] = []
    for team, h in holders.items():
        if not h["sure"] and not h["tied"]:
            out.append(line(f"{team}: type every competing Castaway's Strength at setup to "
                            "see its bag holders.", 16))
        elif h["tied"]:
            out.append(line(f"{team} bag holders: " + ", ".join(h["sure"] or ["none sure"])
                            + "; the rest from " + ", ".join(h["tied"])
                            + " (equal Strength: the team picks).", 18))
        else:
            out.append(line(f"{team} bag holders (greatest Strength): "
                            + ", ".join(h["sure"]), 18, weight=ft.FontWeight.BOLD))
    return out


def cut_lines(ch: dict) -> list[ft.Control]:
    """Removing part of the field by the die: who rolls, and who is already out."""
    out: list[ft.Control] = []
    n = ch["reroll_places"]
    if ch["reroll"]:
        out.append(line("Lowest rolls tied: roll again for " + ", ".join(ch["reroll"])
                        + f"; {n} of them {'goes' if n == 1 else 'go'} out.", 20,
                        weight=ft.FontWeight.BOLD))
    else:
        out.append(line("Removing part of the field, with Castaways tied on the value? Tick "
                        "the tied ones, type how many go out, then roll: the lowest are out.",
                        16))
    if ch["out_of_challenge"]:
        out.append(line("Out of this Challenge by the die: " + ", ".join(ch["out_of_challenge"]),
                        18))
    return out


# -- reading what the table typed (input, not rules) ----------------------------------------

class Unreadable(ValueError):
    """What the table typed cannot be read; the message says how to type it."""


def faces(text: str, count: int) -> list[int]:
    """Die faces typed as '4 2 6' or '4, 2, 6': one per name, in order."""
    found = re.findall(r"-?\d+", text or "")
    if len(found) != count or re.sub(r"[-\d\s,;]", "", text or ""):
        raise Unreadable(f"Type {plural(count, 'die face')} (1 to 6), in the order shown, "
                         "like 4 2.")
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
            raise Unreadable("Type each trait with its value, like Strength 7, Speed 6.")
        out[m.group(1).strip()] = int(m.group(2))
    if not out:
        raise Unreadable("Type the stage's traits with their values, like Strength 7, Speed 6.")
    return out


def traits_lines(text: str) -> dict[str, dict[str, int]]:
    """One line per Castaway: 'Rae: Strength 7, Speed 6, Endurance 5'."""
    out = {}
    for raw in (text or "").splitlines():
        if not raw.strip():
            continue
        if ":" not in raw:
            raise Unreadable("Type traits one Castaway per line, like Rae: Strength 7, Speed 6.")
        name, rest = raw.split(":", 1)
        out[name.strip()] = requirements(rest)
    return out
