"""The database file holds no link between a ballot and its voter.

Each test casts ballots in an order the test knows, then looks at the file the way someone
who copied it would: its schema, its keys, its scan order, its raw bytes, its log.
"""
from __future__ import annotations

import json
import random
import re
import sqlite3

import pytest

from companion.ballots import CLOSED, EMPTY, OPEN
from companion.language import from_json

VOTERS = tuple(f"Voter{i:02d}" for i in range(16))
CHOICES = tuple(f"Pick{i:02d}x" for i in range(16))  # one distinctive choice per voter


def connect(path):
    return sqlite3.connect(f"file:{path}?mode=ro", uri=True)


def spearman(xs, ys) -> float:
    """Rank correlation of two orderings of the same items (no ties)."""
    n = len(xs)
    rank_x = {item: i for i, item in enumerate(xs)}
    rank_y = {item: i for i, item in enumerate(ys)}
    d2 = sum((rank_x[item] - rank_y[item]) ** 2 for item in xs)
    return 1 - 6 * d2 / (n * (n * n - 1))


@pytest.fixture
def room(make_table):
    return make_table(names=VOTERS)


def cast_in_known_order(room, rng, reveal="all_at_once"):
    """Ask a vote, cast every voter's distinctive choice in a shuffled order; return it."""
    vote = room.ask(f"Question {rng.random()}", candidates=CHOICES, reveal=reveal)
    order = list(range(len(VOTERS)))
    rng.shuffle(order)
    cast = []
    for i in order:
        room.cast(VOTERS[i], CHOICES[i])
        cast.append((VOTERS[i], CHOICES[i]))
    return vote.id, cast


# --- the schema ------------------------------------------------------------------------------
def test_a_ballot_row_is_only_an_id_a_vote_and_a_choice(room, db_path):
    conn = connect(db_path)
    try:
        columns = [row[1] for row in conn.execute("PRAGMA table_info(ballots)")]
        assert columns == ["id", "vote", "choice"]
        with pytest.raises(sqlite3.OperationalError):
            conn.execute("SELECT rowid FROM ballots").fetchall()
        sql = conn.execute("SELECT sql FROM sqlite_master WHERE name = 'ballots'").fetchone()[0]
        assert "WITHOUT ROWID" in sql.upper()
        # who has voted lives apart, and holds no choice
        assert [row[1] for row in conn.execute("PRAGMA table_info(voted)")] == ["vote", "voter"]
        with pytest.raises(sqlite3.OperationalError):
            conn.execute("SELECT rowid FROM voted").fetchall()
    finally:
        conn.close()


def test_no_write_ahead_log_and_deleted_data_is_wiped(svc, room, db_path):
    conn = connect(db_path)
    try:
        assert conn.execute("PRAGMA journal_mode").fetchone()[0].lower() == "delete"
    finally:
        conn.close()
    assert svc.store.db.conn.execute("PRAGMA journal_mode").fetchone()[0].lower() == "delete"
    assert svc.store.db.conn.execute("PRAGMA secure_delete").fetchone()[0] == 1
    assert svc.store.db.conn.execute("PRAGMA synchronous").fetchone()[0] == 2  # FULL
    room.ask(candidates=CHOICES)
    room.cast(VOTERS[0], CHOICES[0])
    assert not db_path.with_name(db_path.name + "-wal").exists()


def decode(code: str) -> str:
    """A filled slot's choice: the candidate's index in CHOICES, as 4 digits."""
    assert re.fullmatch(r"[0-9]{4}", code), f"not a filled slot: {code!r}"
    return CHOICES[int(code)]


def test_ballot_ids_are_random_not_the_order_of_casting(room, db_path):
    rng = random.Random()
    correlations = []
    for _ in range(5):
        vote_id, cast = cast_in_known_order(room, rng)
        room.svc.finish_reveal(room.host, room.code)
        cast_choices = [choice for _, choice in cast]
        conn = connect(db_path)
        try:
            rows = conn.execute("SELECT id, choice FROM ballots WHERE vote = ?",
                                (vote_id,)).fetchall()
            by_id = [decode(c) for _, c in conn.execute(
                "SELECT id, choice FROM ballots WHERE vote = ? ORDER BY id", (vote_id,))]
        finally:
            conn.close()
        ids = [i for i, _ in rows]
        assert len(set(ids)) == len(ids) == len(VOTERS)
        assert all(len(i) >= 32 and not i.isdigit() for i in ids)  # 128 random bits, no counter
        scan = [decode(c) for _, c in rows]
        assert sorted(scan) == sorted(cast_choices)
        correlations.append(spearman(cast_choices, by_id))
        correlations.append(spearman(cast_choices, scan))
    # an autoincrement or time-ordered key would give 1.0 every time
    assert max(abs(r) for r in correlations) < 0.95, correlations
    assert sum(abs(r) for r in correlations) / len(correlations) < 0.6, correlations


def offsets_in_file(data: bytes, cells: dict) -> dict:
    """Where each record body lies in the raw file; each must be there exactly once."""
    found = {}
    for key, cell in cells.items():
        assert data.count(cell) == 1, (key, data.count(cell))
        found[key] = data.find(cell)
    return found


def slot_offsets(db_path, vote_id) -> dict[str, tuple[int, str]]:
    """Each slot of the vote: its byte offset in the raw file, and its raw choice.

    A slot's record body is its id, the vote id and the 4-byte choice, side by side.
    """
    conn = connect(db_path)
    try:
        rows = conn.execute("SELECT id, choice FROM ballots WHERE vote = ?", (vote_id,)).fetchall()
    finally:
        conn.close()
    data = db_path.read_bytes()
    where = offsets_in_file(data, {slot: (slot + vote_id + choice).encode()
                                   for slot, choice in rows})
    return {slot: (where[slot], choice) for slot, choice in rows}


def physical_choices(db_path, vote_id) -> list[str]:
    """The filled slots' choices, decoded, in the order their bytes lie in the file."""
    slots = slot_offsets(db_path, vote_id)
    filled = sorted((at, choice) for at, choice in slots.values() if choice != EMPTY)
    return [decode(choice) for _, choice in filled]


def physical_voters(db_path, vote_id, voters) -> list[str]:
    """The voted rows (record body: vote id, voter) in the order their bytes lie in the file."""
    where = offsets_in_file(db_path.read_bytes(), {v: (vote_id + v).encode() for v in voters})
    return sorted(voters, key=where.get)


def test_the_raw_file_does_not_keep_the_order_of_casting(room, db_path):
    """Someone who copies the file, open or closed, cannot line ballots up with casting order.

    Each vote casts 15 of 16 ballots in a known order and looks at the file while the vote is
    open, then closes it (by the last ballot, or by the table with one slot left empty) and
    looks again. The voted table may list voters in voting order; pairing its k-th row with
    the k-th filled slot (either way round) must still not give the true pairs.
    """
    rng = random.Random()
    correlations = {"open": [], "closed": []}
    pairings = {"open": [], "closed": []}  # (true pairs found, pairs) per vote

    def look(when, vote_id, indexes):
        """The file as it is now, against the true casting order ``indexes``."""
        cast_choices = [CHOICES[i] for i in indexes]
        physical = physical_choices(db_path, vote_id)
        assert sorted(physical) == sorted(cast_choices)
        correlations[when].append(spearman(cast_choices, physical))
        voters = physical_voters(db_path, vote_id, [VOTERS[i] for i in indexes])
        truth = {VOTERS[i]: CHOICES[i] for i in indexes}
        forward = sum(truth[v] == c for v, c in zip(voters, physical))
        backward = sum(truth[v] == c for v, c in zip(voters, reversed(physical)))
        pairings[when].append((max(forward, backward), len(indexes)))

    for run in range(6):
        vote = room.ask(f"Question {rng.random()}", candidates=CHOICES, reveal="all_at_once")
        assert len(slot_offsets(db_path, vote.id)) == len(VOTERS)  # every slot, before any cast
        order = list(range(len(VOTERS)))
        rng.shuffle(order)
        last = order.pop()
        for i in order:
            room.cast(VOTERS[i], CHOICES[i])
        assert room.vote().status == OPEN
        assert len(slot_offsets(db_path, vote.id)) == len(VOTERS)  # filled in place
        look("open", vote.id, order)
        if run % 2:  # the table closes early: one empty slot to wipe
            room.svc.close_vote(room.host, room.code)
            cast = order
        else:  # the last ballot closes the vote
            room.cast(VOTERS[last], CHOICES[last])
            cast = order + [last]
        assert room.vote().status == CLOSED
        assert len(slot_offsets(db_path, vote.id)) == len(cast)  # only the filled slots remain
        look("closed", vote.id, cast)
        room.svc.finish_reveal(room.host, room.code)

    for when in ("open", "closed"):
        rs = correlations[when]
        # a file that kept the casting order (either way round) gives |r| = 1.0 every time
        assert max(abs(r) for r in rs) < 0.95, (when, rs)
        assert sum(abs(r) for r in rs) / len(rs) < 0.6, (when, rs)
        # voted rows in voting order must not line up with the ballots: a random match finds
        # about one true pair per vote (1/n), a kept order finds all of them
        found = sum(k for k, _ in pairings[when])
        total = sum(n for _, n in pairings[when])
        assert found / total < 1 / 3, (when, pairings[when])


def test_a_called_off_vote_leaves_no_ballot_bytes_behind(room, db_path):
    rng = random.Random(7)
    room.ask(candidates=CHOICES)
    vote_id = room.vote().id
    picked = rng.sample(range(len(VOTERS)), 6)
    for i in picked:
        room.cast(VOTERS[i], CHOICES[i])
    # a slot's bytes: its id, the vote id, then "----" or the candidate's 4-digit number
    filled = re.compile(re.escape(vote_id.encode()) + rb"[0-9]{4}")
    empty = re.compile(re.escape(vote_id.encode()) + re.escape(EMPTY.encode()))
    conn = connect(db_path)
    try:
        slot_ids = [i for (i,) in conn.execute("SELECT id FROM ballots WHERE vote = ?",
                                               (vote_id,))]
    finally:
        conn.close()
    data = db_path.read_bytes()
    assert len(slot_ids) == len(VOTERS)
    assert sorted(decode(m.group()[-4:].decode()) for m in filled.finditer(data)) == sorted(
        CHOICES[i] for i in picked)  # the filled slots are in the file…
    assert len(empty.findall(data)) == len(VOTERS) - 6
    assert all(data.count(i.encode()) == 1 for i in slot_ids)
    room.svc.act(room.code, room.host, "cancel")
    data = db_path.read_bytes()
    # …and secure_delete wiped every slot, filled or empty, ids and all
    assert filled.findall(data) == [] and empty.findall(data) == []
    assert [i for i in slot_ids if i.encode() in data] == []


# --- what the log and the screens say --------------------------------------------------------
def test_no_history_line_or_log_row_says_who_voted_for_what(room, db_path):
    rng = random.Random()
    _, cast_one = cast_in_known_order(room, rng, reveal="one_by_one")
    while not room.vote().decided:
        room.svc.reveal_next(room.host, room.code)
    room.svc.finish_reveal(room.host, room.code)
    # a second vote closed early by the table, read out completely
    room.ask("Again?", candidates=CHOICES, reveal="all_at_once")
    for i in (3, 9, 1):
        room.cast(VOTERS[i], CHOICES[i])
    room.svc.close_vote(room.host, room.code)
    for _ in range(3):
        room.svc.reveal_next(room.host, room.code)
    room.svc.finish_reveal(room.host, room.code)

    conn = connect(db_path)
    try:
        log_rows = [data for (data,) in conn.execute("SELECT data FROM log")]
    finally:
        conn.close()
    lines = room.history()
    assert any(line.startswith("Result:") for line in lines)  # the outcome is recorded
    texts = list(lines)
    for raw in log_rows:
        row = json.loads(raw)
        if row.get("move") == "ask":  # the public ballot: every voter, every candidate
            assert row["args"]["voters"] == list(VOTERS)
            assert row["args"]["candidates"] == list(CHOICES)
            # the log keeps the line as its message (issue 48): its words, and its parts
            texts += [str(from_json(row["line"])), json.dumps(row["line"], ensure_ascii=False)]
        else:
            texts.append(raw)
    for text in texts:
        voters = [v for v in VOTERS if v in text]
        choices = [c for c in CHOICES if c in text]
        assert not (voters and choices), f"a voter and a choice side by side: {text!r}"


def test_no_screen_learns_a_choice_while_the_vote_is_open(room):
    room.ask("Secret?", candidates=CHOICES)
    for i in range(5):
        room.cast(VOTERS[i], CHOICES[i])
    vote = room.vote()
    assert vote.reveal_order == ()
    seen = [room.svc.view(room.code, room.host), room.svc.reminders(room.code),
            *(room.svc.view(room.code, token) for token in room.tokens.values())]
    for text in map(repr, seen):
        assert not any(c in text for c in CHOICES[:5]), text
