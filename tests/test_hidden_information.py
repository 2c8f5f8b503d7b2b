"""What a player may do, and what it costs, never depends on cards they cannot see: deals that
differ only in hidden cards must offer the same (the paid pass was once priced from who held
the gate cards), and a paid pass must not look like a forced one at the table."""
import pytest

from engine.game import Game, LEAST, MOST
from engine.rules import PRESETS, preset, CHIPS
from engine.rng import Rng


def test_a_paid_pass_never_costs_what_a_forced_pass_costs():
    """A forced pass costs 1 chip and proves the passer holds no card that fits (the view's
    `void`, `forced`, and its log, which records the paid passes only); a paid pass costing
    the same would look the same at the table, and the view would still tell them apart.
    Every rule set that may be played makes a paid pass cost more."""
    for pot in range(10):
        for gate in (0, 3):
            r = preset("fan_tan").with_(pass_pot=pot, gate_penalty=gate)
            assert (r.problem() is None) == (pot >= 2), r     # each paid pass of 2 or more is played


def _reshuffled(g, me, rng):
    """The hands of a deal me's view cannot tell from g's: me's own kept, every other card in
    a hand dealt anew with the counts kept, away from whoever a forced pass proved lacks it."""
    n = g.players
    hidden = [x for x in range(52) if not g.table[x // 13] >> (x % 13) & 1
              and not g.hands[me * 4 + x // 13] >> (x % 13) & 1]
    for _ in range(50):
        cap = [0 if q == me else g.counts[q] for q in range(n)]
        h = [g.hands[i] if i // 4 == me else 0 for i in range(n * 4)]
        order = sorted(hidden, key=lambda x: (sum(1 for q in range(n) if g.void[q * 4 + x // 13]
                                                  >> (x % 13) & 1), rng.below(1000)),
                       reverse=True)
        for x in order:
            can = [q for q in range(n) if cap[q] and not g.void[q * 4 + x // 13] >> (x % 13) & 1]
            if not can:
                break
            q = can[rng.below(len(can))]
            h[q * 4 + x // 13] |= 1 << (x % 13)
            cap[q] -= 1
        else:
            return h
    return None


@pytest.mark.parametrize("key", PRESETS)
def test_what_a_player_may_do_and_pay_is_the_same_in_every_deal_their_view_allows(key):
    """In every preset and table size, at every decision: the legal moves, the reason for every
    action and the bounds of a paid pass's price are the same with the hidden cards dealt anew
    (a guard: the audit that found the paid-pass price compared 117,000 positions so)."""
    rules = preset(key)
    rng = Rng(7)
    compared = 0
    for n in range(rules.min_players, rules.max_players + 1):
        for d in range(2):
            g = Game(rules, 100 * n + d, chips=[20] * n, players=n)
            while not g.over:
                p = g.turn
                if rules.scoring == CHIPS:
                    for q in range(n):
                        g.chips[q] = rng.below(14)
                want = (g.legal_moves(), [g.check(a) for a in range(53)],
                        g.pass_total(p, LEAST), g.pass_total(p, MOST))
                h = _reshuffled(g, p, rng)
                if h is not None:
                    other = Game(rules, 1, g.dealer, [0] * n, n)
                    other.load(g.view(p), h)
                    assert (other.legal_moves(), [other.check(a) for a in range(53)],
                            other.pass_total(p, LEAST), other.pass_total(p, MOST)) == want
                    compared += 1
                moves = g.legal_moves()
                g.play(moves[rng.below(len(moves))])
    assert compared > 20 * (rules.max_players - rules.min_players + 1), compared     # compared, not skipped
