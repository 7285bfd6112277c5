"""What each game's phone panel says to its player's screen reader (issue 33), drawn without a
browser: a move that becomes theirs, their own move taken, a reveal that concerns them, the
result, each said once as it appears and never again on a redraw that changes nothing.
(tests/views/test_screen_reader.py hears the ballot, tests/e2e/test_screen_reader.py a phone.)
"""
from __future__ import annotations

import random

import pytest

from companion.rooms import TableService
from companion.store import Store
from views.phone import PhoneRoom
from views.screen import Session, Urls

from companion.games import plays as plays_for
from companion.testing import play_through
from testsupport.screens import Speaker, TaskPage, after_each_move
from views.testing import buttons, nowhere


class Table:
    """A room of ``game`` with seated players, and the first player's phone listening."""

    def __init__(self, tmp_path, game: str, players=("Ana", "Bruno", "Chloe")) -> None:
        self.store = Store(tmp_path / "companion.db")
        self.sv = sv = TableService(self.store)
        self.code = sv.create_room(sv.host_key, game)
        self.tokens = {name: sv.join(self.code, name)[1] for name in players}
        self.speaker = Speaker()
        self.phone = PhoneRoom(Session(TaskPage(), sv, Urls("http://127.0.0.1:8550"), None,
                                       nowhere, speaker=self.speaker, voice_timing=(0, 0)),
                               self.code, [self.tokens[players[0]]])
        self.phone.refresh()  # as it opens: what the reader reads itself, nothing announced

    def table(self, move: str, **args) -> None:
        self.sv.act(self.code, self.sv.host_key, move, args)
        self.phone.refresh()

    def player(self, name: str, move: str, **args) -> None:
        self.sv.act(self.code, self.tokens[name], move, args)
        self.phone.refresh()

    def tap(self, label: str) -> None:
        """The phone's own player taps a button of their screen."""
        button, = [b for b in buttons(self.phone.root) if b.content == label]
        button.on_click(None)
        self.phone.refresh()

    def heard_once(self, words: str) -> None:
        """``words`` were said, once, and a redraw of everything says nothing again."""
        self.phone.refresh(force=True)
        heard = [said for said in self.speaker.said if words in said]
        assert len(heard) == 1, f"{words!r} heard {len(heard)} times: {self.speaker.said}"


def test_castaways_says_the_picks_and_the_pick_taken(tmp_path):
    play = plays_for("castaways")(0)  # its Castaways, and the table's deal of them
    t = Table(tmp_path, "castaways", play.players)
    me = play.players[0]
    t.sv.start(t.sv.host_key, t.code, play.options)
    t.table("deal", **play.actions[0].args)
    t.heard_once("Your turn: pick 2 more face-down cards.")
    choice = t.sv.view(t.code, t.tokens[me])["picks"]["choices"][0]
    t.phone.game_panel._do("pick", card=choice["card"], team=choice["team"])()  # her tap
    t.phone.refresh()
    t.heard_once(f"Done: {me} picked a face-down Castaway.")  # which one stays secret
    t.heard_once("Your turn: pick 1 more face-down card.")


def test_survivor_says_the_move_taken_and_the_leaders_step(tmp_path):
    t = Table(tmp_path, "survivor")
    t.sv.start(t.sv.host_key, t.code)
    t.table("start", first_player="Ana")
    t.heard_once("Your turn: Steal, Play (or don't), then Draw!")  # the reminder line
    t.tap("I drew a Single Elimination Tribal Council card")
    said = [w for w in t.speaker.said if w.startswith("Done: ")]
    assert said and "Ana" in said[0], t.speaker.said  # her move, in the history's words
    t.heard_once("Your step as Tribal Council Leader: Begin the discussion.")


def test_robinson_says_a_wound_to_the_players_character(tmp_path):
    t = Table(tmp_path, "robinson", ("Ana", "Bruno"))
    t.sv.start(t.sv.host_key, t.code, {"scenario": 1})
    t.table("next_phase")  # round 1
    view = t.sv.view(t.code, t.tokens["Ana"])
    hers = next(p["character"] for p in view["players"] if p["name"] == "Ana")
    t.table("wound", character=hers, count=1)
    t.heard_once("You play the Carpenter: 1 of 13 Wounds")


def test_castle_party_says_the_group_to_add(tmp_path):
    t = Table(tmp_path, "castle_party", ("Ana", "Bruno"))
    t.sv.start(t.sv.host_key, t.code)
    t.table("reveal_shape")
    t.table("set_group", group=[{"square": [0, 0], "guest": "V"}])
    t.table("pass_special", everyone=True)
    t.heard_once("Your turn: add Shape 1's group to your castle.")


def test_table_vote_says_a_vote_called_off(tmp_path):
    t = Table(tmp_path, "table_vote")
    t.sv.start(t.sv.host_key, t.code)
    t.table("ask", question="Pizza?", candidates=["Yes", "No"], voters=["Ana", "Bruno"])
    t.table("cancel")
    t.heard_once("The table called off the vote: Pizza?")


@pytest.mark.parametrize("game, seed", [("robinson", 0), ("survivor", 4)])
def test_the_result_is_said_once(game, seed, tmp_path):
    """A whole game played through: its result reaches the player's reader, once."""
    play = plays_for(game)(seed)
    t = Table(tmp_path, game, play.players)

    def redraw(label: str = "") -> None:
        t.phone.refresh()
        t.phone.refresh(force=True)  # every screen redrawn: nothing said twice
    after_each_move(t.sv, redraw)
    play_through(t.sv, t.code, game, play, t.tokens, random.Random(seed), redraw)
    ends = ("Victory! You win together.", "Defeat. You lose together.",
            "You win! You are the Sole Survivor!", "is the Sole Survivor!")
    said = [w for w in t.speaker.said if w.endswith(ends)]
    assert len(said) == 1, t.speaker.said[-8:]
