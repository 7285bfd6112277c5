"""The game's own tests: its rules, then the companion's checks over every game but the
browser's, run on it. ``python -m pytest`` in this folder, with the companion installed: the
companion's pytest plugin registers the game (pyproject.toml's ``companion_games``)."""
from __future__ import annotations

import csv
import io
import json
import random
import re
from pathlib import Path

import flet as ft
import pytest

from companion import games
from companion.night import UNREADABLE
from companion.rooms import TableService
from companion.store import Store
from companion.testing import act
from drafting.plays import plays, policy
from drafting.rules import GAME, score
from rules import TABLE, Action, RuleError
from rules.testing import check_contract, check_readings
from views.night import Tonight
from views.screen import Session, Urls
from views.testing import (NowherePage, check_part_inputs, check_screens, check_setup_again,
                           nowhere)

HANDS = {"Ann": ["Tempura", "Sashimi", "Dumpling", "Tempura", "Sashimi", "Dumpling"],
         "Ben": ["Sashimi", "Dumpling", "Dumpling", "Tempura", "Sashimi", "Sashimi"]}


def dealt():
    state = GAME.setup(("Ann", "Ben"), {})
    return GAME.apply(state, Action(TABLE, "deal", {"hands": HANDS}))


def test_the_sets_score_as_the_rules_say():
    assert score(["Tempura"]) == 0 and score(["Tempura"] * 2) == 5
    assert score(["Sashimi"] * 2) == 0 and score(["Sashimi"] * 3) == 10
    assert [score(["Dumpling"] * n) for n in range(7)] == [0, 1, 3, 6, 10, 15, 15]


def test_picks_are_turned_over_together_and_the_hands_pass_left():
    state = GAME.apply(dealt(), Action("Ann", "pick", {"card": "Tempura", "turn": 1}))
    assert GAME.view(state, None)["picked"] == ["Ann"]
    assert "Tempura" not in str(GAME.view(state, None)), "the table saw a face-down pick"
    assert "Tempura" not in GAME.describe(dealt(), Action("Ann", "pick", {"card": "Tempura",
                                                                         "turn": 1}), state)
    assert GAME.awaits(state, "Ben") and not GAME.awaits(state, "Ann")
    with pytest.raises(RuleError, match="Your pick is in"):
        GAME.apply(state, Action("Ann", "pick", {"card": "Sashimi", "turn": 1}))
    after = GAME.apply(state, Action("Ben", "pick", {"card": "Dumpling", "turn": 1}))
    assert GAME.view(after, None)["last"] == {"Ann": "Tempura", "Ben": "Dumpling"}
    # Ann's hand, less her pick, went to Ben on her left; Ben's to Ann
    assert GAME.view(after, "Ben")["hand"] == HANDS["Ann"][1:]
    assert sorted(GAME.view(after, "Ann")["hand"]) == sorted(
        ["Sashimi", "Dumpling", "Tempura", "Sashimi", "Sashimi"])
    assert GAME.view(after, None)["turn"] == 2


def test_a_pick_for_a_turn_gone_by_is_refused():
    state = GAME.apply(dealt(), Action("Ann", "pick", {"card": "Tempura", "turn": 1}))
    state = GAME.apply(state, Action("Ben", "pick", {"card": "Sashimi", "turn": 1}))
    with pytest.raises(RuleError, match="hands have passed"):
        GAME.apply(state, Action("Ann", "pick", {"card": "Sashimi", "turn": 1}))


def test_the_outcome_has_its_scores_and_cards_in_details():
    state, rng = dealt(), random.Random(1)
    while GAME.outcome(state) is None:
        state = GAME.apply(state, policy(state, rng))
    outcome = GAME.outcome(state)
    assert set(outcome.details) == {"scores", "cards"}
    assert outcome.details["scores"] == {p.player: p.score for p in outcome.placings}
    assert sum(sum(c.values()) for c in outcome.details["cards"].values()) == 12


def test_the_companions_contract():
    check_contract(GAME, plays)


def test_its_readings_name_its_setup_options():
    check_readings(GAME)


def test_every_screen_draws_every_state(tmp_path):
    assert check_screens(GAME.key, plays(0), tmp_path) > 0


def test_play_again_starts_the_same_setup(tmp_path):
    check_setup_again(GAME.key, plays, tmp_path)  # no setup options: nothing to fill


def test_the_plugin_gives_the_games_own_plays_and_policy():
    assert games.plays(GAME.key) is plays and games.policy(GAME.key) is policy


def texts(controls) -> list[str]:
    found, stack = [], list(controls)
    while stack:
        c = stack.pop()
        if isinstance(c, ft.Text):
            found.append(c.value)
        for attr in ("controls", "content"):
            child = getattr(c, attr, None)
            stack.extend(child if isinstance(child, list) else [child] if child else [])
    return found


def test_a_finished_draft_reads_on_tonight_and_in_both_exports(tmp_path: Path):
    store, other = Store(tmp_path / "a.db"), Store(tmp_path / "b.db")
    try:
        sv = TableService(store)
        code = sv.create_room(sv.host_key, GAME.key)
        tokens = {name: sv.join(code, name)[1] for name in ("Ann", "Ben")}
        sv.start(sv.host_key, code, {})
        assert act(sv, code, tokens, Action(TABLE, "deal"))  # dealt by the seeded dice
        rng = random.Random(0)
        while GAME.outcome(sv.state(code)) is None:
            assert act(sv, code, tokens, policy(sv.state(code), rng))
        # a late pick, once the draft is over, is refused and changes nothing
        assert not act(sv, code, tokens, Action("Ann", "pick", {"card": "Tempura", "turn": 1}))
        outcome = GAME.outcome(sv.state(code))
        [result] = sv.tonight().games
        assert not result.unreadable and result.details == outcome.details
        tonight = Tonight(Session(NowherePage(), sv, Urls("http://127.0.0.1:8550"), None,
                                  nowhere), sv.host_key)
        shown = texts(tonight.draw(tonight.inputs()))
        ann = outcome.details["scores"]["Ann"]
        # its record_card: "Ann: 12 points (Sashimi 3, Tempura 1)"
        assert any(re.match(rf"Ann: {ann} points? \(\w+ \d", t) for t in shown), shown
        assert UNREADABLE not in shown
        exported = sv.export_json(sv.host_key)
        [game] = json.loads(exported)["games"]
        assert game["game"] == GAME.key and game["details"] == outcome.details
        rows = list(csv.reader(io.StringIO(sv.export_csv(sv.host_key))))
        assert [r[2:4] for r in rows[1:]] == [[p, str(s)] for p, s in
                                              outcome.details["scores"].items()]
        again = TableService(other)
        assert again.import_json(again.host_key, exported) == 1
        assert again.tonight().games[0].details == outcome.details
    finally:
        store.close()
        other.close()


def test_every_part_is_redrawn_with_what_it_draws_from(tmp_path):
    # the buttons a phone offers hang on its hand: the plugin's seeded dice deal the same one
    check_part_inputs(GAME.key, plays(0), tmp_path)
