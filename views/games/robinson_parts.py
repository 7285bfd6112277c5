"""Robinson Crusoe: the island as the table and the phones draw it, and its controls.

Everything here reads the game's view (the same island for every seat) and sends moves; the
rules decide. ``Island`` keeps only what a person is in the middle of choosing (the faces read
off the real dice, who goes hungry tonight), never game state.
"""
from __future__ import annotations

from typing import Callable

import flet as ft

from companion import dice
from rules.robinson.data import DIE_TITLES

from ..widgets import line, panel

MINUS = "\u2212"


def signed(n: int) -> str:
    return f"+{n}" if n > 0 else str(n).replace("-", MINUS)


def title(name: str) -> str:
    """"the Cook", but "Friday"."""
    return name if name == "Friday" else f"the {name}"


def cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def plural(n: int, one: str, many: str | None = None) -> str:
    return f"{n} {one if n == 1 else (many or one + 's')}"


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
    table, which may do everything).
    """

    def __init__(self, act: Act, changed: Callable[[], None], *, table: bool,
                 me: str | None = None, player: str | None = None) -> None:
        self.act, self.changed = act, changed
        self.table, self.me, self.player = table, me, player
        self.size = 22 if table else 17
        self.big = 30 if table else 22
        self.view: dict = {}
        self.reset()

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

    @property
    def lead(self) -> bool:
        """The table screen or the First Player's phone makes the group's decisions."""
        return self.table or self.view.get("first_player") == self.player

    def header(self) -> list[ft.Control]:
        v = self.view
        sc = v["scenario"]
        phases = []
        for p in v["phases"]:
            name = p.title()
            if v["phase"] in ("setup", "over"):
                phases.append(name)
            elif p == v["phase"]:
                phases.append(f"{name.upper()} (now)")
            elif v["phases"].index(p) < v["phases"].index(v["phase"]):
                phases.append(f"{name} (skipped)" if p == "event" and v["round"] == 1
                              else f"{name} (done)")
            else:
                phases.append(name)
        first = next(p for p in v["players"] if p["name"] == v["first_player"])
        dice_now = ", ".join(DIE_TITLES[d] for d in v["weather_dice"]) or "none"
        head = (f"Setup — round 1 of {v['last_round']} comes next" if v["phase"] == "setup"
                else f"Round {v['round']} of {v['last_round']} — {v['phase_title']}")
        out = [self.bold(head,
                         self.big + 4 if self.table else self.big),
               self.t(" › ".join(phases), self.size - 2),
               self.t(f"Scenario {sc['number']}: {sc['name']}, last round {sc['rounds']}. "
                      f"First Player: {first['name']} ({title(first['character'])})."),
               self.t(f"Weather dice this round: {dice_now}.")]
        return out

    def over(self) -> list[ft.Control]:
        v = self.view
        word = "Victory!" if v["result"] == "victory" else "Defeat."
        return [panel("The game is over", [self.bold(word, self.big + 10),
                                           self.t(v["end_reason"])])]

    def last_steps(self) -> list[ft.Control]:
        steps = self.view.get("last_steps") or []
        if not steps or self.view["phase"] == "over":
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
        v = self.view
        ph = v["phase"]
        body: list[ft.Control] = []
        nxt = {"setup": "Start round 1", "event": "Go to the Morale phase",
               "production": "Go to the Action phase", "action": "Go to the Weather phase"}
        if ph == "setup":
            body.append(self.t("Set the board up as the list above says (the room's banner), "
                               "then start round 1. Its Event phase is skipped."))
        elif ph == "event":
            body.append(self.t("Draw the top Event card and resolve it; change the island "
                               "below for what it does."))
        elif ph == "morale":
            body += self.morale()
        elif ph == "production":
            body.append(self.t("Take 1 resource for each food or wood source on the Camp's "
                               "Island tile (Gain buttons below)."))
        elif ph == "action":
            body += self.action()
        elif ph == "weather":
            body += self.weather()
        elif ph == "night":
            body += self.night()
        if ph in nxt:
            if self.lead:
                body.append(self.button(nxt[ph], self._move("next_phase"), filled=True))
            else:
                body.append(self.t(f"The First Player ({v['first_player']}) or the table moves "
                                   "on when the group is ready.", self.size - 2))
        return [panel(f"Now: {v['phase_title']}", body)]

    def morale(self) -> list[ft.Control]:
        v = self.view
        mp = v["morale_phase"]
        fp = v["first_player"]
        fp_ch = next(p["character"] for p in v["players"] if p["name"] == fp)
        out = []
        if v["solo"]:
            out.append(self.t(f"Solo game: Morale rises by 1 first ({signed(v['morale'])} to "
                              f"{signed(mp['level'])})."))
        if mp["choice"]:
            out.append(self.t(f"Morale +3: {fp} chooses 2 Determination tokens or healing 1 "
                              f"Wound of {title(fp_ch)}."))
            if self.lead:
                out.append(self.row([
                    self.button("Gain 2 Determination tokens",
                                self._move("resolve_morale", {"choice": "determination"}),
                                filled=True),
                    self.button(f"Heal 1 Wound of {title(fp_ch)}",
                                self._move("resolve_morale", {"choice": "heal"}), filled=True)]))
        else:
            n = mp["tokens"]
            words = ("nothing to gain or discard" if n == 0 else
                     f"{fp} gains {plural(n, 'Determination token')}" if n > 0 else
                     f"{fp} discards {plural(-n, 'Determination token')} (each one lacking is "
                     f"a Wound for {title(fp_ch)})")
            out.append(self.t(f"Morale {signed(mp['level'])}: {words}."))
            if self.lead:
                out.append(self.button("Resolve the Morale phase", self._move("resolve_morale"),
                                       filled=True))
        if not self.lead:
            out.append(self.t(f"The First Player ({fp}) resolves it.", self.size - 2))
        return out

    # Weather ---------------------------------------------------------------------------------
    def weather(self) -> list[ft.Control]:
        v = self.view
        dice_now = v["weather_dice"]
        preview = v.get("weather_preview")
        out: list[ft.Control] = []
        if dice_now:
            out.append(self.bold("Roll: " + ", ".join(DIE_TITLES[d] for d in dice_now) + "."))
        else:
            out.append(self.bold("No Weather die this round."))
        if v.get("placed_dice"):
            out.append(self.t("On the Weather space by a game effect: "
                              + ", ".join(DIE_TITLES[d] for d in v["placed_dice"])
                              + ". Always rolled, whatever the Scenario card says."))
        if dice_now and self.lead:
            out.append(self.button("Roll the Weather dice in the app", self._move(
                "roll_weather", lambda: {"faces": {d: dice.face() for d in dice_now}},
                then=self._clear_weather), filled=True))
            out.append(self.t("Or enter the faces of the real dice:"))
            entered = (preview or {}).get("faces") or {}
            for d in dice_now:
                labels = v["dice"]["weather"][d]
                have = self.weather_faces.get(d, entered.get(d))
                out.append(self.t(f"{DIE_TITLES[d]}: "
                                  + (labels[have] if have is not None else "not entered yet"),
                                  self.size - 2))
                buttons = []
                for label in dict.fromkeys(labels):
                    index = labels.index(label)
                    text = f"{DIE_TITLES[d]}: {label}"
                    handler = self._choose(lambda d=d, i=index: self.weather_faces.__setitem__(d, i))
                    buttons.append(self.chosen(text, handler)
                                   if have is not None and labels[have] == label
                                   else self.button(text, handler))
                out.append(self.row(buttons))
            out.append(self.button("Use the faces entered", self._move(
                "roll_weather", lambda: {"faces": {**entered, **self.weather_faces}},
                then=self._clear_weather)))
        if preview is not None:
            out.append(self.bold("The Weather phase, step by step:"))
            out += [self.t(f"{i}. {s}", self.size - 1)
                    for i, s in enumerate(preview["steps"], start=1)]
            if self.lead:
                out.append(self.button("Confirm the weather and apply it",
                                       self._move("confirm_weather"), filled=True))
        elif not self.lead:
            out.append(self.t("The table rolls or enters the Weather dice.", self.size - 2))
        return out

    def _clear_weather(self) -> None:
        self.weather_faces = {}

    # Night -----------------------------------------------------------------------------------
    def night(self) -> list[ft.Control]:
        v = self.view
        n = v["night"]
        camp = v["camp"]
        eaters = [c for c in self.chars() if c["eats"]]
        out: list[ft.Control] = []
        if n["cannot_eat"]:
            out.append(self.bold(f"Food: {n['food']} for {plural(n['food_needed'], 'character')}"
                                 f" — choose {n['cannot_eat']} who "
                                 f"{'does' if n['cannot_eat'] == 1 else 'do'} not eat "
                                 "(2 Wounds each)."))
        else:
            out.append(self.t(f"Eat: {n['food_needed']} food for "
                              f"{plural(n['food_needed'], 'character')} ({n['food']} in the camp)."))
        hungry = ", ".join(cap(title(h)) for h in self.hungry) or "nobody"
        if n["cannot_eat"] or self.hungry:
            out.append(self.t(f"Not eating tonight: {hungry}."))
            if self.lead:
                out.append(self.row([
                    self.button(f"{cap(title(c['name']))} eats after all", self._choose(
                        lambda c=c: self.hungry.remove(c["name"])))
                    if c["name"] in self.hungry else
                    self.button(f"{cap(title(c['name']))} does not eat", self._choose(
                        lambda c=c: self.hungry.append(c["name"])))
                    for c in eaters]))
        if camp["shelter"]:
            out.append(self.t("Sleep: the Shelter protects everyone."))
        elif camp["natural_shelter"]:
            out.append(self.t("Sleep: the natural Shelter of the camp's tile protects everyone."))
        else:
            out.append(self.t("Sleep: no Shelter, so each player takes 1 Wound."))
        if v["resources"]["food"]:
            out.append(self.t(f"Food rots: {v['resources']['food']} food is discarded after "
                              "eating."))
        out.append(self.t(self.move_words(camp)))
        if self.lead:
            out.append(self.row(self.move_buttons()))
            last = v["round"] == v["last_round"]
            out.append(self.button("Resolve the Night" + (" (the last round)" if last else ""),
                                   self._move("night", self._night_args,
                                              then=self._clear_night), filled=True))
        else:
            out.append(self.t(f"The First Player ({v['first_player']}) or the table resolves "
                              "the Night.", self.size - 2))
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
        v = self.view
        cost = v["costs"]["roof_or_palisade"]
        out: list[ft.Control] = [self.t(
            "Plan the pawns, then resolve in order: Threat, Hunting, Building, Gathering, "
            "Exploration, Arranging the Camp, Rest. 1 pawn on Build, Gather or Explore rolls "
            "the action dice; 2 pawns succeed without dice.", self.size - 2),
            self.t("Gains of this phase go to Future Resources: they cannot pay for another "
                   "Action now and arrive when the phase ends.", self.size - 2)]
        out += self.future_line()
        out += self.action_dice()
        out += self.hunting()
        # Rest and Arranging the Camp, for the characters this screen may move
        for ch in self.mine():
            name = cap(title(ch["name"]))
            buttons = [self.button(f"{name} rests (heal 1 Wound)",
                                   self._move("rest", {"character": ch["name"]}))]
            if v["arranging_camp_card"]:
                buttons += [self.button(f"{name} arranges the camp: 2 Determination", self._move(
                    "arrange_camp", {"character": ch["name"], "choice": "determination"})),
                    self.button(f"{name} arranges the camp: Morale +1", self._move(
                        "arrange_camp", {"character": ch["name"], "choice": "morale"}))]
            else:
                buttons.append(self.button(f"{name} arranges the camp", self._move(
                    "arrange_camp", {"character": ch["name"]})))
            out.append(self.row(buttons))
        out.append(self.bold("Build", self.size))
        out.append(self.t(f"Roof or Palisade: {cost['wood']} wood or {cost['fur']} fur a "
                          "level (needs the Shelter). Weapon: 1 wood. The Shelter: below.",
                          self.size - 2))
        out.append(self.row([
            self.button(f"Build a {item} level with {pay}",
                        self._move("build", {"item": item.lower(), "pay": pay}))
            for item in ("Roof", "Palisade") for pay in ("wood", "fur")]
            + [self.button("Build a Weapon level with wood",
                           self._move("build", {"item": "weapon", "pay": "wood"}))]))
        return out

    def action_dice(self) -> list[ft.Control]:
        v = self.view
        mine = self.mine()
        if not mine:
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
                               self._move("action_dice", lambda: args | {
                                   k: dice.face() for k in ("wound", "success", "adventure")},
                                   then=self._clear_dice), filled=True))
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
        if not fighters:
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
        v = self.view
        if v["phase"] == "over":
            return []
        rows: list[ft.Control] = []
        if self.table:
            rows.append(self.t("For Production, Events, Gathering, Hunting, cards: each tap is "
                               "one move in the history (undo is the room's).", self.size - 4))
            rows.append(self.t(v["choices"]["shortage"], self.size - 4))

            costs = v.get("discard_costs", {})

            def pair(label: str, move: str, key: str) -> list[ft.Control]:
                minus = f"{label} -1"
                if move in ("resources", "levels") and costs.get(key):
                    minus += f" (none left: {costs[key]} Wound for each player)"
                return [self.button(f"{label} +1", self._move(move, {key: 1})),
                        self.button(minus, self._move(move, {key: -1}))]
            rows.append(self.row(pair("Wood", "resources", "wood") + pair("Food", "resources", "food")
                                 + pair("Fur", "resources", "fur")))
            rows.append(self.row(pair("Non-perishable food", "resources", "nonperishable_food")))
            rows.append(self.row(pair("Roof", "levels", "roof") + pair("Palisade", "levels",
                                                                       "palisade")
                                 + pair("Weapon", "levels", "weapon")))
            rows.append(self.row(pair("Rain token", "weather_tokens", "rain")
                                 + pair("Snow token", "weather_tokens", "snow")
                                 + pair("Storm token", "weather_tokens", "storm")))
            rows.append(self.row(pair("Morale", "morale", "by")))
        if self.table and v["phase"] != "setup":
            rows.append(self.row([
                self.button(f"Take the {DIE_TITLES[d]} off the Weather space", self._move(
                    "place_weather_die", {"die": d, "placed": False}))
                if d in v.get("placed_dice", []) else
                self.button(f"Place the {DIE_TITLES[d]} on the Weather space", self._move(
                    "place_weather_die", {"die": d}))
                for d in DIE_TITLES]))
            rows.append(self.t("A game effect's die on the Weather space is rolled this round, "
                               "even when the Scenario card rolls none.", self.size - 4))
        for ch in self.mine():
            name = cap(title(ch["name"]))
            rows.append(self.row([
                self.button(f"{name}: Wound +1", self._move("wound", {"character": ch["name"]})),
                self.button(f"{name}: heal 1 Wound", self._move("heal", {"character": ch["name"]})),
                self.button(f"{name}: Determination +1",
                            self._move("determination", {"character": ch["name"], "by": 1})),
                self.button(f"{name}: Determination -1",
                            self._move("determination", {"character": ch["name"], "by": -1})),
            ]))
        return [panel("Change the island" if self.table else "Your character", rows)]

    def goal(self) -> list[ft.Control]:
        if not self.table or self.view["phase"] in ("setup", "over"):
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

