"""Castle Party property tests: random castles and random move sequences."""
import json

from hypothesis import assume, given, settings
from hypothesis import strategies as st

from rules import TABLE, Action, RuleError
from rules.base import MoveNotAllowed
from rules.castle_party.figure import normalised
from rules.castle_party.figure import turned as turned_figure
from rules.castle_party.moves import connected
from rules.castle_party import (
    BASIC_LAYOUT,
    GATHERING_READINGS,
    EVENTS,
    GAME,
    RAVE_LAYOUT,
    SPECIAL_ACTIONS,
    Castle,
    conga,
    fireworks,
    score,
    toast,
)


def reminders(state) -> tuple[str, ...]:
    """The reminders' English (the rules say messages: str() is the English)."""
    return tuple(map(str, GAME.reminders(state)))


def describe(before, action, after) -> str:
    return str(GAME.describe(before, action, after))

SMALL = """
~ ~ ~ ~ ~ ~
~ ^ . ^ s ~
~ . v . . ~
~ # . ^ g ~
~ ~ = ~ ~ ~
"""
LAYOUTS = [BASIC_LAYOUT, RAVE_LAYOUT, SMALL]
# Families drawn more often than the rare cards, as at the table.
GUESTS = "......SSSWWWVVVGGGFFFswvgfUUP"


@st.composite
def castles(draw):
    """A legal castle: random guests, then the refused ones wiped (gathering points of another
    family, a second King/Queen, a sixth Unicorn, a second Pumpkin King, no square)."""
    layout = draw(st.sampled_from(LAYOUTS))
    empty = Castle.from_text(layout, "")
    cells = draw(
        st.lists(
            st.sampled_from(GUESTS),
            min_size=empty.rows * empty.columns,
            max_size=empty.rows * empty.columns,
        )
    )
    seen: set[str] = set()
    unicorns = 0
    rows = []
    for row in range(empty.rows):
        line = []
        for column in range(empty.columns):
            guest = cells[row * empty.columns + column]
            kind = empty.square((row, column))
            if kind == "#" or (kind in "swvgf" and guest.upper() != kind.upper()):
                guest = "."
            if guest in "swvgfP":
                if guest in seen:
                    guest = "."
                seen.add(guest)
            if guest == "U":
                unicorns += 1
                if unicorns > 5:
                    guest = "."
            line.append(guest)
        rows.append("".join(line))
    return Castle(empty.layout, tuple(rows))


events = st.dictionaries(st.sampled_from(EVENTS), st.integers(0, 20), max_size=3)


@settings(max_examples=150, deadline=None)
@given(castles(), st.integers(0, 3), events)
def test_the_total_is_always_the_sum_of_its_breakdown(castle, unused, noted):
    s = score(castle, unused_special_actions=unused, events=noted)
    assert s.total == sum(points for _, points in s.lines())
    assert s.total == sum(points for _, points in s.categories())
    assert s.total == (
        sum(g.points for g in s.groups)
        + s.unicorns
        + s.special_actions
        + s.moat
        + sum(points for _, points in s.events)
        + sum(points for _, points in s.gathering_points)
    )
    assert all(0 <= g.king_bonus <= 8 for g in s.groups)
    assert all(0 <= points <= 4 for _, points in s.gathering_points)
    assert conga(castle) == max(g.size for g in s.groups)


@settings(max_examples=150, deadline=None)
@given(castles(), st.integers(0, 3), events, st.data())
def test_a_guest_added_on_an_empty_moat_square_lowers_the_total_by_exactly_one(
    castle, unused, noted, data
):
    moat = [at for at in castle.squares() if castle.square(at) == "~" and castle.guest(at) == "."]
    assume(moat)
    at = data.draw(st.sampled_from(moat))
    present = [guest for _, guest in castle.occupied()]
    choices = list("SWVGF") + [king for king in "swvgf" if king not in present]
    if present.count("U") < 5:
        choices.append("U")
    guest = data.draw(st.sampled_from(choices))
    before = score(castle, unused_special_actions=unused, events=noted).total
    after = score(castle.place(at, guest), unused_special_actions=unused, events=noted).total
    assert after == before - 1


@settings(max_examples=100, deadline=None)
@given(castles(), st.data())
def test_events_stay_within_what_the_board_allows(castle, data):
    windows = sum(1 for at in castle.squares() if castle.square(at) == "^")
    assert 0 <= fireworks(castle) <= windows
    row = data.draw(st.integers(-1, castle.rows))
    column = data.draw(st.integers(-1, castle.columns))
    try:
        points = toast(castle, at=(row, column))
    except RuleError:
        return
    assert 0 <= points <= 8


# -- random games --------------------------------------------------------------------------------
PLAYERS = ("Ann", "Bob", "Cid")
# Mostly sensible values, now and then a wrong one: every kind of move gets accepted often.
square = st.one_of(
    st.lists(st.integers(0, 11), min_size=2, max_size=2),
    st.lists(st.integers(-2, 14), min_size=2, max_size=2),
    st.just("C3"),
)
guest = st.sampled_from(list("SSWWVVGGFFswvgfUUPX."))
player = st.sampled_from(PLAYERS + PLAYERS + PLAYERS + (TABLE, "Zed"))
table = st.sampled_from((TABLE,) * 5 + ("Ann",))


def _moves():
    return st.one_of(
        st.builds(lambda a, s, g: Action(a, "place", {"square": s, "guest": g}), player, square, guest),
        st.builds(
            lambda a, members: Action(
                a, "place_group", {"group": [{"square": s, "guest": g} for s, g in members]}
            ),
            player,
            st.lists(st.tuples(square, guest), min_size=1, max_size=5),
        ),
        st.builds(lambda a, s: Action(a, "remove", {"square": s}), player, square),
        st.builds(
            lambda a, x: Action(a, "special_action", {"action": x}),
            player,
            st.sampled_from(SPECIAL_ACTIONS * 3 + ("disco",)),
        ),
        st.builds(lambda a: Action(a, "reveal_clock", {}), table),
        st.builds(
            lambda a, e, s: Action(a, "score_event", {"event": e, "square": s}),
            player,
            st.sampled_from(EVENTS * 3 + ("limbo",)),
            st.one_of(st.none(), square),
        ),
        st.builds(lambda a, e, s: Action(a, "score_event", {"event": e, "square": s}),
                  player, st.just("toast"), square),
        st.builds(lambda a: Action(a, "score_event", {"event": "fireworks"}), player),
        st.builds(lambda a: Action(a, "score_event", {"event": "conga"}), player),
        st.builds(lambda a: Action(a, "set_layout", {"layout": "~ . . ~"}), table),
        st.builds(lambda a: Action(a, "reveal_shape", {}), player),
        st.builds(lambda a: Action(a, "pass_special", {}), player),
        st.builds(lambda a, e: Action(a, "pass_special", {"everyone": e}), player, st.booleans()),
        st.builds(
            lambda a, top, left, cells: Action(a, "place_group", {"group": [
                {"square": [top + dr, left + dc], "guest": g} for (dr, dc), g in cells]}),
            player, st.integers(-3, 12), st.integers(-3, 12),
            st.lists(st.tuples(st.sampled_from([(0, 0), (0, 1), (1, 0), (1, 1), (2, 0), (0, 2)]),
                               guest), min_size=1, max_size=4, unique_by=lambda c: c[0]),
        ),
        st.builds(  # the table enters the figure laid out on the table
            lambda a, cells: Action(a, "set_group", {"group": [
                {"square": list(at), "guest": g} for at, g in cells]}),
            table,
            st.lists(st.tuples(st.sampled_from([(0, 0), (0, 1), (1, 1), (1, 2), (2, 1), (0, 3),
                                                (9, 9)]), guest),
                     min_size=1, max_size=5, unique_by=lambda c: c[0]),
        ),
        st.builds(
            lambda a, at, turns, mask: Action(a, "add_group", {"at": at, "turns": turns,
                                                               "masked": mask}),
            player, square, st.sampled_from([0, 1, 2, 3, 0, 1, 2, 3, 4, -1, "1"]),
            st.one_of(st.none(), st.none(), st.fixed_dictionaries(
                {"index": st.integers(-1, 4), "guest": guest})),
        ),
        st.builds(lambda a, b: Action(a, "add_group", {"by_hand": b}), player,
                  st.sampled_from([True, True, False, "yes"])),
    )


MOVES = _moves()


def moves():
    return MOVES


FIGURES = [  # groups as a table lays them out: a domino, an L of a King and two, a line of four
    [{"square": [0, 0], "guest": "V"}, {"square": [0, 1], "guest": "W"}],
    [{"square": [0, 0], "guest": "s"}, {"square": [1, 0], "guest": "S"},
     {"square": [1, 1], "guest": "G"}],
    [{"square": [r, 2], "guest": "F"} for r in range(4)],
]


def nudges(state):
    """Moves that move the party on (an owed Event, a pass, the next card), still random in
    detail."""
    waiting = state.waiting_for_event()
    if state.speaker is not None:
        return st.sampled_from([Action(state.speaker, "pass_special", {}),
                                Action(state.speaker, "special_action", {"action": "lights_out"}),
                                Action(TABLE, "pass_special", {"everyone": True})])
    turn = state.turn
    if turn is not None and turn.figure is None:
        return st.sampled_from([Action(TABLE, "set_group", {"group": group})
                                for group in FIGURES] + [Action(TABLE, "reveal_shape", {})])
    still = state.still_to_add
    if still:
        return st.one_of(
            st.builds(lambda who, at, turns: Action(who, "add_group", {"at": at,
                                                                       "turns": turns}),
                      st.sampled_from(still), square, st.integers(0, 3)),
            st.builds(lambda who: Action(who, "add_group", {"by_hand": True}),
                      st.sampled_from(still)))
    if not waiting:
        # the next card the deck can hold: a Clock only among the Shapes of its pile
        legal = GAME.legal_moves(state, TABLE)
        return st.sampled_from([Action(TABLE, "reveal_clock", {})] * ("reveal_clock" in legal)
                               + [Action(TABLE, "reveal_shape", {})] * 3
                               * ("reveal_shape" in legal))
    return st.builds(
        lambda who, event, at: Action(who, "score_event", {"event": event, "square": at}),
        st.sampled_from(waiting),
        st.sampled_from(EVENTS),
        st.one_of(st.none(), square),
    )


def shape_of(squares):
    """The squares moved so that the top row and the leftmost column are 0."""
    return [at for at, _ in normalised([(at, ".") for at in squares])]


def check_move(before, action, after):
    """What an accepted move must respect."""
    if action.move == "set_group":
        # Entered again only until somebody added it: every castle shows the same group.
        assert not before.turn.added and after.turn.figure
    if action.move in ("reveal_shape", "reveal_clock"):
        # "Once all of the players have drawn the Monsters in their own castles ... the game
        # continues with the next player's turn"; four piles of five Shapes, a Clock shuffled
        # into each of the three under the first
        assert before.still_to_add == ()
        if action.move == "reveal_clock":
            assert 5 * after.clocks <= before.shapes <= 5 * after.clocks + 5
        else:
            assert after.shapes <= 5 * before.clocks + 10
    if action.move == "set_group" and before.turn.before is not None:
        # after Lights Out the same squares and Monsters; after a Change in Orientation the
        # same figure turned
        kept, new = before.turn.before, after.turn.figure
        if before.turn.action == "lights_out":
            assert [at for at, _ in kept] == [at for at, _ in new]
            assert sorted(g for _, g in kept) == sorted(g for _, g in new)
        else:
            assert any(turned_figure(kept, t) == new for t in range(4))
    if action.move == "add_group" and action.args.get("by_hand"):
        assert after.whiteboard(action.actor) == before.whiteboard(action.actor)
        assert after.turn.added == before.turn.added + (action.actor,)
    elif action.move == "add_group":
        # "in the same orientation as seen from your position": the figure the table entered,
        # turned a whole number of quarter turns, each guest drawn once (on the board or in the
        # moat); only the Masked Ball's user draws one Monster as another.
        figure = before.turn.figure
        was, now = before.whiteboard(action.actor), after.whiteboard(action.actor)
        new = {at: g for at, g in now.castle.occupied() if was.castle.guest(at) == "."}
        gone = list(now.beyond[len(was.beyond):])
        assert len(new) + len(gone) == len(figure)
        assert new  # at least one guest on the whiteboard
        drawn = sorted(list(new.values()) + gone)
        entered = sorted(g for _, g in figure)
        changed = sum(1 for g in set(entered + drawn) if drawn.count(g) != entered.count(g))
        masked = (before.turn.used_by, before.turn.action) == (action.actor, "masked_ball")
        assert changed == 0 or (masked and changed == 2)
        assert action.actor not in before.turn.added and action.actor in after.turn.added
        assert now.facing == action.args["turns"]
        turned = [turned_figure(figure, t) for t in range(4)]
        if not gone:
            assert any(sorted(shape_of(new)) == sorted(at for at, _ in t) for t in turned)
    if action.move == "place_group":
        # "The positions of your guests relative to each other must exactly match the shape of
        # the Monster cards": one figure, touching by the sides, at least one on the board.
        squares = {tuple(m["square"]) for m in action.args["group"]}
        assert connected(squares)
        castle = before.whiteboard(action.actor).castle
        assert any(castle.on_grid(at) for at in squares)
        board = after.whiteboard(action.actor)
        drawn = [g for _, g in board.castle.occupied()] + list(board.beyond)
        assert drawn.count("U") <= 5 and all(drawn.count(k) <= 1 for k in "swvgf")
    if action.move == "score_event" and action.args["event"] in ("fireworks", "conga"):
        # "score ... at that moment": the castle as it was when the Clock appeared.
        board = before.whiteboard(action.actor)
        count = fireworks if action.args["event"] == "fireworks" else conga
        assert after.whiteboard(action.actor).events[-1].points == count(board.at_clock)
    if action.move in ("place", "place_group", "special_action"):
        assert not before.ended and before.speaker in (None, action.actor)
    if action.move == "remove":  # a slip is erased any time until the third Clock
        assert not before.ended


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(["basic", "rave"]), st.data())
def test_any_sequence_of_moves_applies_or_is_refused_and_the_invariants_hold(side, data):
    options = {"side": side, "gathering": data.draw(st.sampled_from(GATHERING_READINGS)),
               "first_player": data.draw(st.sampled_from(PLAYERS))}
    state = GAME.setup(PLAYERS, options)
    for _ in range(data.draw(st.integers(0, 80))):
        nudge = data.draw(st.integers(0, 3)) == 0
        action = data.draw(nudges(state) if nudge else moves())
        listed = action.move in GAME.legal_moves(state, action.actor)
        try:
            after = GAME.apply(state, action)
        except RuleError as refused:
            assert str(refused).endswith((".", ")"))
            # The screens offer what legal_moves lists: a move refused by its guard (whose
            # turn, which phase) is never listed; a listed one is refused only for its details.
            assert listed != isinstance(refused, MoveNotAllowed)
            continue
        assert listed  # every accepted move was offered
        assert describe(state, action, after).endswith(".")
        check_move(state, action, after)
        state = after
        assert 0 <= state.clocks <= 3
        # "until someone says they wish to perform a special action or all players have passed"
        assert len(state.specials) == sum(len(w.used) for w in state.whiteboards)
        assert len({shape for shape, _, _ in state.specials}) == len(state.specials)
        assert state.speaker is None or state.whiteboard(state.speaker).unused_special_actions
        for board in state.whiteboards:
            assert len(board.events) <= state.clocks
            assert len(set(board.used)) == len(board.used) <= 3
            assert len({r.event for r in board.events}) == len(board.events)
            s = board.score()
            assert s.total == sum(points for _, points in s.lines())
            assert s.total == sum(points for _, points in s.categories())
            assert s.events == tuple(
                sorted(((r.event, r.points) for r in board.events), key=lambda e: EVENTS.index(e[0]))
            )
        for seat in (None,) + PLAYERS:
            json.dumps(GAME.view(state, seat))
        assert reminders(state)
        assert GAME.vote_call(state) is None
    if state.over:
        assert len(GAME.view(state, None)["winners"]) >= 1
        # The read-out keeps its end for the end: the phase line never names the winner,
        # and the view says "You" on a winner's own phone only.
        winners = GAME.view(state, None)["winners"]
        assert not any(w in line for w in winners for line in reminders(state))
        for seat in PLAYERS:
            assert GAME.view(state, seat)["result"].startswith("You") == (seat in winners)
    else:
        assert GAME.view(state, None)["result"] is None


@settings(max_examples=30, deadline=None)
@given(st.lists(st.sampled_from(EVENTS), min_size=3, max_size=3, unique=True), st.lists(moves(), max_size=20))
def test_a_full_game_always_ends_after_the_third_clocks_events(order, noise):
    state = GAME.setup(("Ann", "Bob"), {})
    for action in noise:  # some drawing first; clocks revealed by the noise are fine too
        try:
            state = GAME.apply(state, action)
        except RuleError:
            pass
    while not state.over:
        if state.speaker is not None:  # a Shape in play: everybody passes its special action
            state = GAME.apply(state, Action(TABLE, "pass_special", {"everyone": True}))
            continue
        if state.still_to_add:  # a group entered by the noise: everybody draws it by hand
            for player in state.still_to_add:
                state = GAME.apply(state, Action(player, "add_group", {"by_hand": True}))
            continue
        if not state.waiting_for_event():
            # the next card: a Clock once the deck can hold one, a Shape before
            card = ("reveal_clock" if "reveal_clock" in GAME.legal_moves(state, TABLE)
                    else "reveal_shape")
            state = GAME.apply(state, Action(TABLE, card, {}))
            continue
        for player in state.waiting_for_event():
            board = state.whiteboard(player)
            event = next(e for e in order if e in board.events_left)
            args = {"event": event}
            if event == "toast":
                castle = board.castle
                args["square"] = list(
                    next(at for at in castle.squares() if castle.guest(at) == "." and castle.square(at) not in "swvgf")
                )
            state = GAME.apply(state, Action(player, "score_event", args))
    assert state.clocks == 3
    view = GAME.view(state, None)
    assert view["winners"] and set(view["winners"]) <= {"Ann", "Bob"}
    best = max(c["score"]["total"] for c in view["castles"])
    assert {c["player"] for c in view["castles"] if c["score"]["total"] == best} == set(view["winners"])


# -- bad input never escapes as anything but a RuleError -----------------------------------------
json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-5, 30) | st.floats(allow_nan=False)
    | st.text(max_size=6) | st.sampled_from(["basic", "rave", "on", "touching", "Ann", SMALL]),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner, max_size=3),
    max_leaves=6,
)


@settings(max_examples=200, deadline=None)
@given(st.one_of(json_values, st.dictionaries(
    st.sampled_from(["side", "layout", "gathering", "first_player", "speed"]), json_values)))
def test_setup_with_any_options_sets_up_or_refuses_with_a_sentence(options):
    try:
        state = GAME.setup(("Ann", "Bob"), options)
    except RuleError as refused:
        assert str(refused).endswith((".", ")"))
        return
    assert reminders(state)


@settings(max_examples=200, deadline=None)
@given(castles(), st.one_of(json_values, st.dictionaries(st.sampled_from(EVENTS + ("limbo",)), json_values)),
       st.one_of(st.sampled_from(GATHERING_READINGS), json_values))
def test_score_with_any_events_scores_or_refuses_with_a_sentence(castle, noted, gathering):
    try:
        s = score(castle, events=noted, gathering=gathering)
    except RuleError as refused:
        assert str(refused).endswith((".", ")"))
        return
    assert s.total == sum(points for _, points in s.lines())


@settings(max_examples=100, deadline=None)
@given(castles())
def test_touching_never_scores_less_than_standing_on_the_point(castle):
    """"in contact with their favorite gathering point": a guest standing on it is in contact
    under either reading, so touching can only add (up to four per point)."""
    on = dict(score(castle).gathering_points)
    touching = dict(score(castle, gathering="touching").gathering_points)
    assert on.keys() == touching.keys()
    assert all(on[f] <= touching[f] <= 4 for f in on)
