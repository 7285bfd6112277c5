"""A blind player with a real screen reader: Orca hears every announcement (issue 53).

Orca (Debian's, on the system Python) runs on an Xvfb display of the test's own with its own
D-Bus session and AT-SPI bus; its speech goes to a file through a speech server of the test's
own (tests/e2e/orca/logspeechfactory.py: there is no audio device), and the blind player's
Chromium is the only browser on that accessibility bus (the table and the other phones are the
headless browser of the other tests, on no bus). The blind player does everything with real
X key presses (xdotool): Tab, Return, typing; she joins on the join page (plain HTML) and
the app that takes over has its accessibility tree on, with no key to turn it on. The page's own announcements are recorded as
it writes them (``listen``), and every one must be in Orca's speech: Flutter keeps an
announcement ~300 ms in one aria-live element, so two said within that time lose the first
(23 of 39 heard before one voice per change).

Needs the Debian packages ``orca at-spi2-core dbus-x11 xvfb xdotool``; skips, saying so,
without them.
"""
from __future__ import annotations

import os
import re
import shutil
import signal
import subprocess
import time
from pathlib import Path

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout, expect

from testsupport.browser import CHROMIUM, CHROMIUM_ARGS, PHONE, TABLE
from testsupport.flet_page import (TIMEOUT, WAIT_S, listen, new_room, open_page,
                                   read_ballots_until_decided, take_seat, tap, type_into)

pytestmark = pytest.mark.e2e

HERE = Path(__file__).resolve().parent / "orca"
NEEDED = {"orca": "/usr/bin/orca", "Xvfb": "/usr/bin/Xvfb", "xdotool": "/usr/bin/xdotool",
          "dbus-launch": "/usr/bin/dbus-launch",
          "at-spi-bus-launcher": "/usr/libexec/at-spi-bus-launcher"}
MISSING = [name for name, path in NEEDED.items() if not Path(path).exists()]
if MISSING:
    pytestmark = [pytest.mark.e2e, pytest.mark.skip(
        reason=f"no screen reader stack: {', '.join(MISSING)} not installed (apt-get install "
               "orca at-spi2-core dbus-x11 xvfb xdotool)")]

QUESTION = "Who should be the Team Leader?"
# seconds a listener waits for Orca to say a thing: well within a second when idle, but at a
# loaded table Orca, the browser and the host share two cores (the suite's one budget)
HEAR_WITHIN = WAIT_S
# seconds of Orca's silence after which a listener takes what it was saying as cut off
QUIET = 8.0
# a laptop's browser at a phone's width (Orca runs on a desktop)
WINDOW = (430, 900)


class Desktop:
    """An X display with a session bus, the accessibility bus and Orca speaking to a file."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.speech = folder / "speech.log"
        self.procs: list[subprocess.Popen] = []
        self.dbus_pid: int | None = None
        self.env: dict[str, str] = {}

    def start(self) -> "Desktop":
        read, write = os.pipe()
        xvfb = subprocess.Popen(["Xvfb", "-displayfd", str(write), "-screen", "0",
                                 "1280x1024x24", "-nolisten", "tcp"], pass_fds=(write,),
                                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        os.close(write)
        self.procs.append(xvfb)
        with os.fdopen(read) as f:  # Xvfb writes its display number once it is ready
            display = f.readline().strip()
        assert display, "Xvfb did not start"
        runtime = self.folder / "run"
        runtime.mkdir(mode=0o700)
        home = self.folder / "home"
        home.mkdir()
        env = {k: v for k, v in os.environ.items()
               if not k.startswith(("DBUS_", "AT_SPI", "NO_AT_BRIDGE", "WAYLAND"))}
        env.update(DISPLAY=f":{display}", HOME=str(home), XDG_RUNTIME_DIR=str(runtime),
                   ACCESSIBILITY_ENABLED="1", GTK_MODULES="gail:atk-bridge",
                   ORCA_SPEECH_LOG=str(self.speech))
        out = subprocess.run(["dbus-launch"], env=env, capture_output=True, text=True,
                             check=True, timeout=30).stdout
        for line in out.splitlines():
            key, _, value = line.partition("=")
            if key == "DBUS_SESSION_BUS_ADDRESS":
                env[key] = value
            elif key == "DBUS_SESSION_BUS_PID":
                self.dbus_pid = int(value)
        self.env = env
        self.procs.append(subprocess.Popen(
            ["/usr/libexec/at-spi-bus-launcher", "--launch-immediately"], env=env,
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL))
        prefs = self.folder / "orca"
        shutil.copytree(HERE, prefs)
        # Orca's own Python (the system's), with the speech server beside its settings
        self.procs.append(subprocess.Popen(
            ["/usr/bin/orca", "-u", str(prefs), "--debug-file", str(self.folder / "orca.debug")],
            env=dict(env, PYTHONPATH=str(prefs)), stdout=subprocess.DEVNULL,
            stderr=open(self.folder / "orca.err", "w")))
        self.wait_for_speech(lambda text: text.strip(), "Orca saying it started")
        return self

    def spoken(self) -> str:
        try:
            return self.speech.read_text(encoding="utf-8")
        except FileNotFoundError:
            return ""

    def wait_for_speech(self, want, what: str, timeout: float = WAIT_S) -> str:
        """Orca's speech once ``want(speech)`` holds, waiting as a listener waits."""
        deadline = time.monotonic() + timeout
        while True:
            text = self.spoken()
            if want(text):
                return text
            if time.monotonic() > deadline:
                raise AssertionError(f"Orca never said {what}; it said:\n{text[-3000:]}")
            time.sleep(0.1)  # polling the file, within the deadline

    def speaks_or_falls_quiet(self, want, quiet: float = QUIET,
                              timeout: float = WAIT_S) -> bool:
        """Whether Orca says what ``want`` looks for before it has been silent ``quiet``
        seconds (or the time is up): a listener's "did it say it?"; never fails."""
        deadline = time.monotonic() + timeout
        size, still_since = -1, time.monotonic()
        while True:
            text = self.spoken()
            if want(text):
                return True
            if len(text) != size:
                size, still_since = len(text), time.monotonic()
            now = time.monotonic()
            if now - still_since > quiet or now > deadline:
                return False
            time.sleep(0.1)  # polling the file, within the deadline

    keys_pressed = 0

    def key(self, *keys: str) -> None:
        """Real key presses on the focused window, 50 ms apart as a person's keys are."""
        self.keys_pressed += len(keys)
        subprocess.run(["xdotool", "key", "--clearmodifiers", "--delay", "50", *keys],
                       env=self.env, check=True, timeout=30)

    def type(self, text: str) -> None:
        subprocess.run(["xdotool", "type", "--delay", "60", text], env=self.env, check=True,
                       timeout=60)

    def focus_window(self) -> None:
        """The browser's window gets the keyboard (there is no window manager to give it)."""
        found = subprocess.run(["xdotool", "search", "--sync", "--onlyvisible", "--class",
                                "chromium"], env=self.env, capture_output=True, text=True,
                               timeout=60).stdout.split()
        assert found, "the blind player's browser has no window"
        subprocess.run(["xdotool", "windowfocus", "--sync", found[-1]], env=self.env,
                       timeout=30)

    def stop(self) -> None:
        for proc in reversed(self.procs):
            if proc.poll() is None:
                proc.terminate()
                try:
                    proc.wait(10)
                except subprocess.TimeoutExpired:
                    proc.kill()
                    proc.wait()
        if self.dbus_pid:
            try:
                os.kill(self.dbus_pid, signal.SIGTERM)
            except ProcessLookupError:
                pass


@pytest.fixture
def desktop(tmp_path):
    d = Desktop(tmp_path).start()
    yield d
    d.stop()
    print(f"--- Orca's speech ({d.speech}) ---\n{d.spoken()}")


@pytest.fixture
def reader_browser(browser, desktop):
    """The blind player's Chromium: headful on the test's display, on its accessibility
    bus (the other browser, of the table and the other phones, is on none)."""
    b = browser.browser_type.launch(
        executable_path=CHROMIUM, headless=False, env=desktop.env,
        args=[*CHROMIUM_ARGS, "--force-renderer-accessibility", "--window-position=0,0",
              f"--window-size={WINDOW[0]},{WINDOW[1]}"])
    yield b
    b.close()


def said_lines(speech: str) -> list[str]:
    """Orca's utterances, without the time and kind of each line."""
    return [line.split(" ", 2)[2] for line in speech.splitlines() if line.count(" ") >= 2]


def spoke_after(speech: str, lines: int) -> bool:
    """Whether Orca spoke (not a key's echo, not a stop) after its first ``lines`` lines."""
    kinds = [line.split(" ", 2)[1] for line in speech.splitlines() if line.count(" ") >= 2]
    return any(kind in ("SAY!", "say", "all") for kind in kinds[lines:])


class Reader:
    """The blind player: keys on the display, ears on Orca's speech, and the page's own
    announcements kept (what the screen made) to compare with what Orca said."""

    def __init__(self, desktop: Desktop, page) -> None:
        self.d, self.page = desktop, page

    def hear(self, words: str, timeout: float = HEAR_WITHIN) -> str:
        """Wait until Orca has said ``words`` (in one utterance); returns the utterance."""
        try:
            speech = self.d.wait_for_speech(
                lambda text: any(words in said for said in said_lines(text)), repr(words),
                timeout)
        except AssertionError as e:  # what the page had announced by then, to compare
            raise AssertionError(f"{e}\nthe page announced: {self.made()}") from None
        return next(said for said in reversed(said_lines(speech)) if words in said)

    def made(self) -> list[str]:
        return self.page.evaluate("() => window.heard")

    def focused(self) -> str:
        return self.page.evaluate("""() => { const e = document.activeElement;
            if (!e) return '';
            return (e.getAttribute('aria-label') || (e.labels && e.labels[0] &&
                    e.labels[0].textContent) || e.textContent || '').trim(); }""")

    def tab(self, key: str = "Tab") -> None:
        """One Tab (or Shift+Tab), then wait as a reader waits before pressing again: for the
        focus to move and for Orca to say where it went (a stop Orca says nothing of, or a
        focus that stays, the last control, does not stop her: the next Tab is pressed)."""
        self.page.evaluate("() => { window.focusBefore = document.activeElement; }")
        before = len(said_lines(self.d.spoken()))
        self.d.key(key)
        try:
            self.page.wait_for_function("() => document.activeElement !== window.focusBefore",
                                        timeout=QUIET * 1000)
        except PlaywrightTimeout:
            return
        self.d.speaks_or_falls_quiet(lambda text: spoke_after(text, before))

    def tab_to(self, name: str, tries: int = 40) -> None:
        """Tab until the focus is on ``name``, hearing each control in turn."""
        for _ in range(tries):
            if self.focused().startswith(name):
                return
            self.tab()
        raise AssertionError(f"Tab never reached {name!r}; focus on {self.focused()!r}")

    def hear_field(self, name: str, tries: int = 4) -> None:
        """Hear Orca name the focused field ("Your name entry"). Orca's speech of it may be
        cut off: a page still loading as the focus enters it speaks over it ("Loading.
        Please wait.", "Finished loading", "Focus mode": CI, 2026-12-07). A person who heard
        no field then goes away and back (Shift+Tab, Tab) and listens again; still nothing
        after ``tries`` times, the field has no name for a reader: fails."""
        words = f"{name} entry"
        for _ in range(tries):
            if self.d.speaks_or_falls_quiet(
                    lambda text: any(words in said for said in said_lines(text))):
                return
            print(f"Orca fell quiet without saying {words!r}: away and back, and listen again")
            self.tab("shift+Tab")
            self.tab_to(name)
        self.hear(words, timeout=QUIET)  # fails, with what Orca said

    def type_into(self, name: str, text: str) -> None:
        """Type into the focused field once Orca has named it; Flutter takes keys only once
        its editing is attached, so keys typed sooner are typed again, as a person types
        again who hears nothing echoed."""
        self.hear_field(name)
        field = self.page.get_by_role("textbox", name=name)
        for _ in range(3):
            self.page.wait_for_function("() => document.activeElement && "
                                        "document.activeElement.tagName === 'INPUT'")
            self.d.key("ctrl+a")
            self.d.type(text)
            try:  # the echo a person listens for, a few seconds at most before typing again
                expect(field).to_have_value(text, timeout=QUIET * 1000)
                return
            except AssertionError:
                continue
        expect(field).to_have_value(text)

    def press(self, name: str) -> None:
        """Tab to the control and press it with Return, hearing it named first."""
        self.tab_to(name)
        self.hear(name)
        self.d.key("Return")


def blind_player_joins(desktop: Desktop, reader_browser, join: str) -> Reader:
    """Ana's browser opens the join address on a slow Wi-Fi, and she joins on the join page
    (plain HTML, there while the app downloads) with keys alone: Tab to the name, type it,
    Return. When the app takes over, its accessibility tree is on and Orca says its first
    screen, with no key pressed to turn anything on (issue 53, 3). From then on the page's
    announcements are kept."""
    page = reader_browser.new_context(no_viewport=True).new_page()
    page.set_default_timeout(TIMEOUT)
    wifi = page.context.new_cdp_session(page)
    # 1 Mbit/s: the app (4.3 MB) is not up before she has typed her name, even when Orca's
    # speech of the field is cut off and she listens again (the app waits once she types)
    wifi.send("Network.enable")
    wifi.send("Network.emulateNetworkConditions", {
        "offline": False, "latency": 30, "downloadThroughput": 1e6 / 8,
        "uploadThroughput": 1e6 / 8})
    page.goto(join, wait_until="commit")
    desktop.focus_window()
    reader = Reader(desktop, page)
    page.locator("#first-name").wait_for()
    reader.tab_to("Your name")
    reader.type_into("Your name", "Ana")
    assert page.locator("#first").count(), "the app took over before she typed her name"
    reader.d.key("Return")
    reader.hear("You have a seat, Ana.")  # the join page's own status line
    wifi.send("Network.emulateNetworkConditions", {
        "offline": False, "latency": 0, "downloadThroughput": -1, "uploadThroughput": -1})
    keys = desktop.keys_pressed
    reader.hear("The game starts when the table is ready.")  # the app's first screen
    assert desktop.keys_pressed == keys  # no key since her Return
    expect(page.locator("flt-semantics").first).to_be_attached()
    expect(page.locator("#first")).to_have_count(0)
    listen(page)
    return reader


def all_heard(reader: Reader) -> None:
    """Every announcement the page made is in Orca's speech (the last one made was waited
    for by the test: all before it had been said)."""
    made = reader.made()
    heard = [w for w in made if any(w in said for said in said_lines(reader.d.spoken()))]
    print(f"announcements made {len(made)}, heard by Orca {len(heard)}: {made}")
    assert heard == made, f"lost: {[w for w in made if w not in heard]}"


def test_orca_hears_every_announcement_of_a_table_vote(server, browser, desktop,
                                                       reader_browser):
    table = open_page(browser.new_context(**TABLE).new_page(), server.table_url)
    code = new_room(table, "Table vote")
    join = f"{server.base}/join/{code}"
    reader = blind_player_joins(desktop, reader_browser, join)
    others = {name: take_seat(browser, join, name, **PHONE) for name in ("Bruno", "Chloe")}

    tap(table, "Start the game")
    type_into(table, "Question", QUESTION)
    tap(table, "Open the vote")
    reader.hear(f"A new vote for you: {QUESTION}")
    # focus is on the first choice
    reader.press("Vote for Bruno")
    # the confirm step is said, the focus on Confirm; a key pressed while Orca still speaks
    # cuts its speech short, so the player listens first, as a reader's user does
    reader.hear("You are voting for: Bruno. Confirm my vote, or change it.")
    reader.press("Confirm my vote")
    reader.hear("Your vote is in.")
    for name, phone in others.items():
        tap(phone, "Vote for Bruno" if name == "Chloe" else "Vote for Chloe")
        tap(phone, "Confirm my vote")
    reader.hear("The vote is closed.")
    for n, choice in enumerate(read_ballots_until_decided(table), 1):
        reader.hear(f"Ballot {n}: {choice}")
    tap(table, "Show the final tally")
    reader.hear(f"Final tally: {QUESTION} Bruno: 2 votes; Chloe: 1 vote")
    all_heard(reader)


def test_orca_hears_every_announcement_of_a_tribal_council(server, browser, desktop,
                                                           reader_browser):
    """Survivor's own vote, with the blind player's turn and move said to her."""
    table = open_page(browser.new_context(**TABLE).new_page(), server.table_url)
    code = new_room(table, "Survivor: The Tribe Has Spoken")
    join = f"{server.base}/join/{code}"
    reader = blind_player_joins(desktop, reader_browser, join)
    others = {name: take_seat(browser, join, name, **PHONE) for name in ("Bruno", "Chloe")}
    tap(table, "Start the game")
    tap(table, "Ana goes first")
    reader.hear("Your turn: Steal, Play (or don't), then Draw!")
    reader.press("I drew a Single Elimination Tribal Council card")
    reader.hear("Done: Ana drew")  # her move taken, in the history's words
    reader.press("Begin the discussion")  # she drew it: she leads the Tribal Council
    tap(table, "Time to vote!")
    news = reader.hear("A new vote for you: ")
    rest = news.split("A new vote for you: ", 1)[1]
    question = re.match(r"(.+?)(?: Voting: .*)?$", rest).group(1).strip()
    reader.press("Vote for Bruno")
    # the confirm step is said, the focus on Confirm; a key pressed while Orca still speaks
    # cuts its speech short, so the player listens first, as a reader's user does
    reader.hear("You are voting for: Bruno. Confirm my vote, or change it.")
    reader.press("Confirm my vote")
    reader.hear("Your vote is in.")
    for name, phone in others.items():
        tap(phone, "Vote for Chloe" if name == "Bruno" else "Vote for Bruno")
        tap(phone, "Confirm my vote")
    reader.hear("The vote is closed.")
    tap(table, "Everyone, open your eyes")
    tap(table, "Open the box and tally the votes")
    for n, choice in enumerate(read_ballots_until_decided(table), 1):
        reader.hear(f"Ballot {n}: {choice}")
    tap(table, "Show the final tally")
    reader.hear(f"Final tally: {question} Bruno: 2 votes; Chloe: 1 vote")
    all_heard(reader)
