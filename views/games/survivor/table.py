"""Survivor: The Tribe Has Spoken on the table screen: ``TablePanel``. The game's screens are
described in __init__.py; the phone is in phone.py, the parts both share in parts.py.
"""
from __future__ import annotations

from dataclasses import dataclass

import flet as ft

from companion.ballots import OPEN

from ..base import Choices, GamePanel, Shown, colours
from companion.language import Speaker

from ...ballot import big_button, winners
from ...widgets import ACCENT, ErrorLine, heading, line, panel
from .parts import (
    ADVANTAGE, IDOL, KIND_WORDS, TRIBAL_COUNCIL, big, box_result, card_tile, choice_controls,
    colour_of, counts, name_tag, names, spoken, step_track, tie_controls, toggled, tribe_tile,
)

# Survivor's catalog (rules/survivor/locale/<lang>/LC_MESSAGES/survivor.po), shared with its rules
_ = Speaker("survivor", "rules.survivor")
_n = _.n

__all__ = ["TablePanel"]

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


# the Tribal Council Leader's steps (and the Final's), in the table's action bar
TABLE_STEPS = (("begin_discussion", _("Begin the discussion")), ("start_vote", _("Time to vote!")),
               ("open_box", _("Open the box and tally the votes")),
               ("end_tribal_council", _("End Tribal Council")),
               ("start_jury_vote", _("Start the jury vote")))


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
        say = self.say
        table = "; ".join(say(_("{players} players: {single} Single + {double} Double",
                                players=t["players"], single=t["single"], double=t["double"]))
                          for t in self.game_data().get("tribal_council_cards", []))
        return [line(say(_("Survivor is for 3 to 6 players, each with 2 Survivor Character "
                           "Cards and 1 Vote Card."))),
                line(say(_("Tribal Council cards: {table}.", table=table)), 16)]

    # --- drawing ---------------------------------------------------------------------------
    def inputs(self, view, vote=None) -> Tribe:
        return Tribe(view, self.offered(), self.choices,
                     vote and (vote.key, vote.status, vote.voted), colours(self.screen))

    def draw(self, shown: Tribe) -> None:
        self.shown, view = shown, shown.view
        if shown.choices.handed:  # the table device is in one player's hands: theirs only
            self.body.controls = [panel(self.say(_("On the table device")),
                                        self._handed(view))]
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
        return (self.say(_("Most votes that count: {players}", players=tuple(top)) if top
                         else _("No vote counts: every vote was for an Idol")), top)

    def _send(self, move: str, args: dict) -> object:
        return self.send(self.error, move, args)

    # --- the action bar: the table's next steps --------------------------------------------
    def actions(self, shown: Tribe) -> list[ft.Control]:
        """The table's next steps in the fixed action bar: only moves the rules offer now."""
        if shown.choices.handed:  # the device is in a player's hands: no step under a thumb
            return []
        view, legal, steps, say = shown.view, shown.legal, [], self.say
        if "start" in legal:
            steps += [big_button(say(_("{player} goes first", player=p["name"])), self._act(
                "start", first_player=p["name"])) for p in view["players"]]
        turn = view.get("turn")
        if "draw_action" in legal:
            steps.append(big_button(say(_("{player} drew an Action card", player=turn)),
                                    self._act("draw_action")))
        if "draw_tribal_council" in legal:
            drew = {"single": _("{player} drew a Single Tribal Council card", player=turn),
                    "double": _("{player} drew a Double Tribal Council card", player=turn)}
            steps += [big_button(say(drew[kind]),
                                 self._act("draw_tribal_council", kind=kind), outlined=True)
                      for kind in ("single", "double")]
        for move, words in TABLE_STEPS:
            if move in legal:
                steps.append(big_button(say(words), self._act(move)))
        return steps + self._eyes(shown) + self._handing(shown)

    def _eyes(self, shown: Tribe) -> list[ft.Control]:
        """ "Everyone must vote": the eyes open only once every vote is in the box."""
        if "open_eyes" not in shown.legal or shown.box is None or shown.box[1] == OPEN:
            return []
        key, _status, voted = shown.box
        if any(v not in voted for v in shown.view["council"]["voters"]):
            return []
        return [big_button(self.say(_("Everyone, open your eyes")), self._act(
            "open_eyes", key=key, voted=sorted(voted)))]

    def _handing(self, shown: Tribe) -> list[ft.Control]:
        """A decision for a player without a phone: the table device goes to them."""
        view = shown.view
        choice = (view.get("council") or {}).get("choice")
        if "choose" in shown.legal and choice:
            return [big_button(self.say(_("Pass the device to {player}", player=choice["by"])),
                               self._hand("choose", choice["by"]), outlined=True)]
        if "break_tie" in shown.legal:
            leader = view["final"]["leader"]
            return [big_button(self.say(_("Pass the device to {player}", player=leader)),
                               self._hand("tie", leader), outlined=True)]
        return []

    # --- the tribe, always in view ---------------------------------------------------------
    def _tribe(self, view: dict) -> ft.Control:
        """Every player as a tile: still in (cards face up), on the jury, or out."""
        tiles = [tribe_tile(p, self.colour(p["name"]), self.say(self._role(view, p)), self.say)
                 for p in view["players"]]
        return ft.Row(tiles, wrap=True, spacing=10, run_spacing=10)

    def _role(self, view: dict, p: dict):
        name, c, f = p["name"], view.get("council"), view.get("final")
        if view.get("winner") == name:
            return _("Winner")
        if f and name in f["finalists"]:
            return _("Final two")
        if f and name == f["leader"]:
            return _("Jury: leads")
        if not p["still_in"]:
            return _("On the jury")
        if view.get("council_open") and c:
            if name in c["idols"]:
                return _("Played an Idol")
            return _("Leader") if name == c["leader"] else ""
        return _("Playing now") if p.get("playing_now") else ""

    # --- setup and turns -------------------------------------------------------------------
    def _setup(self, view: dict) -> list[ft.Control]:
        tc, say = view["tribal_council_cards"], self.say
        seeding = view["seeding"]
        steps = [line(say(_("{pile}. {count} Action cards, then a Tribal Council card (at the "
                            "very bottom)", pile=i + 1, count=n) if i == len(seeding) - 1 else
                          _("{pile}. {count} Action cards, then a Tribal Council card",
                            pile=i + 1, count=n)), 22)
                 for i, n in enumerate(seeding)]
        return [panel(say(_("Set up the cards")), [
            big(say(_("Use {single} Single and {double} Double Elimination Tribal Council cards",
                      single=tc["single"], double=tc["double"]))),
            council_cards(tc["single"], tc["double"], 96, say),
            line(say(_("The Draw Pile, from the top:")), 22, weight=ft.FontWeight.BOLD),
            *steps,
            line(say(_("Who goes first? Tap their name below.")), 22)])]

    def _turn(self, view: dict) -> list[ft.Control]:
        tc, say = view["tribal_council_cards"], self.say
        left = tc["single_left"] + tc["double_left"]
        pile = (council_cards(tc["single_left"], tc["double_left"], 80, say) if left
                else line(say(_("No Tribal Council card is left in the Draw Pile.")), 22))
        return [panel(say(_("Draw Pile: Tribal Council cards still in it")), [
                    pile,
                    line(say(_("What did {player} draw? Tell the companion below, or on "
                               "{player}'s phone.", player=view["turn"])), 22)]),
                self._card_effects(view)]

    def _card_effects(self, view: dict) -> ft.Control:
        """What an Action or Tribal Advantage card did, recorded by the table."""
        still_in = [p["name"] for p in view["players"] if p["still_in"]]
        rows: list[ft.Control] = []
        taking, say = self.shown.choices.taking, self.say
        if taking:
            rows += [line(say(_("Who gets {player}'s Vote Card?", player=taking)), 22),
                     ft.Row([*[ft.Button(say(_("Give it to {player}", player=q)),
                                         on_click=self._act("take_vote_card", player=taking,
                                                            to=q))
                               for q in still_in if q != taking],
                             ft.Button(say(_("Nobody: it is discarded")), on_click=self._act(
                                 "take_vote_card", player=taking)),
                             ft.TextButton(say(_("Cancel")), on_click=self._take(None))],
                            wrap=True)]
        for p in still_in:
            buttons: list[ft.Control] = [name_tag(p, self.colour(p), 18)]
            if "turn_over" in self.legal:
                buttons.append(ft.OutlinedButton(
                    say(_("Turn over one of {player}'s characters", player=p)),
                    on_click=self._act("turn_over", player=p)))
            if "take_vote_card" in self.legal:
                buttons.append(ft.OutlinedButton(say(_("A card takes {player}'s Vote Card",
                                                       player=p)), on_click=self._take(p)))
            rows.append(ft.Row(buttons, wrap=True))
        return panel(say(_("Card effects (record what a card did)")), rows)

    def _take(self, player: str | None):
        def handler(e=None):
            self.choose(taking=player)
            self.screen.refresh()
        return handler

    # --- Tribal Council: a show ------------------------------------------------------------
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

    # --- the table device handed to one player ----------------------------------------------
    def _hand_extra(self, players) -> list[ft.Control]:
        if "use_extra_votes" not in self.legal:
            return []
        return [ft.Row([ft.OutlinedButton(self.say(_("Pass the device to {player} for Extra "
                                                     "Vote cards", player=p)),
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
        say = self.say
        back = ft.TextButton(say(_("Done: hide my screen") if shown else _("Cancel")),
                             on_click=self._hand(what, None))
        if not shown:
            return [big(say(_("Pass the device to {player}", player=player)), 34),
                    line(say(_("{player}: tap below when only you can see the screen.",
                               player=player)), 22),
                    ft.FilledButton(say(_("I am {player}: show my screen", player=player)),
                                    height=52, on_click=self._hand(what, player, True)), back]
        if what == "extra":
            if "use_extra_votes" not in self.legal:
                return [line(say(_("The Voting Box has gone round: no Extra Vote card now.")),
                             22), back]
            return self._extra_votes(player) + [back]
        if what == "tie":
            return self._tie_break(view, player) + [back]
        choice = (view.get("council") or {}).get("choice")
        if not choice or "choose" not in self.legal:
            return [line(say(_("There is nothing to decide now.")), 22), back]
        return choice_controls(choice, self.shown.choices.picked, self._pick,
                               self._confirm, say) + [back]

    def _extra_votes(self, player: str) -> list[ft.Control]:
        """ "If you have Extra Vote Cards, you can use them against the same player, a
        different player, or save them for later." Secret: shown only while handed."""
        count, say = self.shown.choices.handed_count, self.say
        counted = "" if count is None else say(_n(
            "Set: you play {count} Extra Vote card.", "Set: you play {count} Extra Vote cards.",
            "count", count=count))
        return [heading(say(_("{player}: your Extra Vote cards (secret)", player=player)), 26),
                line(say(_("How many do you play in the Voting Box at this Tribal Council? Keep "
                           "the others for later.")), 20),
                ft.Row([ft.Button(say(_("Play {count}", count=n)),
                                  on_click=self._set_extra(player, n))
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
            return [line(self.say(_("There is no tie to break now.")), 22)]
        return tie_controls(f["finalists"], self.shown.choices.picked[:1], self._pick_winner,
                            lambda p: self._win(p, leader), self.say)

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
        f, say = view["final"], self.say
        a, b = f["finalists"]
        parts: list[ft.Control] = []
        c = view.get("council")
        if c and view["jury"] and view["jury"][-1] in c["eliminated"]:
            parts += spoken(c, 26, say, self.colour)  # the final began at this Tribal Council
        parts += [big(say(_("{one} and {other} face the jury", one=a, other=b)), 34),
                  ft.Row([name_tag(a, self.colour(a), 40), line(say(_("vs")), 28),
                          name_tag(b, self.colour(b), 40)], spacing=24, wrap=True),
                  line(say(_("Jury: {jury} · Final Tribal Council Leader: {leader}",
                             jury=names(f["jury"]), leader=f["leader"])), 24)]
        if "start_jury_vote" in self.legal:
            parts.append(line(say(_("When every juror has a finger in the air, start the jury "
                                    "vote (the button at the bottom).")), 22))
        if f.get("jury_voting"):
            parts.append(line(say(_("Each juror votes secretly on their phone for the player "
                                    "who should WIN; the votes are revealed all at once.")), 22))
        if "break_tie" in self.legal:
            parts += [big(say(_("The jury is tied: {tally}.", tally=counts(f["votes"]))), 32,
                          color=ACCENT),
                      line(say(_("{leader} breaks the tie on their phone, and need not pick the "
                                 "player they voted for. No phone? Pass the device (the button "
                                 "at the bottom).", leader=f["leader"])), 22)]
        return [panel(say(_("Final Tribal Council")), parts)]

    def _over(self, view: dict) -> list[ft.Control]:
        f, winner = view["final"], view["winner"]
        return [ft.Container(ft.Column([
            ft.Row([ft.Icon(ft.Icons.EMOJI_EVENTS, size=64, color=self.colour(winner)),
                    line(self.say(_("The Sole Survivor:")), 32),
                    name_tag(winner, self.colour(winner), 56)], wrap=True),
            line(self.say(_("The jury's votes: {tally}.", tally=counts(f["votes"]))), 24),
            *([line(self.say(_("{leader} broke the tie.", leader=f["leader"])), 24)]
              if f["votes"] and
              len(set(f["votes"].values())) == 1 else [])], spacing=10, tight=True),
            padding=20, border_radius=16, border=ft.Border.all(4, self.colour(winner)))]
