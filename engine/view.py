"""A player's information view: everything that player may know, and nothing else.

Bots only ever receive a View. It holds the player's own hand, the table, every
player's card count, what each forced pass proved, and the chips.
"""
from engine.cards import FULL


# What a view copies from a deal; Game.load copies it back.
LISTS = ("table", "low", "high", "fits", "counts", "dealt", "void", "last", "passes", "forced",
         "chips")
SCALARS = ("turn", "dealer", "deal_number", "pot", "start", "current", "bonus", "opened",
           "opener", "winner")


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
        self.plies = len(game.log)

    def unseen(self, suit):
        """Cards of a suit in other players' hands."""
        return FULL & ~self.table[suit] & ~self.hand[suit]
