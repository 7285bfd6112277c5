"""Robinson Crusoe: the Night's piece: who goes without food and whether the camp moves (the
Night is resolved by its step: the action bar on the table, the steps' row on a phone)."""
from __future__ import annotations

import flet as ft

from companion.language import Items, Speaker

from .parts import THE_CHARACTER_START, Piece

_ = Speaker("robinson", "rules.robinson")  # Robinson Crusoe's catalog


class Night(Piece):
    """Who goes without food tonight and whether the camp moves, as chosen so far."""

    KEYS = ("night", "camp", "characters")
    MOVES = frozenset({"night"})
    CHOSEN = ("hungry", "move_camp", "move_natural")

    def controls(self) -> list[ft.Control]:
        if not self.can("night"):
            return []
        v = self.view
        out: list[ft.Control] = []
        drawn = self.drawn.hungry
        if v["night"]["cannot_eat"] or drawn:
            out.append(self.t(self.s(
                _("Not eating tonight: {names}.", names=Items(
                    THE_CHARACTER_START.get(h, h) for h in drawn)) if drawn else
                _("Not eating tonight: nobody."))))
            out.append(self.row([
                self.button(self.s(_("{character} eats after all",
                                     character=THE_CHARACTER_START.get(c["name"], c["name"]))),
                            self._choose(lambda c=c: self.choose(hungry=tuple(
                                h for h in self.choices.hungry if h != c["name"]))))
                if c["name"] in drawn else
                self.button(self.s(_("{character} does not eat",
                                     character=THE_CHARACTER_START.get(c["name"], c["name"]))),
                            self._choose(
                    lambda c=c: self.choose(hungry=(*self.choices.hungry, c["name"]))))
                for c in self.chars() if c["eats"]]))
        out.append(self.t(self.move_words(v["camp"])))
        out.append(self.row(self.move_buttons()))
        return out

    def move_words(self, camp: dict) -> str:
        """What moving the camp does, as the Night's step 2 says."""
        if not self.drawn.move_camp:
            return self.s(_("The camp stays where it is."))
        natural = self.drawn.move_natural
        if camp["shelter"]:
            return self.s(_("The camp moves to a tile with a natural Shelter: the Shelter comes "
                            "along, Roof and Palisade lose half (rounded down).") if natural else
                          _("The camp moves to a tile without a natural Shelter: the Shelter "
                            "comes along, Roof and Palisade lose half (rounded down)."))
        if camp["roof"] or camp["palisade"]:
            return self.s(_("The camp moves to a tile with a natural Shelter: without a built "
                            "Shelter the Roof and Palisade are lost.") if natural else
                          _("The camp moves to a tile without a natural Shelter: without a "
                            "built Shelter the Roof and Palisade are lost."))
        return self.s(_("The camp moves to a tile with a natural Shelter: nothing is lost.")
                      if natural else
                      _("The camp moves to a tile without a natural Shelter: nothing is lost."))

    def move_buttons(self) -> list[ft.Control]:
        options = [(self.s(_("Stay: do not move the camp")), False, False),
                   (self.s(_("Move the camp to a tile without a natural Shelter")), True, False),
                   (self.s(_("Move the camp to a tile with a natural Shelter")), True, True)]
        out = []
        drawn = self.drawn
        for label, move, natural in options:
            now = (drawn.move_camp, drawn.move_natural and drawn.move_camp) == (move, natural)
            out.append((self.chosen if now else self.button)(
                label, self._set(move_camp=move, move_natural=natural)))
        return out
