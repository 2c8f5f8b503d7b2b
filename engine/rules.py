"""Rule sets as values: every option is a plain field, every preset a set of fields.

    >>> r = preset("domino").with_(players=5, penalty=VALUES)
    >>> r.players, r.penalty == VALUES, r == preset("domino")
    (5, True, False)
    >>> Rules.decode(r.encode()) == r       # one byte a field: the save format's
    True
    >>> preset("sevens").with_(players=5).problem()     # a rule set no deal can play says why
    'players not between min_players and max_players'
    >>> preset("sevens").with_(players=5, max_players=5).problem() is None
    True
"""
from engine.portable import const

from engine.cards import card, SPADES, HEARTS, DIAMONDS, CLUBS

# opening
SEVENS = const(0)
FIVE_OR_NINE = const(1)
ANY_RANK = const(2)
PLAY_OR_PAY = const(3)
# opener: a card id that must be played first, or LEFT_OF_DEALER
LEFT_OF_DEALER = const(255)
SEVEN_OF_DIAMONDS = card(DIAMONDS, 6)
SEVEN_OF_HEARTS = card(HEARTS, 6)
SEVEN_OF_SPADES = card(SPADES, 6)       # some tables start with it (Taiwan, China)
SEVEN_OF_CLUBS = card(CLUBS, 6)         # (Finland)
# scoring
ZERO_SUM = const(0)
RACE = const(1)
CHIPS = const(2)
# penalty unit
CARDS = const(0)
VALUES = const(1)
PIPS = const(2)

# Field order is the save format: append new fields at the end only (docs/options.md: the recipe).
FIELDS = (
    "players", "min_players", "max_players",
    "opening", "opener", "ace_high", "coventry",
    "strategic_pass", "pass_pot", "gate_penalty",
    "scoring", "penalty", "target", "chips", "deals",
    "ceremony", "up_first", "winner_deals",
)
_DEFAULTS = (4, 3, 7, SEVENS, SEVEN_OF_DIAMONDS, 0, 0, 0, 3, 3, ZERO_SUM, CARDS, 100, 50, 4, 0, 0, 0)

# (lowest, highest) allowed value of each field, in FIELDS order; opener is checked apart.
_LIMITS = ((3, 7), (3, 7), (3, 7), (0, 3), None, (0, 1), (0, 1), (0, 1), (0, 9), (0, 9),
           (0, 2), (0, 2), (10, 250), (5, 250), (0, 250), (0, 1), (0, 1), (0, 1))


class Rules:
    """One rule set. Fields (see FIELDS):

    players/min_players/max_players: table size and the range this rule set allows;
    opening: SEVENS, FIVE_OR_NINE, ANY_RANK or PLAY_OR_PAY;
    opener: the card that must be played first (SEVEN_OF_DIAMONDS, _HEARTS, _SPADES, _CLUBS)
        or LEFT_OF_DEALER (that player plays a starter or passes);
    ace_high: rows run 2..A instead of A..K;
    coventry: whoever lays the 4th starter may play one more card on another row;
    strategic_pass: a player may pass while able, paying pass_pot chips to the pot,
        plus gate_penalty to each holder of the starter's neighbours when they held
        a starter of a row not begun (the 7, or the rank the first starter fixed: none
        before it; none in play or pay) (chips scoring only);
    scoring: ZERO_SUM (losers pay the winner), RACE (losers add; first to target
        ends the match, lowest wins) or CHIPS (equal stacks, antes, pot);
    penalty: CARDS (1 per card), VALUES (A=1 ... K=13) or PIPS (A=1, 2-10 at face value, J Q K 10);
    target: RACE end; chips: starting stack; deals: deals in a match (0 = no limit
        for CHIPS and RACE); ceremony: deal face up until a Jack picks the first
        dealer, and cut the deck each deal;
    up_first: in a 7s opening, no card goes below a 7 until the 8 above it is laid (the 8
        before the 6);
    winner_deals: a deal's winner deals the next one (001), instead of the seat left of the dealer.
    """

    def __init__(self, **fields):
        for i in range(len(FIELDS)):
            setattr(self, FIELDS[i], _DEFAULTS[i])
        for key in fields:
            if key not in FIELDS:
                raise ValueError("unknown rule: " + key)
            setattr(self, key, fields[key])

    def with_(self, **changes):
        """A copy with some fields changed."""
        fields = {}
        for f in FIELDS:
            fields[f] = getattr(self, f)
        for key in changes:
            fields[key] = changes[key]
        return Rules(**fields)

    def values(self):
        """The fields in FIELDS order."""
        return tuple([getattr(self, f) for f in FIELDS])

    def __eq__(self, other):
        return self is other or (isinstance(other, Rules) and self.values() == other.values())

    def problem(self):
        """Why this rule set cannot be played, or None."""
        for i in range(len(FIELDS)):
            v = getattr(self, FIELDS[i])
            lim = _LIMITS[i] or (0, 51)
            # (a flag may be True, the 1 it equals: MicroPython's bool is no int)
            if not isinstance(v, (int, bool)) or not (lim[0] <= v <= lim[1] or
                                                      (i == 4 and v == LEFT_OF_DEALER)):
                return FIELDS[i] + " out of range"
        if not self.min_players <= self.players <= self.max_players:
            return "players not between min_players and max_players"
        if self.opener != LEFT_OF_DEALER and self.opening in (FIVE_OR_NINE, ANY_RANK):
            return "a free opening needs the player left of the dealer to open"
        if self.opener != LEFT_OF_DEALER and self.opener % 13 != 6:
            return "the opening card must be a seven"
        if self.coventry and self.opening != ANY_RANK:
            return "the Coventry bonus needs any-rank openings"
        if self.scoring == ZERO_SUM and not self.deals:
            return "a zero-sum match needs a number of deals"
        if self.strategic_pass and self.scoring != CHIPS:
            return "strategic passes are a chip-game rule"
        if self.strategic_pass and self.pass_pot < 2:
            # more than a forced pass's 1 chip: a paid pass costing as much would look the same
            # at the table, while the views (forced, void, log) would tell the others which it was
            return "a strategic pass costs 2 or more"
        if self.strategic_pass and self.max_players * self.chips // self.pass_pot > 140:
            # each strategic pass feeds the pot, so this bounds a deal's log (engine.save: with 7
            # players, 46 cards + 140 passes + a bonus and the rest of the record take 232 of its
            # 256 bytes, a byte for each rule field: up to 24 fit, docs/options.md)
            return "too many chips for strategic passes"
        return None

    def bottom_top(self):
        """Rank indexes of the two row ends: (bottom, top)."""
        return (1, 0) if self.ace_high else (0, 12)

    def encode(self):
        """The rule set as bytes (one per field)."""
        return bytes(self.values())

    @staticmethod
    def decode(data):
        """Rebuild from encode(); missing trailing fields keep their defaults."""
        fields = {}
        for i in range(min(len(data), len(FIELDS))):
            fields[FIELDS[i]] = data[i]
        r = Rules(**fields)
        why = r.problem()
        if why:
            raise ValueError(why)
        return r


_CHIP_GAME = {"opener": LEFT_OF_DEALER, "scoring": CHIPS, "strategic_pass": 1,
              "pass_pot": 3, "gate_penalty": 3, "ceremony": 1, "max_players": 5,
              "deals": 10}

# What a change needs: a paid pass is a chip-game rule (other scoring turns it off, turning it on
# scores in chips); a free opening (5 or 9, any rank) is made by the player left of the dealer,
# not by a set card (the 7 of diamonds would fix the rank), and only any rank has the Coventry bonus.
_PAIRED = {"scoring": {"strategic_pass": 0}, "strategic_pass": {"scoring": CHIPS},
           "opening": {"opener": LEFT_OF_DEALER, "coventry": 0}}


def override(base, over, field, value):
    """The overrides `over` of rule set base with field = value, the first of these that can be
    played: with the paired rules (_PAIRED) that an earlier change forced back at the preset's
    (chip scoring brings the preset's paid pass back, sevens after 5 or 9 the 7♦; a 7♥, ♠ or ♣
    the player chose stays where it can), as they are, or with the paired rules the change needs; else None. The
    paid pass never brings the preset's scoring back. A change of scoring brings its number of
    deals: none in a race (it runs to its target), else the preset's (4 for zero-sum where it has none)."""
    trial = dict(over)
    trial[field] = value
    tries = [trial]
    other = _PAIRED.get(field)
    if other:
        back = dict(trial)
        fixed = dict(trial)
        for k in other:
            if back.get(k) == other[k]:     # as a change needed it: the preset's may come back
                back.pop(k)
            fixed[k] = other[k]
        tries = [trial, fixed] if field == "strategic_pass" else [back, trial, fixed]
    was = over.get("scoring", base.scoring)
    for t in tries:
        scoring = t.get("scoring", base.scoring)
        if scoring != was:      # a zero-sum match needs a count: Sevens' 4
            t["deals"] = 0 if scoring == RACE else base.deals or 4 * (scoring == ZERO_SUM)
        if base.with_(**t).problem() is None:
            return t
    return None


PRESETS = ("sevens", "fan_tan", "domino", "parliament",
           "five_or_nine", "coventry", "play_or_pay")


def preset(key):
    """The named rule set (see PRESETS)."""
    if key == "sevens":      # rule book 002
        return Rules(players=4, min_players=4, max_players=4, ace_high=1)
    if key == "fan_tan":     # rule book 000
        return Rules(**_CHIP_GAME)
    if key == "domino":      # rule book 001 (French Domino, match to 100)
        return Rules(opener=LEFT_OF_DEALER, opening=ANY_RANK, scoring=RACE,
                     max_players=6, deals=0)
    if key == "parliament":  # rule book 003
        return Rules(scoring=RACE, deals=0)
    if key == "five_or_nine":
        return Rules(opening=FIVE_OR_NINE, **_CHIP_GAME)
    if key == "coventry":
        return Rules(opening=ANY_RANK, coventry=1, **_CHIP_GAME)
    if key == "play_or_pay":
        return Rules(opening=PLAY_OR_PAY, chips=60, **_CHIP_GAME)   # its biggest loser pays ~20 a deal
    raise ValueError("unknown preset: " + str(key))
