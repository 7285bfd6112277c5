"""Spike (issue 51): the table vote's two screens on Flet's own reconciler (``ft.component``,
``ft.memo``, ``ft.use_state``), to measure against today's parts (``Screen.part``). Not used
by the host (the decision kept the parts: docs/architecture.md, "One redraw mechanism: the
decision"): tests/bench/bench_redraw.py draws it on Flet sessions beside today's screens.

A screen is one component reading the room (``seen``) when the room's hub says it changed;
``use_state``'s setter skips an equal value, so a change that leaves the screen as it was
renders nothing, and memoised children (``ft.memo``) skip what did not change beneath it.
What is typed lives in the component's own state (``on_change``), not in lasting controls.
"""
from __future__ import annotations

import asyncio
import contextvars
from dataclasses import dataclass

import flet as ft

from companion.ballots import CLOSED, OPEN, REVEALED
from companion.errors import Refused

from views.ballot import big_button
from views.games.table_vote import said
from views.widgets import line, panel


def room_state(sv, code: str, read, first: bool = False):
    """A hook: ``read()`` now, and again each time the room's hub says it changed (on this
    session's own loop turn and context: the hub calls back in whichever session made the
    change); an equal value renders nothing."""
    value, set_value = ft.use_state(read)

    def subscribe():
        loop, ctx = asyncio.get_running_loop(), contextvars.copy_context()

        def changed(what: str) -> None:
            loop.call_soon_threadsafe(lambda: set_value(read()), context=ctx)
        sub = sv.hub.subscribe(code, changed, first=first)
        return lambda: sv.hub.unsubscribe(sub)
    ft.use_effect(subscribe, [])
    return value


@dataclass(frozen=True)
class TableSeen:
    legal: frozenset[str]
    seated: tuple[str, ...]
    status: str | None  # the vote's, None: no vote
    question: str = ""
    voted: int = 0
    voters: int = 0
    read: int = 0
    ballots: int = 0
    results: tuple = ()


def table_seen(sv, code: str, host_key: str) -> TableSeen:
    vote = sv.vote(code)
    view = sv.view(code, host_key)
    results = tuple(said(r) for r in view.get("results", []))
    seated = tuple(s.name for s in sv.seats(code))
    legal = frozenset(sv.legal_moves(code, host_key))
    if vote is None:
        return TableSeen(legal, seated, None, results=results)
    return TableSeen(legal, seated, vote.status, vote.call.question, len(vote.voted),
                     len(vote.call.voters), vote.revealed, len(vote.reveal_order), results)


@ft.component
def Count(voted: int, voters: int):
    return line(f"{voted} of {voters} have voted", 28)


@ft.component
def Results(results: tuple):
    return panel("Earlier results", [line(r) for r in results]) if results else ft.Column()


@ft.component
def AskForm(sv, code: str, host_key: str, seated: tuple):
    question, set_question = ft.use_state("")
    error, set_error = ft.use_state("")

    def ask():
        try:
            sv.act(code, host_key, "ask", {"question": question, "candidates": list(seated),
                                           "voters": list(seated)})
            set_question("")
            set_error("")
        except Refused as e:
            set_error(str(e))
    return panel("Ask the table", [
        ft.TextField(label="Question", width=420, value=question,
                     on_change=lambda e: set_question(e.control.value)),
        big_button("Open the vote", lambda e: ask()),
        ft.Text(error, color=ft.Colors.RED_300, visible=bool(error))])


@ft.component
def TableVote(sv, code: str, host_key: str):
    seen = room_state(sv, code, lambda: table_seen(sv, code, host_key), first=True)
    error, set_error = ft.use_state("")

    def step(fn):
        try:
            fn(host_key, code)
            set_error("")
        except Refused as e:
            set_error(str(e))
    out = []
    if "ask" in seen.legal:
        out.append(ft.memo(AskForm)(sv, code, host_key, seen.seated, key="ask"))
    if seen.status == OPEN:
        out += [line(seen.question, 24), ft.memo(Count)(seen.voted, seen.voters, key="count"),
                big_button("Close the vote", lambda e: step(sv.close_vote))]
    elif seen.status == CLOSED:
        out += [line(f"Ballots read: {seen.read} of {seen.ballots}", 28),
                big_button("Read the next ballot", lambda e: step(sv.reveal_next)),
                big_button("Show the final tally", lambda e: step(sv.finish_reveal))]
    elif seen.status == REVEALED and seen.results:
        out.append(line(seen.results[-1], 28))
    out += [ft.Text(error, color=ft.Colors.RED_300, visible=bool(error)),
            ft.memo(Results)(seen.results, key="results")]
    return ft.Column(out, spacing=14, scroll=ft.ScrollMode.AUTO, expand=True)


@dataclass(frozen=True)
class PhoneSeen:
    name: str
    status: str | None
    question: str = ""
    candidates: tuple[str, ...] = ()
    voted: bool = False  # this seat's own ballot only: another phone's vote changes nothing
    results: tuple = ()


def phone_seen(sv, code: str, token: str) -> PhoneSeen:
    name = sv.seat_by_token(code, token).name
    results = tuple(said(r) for r in sv.view(code, token).get("results", []))
    vote = sv.vote(code, token)
    if vote is None:
        return PhoneSeen(name, None, results=results)
    return PhoneSeen(name, vote.status, vote.call.question, tuple(vote.call.candidates),
                     name in vote.voted, results)


@ft.component
def Ballot(sv, code: str, token: str, question: str, candidates: tuple):
    picked, set_picked = ft.use_state(None)
    error, set_error = ft.use_state("")

    def confirm():
        try:
            sv.cast(code, token, [picked] if picked else [])
        except Refused as e:
            set_error(str(e))
    return ft.Column([
        line(question, 24),
        *[(ft.FilledButton if c == picked else ft.OutlinedButton)(
            f"Vote for {c}", on_click=lambda e, c=c: set_picked(c), key=f"for {c}")
          for c in candidates],
        ft.FilledButton("Confirm my vote", on_click=lambda e: confirm(), key="confirm",
                        disabled=picked is None),
        ft.Text(error, color=ft.Colors.RED_300, visible=bool(error))], spacing=12)


@ft.component
def PhoneVote(sv, code: str, token: str):
    seen = room_state(sv, code, lambda: phone_seen(sv, code, token))
    out = [line(seen.name, 20)]
    if seen.status == OPEN and not seen.voted:
        out.append(ft.memo(Ballot)(sv, code, token, seen.question, seen.candidates,
                                   key="ballot"))
    elif seen.status == OPEN:
        out.append(line("Your vote is in.", 24))
    elif seen.status == CLOSED:
        out.append(line("The table is reading the ballots.", 24))
    out.append(panel("Results", [line(r) for r in seen.results]) if seen.results else
               line("No vote has been counted yet."))
    return ft.Column(out, spacing=14, scroll=ft.ScrollMode.AUTO, expand=True)

