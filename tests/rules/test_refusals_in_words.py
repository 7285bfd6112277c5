"""Issue 52: every refusal a player can meet is a sentence in the game's own words.

Each game's moves are driven with bad arguments of every kind their declaration allows (the
move's declared argument names, ``rules.base.Move.args``, each given any value a screen could
send: nothing, a truth value, a number below or above any range, a fraction, words, a list,
named values), in states of the game's contract plays. A refusal must be a ``RuleError`` whose
sentence names no internal argument or value: no argument's key quoted or in code style, no
programmer's name with an underscore (``final_leader``, ``tribal_council_leader``), no
Python repr of a list or a mapping.
"""
from __future__ import annotations

import re
from functools import lru_cache

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion import games
from rules import TABLE, Action, RuleError

from companion.games import plays as plays_for

GAMES = ["castaways", "castle_party", "robinson", "survivor"]
STATES_PER_PLAY = 60  # the states of one play the moves are tried in (every 4th kept)

# words a screen could send: the names at the table and some that are no one's
WORDS = ["Ann", "Ben", "Cat", "Ana", "Bob", "Stranger", "table", "Team 1", "Team 2", "",
         "  ", "x", "Physical 4", "Social 1", "food", "wood", "on", "yes"]


def values(extra_words):
    words = st.sampled_from(WORDS + extra_words)
    leaves = st.one_of(st.none(), st.booleans(), st.integers(-5, 30),
                       st.sampled_from([-1, 0, 99, 10**9]),
                       st.floats(allow_nan=False, allow_infinity=False, width=16), words,
                       st.text("abcXYZ 019-", max_size=6))
    return st.recursive(leaves, lambda inner: st.one_of(
        st.lists(inner, max_size=4), st.dictionaries(words, inner, max_size=4)), max_leaves=8)


@lru_cache(maxsize=None)
def states_of(key):
    """States along the game's first contract play, with its players."""
    game = games.load(key).game
    play = plays_for(key)(0)
    state = game.setup(play.players, play.options)
    out = [state]
    for action in play.actions[:STATES_PER_PLAY * 4]:
        try:
            state = game.apply(state, action)
        except RuleError:
            continue
        out.append(state)
    return game, tuple(play.players), tuple(out[::4])


SNAKE = re.compile(r"\b[a-z]+_[a-z_]+\b")


def internal_words(sentence, move):
    """What in ``sentence`` names the rules' insides rather than the game's own words."""
    found = [f"'{k}'" for k in move.args if f"'{k}'" in sentence or f'"{k}"' in sentence
             or f"`{k}`" in sentence]
    found += SNAKE.findall(sentence)
    found += [c for c in "{[" if c in sentence]
    return found


@pytest.mark.parametrize("key", GAMES)
def test_no_refusal_names_an_internal_argument_or_value(key):
    game, players, states = states_of(key)
    names = sorted({str(n) for s in states for n in _names_in(game, s)})[:40]
    moves = sorted(n for n, m in game.moves.items() if not m.internal and m.args)

    @settings(max_examples=500, deadline=None, suppress_health_check=list(HealthCheck),
              database=None)
    @given(data=st.data())
    def run(data):
        state = data.draw(st.sampled_from(states), label="state")
        actor = data.draw(st.sampled_from((TABLE, *players)), label="actor")
        name = data.draw(st.sampled_from(moves), label="move")
        move = game.moves[name]
        keys = data.draw(st.lists(st.sampled_from(sorted(move.args)), min_size=1,
                                  unique=True), label="keys")
        args = {k: data.draw(values(names), label=k) for k in keys}
        try:
            game.apply(state, Action(actor, name, args))
        except RuleError as e:
            bad = internal_words(str(e), move)
            assert not bad, f"{name}({args!r}) by {actor}: {str(e)!r} names {bad}"

    run()


def _names_in(game, state):
    """The names the table's view shows (Castaways, characters, squares ...): bad arguments
    that look right."""
    view = game.view(state, None)
    out = []

    def walk(v):
        if isinstance(v, str) and 0 < len(v) < 20:
            out.append(v)
        elif isinstance(v, dict):
            for k, x in v.items():
                walk(k)
                walk(x)
        elif isinstance(v, (list, tuple)):
            for x in v:
                walk(x)
    walk(view)
    return out


@pytest.mark.parametrize("key", GAMES)
def test_no_setup_refusal_names_an_option_key_or_an_internal_value(key):
    """The setup form's refusals too: an option is named by its label, a choice by the words
    the form shows ("a bad `final_leader` listed by internal value names", issue 52)."""
    game, players, _ = states_of(key)

    @settings(max_examples=300, deadline=None, suppress_health_check=list(HealthCheck),
              database=None)
    @given(data=st.data())
    def run(data):
        option = data.draw(st.sampled_from(game.options), label="option")
        value = data.draw(values(list(players)), label="value")
        try:
            game.setup(players, {option.name: value})
        except RuleError as e:
            sentence = str(e)
            bad = SNAKE.findall(sentence) + [c for c in "{[" if c in sentence]
            bad += [option.name] if f"'{option.name}'" in sentence else []
            assert not bad, f"{option.name}={value!r}: {sentence!r} names {bad}"

    run()


def test_a_bad_final_leader_is_refused_in_the_forms_words():
    """Survivor's `final_leader`: the refusal lists the choices as the setup form says them."""
    game = games.load("survivor").game
    with pytest.raises(RuleError) as refused:
        game.setup(("Ann", "Ben", "Cat", "Dan"), {"final_leader": "oldest"})
    sentence = str(refused.value)
    assert sentence.startswith("Who leads the Final Tribal Council: choose \"The Tribal "
                               "Council Leader chooses which of them leads it\" or")
    assert "tribal_council_leader" not in sentence and "seat_order" not in sentence


def test_robinson_takes_empty_characters_as_seat_order():
    """The option's own sentence: "Each player's Character card, drawn at the table (empty:
    Carpenter, Cook, Explorer, Soldier in seat order ...)"."""
    game = games.load("robinson").game
    players = ("Ann", "Ben", "Cat")
    empty = game.setup(players, {"characters": {}})
    assert [(c.player, c.name) for c in empty.characters][:3] == [
        ("Ann", "Carpenter"), ("Ben", "Cook"), ("Cat", "Explorer")]
    assert empty == game.setup(players, {})


def test_robinson_says_a_resource_in_words_not_its_key():
    """"'food' must be at least 0, not -1." (issue 52) is said in the game's words."""
    game, _, states = states_of("robinson")
    state = next(s for s in states if "shelter" in game.legal_moves(s, TABLE))
    with pytest.raises(RuleError) as refused:
        game.apply(state, Action(TABLE, "shelter", {"wood": -1}))
    assert str(refused.value) == "The wood must be at least 0, not -1."


def test_a_detail_a_move_does_not_take_is_refused_without_the_moves_inner_name():
    """A move given a detail it does not declare: the sentence names the detail sent, never
    the move's own key ("pass_leader")."""
    game, _, states = states_of("castaways")
    state = next(s for s in states if "pass_leader" in game.legal_moves(s, TABLE))
    with pytest.raises(RuleError) as refused:
        game.apply(state, Action(TABLE, "pass_leader", {"to": "Ann", "colour": "red"}))
    assert str(refused.value) == "That move takes no colour."
