"""Screens of Robinson Crusoe: Adventures on the Cursed Island (the co-operative round assistant).

The table screen runs the round phase by phase: the island's tracked state, what to do now,
the Morale phase, the Weather phase (rolled in the app or entered from the real dice, shown step
by step, applied on confirmation), the Night and the action dice. Every phone sees the same
island, its own character's life track, and the moves of its own character (the First Player's
phone also the group's decisions). There is no vote.

Nothing here comes from the rules package: the printed components come from the game's data
(``service.game_data``), the island and its sentences from the game's view, and the buttons
offered from the moves the rules list for this screen (``service.legal_moves``).
"""
from __future__ import annotations

from dataclasses import dataclass

import flet as ft

from companion.errors import Refused
from companion.language import Items, Speaker

from ..base import GamePanel, Shown, colours
from ..setup import EMPTY, FormField, Typed
from ...ballot import big_button
from ...screen import SubParts
from ...widgets import ErrorLine, line
from .island import Island
from .parts import THE_CHARACTER, Choosing
from .shelter import Shelter

# Robinson Crusoe's catalog (rules/robinson/locale/<lang>/LC_MESSAGES/robinson.po)
_ = Speaker("robinson", "rules.robinson")


@dataclass(frozen=True)
class Isle(Shown):
    """What a Robinson panel draws from: the island's view, the moves, what its player is
    choosing (``Choosing``) and each player's colour."""

    colours: tuple[tuple[str, int], ...] = ()


class Errors:
    """A refusal shown twice: at the top of the panel and next to the lower controls, so the
    sentence is seen wherever on the long screen the button was."""

    def __init__(self) -> None:
        self.top, self.bottom = ErrorLine(), ErrorLine()

    def show(self, message: str | None) -> None:
        self.top.show(message)
        self.bottom.show(message)


def characters_field(seated, data, say=str) -> Typed:
    """The characters typed in seat order, as drawn at the table: the game's card names, one
    for each seated player (``seated()``: their names, clockwise). The names typed are the
    game's own (English) card names: a refusal lists them as they are typed."""
    cards = {c["name"].casefold(): c["name"] for c in data["characters"]}

    def parse(typed: str) -> dict:
        names = seated()
        chars = []
        for c in (c.strip() for c in typed.split(",") if c.strip()):
            if c.casefold() not in cards:
                allowed = data["two_player_characters"] if len(names) == 2 else data["playable"]
                raise Refused(_("There is no character {name}: choose from {names}.",
                                name=repr(c), names=Items(allowed)))
            chars.append(cards[c.casefold()])
        if not chars:  # commas alone: nothing typed
            return EMPTY
        if len(chars) != len(names):
            raise Refused(_("Name one character for each seated player: {seated} seated "
                            "({names}), {named} named.", seated=len(names),
                            names=Items(names), named=len(chars)))
        return dict(zip(names, chars))

    def show(chosen) -> str:  # a player no longer seated is left out
        return ", ".join(chosen[n] for n in seated() if n in chosen)
    return Typed(say(_("Characters in seat order, drawn at the table (e.g. Cook, Explorer)")),
                 parse, show, hint=say(_("empty: Carpenter, Cook, Explorer, Soldier in turn")))


def weather_field(say=str) -> Typed:
    """Scenario 6's weather typed off its sheet: one entry per round, dice joined by +."""
    def parse(typed: str) -> list:
        rounds = []
        for entry in typed.split(","):
            entry = entry.strip().lower()
            rounds.append([] if entry in ("", "none", "-") else
                          [d.strip() for d in entry.split("+") if d.strip()])
        return rounds
    return Typed(say(_("Scenario 6 weather, one entry per round, e.g. none, rain, "
                       "rain+winter+animals")),
                 parse, lambda rounds: ", ".join("+".join(r) or "none" for r in rounds),
                 hint=say(_("empty: the default schedule")))


class TablePanel(GamePanel):
    """The round on the table screen, read from 2 m: the board at the top (round, phases,
    Morale, the counters, the life tracks), then the controls of this phase; the next step
    (next phase, resolve, confirm) sits in the table's action bar."""

    def __init__(self, screen) -> None:
        self.screen = screen
        self.error = Errors()
        self.choices = Choosing()
        self.island = isl = Island(self._act, self._changed, table=True, owner=self,
                                   data=screen.service.game_data(screen.code), say=self.say)
        self.shelter = Shelter(self)  # its cost is typed: its fields live on, made once
        # on a wide table screen the board and the phase's steps side by side
        board = ft.Column([isl.slot("round"), isl.slot("morale"), isl.slot("counters")],
                          spacing=12, col={"xs": 12, "xxl": 6})
        steps = ft.Column([isl.phase], spacing=12, col={"xs": 12, "xxl": 6})
        top = ft.Column([ft.ResponsiveRow([board, steps], spacing=16), isl.slot("characters"),
                         isl.slot("last_steps")], spacing=12)
        bottom = ft.Column([isl.slot("goal"), isl.slot("readings")], spacing=12)
        self.root = ft.Column([self.error.top, top, self.shelter.slot, self.error.bottom,
                               bottom], spacing=14)

    def inputs(self, view, vote=None) -> Isle:
        return Isle(view, self.offered(), self.choices, colours(self.screen))

    # setup: the options are the schema's form (views/games/setup.py) ----------------------
    def setup_intro(self) -> list[ft.Control]:
        return [line(self.say(_("Robinson Crusoe: 1 to 4 players (solo: Morale +1 each Morale "
                                "phase; 2 players: Carpenter, Cook or Explorer, and Friday "
                                "joins).")), 18)]

    def setup_field(self, option) -> FormField | None:
        """The characters and Scenario 6's weather are typed, and read as the game reads
        them."""
        if option["name"] == "characters":
            return characters_field(
                lambda: [s.name for s in self.screen.service.seats(self.screen.code)],
                self.game_data(), self.say)
        return weather_field(self.say) if option["name"] == "scenario6_weather" else None

    def draw(self, shown: Isle) -> list[ft.Control]:
        """The panel's pieces, each redrawn from its own value when it changed."""
        self.shown = shown
        if shown.view:
            self.island.draw(shown)
            self.shelter.draw(shown)
        return [self.root]

    def actions(self, shown: Isle) -> list[ft.Control]:
        """The table's next steps: the next phase, resolving Morale, rolling and confirming
        the weather, resolving the Night (only those the rules list for the table now)."""
        if not shown.view:
            return []
        return [big_button(label, handler, outlined=not filled)
                for label, handler, filled in self.island.steps(shown)]

    def _act(self, move: str, args: dict) -> object:
        return self.send(self.error, move, args)

    def _changed(self) -> None:
        self.screen.refresh()  # the choices are in the inputs: the panel and the action bar


class PhonePanel(GamePanel):
    """A player's phone: their own move first (the phase's controls for their character and,
    for the First Player, the group's decisions), then the same island as the table."""

    def __init__(self, screen) -> None:
        self.screen = screen
        self.error = Errors()
        self.body = ft.Column(spacing=10)
        self.root = ft.Column([self.error.top, self.body, self.error.bottom], spacing=10)
        self.island: Island | None = None  # made at the first drawing: its player's character
        self.head = ft.Column(spacing=10, visible=False)  # who you play, the First Player
        self.pieces = SubParts()
        self.choices = Choosing()

    def inputs(self, view) -> Isle:
        if not view:
            return Isle(view)
        return Isle(view, self.offered(), self.choices, colours(self.screen))

    def draw(self, shown: Isle) -> list[ft.Control]:
        """Before the start a line; then who you play and the island's pieces, each redrawn
        from its own value when it changed."""
        self.shown, view = shown, shown.view
        if view and self.island is None:
            sc = self.screen
            seat = sc.seat()
            me = next((p["character"] for p in view["players"] if p["name"] == seat.name), None)
            self.island = Island(self._act, self._changed, table=False, owner=self, me=me,
                                 player=seat.name, data=sc.service.game_data(sc.code),
                                 say=self.say)
        if view:
            mine = next((c for c in view["characters"] if c["name"] == self.island.me), None)
            self.pieces.draw(self.head, (you_play(mine) if mine else None,
                                         view["first_player"] == self.island.player
                                         and not view["result"]), self._head)
            self.island.draw(shown)
        self.pieces.draw(self.body, bool(view), self._body)
        return [self.root]

    def _head(self, head: tuple[dict | None, bool]) -> list[ft.Control]:
        played, first = head
        out: list[ft.Control] = []
        if played:
            out.append(line(self.say(_("You play {character}: {wounds} of {death_at} Wounds, "
                                       "Determination {determination}", **played)),
                            18, weight=ft.FontWeight.BOLD))
        if first:
            out.append(line(self.say(FIRST_PLAYER_YOU), 15))
        return out

    def _body(self, started: bool) -> list[ft.Control]:
        if not started:
            return [line(self.say(_("The game has not started yet.")))]
        isl = self.island
        return [self.head, isl.slot("over"), isl.phase,
                *(isl.slot(n) for n in ("last_steps", "round", "morale", "counters",
                                        "characters", "readings"))]

    def news(self, view: dict) -> tuple[str, ...]:
        """What this player's screen reader hears: their character's Wounds and
        Determination as they change, the First Player's role, the end."""
        if not view or self.island is None:
            return ()
        say = self.say
        if view["result"]:
            return (say(_("Victory! You win together.") if view["result"] == "victory"
                        else _("Defeat. You lose together.")),)
        facts = [say(_("You play {character}: {wounds} of {death_at} Wounds, Determination "
                       "{determination}.", **you_play(c)))
                 for c in view["characters"] if c["name"] == self.island.me]
        if view["first_player"] == self.island.player:
            facts.append(say(FIRST_PLAYER_YOU))
        return tuple(facts)

    def _act(self, move: str, args: dict) -> object:
        return self.send(self.error, move, args)

    def _changed(self) -> None:
        self.screen.refresh()  # the choices are in the inputs


FIRST_PLAYER_YOU = _("You are the First Player: the group's decisions are yours.")


def you_play(ch: dict) -> dict:
    """The values of "You play the Cook: 2 of 13 Wounds, Determination 1"."""
    return {"character": THE_CHARACTER.get(ch["name"], ch["name"]), "wounds": ch["wounds"],
            "death_at": ch["death_at"], "determination": ch["determination"]}


__all__ = ["TablePanel", "PhonePanel"]
