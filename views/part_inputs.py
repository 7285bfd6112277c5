"""A part is redrawn when what it draws from changes, and only then (issue 37), as a check any
game's tests run (``views.testing.check_part_inputs``; the project's over every game in
tests/views/test_part_inputs.py).

The real table screen and the real phones of a game play the first moves of a play, the
ballot box casting every vote; at each step the table and each phone also tap the buttons of
their game panel (their own choices: a player picked, a step waiting for "Yes"; or a move).
After every change the screen is refreshed as the hub would refresh it, and its game slot (on
the table, its action bar too) must read exactly as the same screen drawn afresh, with the same
choices: a state the panel draws but its inputs forget would leave the old drawing on screen.
The game must have shown a game move redrawn that way, and an own choice too if its panels
have choices of their own; a change the panel
does not draw from (the discussion timer) must not redraw it.

Which buttons a panel offers may depend on a shuffled deal (a hand of cards): the companion's
dice must be seeded for the check to tap the same buttons every run (the pytest plugin seeds
them in every test: companion/testing/plugin.py).
"""
from __future__ import annotations

import asyncio
import concurrent.futures
import dataclasses
import difflib
import random
from pathlib import Path
from typing import Any

import flet as ft

from companion.ballots import CLOSED, OPEN, allotment
from companion.errors import Refused
from companion.rooms import TableService
from companion.store import Store
from companion.testing import act

from .phone import PhoneRoom
from .screen import Session, Urls
from .table import TableRoom
from .testing import NowherePage, buttons, nowhere
from .widgets import ErrorLine, Fold

MOVES = 50  # of each play: a vote of Survivor and of Castaways among them
PHONES = 2  # the phones watched (the first seats': every phone draws alike)
TAPS = 30  # buttons tapped on each screen, over the whole play (each label once)
WORDS = ("value", "label", "hint_text", "tooltip", "semantics_label", "content")


def shown_words(control) -> list[str]:
    """The words ``control`` shows: not those of hidden controls, nor a refusal (said by the
    request that was refused, not drawn from the inputs)."""
    found, stack = [], [control]
    while stack:
        c = stack.pop()
        if getattr(c, "visible", True) is False or isinstance(c, ErrorLine):
            continue
        found += [v for v in (getattr(c, attr, None) for attr in WORDS) if isinstance(v, str)]
        for attr in ("controls", "content", "actions"):
            child = getattr(c, attr, None)
            if isinstance(child, list):
                stack += child
            elif isinstance(child, ft.Control):
                stack.append(child)
    return found


class Watched:
    """One screen of the room, its game panel's slot (and on the table its action bar)
    watched: how often each was drawn, and what it reads now against a fresh screen."""

    def __init__(self, screen, fresh) -> None:
        self.screen, self.fresh = screen, fresh  # fresh(): the same screen, made anew
        self.drawn = {"game": 0, "bar": 0}
        screen.refresh(force=True)
        self.parts = dict(self._named(screen))
        for name, part in self.parts.items():
            part.draw = self._counted(name, part.draw)
        self.tapped: set[str] = set()

    @staticmethod
    def _named(screen) -> dict:
        out = {}
        for part in screen.parts:
            if part.draw == screen._draw_game:
                out["game"] = part
            elif part.draw == getattr(screen, "_draw_bar", None):
                out["bar"] = part
        return out

    def _counted(self, name, draw):
        def counted(shown):
            self.drawn[name] += 1
            return draw(shown)
        return counted

    def panel(self):
        return self.screen.game_panel

    def read(self, screen=None) -> dict:
        """The words the watched slots show."""
        parts = self._named(screen) if screen is not None else self.parts
        return {name: shown_words(part.slot) for name, part in parts.items()}

    def check(self, why: str) -> None:
        """Refreshed as the hub refreshes it: it reads as the screen drawn afresh does."""
        self.screen.refresh()
        twin = self.fresh()
        if self.panel() is not None:  # the same choices: they are one frozen value
            twin_panel = twin._panel() if isinstance(twin, PhoneRoom) else twin.game_panel
            twin_panel.choices = self.panel().choices
        twin.refresh(force=True)
        now, afresh = self.read(), self.read(twin)
        assert now == afresh, (
            f"{type(self.screen).__name__} after {why}: the game slot was not redrawn with "
            "what changed (an input its panel draws from is missing from its inputs):\n"
            + "\n".join(difflib.unified_diff(
                [f"{k}: {w}" for k, ws in now.items() for w in ws],
                [f"{k}: {w}" for k, ws in afresh.items() for w in ws], "on screen",
                "drawn afresh", lineterm="")))

    def buttons(self) -> list:
        """The enabled buttons of the game's slot, and on the table of the game's steps in
        the action bar (the screen's own steps, such as Undo or Play again, are not the
        game's)."""
        panel = self.panel()
        if panel is None or "game" not in self.parts:
            return []
        found = buttons(self.parts["game"].slot)
        shown = getattr(panel, "shown", None)
        if isinstance(self.screen, TableRoom) and shown is not None:
            found += [b for c in panel.actions(shown) for b in buttons(c)]
        # a fold opens and closes in place, in the browser alone
        return [b for b in found if isinstance(b.content, str)
                and not isinstance(getattr(b.on_click, "__self__", None), Fold)]


class PartInputs:
    """The check over one room of ``key`` playing ``play`` (see the module's docstring)."""

    def __init__(self, key: str, play: Any, folder: Path) -> None:
        self.play, self.store = play, Store(Path(folder) / "companion.db")
        self.sv = sv = TableService(self.store)
        session = Session(NowherePage(), sv, Urls("http://127.0.0.1:8550"), None, nowhere)
        self.code = code = sv.create_room(sv.host_key, key)
        self.tokens = {name: sv.join(code, name)[1] for name in play.players}
        sv.start(sv.host_key, code, play.options)
        self.screens = [Watched(TableRoom(session, sv.host_key, code),
                                lambda: TableRoom(session, sv.host_key, code))]
        self.screens += [Watched(PhoneRoom(session, code, [t]),
                                 lambda t=t: PhoneRoom(session, code, [t]))
                         for t in list(self.tokens.values())[:PHONES]]
        self.chose = 0

    def check_all(self, why: str) -> int:
        """Every screen checked; how many redrew their game slot with new words."""
        redrawn = 0
        for s in self.screens:
            before, drawn = s.read(), s.drawn["game"]
            s.check(why)
            redrawn += s.drawn["game"] > drawn and s.read() != before
        return redrawn

    def game(self) -> tuple:
        """The game as every screen may see it, and its history."""
        sv, code = self.sv, self.code
        return (tuple(sv.history(code)), repr(sv.view(code, sv.host_key)),
                *(repr(sv.view(code, t)) for t in self.tokens.values()))

    def tap_around(self, s: Watched) -> int:
        """Tap the game panel's buttons not tapped yet: a choice of its own changed must be
        drawn at once, like a move (which is then undone: the play goes on)."""
        changed = 0
        while len(s.tapped) < TAPS:
            found = [b for b in s.buttons() if b.content not in s.tapped]
            if not found:
                return changed
            button = found[0]
            s.tapped.add(button.content)
            mine, then = s.panel().choices, self.game()
            before, drawn = s.read(), s.drawn["game"]
            done = button.on_click(None)
            if hasattr(done, "close"):  # an async handler: not run here
                done.close()
            if self.game() != then:  # a move: every screen may show it
                self.check_all(f"tapping {button.content!r}")
                try:
                    self.sv.undo(self.sv.host_key, self.code)
                except Refused:
                    continue
                self.check_all(f"undoing {button.content!r}")
            elif s.panel().choices != mine:  # this screen's own choice
                s.check(f"tapping {button.content!r}")
                changed += s.drawn["game"] > drawn and s.read() != before
        return changed

    def step(self, label: str) -> None:
        """A step of the ballot box: drawn; while the box is open, taps too (calling off the
        vote, say)."""
        self.check_all(label)
        if label == "the vote opens":
            self.chose += sum(self.tap_around(s) for s in self.screens)

    def run(self, key: str, moves: int) -> None:
        moved, rng = 0, random.Random(0)
        for action in self.play.actions[:moves]:
            if action.move == "vote_result" or not act(self.sv, self.code, self.tokens,
                                                       action):
                continue
            moved += self.check_all(f"{action.move} by {action.actor}")
            ballots(self.sv, self.code, rng, self.step)
            self.chose += sum(self.tap_around(s) for s in self.screens)
        assert moved, f"{key}: no game move redrew a panel"
        # a panel with choices of its own (fields of its Choices) must have drawn one
        assert self.chose or not any(dataclasses.fields(s.panel().choices) for s in
                                     self.screens if s.panel() is not None), \
            f"{key}: no choice of a panel's own was tapped and drawn"
        self.timer()

    def timer(self) -> None:
        """What no panel draws from, the discussion timer, redraws no panel."""
        drawn = [s.drawn["game"] for s in self.screens]

        async def tick() -> None:  # the timer's line ticks in the event loop
            self.sv.start_timer(self.sv.host_key, self.code, 60)
            for s in self.screens:
                s.screen.refresh()
                s.screen.timer.stop()
        # in a thread of its own: the worker may already run an event loop (Playwright's
        # sync API leaves one marked running when a browser test ran before in the process)
        with concurrent.futures.ThreadPoolExecutor(1) as pool:
            pool.submit(asyncio.run, tick()).result()
        assert [s.drawn["game"] for s in self.screens] == drawn, "the timer redrew a game panel"


def ballots(sv, code: str, rng, step) -> None:
    """The ballot box does its part, as ``companion.testing.play_vote`` does, with a step
    after each ballot cast and each ballot read; a box the game holds (Survivor's, until the
    table opens it) gets its ballots, and waits."""
    vote = sv.vote(code)
    if vote is None or vote.status not in (OPEN, CLOSED):
        return
    step("the vote opens")
    try:
        for voter in vote.waiting_for if vote.status == OPEN else ():
            choices = [c for c in vote.call.candidates if c != voter or vote.call.self_vote]
            sv.cast_for(sv.host_key, code, voter, [
                rng.choice(choices) for _ in range(allotment(vote.call, voter))])
            step(f"{voter} voted")
        if not sv.readable(code, sv.vote(code)):
            return
        if sv.vote(code).status == OPEN:
            sv.close_vote(sv.host_key, code)
            step("the box closed")
        while not sv.vote(code).decided:
            sv.reveal_next(sv.host_key, code)
            step("a ballot read")
        sv.finish_reveal(sv.host_key, code)
        step("the vote counted")
    except Refused:  # the game holds the box (an Idol step), or a tap called the vote off
        step("the box held")


def check_part_inputs(key: str, play: Any, folder: Path, moves: int = MOVES) -> None:
    """Every change of the game and of a panel's own choices, along the first ``moves`` moves
    of ``play``, redraws the panel as a fresh screen draws it; the timer redraws no panel."""
    check = PartInputs(key, play, folder)
    try:
        check.run(key, moves)
    finally:
        check.store.close()
