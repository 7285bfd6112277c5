"""Robinson Crusoe: the island as the table and the phones draw it, and its controls.

Everything here reads the game's view (the same island for every seat) and sends moves; the
rules decide. The buttons a screen offers are the moves the rules list for it now
(``legal_moves``): a panel never compares phases. ``Island`` keeps only what a person is in
the middle of choosing (the faces read off the real dice, who goes hungry tonight), never game
state. Dice rolled "in the app" are rolled by the companion when the move arrives.
"""
from __future__ import annotations

from typing import Callable

import flet as ft

from ..widgets import line, panel

MINUS = "\u2212"
ACTION_MOVES = ("action_dice", "rest", "arrange_camp", "build", "hunt")


def signed(n: int) -> str:
    return f"+{n}" if n > 0 else str(n).replace("-", MINUS)


def title(name: str) -> str:
    """"the Cook", but "Friday"."""
    return name if name == "Friday" else f"the {name}"


def cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def life_track(ch: dict, cell: int) -> ft.Row:
    """The life track as boxes: a cross for each Wound taken, a down arrow on each morale
    arrow still ahead, a broken heart at the end (death); shapes, not colours, carry it."""
    arrows = set(ch["arrows"])
    boxes = []
    for i in range(1, ch["death_at"] + 1):
        if i <= ch["wounds"]:
            icon = ft.Icons.CLOSE
        elif i == ch["death_at"]:
            icon = ft.Icons.HEART_BROKEN_OUTLINED
        elif i in arrows:
            icon = ft.Icons.SOUTH
        else:
            icon = None
        boxes.append(ft.Container(
            ft.Icon(icon, size=cell - 8) if icon else None, width=cell, height=cell + 4,
            alignment=ft.Alignment.CENTER, border=ft.Border.all(2 if i in arrows else 1,
                                                                ft.Colors.WHITE_54),
            border_radius=4))
    return ft.Row(boxes, spacing=3, wrap=True, run_spacing=3)


def morale_track(level: int) -> str:
    return "  ".join(f"[{signed(n)}]" if n == level else signed(n) for n in range(-3, 4))


Act = Callable[[str, dict], object]

BEAST_CARD = {"strength": 0, "weapon_loss": 0, "food": 0, "fur": 0, "palisade_loss": 0}
BEAST_WORDS = {"strength": "Beast strength", "weapon_loss": "Beast Weapon loss",
               "food": "Beast food", "fur": "Beast fur", "palisade_loss": "Beast Palisade loss"}
RESOURCE_WORDS = {"wood": "wood", "food": "food", "nonperishable_food": "non-perishable food",
                  "fur": "fur"}


class Island:
    """Draws the island and its controls for one screen.

    ``act(move, args)`` sends a move through the screen's one path (a refusal becomes the
    sentence on that screen) and returns something truthy once accepted. ``changed()`` asks the
    screen to draw again after a local choice. ``me`` is the phone's character (None: the
    table). ``data`` is the game's fixed data (the dice's names); ``legal`` the moves this
    screen may make now, set by the panel with ``view`` before each drawing.
    """

    def __init__(self, act: Act, changed: Callable[[], None], *, table: bool, data: dict,
                 me: str | None = None, player: str | None = None) -> None:
        self.act, self.changed = act, changed
        self.table, self.me, self.player = table, me, player
        self.die_titles: dict[str, str] = dict(data["die_titles"])
        self.size = 22 if table else 17
        self.big = 30 if table else 22
        self.view: dict = {}
        self.legal: frozenset[str] = frozenset()
        self.reset()

    def can(self, move: str) -> bool:
        """The rules list ``move`` for this screen now."""
        return move in self.legal

    # --- what someone is in the middle of choosing ------------------------------------------
    def reset(self) -> None:
        self.weather_faces: dict[str, int] = {}
        self.dice_char: str | None = None
        self.dice_action: str | None = None
        self.dice_faces: dict[str, int] = {}
        self.hungry: list[str] = []
        self.move_camp = False
        self.move_natural = False  # the tile the camp moves to has a natural Shelter
        self.goal_confirm = False
        self.hunt_char: str | None = None
        self.beast = dict(BEAST_CARD)

    def local(self) -> object:
        return (tuple(sorted(self.weather_faces.items())), self.dice_char, self.dice_action,
                tuple(sorted(self.dice_faces.items())), tuple(self.hungry), self.move_camp,
                self.move_natural, self.goal_confirm, self.hunt_char,
                tuple(sorted(self.beast.items())))

    def _choose(self, fn: Callable[[], None]):
        def handler(e=None):
            fn()
            self.changed()
        return handler

    def _move(self, move: str, args: dict | Callable[[], dict] | None = None,
              then: Callable[[], None] | None = None):
        def handler(e=None):
            payload = args() if callable(args) else dict(args or {})
            if self.act(move, payload) and then:
                then()
                self.changed()
        return handler

    # --- small controls ------------------------------------------------------------------------
    def t(self, text: str, size: int | None = None, **kw) -> ft.Text:
        return line(text, size or self.size, **kw)

    def bold(self, text: str, size: int | None = None) -> ft.Text:
        return line(text, size or self.size, weight=ft.FontWeight.BOLD)

    def button(self, label: str, handler, filled: bool = False) -> ft.Control:
        cls = ft.FilledButton if filled else ft.OutlinedButton
        return cls(label, on_click=handler, style=ft.ButtonStyle(
            text_style=ft.TextStyle(size=self.size - 2)))

    @staticmethod
    def row(controls: list[ft.Control]) -> ft.Row:
        return ft.Row(controls, wrap=True, spacing=8, run_spacing=8)

    def chosen(self, label: str, handler) -> ft.Control:
        """A choice already made: said in words ("chosen"), not by colour alone."""
        return ft.FilledButton(f"{label} (chosen)", on_click=handler, style=ft.ButtonStyle(
            text_style=ft.TextStyle(size=self.size - 2)))

    # --- the whole island ------------------------------------------------------------------------
    def chars(self) -> list[dict]:
        return self.view.get("characters", [])

    def mine(self) -> list[dict]:
        """The characters this screen may move: all on the table; on a phone its own and Friday."""
        if self.table:
            return self.chars()
        return [c for c in self.chars() if c["name"] == self.me or c["player"] is None]

    def header(self) -> list[ft.Control]:
        h = self.view["header"]
        return [self.bold(h["head"], self.big + 4 if self.table else self.big),
                self.t(h["phases"], self.size - 2), self.t(h["scenario"]), self.t(h["dice"])]

    def over(self) -> list[ft.Control]:
        v = self.view
        word = "Victory!" if v["result"] == "victory" else "Defeat."
        return [panel("The game is over", [self.bold(word, self.big + 10),
                                           self.t(v["end_reason"])])]

    def last_steps(self) -> list[ft.Control]:
        steps = self.view.get("last_steps") or []
        if not steps or self.view["result"]:
            return []
        return [panel("What just happened", [self.t(s, self.size - 2) for s in steps])]

    def status(self) -> list[ft.Control]:
        v = self.view
        r, camp, tok = v["resources"], v["camp"], v["weather_tokens"]
        return [panel("The island", [
            self.bold(f"Morale {signed(v['morale'])}"),
            self.t(f"Morale track: {morale_track(v['morale'])}", self.size - 2),
            self.t(f"Wood {r['wood']} · Food {r['food']} (rots at night) · "
                   f"Non-perishable food {r['nonperishable_food']} · Fur {r['fur']}"),
            self.t(f"Shelter: {'built' if camp['shelter'] else 'none'} · Roof {camp['roof']} · "
                   f"Palisade {camp['palisade']} · Weapon {camp['weapon']}"),
            self.t(("Natural Shelter on the camp's tile: yes" if camp["natural_shelter"] else
                    "Natural Shelter on the camp's tile: no")
                   + ("" if camp["covered"] else
                      ". No Shelter: no Roof or Palisade to protect the camp."), self.size - 2),
            *self.future_line(),
            self.t(f"Weather tokens: {tok['rain']} rain, {tok['snow']} snow, "
                   f"{tok['storm']} storm"),
        ])]

    def future_line(self) -> list[ft.Control]:
        waiting = {k: n for k, n in self.view.get("future", {}).items() if n}
        if not waiting:
            return []
        return [self.t("Future Resources (usable when the Action phase ends): "
                       + ", ".join(f"{n} {RESOURCE_WORDS[k]}" for k, n in waiting.items()),
                       self.size - 2)]

    @staticmethod
    def friday_note(ch: dict) -> str:
        """The three Friday settings on his life track line (a player's character: nothing)."""
        flags = (ch["eats"], ch["sleeps_out"], ch["weather_wounds"])
        if all(flags):
            return ""
        return ("; settings: eats " + ("yes" if ch["eats"] else "no") + ", sleeps in the open "
                + ("yes" if ch["sleeps_out"] else "no") + ", Weather Wounds "
                + ("yes" if ch["weather_wounds"] else "no"))

    def characters(self) -> list[ft.Control]:
        rows: list[ft.Control] = []
        for ch in self.chars():
            who = f" ({ch['player']})" if ch["player"] else ""
            nxt = (f"next morale arrow at {ch['next_arrow']} Wounds" if ch["next_arrow"]
                   else "no morale arrow ahead")
            state = "DEAD" if ch["dead"] else f"{ch['life_left']} left"
            rows += [self.bold(f"{cap(title(ch['name']))}{who}: {ch['wounds']} of "
                               f"{ch['death_at']} Wounds, {state}; Determination "
                               f"{ch['determination']}"),
                     life_track(ch, 30 if self.table else 22),
                     self.t(nxt + self.friday_note(ch), self.size - 4)]
        rows.append(self.t("Life track: a cross is a Wound taken, a down arrow a morale arrow "
                           "ahead (thick boxes hold the arrows), the broken heart is death.",
                           self.size - 5, italic=True))
        return [panel("Characters and life tracks", rows)]

    # --- the phase: what to do now, and its controls ---------------------------------------------
    def phase(self) -> list[ft.Control]:
        """The "Now" panel: the rules' lines for this phase, then the controls of the moves
        this screen may make, then what it waits for if the phase's move is not its own."""
        now = self.view["now"]
        lines = now["lines"]
        body: list[ft.Control] = [self.bold(s) if i == 0 else self.t(s)
                                  for i, s in enumerate(lines)]
        body += self.morale() + self.action() + self.weather() + self.night()
        if now["next"] and self.can("next_phase"):
            body.append(self.button(now["next"], self._move("next_phase"), filled=True))
        if now["waiting"] and not self.can(now["move"]):
            body.append(self.t(now["waiting"], self.size - 2))
        return [panel(now["title"], body)]

    def morale(self) -> list[ft.Control]:
        """The First Player's choice at +3, or the one button that resolves the phase."""
        if not self.can("resolve_morale"):
            return []
        v = self.view
        fp = v["first_player"]
        fp_ch = next(p["character"] for p in v["players"] if p["name"] == fp)
        if not v["morale_phase"]["choice"]:
            return [self.button("Resolve the Morale phase", self._move("resolve_morale"),
                                filled=True)]
        return [self.row([
            self.button("Gain 2 Determination tokens",
                        self._move("resolve_morale", {"choice": "determination"}), filled=True),
            self.button(f"Heal 1 Wound of {title(fp_ch)}",
                        self._move("resolve_morale", {"choice": "heal"}), filled=True)])]

    # Weather ---------------------------------------------------------------------------------
    def weather(self) -> list[ft.Control]:
        """The dice rolled in the app or entered from the real ones, the phase step by step
        (nothing applied yet) and its confirmation."""
        v = self.view
        preview = v.get("weather_preview")
        out: list[ft.Control] = []
        if v["weather_dice"] and self.can("roll_weather"):
            out += self.weather_entry((preview or {}).get("faces") or {})
        if preview is not None:
            out.append(self.bold("The Weather phase, step by step:"))
            out += [self.t(f"{i}. {s}", self.size - 1)
                    for i, s in enumerate(preview["steps"], start=1)]
            if self.can("confirm_weather"):
                out.append(self.button("Confirm the weather and apply it",
                                       self._move("confirm_weather"), filled=True))
        return out

    def weather_entry(self, entered: dict) -> list[ft.Control]:
        v = self.view
        out: list[ft.Control] = [
            self.button("Roll the Weather dice in the app", self._move(
                "roll_weather", then=self._clear_weather), filled=True),
            self.t("Or enter the faces of the real dice:")]
        for d in v["weather_dice"]:
            labels, name = v["dice"]["weather"][d], self.die_titles[d]
            have = self.weather_faces.get(d, entered.get(d))
            out.append(self.t(f"{name}: " + (labels[have] if have is not None else
                                             "not entered yet"), self.size - 2))
            buttons = []
            for label in dict.fromkeys(labels):
                index = labels.index(label)
                handler = self._choose(lambda d=d, i=index: self.weather_faces.__setitem__(d, i))
                chosen = have is not None and labels[have] == label
                buttons.append((self.chosen if chosen else self.button)(f"{name}: {label}",
                                                                        handler))
            out.append(self.row(buttons))
        out.append(self.button("Use the faces entered", self._move(
            "roll_weather", lambda: {"faces": {**entered, **self.weather_faces}},
            then=self._clear_weather)))
        return out

    def _clear_weather(self) -> None:
        self.weather_faces = {}

    # Night -----------------------------------------------------------------------------------
    def night(self) -> list[ft.Control]:
        """Who goes without food, whether the camp moves, and the Night resolved in order."""
        if not self.can("night"):
            return []
        v = self.view
        out: list[ft.Control] = []
        if v["night"]["cannot_eat"] or self.hungry:
            hungry = ", ".join(cap(title(h)) for h in self.hungry) or "nobody"
            out.append(self.t(f"Not eating tonight: {hungry}."))
            out.append(self.row([
                self.button(f"{cap(title(c['name']))} eats after all", self._choose(
                    lambda c=c: self.hungry.remove(c["name"])))
                if c["name"] in self.hungry else
                self.button(f"{cap(title(c['name']))} does not eat", self._choose(
                    lambda c=c: self.hungry.append(c["name"])))
                for c in self.chars() if c["eats"]]))
        out.append(self.t(self.move_words(v["camp"])))
        out.append(self.row(self.move_buttons()))
        out.append(self.button(v["now"]["night_button"], self._move(
            "night", self._night_args, then=self._clear_night), filled=True))
        return out

    def move_words(self, camp: dict) -> str:
        """What moving the camp does, as the Night's step 2 says."""
        if not self.move_camp:
            return "The camp stays where it is."
        to = (" to a tile with a natural Shelter" if self.move_natural else
              " to a tile without a natural Shelter")
        if camp["shelter"]:
            return f"The camp moves{to}: the Shelter comes along, Roof and Palisade lose half " \
                   "(rounded down)."
        if camp["roof"] or camp["palisade"]:
            return f"The camp moves{to}: without a built Shelter the Roof and Palisade are lost."
        return f"The camp moves{to}: nothing is lost."

    def move_buttons(self) -> list[ft.Control]:
        options = [("Stay: do not move the camp", False, False),
                   ("Move the camp to a tile without a natural Shelter", True, False),
                   ("Move the camp to a tile with a natural Shelter", True, True)]
        out = []
        for label, move, natural in options:
            def pick(move=move, natural=natural) -> None:
                self.move_camp, self.move_natural = move, natural
            now = (self.move_camp, self.move_natural and self.move_camp) == (move, natural)
            out.append((self.chosen if now else self.button)(label, self._choose(pick)))
        return out

    def _night_args(self) -> dict:
        args = {"not_eating": list(self.hungry), "move_camp": self.move_camp}
        if self.move_camp:
            args["natural_shelter"] = self.move_natural
        return args

    def _clear_night(self) -> None:
        self.hungry, self.move_camp, self.move_natural = [], False, False

    # Action ----------------------------------------------------------------------------------
    def action(self) -> list[ft.Control]:
        """The Action phase's Actions this screen may resolve: dice, Hunting, Rest and
        Arranging the Camp for its characters, Building."""
        if not any(self.can(m) for m in ACTION_MOVES):
            return []
        return (self.future_line() + self.action_dice() + self.hunting() + self.camp_actions()
                + self.building())

    def camp_actions(self) -> list[ft.Control]:
        """Rest and Arranging the Camp, for the characters this screen may move."""
        out: list[ft.Control] = []
        for ch in self.mine():
            name, who = cap(title(ch["name"])), {"character": ch["name"]}
            buttons = [self.button(f"{name} rests (heal 1 Wound)", self._move("rest", who))
                       ] if self.can("rest") else []
            if not self.can("arrange_camp"):
                pass
            elif self.view["arranging_camp_card"]:
                buttons += [self.button(f"{name} arranges the camp: 2 Determination", self._move(
                    "arrange_camp", who | {"choice": "determination"})),
                    self.button(f"{name} arranges the camp: Morale +1", self._move(
                        "arrange_camp", who | {"choice": "morale"}))]
            else:
                buttons.append(self.button(f"{name} arranges the camp",
                                           self._move("arrange_camp", who)))
            out.append(self.row(buttons))
        return out

    def building(self) -> list[ft.Control]:
        if not self.can("build"):
            return []
        cost = self.view["costs"]["roof_or_palisade"]
        return [self.bold("Build", self.size),
                self.t(f"Roof or Palisade: {cost['wood']} wood or {cost['fur']} fur a level "
                       "(needs the Shelter). Weapon: 1 wood. The Shelter: below.",
                       self.size - 2),
                self.row([self.button(f"Build a {item} level with {pay}",
                                      self._move("build", {"item": item.lower(), "pay": pay}))
                          for item in ("Roof", "Palisade") for pay in ("wood", "fur")]
                         + [self.button("Build a Weapon level with wood",
                                        self._move("build", {"item": "weapon", "pay": "wood"}))])]

    def action_dice(self) -> list[ft.Control]:
        v = self.view
        mine = self.mine()
        if not mine or not self.can("action_dice"):
            return []
        out: list[ft.Control] = [self.bold("Action dice: one pawn on Gather, Explore or Build")]
        if self.dice_char is None or self.dice_char not in [c["name"] for c in mine]:
            self.dice_char = mine[0]["name"]
        if len(mine) > 1:
            out.append(self.row([
                (self.chosen if c["name"] == self.dice_char else self.button)(
                    f"Pawn of {title(c['name'])}",
                    self._choose(lambda c=c: setattr(self, "dice_char", c["name"])))
                for c in mine]))
        actions = {"gather": "Gather", "explore": "Explore", "build": "Build"}
        out.append(self.row([
            (self.chosen if a == self.dice_action else self.button)(
                f"Dice for {label}", self._choose(lambda a=a: self._pick_action(a)))
            for a, label in actions.items()]))
        if self.dice_action is None:
            out.append(self.t("Choose the action to roll its dice.", self.size - 2))
            return out
        faces = v["dice"]["action"][self.dice_action]
        who = title(self.dice_char)
        args = {"character": self.dice_char, "action": self.dice_action}
        out.append(self.t(f"{cap(who)} — {actions[self.dice_action]}: Wound die "
                          f"{faces['wound'].count('Wound')} of 6, Success die "
                          f"{faces['success'].count('Success')} of 6, Adventure die "
                          f"{faces['adventure'].count('Adventure')} of 6. Resolved in that "
                          "order.", self.size - 2))
        out.append(self.button(f"Roll the {actions[self.dice_action]} dice in the app",
                               self._move("action_dice", args, then=self._clear_dice),
                               filled=True))
        out.append(self.t("Or enter the faces of the real dice:", self.size - 2))
        for die, die_name in (("wound", "Wound die"), ("success", "Success die"),
                              ("adventure", "Adventure die")):
            labels = faces[die]
            have = self.dice_faces.get(die)
            buttons = []
            for label in dict.fromkeys(labels):
                index = labels.index(label)
                handler = self._choose(lambda die=die, i=index: self.dice_faces.__setitem__(die, i))
                text = f"{die_name}: {label}"
                buttons.append(self.chosen(text, handler)
                               if have is not None and labels[have] == label
                               else self.button(text, handler))
            out.append(self.row(buttons))
        out.append(self.button("Resolve the action dice entered", self._move(
            "action_dice", lambda: args | dict(self.dice_faces), then=self._clear_dice)))
        return out

    def hunting(self) -> list[ft.Control]:
        """The Beast fight: the card's numbers entered, the rules apply them in its order."""
        v = self.view
        fighters = self.mine()
        if not fighters or not self.can("hunt"):
            return []
        if self.hunt_char not in [c["name"] for c in fighters]:
            self.hunt_char = fighters[0]["name"]
        out: list[ft.Control] = [self.bold("Hunting (2 pawns): fight the Beast card drawn"),
                                 self.t("Strength against Weapon " + str(v["camp"]["weapon"])
                                        + ": 1 Wound per level lacking for the player "
                                        "fighting; then the Weapon loss, the food and fur "
                                        "(Future Resources), the Palisade loss.",
                                        self.size - 2)]
        if len(fighters) > 1:
            out.append(self.row([
                (self.chosen if c["name"] == self.hunt_char else self.button)(
                    f"{cap(title(c['name']))} fights",
                    self._choose(lambda c=c: setattr(self, "hunt_char", c["name"])))
                for c in fighters]))
        for key, words in BEAST_WORDS.items():
            out.append(self.row([
                self.t(f"{words}: {self.beast[key]}", self.size - 2),
                self.button(f"{words} -1", self._choose(lambda k=key: self._beast(k, -1))),
                self.button(f"{words} +1", self._choose(lambda k=key: self._beast(k, 1)))]))
        out.append(self.t(v["choices"]["hunting"], self.size - 4))
        out.append(self.button(f"{cap(title(self.hunt_char))} fights the Beast", self._move(
            "hunt", lambda: {"character": self.hunt_char, **self.beast},
            then=self._clear_hunt), filled=True))
        return out

    def _beast(self, key: str, by: int) -> None:
        self.beast[key] = max(0, self.beast[key] + by)

    def _clear_hunt(self) -> None:
        self.beast = dict(BEAST_CARD)

    def _pick_action(self, action: str) -> None:
        self.dice_action, self.dice_faces = action, {}

    def _clear_dice(self) -> None:
        self.dice_action, self.dice_faces = None, {}

    # --- changing the island by hand: every change a logged move ---------------------------------
    def adjust(self) -> list[ft.Control]:
        """Every change to the island by hand that the rules allow this screen now."""
        rows = (self.table_adjust() if self.table else []) + self.character_rows()
        if not rows:
            return []
        return [panel("Change the island" if self.table else "Your character", rows)]

    def pair(self, label: str, move: str, key: str) -> list[ft.Control]:
        """+1 and -1 buttons; a -1 that would go below 0 says the Wounds it costs first."""
        if not self.can(move):
            return []
        minus = f"{label} -1"
        cost = self.view.get("discard_costs", {}).get(key)
        if move in ("resources", "levels") and cost:
            minus += f" (none left: {cost} Wound for each player)"
        return [self.button(f"{label} +1", self._move(move, {key: 1})),
                self.button(minus, self._move(move, {key: -1}))]

    def table_adjust(self) -> list[ft.Control]:
        v = self.view
        groups = [self.pair("Wood", "resources", "wood") + self.pair("Food", "resources", "food")
                  + self.pair("Fur", "resources", "fur"),
                  self.pair("Non-perishable food", "resources", "nonperishable_food"),
                  self.pair("Roof", "levels", "roof") + self.pair("Palisade", "levels", "palisade")
                  + self.pair("Weapon", "levels", "weapon"),
                  self.pair("Rain token", "weather_tokens", "rain")
                  + self.pair("Snow token", "weather_tokens", "snow")
                  + self.pair("Storm token", "weather_tokens", "storm"),
                  self.pair("Morale", "morale", "by")]
        rows = [self.row(g) for g in groups if g]
        if not rows:
            return []
        rows[:0] = [self.t("For Production, Events, Gathering, Hunting, cards: each tap is one "
                           "move in the history (undo is the room's).", self.size - 4),
                    self.t(v["choices"]["shortage"], self.size - 4)]
        if self.can("place_weather_die"):
            rows.append(self.row([
                self.button(f"Take the {name} off the Weather space", self._move(
                    "place_weather_die", {"die": d, "placed": False}))
                if d in v.get("placed_dice", []) else
                self.button(f"Place the {name} on the Weather space", self._move(
                    "place_weather_die", {"die": d}))
                for d, name in self.die_titles.items()]))
            rows.append(self.t("A game effect's die on the Weather space is rolled this round, "
                               "even when the Scenario card rolls none.", self.size - 4))
        return rows

    def character_rows(self) -> list[ft.Control]:
        """Wounds, healing and Determination for the characters this screen may move."""
        rows: list[ft.Control] = []
        for ch in self.mine():
            name, who = cap(title(ch["name"])), {"character": ch["name"]}
            buttons = [self.button(label, self._move(move, who | extra))
                       for label, move, extra in (
                           (f"{name}: Wound +1", "wound", {}),
                           (f"{name}: heal 1 Wound", "heal", {}),
                           (f"{name}: Determination +1", "determination", {"by": 1}),
                           (f"{name}: Determination -1", "determination", {"by": -1}))
                       if self.can(move)]
            if buttons:
                rows.append(self.row(buttons))
        return rows

    def goal(self) -> list[ft.Control]:
        if not self.table or not self.can("goal_met"):
            return []
        if self.goal_confirm:
            body = [self.bold(f"Is the goal of scenario {self.view['scenario']['number']} met? "
                              "The game ends in victory."),
                    self.row([self.button("Yes: the goal is met, victory", self._move(
                        "goal_met", then=lambda: setattr(self, "goal_confirm", False)),
                        filled=True),
                        self.button("Not yet", self._choose(
                            lambda: setattr(self, "goal_confirm", False)))])]
        else:
            body = [self.t("Victory comes when the Scenario card's goal is met within "
                           f"{self.view['last_round']} rounds; a death or the end of the last "
                           "round is defeat.", self.size - 2),
                    self.button("Mark the scenario's goal as met", self._choose(
                        lambda: setattr(self, "goal_confirm", True)))]
        return [panel("The scenario's goal", body)]

    def choices(self) -> list[ft.Control]:
        notes = list((self.view.get("choices") or {}).values())
        return [panel("How this app reads the rules",
                      [self.t(n, self.size - 5) for n in notes])] if notes else []

    def unconfirmed(self) -> list[ft.Control]:
        notes = self.view.get("unconfirmed") or []
        return [panel("Unconfirmed values in use (settings chosen at setup)",
                      [self.t(n, self.size - 5) for n in notes])] if notes else []

