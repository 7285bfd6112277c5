"""The companion's pytest plugin (companion/testing/plugin.py, issue 54): the dice of every
test seeded, the ports of the tests' hosts in a range a run may set, said in a sentence when
written wrong."""
from __future__ import annotations

import random
import socket

import pytest

from companion import dice
from companion.testing import browser


def test_every_test_starts_with_the_same_dice(seeded_dice):
    expected = random.Random(seeded_dice)
    assert [dice.roll(6) for _ in range(20)] == [expected.randint(1, 6) for _ in range(20)]


def test_and_the_next_test_the_same_again(seeded_dice):
    expected = random.Random(seeded_dice)  # not the rolls the test before took
    assert [dice.roll(6) for _ in range(20)] == [expected.randint(1, 6) for _ in range(20)]


def test_a_range_of_ports_is_read_and_a_wrong_one_said_in_a_sentence():
    assert browser.ports("41000-41999") == range(41000, 42000)
    assert browser.ports("41000") == range(41000, 41001)
    for wrong in ("ports", "41999-41000", "80-90", "41000-70000"):
        with pytest.raises(ValueError, match=r"is no range of ports"):
            browser.ports(wrong)


def test_a_free_port_is_taken_from_the_range_and_a_full_range_is_said():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        taken = s.getsockname()[1]
        with pytest.raises(OSError, match=f"No port of {taken}-{taken} is free"):
            browser.free_port(range(taken, taken + 1))
    free = browser.free_port(range(42000, 42100))
    assert 42000 <= free < 42100


def test_the_hosts_take_the_range_the_run_sets(monkeypatch, tmp_path):
    monkeypatch.setattr(browser, "PORTS", range(43000, 43050))
    assert 43000 <= browser.Server(tmp_path / "db", tmp_path).port < 43050
