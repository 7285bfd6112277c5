"""Castle Party: the words and small helpers the table and the phone screens share."""
from __future__ import annotations

import flet as ft

from ...widgets import initial_avatar, player_colour
from .grid import Words

ORDINALS = {1: "first", 2: "second", 3: "third"}


def points(n: int) -> str:
    return f"{n} point" if abs(n) == 1 else f"{n} points"


def names(items: list[str]) -> str:
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


def breakdown(score: dict) -> list[str]:
    """The rulebook's breakdown, one line per category."""
    return [f"{label} — {points(pts)}" for label, pts in score["lines"]]


def event_lines(castle: dict, words: Words) -> list[str]:
    return [f"{e['name']}: {points(e['points'])} ({ORDINALS.get(e['clock'], e['clock'])} Clock"
            + (f", Pumpkin King on {words.square(e['square'])})" if e["square"] else ")")
            for e in castle["events"]]


def speaker(view: dict) -> str | None:
    """Who speaks now about a special action on the Shape in play (None: nobody)."""
    return view["group"]["speaker"] if view.get("group") else None


def round_words(view: dict) -> str:
    """The special-action round of the Shape in play, in words for this phone."""
    group, me = view["group"], view["seat"]
    if group is None:
        return "No Shape card in play: special actions wait for the next group."
    head = f"Shape {group['shape']} ({group['revealer']}'s)"
    if group["used_by"]:
        who = "You" if group["used_by"] == me else group["used_by"]
        return f"{head}: {who} used {group['action_name']}; no other special action on it."
    if group["speaker"] == me:
        return f"{head}: your turn to speak. Use a special action on this group, or pass."
    if group["speaker"]:
        return (f"{head}: {group['speaker']} speaks now (the revealer first, then to the "
                f"left).")
    return f"{head}: everybody passed."


def beyond_line(guests: list[str], words: Words) -> str:
    return ("Past the edge of the board, in the moat: "
            + ", ".join(words.guest(g) for g in guests))


def positions(screen) -> dict[str, int]:
    """Each player's colour (``player_colour``; a seat keeps it when it moves)."""
    return {s.name: s.colour for s in screen.service.seats(screen.code)}


def colour_of(name: str, where: dict[str, int], players: list[str]) -> str:
    position = where.get(name, players.index(name) if name in players else 0)
    return player_colour(position)


def initial_dot(name: str, colour: str, size: int = 22) -> ft.Control:
    """A player's initial in their colour (beside their name, never instead of it)."""
    return initial_avatar(name, colour, size)

