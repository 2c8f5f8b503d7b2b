"""One deal of Fan Tan: hands, rows, turns, passes and chips, all small ints.

    >>> from engine.rules import preset
    >>> g = Game(preset("sevens"), deal_number=42)
    >>> g.turn, g.legal_moves()     # player 3 holds the 7♦ (card 2 * 13 + 6), which opens Sevens
    (3, [32])
    >>> g.play(6)                   # their 7♠ is refused (reasons.OPENER_FIRST): nothing changes
    5
    >>> g.play(32), g.turn          # laid (0); player 0 has no card that fits, so passes at once
    (0, 1)
    >>> while not g.over:
    ...     _ = g.play(g.legal_moves()[0])
    >>> g.winner, g.counts          # who went out first, and the cards each still holds
    (3, [6, 5, 4, 0])

A player who cannot play is passed automatically, so `turn` always names a
player with a real decision. Illegal actions return a reason code and change
nothing (see engine.reasons).
"""
from engine.portable import const

from engine.cards import FULL, popcount, mask_value, lowest
from engine.rng import Rng
from engine import reasons as R
from engine.rules import (SEVENS, FIVE_OR_NINE, ANY_RANK, PLAY_OR_PAY, LEFT_OF_DEALER,
                          CHIPS, VALUES)

PASS = const(52)
LEAST = const(1)            # pass_cost bounds from the passer's own hand (see pass_cost)
MOST = const(2)
_FIVE_NINE = const(0x110)   # ranks 5 and 9


def deal_hands(deal_number, players, dealer, cut):
    """Deal the deck of a deal number one card at a time, left of the dealer first.

    Returns the hands as a list of players * 4 suit masks."""
    rng = Rng(deal_number)
    deck = bytearray(range(52))
    rng.shuffle(deck)
    if cut:
        c = 5 + rng.below(43)          # at least 5 cards in each part
        deck = deck[c:] + deck[:c]
    hands = [0] * (players * 4)
    seat = dealer
    for c in deck:
        seat = (seat + 1) % players
        hands[seat * 4 + c // 13] |= 1 << (c % 13)
    return hands


def first_dealer(deal_number, players):
    """The ceremony: cards face up, one each from seat 0, until a Jack.

    Returns (dealer, [card, ...]) with the cards in the order they were shown."""
    deck = bytearray(range(52))
    Rng(deal_number ^ 0x2A5).shuffle(deck)
    shown = []
    for i in range(52):
        shown.append(deck[i])
        if deck[i] % 13 == 10:
            return i % players, shown


class Game:
    """A deal. Public fields are read-only to callers; change them via play()."""

    def __init__(self, rules, deal_number=1, dealer=None, chips=None, players=None):
        n = players or rules.players
        self.rules = rules
        self.players = n
        self.deal_number = deal_number
        self.dealer = n - 1 if dealer is None else dealer
        b, t = rules.bottom_top()
        self._bottom = b
        self._top = t
        self._up = rules.up_first and rules.opening == SEVENS    # the 8 before the 6
        self.hands = deal_hands(deal_number, n, self.dealer, rules.ceremony)
        self.counts = [0] * n
        for p in range(n):
            self.counts[p] = self._count(p)
        self.dealt = self.counts[:]
        self.table = [0] * 4          # cards played, a mask per suit
        self.low = [-1] * 4           # rank index at each end, -1 if not open
        self.high = [-1] * 4
        self.fits = [0] * 4           # cards that fit now, a mask per suit
        self.void = [0] * (n * 4)     # cards each player is known not to hold
        self.last = [-1] * n          # each player's last action (card, PASS) or -1
        self.passes = [0] * n         # passes this deal
        self.forced = [0] * n         # of which automatic (nothing fitted)
        self.log = bytearray()
        self.chips = chips if chips is not None else [0] * n
        self._begin()

    def ante(self, p):
        """Player p's ante in a chip game: 1 chip, 2 if dealt a card fewer (000)."""
        return 2 if self.dealt[p] < max(self.dealt) else 1

    def _begin(self):
        """Start the deal from the hands as they are: an empty table, the ante in chip
        games, the first player. Resets in place (the bots' history replay reuses it)."""
        rules = self.rules
        n = self.players
        for s in range(4):
            self.table[s] = 0
            self.low[s] = -1
            self.high[s] = -1
        for i in range(n * 4):
            self.void[i] = 0
        for p in range(n):
            self.last[p] = -1
            self.passes[p] = 0
            self.forced[p] = 0
        self.start = -1               # rank fixed for starters, or -1
        self.current = -1             # play-or-pay: suit being built, or -1
        self.bonus = -1               # Coventry: suit of the 4th starter while its bonus is on
        self.opened = 0
        self.opener = rules.opener if rules.opener != LEFT_OF_DEALER else -1
        self.winner = -1
        self.pot = 0
        if rules.scoring == CHIPS:
            for p in range(n):
                self._pay(p, self.ante(p))
        self._update_fits()
        if self.opener >= 0:
            self.turn = self.holder(self.opener)
        else:
            self.turn = (self.dealer + 1) % n
            self._skip_forced()

    # ---- queries -------------------------------------------------------------
    @property
    def over(self):
        return self.winner >= 0

    def hand(self, p):
        """Player p's hand: four 13-bit masks."""
        return self.hands[p * 4:p * 4 + 4]

    def _count(self, p):
        h = self.hands
        i = p * 4
        return popcount(h[i]) + popcount(h[i + 1]) + popcount(h[i + 2]) + popcount(h[i + 3])

    def playable(self, suit):
        """Mask of the current player's cards of a suit that fit now (the deal not over)."""
        p = self.turn
        if self.opener >= 0:
            c = self.opener
            return self.hands[p * 4 + suit] & (1 << (c % 13)) if c // 13 == suit else 0
        if self.bonus == suit:
            return 0
        return self.hands[p * 4 + suit] & self.fits[suit]

    def can_play(self, p=-1):
        """True if player p (default: the current player) holds a card that fits now."""
        if p < 0:
            p = self.turn
        if self.winner >= 0:
            return False
        h = self.hands
        b = p * 4
        if self.opener >= 0:
            c = self.opener
            return bool(h[b + c // 13] >> (c % 13) & 1)
        f = self.fits
        for s in range(4):
            if h[b + s] & f[s] and s != self.bonus:
                return True
        return False

    def legal_moves(self):
        """The current player's legal actions: card ids, then PASS if allowed.

        PASS is offered only as a choice: a strategic pass the player can pay for, or
        declining the Coventry bonus. A player with no card that fits never gets a turn:
        the engine passes for them (counted in `forced`)."""
        moves = []
        if self.winner >= 0:
            return moves
        for s in range(4):
            m = self.playable(s)
            while m:
                r = lowest(m)
                moves.append(s * 13 + r)
                m &= m - 1
        if self.check(PASS) == R.OK:
            moves.append(PASS)
        return moves

    def starters(self):
        """Mask of ranks that may open an unopened suit now."""
        o = self.rules.opening
        if self.start >= 0:
            return 1 << self.start
        if o == FIVE_OR_NINE:
            return _FIVE_NINE
        if o == ANY_RANK or o == PLAY_OR_PAY:
            return FULL
        return 1 << 6

    def pass_cost(self, p=-1, bound=0):
        """Chips a pass costs player p now: (to the pot, [(player, chips), ...]).

        Who holds a gate card is hidden, so p knows only bounds: MOST counts each gate
        card p lacks as a holder of its own, LEAST one holder for a row's (negative ids).
        A strategic pass needs chips for the MOST."""
        if p < 0:
            p = self.turn
        if self.rules.scoring != CHIPS:
            return 0, []
        if self.bonus >= 0:
            return 0, []
        if not self.can_play(p):
            return 1, []
        gates = []
        start = 6 if self.rules.opening == SEVENS else self.start   # the 7, or the fixed rank
        if start >= 0 and self.rules.opening != PLAY_OR_PAY:
            for s in range(4):
                if not self.table[s] and self.hands[p * 4 + s] >> start & 1:
                    paid = p        # each holder once per starter: "aux joueurs qui détiennent" (000)
                    for r in self._neighbours(start):
                        holder = self.holder(s * 13 + r)
                        if bound and holder != p:       # hidden: one a row, or one a card
                            holder = -2 - r * (bound - 1)
                        if holder != p and holder != paid:
                            gates.append((holder, self.rules.gate_penalty))
                            paid = holder
        return self.rules.pass_pot, gates

    def pass_total(self, p=-1, bound=0):
        """All a strategic pass costs player p: the pot plus the gate penalties."""
        pot, gates = self.pass_cost(p, bound)
        for g in gates:
            pot += g[1]
        return pot

    def _neighbours(self, r):
        """Rank indexes next to rank r along a row (the 6 and 8 of a 7)."""
        out = []
        if r != self._bottom:
            out.append((r - 1) % 13)
        if r != self._top:
            out.append((r + 1) % 13)
        return out

    def holder(self, c):
        """Who holds card c, or -1 if it is on the table."""
        for p in range(self.players):
            if self.hands[p * 4 + c // 13] >> (c % 13) & 1:
                return p
        return -1

    def check(self, action, player=-1):
        """Reason code for this action by this player (default: whoever's turn it is)."""
        if self.winner >= 0:
            return R.DEAL_OVER
        if player >= 0 and player != self.turn:
            return R.NOT_YOUR_TURN
        p = self.turn
        if action == PASS:
            if self.bonus >= 0 or not self.can_play(p):
                return R.OK
            if not self.rules.strategic_pass or self.opener >= 0:
                return R.MUST_PLAY
            return R.OK if self.chips[p] >= self.pass_total(p, MOST) else R.NO_CHIPS
        if not isinstance(action, int) or not 0 <= action < 52:
            return R.NOT_A_CARD
        s = action // 13
        bit = 1 << (action % 13)
        if not self.hands[p * 4 + s] & bit:
            return R.NOT_IN_HAND
        if self.opener >= 0 and action != self.opener:
            return R.OPENER_FIRST
        if self.bonus == s:
            return R.BONUS_OTHER_ROW
        if self.fits[s] & bit:
            return R.OK
        if self.table[s]:
            if self._up and self.low[s] == self.high[s] == action % 13 + 1:
                return R.EIGHT_FIRST        # the 6 on a lone 7
            return R.NOT_AT_END
        if self.current >= 0:
            return R.FINISH_SUIT
        return R.NEEDS_STARTER

    # ---- actions -------------------------------------------------------------
    def play(self, action, player=-1):
        """Play a card id or PASS. Returns a reason code; OK means it was done."""
        why = self.check(action, player)
        if why != R.OK:
            return why
        self.log.append(action)
        p = self.turn
        if action == PASS:
            if self.bonus >= 0:         # a bonus card declined: no pass, the starter stays last
                self.bonus = -1
            else:
                pot, gates = self.pass_cost(p)
                self._pay(p, pot)
                for g in gates:
                    paid = min(g[1], self.chips[p])
                    self.chips[p] -= paid
                    self.chips[g[0]] += paid
                self.passes[p] += 1
                self.last[p] = PASS
            self._advance()
            return R.OK
        self._lay(p, action)
        if self.winner >= 0:
            self.bonus = -1             # the bonus card was the last: nothing pending
            return R.OK
        s = action // 13
        if self.rules.opening == PLAY_OR_PAY and self.table[s] == FULL:
            return R.OK                 # the 13th card: the same player starts the next suit
        if (self.rules.coventry and self.opened == 4 and self.table[s] == 1 << self.low[s]
                and self.bonus < 0):
            self.bonus = s
            if self.can_play(p):
                return R.OK             # the same player may lay a bonus card
        self.bonus = -1
        self._advance()
        return R.OK

    def _lay(self, p, c):
        s = c // 13
        r = c % 13
        self.hands[p * 4 + s] &= ~(1 << r)
        self.counts[p] -= 1
        self.last[p] = c
        self.opener = -1
        if not self.table[s]:
            self.opened += 1
            self.low[s] = self.high[s] = r
            if self.rules.opening == PLAY_OR_PAY:
                self.current = s
            elif self.start < 0 and self.rules.opening in (FIVE_OR_NINE, ANY_RANK):
                self.start = r
        elif self._is_high(s, r):
            self.high[s] = r
        else:
            self.low[s] = r
        self.table[s] |= 1 << r
        if self.current == s and self.table[s] == FULL:
            self.current = -1           # play-or-pay: the suit is done, any starter fits now
        self._update_fits()
        if not self.counts[p]:
            self.winner = p

    def _is_high(self, s, r):
        """True if rank r, which fits suit s, goes on the high end."""
        h = self.high[s]
        return self.rules.opening == PLAY_OR_PAY or (h != self._top and r == (h + 1) % 13)

    def _advance(self):
        self.turn = (self.turn + 1) % self.players
        self._skip_forced()

    def _skip_forced(self):
        """Pass for every player who cannot play, recording what they lack."""
        for _ in range(self.players):
            p = self.turn
            if self.can_play(p):
                return
            for s in range(4):
                self.void[p * 4 + s] |= self.fits[s]
            if self.rules.scoring == CHIPS:
                self._pay(p, 1)
            self.passes[p] += 1
            self.forced[p] += 1
            self.last[p] = PASS
            self.turn = (p + 1) % self.players
        raise RuntimeError("no player can move")

    def _pay(self, p, chips):
        paid = min(chips, self.chips[p])
        self.chips[p] -= paid
        self.pot += paid

    def _update_fits(self):
        st = self.starters()
        po = self.rules.opening == PLAY_OR_PAY
        up = self._up
        table = self.table
        low = self.low
        high = self.high
        for s in range(4):
            t = table[s]
            if t == FULL:
                m = 0
            elif not t:
                m = 0 if po and self.current >= 0 else st
            elif po:
                m = 1 << ((high[s] + 1) % 13)
            else:
                m = 0
                # (up_first: the 6 on a lone 7 only once the 8 is laid)
                if low[s] != self._bottom and not (up and low[s] == high[s]):
                    m |= 1 << ((low[s] - 1) % 13)
                if high[s] != self._top:
                    m |= 1 << ((high[s] + 1) % 13)
            self.fits[s] = m

    def view(self, p):
        """Player p's information view (see engine.view)."""
        from engine.view import View
        return View(self, p)

    def load(self, view, hands, log=None):
        """Become the deal a view describes, with `hands` (players * 4 masks) as the
        hidden hands: a determinization for search. Reuses this object's lists; the
        deal records into `log` (default: a new bytearray; a search passes one that
        keeps nothing, so loading allocates nothing)."""
        from engine.view import LISTS, SCALARS
        if view.players != self.players or view.rules != self.rules:
            raise ValueError("view of another table")
        for i in range(self.players * 4):
            self.hands[i] = hands[i]
        for name in LISTS:
            mine = getattr(self, name)
            theirs = getattr(view, name)
            for i in range(len(theirs)):
                mine[i] = theirs[i]
        for name in SCALARS:
            setattr(self, name, getattr(view, name))
        self.log = bytearray() if log is None else log

    # ---- end of deal ---------------------------------------------------------
    def penalty(self, p):
        """What player p owes for the cards left: 1 per card, their values, or their pips."""
        if self.rules.penalty:
            h = self.hands
            b = p * 4
            most = 13 if self.rules.penalty == VALUES else 10
            return (mask_value(h[b], most) + mask_value(h[b + 1], most) + mask_value(h[b + 2], most)
                    + mask_value(h[b + 3], most))
        return self.counts[p]

    def penalties(self):
        """What each player owes for the cards left."""
        return [self.penalty(p) for p in range(self.players)]

    @staticmethod
    def replay(rules, deal_number, dealer, log, chips=None, players=None):
        """Rebuild a deal from its log; ValueError if an action is illegal."""
        g = Game(rules, deal_number, dealer, chips, players)
        for a in log:
            if g.play(a) != R.OK:
                raise ValueError("illegal action in log")
        return g
