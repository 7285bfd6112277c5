"""Survivor on the table screen, the tribe always in view, and the stage around Tribal
Council: setting up the cards, the turns (the Draw Pile, what a card did), the Final Tribal
Council and the Sole Survivor; the table's next steps for the action bar. Pieces of
``TablePanel`` (table.py), each drawn from its own value.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

import flet as ft

from companion.ballots import OPEN
from companion.language import Speaker

from ...ballot import big_button
from ...widgets import ACCENT, line, panel
from .council import council_cards
from .parts import big, counts, name_tag, names, spoken, tribe_tile

if TYPE_CHECKING:
    from .table import Tribe

# Survivor's catalog (rules/survivor/locale/<lang>/LC_MESSAGES/survivor.po), shared with its rules
_ = Speaker("survivor", "rules.survivor")
_n = _.n

# the Tribal Council Leader's steps (and the Final's), in the table's action bar
TABLE_STEPS = (("begin_discussion", _("Begin the discussion")), ("start_vote", _("Time to vote!")),
               ("open_box", _("Open the box and tally the votes")),
               ("end_tribal_council", _("End Tribal Council")),
               ("start_jury_vote", _("Start the jury vote")))


class Rounds:
    """The tribe, setup and turns, the Final and the winner, and the action bar."""

    def _tribe(self, players: list[dict], roles: tuple) -> ft.Control:
        """Every player as a tile: still in (cards face up), on the jury, or out; ``roles``
        their roles now, in the same order (``_role``)."""
        tiles = [tribe_tile(p, self.colour(p["name"]), self.say(role), self.say)
                 for p, role in zip(players, roles)]
        return ft.Row(tiles, wrap=True, spacing=10, run_spacing=10)

    def _role(self, view: dict, p: dict):
        name, c, f = p["name"], view.get("council"), view.get("final")
        if view.get("winner") == name:
            return _("Winner")
        if f and name in f["finalists"]:
            return _("Final two")
        if f and name == f["leader"]:
            return _("Jury: leads")
        if not p["still_in"]:
            return _("On the jury")
        if view.get("council_open") and c:
            if name in c["idols"]:
                return _("Played an Idol")
            return _("Leader") if name == c["leader"] else ""
        return _("Playing now") if p.get("playing_now") else ""

    def _setup(self, view: dict) -> list[ft.Control]:
        tc, say = view["tribal_council_cards"], self.say
        seeding = view["seeding"]
        steps = [line(say(_("{pile}. {count} Action cards, then a Tribal Council card (at the "
                            "very bottom)", pile=i + 1, count=n) if i == len(seeding) - 1 else
                          _("{pile}. {count} Action cards, then a Tribal Council card",
                            pile=i + 1, count=n)), 22)
                 for i, n in enumerate(seeding)]
        return [panel(say(_("Set up the cards")), [
            big(say(_("Use {single} Single and {double} Double Elimination Tribal Council cards",
                      single=tc["single"], double=tc["double"]))),
            council_cards(tc["single"], tc["double"], 96, say),
            line(say(_("The Draw Pile, from the top:")), 22, weight=ft.FontWeight.BOLD),
            *steps,
            line(say(_("Who goes first? Tap their name below.")), 22)])]

    def _turn(self, view: dict) -> list[ft.Control]:
        tc, say = view["tribal_council_cards"], self.say
        left = tc["single_left"] + tc["double_left"]
        pile = (council_cards(tc["single_left"], tc["double_left"], 80, say) if left
                else line(say(_("No Tribal Council card is left in the Draw Pile.")), 22))
        return [panel(say(_("Draw Pile: Tribal Council cards still in it")), [
                    pile,
                    line(say(_("What did {player} draw? Tell the companion below, or on "
                               "{player}'s phone.", player=view["turn"])), 22)]),
                self._card_effects(view)]

    def _card_effects(self, view: dict) -> ft.Control:
        """What an Action or Tribal Advantage card did, recorded by the table."""
        still_in = [p["name"] for p in view["players"] if p["still_in"]]
        rows: list[ft.Control] = []
        taking, say = self.shown.choices.taking, self.say
        if taking:
            rows += [line(say(_("Who gets {player}'s Vote Card?", player=taking)), 22),
                     ft.Row([*[ft.Button(say(_("Give it to {player}", player=q)),
                                         on_click=self._act("take_vote_card", player=taking,
                                                            to=q))
                               for q in still_in if q != taking],
                             ft.Button(say(_("Nobody: it is discarded")), on_click=self._act(
                                 "take_vote_card", player=taking)),
                             ft.TextButton(say(_("Cancel")), on_click=self._take(None))],
                            wrap=True)]
        for p in still_in:
            buttons: list[ft.Control] = [name_tag(p, self.colour(p), 18)]
            if "turn_over" in self.legal:
                buttons.append(ft.OutlinedButton(
                    say(_("Turn over one of {player}'s characters", player=p)),
                    on_click=self._act("turn_over", player=p)))
            if "take_vote_card" in self.legal:
                buttons.append(ft.OutlinedButton(say(_("A card takes {player}'s Vote Card",
                                                       player=p)), on_click=self._take(p)))
            rows.append(ft.Row(buttons, wrap=True))
        return panel(say(_("Card effects (record what a card did)")), rows)

    def _take(self, player: str | None):
        def handler(e=None):
            self.choose(taking=player)
            self.screen.refresh()
        return handler

    def _final(self, view: dict) -> list[ft.Control]:
        f, say = view["final"], self.say
        a, b = f["finalists"]
        parts: list[ft.Control] = []
        c = view.get("council")
        if c and view["jury"] and view["jury"][-1] in c["eliminated"]:
            parts += spoken(c, 26, say, self.colour)  # the final began at this Tribal Council
        parts += [big(say(_("{one} and {other} face the jury", one=a, other=b)), 34),
                  ft.Row([name_tag(a, self.colour(a), 40), line(say(_("vs")), 28),
                          name_tag(b, self.colour(b), 40)], spacing=24, wrap=True),
                  line(say(_("Jury: {jury} · Final Tribal Council Leader: {leader}",
                             jury=names(f["jury"]), leader=f["leader"])), 24)]
        if "start_jury_vote" in self.legal:
            parts.append(line(say(_("When every juror has a finger in the air, start the jury "
                                    "vote (the button at the bottom).")), 22))
        if f.get("jury_voting"):
            parts.append(line(say(_("Each juror votes secretly on their phone for the player "
                                    "who should WIN; the votes are revealed all at once.")), 22))
        if "break_tie" in self.legal:
            parts += [big(say(_("The jury is tied: {tally}.", tally=counts(f["votes"]))), 32,
                          color=ACCENT),
                      line(say(_("{leader} breaks the tie on their phone, and need not pick the "
                                 "player they voted for. No phone? Pass the device (the button "
                                 "at the bottom).", leader=f["leader"])), 22)]
        return [panel(say(_("Final Tribal Council")), parts)]

    def _over(self, view: dict) -> list[ft.Control]:
        f, winner = view["final"], view["winner"]
        return [ft.Container(ft.Column([
            ft.Row([ft.Icon(ft.Icons.EMOJI_EVENTS, size=64, color=self.colour(winner)),
                    line(self.say(_("The Sole Survivor:")), 32),
                    name_tag(winner, self.colour(winner), 56)], wrap=True),
            line(self.say(_("The jury's votes: {tally}.", tally=counts(f["votes"]))), 24),
            *([line(self.say(_("{leader} broke the tie.", leader=f["leader"])), 24)]
              if f["votes"] and
              len(set(f["votes"].values())) == 1 else [])], spacing=10, tight=True),
            padding=20, border_radius=16, border=ft.Border.all(4, self.colour(winner)))]

    def actions(self, shown: Tribe) -> list[ft.Control]:
        """The table's next steps in the fixed action bar: only moves the rules offer now."""
        if shown.choices.handed:  # the device is in a player's hands: no step under a thumb
            return []
        view, legal, steps, say = shown.view, shown.legal, [], self.say
        if "start" in legal:
            steps += [big_button(say(_("{player} goes first", player=p["name"])), self._act(
                "start", first_player=p["name"])) for p in view["players"]]
        turn = view.get("turn")
        if "draw_action" in legal:
            steps.append(big_button(say(_("{player} drew an Action card", player=turn)),
                                    self._act("draw_action")))
        if "draw_tribal_council" in legal:
            drew = {"single": _("{player} drew a Single Tribal Council card", player=turn),
                    "double": _("{player} drew a Double Tribal Council card", player=turn)}
            steps += [big_button(say(drew[kind]),
                                 self._act("draw_tribal_council", kind=kind), outlined=True)
                      for kind in ("single", "double")]
        for move, words in TABLE_STEPS:
            if move in legal:
                steps.append(big_button(say(words), self._act(move)))
        return steps + self._eyes(shown) + self._handing(shown)

    def _eyes(self, shown: Tribe) -> list[ft.Control]:
        """ "Everyone must vote": the eyes open only once every vote is in the box."""
        if "open_eyes" not in shown.legal or shown.box is None or shown.box[1] == OPEN:
            return []
        key, _status, voted = shown.box
        if any(v not in voted for v in shown.view["council"]["voters"]):
            return []
        return [big_button(self.say(_("Everyone, open your eyes")), self._act(
            "open_eyes", key=key, voted=sorted(voted)))]

    def _handing(self, shown: Tribe) -> list[ft.Control]:
        """A decision for a player without a phone: the table device goes to them."""
        view = shown.view
        choice = (view.get("council") or {}).get("choice")
        if "choose" in shown.legal and choice:
            return [big_button(self.say(_("Pass the device to {player}", player=choice["by"])),
                               self._hand("choose", choice["by"]), outlined=True)]
        if "break_tie" in shown.legal:
            leader = view["final"]["leader"]
            return [big_button(self.say(_("Pass the device to {player}", player=leader)),
                               self._hand("tie", leader), outlined=True)]
        return []
