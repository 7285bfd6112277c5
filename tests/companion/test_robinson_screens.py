"""Robinson Crusoe's screens in every language at the table (issue 48): the table's panel,
its action bar and every phone's panel say every word through a catalog, the island's parts
(``views/games/robinson/parts.py``, ``board.py``) included, and the rules' sentences the view
carries (the steps, the header, the "Now" panel) as messages.

A play of the rules' random plays (``rules.robinson.plays``: four players, Friday, rounds to
the end of the game) is made through the companion, and after each move every screen is
drawn, once as it stands and once with every fold and choice of the island open (the rare
counters, the phone's Hunting and Building, the action dice of an Action, a character going
hungry, the camp moving, the goal's question). In the pseudo-language ``en-XA`` every word
from a catalog is bracketed: a word outside the catalogs shows up as it is. In Polish (the
game's original language, Portal Games' terms) the same screens draw, in Polish words.
"""
from __future__ import annotations


from companion.language import PSEUDO
from companion.testing import act
from rules.robinson.plays import plays
from testsupport.screens import ScreensRoom, from_catalogs
from views.games.robinson.parts import Choosing
from views.testing import words

SEED = 0  # four players with Friday, to round 4 (the Rain die rolls) and a death
MOVES = 70


OPEN = Choosing(show_rare=True, show_more=True, dice_action="explore", move_camp=True,
                move_natural=True, goal_confirm=True)
"""Every fold and choice of the island open at once."""


def played(tmp_path) -> tuple[list[str], tuple[str, ...], set[str]]:
    """Every word Robinson's panels drew (table, action bar, phones, what each phone's reader
    hears) after each move; the players; the phases seen."""
    play = plays(SEED)
    shown: list[str] = []
    phases: set[str] = set()
    with ScreensRoom(tmp_path, "robinson", play.players) as room:
        sv, code = room.sv, room.code

        def draw_all() -> None:
            shown.extend(room.table_words())
            for _, mine, view in room.phone_panels():
                shown.extend(words(mine.root))
                shown.extend(mine.news(view))

        def draw() -> None:
            phases.add(sv.state(code).phase)
            draw_all()
            panels = [room.table.game_panel, *(p.game_panel for p in room.phones)]
            for panel in panels:
                hungry = tuple(c.name for c in sv.state(code).characters)[:1]
                panel.choices = Choosing(**{**OPEN.__dict__, "hungry": hungry})
            draw_all()
            for panel in panels:
                panel.choices = Choosing()

        sv.start(sv.host_key, code, play.options)
        draw()
        made = 0
        for action in play.actions:
            if made >= MOVES or sv.state(code).phase == "over":
                break
            if act(sv, code, room.tokens, action):
                made += 1
                draw()
        return shown, play.players, phases


def test_robinsons_screens_in_the_pseudo_language_show_only_catalog_words(
        tmp_path, host_language):
    """Every word of Robinson's panels through a play comes from a catalog: drawn in the
    pseudo-language each is bracketed; only the players' names, an initial, bare numbers
    ("3/8", "+2", "−1") are not."""
    host_language(PSEUDO)
    shown, players, phases = played(tmp_path)
    assert {"morale", "action", "weather", "night"} <= phases, phases
    ours = set(players)

    def said(w: str) -> bool:
        return (from_catalogs(w) or w in ours or len(w) == 1
                or w.replace("/", "").replace("+", "").replace("−", "").replace("-", "")
                .isdigit())
    outside = sorted({w for w in shown if not said(w)})
    assert not outside, f"words not from a catalog: {outside}"
    assert len(set(shown)) > 150, len(set(shown))


def test_robinsons_screens_in_polish(tmp_path, host_language):
    """The same play in Polish, the game's original language: the edition's terms on every
    screen (Morale, Pogoda, Noc, Schronienie, Pierwszy Gracz), and none of the English ones."""
    host_language("pl")
    shown, players, phases = played(tmp_path)
    said = "\n".join(shown)
    for polish in ("Faza Morale", "Pogod", "Noc", "Schronienie", "Pierwszy Gracz", "Cieśla",
                   "Co się właśnie stało"):
        assert polish in said, polish
    for english in ("Shelter", "First Player", "Wound", "Weather", "What just happened",
                    "Carpenter", " phase"):
        assert english not in said, english


def test_history_lines_and_reminders_are_said_whole_in_every_language():
    """The history lines and the reminders (the table's, and each phone's to "you") of a few
    plays are messages: in the pseudo-language each is bracketed whole, with no English
    inside but the players' names; in every other language they are said without error and
    are not the English."""
    from companion.language import LANGUAGES, SOURCE, words as words_in
    from rules import RuleError
    from rules.robinson import GAME

    pseudo = words_in(PSEUDO)
    others = {lang: words_in(lang) for lang in LANGUAGES if lang != SOURCE}
    said = 0
    for seed in range(3):
        play = plays(seed)
        state = GAME.setup(play.players, play.options)
        for action in play.actions[:120]:
            try:
                after = GAME.apply(state, action)
            except RuleError:
                continue
            lines = [GAME.describe(state, action, after), *GAME.reminders(after),
                     *(line for p in play.players for line in GAME.reminders_for(after, p))]
            state = after
            for line in lines:
                text = pseudo(line)
                assert from_catalogs(text), text
                bare = text
                for name in play.players:
                    bare = bare.replace(name, "")
                assert not any(w in bare for w in ("Wound", "Morale", "Shelter", "phase")), text
                for lang, say in others.items():
                    assert say(line) != str(line), (lang, str(line))
                said += 1
    assert said > 500
