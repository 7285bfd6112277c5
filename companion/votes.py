"""The secret vote at a room, once the game has called it (vote_calls.py opens it): cast from
the phones or pass-and-play, closed, read out one ballot at a time, counted and handed back to
the game.

The ballot box itself (slots with no voter, no time, no order) is ballots.py; this is the
flow around it. A cast, a close and a call-off are each one transaction.
"""
from __future__ import annotations

import secrets
from typing import Any, Sequence

from rules import TABLE, Action

from .ballots import CLOSED, OPEN, REVEALED, Vote, check_ballot, fill_slots, read_slots
from .errors import Refused
from .language import COMPANION, HOME, Speaker
from .hub import ballot_in
from .play import Play
from .room import Room, Rooms
from .seats import Seats
from .store import Store, dumps, loads
from .vote_calls import VoteCalls

_ = Speaker(COMPANION, HOME)  # the companion's catalog: its refusals and events
_n = _.n

NO_VOTE = _("There is no open vote: the ballot box is closed.")


class Votes:
    """A vote's flow from the first ballot to the result the game is given."""

    def __init__(self, store: Store, rooms: Rooms, seats: Seats, play: Play,
                 calls: VoteCalls) -> None:
        self.store = store
        self.rooms = rooms
        self.seats = seats
        self.play = play
        self.calls = calls

    def cast(self, code: str, token: str | None, choices: Sequence[str]) -> Vote:
        """A phone casts its own ballot (a seat with a PIN: unlocked by it, see seats.py)."""
        seat = self.seats.acting_seat(code, token)
        self._cast(code, seat.name, choices)
        return self.calls.vote(code, token)

    def cast_for(self, host_key: str, code: str, voter: str, choices: Sequence[str]) -> Vote:
        """Pass-and-play: the table device, handed to each voter in turn, casts their ballot."""
        self.rooms.require_host(host_key)
        vote = self.calls.vote_now(code)
        if vote is not None and vote.call.private:  # handed around, it would name its voters
            raise Refused(NO_VOTE)
        self._cast(code, voter, choices)
        return self.calls.vote(code)

    def _cast(self, code: str, voter: str, choices: Sequence[str]) -> None:
        room = self.rooms.open_room(code)
        choices = [str(c) for c in choices]
        game, state = self.rooms.game(room.code), self.play.state(room.code)
        counted = None
        # the game's own rule for this voter's ballot (its sentence goes to this screen only),
        # asked before the store's lock is taken: a slow game never holds another room
        asked = self.calls.vote_now(room.code)
        refusal = None
        if asked is not None and asked.status == OPEN and voter in asked.call.voters:
            refusal = self.rooms.call(room.code, "check a ballot", game.ballot_refusal, state,
                                      asked.call, voter, choices)
        with self.store.transaction() as db:
            # read inside the transaction: another phone's ballot or the table's close may
            # have been committed since this request began
            vote = self.calls.vote_in(db, room.code)
            if vote is None or vote.status != OPEN or (
                    vote.call.private and voter not in vote.call.voters) or (
                    asked is None or asked.id != vote.id):  # (a vote opened just now: none
                raise Refused(NO_VOTE)  # asked about) a private vote's outsider hears of none
            check_ballot(vote.call, voter, choices, voter in vote.voted)
            if refusal:
                raise Refused(refusal)
            db["voted"].insert({"vote": vote.id, "voter": voter})
            fill_slots(db, vote, choices)
            if vote.call.open_vote:  # its names are shown at the close, so they are kept
                row = db["votes"].get(vote.id)
                cast = {**(loads(row["open_ballots"]) if row["open_ballots"] else {}),
                        voter: choices}
                db["votes"].update(vote.id, {"open_ballots": dumps(cast)})
            closes = len(vote.voted) + 1 == len(vote.call.voters)
            if closes:
                self._close(db, vote)
                if vote.call.private:
                    counted = self._count_in_private(db, room, vote)
        if counted is not None:
            self.play.keep_fold(room.code, *counted)
        self.rooms.publish(room.code, "changed" if closes else ballot_in(voter))

    def _count_in_private(self, db, room: Room, vote: Vote) -> tuple[int, Any]:
        """Nobody reads a private vote out: its count goes to the game in the transaction of
        its last ballot, so a kill -9 keeps both or neither. Returns (log seq, new state)."""
        closed = self.calls.vote_in(db, room.code)
        result = Action(TABLE, "vote_result", {"key": vote.key, "tally": closed.final_tally()})
        action, new_state, line = self.play.work_out(room, result)
        db["votes"].update(vote.id, {"status": REVEALED, "revealed": len(closed.reveal_order)})
        return self.play.write(db, room, action, new_state, line, vote.id), new_state

    def close_vote(self, host_key: str, code: str) -> Vote:
        """The table closes the vote early: whoever has not voted, has not."""
        self.rooms.require_host(host_key)
        room = self.rooms.open_room(code)
        vote = self.calls.vote(room.code)
        if vote is None or vote.status != OPEN:
            raise Refused(_("There is no open vote to close."))
        if vote.call.complete and vote.waiting_for:
            raise Refused(_n("Everyone must vote: {names} has not voted yet. Pass the device "
                              "to them (pass-and-play).",
                              "Everyone must vote: {names} have not voted yet. Pass the device "
                              "to them (pass-and-play).", "n",
                              names=tuple(vote.waiting_for), n=len(vote.waiting_for)))
        with self.store.transaction() as db:
            self._close(db, vote)
            self.rooms.event(db, room.code, _("The table closed the vote with {n} of {voters} "
                                              "voted.", n=len(vote.voted),
                                              voters=len(vote.call.voters)))
        self.rooms.publish(room.code)
        return self.calls.vote(room.code)

    def _close(self, db, vote: Vote) -> None:
        choices = read_slots(db, vote)
        secrets.SystemRandom().shuffle(choices)  # ballots are read in random order
        db["votes"].update(vote.id, {"status": CLOSED, "reveal_order": dumps(choices)})

    def reveal_next(self, host_key: str, code: str) -> str:
        """Read one more ballot out at the table; returns its choice."""
        self.rooms.require_host(host_key)
        room = self.rooms.open_room(code)
        vote = self.calls.vote(room.code)
        if vote is not None and vote.status == REVEALED:
            raise Refused(_("Every ballot has been read."))
        if vote is None or vote.status != CLOSED:
            raise Refused(_("Close the vote before reading the ballots."))
        self._require_readable(room, vote)
        if vote.revealed >= len(vote.reveal_order):
            raise Refused(_("Every ballot has been read."))
        with self.store.transaction() as db:
            db["votes"].update(vote.id, {"revealed": vote.revealed + 1})
        self.rooms.publish(room.code)
        return vote.reveal_order[vote.revealed]

    def finish_reveal(self, host_key: str, code: str) -> dict[str, int]:
        """Show the final tally (all ballots count) and hand the result to the game."""
        self.rooms.require_host(host_key)
        room = self.rooms.open_room(code)
        vote = self.calls.vote(room.code)
        if vote is None or vote.status == OPEN:
            raise Refused(_("Close the vote before counting it."))
        self._require_readable(room, vote)
        if vote.call.reveal == "one_by_one" and not vote.decided:
            raise Refused(_("Keep reading: the ballots still unread could change "
                            "the result."))
        tally = vote.final_tally()
        if vote.status != REVEALED:
            with self.store.transaction() as db:
                db["votes"].update(vote.id, {"status": REVEALED,
                                             "revealed": len(vote.reveal_order)})
        if not vote.applied:
            result = {"key": vote.key, "tally": tally}
            if vote.call.open_vote:  # who cast what, in ballot order (no vote: no ballot)
                result["ballots"] = {v: list(vote.ballots[v]) for v in vote.call.voters
                                     if v in vote.ballots}
            self.play.apply(room, Action(TABLE, "vote_result", result), vote_id=vote.id)
        self.rooms.publish(room.code)
        return tally

    def result_is_latest(self, code: str, vote: Vote) -> bool:
        """Whether this vote is still the news: open, being read, or its result recorded by
        the room's last move (once the game moves on, screens clear it)."""
        if not vote.applied:
            return True
        room = self.rooms.room(code)

        def last():
            row = self.store.one("SELECT data FROM log WHERE room = ? AND kind = 'action' "
                                 "ORDER BY seq DESC LIMIT 1", (room.code,))
            return loads(row["data"]) if row else None
        data = self.rooms.cached(("last_action", room.code), last)
        return bool(data) and data["move"] == "vote_result" and \
            data["args"].get("key") == vote.key

    def readable(self, code: str, vote: Vote) -> bool:
        """May the table read this vote's ballots now? The game says, live."""
        if not vote.applied and vote.status != REVEALED:
            state = self.play.state(code)
            call = self.rooms.call(code, "say whether the ballots may be read",
                                   self.rooms.game(code).vote_call, state)
            return call is None or call.key != vote.key or call.readable
        return True

    def _require_readable(self, room: Room, vote: Vote) -> None:
        if not self.readable(room.code, vote):
            raise Refused(_("Not yet: in this game the ballots are read later. "
                            "Follow the steps on the table screen first."))
