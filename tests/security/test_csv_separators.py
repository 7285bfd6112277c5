"""Issue 50, item 5: a CSV formula after a ";" (or any separator a spreadsheet may split on).

A name ``;=1+1;`` exported and opened by a spreadsheet that splits on ";" (the usual separator
in much of Europe) became a live formula: the quotes of a comma CSV protect a field only at its
start, so whatever follows a separator starts a cell of its own. Every formula character that a
separator (comma, semicolon, tab, space, "|", a line break), past spaces and quotes, could put at
the start of a cell gets a single quote before it, as at a cell's start (OWASP's advice); the
JSON keeps every name as typed. tests/build/test_csv_in_libreoffice.py opens the export in
LibreOffice itself.
"""
from __future__ import annotations

import csv
import io
import json
import re

import pytest

from companion.hub import Hub
from companion.rooms import TableService
from companion.store import Store

# each a name the door lets sit (24 letters at most, no control character)
AFTER_SEPARATORS = [";=1+1;", "a;=10*10", "b,=2*50", "c; =1+1", 'd;"=1+1"', "e;-2+3;",
                    "f|=cmd|' /C calc'!A0", "g @SUM(1)", "h;+1+1", "i,@x", "j;;;=1", "k ;\"@x"]
PLAIN = ["Ann-Lee", "Jean-Luc Ruiz", "Ana"]
FORMULA = "=+-@\t\r"


@pytest.fixture
def svc(tmp_path):
    service = TableService(Store(tmp_path / "companion.db"), Hub())
    yield service
    service.store.close()


def record(names) -> str:
    players = [{"player": n, "seat": i, "place": i + 1, "won": i == 0, "score": -2 if i else 3}
               for i, n in enumerate(names)]
    return json.dumps({"format": "table-companion-record", "version": 1, "games": [
        {"room": "ABCD", "game": "castle_party", "title": "Castle Party",
         "finished": "2026-12-07 21:40:12", "summary": "Done.", "details": {},
         "players": players}]})


def is_number(text: str) -> bool:
    return re.fullmatch(r"-?[0-9]+", text) is not None


def live_starts(text: str, separator: str) -> list[str]:
    """Every piece of the export that a spreadsheet splitting on ``separator`` could read as a
    cell starting with a formula character: split as a spreadsheet does (quotes open a field
    only at its start) and, harsher, with no regard for quotes at all."""
    pieces = [c for row in csv.reader(io.StringIO(text), delimiter=separator) for c in row]
    pieces += text.replace("\r\n", "\n").replace("\n", separator).split(separator)
    return [p for p in pieces
            if p.lstrip(' "')[:1] in tuple(FORMULA) and not is_number(p.strip(' "'))]


@pytest.mark.parametrize("separator", list(",;\t| "), ids=["comma", "semicolon", "tab",
                                                           "pipe", "space"])
def test_no_separator_starts_a_formula_cell(svc, separator):
    svc.import_json(svc.host_key, record(AFTER_SEPARATORS + PLAIN))
    text = svc.export_csv(svc.host_key)
    assert live_starts(text, separator) == []


def test_names_read_back_with_a_quote_before_each_formula_and_plain_names_as_typed(svc):
    svc.import_json(svc.host_key, record(AFTER_SEPARATORS + PLAIN))
    rows = list(csv.reader(io.StringIO(svc.export_csv(svc.host_key))))[1:]
    names = [r[2] for r in rows]
    assert names[:3] == [";'=1+1;", "a;'=10*10", "b,'=2*50"]
    assert names[-3:] == PLAIN  # a dash inside a name starts no cell: left as it is
    # taking the added quotes out gives each name back as typed
    assert [n.replace("'", "") for n in names[:len(AFTER_SEPARATORS)]] == [
        n.replace("'", "") for n in AFTER_SEPARATORS]
    assert [r[3] for r in rows] == ["3"] + ["-2"] * (len(rows) - 1)  # a score stays a number
    exported = json.loads(svc.export_json(svc.host_key))  # the JSON is as typed
    assert [p["player"] for p in exported["games"][0]["players"]] == AFTER_SEPARATORS + PLAIN

