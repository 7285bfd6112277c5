"""Issue 54, item 1: a game from outside whose Outcome has details is kept whole in the night's
record: Tonight draws it (its details listed plainly, or the game's own ``record_card``), the
win counts in the standings, and the JSON export holds it and imports on another table.
Details that are not plain JSON within the record's bounds are left out with a line in the
host's log; the result and its win are kept."""
from __future__ import annotations

import json
import logging
import sys
from textwrap import dedent

import flet as ft
import pytest

from companion.errors import Refused
from companion.hub import Hub
from companion.night import UNREADABLE
from companion.record_format import DETAILS_DEEPEST, read_record
from companion.rooms import TableService
from companion.store import Store
from companion.testing import act
from rules import Action
from views.night import Tonight
from views.screen import Session, Urls
from views.testing import NowherePage, nowhere, registered

KEY = "tally_details"
RULES = dedent('''\
    from dataclasses import dataclass, replace

    from rules import Outcome, Placing
    from rules.base import BaseGame, move

    DETAILS = {}  # what the test makes the game write


    @dataclass(frozen=True)
    class State:
        players: tuple
        taps: tuple = ()


    def tap(state, action):
        return replace(state, taps=state.taps + (action.actor,))


    class Tally(BaseGame):
        key, title, min_players, max_players = "tally_details", "Tally with details", 2, 4
        moves = {m.name: m for m in (move("tap", tap, by="player", phases=["play"]),)}

        def new_game(self, players, options):
            return State(tuple(players))

        def phase(self, state):
            return "over" if len(state.taps) >= 2 else "play"

        def view(self, state, seat):
            return {"taps": list(state.taps), "phase": self.phase(state)}

        def outcome(self, state):
            if self.phase(state) != "over":
                return None
            counts = {p: state.taps.count(p) for p in state.players}
            best = max(counts.values())
            return Outcome(tuple(Placing(p, 1 if n == best else 2, n == best, n)
                                 for p, n in counts.items()),
                           f"{state.taps[0]} tapped first.", DETAILS)


    GAME = Tally()
''')
SCREENS = dedent('''\
    import flet as ft

    from views.games.base import GamePanel


    class TablePanel(GamePanel):
        def __init__(self, screen):
            self.screen = screen
            self.root = ft.Column()

        def draw(self, shown):
            self.root.controls = [ft.Text(", ".join(shown.view["taps"]))]


    class PhonePanel(GamePanel):
        def draw(self, shown):
            return [ft.Text("Tap")]
''')
CARD = dedent('''\


    def record_card(result, colour_of):
        return ft.Text("Taps by round: " + " then ".join(result.details["order"]))
''')
DETAILS = {"order": ["Ann", "Ann"], "first": "Ann", "perfect": True, "speed": 1.5,
           "rounds": [{"by": "Ann", "taps": 1}, {"by": "Ann", "taps": 2}], "note": None}


@pytest.fixture
def tally(tmp_path, monkeypatch):
    """The game written as an outside author's package, registered as its entry point would."""
    def install(details, card: bool = False):
        package = tmp_path / "site" / "tallydetails"
        package.mkdir(parents=True)
        (package / "__init__.py").write_text("")
        (package / "rules.py").write_text(RULES.replace("DETAILS = {}",
                                                        f"nan = float('nan')\nDETAILS = {details!r}"))
        (package / "screens.py").write_text(SCREENS + (CARD if card else ""))
        monkeypatch.syspath_prepend(str(tmp_path / "site"))
        return registered(KEY, {"rules": "tallydetails.rules",
                                "screens": "tallydetails.screens"})
    yield install
    for module in [m for m in sys.modules if m.startswith("tallydetails")]:
        del sys.modules[module]


def played(path, details) -> TableService:
    """A table where Ann and Ben played the game to its end (Ann won, tapping twice)."""
    svc = TableService(Store(path), Hub())
    svc.offered.add(KEY)
    code = svc.create_room(svc.host_key, KEY)
    tokens = {name: svc.join(code, name)[1] for name in ("Ann", "Ben")}
    svc.start(svc.host_key, code, {})
    assert act(svc, code, tokens, Action("Ann", "tap"))
    assert act(svc, code, tokens, Action("Ann", "tap"))
    return svc


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


def tonight_texts(svc: TableService) -> list[str]:
    tonight = Tonight(Session(NowherePage(), svc, Urls("http://127.0.0.1:8550"), None, nowhere),
                      svc.host_key)
    return texts(tonight.draw(tonight.inputs()))


def test_an_outside_games_details_are_recorded_drawn_exported_and_imported(tmp_path, tally):
    with tally(DETAILS):
        svc = played(tmp_path / "a.db", DETAILS)
        night = svc.tonight()
        [result] = night.games
        assert not result.unreadable and result.details == DETAILS
        assert [(s.player, s.played, s.won) for s in night.standings][0] == ("Ann", 1, 1)
        shown = tonight_texts(svc)
        assert UNREADABLE not in shown
        assert {"Ann tapped first.", "Order: Ann, Ann", "Perfect: yes", "Speed: 1.5",
                "Rounds, 1: by Ann · taps 1", "Rounds, 2: by Ann · taps 2",
                "Note: none"} <= set(shown)

        exported = svc.export_json(svc.host_key)
        [game] = json.loads(exported)["games"]
        assert game["game"] == KEY and game["details"] == DETAILS
        assert read_record(exported)[0]["details"] == DETAILS

        other = TableService(Store(tmp_path / "b.db"), Hub())
        assert other.import_json(other.host_key, exported) == 1
        assert other.tonight().games[0].details == DETAILS
        assert "Rounds, 2: by Ann · taps 2" in tonight_texts(other)
        assert other.tonight().standings[0].won == 1


def test_an_outside_game_draws_its_own_record_card(tmp_path, tally):
    with tally(DETAILS, card=True):
        shown = tonight_texts(played(tmp_path / "a.db", DETAILS))
        assert "Taps by round: Ann then Ann" in shown
        assert "Order: Ann, Ann" not in shown  # its card, not the plain list


NOT_RECORDED = {
    "a control character": {"note": "two\nlines"},
    "too deep": {"a": json.loads("[" * DETAILS_DEEPEST + "]" * DETAILS_DEEPEST)},
    "not JSON at all": {"when": {1, 2}},
    "a number JSON cannot write": {"speed": float("nan")},
    "too many values": {"taps": list(range(3000))},
}


@pytest.mark.parametrize("details", NOT_RECORDED.values(), ids=NOT_RECORDED)
def test_details_the_record_cannot_take_are_left_out_and_the_win_kept(tmp_path, tally, caplog,
                                                                       details):
    caplog.set_level(logging.ERROR)
    with tally(details):
        svc = played(tmp_path / "a.db", details)
        [result] = svc.tonight().games
        assert not result.unreadable and result.details == {}
        assert result.winners == ("Ann",) and svc.tonight().standings[0].won == 1
        assert "They are left out of the record." in caplog.text
        assert json.loads(svc.export_json(svc.host_key))["games"][0]["details"] == {}


@pytest.mark.parametrize("details, problem", [
    ({"note": "\u202eevil"}, "hidden or control character"),
    ({"n": 2 ** 70}, "not plain JSON"),
    ({"": 1}, "name in its details that is empty"),
], ids=["a direction override", "a number too big", "an empty name"])
def test_an_import_with_such_details_is_refused_in_a_sentence(tmp_path, tally, details,
                                                              problem):
    with tally(DETAILS):
        svc = played(tmp_path / "a.db", DETAILS)
        exported = json.loads(svc.export_json(svc.host_key))
        exported["games"][0]["details"] = details
        other = TableService(Store(tmp_path / "b.db"), Hub())
        with pytest.raises(Refused, match=problem):
            other.import_json(other.host_key, json.dumps(exported))
        assert other.tonight().games == ()


def test_details_are_listed_plainly_and_a_long_list_ends_with_how_many_more():
    from views.night import DETAILS_SHOWN, details_lines

    assert details_lines({"jury_votes": {"Ann": 3, "Ben": 2}, "finalists": ["Ann", "Ben"],
                          "won": False}) == ["Jury votes: Ann 3 · Ben 2",
                                             "Finalists: Ann, Ben", "Won: no"]
    many = details_lines({f"k{i}": i for i in range(DETAILS_SHOWN + 5)})
    assert len(many) == DETAILS_SHOWN
    assert many[-1] == "and 6 more (in the saved record)"
