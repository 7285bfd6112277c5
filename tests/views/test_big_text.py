"""The browser's big text on a phone (issue 33): the words around the move grow to
``WORDS_SCALE_CAP`` at most, the ballot's buttons all the way, and nothing has a fixed height."""
from __future__ import annotations

import flet as ft

from companion.ballots import OPEN, Vote
from rules import VoteCall
from views.ballot import BallotForm
from views.widgets import (BODY_SIZE, WORDS_SCALE_CAP, TextScaleProbe, cap_text_scale,
                           heading, line)

from testsupport.screens import texts


def form() -> BallotForm:
    call = VoteCall("lead", "Who should lead the expedition tonight?",
                    ("Maximiliano Ferreira", "Bruno", "Ana"), ("Ana",))
    return BallotForm(Vote("v", call.key, call, OPEN, frozenset(), (), 0, False), "Ana",
                      lambda choices: True, lambda: None)


def sizes(control) -> dict[str, float | None]:
    found, stack = {}, [control]
    while stack:
        c = stack.pop()
        if isinstance(c, ft.Text):
            found[c.value] = c.size
        for attr in ("controls", "content"):
            child = getattr(c, attr, None)
            stack.extend(child if isinstance(child, list) else [child] if child else [])
    return found


def test_words_are_capped_exactly_and_undone_exactly():
    column = ft.Column([heading("Room ABCD", 24), line("On your left: Ana"), ft.Text("plain")])
    factor = WORDS_SCALE_CAP / 2  # the browser at 200%
    cap_text_scale(column, factor)
    cap_text_scale(column, factor)  # every redraw caps again: never twice over
    assert sizes(column) == {"Room ABCD": 24 * factor, "On your left: Ana": 18 * factor,
                             "plain": BODY_SIZE * factor}
    cap_text_scale(column, 1.0)  # the browser back at 100%
    assert sizes(column) == {"Room ABCD": 24, "On your left: Ana": 18, "plain": None}


def test_the_ballot_choices_keep_growing_and_have_no_fixed_height():
    ballot = form()
    cap_text_scale(ballot.root, WORDS_SCALE_CAP / 2)
    choices = [c.controls[0] for c in ballot.body.controls if isinstance(c, ft.ResponsiveRow)]
    assert [b.content for b in choices] == ["Vote for Maximiliano Ferreira", "Vote for Bruno"]
    for button in choices:  # a label, not a Text: drawn at the browser's full text size
        assert button.height is None and button.style.padding.top >= 14
    assert "Who should lead the expedition tonight?" in texts(ballot.root)


def test_the_probe_is_never_capped():
    probe = TextScaleProbe(lambda scale: None)
    cap_text_scale(ft.Column([probe]), 0.5)
    assert probe.size == 10  # it measures the browser's text size by its own height
