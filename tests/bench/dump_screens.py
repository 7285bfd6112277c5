"""Dump the control trees of the real TableRoom and PhoneRooms of every game along its play,
from the checkout given, to compare a refactor's before and after (issue 51's splits: 865
screens, identical). Not a test, and no browser: run it once on the old checkout and once on
the new one, then diff the two folders.

    python tests/bench/dump_screens.py OLD_CHECKOUT /tmp/before
    python tests/bench/dump_screens.py . /tmp/after
    diff -r /tmp/before /tmp/after

For each game (``companion.games.REGISTRY``): the table and four phones (two seated, one
with no seat at the join step remembering "Zed", a shared device at its hand-over), drawn
after the seating, a seat's menu opened, a rejoin asked, the start, each of the first 40
moves of the game's contract play and each step of its ballot box; every control's type,
words, sizes, colours and visibility, nested, one file per game in OUT. The dice, the room
codes and the ballots' reading order are seeded (without the last, two runs of one checkout
differ in table_vote: ``secrets.SystemRandom``). It runs against checkouts from before the
room screens' split (abd2901) too: the seat menu and rejoin are found either way.
"""
import dataclasses
import enum
import os
import random
import sys
import tempfile
from pathlib import Path

root, out = sys.argv[1], sys.argv[2]
sys.path.insert(0, root)  # the checkout to draw, not necessarily this one
os.chdir(root)
import secrets  # noqa: E402

secrets.SystemRandom = lambda: random.Random(11)  # the ballots read in one order every run
import companion.codes as codes  # noqa: E402
import companion.dice as dice  # noqa: E402
import flet as ft  # noqa: E402
from companion import games  # noqa: E402
from companion.games import plays as plays_for  # noqa: E402
from companion.rooms import TableService  # noqa: E402
from companion.store import Store  # noqa: E402
from companion.testing import act  # noqa: E402
from views.part_inputs import ballots  # noqa: E402
from views.phone import PhoneRoom  # noqa: E402
from views.screen import Session, Urls  # noqa: E402
from views.table import TableRoom  # noqa: E402
from views.testing import NowherePage, nowhere  # noqa: E402

print(PhoneRoom.__module__, sys.modules['views.phone'].__file__, file=sys.stderr)

SKIP = {"key", "data", "parent", "page"}
def ser(c, code, depth=0, lines=None):
    if lines is None:
        lines = []
    if not isinstance(c, ft.Control):
        return lines
    attrs = []
    for f in dataclasses.fields(c):
        if f.name.startswith("_") or f.name in SKIP:
            continue
        v = getattr(c, f.name, None)
        if callable(v) and not isinstance(v, (str, enum.Enum)):
            attrs.append(f"{f.name}=fn")
        elif isinstance(v, (str, int, float, bool, enum.Enum)) or v is None:
            if v is None or f.name in ("controls", "content"):
                continue
            attrs.append(f"{f.name}={str(v).replace(code, 'CODE')!r}")
    lines.append("  " * depth + type(c).__name__ + " " + " ".join(attrs))
    kids = []
    for name in ("content", "controls", "actions"):
        v = getattr(c, name, None)
        if isinstance(v, ft.Control):
            kids.append(v)
        elif isinstance(v, list):
            kids += v
    for k in kids:
        ser(k, code, depth + 1, lines)
    return lines

def dump(f, label, screens, code):
    for name, s in screens:
        s.refresh()
        f.write(f"=== {label} / {name}\n")
        f.write("\n".join(ser(s.root, code)) + "\n")

Path(out).mkdir(parents=True, exist_ok=True)
for key in games.REGISTRY:
    dice._random = random.Random(7)
    codes.secrets = random.Random(3)  # the room codes alike
    play = plays_for(key)(0)
    with tempfile.TemporaryDirectory() as tmp:
        store = Store(Path(tmp) / "c.db")
        sv = TableService(store)
        session = Session(NowherePage(), sv, Urls("http://127.0.0.1:8550"), None, nowhere)
        code = sv.create_room(sv.host_key, key)
        tokens = {n: sv.join(code, n)[1] for n in play.players}
        toks = list(tokens.values())
        table = TableRoom(session, sv.host_key, code)
        screens = [("table", table), ("phone1", PhoneRoom(session, code, [toks[0]])),
                   ("phone2", PhoneRoom(session, code, [toks[1]])),
                   ("newphone", PhoneRoom(session, code, [], player=("Zed", 1))),
                   ("shared", PhoneRoom(session, code, toks[2:4] if len(toks) > 3 else toks[:2]))]
        for _, s in screens:
            s.refresh(force=True)
        with open(Path(out) / f"{key}.txt", "w") as f:
            dump(f, "seated", screens, code)
            seat = sv.seats(code)[0]
            menu = table.seats._menu(seat) if hasattr(table, "join_card") else table._menu(seat)
            menu()
            dump(f, "menu open", screens, code)
            ask = table.ask if hasattr(table, "join_card") else table._ask
            ask(("rejoin", seat.id))()
            dump(f, "rejoin asked", screens, code)
            menu()
            sv.start(sv.host_key, code, play.options)
            dump(f, "started", screens, code)
            rng = random.Random(0)
            for i, action in enumerate(play.actions[:40]):
                if action.move == "vote_result" or not act(sv, code, tokens, action):
                    continue
                dump(f, f"{i} {action.move}", screens, code)
                ballots(sv, code, rng, lambda label: dump(f, f"{i} {label}", screens, code))
        store.close()
    print(key, file=sys.stderr)
