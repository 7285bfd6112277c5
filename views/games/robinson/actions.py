"""Robinson Crusoe: the Action phase's pieces: the action dice of a pawn (rolled in the app or
their faces tapped as read off the real dice), then Rest and Arranging the Camp for this
screen's characters, Hunting and Building (folded on a phone)."""
from __future__ import annotations

import flet as ft

from companion.language import Speaker

from . import board
from .board import ACTION_DIE
from .parts import BEAST_CARD, THE_CHARACTER, THE_CHARACTER_START, Piece, with_pair

_ = Speaker("robinson", "rules.robinson")  # Robinson Crusoe's catalog

ACTION_MOVES = frozenset({"action_dice", "rest", "arrange_camp", "build", "hunt"})
BUILD_BUTTONS = {("roof", "wood"): _("Build a Roof level with wood"),
                 ("roof", "fur"): _("Build a Roof level with fur"),
                 ("palisade", "wood"): _("Build a Palisade level with wood"),
                 ("palisade", "fur"): _("Build a Palisade level with fur"),
                 ("weapon", "wood"): _("Build a Weapon level with wood")}
DICE_FOR = {"gather": _("Dice for Gather"), "explore": _("Dice for Explore"),
            "build": _("Dice for Build")}
ACTION_WORDS = {"gather": _("Gather"), "explore": _("Explore"), "build": _("Build")}
ROLL_IN_APP = {"gather": _("Roll the Gather dice in the app"),
               "explore": _("Roll the Explore dice in the app"),
               "build": _("Roll the Build dice in the app")}
BEAST_WORDS = {"strength": _("Beast strength"), "weapon_loss": _("Beast Weapon loss"),
               "food": _("Beast food"), "fur": _("Beast fur"),
               "palisade_loss": _("Beast Palisade loss")}


class ActionDice(Piece):
    """The action dice of one of this screen's pawns: its action chosen, then its three dice
    rolled in the app or their faces tapped."""

    KEYS = ("characters", "dice")
    MOVES = frozenset({"action_dice"})
    CHOSEN = ("dice_char", "dice_action", "dice_faces")

    def controls(self) -> list[ft.Control]:
        mine = self.mine()
        if not mine or not self.can("action_dice"):
            return []
        out: list[ft.Control] = [self.bold(self.s(_("Action dice: one pawn on Gather, Explore "
                                                    "or Build")))]
        drawn = self.drawn
        # the first of this screen's characters until another is chosen
        char = drawn.dice_char if drawn.dice_char in [c["name"] for c in mine] \
            else mine[0]["name"]
        if len(mine) > 1:
            out.append(self.row([
                (self.chosen if c["name"] == char else self.button)(
                    self.s(_("Pawn of {character}", character=THE_CHARACTER.get(
                        c["name"], c["name"]))), self._set(dice_char=c["name"]))
                for c in mine]))
        out.append(self.row([
            (self.chosen if a == drawn.dice_action else self.button)(
                self.s(label), self._set(dice_action=a, dice_faces=()))
            for a, label in DICE_FOR.items()]))
        if drawn.dice_action is None:
            return out
        return out + self.action_faces(drawn.dice_action, char)

    def action_faces(self, which: str, char: str) -> list[ft.Control]:
        """The chosen action's three dice: rolled in the app, or their faces tapped as read
        off the real dice (Wound, Success, Adventure: resolved in that order)."""
        action = self.drawn.dice_action
        faces = self.view["dice"]["action"][action]
        args = {"character": char, "action": action}
        out: list[ft.Control] = [
            self.t(self.s(_("{character} — {action}: Wound die {wound} of 6, Success die "
                            "{success} of 6, Adventure die {adventure} of 6. Resolved in that "
                            "order.", character=THE_CHARACTER_START.get(char, char),
                            action=ACTION_WORDS[which], wound=faces["wound"].count("Wound"),
                            success=faces["success"].count("Success"),
                            adventure=faces["adventure"].count("Adventure"))),
                   self.size - 4),
            self.button(self.s(ROLL_IN_APP[which]),
                        self._move("action_dice", args, then=self._clear_dice), filled=True)]
        for die, die_name in (("wound", self.s(_("Wound die"))),
                              ("success", self.s(_("Success die"))),
                              ("adventure", self.s(_("Adventure die")))):
            labels, have = faces[die], dict(self.drawn.dice_faces).get(die)
            row: list[ft.Control] = [ft.Container(self.t(die_name, self.size - 3), width=90)]
            for label in dict.fromkeys(labels):
                index = labels.index(label)
                handler = self._choose(lambda die=die, i=index: self.choose(
                    dice_faces=with_pair(self.choices.dice_faces, die, i)))
                chosen = have is not None and labels[have] == label
                row.append(board.face_button(die_name, label, ACTION_DIE,
                                             48 if self.table else 34, chosen, handler,
                                             self.say))
            out.append(ft.Row(row, spacing=6, vertical_alignment=ft.CrossAxisAlignment.CENTER))
        out.append(self.button(self.s(_("Resolve the action dice entered")), self._move(
            "action_dice", lambda: args | dict(self.choices.dice_faces), then=self._clear_dice),
            filled=True))
        return out

    def _clear_dice(self) -> None:
        self.choose(dice_action=None, dice_faces=())


class Actions(Piece):
    """Rest and Arranging the Camp for this screen's characters, then Hunting and Building
    (folded on a phone), while the rules list one of the Action phase's moves."""

    KEYS = ("characters", "arranging_camp_card", "costs", "camp", "choices")
    MOVES = ACTION_MOVES
    CHOSEN = ("show_more", "hunt_char", "beast")

    def controls(self) -> list[ft.Control]:
        if not any(self.can(m) for m in ACTION_MOVES):
            return []
        out = self.camp_actions()
        more = self.hunting() + self.building()
        if self.table or not more:
            return out + more
        out.append(ft.TextButton(self.s(_("Hide Hunting and Building") if self.drawn.show_more
                                        else _("Hunting and Building")),
                                 on_click=self._toggle("show_more")))
        return out + (more if self.drawn.show_more else [])

    def camp_actions(self) -> list[ft.Control]:
        """Rest and Arranging the Camp, for the characters this screen may move."""
        out: list[ft.Control] = []
        for ch in self.mine():
            name, who = self.name(ch["name"]), {"character": ch["name"]}
            buttons = [self.button(self.s(_("{name} rests (heal 1 Wound)", name=name)),
                                   self._move("rest", who))] if self.can("rest") else []
            if not self.can("arrange_camp"):
                pass
            elif self.view["arranging_camp_card"]:
                buttons += [self.button(self.s(_("{name} arranges the camp: 2 Determination",
                                                 name=name)), self._move(
                    "arrange_camp", who | {"choice": "determination"})),
                    self.button(self.s(_("{name} arranges the camp: Morale +1", name=name)),
                                self._move("arrange_camp", who | {"choice": "morale"}))]
            else:
                buttons.append(self.button(self.s(_("{name} arranges the camp", name=name)),
                                           self._move("arrange_camp", who)))
            out.append(self.row(buttons))
        return out

    def building(self) -> list[ft.Control]:
        if not self.can("build"):
            return []
        cost = self.view["costs"]["roof_or_palisade"]
        costs = dict(wood=cost["wood"], fur=cost["fur"])
        return [self.bold(self.s(_("Build")), self.size),
                self.t(self.s(_("Roof or Palisade: {wood} wood or {fur} fur a level (needs the "
                                "Shelter). Weapon: 1 wood. The Shelter: below.", **costs)
                              if self.table else
                              _("Roof or Palisade: {wood} wood or {fur} fur a level (needs the "
                                "Shelter). Weapon: 1 wood.", **costs)), self.size - 2),
                self.row([self.button(self.s(label), self._move("build", {"item": item,
                                                                          "pay": pay}))
                          for (item, pay), label in BUILD_BUTTONS.items()])]

    def hunting(self) -> list[ft.Control]:
        """The Beast fight: the card's numbers entered, the rules apply them in its order."""
        v = self.view
        fighters = self.mine()
        if not fighters or not self.can("hunt"):
            return []
        drawn = self.drawn
        # the first of this screen's characters until another is chosen
        fighter = drawn.hunt_char if drawn.hunt_char in [c["name"] for c in fighters] \
            else fighters[0]["name"]
        beast = dict(drawn.beast)
        out: list[ft.Control] = [
            self.bold(self.s(_("Hunting (2 pawns): fight the Beast card drawn"))),
            self.t(self.s(_("Strength against Weapon {weapon}: 1 Wound per level lacking for "
                            "the player fighting; then the Weapon loss, the food and fur "
                            "(Future Resources), the Palisade loss.",
                            weapon=v["camp"]["weapon"])), self.size - 4)]
        if len(fighters) > 1:
            out.append(self.row([
                (self.chosen if c["name"] == fighter else self.button)(
                    self.s(_("{character} fights", character=THE_CHARACTER_START.get(
                        c["name"], c["name"]))), self._set(hunt_char=c["name"]))
                for c in fighters]))
        out.append(self.row([
            board.tile("hunt", self.s(words), str(beast[key]),
                       self.s(_("{label}: {n}", label=words, n=beast[key])),
                       18 if self.table else 14,
                       [self.step(self.s(_("{label} -1", label=words)), False,
                                  self._choose(lambda k=key: self._beast(k, -1))),
                        self.step(self.s(_("{label} +1", label=words)), True,
                                  self._choose(lambda k=key: self._beast(k, 1)))])
            for key, words in BEAST_WORDS.items()]))
        out.append(self.t(self.w(v["choices"]["hunting"]), self.size - 4))
        out.append(self.button(self.s(_("{character} fights the Beast",
                                        character=THE_CHARACTER_START.get(fighter, fighter))),
                               self._move(
            "hunt", lambda: {"character": fighter, **dict(self.choices.beast)},
            then=self._clear_hunt), filled=True))
        return out

    def _beast(self, key: str, by: int) -> None:
        beast = self.choices.beast
        self.choose(beast=with_pair(beast, key, max(0, dict(beast)[key] + by)))

    def _clear_hunt(self) -> None:
        self.choose(beast=tuple(BEAST_CARD.items()))
