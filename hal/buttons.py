"""Logical buttons, and the debouncing-free logic that turns raw keys into them.

A board profile lists its keys as (pin name, short-press button, long-press button or None)
and its chords as (pin a, pin b, button). A key without a long press or chord fires when
pressed, and a held direction repeats. A key with a long press or in a chord fires on
release (short), after _LONG_MS held (long), or as a chord when the other key goes down too.
"""
try:
    from micropython import const
except ImportError:
    def const(x):
        return x

UP = const(0)
DOWN = const(1)
LEFT = const(2)
RIGHT = const(3)
OK = const(4)
BACK = const(5)
MENU = const(6)
HINT = const(7)
NAMES = ("UP", "DOWN", "LEFT", "RIGHT", "OK", "BACK", "MENU", "HINT")
TURN = const(8)     # a knob's turn clockwise, TURN + 1 back: each screen says what it does (TURNS)

_REPEAT_DELAY_MS = const(400)
_REPEAT_MS = const(120)
_LONG_MS = const(600)


class Buttons:
    """Raw key states in, logical button presses out.

    keys: tuple of (pin, short, long_or_None); chords: tuple of (pin_a, pin_b, button).
    press(i, now)/release(i, now)/tick(now) append logical buttons to self.out.
    """

    def __init__(self, keys, chords=()):
        self.keys = keys
        n = len(keys)
        self.partner = [[] for _ in range(n)]  # per key: (other key, button)
        for a, b, button in chords:
            ia = self._index(a)
            ib = self._index(b)
            self.partner[ia].append((ib, button))
            self.partner[ib].append((ia, button))
        self.deferred = [keys[i][2] is not None or bool(self.partner[i]) for i in range(n)]
        self.down = [False] * n
        self.since = [0] * n
        self.spent = [0] * n   # fired long (1), a chord or cleared (2): the release says nothing
        self.next_repeat = [0] * n
        self.out = []

    def _index(self, pin):
        for i in range(len(self.keys)):
            if self.keys[i][0] == pin:
                return i
        raise ValueError("chord key not in keys: " + pin)

    def press(self, i, now):
        if self.down[i]:
            return
        self.down[i] = True
        self.since[i] = now
        self.spent[i] = 0
        for other, button in self.partner[i]:
            if self.down[other] and self.spent[other] != 1:     # (held from a chord: again)
                self.spent[i] = 2
                self.spent[other] = 2
                self.out.append(button)
                return
        if not self.deferred[i]:
            button = self.keys[i][1]
            self.out.append(button)
            self.next_repeat[i] = now + _REPEAT_DELAY_MS if button <= RIGHT else -1

    def release(self, i, now):
        if not self.down[i]:
            return
        self.down[i] = False
        if self.deferred[i] and not self.spent[i]:
            self.out.append(self.keys[i][1])

    def tick(self, now):
        for i in range(len(self.keys)):
            if not self.down[i]:
                continue
            if self.deferred[i]:
                long_button = self.keys[i][2]
                if long_button is not None and not self.spent[i] and now - self.since[i] >= _LONG_MS:
                    self.spent[i] = 1
                    self.out.append(long_button)
            elif (self.next_repeat[i] >= 0 and now >= self.next_repeat[i]
                  and self.out.count(self.keys[i][1]) == len(self.out)):
                # not in a poll with another button, which may open a screen (its clear() ends
                # the repeat): read after it, the repeat went to that screen
                self.out.append(self.keys[i][1])
                self.next_repeat[i] = now + _REPEAT_MS

    def clear(self):
        """For a new screen or your decision: the keys held now say nothing more, pressed again
        they do (held on the title, → repeated: New game, then Start; R held from before your
        turn, the T-Display's OK, laid a card unseen); one still makes a chord with another."""
        for i in range(len(self.keys)):
            self.next_repeat[i] = -1
            if self.down[i] and not self.spent[i]:
                self.spent[i] = 2

    def take(self):
        """The logical buttons fired since the last take(), oldest first; when none, the same
        empty list each time (read it, do not keep it): an idle poll allocates nothing."""
        out = self.out
        if out:
            self.out = []
        return out
