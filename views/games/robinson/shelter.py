"""Robinson Crusoe: the table's Shelter panel: its cost typed (the fields live on, made once),
built or lost, and whether the camp's tile has a natural Shelter."""
from __future__ import annotations

import flet as ft

from companion.language import Speaker

from ...screen import SubParts
from ...widgets import line, panel

_ = Speaker("robinson", "rules.robinson")  # Robinson Crusoe's catalog


class Shelter:
    """The Shelter's lasting panel on the table, shown while the rules list its moves; its
    lines drawn from the camp (``draw``). ``owner`` is the table's panel: its one path to act
    (``_act``), its refusals (``error``), its words (``say``, the host's language as it is
    made) and its screen."""

    def __init__(self, owner) -> None:
        self.owner = owner
        say = owner.say
        self.wood = ft.TextField(label=say(_("Shelter: wood to pay")), value="0", width=200)
        self.fur = ft.TextField(label=say(_("Shelter: fur to pay")), value="0", width=200)
        self.now = ft.Column(spacing=8, visible=False)  # what the camp has
        self.natural = ft.Column(spacing=8, visible=False)  # its tile's natural Shelter
        self.panel = panel(say(_("The Shelter")), [
            self.now,
            ft.Row([self.wood, self.fur,
                    ft.FilledButton(say(_("Build the Shelter")), on_click=self._build),
                    ft.OutlinedButton(say(_("The Shelter is lost")), on_click=self._lose)],
                   wrap=True),
            line(say(_("Pay the cost printed on the board (wood and/or fur) from Available "
                       "Resources. Building it puts the Roof and Palisade at level 0; losing it "
                       "loses them too.")), 16),
            self.natural])
        self.slot = ft.Column(spacing=14, visible=False)
        self.pieces = SubParts()

    def draw(self, shown) -> None:
        """From the panel's inputs (an ``Isle``): the camp's Shelter and its tile's, and the
        panel itself while the rules list the Shelter's moves."""
        camp = shown.view["camp"]
        self.pieces.draw(self.now, (camp["shelter"], camp["natural_shelter"]), self._now)
        self.pieces.draw(self.natural, camp["natural_shelter"], self._natural_row)
        self.pieces.draw(self.slot, bool(shown.legal & {"shelter", "camp_tile"}),
                         lambda shown: [self.panel] if shown else [])

    def _now(self, camp: tuple[bool, bool]) -> list[ft.Control]:
        shelter, natural = camp
        return [line(self.owner.say(
            _("The camp has a Shelter: it protects at night; Roof and Palisade can be built.")
            if shelter else
            _("No Shelter built; the natural Shelter of the camp's tile protects at night and "
              "holds the Roof and Palisade.") if natural else
            _("No Shelter yet: each player takes 1 Wound each night, and there is no Roof or "
              "Palisade.")), 18, weight=ft.FontWeight.BOLD)]

    def _natural_row(self, natural: bool) -> list[ft.Control]:
        say = self.owner.say
        return [ft.Row([
            line(say(_("The camp's Island tile has a natural Shelter.") if natural
                     else _("The camp's Island tile has no natural Shelter.")), 16),
            ft.OutlinedButton(say(_("The camp's tile has no natural Shelter") if natural
                                  else _("The camp's tile has a natural Shelter")),
                              on_click=self._tile(not natural))], wrap=True)]

    def _act(self, move: str, args: dict) -> None:
        if self.owner._act(move, args):
            self.owner._changed()

    def _build(self, e=None) -> None:
        try:
            wood = int((self.wood.value or "0").strip() or 0)
            fur = int((self.fur.value or "0").strip() or 0)
        except ValueError:
            self.owner.error.show(self.owner.say(_("The Shelter's cost is whole numbers of "
                                                   "wood and fur, like 2.")))
            self.owner.screen.s.page.update()
            return
        self._act("shelter", {"built": True, "wood": wood, "fur": fur})

    def _tile(self, natural: bool):
        def handler(e=None) -> None:
            self._act("camp_tile", {"natural_shelter": natural})
        return handler

    def _lose(self, e=None) -> None:
        self._act("shelter", {"built": False})
