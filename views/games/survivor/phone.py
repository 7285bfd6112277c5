"""A player's phone in Survivor: The Tribe Has Spoken: their own cards, secrets and decisions.

What this player must do comes first (a draw to tell, the leader's step, the tie choice, an
Immunity Idol, Extra Vote cards), then what they may want to know, then their own cards drawn
as cards. It speaks to its player in the second person. The buttons are the moves
``legal_moves`` lists for this seat; what the phone shows comes from the seat's view.
"""
from __future__ import annotations

from dataclasses import dataclass

import flet as ft

from companion.language import Items, Speaker

from ..base import Choices, GamePanel, Shown, colours
from ...screen import SubParts
from ...widgets import ACCENT, ErrorLine, heading, line, thumb_style, thumb_wide
from .parts import (
    ADVANTAGE, CHARACTER, FINAL_QUESTIONS, KIND_WORDS, TABLE_LIMITS, VOTE, asked, box_result,
    card_tile, choice_controls, colour_of, counts, mini_card, question, spoken, tie_controls,
    toggled,
)

# Survivor's catalog (rules/survivor/locale/<lang>/LC_MESSAGES/survivor.po), shared with its rules
_ = Speaker("survivor", "rules.survivor")
_n = _.n

LEADER_STEPS = (("begin_discussion", _("Begin the discussion")),
                ("start_vote", _("Time to vote!")),
                ("open_box", _("Open the box and tally the votes")),
                ("end_tribal_council", _("End Tribal Council")))
"""The Tribal Council Leader's steps, on the leader's own phone."""
TURN = _("Your turn: Steal, Play (or don't), then Draw!")


@dataclass(frozen=True)
class Mine(Choices):
    """A player's own choices on their phone."""

    picked: tuple[str, ...] = ()  # the players picked for the leader's choice...
    pick_key: str | None = None  # ...of this choice (a new choice starts with none)
    asking: str | None = None  # a move waiting for "Yes" (hard to undo)
    winner: str | None = None  # the tie-break's pick, waiting for "Yes"


@dataclass(frozen=True)
class Seat(Shown):
    """What a player's phone draws from."""

    voted: bool = False  # this player has cast their ballot (who has voted is public)
    colours: tuple[tuple[str, int], ...] = ()  # each player's colour (Seat.colour)


def picked(choice: dict, mine: Mine) -> tuple[str, ...]:
    """The players picked for this choice (a new choice starts with none)."""
    return mine.picked if mine.pick_key == repr(choice) else ()


class PhonePanel(GamePanel):
    """A player's phone: their own cards, secrets and decisions."""

    def __init__(self, screen) -> None:
        self.screen = screen
        self.error = ErrorLine()
        self.pieces = SubParts()  # the body, redrawn when what it shows changed
        self.body = ft.Column(spacing=10)
        self.root = ft.Column([self.error, self.body], spacing=10)
        self.choices = Mine()

    def inputs(self, view) -> Seat:
        vote = self.screen.service.vote(self.screen.code)
        me = (view.get("you") or {}).get("name")
        return Seat(view, self.offered(), self.choices, vote is not None and me in vote.voted,
                    colours(self.screen))

    def draw(self, shown: Seat) -> list[ft.Control]:
        """The body from what the phone shows (``shown``: its cards, secrets and decisions
        read from the whole value), under the refusal line."""
        self.shown = shown
        self.pieces.draw(self.body, shown, lambda now: self._build(now.view))
        return [self.root]

    def news(self, view: dict) -> tuple[str, ...]:
        """What this player's screen reader hears: their turn, the leader's step or the
        choice that is theirs, their being voted out, the Final's role, the winner."""
        you = view.get("you")
        if not you:
            return ()
        if view.get("winner"):
            return (self.say(_("You win! You are the Sole Survivor!")
                             if view["winner"] == you["name"] else
                             _("{player} is the Sole Survivor!", player=view["winner"])),)
        facts = [] if you["still_in"] else [_("You are out of the game: you sit on the jury.")]
        if view.get("turn") and "draw_action" in self.legal:
            facts.append(TURN)
        c = view.get("council") if view.get("council_open") else None
        if c:
            facts += [_("Your step as Tribal Council Leader: {step}.", step=words)
                      for move, words in LEADER_STEPS if move in self.legal]
            if c.get("choice") and "choose" in self.legal:
                facts.append(_("Your choice: {question}", question=question(c["choice"])))
            if you["name"] in c["voted_out"]:
                facts.append(_("You are voted out: turn over one of your Survivor Character "
                               "Cards."))
        final = view.get("final")
        if final:
            if you["name"] in final["finalists"]:
                facts.append(_("You are in the final two: make your case to the jury."))
            elif you["name"] in final["jury"]:
                facts.append(_("You are on the jury: you vote for the player who should WIN."))
            if "break_tie" in self.legal:
                facts.append(_("The jury is tied: you break the tie."))
        return tuple(self.say(f) for f in facts)

    def _act(self, move: str, **args):
        def handler(e=None):
            self.choose(asking=None)
            self.send(self.error, move, args)
        return handler

    def _chose(self, **choices):
        """A handler that changes this player's own choices and draws them."""
        def handler(e=None):
            self.choose(**choices)
            self.screen.refresh()
        return handler

    def _ask(self, key: str | None):
        return self._chose(asking=key)

    def _confirmed(self, key: str, button, question, yes,
                   move: str, **args) -> list[ft.Control]:
        """A move that is hard to undo: the first tap asks, "Yes" makes it."""
        say = self.say
        if self.shown.choices.asking != key:
            return [thumb_wide(ft.FilledButton(say(button), on_click=self._ask(key),
                                               style=thumb_style()))]
        return [line(say(question), 20, weight=ft.FontWeight.BOLD),
                thumb_wide(ft.FilledButton(say(yes), on_click=self._act(move, **args),
                                           style=thumb_style())),
                thumb_wide(ft.OutlinedButton(say(_("No, go back")), on_click=self._ask(None)))]

    def _build(self, view: dict) -> list[ft.Control]:
        you = view.get("you")
        if not you:
            return [line(self.say(_("You are watching this game.")))]
        if view.get("winner"):
            parts = self._over(view, you)
        elif view.get("final"):
            parts = self._final(view, you)
        elif view.get("council_open"):
            parts = self._council(view, you)
        elif view.get("turn"):
            parts = self._turn(view)
        else:
            parts = [line(self.say(_("The table is setting up the cards.")))]
        return parts + self._your_cards(view, you)

    def _your_cards(self, view: dict, you: dict) -> list[ft.Control]:
        """Your own cards, drawn as cards: Survivor Character Cards and Vote Cards."""
        if not you["still_in"]:
            return [line(self.say(_("You are out of the game: you sit on the jury.")), 18,
                         weight=ft.FontWeight.BOLD)]
        colour = colour_of(dict(self.shown.colours), you["name"])
        cards = [mini_card(CHARACTER, colour, i < you["characters"], 26) for i in range(2)]
        votes = [mini_card(VOTE, ft.Colors.WHITE_70, True, 26)
                 for _ in range(min(you["vote_cards"], 4))]
        return [ft.Row([*cards, ft.Container(width=6), *votes], spacing=4),
                line(self.say(_("You have {cards} face up and {votes}.", cards=_n(
                    "{count} Survivor Character Card", "{count} Survivor Character Cards",
                    "count", count=you["characters"]), votes=_n(
                    "{count} Vote Card", "{count} Vote Cards", "count",
                    count=you["vote_cards"]))), 16)]

    def _turn(self, view: dict) -> list[ft.Control]:
        if "draw_action" not in self.legal:
            return []  # another player's turn: the folded line under your cards says whose
        say = self.say
        return [heading(say(TURN), 24),
                line(say(_("What did you draw?")), 18),
                thumb_wide(ft.FilledButton(say(_("I drew an Action card")), style=thumb_style(),
                                           on_click=self._act("draw_action"))),
                thumb_wide(ft.Button(say(_("I drew a Single Elimination Tribal Council card")),
                                     style=thumb_style(),
                                     on_click=self._act("draw_tribal_council", kind="single"))),
                thumb_wide(ft.Button(say(_("I drew a Double Elimination Tribal Council card")),
                                     style=thumb_style(),
                                     on_click=self._act("draw_tribal_council", kind="double"))),
                *([line(say(TABLE_LIMITS), 14, italic=True)] if view.get("limits") else [])]

    # --- Tribal Council: your move first, then what happened --------------------------------
    def _council(self, view: dict, you: dict) -> list[ft.Control]:
        c = view["council"]
        moves: list[ft.Control] = []
        if c.get("choice"):
            moves += self._choice(c)
        for move, words in LEADER_STEPS:
            if move in self.legal:
                moves.append(thumb_wide(ft.FilledButton(self.say(words), on_click=self._act(move),
                                                        style=thumb_style())))
        if "play_idol" in self.legal:
            moves += self._confirmed(
                "idol", _("I play an Immunity Idol"),
                _("Play your Immunity Idol now? Everyone sees it, and votes for you do not "
                  "count."), _("Yes, play my Immunity Idol"), "play_idol")
        moves += self._extra_votes(c)
        if "play_tribal_advantage" in self.legal:
            moves += self._advantage(c, you)
        say = self.say
        about = [line(say(_("Tribal Council {number}: {kind}", number=c["number"],
                            kind=KIND_WORDS[c["kind"]])), 18, weight=ft.FontWeight.BOLD),
                 line(say(_("You are the Tribal Council Leader.") if you["tribal_council_leader"]
                          else _("Tribal Council Leader: {player}", player=c["leader"])), 16)]
        if c.get("voting"):
            about += self._ballot(c)
        return moves + about + self._after_the_vote(c, you)

    def _ballot(self, c: dict) -> list[ft.Control]:
        """While the box goes round: how many votes this player casts (their secret)."""
        if c.get("your_votes") is None:
            return []
        n, say = c["your_votes"], self.say
        if self.shown.voted:
            return [line(say(_n("You cast {count} vote in the Voting Box.",
                                "You cast {count} votes in the Voting Box.", "count", count=n)
                             if n else _("You passed the box on.")), 16)]
        if not n:
            return [line(say(_("You have no vote to cast: when the box comes to you, pass it "
                               "on, as everyone does.")), 16)]
        return [line(say(_n("Your ballot: {count} vote.", "Your ballot: {count} votes.", "count",
                            count=n)), 16)]

    def _after_the_vote(self, c: dict, you: dict) -> list[ft.Control]:
        """The Immunity Idol played, the box opened, and "The Tribe Has Spoken!"."""
        parts: list[ft.Control] = []
        say = self.say
        if you["name"] in c["voted_out"]:
            parts.append(line(say(_("Turn over one of your Survivor Character Cards.")), 20,
                              weight=ft.FontWeight.BOLD, color=ACCENT))
        if you["name"] in c["idols"]:
            parts.append(line(say(_("You played an Immunity Idol: votes for you do not count.")),
                              18, weight=ft.FontWeight.BOLD))
        elif c["idols"]:
            # the names as a plain list here ("Ana, Ben"), as the phone always said them
            parts.append(line(say(_("Immunity Idols played: {players}",
                                    players=Items(c["idols"]))), 16))
        return parts + box_result(c, 16, say) + spoken(c, 16, say)

    def _extra_votes(self, c: dict) -> list[ft.Control]:
        """ "If you have Extra Vote Cards, you can use them against the same player, a
        different player, or save them for later." Secret, on this phone only."""
        if "use_extra_votes" not in self.legal:
            return []
        n = c.get("your_extra_vote_cards", 0)
        say = self.say
        cards = [card_tile(say(_("Extra Vote")), icon=VOTE, width=48) for _i in range(min(n, 6))]
        return [line(say(_("Extra Vote cards you use at this Tribal Council (secret): {count}",
                           count=n)), 18),
                ft.Row([ft.Button(say(_("Use one more Extra Vote card")), style=thumb_style(),
                                  on_click=self._act("use_extra_votes", count=n + 1)),
                        ft.Button(say(_("Use one fewer Extra Vote card")), style=thumb_style(),
                                  on_click=self._act("use_extra_votes", count=n - 1))],
                       wrap=True),
                *([ft.Row(cards, spacing=6, wrap=True)] if cards else [])]

    def _advantage(self, c: dict, you: dict) -> list[ft.Control]:
        """A Tribal Advantage card played face up: its vote MUST be used at this council."""
        gained = (c.get("advantage_votes") or {}).get(you["name"], 0)
        say = self.say
        cards = [card_tile(say(_("Advantage")), say(_("+1 vote")), icon=ADVANTAGE, width=56)
                 for _i in range(min(gained, 6))]
        return [line(say(_("Votes you gained from Tribal Advantage cards: {count}",
                           count=gained)), 16),
                *self._confirmed("advantage", _("I played a Tribal Advantage card: +1 vote"),
                                 _("You gain 1 vote that MUST be used at this Tribal Council. "
                                   "Record it?"), _("Yes, +1 vote for me"),
                                 "play_tribal_advantage", votes=1),
                *([ft.Row(cards, spacing=6, wrap=True)] if cards else [])]

    def _choice(self, c: dict) -> list[ft.Control]:
        choice = c["choice"]
        if "choose" not in self.legal:
            return [line(self.say(question(choice)), 20, weight=ft.FontWeight.BOLD),
                    line(self.say(_("{player} decides on their phone.", player=choice["by"])))]
        return choice_controls(choice, picked(choice, self.shown.choices), self._pick(choice),
                               self._confirm, self.say,
                               asked(choice) if c.get("your_question") else None)

    def _pick(self, choice: dict):
        def pick(player: str):
            def handler(e=None):
                self.choose(pick_key=repr(choice),
                            picked=toggled(picked(choice, self.choices), player))
                self.screen.refresh()
            return handler
        return pick

    def _confirm(self, e=None) -> None:
        choice = (self.shown.view.get("council") or {}).get("choice") or {}
        self.send(self.error, "choose", {"players": list(picked(choice, self.choices))})

    # --- the Final Tribal Council and the end -------------------------------------------------
    def _final(self, view: dict, you: dict) -> list[ft.Control]:
        f = view["final"]
        a, b = f["finalists"]
        me = you["name"]
        parts: list[ft.Control] = []
        say = self.say
        if "break_tie" in self.legal:
            winner = self.shown.choices.winner
            parts += tie_controls(f["finalists"], [winner] if winner else [],
                                  self._pick_winner,
                                  lambda p: self._act("break_tie", winner=p), say)
        if "start_jury_vote" in self.legal:
            parts += [line(say(_("You lead the Final Tribal Council. When every juror has a "
                                 "finger in the air:")), 18),
                      thumb_wide(ft.FilledButton(say(_("Start the jury vote")),
                                                 style=thumb_style(),
                                                 on_click=self._act("start_jury_vote")))]
        parts.append(line(say(_("Final Tribal Council: {one} and {other} face the jury.",
                                one=a, other=b)), 18, weight=ft.FontWeight.BOLD))
        if me in f["finalists"]:
            parts.append(line(say(_("You are in the final two: make your case to the jury."))))
        elif me in f["jury"]:
            parts.append(line(say(_("You are on the jury: you vote for the player who should "
                                    "WIN."))))
        if f.get("asking") and you.get("final_tribal_council_leader"):
            parts += [line(say(_("Ask the final two:")), 16)] + [
                line(say(FINAL_QUESTIONS.get(q, q)), 16) for q in f["questions"]]
        if f.get("tie"):
            parts.append(line(say(_("The jury is tied: {tally}.", tally=counts(f["votes"]))), 18,
                              weight=ft.FontWeight.BOLD))
            if "break_tie" not in self.legal:
                parts.append(line(say(_("{leader} breaks the tie.", leader=f["leader"]))))
        return parts

    def _pick_winner(self, player: str | None):
        return self._chose(winner=player)

    def _over(self, view: dict, you: dict) -> list[ft.Control]:
        """ "The player with the most votes is declared the Sole Survivor and winner of the
        game!" Said to the winner as "You"."""
        winner = view["winner"]
        if winner == you["name"]:
            return [ft.Row([ft.Icon(ft.Icons.EMOJI_EVENTS, size=48, color=ACCENT),
                            heading(self.say(_("You win!")), 32)]),
                    heading(self.say(_("You are the Sole Survivor!")), 26)]
        return [heading(self.say(_("{player} is the Sole Survivor!", player=winner)), 26)]
