"""Survivor: The Tribe Has Spoken — properties that hold for any ballots and any moves."""
import json
from dataclasses import replace

from hypothesis import given, settings
from hypothesis import strategies as st

from rules import TABLE, Action, RuleError
from rules.survivor import GAME, tally

def english(lines) -> tuple:
    """The rules' sentences are messages: their English, to compare with the rule text."""
    return tuple(map(str, lines))


NAMES = ("Ann", "Bob", "Cid", "Dee", "Eve", "Fay")


# --- The tally -------------------------------------------------------------------------------

@st.composite
def tribal_councils(draw):
    n = draw(st.integers(3, 6))
    players = NAMES[:n]
    votes = draw(st.dictionaries(st.sampled_from(players), st.integers(0, 6)))
    idols = tuple(p for p in players if draw(st.booleans()) and draw(st.booleans()))
    return players, votes, idols, draw(st.booleans())


def rank(player, votes, idols):
    """The ladder of "Unclear Who Is Voted Out?": counted votes, then no votes, then Idols."""
    return (0, 0) if player in idols else (1, votes.get(player, 0))


@settings(max_examples=400, deadline=None)
@given(tribal_councils())
def test_any_ballots_vote_out_exactly_as_many_as_the_card_says(case):
    players, votes, idols, double = case
    result = tally(votes, double=double, players=players, idols=idols)
    card = 2 if double else 1
    assert len(result.out) + result.leader_picks == card
    assert len(set(result.out)) == len(result.out)  # "2 different players"
    assert set(result.out) <= set(players)
    assert tuple(p for group in result.groups for p in group) == result.out
    if result.leader_picks:
        # a real choice, among players not already voted out
        assert result.leader_picks < len(result.pick_from)
        assert not set(result.pick_from) & set(result.out)
        assert set(result.pick_from) <= set(players)
    else:
        assert result.pick_from == ()


@settings(max_examples=400, deadline=None)
@given(tribal_councils())
def test_never_an_immune_player_while_another_choice_exists(case):
    players, votes, idols, double = case
    result = tally(votes, double=double, players=players, idols=idols)
    card = 2 if double else 1
    if len(set(players) - set(idols)) >= card:
        assert not set(idols) & (set(result.out) | set(result.pick_from))


@settings(max_examples=400, deadline=None)
@given(tribal_councils())
def test_nobody_left_in_has_a_better_claim_to_be_voted_out(case):
    players, votes, idols, double = case
    result = tally(votes, double=double, players=players, idols=idols)
    safe = set(players) - set(result.out) - set(result.pick_from)
    picks = {rank(p, votes, idols) for p in result.pick_from}
    assert len(picks) <= 1  # the leader chooses among equals
    for voted in result.out:
        for other in safe | set(result.pick_from):
            assert rank(voted, votes, idols) > rank(other, votes, idols)
    for pick in result.pick_from:
        for other in safe:
            assert rank(pick, votes, idols) > rank(other, votes, idols)


# --- A whole Tribal Council in the game --------------------------------------------------------

def act(state, actor, move, **args):
    return GAME.apply(state, Action(actor, move, args))


def hold_tribal_council(data, state, kind):
    """A Tribal Council with random Tribal Advantage votes, ballots, Idols and leader's picks.

    Returns the state before the vote, the state at the end, and who played an Idol.
    """
    leader = state.turn
    state = act(state, leader, "draw_tribal_council", kind=kind)
    for player in state.still_in:
        gained = data.draw(st.integers(0, 2), label=f"advantage {player}")
        if gained:
            state = act(state, player, "play_tribal_advantage", votes=gained)
    state = act(act(state, leader, "begin_discussion"), leader, "start_vote")
    before = state
    call = GAME.vote_call(state)
    votes = {}
    for voter in call.voters:
        for _ in range(call.votes_of(voter)):
            choice = data.draw(st.sampled_from(call.candidates), label=f"{voter} votes")
            votes[choice] = votes.get(choice, 0) + 1
    state = act(state, TABLE, "vote_result", key=call.key, tally=votes)
    idols = data.draw(st.lists(st.sampled_from(before.still_in), unique=True), label="idols")
    for player in idols:
        state = act(state, player, "play_idol")
    state = act(state, leader, "open_box")
    while state.phase == "tribal_council" and state.council.choice is not None:
        choice = state.council.choice
        chosen = data.draw(st.lists(st.sampled_from(choice.pick_from), unique=True,
                                    min_size=choice.picks, max_size=choice.picks), label="pick")
        state = act(state, leader, "choose", players=chosen)
    return before, state, idols


def check_outcome(before, state, idols, kind):
    card = 2 if kind == "double" else 1
    turned = sum(before.characters) - sum(state.characters)
    voted_out = state.council.voted_out
    assert len(set(voted_out)) == len(voted_out) == turned
    if state.phase == "tribal_council":
        assert state.council.step == "spoken"
        assert turned == card
        assert len(state.still_in) > 2
        assert state.vote_cards == tuple(1 if c else 0 for c in state.characters)
    else:
        # capped: the Final Tribal Council begins the moment 2 players are left, never fewer
        assert state.phase == "final_tribal_council"
        assert len(state.still_in) == 2
        assert 1 <= turned <= card
        assert state.final.leader in state.council.eliminated
        assert state.final.jury == state.jury
    if len(set(before.still_in) - set(idols)) >= card:
        assert not set(voted_out) & set(idols)


@settings(max_examples=200, deadline=None)
@given(st.data())
def test_any_tribal_council_turns_over_as_many_characters_as_the_card_says(data):
    n = data.draw(st.integers(3, 6), label="players")
    state = act(GAME.setup(NAMES[:n], {}), TABLE, "start",
                first_player=data.draw(st.sampled_from(NAMES[:n]), label="leader"))
    # Action cards have turned over some characters already; at least 3 players are still in.
    for player in data.draw(st.lists(st.sampled_from(NAMES[:n]), max_size=8), label="lost"):
        if state.characters_of(player) > 1 or len(state.still_in) > 3 and (
                state.characters_of(player) == 1 and player != state.turn):
            state = act(state, TABLE, "turn_over", player=player)
    kinds = [k for k, left in (("single", state.single_left), ("double", state.double_left))
             if left]
    kind = data.draw(st.sampled_from(kinds), label="kind")
    check_outcome(*hold_tribal_council(data, state, kind), kind)


@settings(max_examples=200, deadline=None)
@given(st.data())
def test_with_three_players_left_a_double_elimination_never_leaves_fewer_than_two(data):
    n = data.draw(st.integers(4, 6), label="players")
    state = act(GAME.setup(NAMES[:n], {}), TABLE, "start")  # Ann leads
    for player in NAMES[3:n]:
        state = act(act(state, TABLE, "turn_over", player=player), TABLE, "turn_over",
                    player=player)
    for player in NAMES[:3]:
        if data.draw(st.integers(0, 3), label=f"{player} on the last character"):
            state = act(state, TABLE, "turn_over", player=player)
    check_outcome(*hold_tribal_council(data, state, "double"), "double")


# --- Any moves at all --------------------------------------------------------------------------

def candidate_actions(state):
    """Moves a table might try now: mostly sensible ones, with wrong actors and bad args."""
    players = list(state.players)
    anyone = players + [TABLE, "Zed"]
    acts = []
    for actor in anyone:
        acts += [Action(actor, "draw_action"), Action(actor, "begin_discussion"),
                 Action(actor, "start_vote"), Action(actor, "open_eyes"),
                 Action(actor, "open_box"), Action(actor, "end_tribal_council"),
                 Action(actor, "start_jury_vote"), Action(actor, "play_idol"),
                 Action(actor, "use_extra_votes", {"count": 1}),
                 Action(actor, "play_tribal_advantage", {"votes": 1})]
        for kind in ("single", "double", "triple"):
            acts.append(Action(actor, "draw_tribal_council", {"kind": kind}))
    for player in players + ["Zed", None, 3]:
        acts += [Action(TABLE, "turn_over", {"player": player}),
                 Action(TABLE, "take_vote_card", {"player": player, "to": players[0]}),
                 Action(TABLE, "play_idol", {"player": player}),
                 Action(TABLE, "start", {"first_player": player}),
                 Action(players[-1], "break_tie", {"winner": player})]
    acts += [Action(TABLE, "start"), Action("Ann", "use_extra_votes", {"count": -1}),
             Action("Ann", "play_tribal_advantage", {"votes": "2"}), Action(TABLE, "nonsense"),
             Action(TABLE, "vote_result", {"key": "x", "tally": {}})]
    call = GAME.vote_call(state)
    if call is not None:
        total = sum(call.votes_of(v) for v in call.voters)
        for i, c in enumerate(call.candidates):
            others = [o for o in call.candidates if o != c]
            acts.append(Action(TABLE, "vote_result", {"key": call.key, "tally": {c: total}}))
            acts.append(Action(TABLE, "vote_result", {
                "key": call.key, "tally": {c: total // 2, others[i % len(others)]: total // 2}}))
        acts.append(Action(TABLE, "vote_result", {"key": call.key,
                                                  "tally": {call.candidates[0]: total + 1}}))
        acts.append(Action(TABLE, "vote_result", {"key": call.key,
                                                  "tally": {call.candidates[0]: total - 1}}))
        # the table screen sees the box come back, whole or short
        acts.append(Action(TABLE, "open_eyes", {"key": call.key, "voted": list(call.voters)}))
        acts.append(Action(TABLE, "open_eyes", {"key": call.key,
                                                "voted": list(call.voters[1:])}))
    for player in players:
        acts.append(Action(TABLE, "use_extra_votes", {"player": player, "count": 1}))
    council = state.council
    if council is not None and council.choice is not None:
        pool = council.choice.pick_from
        for i in range(len(pool)):
            chosen = [pool[(i + j) % len(pool)] for j in range(council.choice.picks)]
            acts.append(Action(council.leader, "choose", {"players": chosen}))
        acts.append(Action(TABLE, "choose", {"players": list(pool[:1])}))
        acts.append(Action(TABLE, "choose", {"players": list(pool[:council.choice.picks]),
                                             "by": council.leader}))
        acts.append(Action(council.leader, "choose", {"players": ["Zed"]}))
    if state.final is not None:
        for winner in state.final.finalists:
            acts.append(Action(state.final.leader, "break_tie", {"winner": winner}))
            acts.append(Action(TABLE, "break_tie", {"winner": winner, "by": state.final.leader}))
    return acts


def applies(state, action):
    try:
        GAME.apply(state, action)
    except RuleError:
        return False
    return True


def check_invariants(state):
    still = state.still_in
    assert all(0 <= c <= 2 for c in state.characters)
    assert all(v >= 0 for v in state.vote_cards)
    assert len(set(state.jury)) == len(state.jury)
    assert set(state.jury) == {p for p in state.players if state.characters_of(p) == 0}
    assert len(still) >= 2
    if len(still) == 2:
        assert state.phase in ("final_tribal_council", "over") or (
            state.council.choice is not None and state.council.choice.reason == "final_leader")
    if state.phase == "turn":
        assert state.turn in still
        assert state.single_left + state.double_left > 0  # the last card always ends it
    if state.phase == "over":
        assert state.winner in state.final.finalists
    call = GAME.vote_call(state)
    if call is not None:
        assert call.voters
        assert set(call.candidates) <= set(still)
    table = GAME.view(state, None)
    text = json.dumps(table)
    assert "you" not in table
    assert "your_extra_vote_cards" not in text and "your_votes" not in text
    if table["council"] is not None and not table["council"]["box_opened"]:
        assert table["council"]["votes"] is None
    for seat in state.players:
        json.dumps(GAME.view(state, seat))
    assert all(isinstance(line, str) for line in english(GAME.reminders(state)))
    check_extra_votes_secret(state)
    check_the_screens_payload(state)


def check_the_screens_payload(state):
    """The step track has one marker, on the step the Tribal Council is at; the decision is
    asked as "you" ("The Tribal Council Leader gets to decide") on the leader's screen only."""
    if state.council is None:
        return
    steps = GAME.view(state, None)["council"]["steps"]
    assert sum(s["now"] for s in steps) == 1
    here = [s["now"] for s in steps].index(True)
    assert all(s["done"] for s in steps[:here]) and not any(s["done"] for s in steps[here:])
    for seat in state.players:
        asked = "your_question" in GAME.view(state, seat)["council"]
        assert asked == (state.council.choice is not None and seat == state.council.leader)


def check_extra_votes_secret(state):
    """ "You CAN'T show another player your cards unless a card makes you": a seat's view is
    the same whatever Extra Vote cards the other players set."""
    if state.council is None:
        return
    for seat in (None, *state.players):
        mine = tuple((p, n) for p, n in state.council.extra if p == seat)
        hidden = replace(state, council=replace(state.council, extra=mine))
        assert GAME.view(state, seat) == GAME.view(hidden, seat)


@settings(max_examples=60, deadline=None)
@given(st.integers(3, 6), st.data())
def test_any_sequence_of_moves_applies_or_is_refused_in_words(n, data):
    state = GAME.setup(NAMES[:n], {})
    for _ in range(80):
        actions = candidate_actions(state)
        if data.draw(st.integers(0, 3)):  # mostly a move the rules accept, so the game goes on
            actions = [a for a in actions if applies(state, a)] or actions
        action = data.draw(st.sampled_from(actions))
        try:
            after = GAME.apply(state, action)
        except RuleError as refusal:
            assert str(refusal)
            continue
        line = str(GAME.describe(state, action, after))
        # words for every move, but a secret one applied: it leaves no line (Move.secret)
        assert isinstance(line, str) and (line or GAME.moves[action.move].secret)
        if action.move == "vote_result":
            # "Everyone must vote": a box is read only when it holds every vote
            call = GAME.vote_call(state)
            assert sum(action.args["tally"].values()) == sum(
                call.votes_of(v) for v in call.voters)
        if action.move in ("open_eyes", "play_idol"):
            assert state.council.step != "vote" or action.move == "open_eyes" and set(
                action.args["voted"]) >= set(GAME.vote_call(state).voters)
        check_invariants(after)
        state = after
