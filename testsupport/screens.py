"""Screens drawn without a browser, as the views' tests read and press them (tests/views): the
words on a control, a press of a ballot's button, a page whose tasks run at once and the
announcements it would make. (``views.testing`` holds what a game's own tests need too.)"""
from __future__ import annotations

import flet as ft

from views.testing import NowherePage, buttons, words


def texts(control) -> list[str]:
    found, stack = [], [control]
    while stack:
        c = stack.pop()
        if c is None:
            continue
        if isinstance(c, ft.Text) and c.value:
            found.append(c.value)
        for attr in ("controls", "content"):
            child = getattr(c, attr, None)
            stack.extend(child if isinstance(child, list) else [child])
    return found


def press(ballot, label: str) -> None:
    button, = [b for b in buttons(ballot.root) if b.content == label]
    button.on_click(None)


class Speaker:
    """Stands for Flet's SemanticsService: the words the page would announce."""

    def __init__(self) -> None:
        self.said: list[str] = []

    async def announce_message(self, words: str) -> None:
        self.said.append(words)


class TaskPage(NowherePage):
    """A page whose tasks run at once (there is no loop to wait for)."""

    def run_task(self, fn, *args, **kwargs) -> None:
        coroutine = fn(*args, **kwargs)
        try:
            coroutine.send(None)
        except StopIteration:
            pass


class ScreensRoom:
    """A room of ``game`` in a new database in ``folder``, ``players`` seated, with the table's
    screen and every phone's drawn without a browser (``views.testing.NowherePage``): what the
    games' language tests read after each move (tests/companion/test_*_languages.py,
    test_robinson_screens.py). ``languages``: a player's phone in its own tab and language
    (by the player's name); the others share the host's. Close it once read (``with`` closes
    it)."""

    def __init__(self, folder, game: str, players, table: bool = True,
                 languages: dict[str, str] | None = None) -> None:
        from companion.rooms import TableService
        from companion.store import Store
        from views.phone import PhoneRoom
        from views.screen import Session, Urls
        from views.table import TableRoom
        from views.testing import nowhere

        self.store = Store(folder / "companion.db")
        self.sv = sv = TableService(self.store)
        session = Session(NowherePage(), sv, Urls("http://127.0.0.1:8550"), None, nowhere)
        self.code = sv.create_room(sv.host_key, game)
        self.tokens = {name: sv.join(self.code, name)[1] for name in players}
        self.table = TableRoom(session, sv.host_key, self.code) if table else None
        languages = languages or {}

        def tab(name: str) -> Session:  # a phone in its own language has a tab of its own
            if name not in languages:
                return session
            own = Session(NowherePage(), sv, Urls("http://127.0.0.1:8550"), None, nowhere)
            own.language = languages[name]
            return own
        self.phones = [PhoneRoom(tab(name), self.code, [t]) for name, t in self.tokens.items()]

    def table_words(self, read=words) -> list[str] | None:
        """The words of the table's game panel and its action bar, drawn anew, as ``read``
        finds them in a control tree; None while the table has no game panel (or no table
        screen is drawn)."""
        if self.table is None:
            return None
        self.table.refresh(force=True)
        panel = self.table.game_panel
        if panel is None:
            return None
        found = read(panel.root)
        if getattr(panel, "shown", None) is not None:
            found += [w for b in panel.actions(panel.shown) for w in read(b)]
        return found

    def phone_panels(self):
        """Each phone's game panel, drawn anew, with the phone's view (phones with no game
        panel yet are passed over): (phone, panel, view)."""
        for phone in self.phones:
            phone.refresh(force=True)
            if phone.game_panel is not None:
                yield phone, phone.game_panel, self.sv.view(self.code, phone.token)

    def draw_after_each_move(self, draw) -> None:
        """From now on every move the service takes (``act``) is followed by ``draw()``."""
        after_each_move(self.sv, draw)

    def close(self) -> None:
        self.store.close()

    def __enter__(self) -> "ScreensRoom":
        return self

    def __exit__(self, *exc) -> None:
        self.close()


def from_catalogs(text: str) -> bool:
    """Whether a word drawn in the pseudo-language came from a catalog: bracketed (or empty)."""
    return text == "" or (text.startswith("⟦") and text.endswith("⟧"))


def after_each_move(sv, draw) -> None:
    """From now on every move the service ``sv`` takes (``act``) is followed by ``draw()``:
    every screen drawn after each move of a whole play, as the host redraws them."""
    act = sv.act

    def acted(*args, **kwargs):
        result = act(*args, **kwargs)
        draw()
        return result
    sv.act = acted


def finished_view(seat=None) -> dict:
    """Castle Party's view of a party played to its Final Score (the first contract play
    that gets there), as ``seat`` sees it (None: the table)."""
    from companion.games import plays as plays_for
    from rules import RuleError
    from rules.castle_party import GAME

    for seed in range(40):
        play = plays_for("castle_party")(seed)
        state = GAME.setup(play.players, play.options)
        for action in play.actions:
            try:
                state = GAME.apply(state, action)
            except RuleError:
                continue
        if state.over:
            return GAME.view(state, seat)
    raise AssertionError("no contract play reached the Final Score")
