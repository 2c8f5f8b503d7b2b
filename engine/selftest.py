"""Cross-runtime check: the same deals give the same hash on every Python.

    import engine.selftest as s; s.main([1, 2, 3])
prints `selftest: <N> deals, hash <hex>`.
"""
from engine.rules import PRESETS, preset
from engine.match import Match
from engine.crc import crc32

DEALS = (1, 2, 3, 17, 99, 1234, 65535, 99999)


def first_legal(game):
    """A simple deterministic policy: the move the deal number and ply pick."""
    moves = game.legal_moves()
    return moves[(game.deal_number + len(game.log)) % len(moves)]


def run(deal_numbers=DEALS, policy=first_legal):
    """Play every preset at every table size over the deal numbers; (deals, crc)."""
    crc = (0, 0)
    count = 0
    for key in PRESETS:
        rules = preset(key)
        for n in range(rules.min_players, rules.max_players + 1):
            for d in deal_numbers:
                m = Match(rules, d, n)
                g = m.game
                while not g.over:
                    g.play(policy(g))
                delta = m.settle()
                crc = crc32(g.log, crc)
                crc = crc32(bytes([g.winner] + [x & 0xFF for x in delta]), crc)
                count += 1
    return count, crc


BOT_DEALS = (5, 6)
BOT_BUDGET = 150      # a small Hard budget: the same code paths, a short run


def run_bots(deal_numbers=BOT_DEALS, crc=(0, 0)):
    """Easy, Medium and Hard bots play every preset; (deals, crc) continued from crc."""
    from engine import bots
    count = 0
    for key in PRESETS:
        rules = preset(key)
        n = rules.players
        for d in deal_numbers:
            seats = [bots.Bot((p + d) % 3, BOT_BUDGET) for p in range(n)]
            m = Match(rules, d, n)
            g = m.game
            while not g.over:
                p = g.turn
                g.play(seats[p].choose(g.view(p), d * 1000 + len(g.log)))
            delta = m.settle()
            crc = crc32(g.log, crc)
            crc = crc32(bytes([g.winner] + [x & 0xFF for x in delta]), crc)
            count += 1
    return count, crc


def main(deal_numbers=DEALS):
    count, crc = run(deal_numbers)
    extra, crc = run_bots(BOT_DEALS, crc)
    count += extra
    print("selftest: %d deals, hash %04x%04x" % (count, crc[0], crc[1]))
