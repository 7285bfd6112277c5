"""What the packaged hosts (the wheel, the single file) are checked with: started as a person
starts them, in a clean environment, and then a phone joins and votes in real Chromium.

The host runs as ``--host 127.0.0.1 --address companion.test`` and Chromium resolves that
name to 127.0.0.1 (testsupport/browser.py): every packet stays on loopback.
"""
from __future__ import annotations

import os
import re
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from companion.games import entries

# ROOT too: the builds' tests take the checkout's root from here
from .browser import CHROMIUM, CHROMIUM_ARGS, PHONE, ROOT, TABLE, Server, Wire  # noqa: F401
from .flet_page import (new_room, open_page, read_ballots_until_decided, see, take_seat, tap,
                        type_into)


def needs_chromium() -> None:
    if not Path(CHROMIUM).exists():
        pytest.skip("Debian's chromium is not installed (apt-get install chromium)")


def clean_env(tmp: Path) -> dict:
    """Nothing of the checkout or of this test's venv: PATH without it, no PYTHONPATH; the
    user's folders (home, data, cache, temporary files) in ``tmp``."""
    keep = ("LANG", "LC_ALL", "SYSTEMROOT")
    env = {k: os.environ[k] for k in keep if k in os.environ}
    venv_bin = str(Path(sys.prefix) / ("Scripts" if os.name == "nt" else "bin"))
    env["PATH"] = os.pathsep.join(p for p in os.environ.get("PATH", "").split(os.pathsep)
                                  if p and Path(p).resolve() != Path(venv_bin).resolve())
    (tmp / "tmp").mkdir(exist_ok=True)
    env.update(HOME=str(tmp / "home"), XDG_CACHE_HOME=str(tmp / "cache"),
               XDG_DATA_HOME=str(tmp / "data"), TMPDIR=str(tmp / "tmp"), TEMP=str(tmp / "tmp"),
               TMP=str(tmp / "tmp"), PIP_NO_INDEX="1", PIP_CONFIG_FILE=os.devnull,
               PYTHONNOUSERSITE="1")
    return env


def host_at(command: list[str], env: dict, cwd: Path) -> Server:
    """A packaged host started as a person starts it, on a free port of 127.0.0.1."""
    return Server(command=command, env=env, cwd=cwd)


def phone_joins_and_votes(host: Server) -> Wire:
    """In Chromium: the table screen opens a Table vote room, a phone (390x844, its own
    browser context, by the phone's path) takes a seat, the table asks a question, the phone
    votes and the table counts it; every game is on the table's list, and no request left
    the host. Returns what the browsers asked for.

    Playwright runs in a thread of its own: its sync API cannot start while another instance
    (the e2e tests' browser, alive for the whole test session) runs in this thread.
    """
    needs_chromium()
    table_url = host.table_url
    with ThreadPoolExecutor(1) as pool:
        return pool.submit(_join_and_vote, table_url, host.base).result()


def _join_and_vote(table_url: str, phones: str) -> Wire:
    from playwright.sync_api import expect, sync_playwright

    wire = Wire()
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            new_context = browser.new_context

            def watched_context(**kwargs):
                context = new_context(**kwargs)
                wire.watch(context)
                return context

            browser.new_context = watched_context  # the table and the phone are watched
            table = open_page(browser.new_context(**TABLE).new_page(), table_url)
            # every game came along (the games are imported by name, which a packager can miss)
            for entry in entries():
                expect(table.get_by_role("button", name=f"New room: {entry.title}")
                       ).to_be_enabled()
            code = new_room(table, "Table vote")
            phone = take_seat(browser, f"{phones}/join/{code}", "Ana", **PHONE)
            see(table, "Ana: connected")
            tap(table, "Start the game")
            type_into(table, "Question", "Pizza or pasta?")
            type_into(table, re.compile("^Candidates"), "Pizza, Pasta")
            tap(table, "Open the vote")
            see(table, "0 of 1 have voted")
            see(phone, "Pizza or pasta?")
            tap(phone, "Vote for Pizza")
            see(phone, "You are voting for:")
            tap(phone, "Confirm my vote")
            see(phone, "Your vote is in.")
            see(table, "Ballots read: 0 of 1")  # counted: the box closed by itself
            assert read_ballots_until_decided(table) == ["Pizza"]
            tap(table, "Show the final tally")
            see(table, "Pizza: 1 vote")
            see(phone, "Pizza: 1 vote")
            assert not phone.evaluate("window.isSecureContext")  # the phone's path, by name
        finally:
            browser.close()
    assert wire.urls and not wire.off_host(), f"requests that left the host: {wire.off_host()}"
    assert not wire.refusals, f"refused by the Content-Security-Policy: {wire.refusals[:3]}"
    return wire

