"""Robinson Crusoe: the board as the table and the phones draw it: the round and its phases
with this round's Weather dice, the Morale track, the counters (resources, levels, weather
tokens, the Shelter) as tiles with their steppers on the table."""
from __future__ import annotations

import flet as ft

from companion.language import Speaker

from . import board
from .parts import DIE_WORDS, Piece

_ = Speaker("robinson", "rules.robinson")  # Robinson Crusoe's catalog
_n = _.n

TILES = (("wood", _("Wood"), "resources"), ("food", _("Food"), "resources"),
         ("fur", _("Fur"), "resources"),
         ("nonperishable_food", _("Non-perishable food"), "resources"),
         ("roof", _("Roof"), "levels"), ("palisade", _("Palisade"), "levels"),
         ("weapon", _("Weapon"), "levels"), ("rain", _("Rain token"), "weather_tokens"),
         ("snow", _("Snow token"), "weather_tokens"), ("storm", _("Storm token"), "weather_tokens"))
"""The island's counters drawn as tiles: (key, name, the move that changes it)."""
RARE = ("nonperishable_food", "rain", "snow", "storm")
"""Tiles folded away while they stand at 0."""


class Steppers(Piece):
    def pair(self, label: str, move: str, key: str) -> list[ft.Control]:
        """- and + steppers; a -1 that would go below 0 says the Wounds it costs first."""
        if not self.can(move):
            return []
        cost = (self.view.get("discard_costs", {}).get(key)
                if move in ("resources", "levels") else None)
        minus = self.s(_n("{label} -1 (none left: {n} Wound for each player)",
                          "{label} -1 (none left: {n} Wounds for each player)", "n",
                          label=label, n=cost) if cost else
                       _("{label} -1", label=label))
        return [self.step(minus, False, self._move(move, {key: -1})),
                self.step(self.s(_("{label} +1", label=label)), True,
                          self._move(move, {key: 1}))]


class Round(Piece):
    """The board's top line: the round, the phase track, this round's Weather dice."""

    KEYS = ("round", "last_round", "header", "phase_track", "weather_dice")

    def controls(self) -> list[ft.Control]:
        v, h = self.view, self.view["header"]
        return [self.row([board.tile("round", self.s(_("Round")),
                                     f"{v['round']}/{v['last_round']}",
                                     self.w(h["head"]), 26 if self.table else 16),
                          board.phase_track([{**p, "name": self.w(p["name"])}
                                             for p in v["phase_track"]],
                                            22 if self.table else 14, self.say),
                          board.round_dice(v["weather_dice"], self.die_titles, self.w(h["dice"]),
                                           44 if self.table else 30, self.say)])]


class Morale(Steppers):
    """The Morale track, with its steppers where this screen may move it."""

    KEYS = ("morale",)
    MOVES = frozenset({"morale"})

    def controls(self) -> list[ft.Control]:
        return [board.morale_track(self.view["morale"], 52 if self.table else 34,
                                   self.pair(self.s(_("Morale")), "morale", "by"), self.say)]


class Counters(Steppers):
    """The counters as tiles with steppers (on the table); the rare ones at 0 folded, and
    with them the Weather dice a game effect placed."""

    KEYS = ("resources", "camp", "weather_tokens", "future", "discard_costs", "placed_dice")
    MOVES = frozenset({"resources", "levels", "weather_tokens", "place_weather_die"})
    CHOSEN = ("show_rare",)

    def controls(self) -> list[ft.Control]:
        v = self.view
        values = {**v["resources"], **{k: v["camp"][k] for k in ("roof", "palisade", "weapon")},
                  **v["weather_tokens"]}
        main, rare = [self.shelter_tile()], []
        for key, named, move in TILES:
            n = values[key]
            name = self.s(named)
            words = self.s(_("{name} {n} (rots at night)", name=name, n=n) if key == "food" else
                           _("{name} {n}", name=name, n=n))
            coming = v.get("future", {}).get(key, 0)
            note = (self.s(_("+{n} at the end of the Action phase", n=coming)) if coming
                    else "")
            steps = self.pair(name, move, key) if self.table else []
            made = board.tile(key, name, str(n), words, 26 if self.table else 18, steps, note)
            (rare if key in RARE and not n and not coming else main).append(made)
        out: list[ft.Control] = [ft.Row(main, wrap=True, spacing=8, run_spacing=8)]
        if self.table and rare:
            out.append(ft.TextButton(
                self.s(_("Fewer counters") if self.drawn.show_rare else
                       _("More counters: non-perishable food, weather tokens ({n})",
                         n=len(rare))),
                on_click=self._toggle("show_rare")))
            if self.drawn.show_rare:
                out += [ft.Row(rare, wrap=True, spacing=8), *self.placed_dice()]
        return out

    def shelter_tile(self) -> ft.Control:
        camp = self.view["camp"]
        value = self.s(_("built") if camp["shelter"] else _("natural")
                       if camp["natural_shelter"] else _("none"))
        note = ("" if camp["covered"] or not self.table else
                self.s(_("Roof and Palisade need it")))
        return board.tile("shelter", self.s(_("Shelter")), value,
                          self.s(_("Shelter: {value}", value=value)),
                          26 if self.table else 18, note=note)

    def placed_dice(self) -> list[ft.Control]:
        v = self.view
        if not self.can("place_weather_die"):
            return []
        return [self.row([
            self.button(self.s(_("Take the {die} off the Weather space",
                                 die=DIE_WORDS.get(d, name))), self._move(
                "place_weather_die", {"die": d, "placed": False}))
            if d in v.get("placed_dice", []) else
            self.button(self.s(_("Place the {die} on the Weather space",
                                 die=DIE_WORDS.get(d, name))), self._move(
                "place_weather_die", {"die": d}))
            for d, name in self.die_titles.items()]),
            self.t(self.s(_("A game effect's die on the Weather space is rolled this round, "
                            "even when the Scenario card rolls none.")), self.size - 4)]
