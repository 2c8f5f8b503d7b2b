"""Lifetime statistics: counting and their record."""
import pytest

from engine.rules import PRESETS
from engine.stats import Stats, SIZE


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
    """A record reads back as written; one byte short, or of any version but 1 (0 as well as a
    later one: a record below the version was read as statistics by a mutant), is refused."""
    s = Stats()
    s.add_deal("play_or_pay", 1, False, 70000)
    back = Stats.decode(s.encode())
    assert back.encode() == s.encode() and back.penalty == 70000
    with pytest.raises(ValueError):
        Stats.decode(s.encode()[:-1])
    for version in (0, 2, 9):
        with pytest.raises(ValueError):
            Stats.decode(bytes((version,)) + s.encode()[1:])


def test_reset_clears_everything():
    s = Stats()
    s.add_deal("domino", 1, True, 0)
    s.reset()
    assert s.encode() == Stats().encode()


def test_counts_stop_where_the_record_does_and_nothing_goes_back_at_power_up():
    """Each count is saved in 16 bits: at 65,535 deals (or matches) counting stops, in memory
    as on flash, so a power-up shows what the page showed and the average stays the deals'."""
    s = Stats()
    for i in range(65540):
        s.add_deal("sevens", 2, i % 3 == 0, 0 if i % 3 == 0 else 4)
    for i in range(65540):
        s.add_match(i % 2 == 0)
    assert (s.deals, s.matches, s.match_wins) == (65535, 65535, 32768)
    assert s.played[Stats.slot("sevens", 2)] == 65535 and s.wins[Stats.slot("sevens", 2)] == 21845
    back = Stats.decode(s.encode())
    assert back.encode() == s.encode() and back.average_penalty() == s.average_penalty() == 27


def test_counting_stops_at_65535_deals_in_all_however_they_spread_over_rule_sets():
    """The stop is on the deals in all, not on one rule set's count: deals spread over two rule
    sets and levels stop at 65,535 together, and the record still encodes (a mutant stopping
    when one (rule set, level) count was full went on to 65,536 deals, which no longer fit
    their 16 bits: the statistics could not be saved)."""
    s = Stats()
    for i in range(65540):
        s.add_deal(PRESETS[i % 2], i % 3, i % 5 == 0, 0 if i % 5 == 0 else 2)
    assert s.deals == sum(s.played) == 65535
    assert sum(s.wins) == 13107
    back = Stats.decode(s.encode())
    assert back.encode() == s.encode() and back.deals == 65535


def test_statistics_a_badge_already_holds_still_load():
    """The record's first byte is its version, 1: lifetime statistics already on a badge's flash
    (its settings record) load after an update, and are written back the same way."""
    old = bytes((1, 0, 3, 0, 1, 0, 1, 0, 0, 0, 2, 0, 0, 0, 9)) + bytes(SIZE - 15)
    s = Stats.decode(old)
    assert (s.deals, s.matches, s.match_wins, s.streak, s.best, s.penalty) == (3, 1, 1, 0, 2, 9)
    assert s.encode() == old


def test_a_new_player_s_page_shows_nothing_yet():
    """Before any deal: no streak, no best, an average penalty of 0.0, every count 0."""
    s = Stats()
    assert (s.deals, s.streak, s.best, s.average_penalty()) == (0, 0, 0, 0)
    assert s.encode() == bytes((1,)) + bytes(SIZE - 1)


def test_each_rule_set_and_level_counts_apart():
    """Every (rule set, level) has its own place in the record: a deal counts in one, only."""
    slots = sorted(Stats.slot(k, level) for k in PRESETS for level in range(3))
    assert slots == list(range(len(PRESETS) * 3))


def test_the_average_penalty_rounds_to_the_nearest_tenth():
    s = Stats()
    for cards in (1, 0, 0):
        s.add_deal("sevens", 0, not cards, cards)
    assert s.average_penalty() == 3             # 1 / 3 = 0.33 -> 0.3
    s.add_deal("sevens", 0, False, 1)
    assert s.average_penalty() == 5             # 2 / 4 = 0.5


def test_wins_per_rule_set_and_level_load_where_a_badge_saved_them():
    """The record keeps each rule set's easy, medium and hard side by side, in PRESETS' order:
    a badge's counts per (rule set, level) load into the same rule set and level after an update."""
    played = [0] * (len(PRESETS) * 3)
    played[1] = 5                                   # the first rule set, medium
    played[3] = 2                                   # the second rule set, easy
    old = bytes((1,)) + bytes(14) + b"".join(bytes((0, n)) for n in played) + bytes(2 * len(played))
    s = Stats.decode(old)
    assert s.played[Stats.slot(PRESETS[0], 1)] == 5 and s.played[Stats.slot(PRESETS[1], 0)] == 2
    assert sum(s.played) == 7


def test_a_record_with_bytes_to_spare_is_not_statistics():
    """Only a record of exactly SIZE bytes is read: one byte more (a longer or shifted field)
    is refused, not read as the same statistics."""
    s = Stats()
    s.add_deal("sevens", 0, True, 0)
    with pytest.raises(ValueError):
        Stats.decode(s.encode() + b"\x00")


def test_a_count_below_zero_adds_no_penalty():
    """Cards left below zero count as none: the penalty never goes back, and the record still encodes."""
    s = Stats()
    s.add_deal("sevens", 0, False, 3)
    s.add_deal("sevens", 0, False, -2)
    assert s.penalty == 3 and Stats.decode(s.encode()).penalty == 3


def test_counts_with_a_low_byte_past_127_load_as_they_were_saved():
    """Each count is two whole bytes: 200 deals, 130 won in a row and 35,280 cards of penalty
    (low bytes past 127) read back as saved, not with a byte's top bit lost."""
    s = Stats()
    for i in range(200):
        s.add_deal("fan_tan", 1, i >= 70, 0 if i >= 70 else 504)
    back = Stats.decode(s.encode())
    assert (back.deals, back.streak, back.best, back.penalty) == (200, 130, 130, 35280)
    assert back.played[Stats.slot("fan_tan", 1)] == 200 and back.wins[Stats.slot("fan_tan", 1)] == 130
