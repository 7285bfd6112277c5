"""What a screen reader is told, drawn without a browser (issue 33): the ballot says it is
secret before its choices, and a pass-and-play device says whose turn it is and that a vote
went in, once each time it changes. (tests/e2e/test_screen_reader.py hears the phones.)"""
from __future__ import annotations

import asyncio

import flet as ft

from companion.ballots import OPEN, Vote
from companion.rooms import TableService
from companion.store import Store
from rules import VoteCall
from views.ballot import SECRET, BallotForm
from views.screen import Screen, Session, Urls, Voice, announce
from views.phone import PhoneRoom
from views.table import PassAndPlay

from views.testing import NowherePage, buttons, nowhere
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
                                 speaker=speaker, voice_timing=(0, 0)), sv.host_key, code)
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


# --- one voice per change (issue 53) ------------------------------------------------------
# Flutter keeps an announcement ~300 ms in one aria-live element; a second within that time
# replaces the first before Orca reads it (23 of 39 heard). A change's sentences are one
# announcement, and announcements are spaced.

class LoopPage(NowherePage):
    """A page whose tasks run on the test's event loop, as Flet runs them."""

    def run_task(self, fn, *args, **kwargs) -> None:
        asyncio.get_running_loop().create_task(fn(*args, **kwargs))


class TimedSpeaker(Speaker):
    """The words announced, and when (the loop's clock)."""

    def __init__(self) -> None:
        super().__init__()
        self.at: list[float] = []

    async def announce_message(self, words: str) -> None:
        self.at.append(asyncio.get_running_loop().time())
        await super().announce_message(words)


async def quiet(voice: Voice) -> None:
    """Until the voice has said everything pending (it stops by itself)."""
    while voice.speaking:
        await asyncio.sleep(0.01)


def test_what_one_change_says_is_one_announcement_in_order():
    async def run():
        speaker = TimedSpeaker()
        voice = Voice(LoopPage(), speaker, gather=0.05, gap=0.3)
        for words in ("Done: Ana voted", "Your vote is in.", "The vote is closed.",
                      "Your vote is in."):  # said twice by two parts: once
            voice.say(words)
        await quiet(voice)
        return speaker.said
    assert asyncio.run(run()) == ["Done: Ana voted. Your vote is in. The vote is closed."]


def test_an_announcement_never_follows_the_last_within_the_gap_and_none_is_lost():
    async def run():
        speaker = TimedSpeaker()
        voice = Voice(LoopPage(), speaker, gather=0.02, gap=0.4)
        voice.say("A new vote for you: Pizza?")
        await asyncio.sleep(0.1)  # the first is out; these come while it is in the element
        voice.say("Ballot 1: Yes")
        await asyncio.sleep(0.05)
        voice.say("Ballot 2: No")
        await quiet(voice)
        voice.say("Yes: 1 vote")  # long after: said after its own gather
        await quiet(voice)
        return speaker
    speaker = asyncio.run(run())
    assert speaker.said == ["A new vote for you: Pizza?", "Ballot 1: Yes. Ballot 2: No.",
                            "Yes: 1 vote"]
    assert all(b - a >= 0.4 for a, b in zip(speaker.at, speaker.at[1:])), speaker.at


class TwoParts(Screen):
    """A screen of two parts with news, whose inputs the test sets."""

    def __init__(self, session) -> None:
        super().__init__(session)
        self.now = {"vote": 0, "game": 0}

    def layout(self):
        return [self.part(lambda: self.now["vote"], lambda v: [ft.Text(str(v))],
                          news=lambda: f"Vote news {self.now['vote']}" if self.now["vote"]
                          else None),
                self.part(lambda: self.now["game"], lambda v: [ft.Text(str(v))],
                          news=lambda: f"Game news {self.now['game']}." if self.now["game"]
                          else None)]


def test_a_redraw_that_changes_two_parts_and_the_press_before_it_say_it_once(tmp_path):
    async def run():
        speaker = TimedSpeaker()
        sv = TableService(Store(tmp_path / "companion.db"))
        session = Session(LoopPage(), sv, Urls("http://127.0.0.1:8550"), None, nowhere,
                          speaker=speaker, voice_timing=(0.05, 0.3))
        screen = TwoParts(session)
        screen.refresh()  # as it opens: read by the reader itself
        announce(session, "Done: Ana drew an Action card.")  # the press's own line
        screen.now.update(vote=1, game=1)
        screen.refresh()  # the redraw the press caused
        await quiet(session.voice)
        screen.now.update(game=2)
        screen.refresh()
        await quiet(session.voice)
        return speaker.said
    assert asyncio.run(run()) == [
        "Done: Ana drew an Action card. Vote news 1. Game news 1.", "Game news 2."]


# --- changes a reader would not hear otherwise (issue 53: Orca said only "clickable") -------

class FocusPage(TaskPage):
    """Runs what is said at once, and keeps where the screen put the focus."""

    def __init__(self) -> None:
        self.focused: list = []

    def run_task(self, fn, *args, **kwargs) -> None:
        if args and getattr(args[0], "__name__", "") == "focus":
            self.focused.append(args[0].__self__)
        elif getattr(fn, "__name__", "") in ("_quietly", "_speak"):
            super().run_task(fn, *args, **kwargs)
        else:  # the browser's settings: no browser here
            fn(*args, **kwargs).close()


def label(control) -> str | None:
    return getattr(control, "content", None) if control is not None else None


def test_pass_and_play_says_it_opened_the_ballot_and_the_confirm_step(tmp_path):
    sv = TableService(Store(tmp_path / "companion.db"))
    code = sv.create_room(sv.host_key, "table_vote")
    for name in ("Ana", "Bob"):
        sv.join(code, name)
    sv.start(sv.host_key, code)
    sv.act(code, sv.host_key, "ask", {"question": "Pizza?", "candidates": ["Yes", "No"],
                                       "voters": ["Ana", "Bob"]})
    speaker, page = Speaker(), FocusPage()
    screen = PassAndPlay(Session(page, sv, Urls("http://127.0.0.1:8550"), None, nowhere,
                                 speaker=speaker, voice_timing=(0, 0)), sv.host_key, code)
    screen._loop = None  # (start() without a loop: the hub is not listened to here)
    screen.topic = None
    asyncio.run(screen.start())
    # opened from the table screen: said, and the focus on "I am Ana: show my ballot"
    assert speaker.said == ["Pass and play.", "Pass the device to Ana"]
    assert label(page.focused[-1]) == "I am Ana: show my ballot"
    press_button(screen, "I am Ana: show my ballot")
    assert speaker.said[-1] == "Ana's ballot: Pizza?"
    assert label(page.focused[-1]) == "Vote for Yes"
    press(screen.form, "Vote for No")
    assert speaker.said[-1] == "You are voting for: No. Confirm my vote, or change it."
    assert label(page.focused[-1]) == "Confirm my vote"
    press(screen.form, "Change my vote")
    assert label(page.focused[-1]) == "Vote for Yes"


def test_a_phone_says_the_seat_taken_and_the_name_refused(tmp_path):
    sv = TableService(Store(tmp_path / "companion.db"))
    code = sv.create_room(sv.host_key, "table_vote")
    sv.join(code, "Bob")
    speaker, page = Speaker(), FocusPage()
    phone = PhoneRoom(Session(page, sv, Urls("http://127.0.0.1:8550"), None, nowhere,
                              speaker=speaker, voice_timing=(0, 0)), code, [])
    phone.refresh()
    phone.name.value = "Bob"  # taken: refused in words, said, and the field to mend it
    asyncio.run(phone._join_typed())
    assert speaker.said and speaker.said[-1] == phone.error.value, (speaker.said,)
    assert page.focused[-1] is phone.name
    phone.name.value = "Ana"
    asyncio.run(phone._join_typed())
    assert speaker.said[-1] == "You have a seat, Ana. The game starts when the table is ready."


def test_a_screen_opened_as_the_app_takes_over_from_a_readers_join_page_says_itself(tmp_path):
    """The join page turned the tree on as the app took over (companion/web/boot.js): nothing
    has the focus, so the phone's first screen says what it shows, once; its buttons are
    left to the focus (issue 53, 3). Any other first screen is read by the reader itself."""
    sv = TableService(Store(tmp_path / "companion.db"))
    code = sv.create_room(sv.host_key, "table_vote")
    token = sv.join(code, "Ana")[1]
    for opening in (True, False):
        speaker = Speaker()
        session = Session(FocusPage(), sv, Urls("http://127.0.0.1:8550"), None, nowhere,
                          speaker=speaker, voice_timing=(0, 0), read_opening=opening)
        phone = PhoneRoom(session, code, [token])
        phone.refresh()
        phone.refresh(force=True)
        if not opening:
            assert speaker.said == []
            continue
        assert speaker.said == [f"Ana. Room {code}. You have a seat. The game starts when the "
                                "table is ready."], speaker.said
        assert not session.read_opening  # said once: the next screen is read as ever


def test_a_shared_phones_idle_blank_restarts_on_every_tap_and_key(tmp_path):
    """Bruno reads his ballot with a reader and Tabs through it: the 30 s count restarts on
    each choice and key, not only from "I am Bruno" (issue 53: his screen blanked at 25 s)."""
    sv = TableService(Store(tmp_path / "companion.db"))
    code = sv.create_room(sv.host_key, "table_vote")
    tokens = [sv.join(code, name)[1] for name in ("Ana", "Bruno")]
    sv.start(sv.host_key, code)
    sv.act(code, sv.host_key, "ask", {"question": "Pizza?", "candidates": ["Yes", "No"],
                                       "voters": ["Ana", "Bruno"]})
    phone = PhoneRoom(Session(FocusPage(), sv, Urls("http://127.0.0.1:8550"), None, nowhere),
                      code, tokens)

    async def run():
        phone.refresh()
        phone.handover.show(tokens[1])  # "I am Bruno: show my screen"
        phone.handover.last_touch = -1e9  # long ago: only what follows can keep it open
        press(phone.form, "Vote for Yes")
        chose = phone.handover.last_touch
        phone.handover.last_touch = -1e9
        phone.touched()  # what the page's keyboard event calls (views/app.py)
        keyed = phone.handover.last_touch
        phone.handover.stop()
        return chose, keyed
    chose, keyed = asyncio.run(run())
    assert chose > 0 and keyed > 0


class ReaderSpeaker(Speaker):
    """Flet's SemanticsService of a tab whose accessibility tree is on, or off."""

    def __init__(self, on: bool) -> None:
        super().__init__()
        self.on = on

    async def get_accessibility_features(self):
        from flet.controls.services.semantics_service import AccessibilityFeatures
        return AccessibilityFeatures(self.on, False, False, False, False, False, False, True)


def test_a_shared_phones_idle_blank_waits_longer_while_a_reader_is_on(tmp_path):
    """30 s without a tap or a key blank a shared phone; 2 minutes while its accessibility
    tree is on (a screen reader is reading the ballot out), and a tap on an empty part of
    the screen restarts the count too (issue 53, 4)."""
    from views.app import touch_area
    from views.handover import IDLE_SECONDS, READER_IDLE_SECONDS
    sv = TableService(Store(tmp_path / "companion.db"))
    code = sv.create_room(sv.host_key, "table_vote")
    tokens = [sv.join(code, name)[1] for name in ("Ana", "Bruno")]
    sv.start(sv.host_key, code)
    waits = {}
    for on in (True, False):
        session = Session(FocusPage(), sv, Urls("http://127.0.0.1:8550"), None, nowhere,
                          speaker=ReaderSpeaker(on), voice_timing=(0, 0))
        phone = PhoneRoom(session, code, tokens)

        async def run():
            phone.refresh()
            phone.handover.show(tokens[1])  # "I am Bruno: show my screen"
            await asyncio.sleep(0.05)  # the browser has said whether its tree is on
            waits[on] = phone.handover.idle_seconds
            area = touch_area(phone)
            assert isinstance(area, ft.GestureDetector) and area.exclude_from_semantics
            assert area.content is phone.root
            phone.handover.last_touch = -1e9
            area.on_tap_down(None)  # a tap on an empty part of the screen
            tapped = phone.handover.last_touch
            phone.handover.stop()
            return tapped
        assert asyncio.run(run()) > 0
    assert waits == {True: READER_IDLE_SECONDS, False: IDLE_SECONDS}
    assert READER_IDLE_SECONDS >= 4 * IDLE_SECONDS


# --- right-to-left names keep their place (issue 53, 5) -------------------------------------

def test_a_right_to_left_name_is_isolated_in_every_sentence_of_a_screen(tmp_path):
    """"علي: 1 vote" drew "1 :علي vote" on the table and the phones; each right-to-left
    name in a sentence is isolated (U+2068 ... U+2069), a Latin name and a name alone
    (a chip) stay as they are, and what a player types is never touched."""
    sv = TableService(Store(tmp_path / "companion.db"))
    code = sv.create_room(sv.host_key, "table_vote")
    tokens = [sv.join(code, name)[1] for name in ("علي", "דנה", "Ana")]
    sv.start(sv.host_key, code)
    sv.act(code, sv.host_key, "ask", {"question": "Leader?", "candidates": ["علي", "Ana"],
                                       "voters": ["علي", "דנה", "Ana"]})
    phone = PhoneRoom(Session(FocusPage(), sv, Urls("http://127.0.0.1:8550"), None, nowhere),
                      code, [tokens[1]])
    phone.refresh()
    phone.name.value = "علي: typed"
    said = read_out(phone.root)
    assert "Vote for \u2068علي\u2069" in said and "Vote for Ana" in said, said
    assert "علي" not in " ".join(said).replace("\u2068علي\u2069", ""), said
    assert phone.name.value == "علي: typed"
    press(phone.form, "Vote for \u2068علي\u2069")  # the ballot's own redraw: isolated too
    said = read_out(phone.form.root)
    assert "علي" in said  # "You are voting for:" then the name, alone on its line
    assert not [w for w in said if w != "علي" and "علي" in w.replace("\u2068علي\u2069", "")]


def test_isolating_is_idempotent_and_whole_names_only():
    from views.widgets import isolate
    names = ("علي", "Ana", "עלי")
    once = isolate("Seats, clockwise: Ana, علي, עלי. علي: 1 vote", names)
    assert once == ("Seats, clockwise: Ana, \u2068علي\u2069, \u2068עלי\u2069. "
                    "\u2068علي\u2069: 1 vote")
    assert isolate(once, names) == once
    assert isolate("عليم", names) == "عليم"  # a longer word is not the name


def test_news_that_moves_the_focus_is_said_once_the_focus_has_moved():
    """Orca drops an announcement it has not spoken when the focus moves: the confirm step
    ("You are voting for: Bruno") is said after the browser has put the focus on Confirm."""
    class Button:
        moved_at = None

        async def focus(self):
            await asyncio.sleep(0.3)  # the browser's answer, slow under load
            Button.moved_at = asyncio.get_running_loop().time()

    async def run():
        speaker = TimedSpeaker()
        voice = Voice(LoopPage(), speaker, gather=0.05, gap=0.3)
        voice.focus(Button())
        voice.say("You are voting for: Bruno. Confirm my vote, or change it.")
        await quiet(voice)
        return speaker
    speaker = asyncio.run(run())
    assert speaker.said == ["You are voting for: Bruno. Confirm my vote, or change it."]
    assert speaker.at[0] > Button.moved_at
