"""Robinson Crusoe: the island as the table and the phones draw it, and its controls.

Everything here reads the game's view (the same island for every seat) and sends moves; the
rules decide. The buttons a screen offers are the moves the rules list for it now
(``legal_moves``): a panel never compares phases. ``Choosing`` is only what a person is in
the middle of choosing (the faces read off the real dice, who goes hungry tonight) and which
folds are open, never game state. Dice rolled "in the app" are rolled by the companion when
the move arrives. The pictures themselves are in ``board`` (board.py).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

import flet as ft

from companion.language import Items, Speaker, from_json

from ..base import Choices
from ...widgets import Fold, line, panel, thumb_style
from . import board
from .board import ACTION_DIE, DIE_COLOURS

ACTION_MOVES = ("action_dice", "rest", "arrange_camp", "build", "hunt")


# Robinson Crusoe's catalog (rules/robinson/locale/<lang>/LC_MESSAGES/robinson.po): the same
# msgids as the rules' (rules/robinson/text.py), so each is one catalog entry
_ = Speaker("robinson", "rules.robinson")
_n = _.n
THE_CHARACTER = {"Carpenter": _("the Carpenter"), "Cook": _("the Cook"),
                 "Explorer": _("the Explorer"), "Soldier": _("the Soldier"),
                 "Friday": _("Friday")}
"""A character inside a sentence, as ``title`` writes it."""
THE_CHARACTER_START = {"Carpenter": _("The Carpenter"), "Cook": _("The Cook"),
                       "Explorer": _("The Explorer"), "Soldier": _("The Soldier"),
                       "Friday": _("Friday")}
"""A character at the start of a sentence."""
DIE_WORDS = {"rain": _("Rain die"), "winter": _("Winter die"), "animals": _("Hungry Animals die")}
YES, NO = _("yes"), _("no")


Act = Callable[[str, dict], object]

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

BEAST_CARD = {"strength": 0, "weapon_loss": 0, "food": 0, "fur": 0, "palisade_loss": 0}
BEAST_WORDS = {"strength": _("Beast strength"), "weapon_loss": _("Beast Weapon loss"),
               "food": _("Beast food"), "fur": _("Beast fur"),
               "palisade_loss": _("Beast Palisade loss")}


@dataclass(frozen=True)
class Choosing(Choices):
    """What a screen's player is in the middle of choosing, and which folds are open (the
    panel's own choices: in its inputs)."""

    weather_faces: tuple[tuple[str, int], ...] = ()  # (die, face) tapped off the real dice
    dice_char: str | None = None  # whose pawn the action dice are for
    dice_action: str | None = None
    dice_faces: tuple[tuple[str, int], ...] = ()
    hungry: tuple[str, ...] = ()  # who does not eat tonight
    move_camp: bool = False
    move_natural: bool = False  # the tile the camp moves to has a natural Shelter
    goal_confirm: bool = False
    hunt_char: str | None = None
    beast: tuple[tuple[str, int], ...] = tuple(BEAST_CARD.items())  # the Beast card's numbers
    show_rare: bool = False  # the folded tiles (rare counters at 0) are open
    show_more: bool = False  # the phone's Hunting and Building are open


def with_pair(pairs: tuple[tuple[str, int], ...], key: str, value: int) -> tuple:
    """``pairs`` (a frozen dict) with ``key`` set to ``value``."""
    return tuple({**dict(pairs), key: value}.items())


TILES = (("wood", _("Wood"), "resources"), ("food", _("Food"), "resources"),
         ("fur", _("Fur"), "resources"),
         ("nonperishable_food", _("Non-perishable food"), "resources"),
         ("roof", _("Roof"), "levels"), ("palisade", _("Palisade"), "levels"),
         ("weapon", _("Weapon"), "levels"), ("rain", _("Rain token"), "weather_tokens"),
         ("snow", _("Snow token"), "weather_tokens"), ("storm", _("Storm token"), "weather_tokens"))
"""The island's counters drawn as tiles: (key, name, the move that changes it)."""
RARE = ("nonperishable_food", "rain", "snow", "storm")
"""Tiles folded away while they stand at 0."""


class Island:
    """Draws the island and its controls for one screen.

    ``act(move, args)`` sends a move through the screen's one path (a refusal becomes the
    sentence on that screen) and returns something truthy once accepted. ``changed()`` asks the
    screen to draw again after a local choice. ``me`` is the phone's character (None: the
    table). ``data`` is the game's fixed data (the dice's names). ``owner`` is the panel that
    holds what the screen's player is choosing (``owner.choices``, a ``Choosing``, changed
    only through ``owner.choose``); ``view``, ``legal`` (the moves this screen may make now),
    ``positions`` (each player's colour) and ``drawn`` (the choices drawn) are set by the
    panel from its inputs before each drawing.
    """

    def __init__(self, act: Act, changed: Callable[[], None], *, table: bool, data: dict,
                 owner, me: str | None = None, player: str | None = None,
                 positions: dict[str, int] | None = None, say: Callable = str) -> None:
        self.act, self.changed, self.owner = act, changed, owner
        self.say = say  # the screen's words: a message in its language
        self.table, self.me, self.player = table, me, player
        self.positions = dict(positions or {})
        self.die_titles: dict[str, str] = dict(data["die_titles"])
        self.size = 22 if table else 17
        self.big = 30 if table else 22
        self.view: dict = {}
        self.legal: frozenset[str] = frozenset()
        self.drawn = Choosing()

    def can(self, move: str) -> bool:
        """The rules list ``move`` for this screen now."""
        return move in self.legal

    # --- what someone is in the middle of choosing ------------------------------------------
    @property
    def choices(self) -> Choosing:
        return self.owner.choices

    def choose(self, **changes) -> None:
        self.owner.choose(**changes)

    def _choose(self, fn: Callable[[], None]):
        def handler(e=None):
            fn()
            self.changed()
        return handler

    def _set(self, **changes):
        """A tap that changes the choices to ``changes``."""
        return self._choose(lambda: self.choose(**changes))

    def _toggle(self, flag: str):
        return self._choose(lambda: self.choose(**{flag: not getattr(self.choices, flag)}))

    def _move(self, move: str, args: dict | Callable[[], dict] | None = None,
              then: Callable[[], None] | None = None):
        def handler(e=None):
            payload = args() if callable(args) else dict(args or {})
            if self.act(move, payload) and then:
                then()
                self.changed()
        return handler

    def s(self, message) -> str:
        """A message of the game's catalog in this screen's language."""
        return self.say(message)

    def name(self, ch: str) -> str:
        """"The Cook", "Friday": a character at the start of a sentence, said."""
        return self.say(THE_CHARACTER_START.get(ch, ch))

    def die_names(self) -> dict[str, str]:
        """Each Weather die's name in this screen's words."""
        return {d: self.s(DIE_WORDS.get(d, name)) for d, name in self.die_titles.items()}

    def w(self, said) -> str:
        """A sentence of the view (a message as plain data) in this screen's language."""
        return self.say(from_json(said))

    # --- small controls ------------------------------------------------------------------------
    def t(self, text: str, size: int | None = None, **kw) -> ft.Text:
        return line(text, size or self.size, **kw)

    def bold(self, text: str, size: int | None = None) -> ft.Text:
        return line(text, size or self.size, weight=ft.FontWeight.BOLD)

    def button(self, label: str, handler, filled: bool = False) -> ft.Control:
        cls = ft.FilledButton if filled else ft.OutlinedButton
        return cls(label, on_click=handler, style=self.style())

    def style(self) -> ft.ButtonStyle:
        """A button's label size; on a phone padded to a thumb's height, however big the
        browser's text (its label never runs over the button's edge)."""
        text = ft.TextStyle(size=self.size - 2)
        return ft.ButtonStyle(text_style=text) if self.table else thumb_style(text_style=text)

    @staticmethod
    def row(controls: list[ft.Control]) -> ft.Row:
        return ft.Row(controls, wrap=True, spacing=8, run_spacing=8)

    def chosen(self, label: str, handler) -> ft.Control:
        """A choice already made: said in words ("chosen"), not by colour alone."""
        return ft.FilledButton(self.s(_("{label} (chosen)", label=label)), on_click=handler,
                               style=self.style())

    def step(self, words: str, plus: bool, handler) -> ft.Control:
        return board.stepper(words, ft.Icons.ADD if plus else ft.Icons.REMOVE, handler,
                             24 if self.table else 20)

    # --- the whole island ------------------------------------------------------------------------
    def chars(self) -> list[dict]:
        return self.view.get("characters", [])

    def mine(self) -> list[dict]:
        """The characters this screen may move: all on the table; on a phone its own and Friday."""
        if self.table:
            return self.chars()
        return [c for c in self.chars() if c["name"] == self.me or c["player"] is None]

    def board(self) -> list[ft.Control]:
        """The state of the game as the board shows it: the round and its phases, this
        round's Weather dice, Morale, the counters (the life tracks: ``characters``)."""
        v, h = self.view, self.view["header"]
        cell = 52 if self.table else 34
        top = self.row([board.tile("round", self.s(_("Round")),
                                   f"{v['round']}/{v['last_round']}",
                                   self.w(h["head"]), 26 if self.table else 16),
                        board.phase_track([{**p, "name": self.w(p["name"])}
                                           for p in v["phase_track"]], 22 if self.table else 14,
                                          self.say),
                        board.round_dice(v["weather_dice"], self.die_titles, self.w(h["dice"]),
                                         44 if self.table else 30, self.say)])
        morale = board.morale_track(v["morale"], cell,
                                    self.pair(self.s(_("Morale")), "morale", "by"), self.say)
        return [top, morale, *self.tiles()]

    def tiles(self) -> list[ft.Control]:
        """The counters as tiles with steppers (on the table); the rare ones at 0 folded."""
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

    def pair(self, label: str, move: str, key: str) -> list[ft.Control]:
        """- and + steppers; a -1 that would go below 0 says the Wounds it costs first."""
        if not self.can(move):
            return []
        cost = self.view.get("discard_costs", {}).get(key)
        minus = self.s(_n("{label} -1 (none left: {n} Wound for each player)",
                          "{label} -1 (none left: {n} Wounds for each player)", "n",
                          label=label, n=cost)
                       if move in ("resources", "levels") and cost else
                       _("{label} -1", label=label))
        return [self.step(minus, False, self._move(move, {key: -1})),
                self.step(self.s(_("{label} +1", label=label)), True,
                          self._move(move, {key: 1}))]

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

    def over(self) -> list[ft.Control]:
        """The end, on a phone in the second person (the table's phase line says it there,
        with the reason, and the phone's folded line too)."""
        if self.table:
            return []
        win = self.view["result"] == "victory"
        return [self.bold(self.s(_("Victory! You win together.") if win else
                                 _("Defeat. You lose together.")), self.big + 6)]

    def last_steps(self) -> list[ft.Control]:
        """What the last move did, in small words under a small heading."""
        steps = self.view.get("last_steps") or []
        if not steps or self.view["result"]:
            return []
        return [ft.Container(ft.Column(
            [self.t(self.s(_("What just happened")), self.size - 4, weight=ft.FontWeight.BOLD,
                    color=ft.Colors.WHITE_70),
             *[self.t(self.w(s), self.size - 4) for s in steps]], spacing=2, tight=True),
            padding=ft.Padding(10, 6, 10, 6), border_radius=8,
            border=ft.Border.all(1, ft.Colors.WHITE_24))]

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

    def characters(self) -> ft.Control:
        """Each character as a card in their player's colour: the life track with its Wounds
        and morale arrows, and the Determination tokens."""
        chars = sorted(self.chars(), key=lambda c: c["name"] != self.me)  # yours first
        cards = [self.character_card(ch) for ch in chars]
        legend = self.t(self.s(_("Life track: a red cross is a Wound, a down arrow a morale "
                                 "arrow (Morale -1 when a Wound passes it), the broken heart "
                                 "is death.")), self.size - 6, italic=True)
        return ft.Column([ft.Row(cards, wrap=True, spacing=10, run_spacing=10), legend,
                          self.t(self.w(self.view["header"]["scenario"]), self.size - 4)],
                         spacing=4)

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
                                [head, board.life_track(ch, 28 if self.table else 20), counts,
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

    # --- the table's next steps (the action bar) and the phone's ---------------------------------
    def next_steps(self) -> list[tuple[str, Callable, bool]]:
        """(label, handler, filled) for each step that moves the game on now."""
        v = self.view
        out: list[tuple[str, Callable, bool]] = []
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

    def morale_steps(self) -> list[tuple[str, Callable, bool]]:
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

    def use_faces(self):
        entered = (self.view.get("weather_preview") or {}).get("faces") or {}
        return self._move("roll_weather",
                          lambda: {"faces": {**entered, **dict(self.choices.weather_faces)}},
                          then=self._clear_weather)

    # --- the phase: its controls -----------------------------------------------------------------
    def phase(self) -> list[ft.Control]:
        """The controls of the moves this screen may make in this phase (on a phone also the
        steps that move the game on, and what it waits for if the phase's move is not its
        own). What to do is said by the reminders (above on the table, folded right after
        the move on a phone), not again here."""
        now = self.view["now"]
        body: list[ft.Control] = self.weather() + self.action() + self.night()
        if not self.table:
            steps = self.next_steps()
            if steps:
                body.append(self.row([self.button(label, handler, filled)
                                      for label, handler, filled in steps]))
            if now["waiting"] and not self.can(now["move"]):
                body.append(self.t(self.w(now["waiting"]), self.size - 2))
        # what the weather does, step by step: after the move that applies it on a phone
        body += self.weather_steps()
        return [ft.Container(ft.Column(body, spacing=8, tight=True), padding=10,
                             border_radius=10, border=ft.Border.all(1, ft.Colors.WHITE_24),
                             bgcolor=ft.Colors.with_opacity(0.05, ft.Colors.WHITE))
                ] if body else []

    # Weather ---------------------------------------------------------------------------------
    def weather(self) -> list[ft.Control]:
        """The dice entered from the real ones (as die faces to tap) and the faces rolled (the
        phase step by step: ``weather_steps``)."""
        v = self.view
        preview = v.get("weather_preview")
        out: list[ft.Control] = []
        if v["weather_dice"] and self.can("roll_weather"):
            out += self.weather_entry((preview or {}).get("faces") or {})
        if preview is not None:
            if preview["faces"]:
                out.append(board.dice_row(preview["faces"], v["dice"]["weather"], DIE_COLOURS,
                                          self.die_names(), 56 if self.table else 40,
                                          self.say))
        return out

    def weather_steps(self) -> list[ft.Control]:
        """The Weather phase step by step, as the faces rolled make it (nothing applied yet)."""
        preview = self.view.get("weather_preview")
        if preview is None:
            return []
        return [self.bold(self.s(_("The Weather phase, step by step:")))] + [
            self.t(self.s(_("{number}. {step}", number=i, step=from_json(s))), self.size - 2)
            for i, s in enumerate(preview["steps"], start=1)]

    def weather_entry(self, entered: dict) -> list[ft.Control]:
        v = self.view
        out: list[ft.Control] = [self.t(self.s(_("Tap the face each real die shows:")),
                                        self.size - 2)]
        for d in v["weather_dice"]:
            labels, name = v["dice"]["weather"][d], self.die_names()[d]
            have = dict(self.drawn.weather_faces).get(d, entered.get(d))
            buttons = [self.t(name, self.size - 2)]
            for label in dict.fromkeys(labels):
                index = labels.index(label)
                handler = self._choose(lambda d=d, i=index: self.choose(
                    weather_faces=with_pair(self.choices.weather_faces, d, i)))
                chosen = have is not None and labels[have] == label
                buttons.append(board.face_button(name, label, DIE_COLOURS[d],
                                                 56 if self.table else 40, chosen, handler,
                                                 self.say))
            out.append(ft.Row(buttons, wrap=True, spacing=6, run_spacing=6,
                              vertical_alignment=ft.CrossAxisAlignment.CENTER))
        if v["weather_preview"] is not None:  # entered again: the bar holds only Confirm
            out.append(self.row([self.button(self.s(_("Roll again in the app")), self._move(
                "roll_weather", then=self._clear_weather)),
                self.button(self.s(_("Use the faces entered")), self.use_faces())]))
        return out

    def _clear_weather(self) -> None:
        self.choose(weather_faces=())

    # Night -----------------------------------------------------------------------------------
    def night(self) -> list[ft.Control]:
        """Who goes without food and whether the camp moves (the Night is resolved by its
        step: the action bar on the table)."""
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

    def _night_args(self) -> dict:
        mine = self.choices
        args = {"not_eating": list(mine.hungry), "move_camp": mine.move_camp}
        if mine.move_camp:
            args["natural_shelter"] = mine.move_natural
        return args

    def _clear_night(self) -> None:
        self.choose(hungry=(), move_camp=False, move_natural=False)

    # Action ----------------------------------------------------------------------------------
    def action(self) -> list[ft.Control]:
        """The Action phase's Actions this screen may resolve: dice, Rest and Arranging the
        Camp for its characters, then Hunting and Building (folded on a phone)."""
        if not any(self.can(m) for m in ACTION_MOVES):
            return []
        out = self.action_dice() + self.camp_actions()
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

    def action_dice(self) -> list[ft.Control]:
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

    def _clear_dice(self) -> None:
        self.choose(dice_action=None, dice_faces=())

    # --- the goal and the app's readings ---------------------------------------------------------
    def goal(self) -> list[ft.Control]:
        """Marking the goal met ends the game: it asks first."""
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

    def readings(self) -> list[ft.Control]:
        """The unconfirmed values in use and the app's choices, folded into one line."""
        notes = list(self.view.get("unconfirmed") or []) + list(
            (self.view.get("choices") or {}).values())
        return [Fold(self.s(_("How this app reads the rules (unconfirmed values, choices)")),
                     [self.t(n, self.size - 6) for n in dict.fromkeys(map(self.w, notes))],
                     self.size - 4, more=self.s(_("More ({n})")),  # said with {n} kept
                     less=self.s(_("Less")))] if notes else []
