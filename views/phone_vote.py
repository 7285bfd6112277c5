"""The vote on a player's phone: their ballot while the box is open, their vote taken, the
box closed, the ballots the table reads, the final tally. A piece of ``PhoneRoom``."""
from __future__ import annotations

import logging
from dataclasses import replace

import flet as ft

from companion.ballots import CLOSED, OPEN, REVEALED, allotment
from companion.language import COMPANION, HOME, Speaker

from .ballot import BallotForm, cast_line, tally_lines, vote_news
from .widgets import cap_text_scale, focus_heading, heading, isolate_names, line

log = logging.getLogger(__name__)
_ = Speaker(COMPANION, HOME)  # the companion's catalog: every phone's shared words


class PhoneVote:
    """The vote's part of a ``PhoneRoom`` and its result's part after a game move."""

    def __init__(self, room) -> None:
        self.room = room
        self.form: BallotForm | None = None
        self.form_key: tuple | None = None  # (vote, how many votes this seat casts)
        self._wakelock = None

    def now(self) -> tuple | None:
        """(seat, vote, it is the latest result, the ballot the table read last, this seat has
        a game move, the marks on its ballot), read once per redraw. While the box is open the
        vote holds this seat's own ballot only among who voted: another phone's ballot
        redraws nothing here. Its call holds the allotments: an Extra Vote played while the
        box is open resizes this ballot."""
        return self.room.once("vote", self._read)

    def _read(self) -> tuple | None:
        room = self.room
        seat, vote = room._seated(), room.service.vote(room.code, room.token)
        if seat is None or vote is None:
            return None
        marks = None
        if vote.status == OPEN:
            vote = replace(vote, voted=vote.voted & {seat.name})
            if seat.name in vote.call.voters and not vote.voted:
                marks = room.game.panel().ballot_marks(room.game.view())
                marks = tuple(marks.items()) if marks else None
        return (seat, vote, room.service.result_is_latest(room.code, vote),
                self.ballot_read(vote), room.game.moving(), marks)

    def ballot_read(self, vote) -> str | None:
        """The ballot the table read last, said on the phone too (the table shows it to
        all): "Ballot 2: Bruno"."""
        if vote.status != CLOSED:
            return None
        return vote_news(vote, self.room.service.readable(self.room.code, vote), self.room.words)

    def news(self) -> str | None:
        """What a screen reader hears of the vote: a ballot for this player, their vote
        taken, the box closed, each ballot the table reads, the result."""
        room = self.room
        seat, vote = room._seated(), room.service.vote(room.code, room.token)
        if seat is None or vote is None or not room.service.result_is_latest(room.code, vote):
            return None
        voted, say = seat.name in vote.voted, room.words
        if vote.status == OPEN and seat.name in vote.call.voters:
            return say(_("Your vote is in.") if voted else
                       _("A new vote for you: {question}", question=vote.call.question))
        if vote.status == CLOSED:
            return self.ballot_read(vote) or say(
                _("Your vote is in. The vote is closed.") if voted else
                _("The vote is closed."))
        return vote_news(vote, True, say)

    def draw(self, shown: tuple | None) -> list[ft.Control]:
        seat, vote, latest, read, moving, marks = shown or (None,) * 6
        is_open = seat is not None and vote is not None and vote.status == OPEN
        self._keep_awake(is_open)
        if not is_open or seat.name in vote.voted:
            self.form, self.form_key = None, None
        if seat is None or vote is None or not latest:
            return []  # last round's result clears once the game moves on
        question, say = vote.call.question, self.room.words
        if vote.status == REVEALED:  # after the move when the player has one
            return [] if moving else self._result_lines(vote)
        voted = seat.name in vote.voted
        if not is_open:
            return [heading(say(_("Your vote is in.") if voted else _("The vote is closed.")),
                            26),
                    line(say(_("The table is reading the votes."))),
                    *([line(read, 22)] if read else [])]
        if seat.name not in vote.call.voters:
            # the question as this phone reads it ends its own sentence (the Arabic question
            # mark, U+061F, too: written by its code, as the screens never draw it)
            stopped = say(question).endswith(("?", ".", "!", chr(0x61F)))
            return [line(say(_("A vote is under way: {question} You are not voting in it.",
                               question=question) if stopped else
                             _("A vote is under way: {question}. You are not voting in it.",
                               question=question)))]
        if voted:  # focus moves to it, as a reader's news (``Screen.tell``)
            return [focus_heading(say(_("Your vote is in.")), 26),
                    line(say(_("An open vote: your ballot is shown with your name when the "
                               "table reveals them all.") if vote.call.open_vote else
                             _("Nobody can see how you voted.") if vote.call.private else
                             _("Nobody can see how you voted. Wait for the table to read the "
                               "votes.")))]
        if self.form_key != (vote.id, seat.name, allotment(vote.call, seat.name)):
            self.form = BallotForm(vote, seat.name, self._cast, self._form_update,
                                   dict(marks) if marks else None, tell=self.room.say, say=say)
            self.form_key = (vote.id, seat.name, allotment(vote.call, seat.name))
        return [self.form.root]

    def _result_lines(self, vote) -> list[ft.Control]:
        say = self.room.words
        return [line(say(_("Final tally: {question}", question=vote.call.question)), 20,
                     weight=ft.FontWeight.BOLD),
                *tally_lines(vote.final_tally(), vote.call.candidates, vote.call.ballot, say),
                *[line(cast_line(v, c, say), 18)  # an open vote's names
                  for v, c in vote.ballots.items()]]

    def draw_result_after(self, shown: tuple | None) -> list[ft.Control]:
        """The final tally, when this player has a move to make from it (the leader's
        choice after the count): the move first, the tally right after it."""
        if shown is None:
            return []
        seat, vote, latest, read, moving, marks = shown
        if vote.status != REVEALED or not moving or not latest:
            return []
        return self._result_lines(vote)

    def _cast(self, choices: list[str]) -> object:
        room = self.room
        room.touched()
        vote = room.service.cast(room.code, room.token, choices)
        # the hub's redraw sends this phone the changed part, after the table's count: Flet's
        # diff of the whole page after the tap would only hold the table's frame back
        ft.context.mark_update_called()
        return vote

    def _form_update(self) -> None:
        """The ballot form redrawn by the voter's own tap: its words capped like the rest
        (and the tap keeps a shared device's screen open)."""
        room = self.room
        room.touched()
        if self.form is not None:
            isolate_names(self.form.root, room.names(), room.words.rtl)
            cap_text_scale(self.form.root, room.words_factor)
        room.s.page.update()

    def _keep_awake(self, on: bool) -> None:
        """Phones keep their screen on while a ballot is open."""
        try:
            page = self.room.s.page
            if on and self._wakelock is None:
                self._wakelock = ft.Wakelock()
                page.run_task(_quietly, self._wakelock.enable)
            elif not on and self._wakelock is not None:
                page.run_task(_quietly, self._wakelock.disable)
                self._wakelock = None
        except Exception:  # a browser without the Wake Lock API still plays
            self._wakelock = None


async def _quietly(call) -> None:
    """A phone may refuse to keep its screen on (WebKit answers NotAllowedError unless the page
    was just tapped, a battery saver says no): normal at a table, so it stays out of the log."""
    try:
        await call()
    except Exception as e:
        log.debug("the screen wake lock was refused: %s", e)
