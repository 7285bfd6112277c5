"""Issue 48, "Done when": one table, phones in four languages, a secret vote to its reveal.

A Survivor table and a Castaways table, each screen in English, with phones whose browsers
prefer Spanish, German, Polish and Arabic (Castaways needs a fifth player: an English phone).
The game is moved through the companion to its first secret vote (the game's own play, as the
layout test plays it); then each voter reads their ballot on their phone, in their language,
and votes by tapping it; the table reads the ballots out and shows the final tally. Each phone
then shows the result and the game's history line in its own language, Arabic right to left.

The words looked for are each language's own, taken from the catalogs (not typed here): the
test fails if a phone shows a message in English, or in another phone's language. Screenshots
of each phone's ballot and result go to the test's folder, or to $COMPANION_SHOTS
(tests/screens/issue-48/ holds a set).
"""
from __future__ import annotations

import os
import random
import re
from pathlib import Path

import pytest
from playwright.sync_api import expect

from companion import games
from companion.ballots import allotment
from companion.language import COMPANION, HOME, Speaker, from_json, words
from companion.testing import play_through
from rules import Action
from rules.testing import Play
from testsupport.browser import PHONE, PHONE_NAME, TABLE
from testsupport.flet_page import (open_page, read_ballots_until_decided, see, settle, shown,
                                   tap)
from testsupport.long_screen import look
from testsupport.live import Live

pytestmark = pytest.mark.e2e

_ = Speaker(COMPANION, HOME)
# a phone's browser language: (its locale, its player's name)
PHONES = {"es": ("es-ES", "Lucía"), "de": ("de-DE", "Jonas"), "pl": ("pl-PL", "Zofia"),
          "ar": ("ar-EG", "ليلى"), "en": ("en-GB", "Ann")}
# a play of each game with as many players as phones here (rules/<game>/plays.py)
SEEDS = {"survivor": 1, "castaways": 2}
# the table's steps between the last ballot and the reading (the table stays in English)
TABLE_STEPS = {"survivor": ("Everyone, open your eyes", "Open the box and tally the votes")}


class VoteOpen(Exception):
    """The play reached a secret vote: the phones take it from here."""


def renamed(play: Play, names: dict[str, str]) -> Play:
    def real(value):
        if isinstance(value, str):
            return names.get(value, value)
        if isinstance(value, (list, tuple)):
            return type(value)(real(v) for v in value)
        if isinstance(value, dict):
            return {k: real(v) for k, v in value.items()}
        return value
    return Play(real(play.players), real(play.options),
                [Action(real(a.actor), a.move, real(dict(a.args))) for a in play.actions])


class StopAtTheVote:
    """The companion, as the play sees it: after each move, a secret vote open for the
    phones stops the play (the ballots are the phones' to cast)."""

    def __init__(self, service, code: str) -> None:
        self.service, self.code = service, code

    def __getattr__(self, name: str):
        return getattr(self.service, name)

    def act(self, *args, **kwargs):
        done = self.service.act(*args, **kwargs)
        vote = self.service.vote(self.code)
        if vote is not None and vote.status == "open" and not vote.call.open_vote:
            raise VoteOpen
        return done


def to_the_first_secret_vote(sv, code: str, key: str, play: Play, tokens) -> None:
    try:
        play_through(StopAtTheVote(sv, code), code, key, play, tokens,
                     random.Random(SEEDS[key]))
    except VoteOpen:
        return
    pytest.fail(f"{key}'s play reached no secret vote")


@pytest.mark.parametrize("key", ["survivor", "castaways"])
def test_a_table_in_five_languages_votes_to_its_reveal(key, browser, tmp_path):
    shots = Path(os.environ.get("COMPANION_SHOTS") or tmp_path) / key
    shots.mkdir(parents=True, exist_ok=True)
    base = games.plays(key)(SEEDS[key])
    langs = list(PHONES)[:len(base.players)]
    assert len(langs) == len(base.players) >= 4, "a play with a phone per language"
    play = renamed(base, {p: PHONES[lang][1] for p, lang in zip(base.players, langs)})
    language_of = {PHONES[lang][1]: lang for lang in langs}

    live = Live(tmp_path, address=PHONE_NAME).start()
    sv = live.service
    try:
        code = sv.create_room(sv.host_key, key)
        tokens = {name: sv.join(code, name)[1] for name in play.players}
        table = open_page(browser.new_context(**TABLE).new_page(),
                          f"{live.base}/table/{code}?k={sv.host_key}")
        phones = {}
        for name in play.players:
            locale = PHONES[language_of[name]][0]
            phones[name] = open_page(browser.new_context(**PHONE, locale=locale).new_page(),
                                     f"{live.phone_base}/join/{code}?t={tokens[name]}")
        to_the_first_secret_vote(sv, code, key, play, tokens)
        vote = sv.vote(code)
        voters = list(vote.waiting_for)
        assert voters, "a vote with voters"

        for name in voters:
            lang, phone = language_of[name], phones[name]
            say = words(lang)
            see(phone, say(_("Secret vote: nobody will see how you vote.")))
            see(phone, say(vote.call.question))  # the game's question, in its words too
            candidates = [c for c in vote.call.candidates if c != name or vote.call.self_vote]
            choice = candidates[0]
            button = phone.get_by_role("button", name=re.compile(
                "^" + re.escape(say(_("Vote for {candidate}", candidate=choice)))))
            expect(button.first).to_be_visible()
            phone.screenshot(path=str(shots / f"ballot-{lang}.png"))
            for _n in range(allotment(vote.call, name)):  # extra votes: each one tapped
                button.first.click()
            confirm = phone.get_by_role("button", name=say(_("Confirm my vote")))
            confirm.wait_for()
            settle(phone)
            phone.screenshot(path=str(shots / f"confirm-{lang}.png"))
            # the layout mirrored in Arabic: the button that starts a row sits at the right
            box, width = confirm.bounding_box(), PHONE["viewport"]["width"]
            assert (box["x"] > width / 2) == (lang == "ar"), (lang, box)
            tap(phone, say(_("Confirm my vote")))
            see(phone, say(_("Your vote is in.")))
        table_say = words("en")
        for step in TABLE_STEPS.get(key, ()):  # the game's own steps before the reading
            tap(table, step)
        table.screenshot(path=str(shots / "table.png"))
        assert len(read_ballots_until_decided(table)) >= 1
        tap(table, table_say(_("Show the final tally")))
        question = sv.vote(code).call.question
        for name, phone in phones.items():
            lang = language_of[name]
            say = words(lang)
            # the result and what happens now, each in this phone's language
            see(phone, say(_("Final tally: {question}", question=question)))
            now = sv.reminder_messages(code, tokens[name])
            if now:
                look(phone, say(now[0]))
            # what just happened: the room's last history line, in this phone's language
            look(phone, say(_("History: {line}", line=say(sv.history_lines(code)[-1]))))
            settle(phone)
            phone.screenshot(path=str(shots / f"result-{lang}.png"))
            if lang != "en":  # and not in English
                expect(shown(phone).get_by_text(str(_("Final tally: {question}",
                                                      question=question)))).to_have_count(0)
    finally:
        live.stop()
