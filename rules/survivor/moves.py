"""The moves of Survivor: The Tribe Has Spoken: each one a pure function (state, action) -> state.

A move checks who makes it and when, in the rulebook's words, and raises RuleError otherwise.
The Tribal Council's outcome is worked out here too: the tally, then voting out group by group,
with the Tribal Council Leader's choices and the moment only 2 players are left.
"""
from __future__ import annotations

from dataclasses import fields, replace
from typing import Any, Callable, Mapping

from rules import TABLE, Action, RuleError, VoteCall

from .council import ACTION_CARDS, DOUBLE, KIND_NAMES, SINGLE, tally
from .state import (
    CHOICE, COUNCIL, DISCUSSION, DONE, FINAL, FINAL_LEADER, IDOLS, JURY_VOTE, OVER, QUESTIONS,
    READING, SETUP, SPOKEN, THREE_LEFT, TIE, TIE_BREAK, TURN, UNCLEAR, VOTE, WELCOME, Choice,
    Council, Final, State,
)

MAX_EXTRA_VOTES = ACTION_CARDS
"""No player can hold more Extra Vote cards than there are Action cards: a bound on typos."""


# --- small checks --------------------------------------------------------------------------

def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def _names(names) -> str:
    names = list(names)
    if len(names) <= 1:
        return "".join(names)
    return ", ".join(names[:-1]) + " and " + names[-1]


def _player_arg(state: State, args: Mapping[str, Any], key: str = "player") -> str:
    name = args.get(key)
    if not isinstance(name, str) or not name:
        raise RuleError("Say which player.")
    if name not in state.players:
        raise RuleError(f"{name} is not playing at this table.")
    return name


def _int_arg(args: Mapping[str, Any], key: str, low: int, high: int, what: str) -> int:
    value = args.get(key)
    if isinstance(value, bool) or not isinstance(value, int):
        raise RuleError(f"Say the {what} as a whole number.")
    if not low <= value <= high:
        raise RuleError(f"The {what} must be from {low} to {high}, not {value}.")
    return value


def _check_actor(state: State, actor: str) -> None:
    if actor != TABLE and actor not in state.players:
        raise RuleError(f"{actor} is not playing at this table.")


def _as_player(state: State, action: Action) -> str:
    """The player a public card is played for: the actor, or the named player if the table acts."""
    if action.actor == TABLE:
        return _player_arg(state, action.args)
    named = action.args.get("player", action.actor)
    if named != action.actor:
        raise RuleError(f"{action.actor} can only play their own cards.")
    return action.actor


def _require_in(state: State, player: str) -> None:
    if state.characters_of(player) == 0:
        raise RuleError(f"{player} is out of the game and has no cards to play.")


def _pairs_get(pairs, key, default=0):
    for k, v in pairs:
        if k == key:
            return v
    return default


def _pairs_set(pairs, key, value):
    return tuple((k, v) for k, v in pairs if k != key) + ((key, value),)


def _left_of(state: State, player: str) -> str:
    """The next player still in, clockwise ("the player on your left"), never ``player``."""
    i = state.index(player)
    n = len(state.players)
    for step in range(1, n):
        other = state.players[(i + step) % n]
        if state.characters_of(other) > 0:
            return other
    raise RuleError("Nobody else is left in the game.")  # unreachable: 2 left ends the game


def _read_tally(args: Mapping[str, Any], call: VoteCall) -> tuple[tuple[str, int], ...]:
    """The counts of a Voting Box, read only if it holds every vote: "Everyone must vote." """
    if args.get("key") != call.key:
        raise RuleError("That result is for a vote the table is not waiting for.")
    counts = args.get("tally")
    if not isinstance(counts, Mapping):
        raise RuleError("The result must say how many votes each player got.")
    for name, count in counts.items():
        if name not in call.candidates:
            raise RuleError(f"The result names {name}, who was not on the ballot.")
        if isinstance(count, bool) or not isinstance(count, int) or count < 0:
            raise RuleError(f"{name}'s votes must be a whole number, not {count!r}.")
    cast = sum(counts.values())
    allowed = sum(call.votes_per_voter + call.extra_votes.get(v, 0) for v in call.voters)
    if cast > allowed:
        raise RuleError(f"The result holds {_plural(cast, 'vote')}, but only {allowed} could "
                        f"be cast.")
    if cast < allowed:
        raise RuleError(f"Everyone must vote: the box holds {_plural(cast, 'vote')} of "
                        f"{allowed}, so it is not read; finish the missing ballots by "
                        f"pass-and-play.")
    return tuple((c, int(counts.get(c, 0))) for c in call.candidates)


# --- voting out ----------------------------------------------------------------------------

def _turn_over(state: State, group: tuple[str, ...]) -> tuple[State, tuple[str, ...]]:
    """Each player of ``group`` turns over one Survivor Character Card; who is now out."""
    characters = list(state.characters)
    vote_cards = list(state.vote_cards)
    out = []
    for player in group:
        i = state.index(player)
        characters[i] -= 1
        if characters[i] == 0:
            # "put your cards face up on top of the Discard Pile": the Vote Card goes too
            vote_cards[i] = 0
            out.append(player)
    state = replace(state, characters=tuple(characters), vote_cards=tuple(vote_cards),
                    jury=state.jury + tuple(out))
    return state, tuple(out)


def _start_final(state: State, leader: str) -> State:
    """ "The moment there are only 2 players left in the game ... it's time to IMMEDIATELY start
    the Final Tribal Council"; "The player most recently eliminated is ... the Final Tribal
    Council Leader"."""
    finalists = state.still_in
    council = state.council
    if state.phase == COUNCIL and council is not None:
        council = replace(council, step=SPOKEN, choice=None, pick=None, queue=())
    return replace(state, phase=FINAL, turn=None, council=council,
                   final=Final(finalists=(finalists[0], finalists[1]), jury=state.jury,
                               leader=leader))


def _after_eliminations(state: State, together: tuple[str, ...]) -> State:
    """Start the Final Tribal Council if 2 are left; ``together`` went out at the same moment."""
    if len(state.still_in) != 2:
        return state
    if len(together) == 1:
        return _start_final(state, together[0])
    # Several went out at once: "the player most recently eliminated" is not one player.
    council = state.council
    if state.options.final_leader == "seat_order":
        start = state.index(council.leader)
        n = len(state.players)
        leader = next(state.players[(start + k) % n] for k in range(n)
                      if state.players[(start + k) % n] in together)
        return _start_final(state, leader)
    return replace(state, council=replace(council, step=CHOICE,
                                          choice=Choice(1, together, FINAL_LEADER)))


def _vote_out(state: State, group: tuple[str, ...]) -> State:
    """The players of ``group`` are voted out together (a tie voted out whole, or a pick)."""
    still = state.still_in
    last = tuple(p for p in group if state.characters_of(p) == 1)
    if len(still) - len(last) < 2:
        # "If there are only 3 players left and 2 players would be eliminated at the same time
        # ... the Tribal Council Leader decides which of the tied players is eliminated."
        choice = Choice(len(still) - 2, last, THREE_LEFT)
        return replace(state, council=replace(state.council, step=CHOICE, choice=choice))
    state, out = _turn_over(state, group)
    council = state.council
    state = replace(state, council=replace(council, voted_out=council.voted_out + group,
                                           eliminated=council.eliminated + out))
    return _after_eliminations(state, out)


def _three_left_at_once(state: State, choice: Choice) -> Choice:
    """ "If there are only 3 players left and 2 players would be eliminated at the same time
    ... the Tribal Council Leader decides which of the tied players is eliminated."

    When every pick the leader could make would leave fewer than 2 players (3 left, all tied
    on their last Survivor Character Card), the leader is asked that once: which one of the
    tied players is eliminated."""
    still = len(state.still_in)
    last = tuple(p for p in choice.pick_from if state.characters_of(p) == 1)
    fewest_out = max(0, choice.picks - (len(choice.pick_from) - len(last)))
    if still - fewest_out >= 2:
        return choice
    return Choice(still - 2, last, THREE_LEFT)


def _resolve(state: State) -> State:
    """Vote out, group by group, until the leader must choose or the Tribal Council is over."""
    while True:
        council = state.council
        if state.phase != COUNCIL or council.choice is not None:
            return state
        if council.queue:
            group = council.queue[0]
            state = replace(state, council=replace(council, queue=council.queue[1:]))
            state = _vote_out(state, group)
            continue
        if council.pick is not None:
            choice = _three_left_at_once(state, council.pick)
            return replace(state, council=replace(council, step=CHOICE, choice=choice,
                                                  pick=None))
        # "After voting has ended, return 1 Vote Card to every player who still has at least
        # one Survivor Character Card left in the game."
        vote_cards = tuple(1 if n > 0 else 0 for n in state.characters)
        return replace(state, vote_cards=vote_cards, council=replace(council, step=SPOKEN))


def _open_box(state: State) -> State:
    """Tally the votes, with the Idols played, and vote out whoever the votes decide."""
    council = state.council
    result = tally(dict(council.ballots), double=council.kind == DOUBLE,
                   players=state.still_in, idols=council.idols)
    pick = None
    if result.leader_picks:
        pick = Choice(result.leader_picks, result.pick_from,
                      TIE if result.pick_reason == "tie" else UNCLEAR)
    council = replace(council, step=READING, result=result, queue=result.groups, pick=pick)
    return _resolve(replace(state, council=council))


# --- the vote calls ------------------------------------------------------------------------

_COMPLETE = ({"complete": True} if "complete" in {f.name for f in fields(VoteCall)} else {})
"""Every Survivor vote must be complete ("Everyone must vote"; every juror points): the box
may not be closed short. Declared on the VoteCall once ``rules.VoteCall`` has the field; the
rules refuse a short box's result either way (:func:`_read_tally`)."""


def _votes_of(council: Council, player: str) -> int:
    """A voter's votes: Vote Cards and Tribal Advantage votes (fixed when the vote starts,
    and they MUST be used), plus the Extra Vote cards they play at the box."""
    return _pairs_get(council.allotment, player) + _pairs_get(council.extra, player)


def _council_call(state: State) -> VoteCall:
    council = state.council
    voters = tuple(v for v, _ in council.allotment)
    return VoteCall(
        key=f"tribal-council-{council.number}",
        question=f"Tribal Council {council.number} ({KIND_NAMES[council.kind]} Elimination): "
                 f"who do you vote out?",
        candidates=state.still_in,
        voters=voters,
        votes_per_voter=1,
        extra_votes={v: _votes_of(council, v) - 1 for v in voters
                     if _votes_of(council, v) > 1},
        self_vote=state.options.self_vote,
        reveal="one_by_one",
        # the box is read only after the Immunity Idol moment, and to the last vote: Idols
        # void votes, and a Double Elimination needs second place too
        readable=council.step == READING,
        stop_early=False,
        **_COMPLETE,
    )


def _final_call(state: State) -> VoteCall:
    final = state.final
    return VoteCall(
        key="final-tribal-council",
        question="Who should WIN Survivor?",
        candidates=final.finalists,
        voters=final.jury,
        votes_per_voter=1,
        extra_votes={},
        self_vote=False,
        reveal="all_at_once",
        **_COMPLETE,
    )


# --- the moves -----------------------------------------------------------------------------

def _start(state: State, action: Action) -> State:
    if action.actor != TABLE:
        raise RuleError("The table screen starts the game once the cards are set up.")
    first = action.args.get("first_player", state.players[0])
    if first not in state.players:
        raise RuleError(f"{first} is not playing at this table.")
    return replace(state, phase=TURN, turn=first)


def _check_turn_actor(state: State, action: Action) -> None:
    if action.actor not in (TABLE, state.turn):
        raise RuleError(f"It is {state.turn}'s turn: only {state.turn} draws now.")


def _draw_action(state: State, action: Action) -> State:
    _check_turn_actor(state, action)
    if state.single_left + state.double_left == 0:
        # Unreachable by the rules (see _draw_tribal_council), but never a silent draw.
        raise RuleError("The Draw Pile is empty.")
    return replace(state, turn=_left_of(state, state.turn))


def _draw_tribal_council(state: State, action: Action) -> State:
    _check_turn_actor(state, action)
    kind = action.args.get("kind")
    if kind not in (SINGLE, DOUBLE):
        raise RuleError('Say which Tribal Council card was drawn: "single" or "double".')
    # The cards of the Setup table turn over 2n - 2 characters in all (3 players: 4 Single;
    # 4: 2 + 2x2; 5: 2 + 3x2; 6: 5x2), and 2n - 2 of 2n characters leave at most 2 players in:
    # the Final Tribal Council always begins by the last card, "the bottom of the Draw Pile".
    single, double = state.single_left, state.double_left
    if kind == SINGLE:
        if single == 0:
            raise RuleError("No Single Elimination Tribal Council card is left in the Draw Pile.")
        single -= 1
    else:
        if double == 0:
            raise RuleError("No Double Elimination Tribal Council card is left in the Draw Pile.")
        double -= 1
    number = state.councils + 1
    return replace(state, phase=COUNCIL, single_left=single, double_left=double,
                   councils=number, council=Council(number=number, kind=kind, leader=state.turn))


def _turn_over_move(state: State, action: Action) -> State:
    """An Action card made a player turn over one of their Survivor Character Cards."""
    if action.actor != TABLE:
        raise RuleError("The table screen records a card turned over by an Action card.")
    player = _player_arg(state, action.args)
    _require_in(state, player)
    state, out = _turn_over(state, (player,))
    if out and len(state.still_in) == 2:
        return _start_final(state, player)
    if out and state.turn == player:
        state = replace(state, turn=_left_of(state, player))
    return state


def _take_vote_card(state: State, action: Action) -> State:
    """An Action or Tribal Advantage card took a player's Vote Card (to another player)."""
    if action.actor != TABLE:
        raise RuleError("The table screen records a Vote Card that changes hands.")
    if state.phase == COUNCIL and state.council.step not in (WELCOME, DISCUSSION):
        raise RuleError("Voting has started: no card can move a Vote Card now.")
    player = _player_arg(state, action.args)
    if state.vote_cards_of(player) == 0:
        raise RuleError(f"{player} has no Vote Card left.")
    vote_cards = list(state.vote_cards)
    vote_cards[state.index(player)] -= 1
    to = action.args.get("to")
    if to is not None:
        to = _player_arg(state, action.args, "to")
        if to == player:
            raise RuleError(f"{player} cannot take their own Vote Card.")
        _require_in(state, to)
        vote_cards[state.index(to)] += 1
    return replace(state, vote_cards=tuple(vote_cards))


def _leader_or_table(state: State, action: Action, what: str) -> None:
    leader = state.council.leader
    if action.actor not in (TABLE, leader):
        raise RuleError(f"{leader}, the Tribal Council Leader, {what}.")


def _step(state: State, *steps: str) -> None:
    council = state.council
    if council.step not in steps:
        raise RuleError(_NOT_NOW[council.step])


_NOT_NOW = {
    WELCOME: "Tribal Council has just begun: welcome everyone first.",
    DISCUSSION: "The table is still discussing: the vote has not started.",
    VOTE: "The vote is under way.",
    IDOLS: "This is the moment for Immunity Idols, before the box is opened.",
    READING: "The votes are being read.",
    CHOICE: "The Tribal Council Leader is deciding.",
    SPOKEN: "The Tribe Has Spoken: this Tribal Council is over.",
}


def _begin_discussion(state: State, action: Action) -> State:
    _leader_or_table(state, action, "starts the discussion")
    _step(state, WELCOME)
    return replace(state, council=replace(state.council, step=DISCUSSION))


def _play_tribal_advantage(state: State, action: Action) -> State:
    """ "If any votes are gained from a Tribal Advantage Card, they MUST be used during the
    current Tribal Council." Played face up, so the whole table knows."""
    if state.council.step not in (WELCOME, DISCUSSION):
        raise RuleError("Tribal Advantage cards can be played before the vote, NOT once "
                        "voting has started.")
    player = _as_player(state, action)
    _require_in(state, player)
    votes = _int_arg(action.args, "votes", 1, MAX_EXTRA_VOTES, "votes gained")
    council = state.council
    gained = _pairs_get(council.advantage, player) + votes
    if gained > MAX_EXTRA_VOTES:
        raise RuleError(f"{player} cannot gain more than {MAX_EXTRA_VOTES} votes.")
    return replace(state, council=replace(council, advantage=_pairs_set(council.advantage,
                                                                        player, gained)))


def _use_extra_votes(state: State, action: Action) -> State:
    """ "When the Voting Box is in front of you ... If you have Extra Vote Cards, you can use
    them against the same player, a different player, or save them for later."

    Played at the box, in secret: on the player's own phone, or on the table device handed to
    them (``player`` names them). They may be readied during the discussion and changed until
    the box has gone round; the ballot box refuses a change once that player has voted."""
    council = state.council
    if council.step not in (WELCOME, DISCUSSION, VOTE):
        raise RuleError("The Voting Box has gone round: Extra Vote cards go in with the vote.")
    player = _as_player(state, action)
    _require_in(state, player)
    count = _int_arg(action.args, "count", 0, MAX_EXTRA_VOTES, "number of Extra Vote cards")
    if council.step == VOTE:
        if player not in dict(council.allotment):
            raise RuleError(f"{player} has no vote at this Tribal Council: Extra Vote cards "
                            f"without a Vote Card are readied before the vote.")
        if _pairs_get(council.allotment, player) + count == 0:
            raise RuleError(f"{player} votes with Extra Vote cards only, so keeps at least one "
                            f"in the box.")
    extra = tuple((p, n) for p, n in council.extra if p != player)
    if count:
        extra += ((player, count),)
    return replace(state, council=replace(council, extra=extra))


def _start_vote(state: State, action: Action) -> State:
    _leader_or_table(state, action, "decides when discussion is over")
    _step(state, DISCUSSION)
    council = state.council
    allotment = []
    for player in state.still_in:
        # Vote Cards and Tribal Advantage votes MUST be used; Extra Vote cards stay apart,
        # played at the box. A player holding only Extra Vote cards votes too.
        must = state.vote_cards_of(player) + _pairs_get(council.advantage, player)
        if must or _pairs_get(council.extra, player):
            allotment.append((player, must))
    if not allotment:
        # Nobody can vote: the box stays empty and the leader decides ("Unclear").
        return replace(state, council=replace(council, step=IDOLS, allotment=(), ballots=()))
    return replace(state, council=replace(council, step=VOTE, allotment=tuple(allotment)))


def _open_eyes(state: State, action: Action) -> State:
    """ "Everyone must vote." Eyes open only once the Voting Box has gone round: the table
    screen, which sees the box, says who has voted (``key`` and ``voted``), and that must be
    every voter."""
    _leader_or_table(state, action, 'says "Everyone, open your eyes"')
    _step(state, VOTE)
    if action.actor != TABLE:
        raise RuleError("The table screen sees the Voting Box: it opens everyone's eyes once "
                        "everyone has voted.")
    call = _council_call(state)
    if action.args.get("key") != call.key:
        raise RuleError("Say which Voting Box has gone round.")
    voted = action.args.get("voted")
    if not isinstance(voted, (list, tuple)) or any(not isinstance(v, str) for v in voted):
        raise RuleError("Say who has voted.")
    missing = [v for v in call.voters if v not in voted]
    if missing:
        raise RuleError(f"Everyone must vote: {_names(missing)} "
                        f"{'has' if len(missing) == 1 else 'have'} not voted yet, so eyes "
                        f"stay closed.")
    return replace(state, council=replace(state.council, step=IDOLS))


def _council_vote_result(state: State, action: Action) -> State:
    council = state.council
    if council.step not in (VOTE, IDOLS, READING) or council.ballots is not None:
        raise RuleError("The table is not waiting for the votes of this Tribal Council.")
    ballots = _read_tally(action.args, _council_call(state))
    if council.step == READING:
        return _open_box(replace(state, council=replace(council, ballots=ballots)))
    # The box is full but stays closed: the Idol moment comes before the tally.
    return replace(state, council=replace(council, step=IDOLS, ballots=ballots))


def _play_idol(state: State, action: Action) -> State:
    """ "Any votes for a player who plays an Idol DO NOT count!" """
    council = state.council
    if council.step != IDOLS:
        if council.step == VOTE:
            raise RuleError("The Voting Box is still going round: Immunity Idols are played "
                            "after the vote, once everyone opens their eyes.")
        if council.step in (WELCOME, DISCUSSION):
            raise RuleError("Immunity Idols are played after the vote, before the box is "
                            "opened.")
        raise RuleError("The box is open: it is too late to play an Immunity Idol.")
    player = _as_player(state, action)
    _require_in(state, player)
    if player in council.idols:
        raise RuleError(f"{player} has already played an Immunity Idol at this Tribal Council.")
    return replace(state, council=replace(council, idols=council.idols + (player,)))


def _open_box_move(state: State, action: Action) -> State:
    _leader_or_table(state, action, "opens the box")
    _step(state, IDOLS)
    council = state.council
    if council.ballots is None:
        # The ballots are still in the companion's box: they are read now, then counted.
        return replace(state, council=replace(council, step=READING))
    return _open_box(state)


def _check_decider(action: Action, decider: str, role: str, what: str) -> None:
    """The decider decides on their own phone, or on the table device handed to them: the
    table screen (trusted: it holds the host key) then names them in ``by``."""
    if action.actor == decider or (action.actor == TABLE and action.args.get("by") == decider):
        return
    raise RuleError(f"Only {decider}, the {role}, {what}: on their phone, or on the table "
                    f"device handed to them.")


def _choose(state: State, action: Action) -> State:
    """The Tribal Council Leader resolves a tie or an unclear vote ("Ties")."""
    council = state.council
    if council.step != CHOICE or council.choice is None:
        raise RuleError("There is nothing for the Tribal Council Leader to decide now.")
    _check_decider(action, council.leader, "Tribal Council Leader", "decides")
    choice = council.choice
    chosen = action.args.get("players")
    if chosen is None and "player" in action.args:
        chosen = [action.args["player"]]
    if not isinstance(chosen, (list, tuple)) or any(not isinstance(p, str) for p in chosen):
        raise RuleError("Say which players the Tribal Council Leader chooses.")
    if len(set(chosen)) != len(chosen):
        raise RuleError("Choose different players.")
    if len(chosen) != choice.picks:
        raise RuleError(f"Choose exactly {_plural(choice.picks, 'player')} from "
                        f"{_names(choice.pick_from)}.")
    for name in chosen:
        if name not in choice.pick_from:
            raise RuleError(f"{name} is not among those to choose from: "
                            f"{_names(choice.pick_from)}.")
    group = tuple(p for p in choice.pick_from if p in chosen)  # seat order
    state = replace(state, council=replace(council, choice=None, step=READING))
    if choice.reason == FINAL_LEADER:
        return _start_final(state, group[0])
    if choice.reason == THREE_LEFT:
        # Only the chosen are eliminated; the Final Tribal Council begins at once.
        return _vote_out(state, group)
    council = state.council
    return _resolve(replace(state, council=replace(council, queue=(group,) + council.queue)))


def _end_tribal_council(state: State, action: Action) -> State:
    _leader_or_table(state, action, "ends Tribal Council")
    _step(state, SPOKEN)
    # "After Tribal, continue play with the player on your left."
    return replace(state, phase=TURN, turn=_left_of(state, state.council.leader))


def _start_jury_vote(state: State, action: Action) -> State:
    final = state.final
    if action.actor not in (TABLE, final.leader):
        raise RuleError(f"{final.leader}, the Final Tribal Council Leader, calls the jury vote.")
    if final.step != QUESTIONS:
        raise RuleError("The jury has already been called to vote.")
    return replace(state, final=replace(final, step=JURY_VOTE))


def _final_vote_result(state: State, action: Action) -> State:
    final = state.final
    if final.step != JURY_VOTE:
        raise RuleError("The table is not waiting for the jury's vote.")
    votes = _read_tally(action.args, _final_call(state))
    (a, va), (b, vb) = votes
    if va == vb:
        # "the Final Tribal Council Leader breaks the tie by choosing the winner"
        return replace(state, final=replace(final, step=TIE_BREAK, votes=votes))
    winner = a if va > vb else b
    return replace(state, phase=OVER, final=replace(final, step=DONE, votes=votes,
                                                    winner=winner))


def _break_tie(state: State, action: Action) -> State:
    final = state.final
    if final.step != TIE_BREAK:
        raise RuleError("There is no tie to break.")
    _check_decider(action, final.leader, "Final Tribal Council Leader", "breaks the tie")
    winner = action.args.get("winner")
    if winner not in final.finalists:
        raise RuleError(f"The winner is {final.finalists[0]} or {final.finalists[1]}.")
    return replace(state, phase=OVER, final=replace(final, step=DONE, winner=winner))


_MOVES: dict[str, dict[str, Callable[[State, Action], State]]] = {
    SETUP: {"start": _start},
    TURN: {
        "draw_action": _draw_action,
        "draw_tribal_council": _draw_tribal_council,
        "turn_over": _turn_over_move,
        "take_vote_card": _take_vote_card,
    },
    COUNCIL: {
        "begin_discussion": _begin_discussion,
        "play_tribal_advantage": _play_tribal_advantage,
        "use_extra_votes": _use_extra_votes,
        "take_vote_card": _take_vote_card,
        "start_vote": _start_vote,
        "open_eyes": _open_eyes,
        "vote_result": _council_vote_result,
        "play_idol": _play_idol,
        "open_box": _open_box_move,
        "choose": _choose,
        "end_tribal_council": _end_tribal_council,
    },
    FINAL: {
        "start_jury_vote": _start_jury_vote,
        "vote_result": _final_vote_result,
        "break_tie": _break_tie,
    },
    OVER: {},
}

_PHASE_WORDS = {
    SETUP: "the game has not started",
    TURN: "it is a player's turn",
    COUNCIL: "Tribal Council is under way",
    FINAL: "the Final Tribal Council is under way",
    OVER: "the game is over",
}


def _vote_result_actor(action: Action) -> None:
    if action.move == "vote_result" and action.actor != TABLE:
        raise RuleError("Votes come from the Voting Box, not from a player.")


