"""A player's information view: everything that player may know, and nothing else.

Bots only ever receive a View. It holds the player's own hand, the table, every
player's card count, what each forced pass proved, and the chips, and the deal's
public history: `log` (every action in order, as everyone at the table saw it) and
`by` (who laid each card on the table; 255 for a card not on the table).
"""

# What a view copies from a deal; Game.load copies it back.
LISTS = ("table", "low", "high", "fits", "counts", "dealt", "void", "last", "passes", "forced",
         "chips")
# Not the deal number: the deal is made from it, so it would tell every hand.
SCALARS = ("turn", "dealer", "pot", "start", "current", "bonus", "opened", "opener", "winner")


class View:
    """What player `me` knows about a Game: its public state and `hand`."""

    def __init__(self, game, me):
        self.rules = game.rules
        self.players = game.players
        self.me = me
        self.hand = game.hand(me)
        for name in LISTS:
            setattr(self, name, getattr(game, name)[:])
        for name in SCALARS:
            setattr(self, name, getattr(game, name))
        self.log = bytes(game.log)
        self.by = _layers(game)


def _layers(game):
    """Who laid each card now on the table (public: everyone saw it), 255 elsewhere."""
    from engine.game import deal_hands
    by = bytearray(b"\xff" * 52)
    if not game.log:
        return by
    n = game.players
    start = deal_hands(game.deal_number, n, game.dealer, game.rules.ceremony)
    for s in range(4):
        t = game.table[s]
        for r in range(13):
            if t >> r & 1:
                for q in range(n):
                    if start[q * 4 + s] >> r & 1:
                        by[s * 13 + r] = q
    return by
