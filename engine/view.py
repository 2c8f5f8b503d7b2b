"""A player's information view: everything that player may know, and nothing else.

Bots only ever receive a View. It holds the player's own hand, the table, every
player's card count, what each forced pass proved, and the chips.
"""
from engine.cards import FULL


class View:
    """What player `me` knows about a Game."""

    def __init__(self, game, me):
        n = game.players
        self.rules = game.rules
        self.players = n
        self.me = me
        self.turn = game.turn
        self.dealer = game.dealer
        self.deal_number = game.deal_number
        self.hand = game.hand(me)
        self.table = game.table[:]
        self.low = game.low[:]
        self.high = game.high[:]
        self.fits = game.fits[:]
        self.counts = game.counts[:]
        self.dealt = game.dealt[:]
        self.void = game.void[:]
        self.last = game.last[:]
        self.passes = game.passes[:]
        self.chips = game.chips[:]
        self.pot = game.pot
        self.start = game.start
        self.current = game.current
        self.bonus = game.bonus
        self.opened = game.opened
        self.opener = game.opener
        self.winner = game.winner
        self.plies = len(game.log)

    def unseen(self, suit):
        """Cards of a suit in other players' hands."""
        return FULL & ~self.table[suit] & ~self.hand[suit]
