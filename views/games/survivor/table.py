"""Survivor: The Tribe Has Spoken on the table screen: ``TablePanel``. The game's screens are
described in __init__.py; the phone is in phone.py, the parts both share in parts.py.
"""
from __future__ import annotations

from dataclasses import dataclass

import flet as ft

from companion.ballots import OPEN

from ..base import Choices, GamePanel, Shown, colours
from ...ballot import big_button, plural, winners
from ...widgets import ACCENT, ErrorLine, heading, line, panel
from .parts import (
    ADVANTAGE, IDOL, TRIBAL_COUNCIL, big, box_result, card_tile, choice_controls,
    colour_of, counts, name_tag, names, spoken, step_track, tie_controls, toggled, tribe_tile,
)

__all__ = ["TablePanel"]

SINGLE_COLOUR = ft.Colors.ORANGE_300  # the two kinds of Tribal Council card, told apart
DOUBLE_COLOUR = ft.Colors.RED_300


def council_card(kind: str, width: int = 96, *more: str) -> ft.Container:
    """A Tribal Council card: Single or Double Elimination."""
    colour = DOUBLE_COLOUR if kind == "double" else SINGLE_COLOUR
    return card_tile(kind.title(), "Elimination", *more, icon=TRIBAL_COUNCIL, colour=colour,
                     width=width)


def council_cards(single: int, double: int, width: int) -> ft.Control:
    """Tribal Council cards in a row, said once as a count (a reader hears no row of the same
    card): "Tribal Council cards: 3 Single Elimination, 1 Double Elimination"."""
    cards = ([council_card("single", width) for _ in range(single)]
             + [council_card("double", width) for _ in range(double)])
    return ft.Semantics(content=ft.Row(cards, wrap=True, spacing=8), exclude_semantics=True,
                        label=f"Tribal Council cards: {single} Single Elimination, "
                              f"{double} Double Elimination")


@dataclass(frozen=True)
class Table(Choices):
    """The table's own choices."""

    taking: str | None = None  # whose Vote Card a card takes (the table picks who gets it)
    # the table device handed to one player: (what, who, shown) with what "extra" (their
    # secret Extra Vote cards), "choose" (the leader's choice) or "tie" (the final tie)
    handed: tuple[str, str, bool] | None = None
    handed_count: int | None = None  # Extra Vote cards set while handed (secret)
    picked: tuple[str, ...] = ()


@dataclass(frozen=True)
class Tribe(Shown):
    """What the table's panel draws from."""

    box: tuple | None = None  # the ballot box's vote: (key, status, who voted)
    colours: tuple[tuple[str, int], ...] = ()  # each player's colour (Seat.colour)


class TablePanel(GamePanel):
    """The table screen: the tribe, setup, turns, each Tribal Council as a show, the Final
    Tribal Council; the next steps go to the action bar (``actions``)."""

    def __init__(self, screen) -> None:
        self.screen = screen
        self.error = ErrorLine()
        self.choices = Table()
        self.body = ft.Column(spacing=12)
        self.root = ft.Column([self.error, self.body], spacing=12)

    def setup_intro(self) -> list[ft.Control]:
        table = "; ".join(f"{t['players']} players: {t['single']} Single + {t['double']} Double"
                          for t in self.game_data().get("tribal_council_cards", []))
        return [line("Survivor is for 3 to 6 players, each with 2 Survivor Character Cards and "
                     "1 Vote Card."),
                line(f"Tribal Council cards: {table}.", 16)]

    # --- drawing ---------------------------------------------------------------------------
    def inputs(self, view, vote=None) -> Tribe:
        return Tribe(view, self.offered(), self.choices,
                     vote and (vote.key, vote.status, vote.voted), colours(self.screen))

    def draw(self, shown: Tribe) -> None:
        self.shown, view = shown, shown.view
        if shown.choices.handed:  # the table device is in one player's hands: theirs only
            self.body.controls = [panel("On the table device", self._handed(view))]
            return
        parts: list[ft.Control] = [self._tribe(view)]
        if view.get("winner"):
            parts += self._over(view)
        elif view.get("final"):
            parts += self._final(view)
        elif view.get("council_open"):
            parts += self._council(view, shown.box)
        elif "start" in self.legal:
            parts += self._setup(view)
        else:
            parts += self._turn(view)
        self.body.controls = parts

    def colour(self, name: str) -> str:
        return colour_of(dict(self.shown.colours), name)

    def _act(self, move: str, **args):
        def handler(e=None):
            self.choose(taking=None)
            self._send(move, args)
        return handler

    def vote_headline(self, view: dict, vote) -> tuple[str, list[str]] | None:
        """"Votes for a player who played an Immunity Idol do not count": the result line
        says who has the most votes that count."""
        idols = set((view.get("council") or {}).get("idols") or ())
        if not idols:
            return None
        counts = {c: n for c, n in vote.final_tally().items() if c not in idols}
        top = winners(counts)
        return (("Most votes that count: " + " and ".join(top)) if top
                else "No vote counts: every vote was for an Idol", top)

    def _send(self, move: str, args: dict) -> object:
        return self.send(self.error, move, args)

    # --- the action bar: the table's next steps --------------------------------------------
    def actions(self, shown: Tribe) -> list[ft.Control]:
        """The table's next steps in the fixed action bar: only moves the rules offer now."""
        if shown.choices.handed:  # the device is in a player's hands: no step under a thumb
            return []
        view, legal, steps = shown.view, shown.legal, []
        if "start" in legal:
            steps += [big_button(f"{p['name']} goes first", self._act(
                "start", first_player=p["name"])) for p in view["players"]]
        turn = view.get("turn")
        if "draw_action" in legal:
            steps.append(big_button(f"{turn} drew an Action card", self._act("draw_action")))
        if "draw_tribal_council" in legal:
            steps += [big_button(f"{turn} drew a {kind.title()} Tribal Council card",
                                 self._act("draw_tribal_council", kind=kind), outlined=True)
                      for kind in ("single", "double")]
        for move, words in (("begin_discussion", "Begin the discussion"),
                            ("start_vote", "Time to vote!"),
                            ("open_box", "Open the box and tally the votes"),
                            ("end_tribal_council", "End Tribal Council"),
                            ("start_jury_vote", "Start the jury vote")):
            if move in legal:
                steps.append(big_button(words, self._act(move)))
        return steps + self._eyes(shown) + self._handing(shown)

    def _eyes(self, shown: Tribe) -> list[ft.Control]:
        """ "Everyone must vote": the eyes open only once every vote is in the box."""
        if "open_eyes" not in shown.legal or shown.box is None or shown.box[1] == OPEN:
            return []
        key, _, voted = shown.box
        if any(v not in voted for v in shown.view["council"]["voters"]):
            return []
        return [big_button("Everyone, open your eyes", self._act(
            "open_eyes", key=key, voted=sorted(voted)))]

    def _handing(self, shown: Tribe) -> list[ft.Control]:
        """A decision for a player without a phone: the table device goes to them."""
        view = shown.view
        choice = (view.get("council") or {}).get("choice")
        if "choose" in shown.legal and choice:
            return [big_button(f"Pass the device to {choice['by']}",
                               self._hand("choose", choice["by"]), outlined=True)]
        if "break_tie" in shown.legal:
            leader = view["final"]["leader"]
            return [big_button(f"Pass the device to {leader}", self._hand("tie", leader),
                               outlined=True)]
        return []

    # --- the tribe, always in view ---------------------------------------------------------
    def _tribe(self, view: dict) -> ft.Control:
        """Every player as a tile: still in (cards face up), on the jury, or out."""
        tiles = [tribe_tile(p, self.colour(p["name"]), self._role(view, p))
                 for p in view["players"]]
        return ft.Row(tiles, wrap=True, spacing=10, run_spacing=10)

    def _role(self, view: dict, p: dict) -> str:
        name, c, f = p["name"], view.get("council"), view.get("final")
        if view.get("winner") == name:
            return "Winner"
        if f and name in f["finalists"]:
            return "Final two"
        if f and name == f["leader"]:
            return "Jury: leads"
        if not p["still_in"]:
            return "On the jury"
        if view.get("council_open") and c:
            if name in c["idols"]:
                return "Played an Idol"
            return "Leader" if name == c["leader"] else ""
        return "Playing now" if p.get("playing_now") else ""

    # --- setup and turns -------------------------------------------------------------------
    def _setup(self, view: dict) -> list[ft.Control]:
        tc = view["tribal_council_cards"]
        seeding = view["seeding"]
        steps = [line(f"{i + 1}. {n} Action cards, then a Tribal Council card"
                      + (" (at the very bottom)" if i == len(seeding) - 1 else ""), 22)
                 for i, n in enumerate(seeding)]
        return [panel("Set up the cards", [
            big(f"Use {tc['single']} Single and {tc['double']} Double Elimination Tribal "
                f"Council cards"),
            council_cards(tc["single"], tc["double"], 96),
            line("The Draw Pile, from the top:", 22, weight=ft.FontWeight.BOLD),
            *steps,
            line("Who goes first? Tap their name below.", 22)])]

    def _turn(self, view: dict) -> list[ft.Control]:
        tc = view["tribal_council_cards"]
        left = tc["single_left"] + tc["double_left"]
        pile = (council_cards(tc["single_left"], tc["double_left"], 80) if left
                else line("No Tribal Council card is left in the Draw Pile.", 22))
        return [panel("Draw Pile: Tribal Council cards still in it", [
                    pile,
                    line(f"What did {view['turn']} draw? Tell the companion below, or on "
                         f"{view['turn']}'s phone.", 22)]),
                self._card_effects(view)]

    def _card_effects(self, view: dict) -> ft.Control:
        """What an Action or Tribal Advantage card did, recorded by the table."""
        still_in = [p["name"] for p in view["players"] if p["still_in"]]
        rows: list[ft.Control] = []
        taking = self.shown.choices.taking
        if taking:
            rows += [line(f"Who gets {taking}'s Vote Card?", 22),
                     ft.Row([*[ft.Button(f"Give it to {q}", on_click=self._act(
                                 "take_vote_card", player=taking, to=q))
                               for q in still_in if q != taking],
                             ft.Button("Nobody: it is discarded", on_click=self._act(
                                 "take_vote_card", player=taking)),
                             ft.TextButton("Cancel", on_click=self._take(None))], wrap=True)]
        for p in still_in:
            buttons: list[ft.Control] = [name_tag(p, self.colour(p), 18)]
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
            self.choose(taking=player)
            self.screen.refresh()
        return handler

    # --- Tribal Council: a show ------------------------------------------------------------
    def _council(self, view: dict, vote) -> list[ft.Control]:
        c = view["council"]
        leader = c["leader"]
        card = council_card(c["kind"], 150, f"Tribal Council {c['number']}")
        out = "2 different players" if c["voted_out_count"] == 2 else "1 player"
        show: list[ft.Control] = [
            name_tag(leader, self.colour(leader), 26,
                     words=f"Tribal Council Leader: {leader}"),
            line(f"Tribal Council {c['number']}: {c['kind_name']} - vote out {out}", 22),
            step_track(c.get("steps", []))]
        show += spoken(c, 28, self.colour)  # the result first, biggest
        if "end_tribal_council" in self.legal and not c["voted_out"]:
            show.append(big("Nobody was voted out.", 28))
        show += self._before_the_vote(view, c)
        if c.get("voting"):
            show += self._voting(c, vote)
        show += self._deciding(c) + box_result(c, 26)
        if c["idols"] or "play_idol" in self.legal:
            show += self._idols(view, c)
        parts: list[ft.Control] = [panel("Tribal Council", [ft.Row(
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
            parts.append(ft.Row([card_tile("Tribal Advantage", p, f"+{plural(n, 'vote')}",
                                           icon=ADVANTAGE, colour=self.colour(p), width=110)
                                 for p, n in gained.items()], wrap=True, spacing=8))
        if "start_vote" in self.legal:
            parts += [line("Extra Vote cards are set secretly on each player's phone.", 22),
                      *self._hand_extra([p["name"] for p in view["players"] if p["still_in"]])]
        return parts

    def _voting(self, c: dict, box: tuple | None) -> list[ft.Control]:
        """ "Everyone must vote": the box is not read short; missing voters vote on this device."""
        parts: list[ft.Control] = [
            line(f"Voting: {names(c['voters'])}. Everyone votes secretly in the Voting Box, "
                 "on their phone or pass-and-play.", 22),
            line("Everyone must vote: the box is read only once every vote is in.", 22,
                 weight=ft.FontWeight.BOLD)]
        if box is None:
            return parts
        waiting = [v for v in c["voters"] if v not in box[2]]
        if box[1] == OPEN:
            parts += [line(f"Still to vote: {names(waiting)}. No phone? Extra Vote cards first "
                           "(below), then pass-and-play (the button at the bottom).", 20),
                      *self._hand_extra(waiting)]
        elif waiting:
            parts.append(line(f"The box was closed before {names(waiting)} voted. Everyone must "
                              "vote: undo the last move and vote again.", 22, color=ACCENT))
        return parts

    def _idols(self, view: dict, c: dict) -> list[ft.Control]:
        parts: list[ft.Control] = [line("Immunity Idols played: " + (names(c["idols"]) or
                                                                     "none yet"), 26,
                                        weight=ft.FontWeight.BOLD)]
        if c["idols"]:
            parts.append(ft.Row([card_tile("Immunity Idol", p, icon=IDOL, colour=self.colour(p))
                                 for p in c["idols"]], wrap=True, spacing=8))
        if "play_idol" in self.legal:
            parts += [line("A player plays an Idol from their phone; for a player without a "
                           "phone, the table records it:", 18),
                      ft.Row([ft.OutlinedButton(f"{p['name']} plays an Immunity Idol",
                                                on_click=self._act("play_idol", player=p["name"]))
                              for p in view["players"]
                              if p["still_in"] and p["name"] not in c["idols"]], wrap=True)]
        return parts

    def _deciding(self, c: dict) -> list[ft.Control]:
        """The leader's choice: the players to choose from, big; the question is the phase."""
        choice = c.get("choice")
        if not choice or "choose" not in self.legal:
            return []
        return [line(f"{choice['by']} chooses {plural(choice['picks'], 'player')} from:", 24),
                ft.Row([name_tag(p, self.colour(p), 30) for p in choice["pick_from"]],
                       wrap=True, spacing=18),
                line(f"{choice['by']} decides on their phone. No phone? Pass the device "
                     f"(the button at the bottom).", 20)]

    def _advantage(self, view: dict, c: dict) -> ft.Control:
        gained = c.get("advantage_votes") or {}
        return panel("Tribal Advantage cards (played face up)", [
            line("Votes gained must be used at this Tribal Council: " + counts(gained) + ".", 20),
            ft.Row([ft.OutlinedButton(f"{p['name']} played a Tribal Advantage card: +1 vote",
                                      on_click=self._act("play_tribal_advantage",
                                                         player=p["name"], votes=1))
                    for p in view["players"] if p["still_in"]], wrap=True)])

    # --- the table device handed to one player ----------------------------------------------
    def _hand_extra(self, players) -> list[ft.Control]:
        if "use_extra_votes" not in self.legal:
            return []
        return [ft.Row([ft.OutlinedButton(f"Pass the device to {p} for Extra Vote cards",
                                          on_click=self._hand("extra", p)) for p in players],
                       wrap=True)]

    def _hand(self, what: str, player: str | None, shown: bool = False):
        def handler(e=None):
            self.choose(handed=(what, player, shown) if player else None, handed_count=None,
                        picked=())
            self.error.show(None)
            self.screen.refresh()
        return handler

    def _handed(self, view: dict) -> list[ft.Control]:
        """A hand-over screen first (nothing secret on it), then that player's own screen."""
        what, player, shown = self.shown.choices.handed
        back = ft.TextButton("Done: hide my screen" if shown else "Cancel",
                             on_click=self._hand(what, None))
        if not shown:
            return [big(f"Pass the device to {player}", 34),
                    line(f"{player}: tap below when only you can see the screen.", 22),
                    ft.FilledButton(f"I am {player}: show my screen", height=52,
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
        return choice_controls(choice, self.shown.choices.picked, self._pick,
                               self._confirm) + [back]

    def _extra_votes(self, player: str) -> list[ft.Control]:
        """ "If you have Extra Vote Cards, you can use them against the same player, a
        different player, or save them for later." Secret: shown only while handed."""
        count = self.shown.choices.handed_count
        counted = "" if count is None else f"Set: you play {plural(count, 'Extra Vote card')}."
        return [heading(f"{player}: your Extra Vote cards (secret)", 26),
                line("How many do you play in the Voting Box at this Tribal Council? Keep the "
                     "others for later.", 20),
                ft.Row([ft.Button(f"Play {n}", on_click=self._set_extra(player, n))
                        for n in range(4)], wrap=True),
                line(counted, 22, weight=ft.FontWeight.BOLD)]

    def _set_extra(self, player: str, count: int):
        def handler(e=None):
            if self._send("use_extra_votes", {"player": player, "count": count}):
                self.choose(handed_count=count)
                self.screen.refresh()
        return handler

    def _pick(self, player: str):
        def handler(e=None):
            self.choose(picked=toggled(self.choices.picked, player))
            self.screen.refresh()
        return handler

    def _confirm(self, e=None) -> None:
        if self._send("choose", {"players": list(self.choices.picked),
                                 "by": self.choices.handed[1]}):
            self.choose(handed=None, picked=())
            self.screen.refresh()

    def _tie_break(self, view: dict, leader: str) -> list[ft.Control]:
        """The winner is named once, after a confirm: it ends the game."""
        f = view.get("final") or {}
        if "break_tie" not in self.legal:
            return [line("There is no tie to break now.", 22)]
        return tie_controls(f["finalists"], self.shown.choices.picked[:1], self._pick_winner,
                            lambda p: self._win(p, leader))

    def _pick_winner(self, player: str | None):
        def handler(e=None):
            self.choose(picked=(player,) if player else ())
            self.screen.refresh()
        return handler

    def _win(self, winner: str, leader: str):
        def handler(e=None):
            if self._send("break_tie", {"winner": winner, "by": leader}):
                self.choose(handed=None, picked=())
                self.screen.refresh()
        return handler

    # --- the Final Tribal Council and the Sole Survivor --------------------------------------
    def _final(self, view: dict) -> list[ft.Control]:
        f = view["final"]
        a, b = f["finalists"]
        parts: list[ft.Control] = []
        c = view.get("council")
        if c and view["jury"] and view["jury"][-1] in c["eliminated"]:
            parts += spoken(c, 26, self.colour)  # the final began at this Tribal Council
        parts += [big(f"{a} and {b} face the jury", 34),
                  ft.Row([name_tag(a, self.colour(a), 40), line("vs", 28),
                          name_tag(b, self.colour(b), 40)], spacing=24, wrap=True),
                  line(f"Jury: {names(f['jury'])} · Final Tribal Council Leader: {f['leader']}",
                       24)]
        if "start_jury_vote" in self.legal:
            parts.append(line("When every juror has a finger in the air, start the jury vote "
                              "(the button at the bottom).", 22))
        if f.get("jury_voting"):
            parts.append(line("Each juror votes secretly on their phone for the player who "
                              "should WIN; the votes are revealed all at once.", 22))
        if "break_tie" in self.legal:
            parts += [big(f"The jury is tied: {counts(f['votes'])}.", 32, color=ACCENT),
                      line(f"{f['leader']} breaks the tie on their phone, and need not pick the "
                           "player they voted for. No phone? Pass the device (the button at "
                           "the bottom).", 22)]
        return [panel("Final Tribal Council", parts)]

    def _over(self, view: dict) -> list[ft.Control]:
        f, winner = view["final"], view["winner"]
        return [ft.Container(ft.Column([
            ft.Row([ft.Icon(ft.Icons.EMOJI_EVENTS, size=64, color=self.colour(winner)),
                    line("The Sole Survivor:", 32),
                    name_tag(winner, self.colour(winner), 56)], wrap=True),
            line(f"The jury's votes: {counts(f['votes'])}.", 24),
            *([line(f"{f['leader']} broke the tie.", 24)] if f["votes"] and
              len(set(f["votes"].values())) == 1 else [])], spacing=10, tight=True),
            padding=20, border_radius=16, border=ft.Border.all(4, self.colour(winner)))]
