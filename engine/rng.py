"""The deal RNG: a 32-bit xorshift kept as two 16-bit halves.

Every step uses small ints only, so it never allocates on MicroPython, and one
seed gives the same numbers on CPython, MicroPython and CircuitPython.

    >>> r = Rng(42)
    >>> [r.below(6) for _ in range(5)]
    [2, 2, 0, 3, 3]
"""


class Rng:
    """xorshift32 (13, 17, 5) on a state split into hi and lo 16-bit words."""

    def __init__(self, seed):
        self.seed(seed)

    def seed(self, seed):
        """Restart from a seed (any int below 2**30)."""
        self.hi = ((seed >> 16) ^ 0x9E37) & 0xFFFF
        self.lo = (seed ^ 0x79B9) & 0xFFFF
        if not (self.hi | self.lo):
            self.lo = 1
        for _ in range(6):
            self.next16()

    def next16(self):
        """Advance and return the top 16 bits of the state."""
        hi = self.hi
        lo = self.lo
        # x ^= x << 13
        hi ^= ((hi << 13) | (lo >> 3)) & 0xFFFF
        lo ^= (lo << 13) & 0xFFFF
        # x ^= x >> 17
        lo ^= hi >> 1
        # x ^= x << 5
        hi ^= ((hi << 5) | (lo >> 11)) & 0xFFFF
        lo ^= (lo << 5) & 0xFFFF
        self.hi = hi
        self.lo = lo
        return hi

    def below(self, n):
        """An int in range(n), for n <= 65536."""
        return (self.next16() * n) >> 16

    def shuffle(self, items):
        """Fisher-Yates shuffle in place."""
        i = len(items) - 1
        while i > 0:
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]
            i -= 1
