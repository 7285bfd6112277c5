"""Survivor on the table screen, Tribal Council as a show: its card, its leader and steps,
the result first, Tribal Advantage and Extra Vote cards, the secret vote, the leader's choice,
Immunity Idols; and the Tribal Council cards as the table lays them out. A piece of
``TablePanel`` (table.py), drawn from its value.
"""
from __future__ import annotations

import flet as ft

from companion.ballots import OPEN
from companion.language import Speaker

from ...widgets import ACCENT, line, panel
from .parts import (
    ADVANTAGE, IDOL, KIND_WORDS, TRIBAL_COUNCIL, big, box_result, card_tile, counts, name_tag,
    names, spoken, step_track,
)

# Survivor's catalog (rules/survivor/locale/<lang>/LC_MESSAGES/survivor.po), shared with its rules
_ = Speaker("survivor", "rules.survivor")
_n = _.n

SINGLE_COLOUR = ft.Colors.ORANGE_300  # the two kinds of Tribal Council card, told apart
DOUBLE_COLOUR = ft.Colors.RED_300


# a Tribal Council card's face: its kind on one line, "Elimination" on the next
CARD_FACE = {"single": (_("Single"), _("Elimination")),
             "double": (_("Double"), _("Elimination"))}


def council_card(kind: str, say, width: int = 96, *more: str) -> ft.Container:
    """A Tribal Council card: Single or Double Elimination."""
    colour = DOUBLE_COLOUR if kind == "double" else SINGLE_COLOUR
    title, words = CARD_FACE[kind]
    return card_tile(say(title), say(words), *more, icon=TRIBAL_COUNCIL, colour=colour,
                     width=width)


def council_cards(single: int, double: int, width: int, say) -> ft.Control:
    """Tribal Council cards in a row, said once as a count (a reader hears no row of the same
    card): "Tribal Council cards: 3 Single Elimination, 1 Double Elimination"."""
    cards = ([council_card("single", say, width) for _ in range(single)]
             + [council_card("double", say, width) for _ in range(double)])
    return ft.Semantics(content=ft.Row(cards, wrap=True, spacing=8), exclude_semantics=True,
                        label=say(_("Tribal Council cards: {single} Single Elimination, "
                                    "{double} Double Elimination", single=single,
                                    double=double)))


class Council:
    """Tribal Council on the table: the show, and the cards played at it."""

    def _council(self, view: dict, vote) -> list[ft.Control]:
        c, say = view["council"], self.say
        leader = c["leader"]
        card = council_card(c["kind"], say, 150,
                            say(_("Tribal Council {number}", number=c["number"])))
        kind = KIND_WORDS[c["kind"]]
        heading_words = (
            _("Tribal Council {number}: {kind} - vote out 2 different players",
              number=c["number"], kind=kind) if c["voted_out_count"] == 2 else
            _("Tribal Council {number}: {kind} - vote out 1 player", number=c["number"],
              kind=kind))
        show: list[ft.Control] = [
            name_tag(leader, self.colour(leader), 26,
                     words=say(_("Tribal Council Leader: {player}", player=leader))),
            line(say(heading_words), 22),
            step_track(c.get("steps", []), say)]
        show += spoken(c, 28, say, self.colour)  # the result first, biggest
        if "end_tribal_council" in self.legal and not c["voted_out"]:
            show.append(big(say(_("Nobody was voted out.")), 28))
        show += self._before_the_vote(view, c)
        if c.get("voting"):
            show += self._voting(c, vote)
        show += self._deciding(c) + box_result(c, 26, say)
        if c["idols"] or "play_idol" in self.legal:
            show += self._idols(view, c)
        parts: list[ft.Control] = [panel(say(_("Tribal Council")), [ft.Row(
            [card, ft.Column(show, spacing=10, expand=True)], spacing=20,
            vertical_alignment=ft.CrossAxisAlignment.START)])]
        if "play_tribal_advantage" in self.legal:
            parts.append(self._advantage(view, c))
        if "take_vote_card" in self.legal:
            parts.append(self._card_effects(view))
        return parts

    def _before_the_vote(self, view: dict, c: dict) -> list[ft.Control]:
        """Tribal Advantage cards played face up; Extra Vote cards readied in secret."""
        gained = c.get("advantage_votes") or {}
        parts: list[ft.Control] = []
        if gained:
            parts.append(ft.Row([card_tile(self.say(_("Tribal Advantage")), p, self.say(
                _n("+{count} vote", "+{count} votes", "count", count=n)),
                icon=ADVANTAGE, colour=self.colour(p), width=110)
                for p, n in gained.items()], wrap=True, spacing=8))
        if "start_vote" in self.legal:
            parts += [line(self.say(_("Extra Vote cards are set secretly on each player's "
                                      "phone.")), 22),
                      *self._hand_extra([p["name"] for p in view["players"] if p["still_in"]])]
        return parts

    def _voting(self, c: dict, box: tuple | None) -> list[ft.Control]:
        """ "Everyone must vote": the box is not read short; missing voters vote on this device."""
        say = self.say
        parts: list[ft.Control] = [
            line(say(_("Voting: {players}. Everyone votes secretly in the Voting Box, on their "
                       "phone or pass-and-play.", players=names(c["voters"]))), 22),
            line(say(_("Everyone must vote: the box is read only once every vote is in.")), 22,
                 weight=ft.FontWeight.BOLD)]
        if box is None:
            return parts
        waiting = [v for v in c["voters"] if v not in box[2]]
        if box[1] == OPEN:
            parts += [line(say(_("Still to vote: {players}. No phone? Extra Vote cards first "
                                 "(below), then pass-and-play (the button at the bottom).",
                                 players=names(waiting))), 20),
                      *self._hand_extra(waiting)]
        elif waiting:
            parts.append(line(say(_("The box was closed before {players} voted. Everyone must "
                                    "vote: undo the last move and vote again.",
                                    players=names(waiting))), 22, color=ACCENT))
        return parts

    def _idols(self, view: dict, c: dict) -> list[ft.Control]:
        say = self.say
        played = (_("Immunity Idols played: {players}", players=names(c["idols"]))
                  if c["idols"] else _("Immunity Idols played: none yet"))
        parts: list[ft.Control] = [line(say(played), 26, weight=ft.FontWeight.BOLD)]
        if c["idols"]:
            parts.append(ft.Row([card_tile(say(_("Immunity Idol")), p, icon=IDOL,
                                           colour=self.colour(p))
                                 for p in c["idols"]], wrap=True, spacing=8))
        if "play_idol" in self.legal:
            parts += [line(say(_("A player plays an Idol from their phone; for a player "
                                 "without a phone, the table records it:")), 18),
                      ft.Row([ft.OutlinedButton(say(_("{player} plays an Immunity Idol",
                                                      player=p["name"])),
                                                on_click=self._act("play_idol", player=p["name"]))
                              for p in view["players"]
                              if p["still_in"] and p["name"] not in c["idols"]], wrap=True)]
        return parts

    def _deciding(self, c: dict) -> list[ft.Control]:
        """The leader's choice: the players to choose from, big; the question is the phase."""
        choice = c.get("choice")
        if not choice or "choose" not in self.legal:
            return []
        say = self.say
        return [line(say(_n("{player} chooses {count} player from:",
                            "{player} chooses {count} players from:", "count",
                            player=choice["by"], count=choice["picks"])), 24),
                ft.Row([name_tag(p, self.colour(p), 30) for p in choice["pick_from"]],
                       wrap=True, spacing=18),
                line(say(_("{player} decides on their phone. No phone? Pass the device (the "
                           "button at the bottom).", player=choice["by"])), 20)]

    def _advantage(self, view: dict, c: dict) -> ft.Control:
        gained = c.get("advantage_votes") or {}
        say = self.say
        return panel(say(_("Tribal Advantage cards (played face up)")), [
            line(say(_("Votes gained must be used at this Tribal Council: {tally}.",
                       tally=counts(gained))), 20),
            ft.Row([ft.OutlinedButton(say(_("{player} played a Tribal Advantage card: +1 vote",
                                            player=p["name"])),
                                      on_click=self._act("play_tribal_advantage",
                                                         player=p["name"], votes=1))
                    for p in view["players"] if p["still_in"]], wrap=True)])
