"""Cross-runtime check: the same deals give the same hash on every Python.

    import engine.selftest as s; s.main([1, 2, 3])
prints `selftest: <N> deals, hash <hex>`.
"""
from engine.rules import PRESETS, preset
from engine.match import Match
from engine.crc import crc32, hex32

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


def main(deal_numbers=DEALS):
    count, crc = run(deal_numbers)
    print("selftest: %d deals, hash %s" % (count, hex32(crc)))
