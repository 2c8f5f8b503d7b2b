"""Engine checks that run unchanged on CPython and on the official MicroPython.

Run under MicroPython by tests/test_micropython.py (node tools/mpy_run.mjs) and
imported by pytest on CPython. Prints `portable checks: N passed` at the end.
"""
from engine.cards import FULL, card, DIAMONDS, popcount, lowest
from engine.rng import Rng
from engine.rules import PRESETS, preset, CHIPS, ZERO_SUM
from engine.game import Game, PASS
from engine.match import Match
from engine import reasons as R


def check_invariants(g, start_total):
    """Cards conserved, rows contiguous, chips conserved."""
    for s in range(4):
        seen = g.table[s]
        for p in range(g.players):
            h = g.hands[p * 4 + s]
            assert not (h & seen), "a card is in two places"
            seen |= h
        assert seen == FULL, "a card went missing"
    for p in range(g.players):
        assert g.counts[p] == g._count(p)
    assert sum(g.chips) + g.pot == start_total, "chips not conserved"


def play_deal(rules, deal_number, players, rng):
    """A random deal with all checks; returns (match, deltas)."""
    m = Match(rules, deal_number, players)
    g = m.game
    total = sum(m.start_chips)
    check_invariants(g, total)
    steps = 0
    while not g.over:
        moves = g.legal_moves()
        assert moves, "the player to move has no legal action"
        a = moves[rng.below(len(moves))]
        able = g.can_play()
        p = g.turn
        before = g.chips[p]
        bonus = g.bonus >= 0
        assert g.play(a) == R.OK
        if a == PASS and able and not bonus:
            assert rules.strategic_pass and g.chips[p] < before, "an unpenalised pass while able"
        check_invariants(g, total)
        steps += 1
        assert steps < 400, "the deal does not end"
    delta = m.settle()
    if rules.scoring == ZERO_SUM or rules.scoring == CHIPS:
        assert sum(delta) == 0, "not zero-sum"
    again = Game.replay(rules, deal_number, m.dealer, g.log, m.start_chips[:], players)
    assert again.hands == g.hands and again.table == g.table and again.winner == g.winner
    assert again.void == g.void and again.passes == g.passes and again.forced == g.forced
    for p in range(players):
        assert g.forced[p] <= g.passes[p]
        if not rules.strategic_pass:
            assert g.forced[p] == g.passes[p]
    return m, delta


def check_random_deals(deals_per_size=3):
    rng = Rng(2024)
    n = 0
    for key in PRESETS:
        rules = preset(key)
        for players in range(rules.min_players, rules.max_players + 1):
            for d in range(deals_per_size):
                play_deal(rules, 1000 + d * 7 + players, players, rng)
                n += 1
    return n


def check_same_cards_everywhere():
    # Fixed values pin the RNG: these must match on every runtime.
    r = Rng(1)
    assert [r.next16() for _ in range(3)] == [40855, 58626, 57154]
    r = Rng(123456789)          # a seed past 16 bits: its high half seeds the high word
    assert [r.next16() for _ in range(3)] == [500, 9910, 21528]
    r = Rng(6257)               # state halves 0x9E37 and 0x61C8 share no bit: not an all-zero state
    assert [r.next16() for _ in range(3)] == [42182, 48399, 44953]
    r = Rng(0x9E3779B9)         # past 2**30, the one seed zeroing both halves: set off zero, not stuck there
    assert [r.next16() for _ in range(3)] == [9650, 6649, 30599]
    r = Rng(0x79B9)             # deal 31161 zeroes the low half only: a live state, left as it is
    assert [r.next16() for _ in range(3)] == [28193, 12594, 57138]
    deck = Game(preset("sevens"), 42).hands
    assert deck == [17, 3122, 1, 2332, 1192, 0, 6792, 1665,
                    4354, 4681, 6, 4130, 2628, 388, 1392, 64]
    assert sum([popcount(m) for m in deck]) == 52
    cut = Game(preset("fan_tan"), 43).hands     # a cut deck: the shuffle's draws, then the cut's
    assert cut == [1088, 6411, 64, 2089, 141, 52, 2212, 516,
                   6960, 128, 5144, 1152, 2, 1600, 771, 4434]


def check_illegal_changes_nothing():
    g = Game(preset("sevens"), 5)
    before = (g.hands[:], g.table[:], g.turn, bytes(g.log))
    other = (g.turn + 1) % 4
    assert g.play(card(DIAMONDS, 6), other) == R.NOT_YOUR_TURN
    assert g.play(PASS) == R.MUST_PLAY
    assert g.play(99) == R.NOT_A_CARD
    h = g.hand(g.turn)
    for s in range(4):
        for r in range(13):
            c = card(s, r)
            if h[s] >> r & 1 and c != card(DIAMONDS, 6):
                assert g.play(c) == R.OPENER_FIRST
    assert (g.hands[:], g.table[:], g.turn, bytes(g.log)) == before


def check_save_round_trip():
    from engine import save
    m, _ = play_deal(preset("fan_tan"), 77, 4, Rng(9))
    back, screen = save.decode(save.encode(m, 5))
    assert screen == 5 and back.scores == m.scores and back.chips == m.chips
    assert back.game.hands == m.game.hands and back.game.log == m.game.log
    bad = bytearray(save.encode(m))
    bad[10] ^= 4
    try:
        save.decode(bytes(bad))
        assert False, "a damaged record loaded"
    except save.SaveError:
        pass
    from engine.crc import crc32, crc_bytes
    assert crc32(b"123456789") == (0xCBF4, 0x3926)     # zlib's check value, 0xCBF43926
    assert crc32(b"56789", crc32(b"1234")) == (0xCBF4, 0x3926)
    assert crc_bytes((0xCBF4, 0x3926)) == b"\xcb\xf4\x39\x26"      # big-endian, as records keep it
    assert crc_bytes((0x80FF, 0xFF80)) == b"\x80\xff\xff\x80"      # every byte's top bit kept


def check_a_flag_may_be_true():
    """A rule flag given as True (with_(ace_high=True)) is the 1 it equals on every runtime:
    MicroPython's bool is no int, and its Rules.problem() refused what CPython played."""
    from engine import save
    for key, flag in (("sevens", "up_first"), ("fan_tan", "ace_high"), ("domino", "winner_deals")):
        r = preset(key).with_(**{flag: True})
        assert r.problem() is None, r.problem()
        a, _ = play_deal(r, 12, r.players, Rng(3))
        b, _ = play_deal(preset(key).with_(**{flag: 1}), 12, r.players, Rng(3))
        assert a.game.log == b.game.log and a.scores == b.scores
        assert save.decode(save.encode(a))[0].rules == r


def check_mask_tables():
    """popcount and lowest read byte tables: every 13-bit mask counts its cards and finds its
    lowest rank, whatever the runtime does with a bytes literal."""
    for m in range(FULL + 1):
        n = 0
        low = -1
        for r in range(13):
            if m >> r & 1:
                n += 1
                if low < 0:
                    low = r
        assert popcount(m) == n, m
        if m:
            assert lowest(m) == low, m


def main():
    n = check_random_deals()
    check_same_cards_everywhere()
    check_illegal_changes_nothing()
    check_save_round_trip()
    check_mask_tables()
    check_a_flag_may_be_true()
    import sys
    print("portable checks on %s: %d passed" % (sys.implementation.name, n + 5))


if __name__ == "__main__":
    main()
