"""Robinson Crusoe: the steps that move the game on (the table's action bar, a row of the
phone's phase), what a phone waits for, and the notes around the island: what just happened,
the end, the scenario's goal, how the app reads the rules."""
from __future__ import annotations

from typing import Callable

import flet as ft

from companion.language import Speaker

from ...widgets import Fold, panel
from .parts import THE_CHARACTER, Piece
from .weather import Faces

_ = Speaker("robinson", "rules.robinson")  # Robinson Crusoe's catalog

Step = tuple[str, Callable, bool]  # (label, handler, filled)


class NextSteps(Faces):
    """Each step that moves the game on now: the next phase, resolving Morale, rolling and
    confirming the weather, resolving the Night (only those the rules list for this screen
    now). On the table they are the action bar; on a phone a row of its phase."""

    KEYS = ("now", "weather_dice", "weather_preview", "morale_phase", "first_player",
            "players")
    MOVES = frozenset({"next_phase", "resolve_morale", "roll_weather", "confirm_weather",
                       "night"})

    def controls(self) -> list[ft.Control]:
        steps = self.next_steps()
        return [self.row([self.button(label, handler, filled)
                          for label, handler, filled in steps])] if steps else []

    def steps(self, seen) -> list[Step]:
        """The steps, drawn from this piece's value (``value``) alone."""
        self.view, self.legal = seen.view, seen.legal
        return self.next_steps()

    def next_steps(self) -> list[Step]:
        v = self.view
        out: list[Step] = []
        if v["now"]["next"] and self.can("next_phase"):
            out.append((self.w(v["now"]["next"]), self._move("next_phase"), True))
        if self.can("resolve_morale"):
            out += self.morale_steps()
        if v["weather_dice"] and self.can("roll_weather") and v["weather_preview"] is None:
            out += [(self.s(_("Roll the Weather dice in the app")),
                     self._move("roll_weather", then=self._clear_weather), True),
                    (self.s(_("Use the faces entered")), self.use_faces(), False)]
        if v["weather_preview"] is not None and self.can("confirm_weather"):
            out.append((self.s(_("Confirm the weather and apply it")),
                        self._move("confirm_weather"), True))
        if self.can("night"):
            out.append((self.w(v["now"]["night_button"]), self._move(
                "night", self._night_args, then=self._clear_night), True))
        return out

    def morale_steps(self) -> list[Step]:
        """The one step that resolves the Morale phase, or the First Player's choice at +3."""
        v = self.view
        if not v["morale_phase"]["choice"]:
            return [(self.s(_("Resolve the Morale phase")), self._move("resolve_morale"), True)]
        fp = v["first_player"]
        fp_ch = next(p["character"] for p in v["players"] if p["name"] == fp)
        return [(self.s(_("Gain 2 Determination tokens")),
                 self._move("resolve_morale", {"choice": "determination"}), True),
                (self.s(_("Heal 1 Wound of {character}",
                          character=THE_CHARACTER.get(fp_ch, fp_ch))),
                 self._move("resolve_morale", {"choice": "heal"}), True)]

    def _night_args(self) -> dict:
        mine = self.choices
        args = {"not_eating": list(mine.hungry), "move_camp": mine.move_camp}
        if mine.move_camp:
            args["natural_shelter"] = mine.move_natural
        return args

    def _clear_night(self) -> None:
        self.choose(hungry=(), move_camp=False, move_natural=False)


class Waiting(Piece):
    """A phone's line of what the phase waits for, when the phase's move is not its own."""

    def value(self, shown) -> tuple | None:
        now = shown.view["now"]
        return (now["waiting"], now["move"] in shown.legal) if now["waiting"] else None

    def draw(self, waiting: tuple | None) -> list[ft.Control]:
        if waiting is None or waiting[1]:
            return []
        return [self.t(self.w(waiting[0]), self.size - 2)]


class Over(Piece):
    """The end, on a phone in the second person (the table's phase line says it there,
    with the reason, and the phone's folded line too)."""

    KEYS = ("result",)

    def controls(self) -> list[ft.Control]:
        if self.table or not self.view["result"]:
            return []
        win = self.view["result"] == "victory"
        return [self.bold(self.s(_("Victory! You win together.") if win else
                                 _("Defeat. You lose together.")), self.big + 6)]


class LastSteps(Piece):
    """What the last move did, in small words under a small heading."""

    KEYS = ("last_steps", "result")

    def controls(self) -> list[ft.Control]:
        steps = self.view.get("last_steps") or []
        if not steps or self.view["result"]:
            return []
        return [ft.Container(ft.Column(
            [self.t(self.s(_("What just happened")), self.size - 4, weight=ft.FontWeight.BOLD,
                    color=ft.Colors.WHITE_70),
             *[self.t(self.w(s), self.size - 4) for s in steps]], spacing=2, tight=True),
            padding=ft.Padding(10, 6, 10, 6), border_radius=8,
            border=ft.Border.all(1, ft.Colors.WHITE_24))]


class Goal(Piece):
    """The table's question: marking the scenario's goal met ends the game, so it asks first."""

    KEYS = ("scenario", "last_round")
    MOVES = frozenset({"goal_met"})
    CHOSEN = ("goal_confirm",)

    def controls(self) -> list[ft.Control]:
        if not self.table or not self.can("goal_met"):
            return []
        if self.drawn.goal_confirm:
            body = [self.bold(self.s(_("Is the goal of scenario {number} met? The game ends in "
                                       "victory.", number=self.view["scenario"]["number"]))),
                    self.row([self.button(self.s(_("Yes: the goal is met, victory")),
                                          self._move("goal_met", then=lambda: self.choose(
                                              goal_confirm=False)), filled=True),
                        self.button(self.s(_("Not yet")), self._set(goal_confirm=False))])]
        else:
            body = [self.t(self.s(_("Victory comes when the Scenario card's goal is met within "
                                    "{rounds} rounds; a death or the end of the last round is "
                                    "defeat.", rounds=self.view["last_round"])), self.size - 4),
                    self.button(self.s(_("Mark the scenario's goal as met")),
                                self._set(goal_confirm=True))]
        return [panel(self.s(_("The scenario's goal")), body)]


class Readings(Piece):
    """The unconfirmed values in use and the app's choices, folded into one line."""

    KEYS = ("unconfirmed", "choices")

    def controls(self) -> list[ft.Control]:
        notes = list(self.view.get("unconfirmed") or []) + list(
            (self.view.get("choices") or {}).values())
        return [Fold(self.s(_("How this app reads the rules (unconfirmed values, choices)")),
                     [self.t(n, self.size - 6) for n in dict.fromkeys(map(self.w, notes))],
                     self.size - 4, more=self.s(_("More ({n})")),  # said with {n} kept
                     less=self.s(_("Less")))] if notes else []
