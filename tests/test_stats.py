"""Lifetime statistics: counting and their record."""
import pytest

from engine.stats import Stats


def test_streaks_wins_and_average_penalty():
    s = Stats()
    s.add_deal("sevens", 2, True, 0)
    s.add_deal("sevens", 2, True, 0)
    s.add_deal("fan_tan", 0, False, 7)
    s.add_deal("sevens", 2, True, 0)
    assert (s.deals, s.streak, s.best) == (4, 1, 2)
    assert s.wins[Stats.slot("sevens", 2)] == 3 and s.played[Stats.slot("fan_tan", 0)] == 1
    assert s.average_penalty() == 18            # 7 / 4 = 1.75 -> 1.8
    s.add_match(True)
    s.add_match(False)
    assert (s.matches, s.match_wins) == (2, 1)


def test_round_trip_and_refusal():
    s = Stats()
    s.add_deal("play_or_pay", 1, False, 70000)
    back = Stats.decode(s.encode())
    assert back.encode() == s.encode() and back.penalty == 70000
    with pytest.raises(ValueError):
        Stats.decode(s.encode()[:-1])
    with pytest.raises(ValueError):
        Stats.decode(b"\x09" + s.encode()[1:])


def test_reset_clears_everything():
    s = Stats()
    s.add_deal("domino", 1, True, 0)
    s.reset()
    assert s.encode() == Stats().encode()
