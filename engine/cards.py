"""Cards are ints 0..51: suit * 13 + rank index (0 = ace, 1 = two ... 12 = king).

A hand or a row is a 13-bit mask per suit, so every value stays a small int.
"""
try:
    from micropython import const
except ImportError:
    def const(x):
        return x

SPADES = const(0)
HEARTS = const(1)
DIAMONDS = const(2)
CLUBS = const(3)
FULL = const(0x1FFF)

SUIT_SYMBOLS = "\u2660\u2665\u2666\u2663"
SUIT_LETTERS = "SHDC"
RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")

_POP = bytes([bin(i).count("1") for i in range(128)])
# (bit % 37) is distinct for the 13 single-bit masks: a tiny lowest-bit table.
_LOW = bytearray(37)
for _i in range(13):
    _LOW[(1 << _i) % 37] = _i


def card(suit, rank):
    """The card id of a suit and a rank index."""
    return suit * 13 + rank


def suit_of(c):
    return c // 13


def rank_of(c):
    return c % 13


def value(c):
    """Card value for penalties: ace 1 ... king 13."""
    return c % 13 + 1


def name(c):
    """Short name, for example '10♥'."""
    return RANKS[c % 13] + SUIT_SYMBOLS[c // 13]


def ascii_name(c):
    """Name without symbols, for example '10H'."""
    return RANKS[c % 13] + SUIT_LETTERS[c // 13]


def popcount(mask):
    """Number of cards in a 13-bit mask."""
    return _POP[mask & 127] + _POP[mask >> 7]


def lowest(mask):
    """Rank index of the lowest card in a non-empty 13-bit mask."""
    return _LOW[(mask & -mask) % 37]


def ranks(mask):
    """Rank indexes in a 13-bit mask, low to high."""
    out = []
    while mask:
        r = lowest(mask)
        out.append(r)
        mask &= mask - 1
    return out


def mask_value(mask):
    """Sum of card values in a 13-bit mask."""
    total = 0
    while mask:
        total += lowest(mask) + 1
        mask &= mask - 1
    return total
