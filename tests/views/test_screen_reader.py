"""What a screen reader is told, drawn without a browser (issue 33): the ballot says it is
secret before its choices, and a pass-and-play device says whose turn it is and that a vote
went in, once each time it changes. (tests/e2e/test_screen_reader.py hears the phones.)"""
from __future__ import annotations

import flet as ft

from companion.ballots import OPEN, Vote
from companion.rooms import TableService
from companion.store import Store
from rules import VoteCall
from views.ballot import SECRET, BallotForm
from views.screen import Session, Urls
from views.table import PassAndPlay

from views.testing import buttons, nowhere
from testsupport.screens import Speaker, TaskPage, press


def ballot_texts(open_vote: bool) -> list[str]:
    call = VoteCall("q", "Who leads?", ("Ana", "Bob"), ("Ana", "Bob"), open_vote=open_vote,
                    reveal="all_at_once" if open_vote else "one_by_one")
    form = BallotForm(Vote("v", call.key, call, OPEN, frozenset(), (), 0, False), "Ana",
                      lambda choices: True, lambda: None)
    return read_out(form.root)


def read_out(control) -> list[str]:
    """The words of texts and button labels, in the order a screen reader meets them."""
    if control is None or getattr(control, "visible", True) is False:
        return []
    if isinstance(control, ft.Text):
        return [control.value] if control.value else []
    if isinstance(control, (ft.Button, ft.OutlinedButton, ft.TextButton)):
        return [control.content] if isinstance(control.content, str) else []
    children = getattr(control, "controls", None) or [getattr(control, "content", None)]
    return [words for child in children for words in read_out(child)]


def test_the_ballot_says_it_is_secret_before_the_choices():
    said = ballot_texts(open_vote=False)
    assert said.index(SECRET) < said.index("Vote for Bob")
    assert SECRET not in ballot_texts(open_vote=True)  # an open vote says it is open instead


def test_pass_and_play_says_whose_turn_and_the_vote_taken_once_each(tmp_path):
    sv = TableService(Store(tmp_path / "companion.db"))
    code = sv.create_room(sv.host_key, "table_vote")
    for name in ("Ana", "Bob"):
        sv.join(code, name)
    sv.start(sv.host_key, code)
    speaker = Speaker()
    screen = PassAndPlay(Session(TaskPage(), sv, Urls("http://127.0.0.1:8550"), None, nowhere,
                                 speaker=speaker), sv.host_key, code)
    screen.refresh()  # the screen as it opens: read by the reader itself, not announced
    sv.act(code, sv.host_key, "ask", {"question": "Pizza?", "candidates": ["Yes", "No"],
                                            "voters": ["Ana", "Bob"]})
    screen.refresh()
    assert speaker.said == ["Pass the device to Ana"]
    press_button(screen, "I am Ana: show my ballot")
    press(screen.form, "Vote for Yes")
    press(screen.form, "Confirm my vote")
    assert speaker.said[-1] == "Your vote is in."
    screen.refresh(force=True)  # drawn again, nothing new: nothing said again
    assert speaker.said.count("Your vote is in.") == 1
    press_button(screen, "Done: hide my screen")
    assert speaker.said[-1] == "Pass the device to Bob"


def press_button(screen, label: str) -> None:
    button, = [b for b in buttons(screen.root) if b.content == label]
    button.on_click(None)
