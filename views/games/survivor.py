"""Screens of Survivor: The Tribe Has Spoken.

The cards stay on the table; the table screen says how to set them up, whose turn it is and
every step of each Tribal Council in big type, and records what the cards did. Each phone
holds its player's secrets and decisions: Extra Vote cards (never shown on the table), the
Immunity Idol, the Tribal Council Leader's choices and the Final Tribal Council Leader's
tie-break. The secret votes themselves go through the room's shared ballot box.

Nothing here decides what is allowed: the buttons are the moves ``legal_moves`` lists for
this screen, and every tap is a move the rules accept or refuse with a sentence, shown on the
screen that made it.
"""
from __future__ import annotations

import flet as ft

from companion.ballots import OPEN

from ..ballot import plural
from ..widgets import ACCENT, ErrorLine, heading, line, panel
from .survivor_parts import (
    OptionsForm, big, box_result, choice_controls, counts, names, spoken, toggle,
)
from .survivor_phone import PhonePanel

__all__ = ["PhonePanel", "TablePanel"]


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
        self.legal: tuple[str, ...] = ()
        data = screen.service.game_data(screen.code)
        self.form = OptionsForm(data.get("options", []))
        table = "; ".join(f"{t['players']} players: {t['single']} Single + {t['double']} Double"
                          for t in data.get("tribal_council_cards", []))
        self.setup_form = ft.Column([
            line("Survivor is for 3 to 6 players, each with 2 Survivor Character Cards and "
                 "1 Vote Card."),
            line(f"Tribal Council cards: {table}.", 16),
            *self.form.controls], spacing=6)
        self.body = ft.Column(spacing=12)
        self.root = ft.Column([self.error, self.body], spacing=12)

    def options(self) -> dict:
        return self.form.values()

    # --- drawing ---------------------------------------------------------------------------
    def signature(self, view, vote) -> object:
        self.legal = self.screen.service.legal_moves(self.screen.code, self.screen.host_key)
        return (repr(view), self.legal, vote and (vote.id, vote.status, vote.voted),
                self.taking, self.handed, self.handed_count, tuple(self.picked))

    def draw(self, view: dict, vote) -> None:
        if self.handed:  # the table device is in one player's hands: their screen only
            self.body.controls = [panel("On the table device", self._handed(view))]
            return
        if view.get("winner"):
            parts = self._over(view)
        elif view.get("final"):
            parts = self._final(view)
        elif view.get("council_open"):
            parts = self._council(view, vote)
        elif "start" in self.legal:
            parts = self._setup(view)
        else:
            parts = self._turn(view)
        if "start" not in self.legal:
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

    def _setup(self, view: dict) -> list[ft.Control]:
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

    def _turn(self, view: dict) -> list[ft.Control]:
        turn = view["turn"]
        tc = view["tribal_council_cards"]
        reminders = view.get("reminders") or [f"{turn}'s turn"]
        draws = []
        if "draw_action" in self.legal:
            draws.append(ft.FilledButton(f"{turn} drew an Action card",
                                         on_click=self._act("draw_action")))
        if "draw_tribal_council" in self.legal:
            draws += [ft.FilledButton(f"{turn} drew a {kind.title()} Elimination Tribal Council "
                                      f"card", on_click=self._act("draw_tribal_council",
                                                                  kind=kind))
                      for kind in ("single", "double")]
        return [panel("Turn", [
            big(reminders[0], 34),
            *[line(r, 20, italic=True) for r in view.get("limits", [])],
            line(f"Tribal Council cards left in the Draw Pile: {tc['single_left']} Single, "
                 f"{tc['double_left']} Double Elimination.", 22),
            line(f"What did {turn} draw?", 22),
            ft.Row(draws, wrap=True)]),
            self._card_effects(view)]

    def _card_effects(self, view: dict) -> ft.Control:
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
            if "turn_over" in self.legal:
                buttons.append(ft.OutlinedButton(f"Turn over one of {p}'s characters",
                                                 on_click=self._act("turn_over", player=p)))
            if "take_vote_card" in self.legal:
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
        leader = c["leader"]
        parts: list[ft.Control] = [
            big(f"Tribal Council {c['number']}: {c['kind_name']}", 34),
            line(f"Vote out {'2 different players' if c['voted_out_count'] == 2 else '1 player'}"
                 f" · Tribal Council Leader: {leader}", 22)]
        parts += [big(s, 28, italic=True) for s in view.get("speeches", [])]
        parts += self._before_the_vote(view)
        if "open_eyes" in self.legal:
            parts += self._voting(c, vote)
        if "open_box" in self.legal:
            parts += self._idols(view, c)
        if c.get("reading"):
            parts.append(line(f"{leader} reads the votes, one at a time, in the Voting Box "
                              "above.", 24))
        parts += box_result(c, 24) + spoken(c, 26)
        if "choose" in self.legal and c.get("choice"):
            parts += [big(c["choice"]["question"], 28, color=ACCENT),
                      line(f"{leader} decides on their phone. No phone?", 22),
                      ft.FilledButton(f"Pass the device to {leader}",
                                      on_click=self._hand("choose", leader))]
        if "end_tribal_council" in self.legal:
            if not c["voted_out"]:
                parts.append(big("Nobody was voted out.", 26))
            parts += [line("Return 1 Vote Card to every player still in. Discard the cards used "
                           "at this Tribal Council, the Tribal Council card too.", 20),
                      ft.FilledButton("End Tribal Council", on_click=self._act(
                          "end_tribal_council"))]
        extra = []
        if "play_tribal_advantage" in self.legal:
            extra.append(self._advantage(view, view["council"]))
        if "take_vote_card" in self.legal:
            extra.append(self._card_effects(view))
        return [panel("Tribal Council", parts), *extra]

    def _before_the_vote(self, view: dict) -> list[ft.Control]:
        """The welcome, then the discussion with Extra Vote cards readied in secret."""
        if "begin_discussion" in self.legal:
            return [ft.FilledButton("Begin the discussion",
                                    on_click=self._act("begin_discussion"))]
        if "start_vote" not in self.legal:
            return []
        return [line("Extra Vote cards are set secretly on each player's phone.", 22),
                *self._hand_extra([p["name"] for p in view["players"] if p["still_in"]]),
                ft.FilledButton("Time to vote!", on_click=self._act("start_vote"))]

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
        parts: list[ft.Control] = [line("Immunity Idols played: " + (names(c["idols"]) or
                                                                     "none yet"), 24,
                                        weight=ft.FontWeight.BOLD)]
        if "play_idol" in self.legal:
            parts += [line("A player plays an Idol from their phone; for a player without a "
                           "phone, the table records it:", 18),
                      ft.Row([ft.OutlinedButton(f"{p['name']} plays an Immunity Idol",
                                                on_click=self._act("play_idol", player=p["name"]))
                              for p in view["players"]
                              if p["still_in"] and p["name"] not in c["idols"]], wrap=True)]
        return parts + [ft.FilledButton("Open the box and tally the votes",
                                        on_click=self._act("open_box"))]

    # --- the table device handed to one player ----------------------------------------------
    def _hand_extra(self, players) -> list[ft.Control]:
        if "use_extra_votes" not in self.legal:
            return []
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
            if "use_extra_votes" not in self.legal:
                return [line("The Voting Box has gone round: no Extra Vote card now.", 22), back]
            return self._extra_votes(player) + [back]
        if what == "tie":
            return self._tie_break(view, player) + [back]
        choice = (view.get("council") or {}).get("choice")
        if not choice or "choose" not in self.legal:
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
        if "break_tie" not in self.legal:
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

    def _final(self, view: dict) -> list[ft.Control]:
        f = view["final"]
        a, b = f["finalists"]
        parts: list[ft.Control] = []
        c = view.get("council")
        if c and view["jury"] and view["jury"][-1] in c["eliminated"]:
            parts += spoken(c, 24)  # the final began at this Tribal Council
        parts += [big(f"{a} and {b} face the jury", 34),
                  line(f"Jury: {names(f['jury'])} · Final Tribal Council Leader: {f['leader']}",
                       22)]
        if f.get("asking"):
            parts.append(line(f"{f['leader']} asks the final two:", 24))
            parts += [big(q, 28) for q in f["questions"]]
            parts.append(line("The final two can respond to each other; jurors can ask more "
                              "questions or make their own case. No cards are played, but hands "
                              "may be shown as evidence.", 20))
        if "start_jury_vote" in self.legal:
            parts += [line("When every juror has a finger in the air:", 22),
                      ft.FilledButton("Start the jury vote",
                                      on_click=self._act("start_jury_vote"))]
        if f.get("jury_voting"):
            parts += [big(f'{f["leader"]}: "{f["countdown"]}"', 28, italic=True),
                      line("Each juror votes secretly on their phone for the player who should "
                           "WIN. The votes are revealed all at once in the Voting Box above.",
                           22)]
        if "break_tie" in self.legal:
            parts += [big(f"The jury is tied: {counts(f['votes'])}.", 30, color=ACCENT),
                      line(f"{f['leader']} breaks the tie on their phone, and need not pick the "
                           "player they voted for. No phone?", 22),
                      ft.FilledButton(f"Pass the device to {f['leader']}",
                                      on_click=self._hand("tie", f["leader"]))]
        return [panel("Final Tribal Council", parts)]

    def _over(self, view: dict) -> list[ft.Control]:
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
                if p.get("playing_now"):
                    text += " · playing now"
            else:
                text = f"{p['name']}: out, on the jury"
            rows.append(line(text, 22))
        return panel("Tribe", rows)
