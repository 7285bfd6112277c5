"""Castaways: random action sequences never break the gauges, the counts or the secrecy of
who owns which Castaway. Every action either applies or is refused with a RuleError."""
import json
from dataclasses import replace

from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from rules import TABLE, Action, RuleError
from rules.base import ANYONE, PLAYER, MoveNotAllowed
from rules.castaways import GAME, MERGE_AT
from rules.castaways.camp import swap_turn
from rules.castaways.core import alive, forced_turn, in_game_players, protected_social
from rules.castaways.outcast import eligible_castaways, tribunal_votes
from rules.castaways.rounds import sit_out_needed

ARCH = ("Physical", "Mental", "Social")
ROSTER = [{"name": f"{a} {i}", "archetype": a,
           "traits": {"Strength": (i * 3) % 7 + 2, "Speed": i + 2, "Balance": 9 - i,
                      "Endurance": i}}
          for a in ARCH for i in range(1, 7)]
NAMES = [c["name"] for c in ROSTER]
ARCHETYPE = {c["name"]: c["archetype"] for c in ROSTER}


def T(move, **args):
    return Action(TABLE, move, args)


# -- a driver that mostly moves the game on, and sometimes does anything at all -------------

def tally_for(d, candidates, voters, extra):
    votes = len(voters) + sum(extra.values())
    cast = d(st.integers(max(0, votes - 1), votes))
    tally = {c: 0 for c in candidates}
    for _ in range(cast):
        tally[candidates[d(st.integers(0, len(candidates) - 1))]] += 1
    return tally


def smart(state, d):
    phase = state.phase
    if phase == "deal":
        teams = {"Team 1": [], "Team 2": []}
        for a in ARCH:
            group = d(st.permutations([n for n in NAMES if ARCHETYPE[n] == a]))
            teams["Team 1"] += group[:3]
            teams["Team 2"] += group[3:]
        return T("deal", teams=teams)
    if phase == "picks":
        owned = {c for c, _ in state.owners}
        still = [p for p in state.players
                 if sum(1 for _, o in state.owners if o == p) < state.per_player]
        p = d(st.sampled_from(still))
        team = dict(state.player_team)[p]
        stacks = dict(state.stacks)
        free = [i for i, c in enumerate(stacks[team], 1) if c not in owned]
        if not free:
            team = "Team 2" if team == "Team 1" else "Team 1"
            free = [i for i, c in enumerate(stacks[team], 1) if c not in owned]
        return Action(p, "pick", {"card": d(st.sampled_from(free)), "team": team})
    if phase == "team_leader":
        return T("roll_team_leader", rolls={"Team 1": d(st.integers(1, 6)),
                                            "Team 2": d(st.integers(1, 6))})
    if state.pending_evacuations:
        return T("medical_evacuation", castaway=state.pending_evacuations[0])
    if state.merge_checklist:
        return T("confirm_merge")
    here = alive(state)
    if phase in ("daily_mail", "camp_life", "camp", "challenge", "tribunal") and \
            d(st.integers(0, 4)) == 0:
        hit = d(st.lists(st.sampled_from(here), min_size=1, max_size=4, unique=True))
        return T("adjust_health", castaways=hit, delta=d(st.sampled_from([-6, -3, -1, 1, 2, 11])))
    if phase in ("daily_mail", "camp_life"):
        if d(st.integers(0, 3)) == 0:
            return T("mark_must_play", player=d(st.sampled_from(in_game_players(state))),
                     count=d(st.integers(0, 2)))
        return T("next_phase")
    if phase == "camp":
        if state.swap is not None:
            turn = swap_turn(state.swap)
            if turn:
                chosen = d(st.sampled_from(state.swap.to_pick))
                return Action(turn, "swap_pick", {"player": chosen})
            split = {state.swap.holder_team: [], state.swap.captain_team: []}
            for a in ARCH:
                group = d(st.permutations([c for c in here if ARCHETYPE[c] == a]))
                half = (len(group) + 1) // 2
                split[state.swap.holder_team] += group[:half]
                split[state.swap.captain_team] += group[half:]
            return T("swap_split", teams=split)
        if state.forced is not None:
            return Action(forced_turn(state), "play_card", {"must_play": True})
        holders = [p for p, n in state.must_play if n > 0]
        if holders:
            if d(st.booleans()):
                return T("start_forced_play")
            return Action(d(st.sampled_from(holders)), "play_card", {"must_play": True})
        if state.options.team_swap and not state.swapped and d(st.integers(0, 2)) == 0:
            players = in_game_players(state)
            return Action(players[0], "team_swap", {"captain": players[-1]})
        return T("next_phase")
    if phase == "challenge":
        team, needed = sit_out_needed(state)
        if needed and len(state.sit_outs) != needed and not state.challenge_revealed:
            lineup = d(st.permutations(dict(state.lineups)[team]))
            fresh = [c for c in lineup if c not in state.last_sit_outs]
            chosen = (fresh + [c for c in lineup if c not in fresh])[:needed]
            return T("sit_out", castaways=chosen)
        if not state.challenge_revealed:
            return T("reveal_challenge")
        if state.challenge_reroll:
            return T("challenge_roll_off",
                     rolls={c: d(st.integers(1, 6)) for c in state.challenge_reroll})
        field = [c for c in here if c not in state.sit_outs and c not in state.challenge_out]
        if state.challenge_winner is None and len(field) >= 2 and d(st.integers(0, 3)) == 0:
            tied = d(st.lists(st.sampled_from(field), min_size=2, max_size=5, unique=True))
            return T("challenge_roll_off", out=d(st.integers(1, len(tied) - 1)),
                     rolls={c: d(st.integers(1, 6)) for c in tied})
        if state.challenge_winner is None:
            if state.merged:
                return T("challenge_result", winner=d(st.sampled_from(here)))
            return T("challenge_result", winner=d(st.sampled_from(["Team 1", "Team 2"])))
        return T("next_phase")
    if phase == "tribunal":
        trib = state.tribunal
        if trib is None or trib.step == "done":
            if trib is not None and not trib.double and d(st.integers(0, 5)) == 0:
                return T("double_vote_out")
            return T("next_phase")
        if trib.step == "incite":
            return T("tribal_twist")
        if trib.step == "vote_twist":
            return T("vote_twist", timing=d(st.sampled_from(["before", "after"])))
        if trib.step == "advantages":
            choice = d(st.integers(0, 5))
            ballot = eligible_castaways(state, trib)
            voters, _ = tribunal_votes(state, trib)
            if choice == 0 and ballot and voters:
                return Action(d(st.sampled_from(voters)), "play_advantage",
                              {"safe": [d(st.sampled_from(ballot))]})
            if choice == 1 and voters:
                return T("play_advantage", player=d(st.sampled_from(voters)),
                         extra_votes={d(st.sampled_from(voters)): 1})
            return T("open_vote")
        if trib.step == "vote":
            call = GAME.vote_call(state)
            return T("vote_result", key=call.key,
                     tally=tally_for(d, call.candidates, call.voters, dict(call.extra_votes)))
        if trib.step == "dice":
            return T("roll_off", rolls={c: d(st.integers(1, 6)) for c in trib.dice_for})
    if phase == "final":
        if not state.final.voting:
            return T("open_final_vote")
        call = GAME.vote_call(state)
        return T("vote_result", key=call.key,
                 tally=tally_for(d, call.candidates, call.voters, {}))
    return T("next_phase")


def anything(state, d):
    """Any move, often with nonsense: it must apply or be refused with a RuleError."""
    people = list(state.players) + [TABLE, "Zed"]
    cast = NAMES + ["Nobody", 7, None]
    actor = d(st.sampled_from(people))
    c = d(st.sampled_from(cast))
    move = d(st.sampled_from([
        "adjust_health", "set_health", "medical_evacuation", "remove_castaway",
        "mark_must_play", "start_forced_play", "play_card", "team_swap", "swap_pick",
        "sit_out", "reveal_challenge", "challenge_result", "challenge_penalty",
        "obstacle_stage", "coconut_toss", "grant_amulet", "tribal_twist", "vote_twist",
        "play_advantage", "return_advantage", "double_vote_out", "open_vote", "vote_result",
        "roll_off", "pass_leader", "set_leader_order", "arrange_lineup", "pick", "deal",
        "next_phase", "confirm_merge", "open_final_vote", "challenge_roll_off", "fly_away",
    ]))
    args = {
        "castaway": lambda: c, "castaways": lambda: [c], "delta": lambda: d(st.integers(-12, 12)),
        "value": lambda: d(st.integers(-2, 12)), "player": lambda: d(st.sampled_from(people)),
        "count": lambda: d(st.integers(-1, 3)),
        "must_play": lambda: d(st.sampled_from([True, False, "yes"])),
        "captain": lambda: d(st.sampled_from(people)),
        "winner": lambda: d(st.sampled_from(cast + ["Team 1"])),
        "team": lambda: d(st.sampled_from(["Team 1", "Team 2", "Merged tribe", 3])),
        "safe": lambda: [c], "leave_tribunal": lambda: [c],
        "timing": lambda: d(st.sampled_from(["before", "after", 1])),
        "index": lambda: d(st.integers(0, 3)), "rolls": lambda: {str(c): 3},
        "card": lambda: d(st.integers(0, 10)), "key": lambda: "tribunal-1-1",
        "tally": lambda: {str(c): 1}, "requirements": lambda: {"Strength": 7},
        "order": lambda: [c],
        "extra_votes": lambda: {d(st.sampled_from(people)): d(st.integers(0, 2))},
        "did_not_compete": lambda: [c],
        "reason": lambda: d(st.sampled_from(["quit", "card", "boredom"])),
        "out": lambda: d(st.integers(0, 3)),
        "instead_of": lambda: d(st.sampled_from(cast)),
    }
    keep = d(st.sets(st.sampled_from(sorted(args)), max_size=4))
    return Action(actor, move, {k: args[k]() for k in sorted(keep)})


# -- invariants -----------------------------------------------------------------------------

def swapped_owners(state, seat):
    """The same game with two hidden owners exchanged (neither Castaway belongs to ``seat``)."""
    revealed = {d.castaway for d in state.departed}
    owners = dict(state.owners)
    hidden = [c for c in alive(state) if c not in revealed and owners.get(c) != seat]
    for i, a in enumerate(hidden):
        for b in hidden[i + 1:]:
            if owners.get(a) != owners.get(b):
                if state.phase == "picks" and (a not in owners or b not in owners):
                    continue  # during the picks a taken card is public, its owner is not
                new = {**owners}
                new.pop(a, None), new.pop(b, None)
                if b in owners:
                    new[a] = owners[b]
                if a in owners:
                    new[b] = owners[a]
                return replace(state, owners=tuple(new.items()))
    return None


def check(state, d):
    if state.phase == "deal":
        return
    health = dict(state.health)
    assert all(0 <= v <= 10 for v in health.values())
    here = alive(state)
    assert len(here) == len(set(here))
    assert len(here) + len(state.departed) == 18
    owners = [c for c, _ in state.owners]
    assert len(owners) == len(set(owners))
    counts = {p: sum(1 for _, o in state.owners if o == p) for p in state.players}
    assert all(n <= state.per_player for n in counts.values())
    if state.phase not in ("picks",):
        assert all(n == state.per_player for n in counts.values())
        owner = dict(state.owners)
        with_castaway = {owner[c] for c in here if c in owner}
        assert set(in_game_players(state)) == with_castaway
        if state.phase not in ("team_leader",):
            assert state.team_leader in in_game_players(state) or state.phase in ("final", "over")
    if not state.merged:
        # "down to the final 10 ... the teams will merge ... immediately": only the
        # Tribunal's own vote waits for its end (a Double Vote Out at 11 merges at 9).
        assert len(here) > MERGE_AT or state.phase in ("final", "over") or (
            state.phase == "tribunal" and state.tribunal is not None and state.tribunal.outs)
        assert len(state.lineups) == 2
        for team, lineup in state.lineups:
            assert all(dict(state.castaway_team)[c] == team for c in lineup)
            if len(here) >= MERGE_AT + 1:
                # "There must always be 1 Social Castaway up until the teams have merged."
                assert any(ARCHETYPE[c] == "Social" for c in lineup), (team, lineup)
    else:
        assert len(here) <= MERGE_AT and len(state.lineups) == 1
    call = GAME.vote_call(state)
    if call is not None:
        assert set(call.voters) <= set(in_game_players(state)) | set(
            state.final.panel if state.final else ())
        if state.phase == "tribunal":
            assert set(call.candidates) <= set(here)
            assert not any(protected_social(state, c) for c in call.candidates)
    if state.final is not None:
        assert len(state.final.panel) % 2 == 1
        assert not set(state.final.panel) & set(state.final.finalists)
    # Secrecy: the table and a phone see the same thing whoever owns the others' Castaways.
    seat = d(st.sampled_from((None,) + state.players))
    view = GAME.view(state, seat)
    json.dumps(view)
    if state.phase != "over":
        departed = {x.castaway for x in state.departed}
        for team in view["teams"]:
            for c in team["lineup"]:
                if c["owner"] is not None:
                    assert seat is not None and c["owner"] == seat and c["mine"]
                assert c["name"] not in departed
        other = swapped_owners(state, seat)
        if other is not None:
            assert GAME.view(other, seat) == view
            assert GAME.reminders(other) == GAME.reminders(state)
            assert GAME.vote_call(other) == GAME.vote_call(state)
            # the buttons a screen is offered give no owner away either
            actor = TABLE if seat is None else seat
            assert GAME.legal_moves(other, actor) == GAME.legal_moves(state, actor)


players_count = st.sampled_from([5, 6, 7, 8, 9, 10, 12, 18])


@settings(max_examples=50, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(n=players_count, swap=st.booleans(), second=st.booleans(), pass_each=st.booleans(),
       data=st.data())
def test_random_games_keep_gauges_counts_and_secrets(n, swap, second, pass_each, data):
    d = data.draw
    players = tuple(f"P{i}" for i in range(1, n + 1))
    state = GAME.setup(players, {"castaways": ROSTER, "team_swap": swap,
                                 "second_advantage_round": second,
                                 "pass_leader_each_round": pass_each})
    for _ in range(d(st.integers(20, 320))):
        if state.phase == "over":
            break
        action = smart(state, d) if d(st.integers(0, 9)) < 8 else anything(state, d)
        try:
            after = GAME.apply(state, action)
        except RuleError:
            continue
        # a move the rules take was offered to its actor: a screen never misses a button
        # (the ballot box's count, an internal move, is never a button)
        assert action.move in GAME.legal_moves(state, action.actor) or \
            GAME.moves[action.move].internal
        if state.pending_evacuations and state.phase == "challenge":
            # A due Medical Evacuation comes before any sit-out, card or result.
            assert (after.sit_outs, after.challenge_revealed, after.challenge_winner) == (
                state.sit_outs, state.challenge_revealed, state.challenge_winner) or (
                len(after.departed) > len(state.departed))
        line = GAME.describe(state, action, after)
        assert line
        if len(after.departed) == len(state.departed):
            # The history names an owner only when a Castaway leaves.
            other = swapped_owners(state, None)
            if other is not None:
                assert GAME.describe(other, action, GAME.apply(other, action)) == line
        state = after
        check(state, d)
    event(f"ended in {state.phase}{' merged' if state.merged else ''}")


junk = st.recursive(st.none() | st.booleans() | st.integers(-3, 20) | st.text(max_size=6),
                    lambda inner: st.lists(inner, max_size=4)
                    | st.dictionaries(st.text(max_size=6), inner, max_size=4), max_leaves=8)


@settings(max_examples=150, deadline=None)
@given(players=st.lists(st.text(max_size=5) | st.integers(), max_size=20),
       options=st.dictionaries(st.sampled_from(["teams", "team_names", "tribe_name", "castaways",
                                                "team_swap", "second_advantage_round",
                                                "pass_leader_each_round"]), junk, max_size=4))
def test_any_setup_either_starts_a_game_or_is_refused(players, options):
    try:
        state = GAME.setup(tuple(players), options)
    except RuleError:
        return
    assert 5 <= len(state.players) <= 18
    json.dumps(GAME.view(state, None))


# -- the guards are the move table's: legal_moves and apply agree ----------------------------

def first_refusal(state, actor, move):
    """The sentence of the guard that refuses ``move`` first, when it is a game guard: the
    game's over every move (a stranger at the table, the game over), then the move's own
    (``allowed``), once its actor and phase fit; None otherwise (the base's own refusals)."""
    if actor != TABLE and actor not in state.players:
        return f"{actor} is not playing this game."
    if state.phase == "over":
        return "The game is over."
    actor_fits = (actor in state.players if move.by == PLAYER else
                  actor == TABLE or actor in state.players if move.by == ANYONE else
                  actor == TABLE)
    if actor_fits and state.phase in move.phases and move.allowed is not None:
        return move.allowed(state, actor)
    return None


def agree(state, actor):
    """A move ``legal_moves`` offers passes every guard (``apply`` may still refuse its
    arguments, never its actor or moment); a move it does not offer is refused by a guard,
    with that guard's sentence."""
    offered = GAME.legal_moves(state, actor)
    for name, move in GAME.moves.items():
        if move.internal:
            continue
        try:
            GAME.apply(state, Action(actor, name, {}))
        except MoveNotAllowed as refusal:
            assert name not in offered, f"{name} is offered to {actor} but refused: {refusal}"
            sentence = first_refusal(state, actor, move)
            assert sentence is None or str(refusal) == str(sentence), (
                name, actor, str(refusal))
        except RuleError:
            assert name in offered, f"{name} passed its guards for {actor}, yet is not offered"
        else:
            assert name in offered, f"{name} applied for {actor}, yet is not offered"


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(n=players_count, swap=st.booleans(), data=st.data())
def test_legal_moves_and_apply_agree_through_every_guard(n, swap, data):
    """Castaways' guards, the game's over every move among them, live in the move table:
    what a screen offers, ``apply`` accepts, and what it does not, ``apply`` refuses with the
    guard's own sentence. Once the game is over nobody may move, and a stranger never."""
    d = data.draw
    players = tuple(f"P{i}" for i in range(1, n + 1))
    state = GAME.setup(players, {"castaways": ROSTER, "team_swap": swap})
    for _ in range(d(st.integers(10, 400))):
        action = smart(state, d) if d(st.integers(0, 9)) < 8 else anything(state, d)
        for actor in {action.actor, d(st.sampled_from((TABLE, "Zed") + players))}:
            agree(state, actor)
        if state.phase == "over":
            break
        try:
            state = GAME.apply(state, action)
        except RuleError:
            continue
    if state.phase == "over":
        for actor in (TABLE, "Zed") + players:
            assert GAME.legal_moves(state, actor) == ()
            agree(state, actor)
    assert GAME.legal_moves(state, "Zed") == ()
    event(f"ended in {state.phase}")
