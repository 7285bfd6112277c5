"""A private vote on the wire (issue 36, ``VoteCall.private``): a night game from outside the
project (laid out as pip installs it, on the host's PYTHONPATH) has two Werewolves choose a
victim by a private vote. Every websocket frame each browser receives is kept: the Werewolves'
phones get the ballot; the table and the other phones receive nothing of it, not its
question, nor its count, before or after; the count goes straight to the game, which says the
dawn on every screen.
"""
from __future__ import annotations

from collections import defaultdict
from pathlib import Path

import pytest

from testsupport.browser import PHONE, TABLE, Server, dump_pages
from companion.seal import COVER_SIZE
from testsupport.listener import behind_listener, heard_settled, sent_steady
from testsupport.flet_page import new_room, open_page, see, take_seat, tap
from testsupport.outside import dist_info, host_with

pytestmark = pytest.mark.e2e

QUESTION = "Whom do the Werewolves devour?"
WOLVES = ("Ana", "Cid")
OTHERS = ("Bob", "Dee")

RULES = f'''\
from dataclasses import dataclass, replace

from rules import VoteCall
from rules.base import BaseGame, move


@dataclass(frozen=True)
class State:
    players: tuple
    night: bool = False
    victim: str = ""


def dawn(state, action):
    tally = action.args["tally"]
    return replace(state, night=False, victim=max(tally, key=lambda c: tally[c]))


class Night(BaseGame):
    key, title, min_players, max_players = "night_outside", "Night (from outside)", 4, 4
    moves = {{m.name: m for m in (
        move("night", lambda state, action: replace(state, night=True)),
        move("vote_result", dawn, args=["key", "tally"], internal=True,
             describe=lambda b, a, after: f"Dawn: {{after.victim}} was found devoured."),
    )}}

    def new_game(self, players, options):
        return State(players)

    def view(self, state, seat):
        return {{"victim": state.victim}}

    def vote_call(self, state):
        if state.night:
            return VoteCall("night-1", {QUESTION!r}, {OTHERS!r}, {WOLVES!r}, private=True)
        return None


GAME = Night()
'''

SCREENS = '''\
import flet as ft

from views.ballot import big_button
from views.games.base import GamePanel
from views.widgets import ErrorLine


def said(view):
    return [ft.Text(f"Dawn: {view['victim']} was found devoured.")] if view["victim"] else []


class TablePanel(GamePanel):
    def __init__(self, screen):
        self.screen = screen
        self.error = ErrorLine()
        self.dawn = ft.Column()
        self.root = ft.Column([self.dawn, self.error])

    def draw(self, shown):
        self.dawn.controls = said(shown.view)

    def actions(self, shown):
        return [big_button("Night falls", lambda e: self.send(self.error, "night"))
                ] if "night" in shown.legal else []


class PhonePanel(GamePanel):
    def draw(self, shown):
        return said(shown.view) or [ft.Text("Waiting for the night.")]
'''


def install_outside(site: Path) -> None:
    """What pip would leave in site-packages for a game distribution ``nightgame``."""
    (site / "nightgame").mkdir()
    (site / "nightgame" / "__init__.py").write_text(
        'COMPANION = {"rules": "nightgame.rules", "screens": "nightgame.screens"}\n')
    (site / "nightgame" / "rules.py").write_text(RULES)
    (site / "nightgame" / "screens.py").write_text(SCREENS)
    dist_info(site, "nightgame", "night_outside = nightgame:COMPANION")


@pytest.fixture
def host(tmp_path, web_cache):
    with host_with(install_outside, tmp_path, web_cache) as srv:
        yield srv


@pytest.fixture
def frames(browser):
    """Every websocket frame each new browser context receives, by context: 0 is the first
    one opened in the test (the table), then each phone in turn."""
    got: dict[int, list[bytes]] = defaultdict(list)
    new_context = browser.new_context

    def listening(**kwargs):
        context, i = new_context(**kwargs), len(listening.opened)
        listening.opened.append(context)
        context.on("page", lambda page: page.on("websocket", lambda ws: ws.on(
            "framereceived", lambda payload: got[i].append(
                payload if isinstance(payload, bytes) else payload.encode()))))
        # a sealed page (the default) shows each frame once opened (companion/web/seal.js)
        context.expose_function("companionSealReceived",
                                lambda payload: got[i].append(bytes(payload)))
        context.add_init_script("window.companionSealHeard = function (b) {"
                                " window.companionSealReceived(Array.from(b)); };")
        return context
    listening.opened = []
    browser.new_context = listening
    yield got
    browser.new_context = new_context


def test_a_private_vote_reaches_its_voters_only(host, browser, wire, frames):
    table = open_page(browser.new_context(**TABLE).new_page(), host.table_url)
    code = new_room(table, "Night (from outside)")
    names = ("Ana", "Bob", "Cid", "Dee")
    phones = {n: take_seat(browser, f"{host.base}/join/{code}", n, **PHONE) for n in names}
    for name in names:
        see(table, f"{name}: connected")
    tap(table, "Start the game")
    tap(table, "Night falls")
    for wolf in WOLVES:
        see(phones[wolf], QUESTION)
        tap(phones[wolf], "Vote for Bob")
        tap(phones[wolf], "Confirm my vote")
    for page in (table, *phones.values()):
        see(page, "Dawn: Bob was found devoured.")

    received = {name: b"".join(frames[i]) for i, name in enumerate(("table", *names))}
    for wolf in WOLVES:
        assert QUESTION.encode() in received[wolf]
    for name in ("table", *OTHERS):
        assert received[name], f"no frame recorded for {name}"
        for secret in (QUESTION, "Werewolves", "have voted", "Still voting", "Vote for"):
            assert secret.encode() not in received[name], f"{name} received {secret!r}"


def test_a_listener_counts_the_same_frames_on_every_phone_through_a_private_vote(
        tmp_path, web_cache, browser):
    """Issue 49: sealed (the default), a listener on the Wi-Fi reads the websocket frames
    each phone receives (a TCP relay on loopback, testsupport/listener.py). From night to
    dawn, every seated phone receives as many frames as every other, of the same sizes, and
    sends as many as every other (within a tick), all of one size: the Werewolves' ballot,
    their votes and its end do not tell who they are."""
    site = tmp_path / "site-packages"
    site.mkdir()
    install_outside(site)
    server = Server(tmp_path / "companion.db", web_cache)
    server.env["PYTHONPATH"] = str(site)
    server.env["COMPANION_SEAL"] = "1"
    listener = behind_listener(server)
    try:
        table = open_page(browser.new_context(**TABLE).new_page(), server.table_url)
        code = new_room(table, "Night (from outside)")
        names = ("Ana", "Bob", "Cid", "Dee")
        phones = {n: take_seat(browser, f"{server.base}/join/{code}", n, **PHONE)
                  for n in names}
        for name in names:
            see(table, f"{name}: connected")
        tap(table, "Start the game")
        for name in names:
            see(phones[name], "Waiting for the night.")
        before = heard_settled(listener, len(names))
        sent_before = sent_steady(listener, len(names))

        tap(table, "Night falls")
        for wolf in WOLVES:
            see(phones[wolf], QUESTION)
            tap(phones[wolf], "Vote for Bob")
            tap(phones[wolf], "Confirm my vote")
        for page in (table, *phones.values()):
            see(page, "Dawn: Bob was found devoured.")
        after = heard_settled(listener, len(names))
        # (as many on each phone within one: waited for, as a held-up page sends late)
        sent_after = sent_steady(listener, len(names), since=sent_before)

        night = [sizes[len(then):] for sizes, then in zip(after, before)]
        assert night[0], "no frame heard from night to dawn"
        assert all(sizes == night[0] for sizes in night), night
        # what each phone sends (seal.js's cover): one frame of 256 B per tick, the
        # Werewolves' taps riding in theirs, the others' empty: all of one size, and as many
        # on each phone within one (both readings taken at one instant for all, above)
        up = [sent[len(then):] for sent, then in zip(sent_after, sent_before)]
        assert all(set(sizes) == {COVER_SIZE} for sizes in up), [sorted(set(s)) for s in up]
        counts = [len(sizes) for sizes in up]
        print("frames each phone sent from night to dawn:", counts)
        assert min(counts) > 0 and max(counts) - min(counts) <= 1, counts
    except Exception:
        dump_pages(browser, tmp_path)
        raise
    finally:
        listener.close()
        server.kill()
        print("--- server output ---\n" + server.output)
