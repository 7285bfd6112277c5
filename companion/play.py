"""The game at a room: its action log folded into the state, the moves that add to it, undo,
and what each screen may see of it.

The log is the truth: a state is the game's setup with every logged move applied again (the
last fold is kept in memory), and a move is accepted once its line is committed.
"""
from __future__ import annotations

from typing import Any, Mapping

from rules import TABLE, Action, Outcome, RuleError
from rules.base import CHANGE_PLACES

from . import dice
from .ballots import OPEN, REVEALED
from .codes import normalize_code
from .deadline import MOVE_FAILED
from .errors import GameFault, Refused
from .language import COMPANION, HOME, Items, Speaker, from_json, said, to_json
from .night import Results
from .room import Room, Rooms
from .seats import Seats
from .store import Store, dumps, loads
from .vote_calls import VoteCalls


SHOW = "show the game"  # what a screen's reads ask of the game, for the log and the sentence
_ = Speaker(COMPANION, HOME)


class Play:
    """The game of every room: its log folded into the state, the moves, undo, the seating
    order (a game's turn order: once it has started, players change places by a move), and
    what each screen may see of it. Every move written, or undone, is followed in the same
    transaction by the vote the game calls (``calls``) and the result it comes to
    (``results``). Every call of the game's code goes through ``rooms.call`` (deadline.py):
    on the room's own thread, within the deadline, a failure said in a sentence."""

    def __init__(self, store: Store, rooms: Rooms, seats: Seats, calls: VoteCalls,
                 results: Results) -> None:
        self.store = store
        self.rooms = rooms
        self.seats = seats
        self.calls = calls
        self.results = results
        self._states: dict[str, tuple[int, Any]] = {}  # each game's last fold of its log

    def start(self, host_key: str, code: str, options: Mapping[str, Any] | None = None) -> None:
        self.rooms.require_host(host_key)
        room = self.rooms.open_room(code)
        if room.started:
            raise Refused(_("The game has already started."))
        game = self.rooms.game(room.code)
        # The players are checked against the seats again inside the transaction: a join
        # that committed meanwhile is in the game, never seated beside it (a few tries: the
        # game's setup runs outside the store's lock).
        for _attempt in range(3):
            players = tuple(s.name for s in self.seats.seats(room.code))
            try:  # refuses before anything is written; the players counted once, by the rules
                self.rooms.call(room.code, "set the game up", game.setup, players,
                                dict(options or {}))
            except RuleError as e:
                raise Refused(e.args[0] if e.args else str(e)) from e
            with self.store.transaction() as db:
                row = db.execute("SELECT players IS NOT NULL FROM rooms WHERE code = ?",
                                 (room.code,)).fetchone()
                if row[0]:
                    raise Refused(_("The game has already started."))
                seated = tuple(r[0] for r in db.execute(
                    "SELECT name FROM seats WHERE room = ? ORDER BY position", (room.code,)))
                if seated != players:
                    continue  # someone sat down (or was removed) meanwhile: again
                db["rooms"].update(room.code, {"players": dumps(list(players)),
                                               "options": dumps(dict(options or {}))})
                self.rooms.event(db, room.code, _("The game started with {names}.",
                                                  names=Items(players)) if players else
                                 _("The game started with the table."))
            break
        else:
            raise Refused(_("Players are still sitting down: press Start again."))
        self._states.pop(room.code, None)
        self.rooms.publish(room.code)

    def state(self, code: str) -> Any:
        """The game state: the room's action log folded over the game's setup."""
        room = self.rooms.room(code)
        if not room.started:
            return None
        return self.rooms.cached(("state", room.code), lambda: self._read_state(room))

    def _read_state(self, room: Room, below: int | None = None) -> Any:
        """Fold the log (up to, not including, action ``below``), reusing the last fold."""
        actions = self.store.rows("SELECT seq FROM log WHERE room = ? AND kind = 'action' "
                                  "AND seq < ? ORDER BY seq DESC LIMIT 1",
                                  (room.code, below or 2 ** 62))
        last = actions[0]["seq"] if actions else 0
        cached = self._states.get(room.code)
        if below is None and cached and cached[0] == last:
            return cached[1]
        game = self.rooms.game(room.code)
        options = loads(self.store.one("SELECT options FROM rooms WHERE code = ?",
                                       (room.code,))["options"])
        actions = [Action.from_json(loads(row["data"])) for row in self.store.rows(
            "SELECT data FROM log WHERE room = ? AND kind = 'action' AND seq <= ? ORDER BY seq",
            (room.code, last))]

        def fold():
            state = game.setup(room.players, options)
            for action in actions:
                state = game.apply(state, action)
            return state
        try:  # a long log is given longer: a game's moves take milliseconds each
            state = self.rooms.call(room.code, "replay its moves", fold,
                                    scale=1 + len(actions) // 100)
        except (GameFault, RuleError) as e:  # a room that cannot be folded is set aside, once
            raise GameFault(self.rooms.deadline.set_aside(
                room.code, game, f"{game.title} could not replay the moves of room {room.code} "
                f"({e if isinstance(e, RuleError) else 'it failed on the host'}), so the room "
                "is set aside. The other rooms go on, and nothing written here is lost.")) from e
        if below is None:
            self._states[room.code] = (last, state)
        return state

    def act(self, code: str, credential: str | None, move: str,
            args: Mapping[str, Any] | None = None) -> Any:
        """Apply one move for whoever the credential proves to be; returns the new state."""
        room = self.rooms.open_room(code)
        actor = self.seats.actor(room.code, credential)
        if actor.seat is not None:
            self.seats.acting_seat(room.code, credential)  # a seat with a PIN acts only unlocked
        if not room.started:
            raise Refused(_("The game has not started yet."))
        if move == "vote_result":
            raise Refused(_("Results come from the ballot box, not from a screen."))
        shared = actor.seat is not None and self.seats.is_shared(room.code, actor.seat.id)
        return self.apply(room, Action(actor.name, move, dict(args or {})), shared=shared)

    def needs_action(self, code: str, token: str | None) -> bool:
        """Whether this seat has something to do now: a ballot to cast, or a move the game
        waits for from it (what a shared device offers to pass on to)."""
        seat = self.seats.seat_by_token(code, token)
        vote = self.calls.vote(code)
        if vote is not None and vote.status == OPEN and seat.name in vote.waiting_for:
            return True
        game, state = self.rooms.game(code), self.state(code)
        if state is None:
            return False
        return self.rooms.cached(("awaits", normalize_code(code), seat.name),
                                 lambda: self.rooms.call(code, SHOW, game.awaits,
                                                         self.state(code), seat.name))

    def legal_moves(self, code: str, credential: str | None) -> tuple[str, ...]:
        """The moves this credential's screen may make now (what its buttons offer)."""
        actor = self.seats.actor(code, credential)
        state = self.state(code)
        game = self.rooms.game(code)
        if state is None:
            return ()
        return self.rooms.cached(("legal", normalize_code(code), actor.name),
                                 lambda: self.rooms.call(
                                     code, SHOW, lambda: tuple(game.legal_moves(
                                         self.state(code), actor.name))))

    def game_data(self, code: str) -> Mapping[str, Any]:
        """The game's fixed data that screens draw from (names, tables of the rulebook), and
        under ``"options"`` its setup options' schemas (``Option.schema``): the setup form."""
        game = self.rooms.game(code)
        return {**game.data, "options": [o.schema() for o in game.options]}

    def apply(self, room: Room, action: Action, vote_id: str | None = None,
              shared: bool = False, seats: tuple[list, list] | None = None) -> Any:
        """Work the move out, write it in its own transaction and tell the screens; returns
        the new state. ``vote_id``: the vote whose result it is; ``seats``: (new order, old
        order) of seat ids, where players change places."""
        action, new_state, line = self.work_out(room, action, shared)
        # what follows the move is the game's code too: asked before the store's lock is
        # taken, so a slow game never holds another room's join or move
        followed = self.follows(room.code, new_state)
        with self.store.transaction() as db:
            seq = self.write(db, room, action, new_state, line, vote_id, seats, followed)
        self._states[room.code] = (seq, new_state)
        self.rooms.publish(room.code)
        return new_state

    def work_out(self, room: Room, action: Action, shared: bool = False) -> tuple:
        """The move worked out, nothing written: (the action with its dice, the new state,
        its history line), or a refusal."""
        game = self.rooms.game(room.code)
        state = self.state(room.code)

        def work(action):
            action = game.with_chance(state, action, dice)  # dice the move asks for
            new_state = game.apply(state, action)
            return action, new_state, game.describe(state, action, new_state)  # applied once
        try:  # a bug in the game is logged once, where it is, and said as MOVE_FAILED
            action, new_state, line = self.rooms.call(
                room.code, f"work out the move {action.move!r}", work, action,
                failed=MOVE_FAILED)
        except RuleError as e:  # the game's own sentence, as the companion's refusal
            raise Refused(e.args[0] if e.args else str(e)) from e
        # the line is a message, kept as one in the log and said in each screen's own
        # language (issue 48); a line that names nobody keeps a secret, and a secret move has
        # no line: so does this
        if shared and line and action.actor in str(line):
            line = _("{line} ({name} acted on a shared device.)", line=line, name=action.actor)
        return action, new_state, line

    def write(self, db, room: Room, action: Action, new_state: Any, line: Any,
              vote_id: str | None = None, seats: tuple[list, list] | None = None,
              followed: tuple | None = None) -> int:
        """Write a worked-out move in the open transaction ``db``; returns its log seq.
        ``followed``: what ``follows`` said of ``new_state``, if it was asked already."""
        call, outcome = followed or self.follows(room.code, new_state)
        seq = self.rooms.next_seq(db, room.code)
        kept = {"line": to_json(line)}  # a message's parts, not its words in one language
        if seats:  # (new order, old order) of seat ids: players changed places
            kept["seats_before"] = seats[1]
            self._seat_in_order(db, seats[0])
        db["log"].insert({"room": room.code, "seq": seq, "kind": "action",
                          "data": dumps(action.to_json() | kept)})
        if vote_id:
            db["votes"].update(vote_id, {"applied": 1})
        self.calls.sync(db, room.code, call)
        self.results.sync(db, room.code, outcome)
        return seq

    def follows(self, code: str, state: Any) -> tuple:
        """(the vote the game calls, how it came out) in ``state``: what a move's (or an
        undo's) transaction writes after it; a failure refuses the move, nothing written."""
        game = self.rooms.game(code)
        try:
            return self.rooms.call(code, "say which vote it calls and whether it is over",
                                   lambda: (game.vote_call(state), game.outcome(state)),
                                   failed=MOVE_FAILED)
        except RuleError as e:
            raise Refused(str(e)) from e

    def keep_fold(self, code: str, seq: int, state: Any) -> None:
        """The room's game is now ``state``, its last move at log seq ``seq``: a move that
        another part wrote in its own transaction (``write``), once that is committed."""
        self._states[code] = (seq, state)

    def undo(self, host_key: str, code: str) -> str:
        """Take back the last move of the game; returns what was undone, in words."""
        self.rooms.require_host(host_key)
        room = self.rooms.open_room(code)
        last = self.store.one("SELECT seq, data FROM log WHERE room = ? AND kind = 'action' "
                              "ORDER BY seq DESC LIMIT 1", (room.code,))
        if last is None:
            raise Refused(_("There is nothing to undo."))
        line = from_json(loads(last["data"]).get("line", ""))  # kept as the log keeps it
        state = self._read_state(room, below=last["seq"])  # the game as it was before it
        call, outcome = self.follows(room.code, state)
        # one transaction: a crash leaves either the move or its undoing, never half of it
        with self.store.transaction() as db:
            db.execute("DELETE FROM log WHERE room = ? AND seq = ?", (room.code, last["seq"]))
            if loads(last["data"])["move"] == "vote_result":
                key = loads(last["data"])["args"].get("key")
                db.execute("UPDATE votes SET applied = 0 WHERE room = ? AND key = ? "
                           "AND status = ?", (room.code, key, REVEALED))
            # the seats go back to where they were before players changed places
            self._seat_in_order(db, loads(last["data"]).get("seats_before") or ())
            self.rooms.event(db, room.code, _("Undone: {line}", line=line) if line else
                             _("Undone: the last move"))
            self.calls.sync(db, room.code, call)
            self.results.sync(db, room.code, outcome)
        self._states.pop(room.code, None)
        self.rooms.publish(room.code)
        return said(line)  # the host's words, as before (the log keeps the message)

    @staticmethod
    def _seat_in_order(db, seat_ids) -> None:
        """Seat positions in this order (ids of seats since gone are passed over)."""
        for place, seat_id in enumerate(seat_ids):
            db.execute("UPDATE seats SET position = ? WHERE id = ?", (place, seat_id))

    # --- seat order: the seats follow the table, not the order phones joined --------------
    def arrange_seats(self, host_key: str, code: str, seat_ids) -> None:
        """The table puts the seats in the order people sit, clockwise: the first plays first
        and each player's next is the one on their left. Before the start only: from then on
        the order is the game's turn order."""
        self.rooms.require_host(host_key)
        room = self.rooms.open_room(code)
        seats = self.seats.seats(room.code)
        order = list(seat_ids)
        if sorted(order) != sorted(s.id for s in seats):
            raise Refused(_("The seats changed meanwhile (someone sat down or "
                            "left). Look at the table again and retry."))
        if order == [s.id for s in seats]:
            return
        names = {s.id: s.name for s in seats}
        if room.started:  # the game's turn order follows, through its own move
            self._change_places(room, [names[i] for i in order], order)
            return
        with self.store.transaction() as db:
            for place, seat_id in enumerate(order):
                db["seats"].update(seat_id, {"position": place})
            self.rooms.event(db, room.code, _("The table set the seating order, clockwise: "
                                              "{names}.", names=Items(names[i] for i in order)))
        self.rooms.publish(room.code)

    def _change_places(self, room, names: list[str], order: list[str]) -> None:
        """Players change places during a game that allows it (its ``change_places`` move);
        the seats move in the same transaction as the move, and an undo moves them back."""
        game = self.rooms.game(room.code)
        if CHANGE_PLACES not in game.moves:
            raise Refused(_("{title} keeps the seating it started with: its players"
                            " do not change places during the game.", title=game.title))
        self.apply(room, Action(TABLE, CHANGE_PLACES, {"order": names}),
                   seats=(order, [s.id for s in self.seats.seats(room.code)]))

    def swap_seats(self, host_key: str, code: str, first_id: str, second_id: str) -> None:
        """Two players change places (the table's "tap two to swap")."""
        self.rooms.require_host(host_key)
        seats = self.seats.seats(code)
        order = [s.id for s in seats]
        if first_id not in order or second_id not in order:
            raise Refused(_("That seat is not at this table."))
        if first_id == second_id:
            raise Refused(_("Tap two different players to swap their places."))
        i, j = order.index(first_id), order.index(second_id)
        order[i], order[j] = order[j], order[i]
        self.arrange_seats(host_key, code, order)

    def view(self, code: str, credential: str | None) -> Mapping[str, Any]:
        """What this credential's screen may see of the game (secrets stripped by the rules)."""
        actor = self.seats.actor(code, credential)
        state = self.state(code)
        if state is None:
            return {}
        seat = None if actor.name == TABLE else actor.name
        return self.rooms.cached(("view", normalize_code(code), seat),
                                 lambda: self.rooms.call(code, SHOW, self.rooms.game(code).view,
                                                         self.state(code), seat))

    def reminders(self, code: str, credential: str | None = None) -> tuple[str, ...]:
        """What the table should do now, in the host's language; with a seat pass, as that
        seat's phone says it."""
        return tuple(map(said, self.reminder_messages(code, credential)))

    def reminder_messages(self, code: str, credential: str | None = None) -> tuple:
        """The reminders as messages, for a screen to say in its own language (a plain
        string: a sentence not converted yet)."""
        state = self.state(code)
        if state is None:
            return ()
        game = self.rooms.game(code)
        seat = self.seats.actor(code, credential).seat if credential else None
        if seat is not None:
            return self.rooms.cached(("reminders", normalize_code(code), seat.name),
                                     lambda: self.rooms.call(
                                         code, SHOW,
                                         lambda: tuple(game.reminders_for(self.state(code),
                                                                          seat.name))))
        return self.rooms.cached(("reminders", normalize_code(code)),
                                 lambda: self.rooms.call(code, SHOW,
                                                         lambda: tuple(game.reminders(
                                                             self.state(code)))))

    def outcome(self, code: str) -> Outcome | None:
        """How the room's game came out, once it is over."""
        state = self.state(code)
        if state is None:
            return None
        return self.rooms.cached(("outcome", normalize_code(code)),
                                 lambda: self.rooms.call(code, SHOW,
                                                         self.rooms.game(code).outcome,
                                                         self.state(code)))

    def history(self, code: str) -> list[str]:
        """The room's history, in the host's language."""
        return [said(line) for line in self.history_lines(code)]

    def history_lines(self, code: str) -> list:
        """The room's history as the log keeps it: messages, for each screen to say in its
        own language (a log from before languages holds plain strings: they read as they
        are)."""
        room = self.rooms.room(code)
        rows = self.rooms.cached(("history", room.code), lambda: self.store.rows(
            "SELECT kind, data FROM log WHERE room = ? ORDER BY seq", (room.code,)))
        lines = (from_json(loads(r["data"]).get("line", "")) for r in rows)
        return [line for line in lines if line]  # a secret move leaves no line
