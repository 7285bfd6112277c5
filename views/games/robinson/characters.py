"""Robinson Crusoe: the characters' piece: each character as a card in their player's colour,
with the life track (its Wounds and morale arrows) and the Determination tokens, and the
steppers of those this screen may move."""
from __future__ import annotations

import flet as ft

from companion.language import Speaker

from . import board
from .parts import THE_CHARACTER, Piece

_ = Speaker("robinson", "rules.robinson")  # Robinson Crusoe's catalog
YES, NO = _("yes"), _("no")


class Characters(Piece):
    """Each character as a card (yours first), the life track's legend, the scenario."""

    KEYS = ("characters", "header")
    MOVES = frozenset({"heal", "wound", "determination"})
    COLOURS = True

    def controls(self) -> list[ft.Control]:
        chars = sorted(self.chars(), key=lambda c: c["name"] != self.me)  # yours first
        cards = [self.character_card(ch) for ch in chars]
        legend = self.t(self.s(_("Life track: a red cross is a Wound, a down arrow a morale "
                                 "arrow (Morale -1 when a Wound passes it), the broken heart "
                                 "is death.")), self.size - 6, italic=True)
        return [ft.Column([ft.Row(cards, wrap=True, spacing=10, run_spacing=10), legend,
                           self.t(self.w(self.view["header"]["scenario"]), self.size - 4)],
                          spacing=4)]

    def friday_note(self, ch: dict, nxt) -> str:
        """The next arrow, then the three Friday settings on his life track line (a player's
        character: the next arrow only)."""
        flags = (ch["eats"], ch["sleeps_out"], ch["weather_wounds"])
        if all(flags):
            return self.s(nxt)
        return self.s(_("{arrow}; settings: eats {eats}, sleeps in the open {sleeps}, Weather "
                        "Wounds {weather}", arrow=nxt, eats=YES if ch["eats"] else NO,
                        sleeps=YES if ch["sleeps_out"] else NO,
                        weather=YES if ch["weather_wounds"] else NO))

    def character_card(self, ch: dict) -> ft.Control:
        name = self.name(ch["name"])
        state = self.s(_("DEAD") if ch["dead"] else _("{n} left", n=ch["life_left"]))
        values = dict(name=name, wounds=ch["wounds"], death_at=ch["death_at"], state=state,
                      determination=ch["determination"])
        summary = self.s(_("{name} ({player}): {wounds} of {death_at} Wounds, {state}; "
                           "Determination {determination}", player=ch["player"], **values)
                         if ch["player"] else
                         _("{name}: {wounds} of {death_at} Wounds, {state}; Determination "
                           "{determination}", **values))
        yours = ch["name"] == self.me
        nxt = (_("next morale arrow at {n} Wounds", n=ch["next_arrow"]) if ch["next_arrow"]
               else _("no morale arrow ahead"))
        owner = ch["player"] or self.s(THE_CHARACTER["Friday"])
        head = ft.Row([board.initial_chip(owner, self.positions.get(ch["player"]),
                                          18 if self.table else 14),
                       ft.Text(self.s(_("You: {character}", character=THE_CHARACTER.get(
                           ch["name"], ch["name"]))) if yours else name, size=self.big
                               - (4 if self.table else 2), weight=ft.FontWeight.BOLD,
                               semantics_label=summary),
                       *([self.t(ch["player"], self.size - 2)] if ch["player"] and not yours
                         else [])], spacing=8, tight=True)
        counts = self.row([
            self.t(self.s(_("Wounds {wounds} of {death_at}, {state}", wounds=ch["wounds"],
                            death_at=ch["death_at"], state=state)), self.size - 2),
            *self.character_steps(ch, "Wound"),
            ft.Icon(board.TILE_ICONS["determination"], size=self.size),
            self.t(self.s(_("Determination {n}", n=ch["determination"])), self.size - 2),
            *self.character_steps(ch, "Determination")])
        colour = (board.player_colour(self.positions[ch["player"]])
                  if ch["player"] in self.positions else ft.Colors.WHITE_54)
        # read one card at a time: cards side by side (the table's) are otherwise read line
        # by line across them, the same "no morale arrow ahead" twice in a row
        return ft.Container(ft.Semantics(content=ft.Column(
                                [head, board.life_track(ch, 28 if self.table else 20,
                                                 getattr(self.owner, "rtl", False)), counts,
                                 self.t(self.friday_note(ch, nxt), self.size - 5)],
                                spacing=6, tight=True), container=True),
                            padding=10, border_radius=10, border=ft.Border.all(2, colour),
                            width=610 if self.table else None)

    def character_steps(self, ch: dict, what: str) -> list[ft.Control]:
        """Wounds and healing, or Determination, for a character this screen may move."""
        if ch["name"] not in [c["name"] for c in self.mine()]:
            return []
        name, who = self.name(ch["name"]), {"character": ch["name"]}
        pairs = ((_("{name}: heal 1 Wound", name=name), "heal", {}, False),
                 (_("{name}: Wound +1", name=name), "wound", {}, True)) if what == "Wound" else (
                (_("{name}: Determination -1", name=name), "determination", {"by": -1}, False),
                (_("{name}: Determination +1", name=name), "determination", {"by": 1}, True))
        return [self.step(self.s(words), plus, self._move(move, who | extra))
                for words, move, extra, plus in pairs if self.can(move)]
