"""Driving a Flet web page the way a person would, through its accessibility tree.

Flet draws on a canvas; its semantics tree (switched on by the hidden placeholder) gives every
control a role and a name, which is how these tests find them.
"""
from __future__ import annotations

import io
import re
import time
import weakref

import msgpack

from playwright.sync_api import Page, expect
from playwright.sync_api import Error as PlaywrightError

# what a person at a loaded table waits for a screen before calling it broken: about a
# minute. One budget for every wait of the e2e tests (a screen, a field, a voice): with the
# seal on every phone decrypts each frame (tweetnacl) and a room's frames wait for their
# round; 20 s timed out twice in CI (2026-12-07) where the same step alone took a few seconds
TIMEOUT = 60_000
WAIT_S = TIMEOUT / 1000  # the same, in seconds, for the waits that poll


# the presses (Flet's control events: a click, a change...) each page has sent its host so far
PRESSES: "weakref.WeakKeyDictionary[Page, list[int]]" = weakref.WeakKeyDictionary()
CONTROL_EVENT = 3  # Flet's protocol: a frame is 0x00 + msgpack [action, body]


def count_presses(page: Page) -> None:
    """Count the page's taps as they leave for the host, on every websocket it opens."""
    sent = PRESSES.setdefault(page, [0])

    def frame(payload) -> None:
        if not isinstance(payload, bytes) or payload[:1] != b"\x00":
            return
        try:
            action, body = msgpack.unpackb(payload[1:], strict_map_key=False)
        except Exception:
            return
        if action == CONTROL_EVENT:  # a click, a change: whatever the control sends
            sent[0] += 1
    page.on("websocket", lambda ws: ws.on("framesent", frame))
    # a sealed socket (companion/web/seal.js) shows the frame to a watcher before sealing it
    page.expose_function("companionSealSent", lambda payload: frame(bytes(payload)))
    page.add_init_script("window.companionSealWatch = function (b) {"
                         " if (b[0] === 0) window.companionSealSent(Array.from(b)); };")


def open_page(page: Page, url: str) -> Page:
    page.set_default_timeout(TIMEOUT)
    count_presses(page)
    page.goto(url)
    enable_semantics(page)
    return page


def enable_semantics(page: Page) -> None:
    """Click the placeholder as a screen reader does. On a phone (a mobile platform) it covers
    the screen and Flutter takes only a click at its very centre; on a desktop, any click.
    A browser whose tree was on once turns it on itself (companion/web/boot.js)."""
    page.wait_for_function(PRESS_PLACEHOLDER_JS, polling=200, timeout=TIMEOUT)


# pressed once, when it is there; done once the tree is on
PRESS_PLACEHOLDER_JS = """() => {
    const p = document.querySelector('flt-semantics-placeholder');
    if (p && !p.testPressed) {
        p.testPressed = true;
        const r = p.getBoundingClientRect();
        p.dispatchEvent(new MouseEvent('click', {bubbles: true, clientX: r.left + r.width / 2,
                                                 clientY: r.top + r.height / 2}));
    }
    return !!document.querySelector('flt-semantics');
}"""


SETTLE_JS = """quiet => new Promise(resolve => {
    const host = document.querySelector('flt-semantics-host') || document.body;
    let timer = setTimeout(done, quiet);
    const obs = new MutationObserver(() => { clearTimeout(timer); timer = setTimeout(done, quiet); });
    const give_up = setTimeout(done, 3000);
    function done() { obs.disconnect(); clearTimeout(give_up); resolve(); }
    obs.observe(host, {subtree: true, childList: true, attributes: true, characterData: true});
})"""


def settle(page: Page, quiet_ms: int = 150) -> None:
    """Wait until the screen has stopped changing, as a person waits before tapping: a button
    that moves under the finger (the layout above it redrawn) is not where the tap lands."""
    page.evaluate(SETTLE_JS, quiet_ms)


PRESS_WAIT = 10.0  # seconds a person watches a button for their press to take


def tap(page: Page, name: str | re.Pattern, exact: bool | None = None) -> None:
    """Tap the button, and see the press leave for the host, as a person sees a button
    react; a press the browser dropped (Flutter lost it to a frame drawn under the finger)
    is pressed again, as a person presses again, and said in the test's output."""
    button = page.get_by_role("button", name=name, exact=exact).first
    for attempt in range(3):
        button.wait_for()
        settle(page)
        sent = PRESSES.get(page)
        before = sent[0] if sent else 0
        button.click()
        if sent is None or _pressed(page, sent, before):
            return
        print(f"the press on {name!r} never left the browser (try {attempt + 1}): again")
    raise AssertionError(f"the browser sent no press of {name!r} to the host")


def _pressed(page: Page, sent: list[int], before: int) -> bool:
    """Whether the page sent a press within PRESS_WAIT (Playwright delivers the page's
    frames while the page is asked something, so it is asked until then)."""
    deadline = time.monotonic() + PRESS_WAIT
    while sent[0] == before:
        if time.monotonic() > deadline:
            return False
        try:
            page.evaluate("() => new Promise(r => requestAnimationFrame(() => r()))")
        except PlaywrightError:  # the page navigated meanwhile: its frames still count
            pass
    return True


def turn_over_shapes(table: Page, first: int, last: int) -> None:
    """Castle Party: the table screen turns over Shapes ``first`` to ``last``, everybody passing
    on a special action, no group entered: the deck holds five Shapes above the first Clock
    and a Clock among each next five ("a single deck is formed by placing the first pile (the
    one without the clock card) on top of the other three piles")."""
    for n in range(first, last + 1):
        tap(table, re.compile(r"turned over a Shape card$"))
        see(table, f"Shapes {n} of 20")
        tap(table, "Everybody left passes")
        expect(table.get_by_role("button", name="Everybody left passes")).to_have_count(0)


def type_into(page: Page, label: str | re.Pattern, text: str) -> None:
    """Focus the field and type, as a keyboard does (Flutter ignores a scripted value).

    The click focuses the DOM input at once, but Flutter takes keys only once its editing is
    attached: keys typed sooner stay in the DOM and never reach the host. So wait for the
    focus and a moment more, and check what the field holds; type again if it lost them.
    """
    field = page.get_by_role("textbox", name=label)
    for _ in range(3):
        field.wait_for()
        settle(page)
        field.click()
        page.wait_for_function("() => ['INPUT', 'TEXTAREA'].includes("
                               "document.activeElement && document.activeElement.tagName)")
        page.wait_for_timeout(300)
        page.keyboard.press("Control+A")
        page.keyboard.type(text)
        try:
            expect(field).to_have_value(text, timeout=3000)
            return
        except AssertionError:
            continue
    expect(field).to_have_value(text)


def shown(page: Page):
    """What the screen shows, through its accessibility tree; not the words announced to a
    screen reader, which stay a moment in an aria-live region off the screen (``hear``)."""
    return page.locator("flt-semantics-host")


def see(page: Page, text: str | re.Pattern, timeout: int = TIMEOUT) -> None:
    expect(shown(page).get_by_text(text).first).to_be_visible(timeout=timeout)


def toggle(page: Page, label: str) -> None:
    page.get_by_role("checkbox", name=label).click()


def read_ballots_until_decided(table: Page) -> list[str]:
    """The table reads ballots one at a time until the result is decided; returns them.

    After each ballot the reader waits for the table's next step, as a person does, and
    trusts it only once it agrees with the count above it: the ballot's line and the action
    bar are drawn a moment apart, so just after ballot n shows, the bar may still offer "Read
    the next ballot" (CI 2026-12-07, twice: a tap on that button as it went, "Show the
    final tally" on the screen). With every ballot read, only "Show the final tally" can
    come; before, either may (a result decided early offers both)."""
    read: list[str] = []
    final = table.get_by_role("button", name="Show the final tally")
    next_ = table.get_by_role("button", name="Read the next ballot")
    while True:
        n = len(read)
        counted = shown(table).get_by_text(re.compile(rf"^Ballots read: {n} of \d+$"))
        expect(counted.first).to_be_visible()
        total = int(counted.first.inner_text().rsplit(" ", 1)[1])
        expect(final if n == total else final.or_(next_).first).to_be_visible()
        settle(table)
        if final.count():
            return read
        tap(table, "Read the next ballot")
        ballot = shown(table).get_by_text(re.compile(rf"^Ballot {n + 1}: "))
        expect(ballot).to_be_visible()
        read.append(ballot.inner_text().split(": ", 1)[1])


def new_room(table: Page, game: str) -> str:
    """The table opens a room for ``game``; returns the room code it shows."""
    tap(table, f"New room: {game}", exact=True)
    heading = shown(table).get_by_text(re.compile(r"^Room [A-Z]{4}$"))
    expect(heading).to_be_visible()
    return heading.inner_text().split()[1]


def take_seat(browser, url: str, name: str, language: str = "en", **context) -> Page:
    """A phone (its own browser context) opens ``url``, types a name and takes a seat; the
    words looked for are the phone's ``language``'s (its browser's, ``locale`` in context)."""
    from companion.language import COMPANION, HOME, Speaker, words

    _, say = Speaker(COMPANION, HOME), words(language)
    phone = open_page(browser.new_context(**context).new_page(), url)
    type_into(phone, say(_("Your name")), name)
    assert_thumb_sized(phone, say(_("Take a seat")))
    tap(phone, say(_("Take a seat")))
    see(phone, say(_("You have a seat. The game starts when the table is ready."))[:12])
    return phone


def unsealed(url: str) -> str:
    """A join URL without the host key's fingerprint a sealed host adds (``#seal=...``)."""
    return re.sub(r"#seal=[A-Za-z0-9_-]+$", "", url)


def qr_codes(page: Page, want=bool, timeout_s: float = WAIT_S) -> list[str]:
    """What a phone camera reads on the screen (zbar on a screenshot), once it reads what
    ``want`` expects; like a camera, it keeps looking while the code is still being drawn."""
    from PIL import Image
    from pyzbar.pyzbar import decode

    deadline = time.monotonic() + timeout_s
    while True:
        found = [d.data.decode() for d in decode(Image.open(io.BytesIO(page.screenshot())))]
        if want(found) or time.monotonic() > deadline:
            return found
        page.wait_for_timeout(250)


def swipe_to(page: Page, target, timeout: float = WAIT_S) -> None:
    """Swipe until ``target`` lies wholly inside the viewport, as a finger does on a grid wider
    than the phone (a castle scrolls sideways). Playwright's own scroll-into-view moves the DOM,
    which Flutter's canvas only sometimes follows on a loaded machine; a wheel is a real gesture."""
    target.wait_for()
    end = time.monotonic() + timeout
    while True:
        settle(page)
        box, view = target.bounding_box(), page.viewport_size
        if box is None:
            raise AssertionError(f"{target} has no box to swipe to")
        dx = min(box["x"], 0) or max(box["x"] + box["width"] - view["width"], 0)
        dy = min(box["y"], 0) or max(box["y"] + box["height"] - view["height"], 0)
        if not dx and not dy:
            return
        if time.monotonic() > end:
            raise AssertionError(f"could not swipe {target} into view: {box}")
        # up or down first, so that the target's row is on screen; then sideways with the
        # finger on that row (so the swipe moves its scroller), a little past the edge
        if dy:
            page.mouse.move(view["width"] / 2, view["height"] / 2)
            page.mouse.wheel(0, dy + (80 if dy > 0 else -80))
        else:
            page.mouse.move(view["width"] / 2, box["y"] + box["height"] / 2)
            page.mouse.wheel(dx + (40 if dx > 0 else -40), 0)


def square(page: Page, name: str):
    """Castle Party: the button of one square of the castle grid, e.g. "D3"."""
    return page.get_by_role("button", name=re.compile(rf"^Square {name}: "))


def tap_square(page: Page, name: str) -> None:
    """Castle Party: swipe the castle until the square shows, and tap it."""
    target = square(page, name)
    swipe_to(page, target)
    target.click()


# --- staging: what a person sees without scrolling (issue 10) -------------------------------
FIRST_SCREEN = 844  # a 390x844 phone
TABLE_HEIGHT = 800  # a 1280x800 table screen


def box_of(page: Page, role: str, name: str | re.Pattern):
    target = page.get_by_role(role, name=name).first
    target.wait_for()
    settle(page)
    return target.bounding_box()


def assert_thumb_sized(page: Page, name: str) -> None:
    """A phone's button is 48 px tall or more, as Flutter sizes it on a phone; on a desktop it
    is 32 px: a context without a phone's user agent is not a phone (issue 33)."""
    box = box_of(page, "button", name)
    assert box is not None and box["height"] >= 47.5, \
        f"{name!r} is {box} on a phone: under 48 px tall, Flutter took it for a desktop"


def assert_in_first_screen(page: Page, name: str | re.Pattern, role: str = "button") -> None:
    """The player's own action starts inside the first screen of the phone, unscrolled."""
    page.evaluate("window.scrollTo(0, 0)")
    box = box_of(page, role, name)
    assert box is not None and box["y"] < FIRST_SCREEN, (name, box)


def assert_action_bar_in_view(table: Page, name: str | re.Pattern) -> None:
    """The table's next step sits in the action bar, inside a 1280x800 screen, 48 px tall."""
    box = box_of(table, "button", name)
    assert box is not None and box["y"] + box["height"] <= TABLE_HEIGHT, (name, box)
    assert box["height"] >= 48, (name, box)


def assert_phase_line_big(table: Page, text: str | re.Pattern) -> None:
    """The phase line is read from 2 m: at least 40 px tall, at the top of the screen."""
    line_ = shown(table).get_by_text(text).first
    expect(line_).to_be_visible()
    box = line_.bounding_box()
    assert box is not None and box["height"] >= 40 and box["y"] < 200, (text, box)


# --- a screen reader's means (issue 33) ------------------------------------------------------
LISTEN_JS = """() => {
    if (window.heard) return;
    window.heard = [];
    // what Flutter writes into its aria-live regions is what a screen reader reads out; the
    // words stay there a moment only, so every one is kept as it comes
    const host = document.querySelector('flt-announcement-host');
    new MutationObserver(changes => { for (const c of changes) for (const n of c.addedNodes)
        if (n.textContent.trim()) window.heard.push(n.textContent.trim()); })
        .observe(host, {subtree: true, childList: true, characterData: true});
}"""


SWITCH = "Turn on screen reader support"  # companion/web/index.html's #reader-switch


def switch_on_by_keyboard(page: Page, url: str) -> Page:
    """Open ``url`` and turn the accessibility tree on as a keyboard and screen reader user
    does: Tab to the page's "Turn on screen reader support" button, then Enter."""
    page.set_default_timeout(TIMEOUT)
    page.goto(url)
    page.get_by_role("button", name=SWITCH).wait_for()
    on_switch = "() => document.activeElement && document.activeElement.id === 'reader-switch'"
    # the switch took the Enter (boot.js remembers it at once, in the key's own handler)
    taken = "() => !!(window.companionReader && window.companionReader.wanted())"
    # as a person does: Tab until the reader says the switch's name, then Enter (while
    # Flutter draws its first screen it takes the focus back to its view: then again); once
    # the switch has taken the Enter, no key more (a key then would reach the app), only the
    # wait for the tree, however long a loaded machine takes to build it
    for _ in range(3):
        for _ in range(20):
            page.keyboard.press("Tab")
            if page.evaluate(on_switch):
                break
            page.wait_for_timeout(250)  # the next look for the focus, 20 at most
        page.keyboard.press("Enter")
        if page.evaluate(taken):
            break
    page.locator("flt-semantics").first.wait_for(state="attached")
    return page


def listen(page: Page) -> None:
    """From now on, keep every announcement the page makes to a screen reader."""
    page.wait_for_function("() => document.querySelector('flt-announcement-host')")
    page.evaluate(LISTEN_JS)


def hear(page: Page, words: str | re.Pattern, timeout: int = TIMEOUT) -> str:
    """Wait until a screen reader was told ``words`` (an announcement since ``listen``);
    return what it heard."""
    pattern = words if isinstance(words, re.Pattern) else re.compile(re.escape(words))
    end = time.monotonic() + timeout / 1000
    while True:
        heard = page.evaluate("() => window.heard")
        found = [said for said in heard if pattern.search(said)]
        if found:
            return found[-1]
        if time.monotonic() > end:
            raise AssertionError(f"never heard {words!r}; heard: {heard}")
        page.wait_for_timeout(100)


def tree(page: Page) -> list[str]:
    """The accessibility tree as a screen reader walks it, one node a line."""
    snapshot = page.locator("flt-semantics-host").aria_snapshot()
    return [ln.strip() for ln in snapshot.splitlines() if ln.strip()]


def tree_faults(page: Page) -> list[str]:
    """What a screen reader would stumble on: a control without a name, a disabled text
    field, the same words read twice in a row."""
    nodes = tree(page)
    faults = [n for n in nodes if re.fullmatch(r"- (button|textbox|img|checkbox|heading|link)"
                                               r"( \[.*\])?:?", n)]
    faults += [n for n in nodes if n.startswith("- textbox") and "[disabled]" in n]
    faults += [f"twice: {a}" for a, b in zip(nodes, nodes[1:]) if a == b and '"' in a]
    return faults
