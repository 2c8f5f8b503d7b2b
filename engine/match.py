"""A match: deals in a row, the dealer moving one seat each deal (or the winner dealing), and
the scores.

    >>> from engine.rules import preset
    >>> m = Match(preset("fan_tan"), deal_number=7)
    >>> m.players, m.game.chips             # 50 chips each, less the deal's ante
    (4, [49, 49, 49, 49])
    >>> g = m.game
    >>> while not g.over:
    ...     _ = g.play(g.legal_moves()[0])
    >>> m.settle()                          # what each player won or paid this deal
    [-5, 17, -7, -5]
    >>> m.over, m.chips
    (False, [45, 67, 43, 45])
    >>> m.next_deal()
    >>> m.deal_number, m.dealer             # the next deal, dealt by the next seat
    (8, 1)
"""
from engine.game import Game, first_dealer
from engine.rules import RACE, CHIPS


class Match:
    """Scores (ZERO_SUM, RACE) or chip stacks (CHIPS) across deals."""

    def __init__(self, rules, deal_number=1, players=None, dealer=None):
        n = players or rules.players
        why = rules.with_(players=n).problem()     # a rule set no deal can play, told why
        if why:
            raise ValueError(why)
        self.rules = rules
        self.players = n
        self.deal_number = deal_number
        self.deals = 0                      # deals settled
        self.scores = [0] * n
        self.chips = [rules.chips if rules.scoring == CHIPS else 0] * n
        if dealer is None:
            dealer = n - 1                  # so seat 0 sits left of the dealer
            if rules.ceremony:              # its face-up cards: first_dealer again (the rules page)
                dealer = first_dealer(deal_number, n)[0]
        self.dealer = dealer
        self._start()

    def _start(self):
        self.start_chips = self.chips[:]
        self.game = Game(self.rules, self.deal_number, self.dealer, self.chips, self.players)
        self.result = None                  # the last settled deal's changes

    def settle(self):
        """Score the finished deal once; returns each player's change this deal."""
        g = self.game
        if not g.over:
            raise ValueError("the deal is not over")
        if self.result is not None:
            return self.result
        pen = g.penalties()
        n = self.players
        if self.rules.scoring == CHIPS:
            for p in range(n):
                g._pay(p, pen[p])
            self.chips[g.winner] += g.pot
            g.pot = 0
            delta = [self.chips[p] - self.start_chips[p] for p in range(n)]
        elif self.rules.scoring == RACE:
            delta = pen
        else:
            delta = [-x for x in pen]
            delta[g.winner] = sum(pen)
        for p in range(n):
            self.scores[p] += delta[p]
        self.deals += 1
        self.result = delta
        return delta

    @property
    def over(self):
        """True once the match has ended (only after a settled deal)."""
        if self.result is None:
            return False
        r = self.rules
        return bool(r.deals and self.deals >= r.deals or self.enders())

    def enders(self):
        """The seats that end the match: at or past the points target (RACE) or out of chips
        (CHIPS); none where only the number of deals can end it."""
        r = self.rules
        if r.scoring == RACE:
            return [p for p in range(self.players) if self.scores[p] >= r.target]
        if r.scoring == CHIPS:
            return [p for p in range(self.players) if self.chips[p] == 0]
        return []

    def standings(self):
        """The totals that decide the match: chips or scores."""
        return self.chips if self.rules.scoring == CHIPS else self.scores

    def leaders(self):
        """Seats currently winning the match (lowest total in RACE, highest otherwise)."""
        t = self.standings()
        best = min(t) if self.rules.scoring == RACE else max(t)
        return [p for p in range(self.players) if t[p] == best]

    def next_deal(self):
        """Start the next deal: the dealer moves one seat to the left, or the winner deals."""
        if self.result is None or self.over:
            raise ValueError("settle a deal of a running match first")
        self.dealer = self.game.winner if self.rules.winner_deals else (self.dealer + 1) % self.players
        self.deal_number += 1
        self._start()

    def resume(self, log):
        """Replay the current deal's log from its start (used when loading a save)."""
        self.chips[:] = self.start_chips
        self.game = Game.replay(self.rules, self.deal_number, self.dealer, log,
                                self.chips, self.players)
