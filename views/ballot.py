"""The secret ballot on screen: the form a voter fills, and the table's view of the vote.

The form is the same for a phone and for pass-and-play; only where the ballot goes differs.
The table's panel shows who has voted and, after the close, the ballots one at a time —
never what anyone chose.
"""
from __future__ import annotations

import asyncio
from dataclasses import dataclass, replace
from typing import Callable

import flet as ft

from companion.ballots import CLOSED, OPEN, REVEALED, Vote, allotment
from companion.language import (COMPANION, HOME, Items, Message, Speaker, own_direction,
                                words)

from .screen import first_button
from .widgets import (ACCENT, ErrorLine, heading, line, panel, player_colour, thumb_style,
                      thumb_wide)


# the companion's catalog (companion/locale): the ballot is every game's
_ = Speaker(COMPANION, HOME)
_n = _.n
ENGLISH = words("en")  # what a caller that passes no screen's words gets: the source's
# the default ballot's words (rules.Ballot()): said as the companion's messages
VOTE_WORDS = ("Vote for", "vote", "votes")


def default_ballot(ballot) -> bool:
    return ballot is None or (ballot.choose, ballot.one, ballot.many) == VOTE_WORDS


def vote_count(n: int, ballot=None):
    """ "2 votes" as a message; a game's own ballot words ("2 cards") as the game gives them
    (a string: said as it is)."""
    if default_ballot(ballot):
        return _n("{n} vote", "{n} votes", "n", n=n)
    return ballot.count(n)


def said_fault(err, say) -> str:
    """A refusal in the screen's language (a message, or a sentence of its own)."""
    return say(err.args[0]) if len(err.args) == 1 else str(err)


def big_button(text: str, on_click, outlined: bool = False) -> ft.Control:
    """A table button: 48 px or more, to hit from across the table."""
    kind = ft.OutlinedButton if outlined else ft.FilledButton
    return kind(text, on_click=on_click, height=52,
                style=ft.ButtonStyle(text_style=ft.TextStyle(size=20)))


def ballot_card(n: int, choice: str, colour: str, size: int = 72, say=ENGLISH) -> ft.Control:
    """The ballot just read, big: "Ballot 3: Bruno" (read as one line by screen readers)."""
    return ft.Container(
        ft.Text(spans=[ft.TextSpan(say(_("Ballot {n}:", n=n)) + " ", ft.TextStyle(size=size // 3,
                                                                color=ft.Colors.BLACK)),
                       ft.TextSpan(choice, ft.TextStyle(size=size, weight=ft.FontWeight.BOLD,
                                                         color=ft.Colors.BLACK))]),
        bgcolor=colour, padding=ft.Padding(size // 3, size // 4, size // 3, size // 4),
        border_radius=14, border=ft.Border.all(4, ft.Colors.WHITE))


def show_and_state(show: list[ft.Control], state: list[ft.Control]) -> ft.Control:
    """A reveal on a wide table screen: the show (the ballot, the result) big in the middle
    of the left half, the state (the tally) beside it; on a narrow one, one above the other."""
    return ft.ResponsiveRow([
        ft.Column(show, col={"xs": 12, "lg": 6}, spacing=12,
                  horizontal_alignment=ft.CrossAxisAlignment.CENTER),
        ft.Column(state, col={"xs": 12, "lg": 6}, spacing=8)],
        vertical_alignment=ft.CrossAxisAlignment.CENTER, spacing=24, run_spacing=12)


def plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def counted(n: int, words=None, say=ENGLISH) -> str:
    """ "2 votes", or in the vote's own words (a call's ``ballot``: "2 cards")."""
    return say(vote_count(n, words))


SECRET = "Secret vote: nobody will see how you vote."


class BallotForm:
    """Choose, confirm, cast. ``cast(choices)`` returns a truthy value once accepted.

    ``marks`` are words the voter's own game screen adds to candidates on their ballot
    (a Castaways player's own Castaways: "yours"); only this voter's screen shows them.
    """

    def __init__(self, vote: Vote, voter: str, cast: Callable[[list[str]], object],
                 update: Callable[[], None], marks: dict[str, str] | None = None,
                 tell: Callable[[str, ft.Control | None], None] | None = None,
                 say: Callable[[object], str] = ENGLISH) -> None:
        self.vote, self.voter, self.cast, self.update = vote, voter, cast, update
        self.say = say  # the voter's screen's words (``Screen.words``)
        # tells a screen reader what a press changed, and where the focus goes next
        self.tell = tell or (lambda words, focus_on: None)
        self.marks = dict(marks or {})
        self.votes = allotment(vote.call, voter)
        self.chosen: list[str] = []
        self.confirming = False
        self.error = ErrorLine()
        self.body = ft.Column(spacing=10, tight=True)
        self.root = ft.Column([self.body, self.error], spacing=10, tight=True)
        self._draw()

    def _draw(self) -> None:
        call, say = self.vote.call, self.say
        parts: list[ft.Control] = [heading(question_heading(call.question, say), 24)]
        if self.confirming:
            parts += ([line(say(_("You are voting for:"))),
                       *[line(c, 26, weight=ft.FontWeight.BOLD) for c in self.chosen]]
                      if self.chosen else [line(say(_("You put no vote in the box.")))])
            self.confirm = ft.FilledButton(say(_("Confirm my vote")), on_click=self._confirm)
            parts.append(ft.Row([self.confirm,
                                 ft.OutlinedButton(say(_("Change my vote")),
                                                   on_click=self._change)],
                                wrap=True))
        elif not self.votes:
            # "pass the box to the player on your left (even if they don't have a Vote
            # Card)": a voter with nothing to cast still takes the box and passes it on, so
            # no one can tell from the round how many votes are in it
            parts += [line(say(_("{voter}, the box is in front of you: you have no vote to "
                                 "put in it. Pass it on, as everyone does.", voter=self.voter))),
                      ft.FilledButton(say(_("Pass the box on")), on_click=self._pass_on,
                                      style=thumb_style())]
        else:
            left = self.votes - len(self.chosen)
            words = call.ballot  # the game's words: votes, or cards played
            more = (_n("Choose {n} more vote.", "Choose {n} more votes.", "n", n=left)
                    if default_ballot(words) else
                    # Translators: {count} is a game's own words, "2 cards"
                    _("Still to choose: {count}.", count=words.count(left))
                    if isinstance(words.one, Message) else
                    f"Choose {left} more {words.one if left == 1 else words.many}.")
            # Translators: {more} is "Choose 2 more votes." or "All chosen."
            parts.append(line(say(_("{voter}, you have {count}. {more}", voter=self.voter,
                                    count=vote_count(self.votes, words),
                                    more=more if left else _("All chosen.")))))
            # said before the choice: whether the name goes with the ballot
            parts.append(line(say(_("An open vote: all ballots are shown together, each with "
                                    "its voter's name.") if call.open_vote else
                              _("Secret vote: nobody will see how you vote.")), 16))
            for c in call.candidates:
                if c == self.voter and not call.self_vote:
                    continue
                parts.append(vote_button(c, self.chosen.count(c), self._choose(c),
                                         disabled=left == 0, mark=self.marks.get(c, ""),
                                         choose=words.choose, fill=call.colours.get(c),
                                         say=say))
            if self.chosen:
                parts.append(line(say(_("Chosen: {choices}", choices=Items(self.chosen)))))
                parts.append(ft.TextButton(say(_("Start again")), on_click=self._change))
        self.body.controls = parts

    def _pass_on(self, e=None) -> None:
        self.chosen, self.confirming = [], True
        self._draw()
        self.update()
        self._tell_confirming()

    def _tell_confirming(self) -> None:
        """The confirm step, said: what goes in the box, and the focus on Confirm."""
        self.tell(self.say(
            _("You are voting for: {choices}. Confirm my vote, or change it.",
              choices=Items(self.chosen)) if self.chosen else
            _("You put no vote in the box. Confirm my vote, or change it.")), self.confirm)

    def first_choice(self) -> ft.Control | None:
        """The first button of the ballot (a choice, or Confirm), where a reader starts."""
        return first_button(self.body.controls)

    def _choose(self, candidate: str):
        def handler(e=None):
            if len(self.chosen) < self.votes:
                self.chosen.append(candidate)
            self.confirming = len(self.chosen) == self.votes
            self._draw()
            self.update()
            if self.confirming:
                self._tell_confirming()
            else:
                self.tell(self.say(_("Chosen: {choices}. Choose {n} more.",
                                     choices=Items(self.chosen),
                                     n=self.votes - len(self.chosen))), None)
        return handler

    def _change(self, e=None) -> None:
        self.chosen, self.confirming = [], False
        self._draw()
        self.update()
        self.tell(self.say(_("Choose again.")), self.first_choice())

    def _confirm(self, e=None) -> None:
        from companion.errors import Fault, Refused
        try:
            self.cast(list(self.chosen))
        except Fault as err:  # the laptop failed, not the ballot: the same one can go again
            said = self.say(_("{cause}: your vote was not taken. Try again.",
                              cause=err.cause))
            self.error.show(said)
            self.update()
            self.tell(said, None)
        except Refused as err:
            said = said_fault(err, self.say)
            self.error.show(said)
            self.chosen, self.confirming = [], False
            self._draw()
            self.update()
            self.tell(said, self.first_choice())


def tally_line(candidate: str, n: int, words=None, say=ENGLISH) -> str:
    """ "Bruno: 3 votes" (or "Fail: 1 card", a game's own words)."""
    return say(_("{candidate}: {count}", candidate=candidate, count=vote_count(n, words)))


def tally_words(counts: dict[str, int], candidates, words=None, say=ENGLISH) -> list[str]:
    """The counted votes, most first, "Bruno: 3 votes"; candidates with none are left out."""
    ordered = sorted((c for c in candidates if counts.get(c)), key=lambda c: -counts[c])
    return [tally_line(c, counts[c], words, say) for c in ordered]


def tally_lines(counts: dict[str, int], candidates, words=None, say=ENGLISH) -> list[ft.Control]:
    return [line(said, 22) for said in tally_words(counts, candidates, words, say)]


def vote_news(vote: Vote, readable: bool, say=ENGLISH) -> str | None:
    """What a screen reader says as the table reads a closed vote: the last ballot read, then
    the final tally (the same words every screen shows)."""
    if vote.status == REVEALED:
        tally = tally_words(vote.final_tally(), vote.call.candidates, vote.call.ballot, say)
        # Translators: between the lines of a tally said aloud ("Ana: 2 votes; Ben: 1 vote")
        between = say(_("; "))
        said = between.join(tally) if tally else say(_("no votes"))
        return say(_("Final tally: {question} {tally}", question=vote.call.question,
                     tally=said))
    shown = vote.shown() if vote.status == CLOSED and readable else ()
    return say(_("Ballot {n}: {choice}", n=len(shown), choice=shown[-1])) if shown else None


BALLOT_FILL = ft.Colors.BLUE_GREY_600  # 3.5:1 against the dark page, white text 5:1 on it


def vote_button(candidate: str, chosen: int, on_click, disabled: bool, mark: str = "",
                choose: str = "Vote for", fill: str | None = None,
                say=ENGLISH) -> ft.Control:
    """A candidate on the ballot: a filled button a thumb finds, marked once chosen; in the
    candidate's own colour where the game gives one (a Fail card red)."""
    label = (_("Vote for {candidate}", candidate=candidate) if choose == VOTE_WORDS[0] else
             # a game's own button: its message ("Play {candidate}"), or its verb as given
             replace(choose, values=choose.values + (("candidate", candidate),))
             if isinstance(choose, Message) else f"{choose} {candidate}")
    if mark:
        label = _("{choice} ({mark})", choice=label, mark=mark)
    if chosen:
        label = (_("{choice}: chosen x{n}", choice=label, n=str(chosen)) if chosen > 1 else
                 _("{choice}: chosen", choice=label))
    label = say(label)
    return thumb_wide(ft.Button(
        label, icon=ft.Icons.CHECK_CIRCLE if chosen else None, on_click=on_click,
        disabled=disabled and not chosen,
        style=thumb_style(bgcolor=ACCENT if chosen else fill or BALLOT_FILL,
                          color=ft.Colors.BLACK if chosen else ft.Colors.WHITE,
                          text_style=ft.TextStyle(size=20, weight=ft.FontWeight.W_600))))


def tally_bars(counts: dict[str, int], candidates, colour_of, width: int = 560,
               size: int = 26, words=None, say=ENGLISH) -> list[ft.Control]:
    """One bar for each candidate with votes (the ones with none are left out), longest
    first, each labelled "Bruno: 3 votes" so the count is never shown by length alone."""
    ordered = sorted((c for c in candidates if counts.get(c)), key=lambda c: -counts[c])
    most = max((counts[c] for c in ordered), default=1)
    return [ft.Column([
        line(tally_line(c, counts[c], words, say), size, weight=ft.FontWeight.W_600),
        ft.Container(width=max(24, width * counts[c] // most), height=size,
                     bgcolor=colour_of(c), border_radius=6)], spacing=2, tight=True)
        for c in ordered]


def cast_line(voter: str, choices, say=ENGLISH) -> str:
    """ "Ana: Approve", what one voter cast in an open vote ("Ana: no vote")."""
    return say(_("{voter}: {choices}", voter=voter, choices=Items(choices)) if choices else
               _("{voter}: no vote", voter=voter))


def open_ballots(vote: Vote, colour_of, size: int = 22, say=ENGLISH) -> list[ft.Control]:
    """An open vote's ballots, once revealed: each voter's chip in the colour of what they
    cast ("Ana: Approve"), in ballot order."""
    chips = [ft.Container(
        line(cast_line(voter, vote.ballots[voter], say), size,
             weight=ft.FontWeight.W_600, color=ft.Colors.BLACK),
        bgcolor=colour_of(vote.ballots[voter][0]) if vote.ballots[voter] else ft.Colors.GREY_400,
        padding=ft.Padding(12, 6, 12, 6), border_radius=20)
        for voter in vote.call.voters if voter in vote.ballots]
    return [ft.Row(chips, wrap=True, spacing=8, run_spacing=8)] if chips else []


def question_heading(question, say=ENGLISH) -> str:
    """A vote's question as its heading on a screen (``say``: its words): a game's question
    said in the screen's language; one typed at the table (a plain string) in its own
    direction, its "?" at its end on an Arabic screen too (``own_direction``)."""
    text = say(question)
    return text if isinstance(question, Message) else own_direction(
        text, getattr(say, "direction", "ltr"))


def close_question(waiting: int, voters: int, say=ENGLISH) -> str:
    """ "Close the box? 2 of 7 have not voted: their votes will not count." """
    return say(_n("Close the box? {n} of {voters} has not voted: their vote will not count.",
                  "Close the box? {n} of {voters} have not voted: their votes will not count.",
                  "n", n=waiting, voters=voters))


def winners(counts: dict[str, int]) -> list[str]:
    top = max(counts.values(), default=0)
    return [c for c, n in counts.items() if n == top and top > 0]


@dataclass(frozen=True)
class Reading:
    """What the table's vote panel is drawn from (``VotePanel.inputs``): the vote, when it
    is the room's latest (else nothing is shown), and what the drawing depends on besides."""

    vote: Vote | None = None
    readable: bool = False  # a closed box the table may read now
    counting_down: int | None = None
    asking_close: bool = False  # "Close the box?" waits for a yes
    wide: bool = False  # a screen of 1,600 px or more: the reveal grows
    bar_width: int = 560
    colours: tuple[tuple[str, int], ...] = ()  # each seated player's colour, by name
    headline: tuple[str, tuple[str, ...]] | None = None  # a revealed vote's result line

    def colour_of(self, name: str) -> str:
        """A player's own colour; any other candidate the game's colour for it, else one of
        its own by its ballot place."""
        seats = dict(self.colours)
        if name in seats:
            return player_colour(seats[name])
        call = self.vote.call if self.vote else None
        if call and name in call.colours:
            return call.colours[name]
        place = call.candidates.index(name) if call and name in call.candidates else 0
        return player_colour(len(seats) + place)


@dataclass(frozen=True)
class Steps:
    """What the vote's steps on the action bar are drawn from (``VotePanel.steps_inputs``):
    a ballot cast changes the count, not the buttons (but for the question of closing early,
    which says how many have not voted)."""

    vote_id: str | None = None  # None: no step (no vote, or last round's result)
    status: str = ""
    complete: bool = False  # everyone must vote: no closing the box short
    all_at_once: bool = False
    unread: bool = False  # ballots left to read
    decided: bool = False
    applied: bool = False
    readable: bool = False
    counting_down: int | None = None
    asking_close: bool = False
    waiting: int = 0  # while asking to close: how many have not voted, of how many voters
    voters: int = 0


class VotePanel:
    """The table's view of the room's vote: progress, then the reading of the ballots as a
    show — one big ballot at a time, bars that grow, the result the biggest thing."""

    def __init__(self, screen) -> None:
        self.screen = screen
        self.error = screen.error
        self.counting_down: int | None = None
        self.asking_close: str | None = None  # the vote whose early close waits for a yes
        # the open vote's count and who is still voting, as drawn (see ``draw``)
        self._counted: tuple[str, ft.Text, ft.Text] | None = None

    def say(self, message) -> str:
        """A message in the table screen's language (a screen with no words: English)."""
        return getattr(self.screen, "words", ENGLISH)(message)

    def inputs(self, vote: Vote | None) -> Reading:
        """What the panel draws (``draw``): the width too, for a resized window."""
        if vote is None or not self.current(vote):
            return Reading()
        sv, code = self.screen.service, self.screen.code
        shows_colours = vote.status != OPEN
        colours = tuple((s.name, s.colour) for s in sv.seats(code)) if shows_colours else ()
        return Reading(vote, vote.status == CLOSED and sv.readable(code, vote),
                       self.counting_down, self.asking_close == vote.id, self._wide(),
                       self._bar_width(), colours,
                       self.headline(vote) if vote.status == REVEALED else None)

    def steps_inputs(self, vote: Vote | None) -> Steps:
        """What ``actions`` draws from."""
        if vote is None or not self.current(vote):
            return Steps()
        asking = self.asking_close == vote.id
        return Steps(vote.id, vote.status, vote.call.complete, vote.call.reveal == "all_at_once",
                     vote.revealed < len(vote.reveal_order), vote.decided, vote.applied,
                     vote.status == CLOSED and self.screen.service.readable(self.screen.code,
                                                                            vote),
                     self.counting_down,
                     asking, len(vote.waiting_for) if asking else 0, len(vote.call.voters))

    def news(self, vote: Vote | None) -> str | None:
        """What a screen reader at the table hears: the count of votes in, each ballot read,
        the result."""
        if vote is None or not self.current(vote):
            return None
        if vote.status == OPEN:
            return self._open_words(vote)[0]
        if vote.status == REVEALED:
            return self.headline(vote)[0]
        return vote_news(vote, self.screen.service.readable(self.screen.code, vote), self.say)

    def current(self, vote: Vote | None) -> bool:
        """A vote whose result is recorded stays on screen only until the game moves on."""
        return vote is not None and self.screen.service.result_is_latest(self.screen.code, vote)

    def draw(self, shown: Reading) -> list[ft.Control] | None:
        """The panel; None when only the open vote's count changed, which is changed in
        place: the table is sent two words, not the panel again."""
        counted, self._counted = self._counted, None
        vote = shown.vote
        if vote is None:
            return []
        if vote.status == OPEN and counted and counted[0] == vote.id:
            self._counted = counted
            counted[1].value, counted[2].value = self._open_words(vote)
            return None
        call, say = vote.call, self.say
        # the screen's words, not ``self.say`` (a method): their direction isolates the question
        parts: list[ft.Control] = [heading(question_heading(
            call.question, getattr(self.screen, "words", ENGLISH)), 28)]
        if vote.status == OPEN:
            parts += self._open(vote)
        elif vote.status == CLOSED and not shown.readable:
            parts += [line(say(_n("The ballot box is closed: {n} voter voted.",
                                  "The ballot box is closed: {n} voters voted.", "n",
                                  n=len(vote.voted)))),
                      line(say(_("The ballots are read when the game gets there; see the "
                                 "steps.")))]
        elif vote.status == CLOSED and call.reveal == "all_at_once":
            parts += self._all_at_once(shown)
        elif vote.status == CLOSED:
            parts += self._one_by_one(shown)
        elif vote.status == REVEALED:
            parts += self._result(shown)
        return [panel(say(_("Open vote") if call.open_vote else _("Secret vote")), parts)]

    def _wide(self) -> bool:
        """A table screen of 1,600 px or more (a TV): the reveal grows with it."""
        return (getattr(self.screen.s.page, "width", None) or 0) >= 1600

    def _bar_width(self) -> int:
        """The bars fill their half of a wide screen (lg: 992 px and up), else 560 px."""
        width = getattr(self.screen.s.page, "width", None) or 0
        return max(300, min(900, int(width / 2) - 120)) if width >= 992 else 560

    def _act(self, fn):
        sv = self.screen.service
        return lambda e=None: self.screen.attempt(self.error, getattr(sv, fn),
                                                  self.screen.host_key, self.screen.code)

    def _open(self, vote: Vote) -> list[ft.Control]:
        count, waiting = self._open_words(vote)
        self._counted = (vote.id, line(count, 40, weight=ft.FontWeight.BOLD), line(waiting, 20))
        return list(self._counted[1:])

    def _open_words(self, vote: Vote) -> tuple[str, str]:
        say = self.say
        return (say(_n("{n} of {voters} have voted", "{n} of {voters} have voted", "n",
                       n=len(vote.voted), voters=len(vote.call.voters))),
                say(_("Still voting: {names}", names=Items(vote.waiting_for))))

    def _all_at_once(self, shown: Reading) -> list[ft.Control]:
        if shown.counting_down is not None:
            return [line(f"{shown.counting_down}…", 160, weight=ft.FontWeight.BOLD,
                         color=ACCENT)]
        return [line(self.say(_n("All {n} ballot are in.", "All {n} ballots are in.", "n",
                                 n=len(shown.vote.reveal_order))), 24)]

    def _one_by_one(self, reading: Reading) -> list[ft.Control]:
        vote, wide, say = reading.vote, reading.wide, self.say
        shown = vote.shown()
        parts: list[ft.Control] = [
            line(say(_("Ballots read: {n} of {total}", n=len(shown),
                       total=len(vote.reveal_order))), 22)]
        if shown:
            parts.append(show_and_state(
                [ballot_card(len(shown), shown[-1], reading.colour_of(shown[-1]),
                             120 if wide else 72, say)],
                tally_bars(vote.running_tally(), vote.call.candidates, reading.colour_of,
                           reading.bar_width, 30 if wide else 26, vote.call.ballot, say)))
        if vote.decided and len(shown) < len(vote.reveal_order):
            parts.append(line(say(_("The result is decided: the ballots left cannot change "
                                    "it.")), 20))
        return parts

    def actions(self, steps: Steps) -> list[ft.Control]:
        """The vote's next step, for the table's action bar (from ``steps_inputs``)."""
        if steps.vote_id is None:
            return []
        say = self.say
        if steps.status == OPEN:
            return [big_button(say(_("Pass-and-play on this device")),
                               lambda e: self.screen.go_pass_and_play()),
                    # everyone must vote in some games: no closing the box short there
                    *([] if steps.complete else self._close_steps(steps))]
        if steps.status == REVEALED:
            return [] if steps.applied else [big_button(say(_("Record this result")),
                                                        self._act("finish_reveal"))]
        if not steps.readable:
            return []
        if steps.all_at_once:
            return [] if steps.counting_down is not None else [
                big_button(say(_("Reveal all at once: 3… 2… 1…")), self._countdown)]
        buttons = []
        if steps.unread:
            buttons.append(big_button(say(_("Read the next ballot")), self._act("reveal_next")))
        if steps.decided:
            buttons.append(big_button(say(_("Show the final tally")), self._act("finish_reveal"),
                                      outlined=bool(buttons)))
        return buttons

    def _close_steps(self, steps: Steps) -> list[ft.Control]:
        """Closing the box short is hard to undo (the missing votes never count): ask first."""
        say = self.say
        if not steps.asking_close:
            return [big_button(say(_("Close the vote now")), self._ask_close(steps.vote_id),
                               outlined=True)]
        return [line(close_question(steps.waiting, steps.voters, say), 20),
                big_button(say(_("Yes, close the box")), self._close_now),
                big_button(say(_("No, keep it open")), self._ask_close(None), outlined=True)]

    def _ask_close(self, vote_id: str | None):
        def handler(e=None):
            self.asking_close = vote_id
            self.screen.refresh()
        return handler

    def _close_now(self, e=None) -> None:
        self.asking_close = None
        self._act("close_vote")()

    def headline(self, vote: Vote) -> tuple[str, tuple[str, ...]]:
        """The result in one line, and who it names; a game whose rules set some votes aside
        (Survivor's Immunity Idols) says it its own way (``TablePanel.vote_headline``)."""
        panel_ = getattr(self.screen, "game_panel", None)  # a screen without a game panel
        said = panel_.vote_headline(self.screen.service.view(
            self.screen.code, self.screen.host_key), vote) if panel_ else None
        if said:
            return said[0], tuple(said[1])
        top = winners(vote.final_tally())
        if not top:
            return self.say(_("No votes")), ()
        names = top[0]
        for name in top[1:]:  # "Ana and Ben and Cat", as it always said a tie
            names = _("{names} and {name}", names=names, name=name)
        return self.say(_("Tie: {names}", names=names) if len(top) > 1 else
                        _("Most votes: {names}", names=names)), tuple(top)

    def _result(self, shown: Reading) -> list[ft.Control]:
        vote, wide, say = shown.vote, shown.wide, self.say
        counts = vote.final_tally()
        said, top = shown.headline
        parts: list[ft.Control] = [
            line(say(_("Final tally")), 22, weight=ft.FontWeight.BOLD),
            show_and_state(
                [line(said, 96 if wide else 64, weight=ft.FontWeight.BOLD,
                      text_align=ft.TextAlign.CENTER,
                      color=shown.colour_of(top[0]) if len(top) == 1 else ACCENT)],
                tally_bars(counts, vote.call.candidates, shown.colour_of, shown.bar_width,
                           30 if wide else 26, vote.call.ballot, say))]
        if vote.call.open_vote:  # who cast what, for everyone to see
            parts += open_ballots(vote, shown.colour_of, 26 if wide else 22, say)
        if vote.applied:
            parts.append(line(say(_("The result is recorded.")), 20))
        return parts

    async def _countdown(self, e=None) -> None:
        for n in (3, 2, 1):
            self.counting_down = n
            self.screen.refresh()
            await asyncio.sleep(1)
        self.counting_down = None
        self.screen.attempt(self.error, self.screen.service.finish_reveal, self.screen.host_key,
                            self.screen.code)
        self.screen.refresh(force=True)
