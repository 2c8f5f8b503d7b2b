"""Cards are ints 0..51: suit * 13 + rank index (0 = ace, 1 = two ... 12 = king).

A hand or a row is a 13-bit mask per suit, so every value stays a small int.

    >>> c = card(DIAMONDS, 6)
    >>> c, RANKS[c % 13] + SUIT_SYMBOLS[c // 13]
    (32, '7♦')
    >>> row = 0b1110000                     # the 5, 6 and 7 of a suit
    >>> popcount(row), RANKS[lowest(row)], mask_value(row)
    (3, '5', 18)
"""
from engine.portable import const

SPADES = const(0)
HEARTS = const(1)
DIAMONDS = const(2)
CLUBS = const(3)
FULL = const(0x1FFF)

SUIT_SYMBOLS = "\u2660\u2665\u2666\u2663"
RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")

# Bits set in 0..127 (literal tables: nothing is built at import time).
_POP = (
    b'\x00\x01\x01\x02\x01\x02\x02\x03\x01\x02\x02\x03\x02\x03\x03\x04\x01\x02\x02\x03\x02\x03\x03\x04\x02\x03\x03\x04\x03\x04\x04\x05'
    b'\x01\x02\x02\x03\x02\x03\x03\x04\x02\x03\x03\x04\x03\x04\x04\x05\x02\x03\x03\x04\x03\x04\x04\x05\x03\x04\x04\x05\x04\x05\x05\x06'
    b'\x01\x02\x02\x03\x02\x03\x03\x04\x02\x03\x03\x04\x03\x04\x04\x05\x02\x03\x03\x04\x03\x04\x04\x05\x03\x04\x04\x05\x04\x05\x05\x06'
    b'\x02\x03\x03\x04\x03\x04\x04\x05\x03\x04\x04\x05\x04\x05\x05\x06\x03\x04\x04\x05\x04\x05\x05\x06\x04\x05\x05\x06\x05\x06\x06\x07'
)
# (bit % 37) is distinct for the 13 single-bit masks: a tiny lowest-bit table.
_LOW = b'\x00\x00\x01\x00\x02\x00\x00\x00\x03\x00\x00\x00\x00\x0b\x00\x00\x04\x07\x00\x00\x00\x00\x00\x00\x00\n\x0c\x06\x00\x00\x00\t\x05\x00\x08\x00\x00'


def card(suit, rank):
    """The card id of a suit and a rank index."""
    return suit * 13 + rank


def popcount(mask):
    """Number of cards in a 13-bit mask."""
    return _POP[mask & 127] + _POP[mask >> 7]


def lowest(mask):
    """Rank index of the lowest card in a non-empty 13-bit mask."""
    return _LOW[(mask & -mask) % 37]


def mask_value(mask, most=13):
    """Sum of card values in a 13-bit mask (A=1 ... K=13), each at most `most` (pips: 10)."""
    total = 0
    while mask:
        v = lowest(mask) + 1
        total += v if v < most else most        # (no call to min(): playouts settle with it)
        mask &= mask - 1
    return total
