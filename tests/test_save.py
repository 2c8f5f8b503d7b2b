"""The game record: round trips, size, and every kind of damage."""
import random

import pytest

from engine import save
from engine.game import PASS
from engine.match import Match
from engine.rng import Rng
from engine.rules import preset, PRESETS
from engine.cards import card, CLUBS
from engine.rules import Rules, FIELDS
from engine.crc import crc32, crc_bytes


def played(key, players, deal_number, moves=None, seed=1, passer=False):
    m = Match(preset(key), deal_number, players)
    rng = Rng(seed)
    g = m.game
    k = 0
    while not g.over and (moves is None or k < moves):
        legal = g.legal_moves()
        a = PASS if passer and PASS in legal else legal[rng.below(len(legal))]
        g.play(a)
        k += 1
    return m


def same(a, b):
    ga, gb = a.game, b.game
    return (ga.hands == gb.hands and ga.table == gb.table and ga.turn == gb.turn
            and ga.chips == gb.chips and ga.pot == gb.pot and a.scores == b.scores
            and a.deal_number == b.deal_number and a.dealer == b.dealer
            and bytes(ga.log) == bytes(gb.log) and a.result == b.result)


@pytest.mark.parametrize("key", PRESETS)
def test_round_trip_mid_deal_and_after_settling(key):
    rules = preset(key)
    for n in range(rules.min_players, rules.max_players + 1):
        m = played(key, n, 40 + n, moves=9)
        back, screen = save.decode(save.encode(m, 2))
        assert same(m, back) and screen == 2
        assert save.decode(save.encode(m))[1] == 0        # no screen given: the first
        while not m.game.over:
            m.game.play(m.game.legal_moves()[0])
        m.settle()
        back, _ = save.decode(save.encode(m))
        assert same(m, back)
        if not m.over:
            m.next_deal()
            back, _ = save.decode(save.encode(m))
            assert same(m, back)


def test_every_screen_number_comes_back_mid_deal_and_settled():
    """The screen byte is the app's to use, 0 to 255, on a deal in play or on its results page
    (a mutant refusing the numbers past 250 as illegal moves passed)."""
    for settled in (0, 1):
        m = played("sevens", 4, 6, moves=None if settled else 9)
        if settled:
            m.settle()
        for screen in range(256):
            back, got = save.decode(save.encode(m, screen))
            assert got == screen and same(m, back)


@pytest.mark.parametrize("key", ["fan_tan", "five_or_nine", "coventry", "play_or_pay"])
def test_a_deal_of_strategic_passes_still_fits_in_256_bytes(key):
    """A deal of paid passes makes a body of 128 bytes or more: its length byte keeps its top
    bit, and the record loads back (a mutant writing the length's low 7 bits passed: every such
    game saved, then came back "truncated" after a power cut)."""
    for n in range(3, preset(key).max_players + 1):
        for d in range(5):
            m = played(key, n, d, passer=True)
            data = save.encode(m)
            assert len(data) <= 256 and data[3] == len(data) - 8 > 127
            back, _ = save.decode(data)
            assert same(m, back)


def test_largest_table_with_most_chips_fits():
    rules = preset("fan_tan").with_(players=5, chips=84, pass_pot=3)
    assert rules.problem() is None
    assert "too many chips" in rules.with_(chips=85).problem()


def test_the_strategic_pass_bound_counts_whole_passes():
    """The bound is on whole paid passes (3 seats x 187 chips at 4 a pass: 140 passes and a chip
    left over), so a rule set whose chips only run to a part pass more is still played."""
    rules = preset("fan_tan").with_(players=3, max_players=3, chips=187, pass_pot=4)
    assert rules.problem() is None
    assert "too many chips" in rules.with_(chips=188).problem()


def test_a_match_without_a_deal_limit_saves_past_255_deals():
    """Chips with no deal limit (Parliament switched to chips) can go on for hundreds of deals.
    The record kept only the count's low byte, so after a power cut the pause menu's rules page
    named another deal's first Jack (found from the match's first deal, deal_number - deals:
    P2's J of spades, card 11, read back as card 17), and the replay line hid when the count was
    a multiple of 256 (a helper's find): the count's high bits ride above the settled flag."""
    from firmware.help_pages import first_jack
    rules = preset("fan_tan").with_(players=3, chips=250, deals=0, strategic_pass=0)
    assert rules.problem() is None
    m = Match(rules, 1)
    while m.deals < 256:
        finish(m)
        assert not m.over
        m.next_deal()
    words = {"first_jack": "First Jack", "card": "card"}
    for settled in (0, 1):
        if settled:
            finish(m)
        back, _ = save.decode(save.encode(m))
        assert back.deals == m.deals == 256 + settled and back.chips == m.chips
        assert back.deal_number == m.deal_number and (back.result is not None) == settled
        assert first_jack(back, 0, words) == first_jack(m, 0, words)
        assert first_jack(m, 0, words) == first_jack(Match(rules, 1), 0, words)     # the first deal's, settled or not


def test_a_match_is_only_for_the_table_sizes_its_rules_allow():
    """The save's size bound (Rules.problem) holds for every size the rules allow, so a match
    of another size is refused at once instead of failing to save later."""
    with pytest.raises(ValueError, match="players not between"):
        Match(preset("sevens"), 1, 7)
    rules = preset("fan_tan").with_(players=3, max_players=7, chips=140)
    assert "too many chips" in rules.problem()             # 7 players could pass too often
    for pot in (0, 1):                  # a paid pass must cost more than a forced pass's chip
        assert "costs 2 or more" in preset("fan_tan").with_(pass_pot=pot).problem()
    assert "min_players" in preset("fan_tan").with_(min_players=5, max_players=4).problem()


def test_the_longest_deal_a_rule_set_allows_fits_a_record():
    """A deal's log holds the cards laid (the deal ends as its winner lays a last card, so each
    other player still holds one: at most 46 at 7 players), each paid pass (Rules.problem allows
    at most 140: each feeds the pot 2 or more of the table's chips) and a declined bonus card;
    with 7 players the rest of the record takes 232 bytes, so up to 24 rule fields fit 256.
    (Said as 52 cards, the record had no room for a 19th field, and lowering the bound would
    refuse rule sets New game offers and the games saved with them.)"""
    worst = preset("fan_tan").with_(players=7, max_players=7, pass_pot=2, chips=40)
    assert worst.problem() is None and worst.with_(chips=41).problem() == "too many chips for strategic passes"
    for d in range(1, 41):
        g = Match(worst, d).game
        while not g.over:
            g.play(g.legal_moves()[0])
        assert len(g.log) - g.log.count(PASS) == 52 - sum(g.counts) <= 52 - 6
    m = Match(worst, 3)
    m.game.log.extend(bytes(46 + 140 + 1))
    assert len(save.encode(m)) == 4 + len(FIELDS) + 9 + 4 * 7 + 46 + 140 + 1 + 4 <= 256


def real_record():
    return save.encode(played("fan_tan", 4, 77, moves=20))


def test_every_single_bit_flip_is_caught():
    data = real_record()
    for i in range(len(data) * 8):
        bad = bytearray(data)
        bad[i // 8] ^= 1 << (i % 8)
        with pytest.raises(save.SaveError):
            save.decode(bytes(bad))


def test_every_truncation_is_caught():
    """A record cut off anywhere is refused as cut off (or, shorter than its head and CRC, as no
    saved game), not as damaged or as illegal moves."""
    data = real_record()
    for k in range(len(data)):
        with pytest.raises(save.SaveError, match="truncated" if k >= 8 else "not a saved game"):
            save.decode(data[:k])


def test_random_garbage_is_caught():
    r = random.Random(5)
    for _ in range(3000):
        junk = bytes(r.randrange(256) for _ in range(r.randrange(0, 300)))
        with pytest.raises(save.SaveError):
            save.decode(junk)
    # garbage that has a valid header and CRC but illegal moves
    m = played("sevens", 4, 3, moves=5)
    data = bytearray(save.encode(m))
    body = bytearray(data[4:-4])
    body[-1] = 51 if body[-1] != 51 else 50
    from engine.crc import crc32
    hi, lo = crc32(bytes(body))
    forged = bytes(data[:4]) + bytes(body) + bytes((hi >> 8, hi & 255, lo >> 8, lo & 255))
    with pytest.raises(save.SaveError) as e:
        save.decode(forged)
    assert "illegal" in str(e.value)


def test_an_old_version_record_is_refused_with_its_reason():
    data = bytearray(real_record())
    data[2] = 0
    with pytest.raises(save.SaveError) as e:
        save.decode(bytes(data))
    assert "version" in str(e.value)


def test_a_record_of_a_later_version_is_refused_with_its_reason():
    """A record from a later firmware (a rule field more, version 4) is not read as this one's
    fields shifted by a byte: a badge taken back to an older firmware says so (a mutant
    reading version 4 with 19 rule fields passed)."""
    m = played("fan_tan", 4, 77, moves=20)
    body = bytearray(save.encode(m)[4:-4])
    body.insert(len(FIELDS), 0)                 # the later version's new rule, off
    later = b"FT" + bytes((4, len(body))) + bytes(body) + crc_bytes(crc32(bytes(body)))
    with pytest.raises(save.SaveError, match="another version"):
        save.decode(later)


@pytest.mark.parametrize("version", (1, 2))
def test_a_record_of_a_version_before_the_last_rule_fields_loads(version):
    """Version 1 records (16 rule fields, before "8 before 6") and version 2 (17, before
    "Winner deals") are a game a badge updated mid-match still holds: they load, the new rules
    off, and save again as version 3."""
    m = played("fan_tan", 4, 77, moves=20)
    data = save.encode(m)
    assert data[2] == 3
    body = bytearray(data[4:-4])
    k = len(FIELDS)
    assert FIELDS[k - 2:] == ("up_first", "winner_deals") and body[k - 2:k] == b"\0\0"
    del body[15 + version:k]
    old = bytes(b"FT" + bytes((version, len(body)))) + bytes(body) + crc_bytes(crc32(bytes(body)))
    back, _ = save.decode(old)
    assert same(m, back) and back.rules.up_first == back.rules.winner_deals == 0
    assert save.encode(back) == data


@pytest.mark.parametrize("version", (1, 2))
def test_an_old_version_record_saved_on_a_results_page_loads_settled(version):
    """Older versions wrote the settled flag as 0 or 1: a 1 (the deal's results page) loads."""
    m = played("sevens", 4, 5)
    m.settle()
    body = bytearray(save.encode(m)[4:-4])
    del body[15 + version:len(FIELDS)]
    old = bytes(b"FT" + bytes((version, len(body)))) + bytes(body) + crc_bytes(crc32(bytes(body)))
    back, _ = save.decode(old)
    assert back.result == m.result and back.deals == 1 and same(m, back)


def _forged(key, change, players=None):
    m = Match(preset(key), 3, players)
    change(m)
    return save.encode(m)           # encode writes what it is given, with a good CRC


@pytest.mark.parametrize("key,change,players,why", [
    ("sevens", lambda m: (setattr(m, "players", 7), m.scores.extend([0] * 3),
                          m.start_chips.extend([0] * 3)), None, "bad table"),
    ("sevens", lambda m: m.scores.__setitem__(0, 5), None, "bad scores"),
    ("sevens", lambda m: (setattr(m, "deals", 1), m.scores.__setitem__(0, 5)), None,
     "bad scores"),                   # a deal settled, but points from nowhere: not zero-sum
    ("domino", lambda m: m.scores.__setitem__(1, -2), None, "bad scores"),
    ("parliament", lambda m: (setattr(m, "deals", 1), m.scores.__setitem__(1, -1)), None,
     "bad scores"),                   # a race only adds points: not even one below 0
    ("sevens", lambda m: (m.scores.__setitem__(0, 32767), m.scores.__setitem__(1, -32767)),
     None, "bad scores"),             # sums to 0, but before any deal was settled
    ("fan_tan", lambda m: m.start_chips.__setitem__(2, 99), None, "bad chips"),
    ("fan_tan", lambda m: m.start_chips.__setitem__(3, 99), None, "bad chips"),     # the last seat's too
    ("five_or_nine", lambda m: m.start_chips.__setitem__(4, 1), 5, "bad chips"),
    ("sevens", lambda m: m.start_chips.__setitem__(2, 1), None, "bad chips"),
    ("domino", lambda m: m.scores.__setitem__(1, 100), None, "the match was over"),
    ("fan_tan", lambda m: setattr(m, "deals", 10), None, "the match was over"),
    ("fan_tan", lambda m: (m.scores.__setitem__(0, -m.rules.chips), m.scores.__setitem__(1, m.rules.chips),
                           setattr(m, "deals", 1), m.start_chips.__setitem__(0, 0),
                           m.start_chips.__setitem__(1, 2 * m.rules.chips)),
     None, "the match was over"),            # a player out of chips
    ("fan_tan", lambda m: (m.scores.__setitem__(2, -m.rules.chips), m.scores.__setitem__(1, m.rules.chips),
                           setattr(m, "deals", 1), m.start_chips.__setitem__(2, 0),
                           m.start_chips.__setitem__(1, 2 * m.rules.chips)),
     None, "the match was over"),            # a player out of chips who is not seat 0
    ("sevens", lambda m: (m.scores.__setitem__(1, 5), m.scores.__setitem__(2, -5)), None,
     "bad scores"),                   # sums to 0 and seat 0 has none, but no deal was settled
    ("sevens", lambda m: setattr(m, "rules", m.rules.with_(target=5)), None,
     "bad rules: target out of range"),      # a rule set no deal can play, told why
])
def test_a_record_with_a_good_crc_but_an_impossible_match_is_refused(key, change, players, why):
    """A forged record (or one from a buggy encoder) never loads a state play cannot reach."""
    with pytest.raises(save.SaveError, match=why):
        save.decode(_forged(key, change, players))
    save.decode(_forged(key, lambda m: None))


def test_the_settled_byte_s_high_bits_count_deals_past_255():
    """The settled flag is bit 0; the bits above it are the deals' count past its low byte: a
    forged 8 in a match of 4 deals reads 1024 deals settled, a match already over."""
    from engine.crc import crc32, crc_bytes
    data = bytearray(save.encode(Match(preset("sevens"), 3)))
    size = len(data) - 8
    data[4 + len(preset("sevens").encode()) + 7] = 8         # rules, players, deal, dealer, deals
    data[4 + size:] = crc_bytes(crc32(bytes(data[4:4 + size])))
    with pytest.raises(save.SaveError, match="the match was over"):
        save.decode(bytes(data))
    old = bytearray(data)                                      # version 2 wrote only 0 or 1 there
    k = 4 + len(preset("sevens").encode()) - 1
    del old[k]                                                 # its 17 rule fields
    old[2:4] = bytes((2, size - 1))
    for flag in (2, 8):
        old[k + 7] = flag
        old[3 + size:] = crc_bytes(crc32(bytes(old[4:3 + size])))
        with pytest.raises(save.SaveError, match="bad table"):
            save.decode(bytes(old))


def finish(m):
    """Play m's deal out (first legal moves) and settle it."""
    g = m.game
    while not g.over:
        g.play(g.legal_moves()[0])
    return m.settle()


def test_the_deal_count_survives_a_save_on_the_results_page():
    """A game saved on a deal's results page comes back with that deal counted once: a 4-deal
    match still plays 4 deals, and its last results page loads."""
    m = Match(preset("sevens"), 11)           # 4 deals
    for k in range(4):
        finish(m)
        back, _ = save.decode(save.encode(m))
        assert back.deals == m.deals == k + 1
        assert back.over == m.over
        if not m.over:
            m.next_deal()
    assert m.over


@pytest.mark.parametrize("deal_number", (65536, 99999, 100003, 2 ** 30 - 1))
def test_a_deal_number_past_65535_comes_back(deal_number):
    """The badge offers deals up to 99,999 and a match goes on counting past it: the record
    keeps the deal number in four bytes, so a saved deal comes back as the same cards."""
    m = played("fan_tan", 4, deal_number, moves=12)
    back, _ = save.decode(save.encode(m))
    assert back.deal_number == deal_number and same(m, back)


def test_a_match_past_its_128th_deal_saved_mid_deal_comes_back_mid_deal():
    """The settled flag (bit 0) shares its byte with the deals' count past its low byte: a count
    of 128 to 255 must not spill its top bit into the flag, or a deal in play would come back
    as settled (and its unfinished log refused as illegal moves)."""
    rules = preset("fan_tan").with_(players=3, chips=250, deals=0, strategic_pass=0)
    for deals in (128, 200, 255, 383, 16389, 32767):        # (bit 14 is the flag byte's top bit)
        m = Match(rules, 5)
        m.deals = deals
        g = m.game
        for _ in range(6):
            g.play(g.legal_moves()[0])
        back, _ = save.decode(save.encode(m))
        assert back.deals == deals and back.result is None and same(m, back)


def test_a_record_with_a_good_crc_too_short_for_its_table_is_refused():
    """A body that ends inside the table bytes (deal number, dealer, counts, screen) or the
    players' scores and chips is refused, whatever its CRC says, not read past its end."""
    data = save.encode(Match(preset("sevens"), 3))
    k = len(preset("sevens").encode())
    for size in range(k + 9 + 4 * 4):       # rules, table, then 4 bytes a player
        body = data[4:4 + size]
        short = b"FT" + bytes((3, size)) + body + crc_bytes(crc32(body))
        with pytest.raises(save.SaveError, match="truncated|bad table"):
            save.decode(short)


def test_a_dealer_seat_past_the_table_is_refused():
    m = Match(preset("sevens"), 3)
    m.dealer = 4                               # seats are 0..3
    with pytest.raises(save.SaveError, match="bad table"):
        save.decode(save.encode(m))


@pytest.mark.parametrize("players,forged", ((4, 0), (3, 11), (4, 12), (3, 255)))
def test_a_table_of_no_players_is_refused(players, forged):
    """A forged body whose player count is 0 is no table, not read as a default one (a mutant
    taking 0 players for 4 loaded it); nor is a count past 7 read as its low bits (11 as 3)."""
    data = bytearray(save.encode(Match(preset("fan_tan"), 3, players)))
    data[4 + len(FIELDS)] = forged             # the players byte, after the rule fields
    body = bytes(data[4:-4])
    with pytest.raises(save.SaveError, match="bad table"):
        save.decode(bytes(data[:4]) + body + crc_bytes(crc32(body)))


def test_a_chip_player_down_to_one_chip_plays_on_after_a_reload():
    """Only an empty stack ends a chip match: one chip left at a deal's start is still a seat."""
    m = Match(preset("fan_tan"), 3)
    chips = m.rules.chips
    m.deals = 1
    m.scores[:] = [1 - chips, chips - 1, 0, 0]
    m.start_chips[:] = [1, 2 * chips - 1, chips, chips]
    back, _ = save.decode(save.encode(m))
    assert back.start_chips == [1, 2 * chips - 1, chips, chips] and not back.over


def test_large_scores_round_trip_with_their_sign():
    m = Match(preset("sevens").with_(deals=250), 3)
    m.deals = 1
    m.scores[:] = [20000, -17000, -3000, 0]
    back, _ = save.decode(save.encode(m))
    assert back.scores == m.scores
    m.scores[:] = [-32768, 32767, 1, 0]         # the ends of the two bytes a score has
    back, _ = save.decode(save.encode(m))
    assert back.scores == m.scores


@pytest.mark.parametrize("body", (249, 250))
def test_a_record_over_256_bytes_is_refused_when_written(body):
    m = Match(preset("sevens"), 3)
    k = len(preset("sevens").encode()) + 9 + 4 * 4
    m.game.log.extend(bytes(body - k))          # a body of 249 or 250 bytes: a record of 257 or 258
    with pytest.raises(save.SaveError, match="too long"):
        save.encode(m)


def test_a_record_of_exactly_256_bytes_is_written():
    """The limit is 256 bytes inclusive: a deal whose record comes to exactly 256 must still
    save, or the badge would refuse to save a game that fits."""
    m = Match(preset("sevens"), 3)
    k = len(preset("sevens").encode()) + 9 + 4 * 4
    m.game.log.extend(bytes(248 - k))          # a body of 248 bytes: a record of 256
    assert len(save.encode(m)) == 256


def test_an_opening_card_that_is_not_a_seven_is_refused():
    """A 7s opening set to open with a 2 would never start: refused as a rule set and in a save.
    Play or Pay opens with a seven too (the 7 of diamonds, or one New game picks)."""
    assert Rules(opener=card(CLUBS, 0)).problem() == "the opening card must be a seven"
    assert preset("play_or_pay").with_(opener=card(CLUBS, 0)).problem() == "the opening card must be a seven"
    assert preset("play_or_pay").with_(opener=card(CLUBS, 6)).problem() is None
    with pytest.raises(ValueError):
        Rules.decode(Rules(opener=card(CLUBS, 0)).encode())


def test_the_crc_is_zlib_s_crc32_whole_or_continued():
    """engine.crc (a table of 4-bit steps on 16-bit halves) gives zlib's CRC-32, also when a
    CRC continues from the CRC of what came before (as records do: head, then payload)."""
    import zlib
    from engine.crc import crc32
    r = random.Random(7)
    for n in list(range(40)) + [r.randrange(40, 600) for _ in range(60)]:
        data = bytes(r.randrange(256) for _ in range(n))
        hi, lo = crc32(data)
        assert hi << 16 | lo == zlib.crc32(data), data
        k = r.randrange(n + 1)
        assert crc32(data[k:], crc32(data[:k])) == (hi, lo)
