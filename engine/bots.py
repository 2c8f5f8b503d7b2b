"""Computer opponents: Easy (random), Medium (heuristics), Hard (determinized playouts).

A bot only ever receives a player's View (engine.view) and a seed; the same view and
seed always give the same action, on every Python.

    >>> from engine.rules import preset
    >>> from engine.game import Game
    >>> g = Game(preset("sevens"), deal_number=10)
    >>> _ = g.play(32)                                  # the 7♦
    >>> view = g.view(g.turn)                           # player 1's: their 7♠, 7♥ and 6♦ fit
    >>> g.legal_moves()
    [6, 19, 31]
    >>> [choose(view, 1, level) for level in (EASY, MEDIUM, HARD)]     # one shot each
    [19, 31, 6]
    >>> bot = Bot(HARD)                                 # or in steps, so the UI animates:
    >>> bot.start(view, 1)
    >>> while not bot.step(400):
    ...     pass                                        # (draw a frame)
    >>> bot.choice
    6

Every decision a rule set allows is an ordinary legal action: opening rank (which
starter), strategic PASS, the Coventry bonus (PASS declines), the next suit's first
card in play-or-pay.

Medium and Hard score each card by the same features (card_score); they differ in
the weights. Medium's follow the known strategy. Hard's, on Sevens rows, were
learned offline from playouts with the true hands (tools/distill.py), then tuned on
the win rate of whole deals (tools/tune.py).

Hard's candidates are its best-scored moves. It samples the hidden hands consistently
with the view (own hand, table, counts, what each forced pass proved) and, among
PROPOSALS such deals, prefers the ones that best explain the opponents' past choices
(the view's public history: `log`, `by`). Then it plays every candidate out to the end
of the deal with a fast policy on one reused scratch Game, and keeps the best average.
Its work is counted in plies (HARD_BUDGET): the single setting the badge uses as is.
"""
from engine.portable import const
from engine.cards import FULL, popcount, lowest, _POP
from engine.game import Game, PASS, MOST
from engine.rng import Rng
from engine.rules import SEVENS, PLAY_OR_PAY, FIVE_OR_NINE, ANY_RANK, CHIPS, RACE
from engine.reasons import OK
from engine.levels import EASY, MEDIUM, HARD

# Hard's work budget per decision, in playout plies (plus _SAMPLE_COST per sampled deal).
HARD_BUDGET = const(500)
_SAMPLE_COST = const(8)
_CANDIDATES = const(4)     # Hard plays out at most this many of its best-scored moves
_WIN_BONUS = const(4)      # added to a playout's score when the bot goes out first
MARGIN = 2                # quarter-points per playout another move must gain over the best-scored
NOISE = const(7)          # playout policy: random tie-break, 0..NOISE (scores are x4; 2**k - 1)
PROPOSALS = const(4)      # hidden deals drawn per determinization; one kept by likelihood
_MAXREC = const(64)        # opponents' past choices remembered for the likelihood
DEFICIT_CAP = const(64)   # one past choice counts at most this much against a deal
_LIK_SHIFT = const(4)     # a deal's weight halves per 2**_LIK_SHIFT of total deficit
_EASY_WHIM = const(8)     # Easy offers itself a paid pass one time in this many
_POP_NEAR = const(16)     # Play or Pay: how close to the best score a card Hard plays out


# ---- Medium and Hard: a score per move, from features of the card ----------------

def _walk(view, s, r, step, stop):
    """Cards of suit s beyond rank r, stepping by +-1 until rank `stop` (a row's laid cards
    are one run: none lies on the way).

    Returns (mine, others, first, reach): first is 1 if the next card is mine, -1 if
    another player holds it, 0 if the row ends there; reach is how many steps away
    my farthest card lies."""
    mine = others = reach = 0
    first = 0
    hand = view.hand[s]
    k = 0
    while r != stop:
        r = (r + step) % 13
        k += 1
        if hand >> r & 1:
            mine += 1
            reach = k
            if k == 1:
                first = 1
        else:
            others += 1
            if k == 1:
                first = -1
    return mine, others, first, reach


def _danger(view, c):
    """How much giving card c to the others hurts: more when one of its possible
    holders (by the passes they made) is close to going out."""
    s = c // 13
    bit = 1 << (c % 13)
    low = 99
    for q in range(view.players):
        if q == view.me or not view.counts[q] or view.void[q * 4 + s] & bit:
            continue
        if view.counts[q] < low:
            low = view.counts[q]
    if low == 99:
        return 0          # nobody can use it
    if low <= 2:
        return 5
    if low <= 4:
        return 3
    return 2


# A card's features, each weighed per phase of the hand (3 cards or fewer: the race
# for tempo; 4 to 6; 7 or more):
#   mine, others: my cards / the others' unplayed cards beyond it along its row;
#   chain: the next card is mine (in play-or-pay, a suit's first card 4 more when its
#   last card is mine: laying that, I start the next suit); danger: the next card helps
#   someone close to out;
#   starter: it opens a row; reach: steps to my farthest card beyond it;
#   end: it is the last card of its row; control: (five-or-nine, any rank) my other
#   suits' cards of this rank, which become starters too.
# Medium weighs them by the known strategy. Hard's Sevens weights are a regression of
# playout results on these features over 47,000 Sevens decisions (python -m
# tools.distill), in 1/1000ths of a win, then moved to win more whole deals (python -m
# tools.tune, three rounds). The number at NEAR_AT is how close to the best score a
# move must be for Hard to play it out.
NEAR_AT = const(24)
MEDIUM_WEIGHTS = (4, 0, 2, 0, 0, 0, 0, 1,
                  8, -1, 2, -1, 0, 0, 0, 1,
                  8, -1, 2, -1, 0, 0, 0, 1, 4)
SEVENS_WEIGHTS = (109, -6, -332, -73, 196, -6, -216, 0,
                  15, -20, -16, -7, 162, 25, -5, 0,
                  -15, -31, 8, -14, 149, 50, -8, 0, 10)


def weights(level, rules):
    """The card weights a level plays by: Hard's learned ones where they were learned
    (sevens rows and no pass to choose), Medium's elsewhere."""
    if level == HARD and rules.opening == SEVENS and not rules.strategic_pass:
        return SEVENS_WEIGHTS
    return MEDIUM_WEIGHTS


def phase(hand):
    """The phase of a hand that picks its row of weights: 0 with 3 cards or fewer (the
    race for tempo), 1 with 4 to 6, 2 with 7 or more."""
    n = _count(hand)
    return 0 if n <= 3 else (1 if n <= 6 else 2)


def card_score(view, c, w=MEDIUM_WEIGHTS):
    """The integer score of laying card c under weights w (higher is better)."""
    s = c // 13
    r = c % 13
    rules = view.rules
    bottom, top = rules.bottom_top()
    ph = phase(view.hand) * 8
    pop = rules.opening == PLAY_OR_PAY
    up = rules.up_first and rules.opening == SEVENS
    mine = others = chain = danger = reach = end = starter = control = 0
    held = 0        # (8 before 6) the side whose next card waits for the 8: it opens nothing yet
    f = r           # where the walk down starts: a lone 7's rank when the 8 opens its 6 side
    if not view.table[s]:
        # a starter: it opens its row (both ways, or upward all round in play-or-pay)
        starter = 1
        if pop:
            dirs = ((1, (r + 12) % 13),)
        else:
            dirs = ((-1, bottom), (1, top))
            held = up
        if view.start < 0 and rules.opening in (FIVE_OR_NINE, ANY_RANK):
            # this rank becomes every suit's starter: holding more of them is control
            for t in range(4):
                if t != s and view.hand[t] >> r & 1:
                    control += 1
    elif pop:
        dirs = ((1, (view.low[s] + 12) % 13),)
    elif view.high[s] != top and r == (view.high[s] + 1) % 13:
        dirs = ((1, top),)
        if up and view.low[s] == view.high[s] and w is not SEVENS_WEIGHTS:
            # the 8 on a lone 7 opens its 6 too: a gate to all weights but Hard's learned ones
            # (Medium's, and order_moves' race tie-break); counting it, the learned weights
            # won 1.1 and 1.5 points less against Easy (docs/strength.md)
            dirs = ((1, top), (-1, bottom))
            f = view.low[s]
    else:
        dirs = ((-1, bottom),)
    for d in dirs:
        at = r if d[0] > 0 else f
        if at == d[1]:
            end += 1
        m, o, first, far = _walk(view, s, at, d[0], d[1])
        mine += m
        others += o
        if far > reach:
            reach = far
        if held and d[0] < 0:
            continue
        if first > 0:
            chain += 1
        elif first < 0:
            danger += _danger(view, s * 13 + (at + d[0]) % 13)
        if pop and starter and view.hand[s] >> d[1] & 1:
            chain += 4      # the suit's last card is mine too: laying it, I start the next suit
    return (w[ph] * mine + w[ph + 1] * others + w[ph + 2] * chain + w[ph + 3] * danger
            + w[ph + 4] * starter + w[ph + 5] * reach + w[ph + 6] * end + w[ph + 7] * control)


def _count(hand):
    return popcount(hand[0]) + popcount(hand[1]) + popcount(hand[2]) + popcount(hand[3])


def pass_score(view, cost, n=1):
    """The score for PASS, on Medium's scale (Hard's too): declining a Coventry bonus, or
    a strategic pass that may cost up to `cost` chips in all. A pass holds back the cards
    the others wait for: for the first n paid passes of a deal it scores just its cost,
    so it beats a card that opens more for the others than for the player, while half
    the starting chips stay, and while someone else may still lay a card: where the
    forced passes prove nobody can, as in play-or-pay while only the player holds the
    next card, it would only feed the pot."""
    if view.bonus >= 0:
        return -6
    if _count(view.hand) <= 3:
        return -100
    me = view.me
    if view.passes[me] - view.forced[me] < n and 2 * (view.chips[me] - cost) >= view.rules.chips:
        for q in range(view.players):
            for s in range(4):
                if q != me and view.fits[s] & ~view.hand[s] & ~view.void[q * 4 + s]:
                    return -cost
    return -10 - 2 * cost


def order_moves(view, moves, cost=0, want_scores=False, w=MEDIUM_WEIGHTS, n=1):
    """Moves sorted best first by their scores under weights w, a pass's as
    pass_score's for n paid passes. Among equal scores, with 3 cards or fewer (where
    Medium's weights leave the others' cards out), the card that opens fewer of them
    comes first; otherwise the engine order stands (a pass last)."""
    k = len(moves)
    keys = [0] * k          # score * 64 less the tie's count: one list to sort
    race = phase(view.hand) == 0
    for i in range(k):
        a = moves[i]
        if a == PASS:
            keys[i] = pass_score(view, cost, n) * 64 - 63
        else:
            keys[i] = card_score(view, a, w) * 64
            if race:
                # the others' cards alone (weights as bytes: 16 bytes of code less than a tuple)
                keys[i] -= card_score(view, a, b"\0\1\0\0\0\0\0\0")
    out = moves[:]
    # insertion sort, descending, stable
    for i in range(1, k):
        a = out[i]
        key = keys[i]
        j = i - 1
        while j >= 0 and keys[j] < key:
            out[j + 1] = out[j]
            keys[j + 1] = keys[j]
            j -= 1
        out[j + 1] = a
        keys[j + 1] = key
    if want_scores:
        for i in range(k):
            keys[i] = (keys[i] + 63) >> 6
        return out, keys
    return out


# ---- the bot -------------------------------------------------------------------------

class _NoLog:
    """Stands in for a scratch game's log: playouts record nothing, allocate nothing."""

    def append(self, action):
        pass

    def __len__(self):
        return 0


_NOLOG = _NoLog()


class Bot:
    """One computer player. Reuses its scratch Game and buffers between decisions.

    start(view, seed) then step(work) until it returns True; the action is `choice`.
    Hard with budget 0 plays its best-scored move without searching.
    """

    def __init__(self, level=HARD, budget=HARD_BUDGET):
        self.level = level
        self.budget = budget
        self.game = None
        self.hands = None
        self.cards = bytearray(52)
        self.elig = bytearray(52)
        self.cap = [0] * 7
        self.tot = [0] * 16
        self.up = [0] * 13
        self.down = [0] * 13
        self.tables_for = None
        self.top = 0
        self.rng = Rng(1)
        self.prng = Rng(1)
        self.view = None
        self.cand = None
        self.choice = -1
        self.done = True
        self.work = 0
        self.rounds = 0
        self.rec = None         # the search's buffers, made by its first decision (_prepare):
        self.nrec = 0           # Easy and Medium never search
        self.h2 = None
        self.c2 = None
        self.props = None
        self.pw = None

    def _scratch(self, view):
        g = self.game
        if g is None or g.rules is not view.rules or g.players != view.players:
            g = self.game = Game(view.rules, 1, players=view.players)
            self.hands = [0] * (view.players * 4)
        if self.tables_for is not view.rules:
            self._tables(view.rules)
        return g

    def legal_moves(self, view):
        """The legal actions of the view's player (who must be the one to act)."""
        g = self._scratch(view)
        h = self.hands
        me = view.me
        for i in range(view.players * 4):
            h[i] = 0
        for s in range(4):
            h[me * 4 + s] = view.hand[s]
        g.load(view, h)
        return g.legal_moves()

    def start(self, view, seed=0):
        """Begin a decision for view.me, who must be the player to act."""
        if view.turn != view.me or view.winner >= 0:
            raise ValueError("not this player's decision")
        self.view = view
        self.rng.seed(seed & 0x3FFFFFFF)
        moves = self.legal_moves(view)
        self.done = True
        self.work = 0
        self.rounds = 0
        if len(moves) == 1:
            self.choice = moves[0]
            return
        if self.level == EASY:
            if moves[-1] == PASS and view.bonus < 0 and self.rng.below(_EASY_WHIM):
                moves.pop()     # a paid pass only on a whim: random passes soon went broke
            self.choice = moves[self.rng.below(len(moves))]
            return
        cost = 0
        if moves[-1] == PASS and view.bonus < 0:
            cost = self.game.pass_total(view.me, MOST)
        w = weights(self.level, view.rules)
        # paid passes a deal at their cost: Medium 1, Hard 2 (its level); more made matches short
        ordered, scores = order_moves(view, moves, cost, True, w, self.level)
        # in Play or Pay cards within _POP_NEAR (still _CANDIDATES at most): the next suit's
        # start, which the scores put 8 apart for the suit's last card, is the search's to weigh
        # (a pass's window stays the weights': the playouts, which never pass, favour one; a
        # pass outside it ends the list, the cards scored below it too)
        near = _POP_NEAR if view.rules.opening == PLAY_OR_PAY else w[NEAR_AT]
        k = 1
        while k < len(ordered) and k < _CANDIDATES and scores[k] >= scores[0] - (
                w[NEAR_AT] if ordered[k] == PASS else near):
            k += 1
        if cost and self.level == HARD and PASS in ordered[1:k]:
            # nor is a paid pass searched while a card gives the others nothing (each card that
            # fits once it is laid, and did not before, is the player's own; at a Play or Pay
            # suit's start, any card): lay a card (the search picks which), pay later if need be.
            # After a pass the playouts kept the card for a free move later, after the card they
            # never paid to pass: they favoured the pass by a move. (The scratch game, loaded
            # with the player's hand alone as legal_moves left it, lays each card in turn.)
            g = self.game
            for c in moves[:-1]:
                g.load(view, self.hands, _NOLOG)
                g._lay(view.me, c)
                s = 0
                while s < 4 and not g.fits[s] & ~view.fits[s] & ~g.hands[view.me * 4 + s]:
                    s += 1
                if s == 4:
                    ordered.remove(PASS)
                    k -= 1
                    break
        if self.level == MEDIUM or k == 1 or self.budget <= 0 or ordered[0] == PASS and cost:
            # (a paid pass scored first stands: the playouts never pass, so cannot weigh one)
            self.choice = ordered[0]
            return
        self.cand = ordered[0:k]
        for i in range(len(self.cand)):
            self.tot[i] = 0
        self.choice = self.cand[0]
        self.j = 0
        self._prepare()
        self.done = False

    def step(self, work):
        """Do about `work` plies of search; True when the choice is made."""
        if self.done:
            return True
        g = self.game
        view = self.view
        cand = self.cand
        used = 0
        while used < work:
            j = self.j
            if j == 0:
                self._sample()
                self.pseed = (self.rng.next16() << 14) ^ self.rng.next16()
                used += _SAMPLE_COST
                if self.nrec:
                    used += PROPOSALS * (_SAMPLE_COST + self.nrec // 4)
            g.load(view, self.hands, _NOLOG)
            g.play(cand[j])
            self.prng.seed(self.pseed)
            n = self._playout(g) + 1
            self.tot[j] += self._utility(g)
            used += n
            j += 1
            if j == len(cand):
                j = 0
                self.rounds += 1
            self.j = j
            if j == 0 and self.work + used >= self.budget:
                # done: the best total, but the best-scored move stands unless the playouts
                # clearly prefer another
                self.work += used
                tot = self.tot
                best = 0
                for i in range(1, len(cand)):
                    if tot[i] > tot[best]:
                        best = i
                if tot[best] - tot[0] <= MARGIN * self.rounds // 4:
                    best = 0
                self.choice = cand[best]
                self.done = True
                return True
        self.work += used
        return False

    def choose(self, view, seed=0):
        """The whole decision at once."""
        self.start(view, seed)
        while not self.step(1 << 20):
            pass
        return self.choice

    # ---- determinization ---------------------------------------------------------
    def _prepare(self):
        """List the hidden cards and who may hold each (from the forced passes)."""
        if self.rec is None:
            self.rec = [0] * (_MAXREC * 6)
            self.h2 = [0] * 28
            self.c2 = [0] * 7
            self.props = [0] * (PROPOSALS * 28)
            self.pw = [0] * PROPOSALS
        v = self.view
        me = v.me
        cards = self.cards
        elig = self.elig
        k = 0
        for s in range(4):
            m = FULL & ~v.table[s] & ~v.hand[s]
            while m:
                r = lowest(m)
                m &= m - 1
                c = s * 13 + r
                e = 0
                for q in range(v.players):
                    if q != me and v.counts[q] and not v.void[q * 4 + s] >> r & 1:
                        e += 1
                cards[k] = c
                elig[c] = e
                k += 1
        self.unseen = k
        self.nrec = 0
        if len(v.log):
            try:
                self._history()
            except RuntimeError:
                pass          # the replay of the public history ran dry at its end

    # ---- inference from the public history -----------------------------------------
    def _history(self):
        """Replay the public log (each player holding just the cards they laid) and
        remember each opponent's card choices: who, which card, and per suit the
        table, its high end and what fitted then (packed in one small int).

        Each card is laid by the player `by` names; the replay's own turn order is not
        followed, as forced passes are not logged and a replayed hand may lack the card
        that let its player pass by choice. A pass changes no row: it declined the
        Coventry bonus, or it was a paid pass (in Play or Pay whoever lays a suit's 13th card
        goes out or holds a card of a suit not begun, which starts the next)."""
        v = self.view
        n = v.players
        me = v.me
        g = self.game           # the search's scratch Game: each playout loads the view anew
        g.log = _NOLOG
        by = v.by
        h = g.hands
        for i in range(n * 4):
            h[i] = 0
        for c in range(52):
            q = by[c]
            if q != 255:
                h[q * 4 + c // 13] |= 1 << (c % 13)
        for s in range(4):
            h[me * 4 + s] |= v.hand[s]
        for q in range(n):
            g.counts[q] = 99
        g.dealer = v.dealer
        g._begin()
        rec = self.rec
        k = 0
        log = v.log
        for i in range(len(log)):
            a = log[i]
            if a == PASS:
                g.bonus = -1
                continue
            p = g.turn = by[a]
            if p != me and g.opener < 0 and k < _MAXREC:
                b = k * 6
                rec[b] = p
                rec[b + 1] = a
                for s in range(4):
                    f = 0 if g.bonus == s else g.fits[s]
                    rec[b + 2 + s] = g.table[s] | (g.high[s] + 1) << 13 | f << 17
                k += 1
                self.nrec = k
            if g.play(a) != OK:
                break

    def _deficit(self):
        """How badly the sampled hands explain the opponents' recorded choices: for
        each, how far the playout policy's score of the card laid falls below the
        best card that player could have laid instead (their hand then is the sampled
        hand plus the cards they laid since)."""
        n4 = self.view.players * 4
        h = self.hands
        h2 = self.h2
        c2 = self.c2
        for i in range(n4):
            h2[i] = h[i]
        counts = self.view.counts
        for q in range(self.view.players):
            c2[q] = counts[q]
        rec = self.rec
        total = 0
        k = self.nrec - 1
        while k >= 0:
            b = k * 6
            q = rec[b]
            a = rec[b + 1]
            k -= 1
            base = q * 4
            h2[base + a // 13] |= 1 << (a % 13)
            c2[q] += 1
            tempo = c2[q] <= 3
            mine = -9999
            best = -9999
            for s in range(4):
                x = rec[b + 2 + s]
                hs = h2[base + s]
                m = hs & (x >> 17)
                if not m:
                    continue
                t = x & FULL
                hi = (x >> 13 & 15) - 1
                while m:
                    bit = m & -m
                    m ^= bit
                    r = lowest(bit)
                    sc = self._fast_score(hs, t, hi, r, tempo)
                    if s * 13 + r == a:
                        mine = sc
                    elif sc > best:
                        best = sc
            if best > mine:
                d = best - mine
                total += d if d < DEFICIT_CAP else DEFICIT_CAP
        return total

    def _sample(self):
        """Draw PROPOSALS consistent deals and keep one, chosen with weights from how
        well each explains the opponents' past choices (see _deficit)."""
        if not self.nrec:
            self._sample1()
            return
        n4 = self.view.players * 4
        h = self.hands
        props = self.props
        pw = self.pw
        total = 0
        for k in range(PROPOSALS):
            self._sample1()
            d = self._deficit() >> _LIK_SHIFT
            w = 1 << (20 - d) if d < 20 else 1
            pw[k] = w
            total += w
            base = k * 28
            for i in range(n4):
                props[base + i] = h[i]
        x = self.rng.below(total)
        k = 0
        while k < PROPOSALS - 1:
            x -= pw[k]
            if x < 0:
                break
            k += 1
        base = k * 28
        for i in range(n4):
            h[i] = props[base + i]

    def _sample1(self):
        """Deal the hidden cards to the others: counts kept, voids respected."""
        v = self.view
        n = v.players
        me = v.me
        rng = self.rng
        cards = self.cards
        k = self.unseen
        i = k - 1
        while i > 0:
            j = rng.below(i + 1)
            t = cards[i]
            cards[i] = cards[j]
            cards[j] = t
            i -= 1
        for attempt in range(9):        # the ninth, without voids, always deals: the
            if self._deal(n, me, attempt < 8):      # others hold exactly the unseen cards
                return

    def _deal(self, n, me, voids):
        """Deal the shuffled hidden cards: those few players may hold first, each to one
        of them drawn by the room they have left; then the cards anyone may hold, in their
        shuffled order (the same odds, no draws). False if a card has no possible holder."""
        v = self.view
        h = self.hands
        cap = self.cap
        cards = self.cards
        elig = self.elig
        void = v.void
        rng = self.rng
        k = self.unseen
        live = 0
        for q in range(n):
            cap[q] = 0 if q == me else v.counts[q]
            if cap[q]:
                live += 1
            for s in range(4):
                h[q * 4 + s] = 0
        for s in range(4):
            h[me * 4 + s] = v.hand[s]
        if not voids:
            live = 0
        for lev in range(live):         # most constrained first
            for i in range(k):
                c = cards[i]
                if elig[c] != lev:
                    continue
                s = c // 13
                bit = 1 << (c % 13)
                total = 0
                for q in range(n):
                    if cap[q] and not void[q * 4 + s] & bit:
                        total += cap[q]
                if not total:
                    return False
                x = rng.below(total)
                for q in range(n):
                    if cap[q] and not void[q * 4 + s] & bit:
                        x -= cap[q]
                        if x < 0:
                            h[q * 4 + s] |= bit
                            cap[q] -= 1
                            break
        q = 0
        for i in range(k):
            c = cards[i]
            if live and elig[c] != live:
                continue
            while not cap[q]:
                q += 1
            h[q * 4 + c // 13] |= 1 << (c % 13)
            cap[q] -= 1
        return True

    # ---- playouts ------------------------------------------------------------------
    def _tables(self, rules):
        """UP[r] / DOWN[r]: ranks beyond rank r along a row, each way, the row's top, and
        the rules they are for (tables_for). (A Play or Pay row, which runs all round, has
        one card that fits while it is partly laid, so its score never decides.)"""
        self.tables_for = rules
        bottom, self.top = rules.bottom_top()
        up = self.up
        down = self.down
        for r in range(13):
            pr = (r - bottom) % 13
            u = d = 0
            for q in range(13):
                pq = (q - bottom) % 13
                if pq > pr:
                    u |= 1 << q
                elif pq < pr:
                    d |= 1 << q
            up[r] = u
            down[r] = d

    def _fast_score(self, h, t, hi, r, tempo):
        """The fast policy's score (x4) for laying rank r from h, a hand's cards of a
        suit whose row holds t (high end hi): the most of your own cards behind it,
        the fewest of the others' (only your own near the end); in play or pay a suit's
        first card counts one more of yours when the suit's last card is yours. No laid
        card lies behind it: a row is laid without gaps."""
        if not t:
            mk = self.up[r] | self.down[r]
        elif hi != self.top and r == (hi + 1) % 13:
            mk = self.up[r]
        else:
            mk = self.down[r]
        x = h & mk
        sc = _POP[x & 127] + _POP[x >> 7]
        if not t and h >> ((r + 12) % 13) & 1 and self.tables_for.opening == PLAY_OR_PAY:
            sc += 1         # (play or pay) the suit's last card is mine too: I start the next
        if tempo:
            return sc * 16
        x = mk & ~h
        return (8 * sc - _POP[x & 127] - _POP[x >> 7]) * 4

    def _playout(self, g):
        """Play the scratch game to its end with the fast policy; returns plies."""
        plies = 0
        while g.winner < 0:
            g.play(self.fast_move(g))
            plies += 1
        return plies

    def fast_move(self, g):
        """The fast policy's action for the player to act in game g: Medium in
        miniature, the card with the most of your own cards behind it and the fewest
        of the others', a little noise breaking ties (3 bits of a draw per card)."""
        rng = self.prng
        hands = g.hands
        fits = g.fits
        table = g.table
        high = g.high
        p = g.turn
        base = p * 4
        bonus = g.bonus
        tempo = g.counts[p] <= 3
        best = -999
        c = PASS
        bits = 1
        for s in range(4):
            if s == bonus:
                continue
            h = hands[base + s]
            m = h & fits[s]
            while m:
                b = m & -m
                m ^= b
                r = lowest(b)
                if bits < 8:
                    bits = rng.next16() | 0x10000
                sc = self._fast_score(h, table[s], high[s], r, tempo) + (bits & NOISE)
                bits >>= 3
                if sc > best:
                    best = sc
                    c = s * 13 + r
        return c

    def _utility(self, g):
        """The deal's result for the bot, in the rule set's own units (plus a win bonus)."""
        me = self.view.me
        rules = g.rules
        won = g.winner == me
        if rules.scoring == CHIPS:
            u = g.chips[me] - self.view.chips[me]
            if won:
                u += g.pot
                for q in range(g.players):
                    if q != me:
                        pen = g.penalty(q)
                        u += pen if pen < g.chips[q] else g.chips[q]
            else:
                pen = g.penalty(me)
                u -= pen if pen < g.chips[me] else g.chips[me]
        elif rules.scoring == RACE:
            u = -g.penalty(me)
        else:
            if won:
                u = 0
                for q in range(g.players):
                    if q != me:
                        u += g.penalty(q)
            else:
                u = -g.penalty(me)
        if won:
            u += _WIN_BONUS
        return u


_BOTS = [None, None, None]


def bot(level):
    """A shared Bot of a level (its scratch Game is reused between decisions)."""
    b = _BOTS[level]
    if b is None:
        b = _BOTS[level] = Bot(level)
    return b


def choose(view, seed=0, level=HARD):
    """The action a bot of this level takes for this view and seed."""
    return bot(level).choose(view, seed)
