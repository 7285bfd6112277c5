"""Screens of Survivor: The Tribe Has Spoken.

The cards stay on the table; the table screen says how to set them up, whose turn it is and
every step of each Tribal Council in big type, and records what the cards did. Each phone
holds its player's secrets and decisions: Extra Vote cards (never shown on the table), the
Immunity Idol, the Tribal Council Leader's choices and the Final Tribal Council Leader's
tie-break. The secret votes themselves go through the room's shared ballot box.

Nothing here decides what is allowed: every tap is a move the rules accept or refuse with a
sentence, shown on the screen that made it.
"""
from __future__ import annotations

import flet as ft

from companion.ballots import OPEN
from rules.survivor import tribal_council_cards

from ..ballot import plural
from ..widgets import ACCENT, ErrorLine, heading, line, panel

BIG = 30  # the table screen is read from across the table


def big(text: str, size: int = BIG, **kw) -> ft.Text:
    return line(text, size, weight=ft.FontWeight.BOLD, **kw)


def names(items) -> str:
    items = list(items)
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


def counts(mapping: dict | None) -> str:
    return ", ".join(f"{p} {n}" for p, n in (mapping or {}).items()) or "none"


def _speeches(view: dict) -> list[str]:
    """The Tribal Council Leader's words for this step: the reminder lines that quote them."""
    return [r for r in view.get("reminders", []) if '"' in r]


def _limits(view: dict) -> list[str]:
    """ "You CAN'T give ... show ... hide ...": the reminder line of Time to Strategize."""
    return [r for r in view.get("reminders", []) if r.startswith("You CAN'T")]


def _spoken(council: dict, size: int) -> list[ft.Control]:
    """ "The Tribe Has Spoken!" for each player voted out at this Tribal Council."""
    parts: list[ft.Control] = []
    for p in council["voted_out"]:
        parts.append(big("The Tribe Has Spoken!", size + 6, color=ACCENT))
        parts.append(line(f"{p} turns over a Survivor Character Card.", size))
    for p in council["eliminated"]:
        parts.append(line(f"{p} is out of the game and joins the jury.", size,
                          weight=ft.FontWeight.BOLD))
    return parts


def _box_result(council: dict, size: int) -> list[ft.Control]:
    if not council.get("box_opened"):
        return []
    parts = [line(f"Votes that count: {counts(council['counted'])}.", size)]
    for p, n in (council.get("voided") or {}).items():
        parts.append(line(f"{plural(n, 'vote')} for {p} {'does' if n == 1 else 'do'} not count: "
                          f"{p} played an Immunity Idol.", size))
    return parts


def choice_controls(choice: dict, picked: list[str], on_pick, on_confirm) -> list[ft.Control]:
    """The Tribal Council Leader's choice: the same on the leader's phone and on the table
    device handed to them."""
    parts: list[ft.Control] = [heading("You decide", 26), line(choice["question"], 20),
                               line(f"Choose {plural(choice['picks'], 'player')}.", 18)]
    for p in choice["pick_from"]:
        parts.append(ft.Button(f"Chosen: {p} (tap to undo)" if p in picked else f"Choose {p}",
                               on_click=on_pick(p), width=320))
    if picked:
        parts.append(line("Chosen: " + names(picked), 20, weight=ft.FontWeight.BOLD))
    parts.append(ft.FilledButton("Confirm my choice", on_click=on_confirm))
    return parts


def toggle(picked: list[str], player: str) -> None:
    if player in picked:
        picked.remove(player)
    else:
        picked.append(player)


class TablePanel:
    """The table screen: setup, turns, each Tribal Council step, the Final Tribal Council."""

    def __init__(self, screen) -> None:
        self.screen = screen
        self.error = ErrorLine()
        self.taking: str | None = None  # whose Vote Card a card takes (the table picks who gets it)
        # the table device handed to one player: (what, who, shown) with what "extra" (their
        # secret Extra Vote cards), "choose" (the leader's choice) or "tie" (the final tie)
        self.handed: tuple[str, str, bool] | None = None
        self.handed_count: int | None = None  # Extra Vote cards set while handed (secret)
        self.picked: list[str] = []
        self.self_vote = ft.Checkbox(label="Players may vote for themselves", value=True)
        self.seat_order = ft.Checkbox(
            label="If two go out at once, the first clockwise from the leader leads the final",
            value=False)
        table = "; ".join(f"{n} players: {s} Single + {d} Double"
                          for n in range(3, 7) for s, d in [tribal_council_cards(n)])
        self.setup_form = ft.Column([
            line("Survivor is for 3 to 6 players, each with 2 Survivor Character Cards and "
                 "1 Vote Card."),
            line(f"Tribal Council cards: {table}.", 16),
            self.self_vote,
            line("When two players are eliminated at the same moment and the Final Tribal "
                 "Council starts, the rule text does not say which of them leads it: the "
                 "Tribal Council Leader chooses, unless this box is ticked.", 16),
            self.seat_order], spacing=6)
        self.body = ft.Column(spacing=12)
        self.root = ft.Column([self.error, self.body], spacing=12)

    def options(self) -> dict:
        return {"self_vote": bool(self.self_vote.value),
                "final_leader": "seat_order" if self.seat_order.value
                else "tribal_council_leader"}

    # --- drawing ---------------------------------------------------------------------------
    def signature(self, view, vote) -> object:
        return (repr(view), vote and (vote.id, vote.status, vote.voted), self.taking,
                self.handed, self.handed_count, tuple(self.picked))

    def draw(self, view: dict, vote) -> None:
        phase = view.get("phase")
        build = {"setup": self._setup, "turn": self._turn, "tribal_council": self._council,
                 "final_tribal_council": self._final, "over": self._over}.get(phase)
        if self.handed:  # the table device is in one player's hands: their screen only
            self.body.controls = [panel("On the table device", self._handed(view))]
            return
        parts = build(view, vote) if build else []
        if phase != "setup":
            parts.append(self._players(view))
        self.body.controls = parts

    def _act(self, move: str, **args):
        def handler(e=None):
            self.taking = None
            self._send(move, args)
        return handler

    def _send(self, move: str, args: dict) -> object:
        return self.screen.attempt(self.error, self.screen.service.act, self.screen.code,
                                   self.screen.host_key, move, args)

    def _setup(self, view: dict, vote) -> list[ft.Control]:
        tc = view["tribal_council_cards"]
        seeding = view["seeding"]
        steps = [line(f"{i + 1}. {n} Action cards, then a Tribal Council card"
                      + (" (at the very bottom)" if i == len(seeding) - 1 else ""), 22)
                 for i, n in enumerate(seeding)]
        return [panel("Set up the cards", [
            big(f"Use {tc['single']} Single and {tc['double']} Double Elimination Tribal "
                f"Council cards"),
            line("Put the other Tribal Council cards away. Each player: 2 Survivor Character "
                 "Cards face up, 1 Vote Card and 3 Action cards.", 20),
            line(view["seeding_sentence"], 22),
            line("The Draw Pile, from the top:", 22, weight=ft.FontWeight.BOLD),
            *steps,
            big("Who goes first?", 26),
            ft.Row([ft.FilledButton(f"{p['name']} goes first",
                                    on_click=self._act("start", first_player=p["name"]))
                    for p in view["players"]], wrap=True)])]

    def _turn(self, view: dict, vote) -> list[ft.Control]:
        turn = view["turn"]
        tc = view["tribal_council_cards"]
        reminders = view.get("reminders") or [f"{turn}'s turn"]
        return [panel("Turn", [
            big(reminders[0], 34),
            *[line(r, 20, italic=True) for r in _limits(view)],
            line(f"Tribal Council cards left in the Draw Pile: {tc['single_left']} Single, "
                 f"{tc['double_left']} Double Elimination.", 22),
            line(f"What did {turn} draw?", 22),
            ft.Row([ft.FilledButton(f"{turn} drew an Action card",
                                    on_click=self._act("draw_action")),
                    ft.FilledButton(f"{turn} drew a Single Elimination Tribal Council card",
                                    on_click=self._act("draw_tribal_council", kind="single")),
                    ft.FilledButton(f"{turn} drew a Double Elimination Tribal Council card",
                                    on_click=self._act("draw_tribal_council", kind="double"))],
                   wrap=True)]),
            self._card_effects(view, turn_over=True)]

    def _card_effects(self, view: dict, turn_over: bool) -> ft.Control:
        """What an Action or Tribal Advantage card did, recorded by the table."""
        still_in = [p["name"] for p in view["players"] if p["still_in"]]
        rows: list[ft.Control] = []
        if self.taking:
            rows += [line(f"Who gets {self.taking}'s Vote Card?", 22),
                     ft.Row([*[ft.Button(f"Give it to {q}", on_click=self._act(
                                 "take_vote_card", player=self.taking, to=q))
                               for q in still_in if q != self.taking],
                             ft.Button("Nobody: it is discarded", on_click=self._act(
                                 "take_vote_card", player=self.taking)),
                             ft.TextButton("Cancel", on_click=self._take(None))], wrap=True)]
        for p in still_in:
            buttons = []
            if turn_over:
                buttons.append(ft.OutlinedButton(f"Turn over one of {p}'s characters",
                                                 on_click=self._act("turn_over", player=p)))
            buttons.append(ft.OutlinedButton(f"A card takes {p}'s Vote Card",
                                             on_click=self._take(p)))
            rows.append(ft.Row(buttons, wrap=True))
        return panel("Card effects (record what a card did)", rows)

    def _take(self, player: str | None):
        def handler(e=None):
            self.taking = player
            self.screen.refresh()
        return handler

    def _council(self, view: dict, vote) -> list[ft.Control]:
        c = view["council"]
        step, leader = c["step"], c["leader"]
        parts: list[ft.Control] = [
            big(f"Tribal Council {c['number']}: {c['kind_name']}", 34),
            line(f"Vote out {'2 different players' if c['voted_out_count'] == 2 else '1 player'}"
                 f" · Tribal Council Leader: {leader}", 22)]
        parts += [big(s, 28, italic=True) for s in _speeches(view)]
        extra: list[ft.Control] = []
        if step in ("welcome", "discussion"):
            if step == "welcome":
                parts.append(ft.FilledButton("Begin the discussion",
                                             on_click=self._act("begin_discussion")))
            else:
                parts += [line("Extra Vote cards are set secretly on each player's phone.", 22),
                          *self._hand_extra([p["name"] for p in view["players"]
                                             if p["still_in"]]),
                          ft.FilledButton("Time to vote!", on_click=self._act("start_vote"))]
            extra = [self._advantage(view, c), self._card_effects(view, turn_over=False)]
        elif step == "vote":
            parts += self._voting(c, vote)
        elif step == "idols":
            parts += self._idols(view, c)
        elif step == "reading":
            parts.append(line(f"{leader} reads the votes, one at a time, in the Voting Box "
                              "above.", 24))
        parts += _box_result(c, 24)
        parts += _spoken(c, 26)
        if step == "choice" and c.get("choice"):
            parts += [big(c["choice"]["question"], 28, color=ACCENT),
                      line(f"{leader} decides on their phone. No phone?", 22),
                      ft.FilledButton(f"Pass the device to {leader}",
                                      on_click=self._hand("choose", leader))]
        if step == "spoken":
            if not c["voted_out"]:
                parts.append(big("Nobody was voted out.", 26))
            parts += [line("Return 1 Vote Card to every player still in. Discard the cards used "
                           "at this Tribal Council, the Tribal Council card too.", 20),
                      ft.FilledButton("End Tribal Council", on_click=self._act(
                          "end_tribal_council"))]
        return [panel("Tribal Council", parts), *extra]

    def _voting(self, c: dict, vote) -> list[ft.Control]:
        """ "Everyone must vote": the box is not read short; missing voters vote on this device."""
        parts: list[ft.Control] = [
            line(f"Voting: {names(c['voters'])}. Everyone votes secretly in the Voting Box "
                 "above, on their phone or pass-and-play.", 22),
            line("Everyone must vote: the box is read only once every vote is in.", 22,
                 weight=ft.FontWeight.BOLD)]
        if vote is None:
            return parts
        waiting = [v for v in c["voters"] if v not in vote.voted]
        if vote.status == OPEN:
            parts += [line(f"Still to vote: {names(waiting)}. No phone? Extra Vote cards first, "
                           "then the ballot:", 20),
                      *self._hand_extra(waiting),
                      ft.FilledButton(f"Pass-and-play for {names(waiting)}",
                                      on_click=lambda e: self.screen.go_pass_and_play())]
        elif waiting:
            parts.append(line(f"The box was closed before {names(waiting)} voted. Everyone must "
                              "vote: undo the last move and vote again.", 22, color=ACCENT))
        else:
            parts.append(ft.FilledButton("Everyone, open your eyes", on_click=self._act(
                "open_eyes", key=vote.key, voted=sorted(vote.voted))))
        return parts

    def _idols(self, view: dict, c: dict) -> list[ft.Control]:
        return [line("Immunity Idols played: " + (names(c["idols"]) or "none yet"), 24,
                     weight=ft.FontWeight.BOLD),
                line("A player plays an Idol from their phone; for a player without a "
                     "phone, the table records it:", 18),
                ft.Row([ft.OutlinedButton(f"{p['name']} plays an Immunity Idol",
                                          on_click=self._act("play_idol", player=p["name"]))
                        for p in view["players"]
                        if p["still_in"] and p["name"] not in c["idols"]], wrap=True),
                ft.FilledButton("Open the box and tally the votes",
                                on_click=self._act("open_box"))]

    # --- the table device handed to one player ----------------------------------------------
    def _hand_extra(self, players) -> list[ft.Control]:
        return [ft.Row([ft.OutlinedButton(f"Pass the device to {p} for Extra Vote cards",
                                          on_click=self._hand("extra", p)) for p in players],
                       wrap=True)]

    def _hand(self, what: str, player: str | None, shown: bool = False):
        def handler(e=None):
            self.handed = (what, player, shown) if player else None
            self.handed_count, self.picked = None, []
            self.error.show(None)
            self.screen.refresh()
        return handler

    def _handed(self, view: dict) -> list[ft.Control]:
        """A hand-over screen first (nothing secret on it), then that player's own screen."""
        what, player, shown = self.handed
        back = ft.TextButton("Done: hide my screen" if shown else "Cancel",
                             on_click=self._hand(what, None))
        if not shown:
            return [big(f"Pass the device to {player}", 34),
                    line(f"{player}: tap below when only you can see the screen.", 22),
                    ft.FilledButton(f"I am {player}: show my screen",
                                    on_click=self._hand(what, player, True)), back]
        if what == "extra":
            return self._extra_votes(player) + [back]
        if what == "tie":
            return self._tie_break(view, player) + [back]
        choice = (view.get("council") or {}).get("choice")
        if not choice:
            return [line("There is nothing to decide now.", 22), back]
        return choice_controls(choice, self.picked, self._pick, self._confirm) + [back]

    def _extra_votes(self, player: str) -> list[ft.Control]:
        """ "If you have Extra Vote Cards, you can use them against the same player, a
        different player, or save them for later." Secret: shown only while handed."""
        counted = ("" if self.handed_count is None else
                   f"Set: you play {plural(self.handed_count, 'Extra Vote card')}.")
        return [heading(f"{player}: your Extra Vote cards (secret)", 26),
                line("How many do you play in the Voting Box at this Tribal Council? Keep the "
                     "others for later.", 20),
                ft.Row([ft.Button(f"Play {n}", on_click=self._set_extra(player, n))
                        for n in range(4)], wrap=True),
                line(counted, 22, weight=ft.FontWeight.BOLD)]

    def _set_extra(self, player: str, count: int):
        def handler(e=None):
            if self._send("use_extra_votes", {"player": player, "count": count}):
                self.handed_count = count
                self.screen.refresh()
        return handler

    def _pick(self, player: str):
        def handler(e=None):
            toggle(self.picked, player)
            self.screen.refresh()
        return handler

    def _confirm(self, e=None) -> None:
        if self._send("choose", {"players": list(self.picked), "by": self.handed[1]}):
            self.handed, self.picked = None, []
            self.screen.refresh()

    def _tie_break(self, view: dict, leader: str) -> list[ft.Control]:
        f = view.get("final") or {}
        if f.get("step") != "tie_break":
            return [line("There is no tie to break now.", 22)]
        return [heading("You break the tie", 26),
                line("Choose the winner; you need not pick the player you voted for.", 20),
                *[ft.FilledButton(f"{p} wins", width=320, on_click=self._win(p, leader))
                  for p in f["finalists"]]]

    def _win(self, winner: str, leader: str):
        def handler(e=None):
            if self._send("break_tie", {"winner": winner, "by": leader}):
                self.handed = None
                self.screen.refresh()
        return handler

    def _advantage(self, view: dict, c: dict) -> ft.Control:
        gained = c.get("advantage_votes") or {}
        return panel("Tribal Advantage cards (played face up)", [
            line("Votes gained must be used at this Tribal Council: " + counts(gained) + ".", 20),
            ft.Row([ft.OutlinedButton(f"{p['name']} played a Tribal Advantage card: +1 vote",
                                      on_click=self._act("play_tribal_advantage",
                                                         player=p["name"], votes=1))
                    for p in view["players"] if p["still_in"]], wrap=True)])

    def _final(self, view: dict, vote) -> list[ft.Control]:
        f = view["final"]
        a, b = f["finalists"]
        parts: list[ft.Control] = []
        c = view.get("council")
        if c and view["jury"] and view["jury"][-1] in c["eliminated"]:
            parts += _spoken(c, 24)  # the final began at this Tribal Council
        parts += [big(f"{a} and {b} face the jury", 34),
                  line(f"Jury: {names(f['jury'])} · Final Tribal Council Leader: {f['leader']}",
                       22)]
        if f["step"] == "questions":
            parts.append(line(f"{f['leader']} asks the final two:", 24))
            parts += [big(q, 28) for q in f["questions"]]
            parts += [line("The final two can respond to each other; jurors can ask more "
                           "questions or make their own case. No cards are played, but hands "
                           "may be shown as evidence.", 20),
                      line("When every juror has a finger in the air:", 22),
                      ft.FilledButton("Start the jury vote",
                                      on_click=self._act("start_jury_vote"))]
        elif f["step"] == "jury_vote":
            parts += [big(f'{f["leader"]}: "{f["countdown"]}"', 28, italic=True),
                      line("Each juror votes secretly on their phone for the player who should "
                           "WIN. The votes are revealed all at once in the Voting Box above.",
                           22)]
        elif f["step"] == "tie_break":
            parts += [big(f"The jury is tied: {counts(f['votes'])}.", 30, color=ACCENT),
                      line(f"{f['leader']} breaks the tie on their phone, and need not pick the "
                           "player they voted for. No phone?", 22),
                      ft.FilledButton(f"Pass the device to {f['leader']}",
                                      on_click=self._hand("tie", f["leader"]))]
        return [panel("Final Tribal Council", parts)]

    def _over(self, view: dict, vote) -> list[ft.Control]:
        f = view["final"]
        return [panel("The Sole Survivor", [
            big(f"{view['winner']} is the Sole Survivor!", 40, color=ACCENT),
            line(f"The jury's votes: {counts(f['votes'])}.", 22),
            *([line(f"{f['leader']} broke the tie.", 22)] if f["votes"] and
              len(set(f["votes"].values())) == 1 else [])])]

    def _players(self, view: dict) -> ft.Control:
        rows = []
        for p in view["players"]:
            if p["still_in"]:
                text = (f"{p['name']}: {plural(p['characters'], 'Survivor Character Card')} "
                        f"face up, {plural(p['vote_cards'], 'Vote Card')}")
                if view.get("phase") == "turn" and view.get("turn") == p["name"]:
                    text += " · playing now"
            else:
                text = f"{p['name']}: out, on the jury"
            rows.append(line(text, 22))
        return panel("Tribe", rows)


class PhonePanel:
    """A player's phone: their own cards, secrets and decisions."""

    def __init__(self, screen) -> None:
        self.screen = screen
        self.error = ErrorLine()
        self.body = ft.Column(spacing=10)
        self.root = ft.Column([self.error, self.body], spacing=10)
        self.view: dict = {}
        self.picked: list[str] = []
        self.pick_key: object = None

    def signature(self, view) -> object:
        vote = self.screen.service.vote(self.screen.code)
        me = (view.get("you") or {}).get("name")
        return (repr(view), tuple(self.picked), vote is not None and me in vote.voted)

    def draw(self, view: dict) -> None:
        self.view = view
        self.body.controls = self._build(view)
        return None

    def _redraw(self) -> None:
        self.body.controls = self._build(self.view)
        self.screen.s.page.update()

    def _act(self, move: str, **args):
        def handler(e=None):
            self.screen.attempt(self.error, self.screen.service.act, self.screen.code,
                                self.screen.token, move, args)
        return handler

    def _build(self, view: dict) -> list[ft.Control]:
        you = view.get("you")
        if not you:
            return [line("You are watching this game.")]
        parts: list[ft.Control] = []  # what this player must do comes first
        phase = view.get("phase")
        if phase == "setup":
            parts.append(line("The table is setting up the cards."))
        elif phase == "turn":
            parts += self._turn(view, you)
        elif phase == "tribal_council":
            parts += self._council(view, you)
        elif phase == "final_tribal_council":
            parts += self._final(view, you)
        elif phase == "over":
            parts.append(heading(f"{view['winner']} is the Sole Survivor!", 28))
        if you["still_in"]:
            parts.append(line(f"You have {plural(you['characters'], 'Survivor Character Card')} "
                              f"face up and {plural(you['vote_cards'], 'Vote Card')}.", 18))
        else:
            parts.append(line("You are out of the game: you sit on the jury.", 18,
                              weight=ft.FontWeight.BOLD))
        return parts

    def _turn(self, view: dict, you: dict) -> list[ft.Control]:
        if not you["your_turn"]:
            return [line(f"{view['turn']}'s turn.", 20)]
        reminders = view.get("reminders") or []
        return [heading("Your turn", 26),
                *([line(reminders[0], 20)] if reminders else []),
                *[line(r, 16, italic=True) for r in _limits(view)],
                line("Then tell the companion what you drew:"),
                ft.Button("I drew an Action card", on_click=self._act("draw_action"),
                          width=330),
                ft.Button("I drew a Single Elimination Tribal Council card", width=330,
                          on_click=self._act("draw_tribal_council", kind="single")),
                ft.Button("I drew a Double Elimination Tribal Council card", width=330,
                          on_click=self._act("draw_tribal_council", kind="double"))]

    def _council(self, view: dict, you: dict) -> list[ft.Control]:
        c = view["council"]
        step, leader = c["step"], c["leader"]
        me = you["name"]
        parts: list[ft.Control] = [
            line(f"Tribal Council {c['number']}: {c['kind_name']}", 22,
                 weight=ft.FontWeight.BOLD),
            line("You are the Tribal Council Leader." if you["tribal_council_leader"]
                 else f"Tribal Council Leader: {leader}")]
        if step == "choice" and c.get("choice"):
            parts += self._choice(c, you)
        if step in ("welcome", "discussion") and you["still_in"]:
            gained = (c.get("advantage_votes") or {}).get(me, 0)
            parts += [
                *self._extra_votes(c),
                line(f"Votes you gained from Tribal Advantage cards: {gained}", 18),
                ft.Button("I played a Tribal Advantage card: +1 vote",
                          on_click=self._act("play_tribal_advantage", votes=1))]
        if you["tribal_council_leader"]:
            if step == "welcome":
                parts.append(ft.FilledButton("Begin the discussion",
                                             on_click=self._act("begin_discussion")))
            elif step == "discussion":
                parts.append(ft.FilledButton("Time to vote!", on_click=self._act("start_vote")))
        if step == "vote":
            if not c.get("your_votes"):
                parts.append(line("You have no vote at this Tribal Council.", 18))
            elif self._voted():
                parts.append(line(f"You cast {plural(c['your_votes'], 'vote')} in the Voting "
                                  "Box.", 18))
            else:  # the box is in front of you
                parts += [line(f"Your ballot: {plural(c['your_votes'], 'vote')}.", 18),
                          *self._extra_votes(c)]
        if step == "idols":
            if me in c["idols"]:
                parts.append(line("You played an Immunity Idol: votes for you do not count.", 20,
                                  weight=ft.FontWeight.BOLD))
            elif you["still_in"]:
                parts += [line("Have an Immunity Idol? Play it now, before the box is opened."),
                          ft.FilledButton("I play an Immunity Idol",
                                          on_click=self._act("play_idol"))]
            if you["tribal_council_leader"]:
                parts.append(ft.FilledButton("Open the box and tally the votes",
                                             on_click=self._act("open_box")))
        parts += _box_result(c, 18)
        parts += _spoken(c, 18)
        if step == "spoken":
            if me in c["voted_out"]:
                parts.append(line("Turn over one of your Survivor Character Cards.", 20))
            if you["tribal_council_leader"]:
                parts.append(ft.FilledButton("End Tribal Council",
                                             on_click=self._act("end_tribal_council")))
        return parts

    def _extra_votes(self, c: dict) -> list[ft.Control]:
        """ "If you have Extra Vote Cards, you can use them against the same player, a
        different player, or save them for later." Secret, on this phone only."""
        n = c.get("your_extra_vote_cards", 0)
        return [line(f"Extra Vote cards you use at this Tribal Council (secret): {n}", 18),
                ft.Row([ft.Button("Use one more Extra Vote card",
                                  on_click=self._act("use_extra_votes", count=n + 1)),
                        ft.Button("Use one fewer Extra Vote card",
                                  on_click=self._act("use_extra_votes", count=n - 1))],
                       wrap=True)]

    def _voted(self) -> bool:
        """Has this player cast their ballot? (Who has voted is public; how, never.)"""
        vote = self.screen.service.vote(self.screen.code)
        me = (self.view.get("you") or {}).get("name")
        return vote is not None and me in vote.voted

    def _choice(self, c: dict, you: dict) -> list[ft.Control]:
        choice = c["choice"]
        if not you["must_choose"]:
            return [line(choice["question"], 20, weight=ft.FontWeight.BOLD),
                    line(f"{choice['by']} decides on their phone.")]
        key = repr(choice)
        if key != self.pick_key:
            self.pick_key, self.picked = key, []
        return choice_controls(choice, self.picked, self._pick, self._confirm)

    def _pick(self, player: str):
        def handler(e=None):
            toggle(self.picked, player)
            self._redraw()
        return handler

    def _confirm(self, e=None) -> None:
        self.screen.attempt(self.error, self.screen.service.act, self.screen.code,
                            self.screen.token, "choose", {"players": list(self.picked)})

    def _final(self, view: dict, you: dict) -> list[ft.Control]:
        f = view["final"]
        a, b = f["finalists"]
        me = you["name"]
        parts: list[ft.Control] = [line(f"Final Tribal Council: {a} and {b} face the jury.", 20,
                                        weight=ft.FontWeight.BOLD)]
        if me in f["finalists"]:
            parts.append(line("You are in the final two: make your case to the jury."))
        elif me in f["jury"]:
            parts.append(line("You are on the jury: you vote for the player who should WIN."))
        if f["step"] == "questions":
            parts += [line(q, 16) for q in f["questions"]]
            if you["final_tribal_council_leader"]:
                parts += [line("You lead the Final Tribal Council."),
                          ft.FilledButton("Start the jury vote",
                                          on_click=self._act("start_jury_vote"))]
        if f["step"] == "tie_break":
            parts.append(line(f"The jury is tied: {counts(f['votes'])}.", 20,
                              weight=ft.FontWeight.BOLD))
            if you["must_break_tie"]:
                parts += [heading("You break the tie", 26),
                          line("Choose the winner; you need not pick the player you voted "
                               "for."),
                          *[ft.FilledButton(f"{p} wins", on_click=self._act("break_tie",
                                                                           winner=p), width=320)
                            for p in f["finalists"]]]
            else:
                parts.append(line(f"{f['leader']} breaks the tie."))
        return parts
