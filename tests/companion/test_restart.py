"""Durability: what a screen was told is on disk; a restart (even after kill -9) brings it back."""
from __future__ import annotations

import json
import random
import signal
import sqlite3
import subprocess
import sys
import textwrap
import time
from collections import Counter
from pathlib import Path

from companion.ballots import CLOSED, OPEN
from companion.rooms import TableService
from companion.store import Store
from testsupport.host import REPO, child_env, free_port, Server

FRUIT = ("Kiwi", "Mango", "Pear")


def integrity_ok(path: Path) -> bool:
    conn = sqlite3.connect(path)
    try:
        return conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    finally:
        conn.close()


# --- (a) a second service on the same file ---------------------------------------------------
def test_a_new_service_on_the_same_file_sees_everything(db_path, make_table, svc):
    table = make_table()
    code, host = table.code, table.host
    # a finished vote, then an open one with three of five ballots in
    table.ask("Lunch?", candidates=FRUIT, reveal="all_at_once")
    for name, fruit in zip(table.names, ("Kiwi", "Kiwi", "Pear", "Mango", "Kiwi")):
        table.cast(name, fruit)
    svc.finish_reveal(host, code)
    table.ask("Dinner?", candidates=FRUIT, reveal="all_at_once")
    for name, fruit in (("Ann", "Pear"), ("Cat", "Pear"), ("Eve", "Mango")):
        table.cast(name, fruit)
    svc.start_timer(host, code, 120)
    ended = make_table(names=("Zoe",))
    svc.end_room(host, ended.code)
    before = {
        "rooms": svc.rooms(), "seats": svc.seats(code), "vote": svc.vote(code),
        "state": svc.state(code), "view": svc.view(code, host), "history": svc.history(code),
        "timer_end": svc.room(code).timer_end,
    }
    svc.store.close()

    again = TableService(Store(db_path))
    try:
        assert again.host_key == host
        assert sorted(again.rooms(), key=lambda r: r.code) == sorted(before["rooms"],
                                                                      key=lambda r: r.code)
        assert again.room(ended.code).ended
        assert again.seats(code) == before["seats"]
        for name, token in table.tokens.items():
            assert again.seat_by_token(code, token).name == name  # phones return to their seat
        vote = again.vote(code)
        assert vote == before["vote"]
        assert vote.status == OPEN and vote.voted == {"Ann", "Cat", "Eve"}
        assert again.state(code) == before["state"]
        assert again.view(code, table.tokens["Ben"]) == before["view"]
        assert again.history(code) == before["history"]
        assert again.room(code).timer_end == before["timer_end"]
        again.cast(code, table.tokens["Ben"], ["Kiwi"])
        vote = again.cast(code, table.tokens["Dan"], ["Pear"])
        assert vote.status == CLOSED
        assert again.finish_reveal(host, code) == {"Kiwi": 1, "Mango": 1, "Pear": 3}
        assert [r["question"] for r in again.view(code, host)["results"]] == ["Lunch?", "Dinner?"]
    finally:
        again.store.close()


# --- (b) a process killed with SIGKILL in the middle of a vote -------------------------------
DRIVER = textwrap.dedent("""
    import json, sys
    from companion.rooms import TableService
    from companion.store import Store

    db, code, ballots = sys.argv[1], sys.argv[2], sys.argv[3]
    svc = TableService(Store(db))
    voted = svc.vote(code).voted
    print("READY", flush=True)
    n = 0
    for name, token, choice in json.load(open(ballots)):
        if name in voted:
            continue
        svc.cast(code, token, [choice])  # returns once the ballot is committed
        n += 1
        print(f"CAST {n} {name}", flush=True)
    print("DONE", flush=True)
""")


def test_kill_9_in_the_middle_of_a_vote_loses_and_doubles_nothing(tmp_path, db_path, make_table,
                                                                   svc, slots):
    rng = random.Random()
    names = [f"P{i:03d}" for i in range(100)]
    table = make_table(names=names)
    vote = table.ask("Who keeps the torch?", candidates=FRUIT, voters=names,
                     reveal="all_at_once")
    choice = {name: rng.choice(FRUIT) for name in names}
    ballots_file = tmp_path / "ballots.json"
    ballots_file.write_text(json.dumps([[n, table.tokens[n], choice[n]] for n in names]))
    (tmp_path / "driver.py").write_text(DRIVER)
    code = table.code
    svc.store.close()

    printed: list[str] = []
    for round_ in range(4):
        proc = subprocess.Popen(
            [sys.executable, str(tmp_path / "driver.py"), str(db_path), code, str(ballots_file)],
            cwd=REPO, env=child_env(), stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        try:
            assert proc.stdout.readline().strip() == "READY", proc.stderr.read()
            wanted, seen = rng.randint(1, 6), 0
            while seen < wanted:
                line = proc.stdout.readline()
                assert line.startswith("CAST"), (line, proc.stderr.read())
                printed.append(line.split()[2])
                seen += 1
            time.sleep(rng.uniform(0, 0.012))  # land anywhere: mid-transaction, mid-fsync…
            proc.send_signal(signal.SIGKILL)
            proc.wait(timeout=10)
            for line in proc.stdout:  # what it printed before it died was shown as accepted
                if line.startswith("CAST"):
                    printed.append(line.split()[2])
        finally:
            if proc.poll() is None:
                proc.kill()
                proc.wait()
        assert proc.returncode == -signal.SIGKILL

        store = Store(db_path)  # a restart: rolls back any half-written transaction
        try:
            assert integrity_ok(db_path)
            service = TableService(store)
            now = service.vote(code)
            assert now.id == vote.id and now.status == OPEN, "the vote must still be open"
            assert set(printed) <= now.voted, "a ballot the phone saw accepted was lost"
            unprinted = now.voted - set(printed)
            assert len(unprinted) <= 1  # at most the one committed just before the kill
            rows = store.rows("SELECT * FROM ballots WHERE vote = ?", (vote.id,))
            assert all(set(r) == {"id", "vote", "choice"} for r in rows)
            # every expected slot is still there, each either empty or one whole candidate
            assert len(rows) == vote.ballots_expected == len(names), "a slot was lost or added"
            filled = slots.filled(vote)  # refuses any slot that is neither empty nor 4 digits
            assert len(filled) == len(now.voted), "a ballot was doubled or half-written"
            assert slots.empty(vote) == len(names) - len(now.voted)
            assert Counter(filled) == Counter(choice[v] for v in now.voted)
            assert len(printed) == len(set(printed))  # no voter cast twice
        finally:
            store.close()
        printed = sorted(now.voted)  # the next round carries on from what is on disk

    # after all that, the vote finishes normally with every cast choice counted once
    store = Store(db_path)
    try:
        service = TableService(store)
        for name in names:
            if name not in service.vote(code).voted:
                service.cast(code, table.tokens[name], [choice[name]])
        assert service.vote(code).status == CLOSED
        assert slots.count(vote) == len(names) and slots.empty(vote) == 0
        assert Counter(slots.filled(vote)) == Counter(choice.values())
        tally = service.finish_reveal(service.host_key, code)
        assert tally == {f: Counter(choice.values())[f] for f in FRUIT}
    finally:
        store.close()


# --- (c) the real server: kill -9 and start again --------------------------------------------
def test_the_real_server_killed_with_sigkill_comes_back_with_everything(db_path, servers,
                                                                          slots):
    port = free_port()
    first = Server(db_path, port)
    servers.append(first)
    first.wait_ready()
    url = first.table_url()
    host_key = url.split("?k=", 1)[1]

    # phones play against the same file while the server runs
    store = Store(db_path)
    service = TableService(store)
    assert service.host_key == host_key  # the key on the table URL is the key in the file
    code = service.create_room(host_key, "table_vote")
    tokens = {name: service.join(code, name)[1] for name in ("Ann", "Ben", "Cat", "Dan")}
    service.start(host_key, code)
    service.act(code, host_key, "ask", {"question": "Who sails?", "candidates": list(FRUIT),
                                        "voters": list(tokens)})
    service.cast(code, tokens["Ann"], ["Kiwi"])
    service.cast(code, tokens["Ben"], ["Pear"])
    store.close()

    # the server sends the client gzipped (phones accept only gzip over plain HTTP)
    status, headers, _ = first.get("/flutter.js", {"Accept-Encoding": "gzip"})
    assert status == 200 and headers.get("content-encoding") == "gzip"

    first.kill()
    assert first.proc.returncode == -signal.SIGKILL
    assert integrity_ok(db_path)

    second = Server(db_path, port)
    servers.append(second)
    second.wait_ready()
    assert second.table_url() == url  # same host key: the table screen's bookmark still works
    assert second.get("/")[0] == 200

    store = Store(db_path)
    try:
        service = TableService(store)
        vote = service.vote(code)
        assert vote.status == OPEN and vote.voted == {"Ann", "Ben"}
        assert sorted(slots.filled(vote)) == ["Kiwi", "Pear"]
        assert slots.count(vote) == 4 and slots.empty(vote) == 2
        assert service.seat_by_token(code, tokens["Cat"]).name == "Cat"
        service.cast(code, tokens["Cat"], ["Kiwi"])
        assert service.cast(code, tokens["Dan"], ["Mango"]).status == CLOSED
        assert sorted(service.vote(code).reveal_order) == ["Kiwi", "Kiwi", "Mango", "Pear"]
        assert sorted(slots.filled(vote)) == ["Kiwi", "Kiwi", "Mango", "Pear"]
        assert slots.count(vote) == 4  # closed: the filled slots only
    finally:
        store.close()
