"""Issue 50, item 5: the night's CSV opened in LibreOffice Calc itself, split on "," and on
";" (the usual separator in much of Europe) and on "|": no cell of it is a formula.

Needs LibreOffice (Debian: ``apt-get install libreoffice-calc-nogui``); skipped, saying so,
without it. Calc reads the CSV as a person opening it would (formulas evaluated, its default)
and writes it as a flat ODF spreadsheet, where a formula cell carries ``table:formula``.
"""
from __future__ import annotations

import json
import shutil
import subprocess
import xml.etree.ElementTree as ET

import pytest

from companion.hub import Hub
from companion.rooms import TableService
from companion.store import Store

SOFFICE = shutil.which("soffice") or shutil.which("libreoffice")
pytestmark = pytest.mark.skipif(SOFFICE is None, reason="LibreOffice is not installed "
                                "(apt-get install libreoffice-calc-nogui)")
NAMES = [";=1+1;", "a;=10*10", "b,=2*50", "c; =1+1", 'd;"=1+1"', "e;-2+3;",
         "f|=cmd|' /C calc'!A0", "g|@SUM(1)", "h;+1+1", "=1+1", "-2+3", "Ann-Lee"]
TABLE = "urn:oasis:names:tc:opendocument:xmlns:table:1.0"
TEXT = "urn:oasis:names:tc:opendocument:xmlns:text:1.0"


def record(names) -> str:
    players = [{"player": n, "seat": i, "place": i + 1, "won": i == 0, "score": -2 if i else 3}
               for i, n in enumerate(names)]
    return json.dumps({"format": "table-companion-record", "version": 1, "games": [
        {"room": "ABCD", "game": "castle_party", "title": "Castle Party",
         "finished": "2026-12-07 21:40:12", "summary": "Done.", "details": {},
         "players": players}]})


def calc_reads(path, separator: str, tmp_path) -> tuple[list[str], list[str]]:
    """(formulas, texts) of the cells Calc makes of ``path`` split on ``separator``."""
    out = tmp_path / f"out{ord(separator)}"
    done = subprocess.run(
        [SOFFICE, f"-env:UserInstallation=file://{tmp_path / 'profile'}", "--headless",
         f"--infilter=CSV:{ord(separator)},34,76,1", "--convert-to", "fods",
         "--outdir", str(out), str(path)],
        capture_output=True, text=True, timeout=180)
    converted = out / (path.stem + ".fods")
    assert converted.exists(), done.stdout + done.stderr
    root = ET.parse(converted).getroot()
    cells = list(root.iter(f"{{{TABLE}}}table-cell"))
    formulas = [c.get(f"{{{TABLE}}}formula") for c in cells if c.get(f"{{{TABLE}}}formula")]
    texts = ["".join(p.itertext()) for c in cells for p in c.iter(f"{{{TEXT}}}p")]
    return formulas, texts


@pytest.mark.parametrize("separator", [",", ";", "|"], ids=["comma", "semicolon", "pipe"])
def test_calc_finds_no_formula_in_the_export(tmp_path, separator):
    svc = TableService(Store(tmp_path / "companion.db"), Hub())
    try:
        svc.import_json(svc.host_key, record(NAMES))
        path = svc.save_export(svc.host_key, "csv")
    finally:
        svc.store.close()
    formulas, texts = calc_reads(path, separator, tmp_path)
    assert formulas == [], formulas
    if separator == ",":  # read as written: each name in its own cell, a quote before a formula
        assert "'=1+1" in texts and "Ann-Lee" in texts and ";'=1+1;" in texts
    else:  # split inside the names: the pieces a formula could start are text
        piece = {";": "'=10*10", "|": "'=cmd"}[separator]
        assert any(t.startswith(piece) for t in texts), texts
