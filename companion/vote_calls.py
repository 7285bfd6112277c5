"""The votes a game calls: opened when it calls one, followed while open, called off when it
no longer wants one; and the room's current vote, as each screen may see it.

Every move (and every undo) is followed here inside the move's own transaction (play.py calls
``sync``); the flow of a vote once open (cast, close, read out, count) is votes.py.
"""
from __future__ import annotations

import secrets

from rules import VoteCall

from .ballots import (CANCELLED, CLOSED, OPEN, Vote, open_slots, resize_slots, spec_from_json,
                      spec_to_json)
from .errors import Refused
from .room import Rooms
from .seats import Seats
from .language import COMPANION, HOME, Speaker
from .store import Store, dumps, loads


_ = Speaker(COMPANION, HOME)  # the companion's catalog: its refusals and events


class VoteCalls:
    """The room's current vote, and the votes that follow the game's calls."""

    def __init__(self, store: Store, rooms: Rooms, seats: Seats) -> None:
        self.store = store
        self.rooms = rooms
        self.seats = seats

    def vote(self, code: str, credential: str | None = None) -> Vote | None:
        """The room's current vote: the newest one that was not cancelled. A private vote
        (``VoteCall.private``) is given only to the phone of one of its voters (the seat
        token as ``credential``), while it is open: to anyone else there is no vote."""
        vote = self.vote_now(code)
        if vote is None or not vote.call.private:
            return vote
        return vote if vote.status == OPEN and self._votes_in(code, credential, vote) else None

    def _votes_in(self, code: str, credential: str | None, vote: Vote) -> bool:
        try:
            return self.seats.seat_by_token(code, credential).name in vote.call.voters
        except Refused:  # the host key, a stale token: not a voter
            return False

    def vote_now(self, code: str) -> Vote | None:
        """The room's current vote, private or not (for the service's own checks only)."""
        room = self.rooms.room(code)

        def read():
            with self.store.lock:
                return self.vote_in(self.store.db, room.code)
        return self.rooms.cached(("vote", room.code), read)

    @staticmethod
    def vote_in(db, code: str) -> Vote | None:
        """The room's current vote as ``db`` holds it (read inside a transaction)."""
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

    def sync(self, db, code: str, call: VoteCall | None) -> None:
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
                    self.rooms.event(db, code, _("The vote was called off; its ballots "
                                                 "were destroyed."))
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
                self.rooms.event(db, code, _("Vote opened: {question}", question=call.question))

    def _follow(self, db, code: str, call: VoteCall) -> None:
        """An open vote follows the game's call when only what voters cast changed (an Extra
        Vote card played at the box); its candidates and voters stay as opened."""
        vote = self.vote_in(db, code)
        if (vote is not None and vote.call != call and vote.call.candidates == call.candidates
                and vote.call.voters == call.voters):
            resize_slots(db, vote, call)
