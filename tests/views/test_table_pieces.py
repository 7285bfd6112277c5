"""Castaways' and Survivor's table panels are drawn in pieces (``views.screen.SubParts``,
issue 51): a change redraws the pieces that show it, and the others keep their controls, so
they are not sent again and a press on their buttons still reaches them
(tests/views/test_steady_bar.py). Whether each piece shows what it should is
tests/views/test_part_inputs.py's check; here, that a change does not redraw the whole panel.

The real table screen plays the game's contract play (``companion.games.plays``) until the
table may make the move the test needs, then taps a button of its own choices.
"""
from __future__ import annotations

import random

from companion.games import plays as plays_for
from companion.rooms import TableService
from companion.store import Store
from companion.testing import act, play_vote
from views.screen import Session, Urls
from views.table import TableRoom
from views.testing import NowherePage, nowhere, words


def table_when(key: str, move: str, folder) -> tuple[TableRoom, Store]:
    """The table screen of a play of ``key``, drawn, once the table may make ``move``."""
    store = Store(folder / "companion.db")
    sv = TableService(store)
    play = plays_for(key)(0)
    code = sv.create_room(sv.host_key, key)
    tokens = {name: sv.join(code, name)[1] for name in play.players}
    table = TableRoom(Session(NowherePage(), sv, Urls("http://127.0.0.1:8550"), None, nowhere),
                      sv.host_key, code)
    table.refresh(force=True)
    sv.start(sv.host_key, code, play.options)
    rng = random.Random(0)
    for action in play.actions:
        if move in sv.legal_moves(code, sv.host_key):
            break
        if action.move != "vote_result" and act(sv, code, tokens, action):
            play_vote(sv, code, rng)
    assert move in sv.legal_moves(code, sv.host_key), f"the play never offered {move}"
    table.refresh()
    return table, store


def controls(panel, pieces: tuple[str, ...]) -> dict[str, list]:
    return {name: list(getattr(panel, name).controls) for name in pieces}


def kept(before: list, now: list) -> bool:
    """The same controls, not drawn anew."""
    return len(before) == len(now) and all(a is b for a, b in zip(before, now))


def test_castaways_a_tick_redraws_the_lineups_and_the_selection_only(tmp_path):
    """A Castaway ticked in the lineups ("Tick Castaways in the lineups to change their
    health") is drawn ticked, and the Selected Castaways names it; the head, the players
    and the stage stay as they were drawn."""
    table, store = table_when("castaways", "adjust_health", tmp_path)
    try:
        panel = table.game_panel
        others = ("head", "show", "stage", "people", "leader_piece")
        before = controls(panel, (*others, "lineups", "selection_piece"))
        assert before["lineups"], "no lineups drawn"
        name = panel.view["teams"][0]["lineup"][0]["name"]
        panel._toggle(name)()  # the tile's tap
        assert panel.selected == (name,)
        assert any(name in w for w in words(panel.selection_piece) if w.startswith("Ticked"))
        now = controls(panel, (*others, "lineups", "selection_piece"))
        assert not kept(before["lineups"], now["lineups"]), "the tick was not drawn"
        redrawn = [n for n in others if not kept(before[n], now[n])]
        assert not redrawn, f"a tick redrew pieces that do not show it: {redrawn}"
    finally:
        store.close()


def test_survivor_a_vote_card_taken_redraws_the_stage_not_the_tribe(tmp_path):
    """"A card takes Ana's Vote Card": the table asks who gets it, on the stage; the tribe
    (every player as a tile, always in view) stays as it was drawn."""
    table, store = table_when("survivor", "take_vote_card", tmp_path)
    try:
        panel = table.game_panel
        before = controls(panel, ("tribe", "stage"))
        assert before["tribe"] and before["stage"]
        player = next(p["name"] for p in panel.shown.view["players"] if p["still_in"])
        panel._take(player)()  # "A card takes {player}'s Vote Card"
        assert f"Who gets {player}'s Vote Card?" in words(panel.stage)
        now = controls(panel, ("tribe", "stage"))
        assert kept(before["tribe"], now["tribe"]), "the choice redrew the tribe"
        assert not kept(before["stage"], now["stage"])
    finally:
        store.close()
