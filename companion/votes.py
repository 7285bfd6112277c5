"""The secret vote at a room: opened when the game calls one, cast from the phones or
pass-and-play, closed, read out one ballot at a time, counted and handed back to the game.

The ballot box itself (slots with no voter, no time, no order) is ballots.py; this is the
flow around it. A cast, a close and a call-off are each one transaction.
"""
from __future__ import annotations

import secrets
from typing import Any, Sequence

from rules import TABLE, Action, VoteCall
from rules.words import join_names

from .ballots import (CANCELLED, CLOSED, OPEN, REVEALED, Vote, check_ballot, fill_slots,
                      open_slots, read_slots, resize_slots, spec_from_json, spec_to_json)
from .errors import Refused
from .hub import ballot_in
from .room import Room
from .store import dumps, loads

NO_VOTE = "There is no open vote: the ballot box is closed."


class VotesMixin:
    """TableService's votes (rooms.py puts it together). It uses the service's store, room(),
    game(), _open_room(), _require_host(), _cached(), _event() and _publish(), the seats'
    seat_by_token() and acting_seat(), and the game's state(), _apply(), _moved(), _record()
    and _states."""

    def vote(self, code: str, credential: str | None = None) -> Vote | None:
        """The room's current vote: the newest one that was not cancelled. A private vote
        (``VoteCall.private``) is given only to the phone of one of its voters (the seat
        token as ``credential``), while it is open: to anyone else there is no vote."""
        vote = self._vote_now(code)
        if vote is None or not vote.call.private:
            return vote
        return vote if vote.status == OPEN and self._votes_in(code, credential, vote) else None

    def _votes_in(self, code: str, credential: str | None, vote: Vote) -> bool:
        try:
            return self.seat_by_token(code, credential).name in vote.call.voters
        except Refused:  # the host key, a stale token: not a voter
            return False

    def _vote_now(self, code: str) -> Vote | None:
        room = self.room(code)

        def read():
            with self.store.lock:
                return self._vote_in(self.store.db, room.code)
        return self._cached(("vote", room.code), read)

    @staticmethod
    def _vote_in(db, code: str) -> Vote | None:
        rows = list(db.query("SELECT * FROM votes WHERE room = ? AND status != ? "
                             "ORDER BY rowid DESC LIMIT 1", (code, CANCELLED)))
        if not rows:
            return None
        row = rows[0]
        voted = frozenset(r["voter"] for r in db.query(
            "SELECT voter FROM voted WHERE vote = ?", (row["id"],)))
        shown = row["status"] != OPEN and row["open_ballots"]  # never before the close
        ballots = {v: tuple(c) for v, c in loads(row["open_ballots"]).items()} if shown else {}
        return Vote(row["id"], row["key"], spec_from_json(loads(row["spec"])), row["status"],
                    voted, tuple(loads(row["reveal_order"]) or ()), row["revealed"],
                    bool(row["applied"]), ballots)

    def cast(self, code: str, token: str | None, choices: Sequence[str]) -> Vote:
        """A phone casts its own ballot (a seat with a PIN: unlocked by it, see seats.py)."""
        seat = self.acting_seat(code, token)
        self._cast(code, seat.name, choices)
        return self.vote(code, token)

    def cast_for(self, host_key: str, code: str, voter: str, choices: Sequence[str]) -> Vote:
        """Pass-and-play: the table device, handed to each voter in turn, casts their ballot."""
        self._require_host(host_key)
        vote = self._vote_now(code)
        if vote is not None and vote.call.private:  # handed around, it would name its voters
            raise Refused(NO_VOTE)
        self._cast(code, voter, choices)
        return self.vote(code)

    def _cast(self, code: str, voter: str, choices: Sequence[str]) -> None:
        room = self._open_room(code)
        choices = [str(c) for c in choices]
        game, state = self.game(room.code), self.state(room.code)
        counted = None
        with self.store.transaction() as db:
            # read inside the transaction: another phone's ballot or the table's close may
            # have been committed since this request began
            vote = self._vote_in(db, room.code)
            if vote is None or vote.status != OPEN or (
                    vote.call.private and voter not in vote.call.voters):
                raise Refused(NO_VOTE)  # a private vote's outsider hears of no vote at all
            check_ballot(vote.call, voter, choices, voter in vote.voted)
            # the game's own rule for this voter's ballot; its sentence goes to this screen only
            refusal = game.ballot_refusal(state, vote.call, voter, choices)
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
            self._states[room.code] = counted
        self._publish(room.code, "changed" if closes else ballot_in(voter))

    def _count_in_private(self, db, room: Room, vote: Vote) -> tuple[int, Any]:
        """Nobody reads a private vote out: its count goes to the game in the transaction of
        its last ballot, so a kill -9 keeps both or neither. Returns (log seq, new state)."""
        closed = self._vote_in(db, room.code)
        result = Action(TABLE, "vote_result", {"key": vote.key, "tally": closed.final_tally()})
        action, new_state, line = self._moved(room, result)
        db["votes"].update(vote.id, {"status": REVEALED, "revealed": len(closed.reveal_order)})
        return self._record(db, room, action, new_state, line, vote.id), new_state

    def close_vote(self, host_key: str, code: str) -> Vote:
        """The table closes the vote early: whoever has not voted, has not."""
        self._require_host(host_key)
        room = self._open_room(code)
        vote = self.vote(room.code)
        if vote is None or vote.status != OPEN:
            raise Refused("There is no open vote to close.")
        if vote.call.complete and vote.waiting_for:
            raise Refused(f"Everyone must vote: {join_names(vote.waiting_for)} "
                          f"{'has' if len(vote.waiting_for) == 1 else 'have'} not voted yet. "
                          "Pass the device to them (pass-and-play).")
        with self.store.transaction() as db:
            self._close(db, vote)
            self._event(db, room.code, f"The table closed the vote with "
                                       f"{len(vote.voted)} of {len(vote.call.voters)} voted.")
        self._publish(room.code)
        return self.vote(room.code)

    def _close(self, db, vote: Vote) -> None:
        choices = read_slots(db, vote)
        secrets.SystemRandom().shuffle(choices)  # ballots are read in random order
        db["votes"].update(vote.id, {"status": CLOSED, "reveal_order": dumps(choices)})

    def reveal_next(self, host_key: str, code: str) -> str:
        """Read one more ballot out at the table; returns its choice."""
        self._require_host(host_key)
        room = self._open_room(code)
        vote = self.vote(room.code)
        if vote is not None and vote.status == REVEALED:
            raise Refused("Every ballot has been read.")
        if vote is None or vote.status != CLOSED:
            raise Refused("Close the vote before reading the ballots.")
        self._require_readable(room, vote)
        if vote.revealed >= len(vote.reveal_order):
            raise Refused("Every ballot has been read.")
        with self.store.transaction() as db:
            db["votes"].update(vote.id, {"revealed": vote.revealed + 1})
        self._publish(room.code)
        return vote.reveal_order[vote.revealed]

    def finish_reveal(self, host_key: str, code: str) -> dict[str, int]:
        """Show the final tally (all ballots count) and hand the result to the game."""
        self._require_host(host_key)
        room = self._open_room(code)
        vote = self.vote(room.code)
        if vote is None or vote.status == OPEN:
            raise Refused("Close the vote before counting it.")
        self._require_readable(room, vote)
        if vote.call.reveal == "one_by_one" and not vote.decided:
            raise Refused("Keep reading: the ballots still unread could change the result.")
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
            self._apply(room, Action(TABLE, "vote_result", result), vote_id=vote.id)
        self._publish(room.code)
        return tally

    def result_is_latest(self, code: str, vote: Vote) -> bool:
        """Whether this vote is still the news: open, being read, or its result recorded by
        the room's last move (once the game moves on, screens clear it)."""
        if not vote.applied:
            return True
        room = self.room(code)

        def last():
            row = self.store.one("SELECT data FROM log WHERE room = ? AND kind = 'action' "
                                 "ORDER BY seq DESC LIMIT 1", (room.code,))
            return loads(row["data"]) if row else None
        data = self._cached(("last_action", room.code), last)
        return bool(data) and data["move"] == "vote_result" and \
            data["args"].get("key") == vote.key

    def readable(self, code: str, vote: Vote) -> bool:
        """May the table read this vote's ballots now? The game says, live."""
        if not vote.applied and vote.status != REVEALED:
            call = self.game(code).vote_call(self.state(code))
            return call is None or call.key != vote.key or call.readable
        return True

    def _require_readable(self, room: Room, vote: Vote) -> None:
        if not self.readable(room.code, vote):
            raise Refused("Not yet: in this game the ballots are read later. "
                          "Follow the steps on the table screen first.")

    def _sync_vote(self, db, code: str, call: VoteCall | None) -> None:
        """Open the vote the game waits for; call off one it no longer wants.

        A vote is called off when the game stops waiting for it while unfinished, or when the
        move that recorded its result was undone and the game no longer asks for it.
        """
        kept = []
        for row in list(db.query("SELECT id, key, status, applied, spec FROM votes "
                                 "WHERE room = ? AND status != ?", (code, CANCELLED))):
            wanted = call is not None and row["key"] == call.key
            if wanted and row["status"] == OPEN:
                self._follow(db, code, call)
            if not wanted and (row["status"] in (OPEN, CLOSED) or not row["applied"]):
                db["votes"].update(row["id"], {"status": CANCELLED, "reveal_order": None,
                                               "open_ballots": None})
                db.execute("DELETE FROM ballots WHERE vote = ?", (row["id"],))
                if not loads(row["spec"]).get("private"):  # a private one was never said
                    self._event(db, code, "The vote was called off; its ballots were "
                                          "destroyed.")
            else:
                kept.append(row["key"])
        if call is not None and call.key not in kept:
            vote_id = secrets.token_hex(8)
            db["votes"].insert({"id": vote_id, "room": code, "key": call.key,
                                "spec": dumps(spec_to_json(call)), "status": OPEN,
                                "reveal_order": None, "revealed": 0, "applied": 0})
            open_slots(db, vote_id, call)
            if not call.private:  # a private vote is opened without a word on the table
                db["rooms"].update(code, {"timer_end": None})  # talk stops when it opens
                self._event(db, code, f"Vote opened: {call.question}")

    def _follow(self, db, code: str, call: VoteCall) -> None:
        """An open vote follows the game's call when only what voters cast changed (an Extra
        Vote card played at the box); its candidates and voters stay as opened."""
        vote = self._vote_in(db, code)
        if (vote is not None and vote.call != call and vote.call.candidates == call.candidates
                and vote.call.voters == call.voters):
            resize_slots(db, vote, call)
