"""Castaways' own fields on the setup form (``TableControls.setup_field``): the options whose
typed form is the game's own reading. The two team names, team 1's players typed by name
(team 2 is the rest of the table), and the 18 Castaways: a field of names per archetype and
trait lines. Every other option is the schema's field (views/games/setup.py).
"""
from __future__ import annotations

from typing import Any, Callable, Mapping, Sequence

import flet as ft

from companion.errors import Refused
from companion.language import Speaker

from ...widgets import SEATING_WIDTH
from ..setup import EMPTY, FormField, Typed
from .parts import Unreadable, names, traits_lines

# Castaways' catalog (rules/castaways/locale/<lang>/LC_MESSAGES/castaways.po)
_ = Speaker("castaways", "rules.castaways")

DEFAULT_TEAMS = ("Team 1", "Team 2")  # as the rules name them when none is typed: names, kept
ARCHETYPES = {"Physical": _("Physical"), "Mental": _("Mental"), "Social": _("Social")}


def english(message) -> str:
    return str(message)


class TeamNames(FormField):
    """The two teams' names, side by side; an empty one is its default."""

    def __init__(self, say: Callable = english) -> None:
        self.boxes = [ft.TextField(label=say(_("{team} name", team=team)), hint_text=team,
                                   width=220) for team in DEFAULT_TEAMS]
        super().__init__(say(_("Team names")), [ft.Row(self.boxes, wrap=True)])

    def read(self) -> list[str]:
        return [(box.value or "").strip() or team for box, team in zip(self.boxes, DEFAULT_TEAMS)]

    def put(self, value: Any) -> None:
        for box, name in zip(self.boxes, (list(value or []) + ["", ""])[:2]):
            box.value = name


def team_players(team_names: TeamNames, say: Callable,
                 seated: Callable[[], list[str]]) -> Typed:
    """Team 1's players typed by name; team 2 is everybody else seated."""
    def parse(typed: str) -> dict[str, list[str]]:
        first, players = names(typed), seated()
        unknown = [p for p in first if p not in players]
        if unknown:
            raise Refused(_("{player} is not seated at this table.", player=unknown[0]))
        t1, t2 = team_names.read()
        return {t1: first, t2: [p for p in players if p not in first]}
    return Typed(say(_("Team 1 players (comma-separated; empty: alternate around the "
                       "table)")), parse,
                 lambda teams: ", ".join(teams.get(team_names.read()[0], [])))


class Roster(FormField):
    """The 18 Castaways: each archetype's names (empty: "Physical 1" ... "Physical 6") and
    their traits, one Castaway per line."""

    def __init__(self, archetypes: Sequence[str], each: int, say: Callable = english) -> None:
        self.archetypes, self.each = list(archetypes), each
        words = ARCHETYPES

        def label(a: str) -> str:
            first, last = self.numbered(a)[0], self.numbered(a)[-1]  # names: kept as typed
            return say(_("{archetype} Castaway names ({count}, comma-separated; empty: {first} "
                         "… {last})", archetype=words.get(a, a), count=each, first=first,
                         last=last))
        self.names = {a: ft.TextField(label=label(a), width=SEATING_WIDTH)
                      for a in self.archetypes}
        self.traits = ft.TextField(
            label=say(_("Trait values (optional), one Castaway per line: Rae: Strength 7, "
                        "Speed 6")),
            multiline=True, min_lines=2, max_lines=6, width=SEATING_WIDTH)
        super().__init__(say(_("Castaways")), [*self.names.values(), self.traits])

    def numbered(self, archetype: str) -> list[str]:
        return [f"{archetype} {i}" for i in range(1, self.each + 1)]

    def read(self) -> Any:
        """The Castaways as typed (``EMPTY``: the defaults)."""
        typed = {a: names(box.value) for a, box in self.names.items()}
        try:
            traits = traits_lines(self.traits.value)
        except Unreadable as e:
            raise Refused(e.args[0]) from e
        if not any(typed.values()) and not traits:
            return EMPTY
        roster = []
        for a in self.archetypes:
            given = typed[a] or self.numbered(a)
            if len(given) != self.each:
                raise Refused(_("Type {count} {archetype} Castaway names, comma-separated "
                                "({typed} typed), or leave the field empty.", count=self.each,
                                archetype=ARCHETYPES.get(a, a), typed=len(given)))
            roster += [{"name": n, "archetype": a} for n in given]
        known = {c["name"] for c in roster}
        for name in traits:
            if name not in known:
                raise Refused(_("There is no Castaway called {castaway} for its traits.",
                                castaway=name))
        for c in roster:
            if c["name"] in traits:
                c["traits"] = traits[c["name"]]
        return roster

    def put(self, value: Any) -> None:
        roster: list[Mapping[str, Any]] = list(value or [])
        for a, box in self.names.items():
            typed = [c["name"] for c in roster if c.get("archetype") == a]
            # the names the form fills in by itself for an empty field stay out of it
            box.value = "" if typed == self.numbered(a) else ", ".join(typed)
        self.traits.value = "\n".join(
            f"{c['name']}: " + ", ".join(f"{t} {v}" for t, v in c["traits"].items())
            for c in roster if c.get("traits"))
