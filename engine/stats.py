"""Lifetime statistics: deals and matches, wins per preset and level, streaks, penalties.

The average penalty is in cards left, the one unit every rule set shares (its own penalty may
be card values, pips or chips), so deals of different games add up.

Stored as a short byte string (encode/decode) inside the settings record, apart
from the game record, so a damaged game cannot take them with it.
"""
from engine.rules import PRESETS
from engine.levels import LEVELS
from engine.portable import const
_VERSION = const(1)
_MOST = const(0xFFFF)      # each count is saved in 16 bits
_SLOTS = len(PRESETS) * len(LEVELS)
SIZE = 1 + 2 * (7 + 2 * _SLOTS)     # bytes of encode()


class Stats:
    """Counters for the human player."""

    def __init__(self):
        self.reset()

    def reset(self):
        self.deals = 0
        self.matches = 0
        self.match_wins = 0
        self.streak = 0          # deals won in a row, now
        self.best = 0            # longest streak ever
        self.penalty = 0         # cards left at the end of a deal, all deals together
        self.played = [0] * _SLOTS   # deals per (preset, level)
        self.wins = [0] * _SLOTS     # deals won per (preset, level)

    @staticmethod
    def slot(preset_key, level):
        """Index of a preset and a level (0 easy ... 2 hard) in played/wins."""
        return PRESETS.index(preset_key) * len(LEVELS) + level

    def add_deal(self, preset_key, level, won, cards):
        """Count a finished deal; cards: how many the human had left (0 when they won)."""
        if self.deals == _MOST:
            return              # counted no further, so every figure stays one of the same deals
        i = self.slot(preset_key, level)
        self.deals += 1
        self.played[i] += 1
        if won:
            self.wins[i] += 1
            self.streak += 1
            self.best = max(self.best, self.streak)
        else:
            self.streak = 0
        self.penalty += max(0, cards)

    def add_match(self, won):
        if self.matches == _MOST:
            return
        self.matches += 1
        if won:
            self.match_wins += 1

    def average_penalty(self):
        """Average penalty per deal in cards left, in tenths (27 means 2.7)."""
        return (self.penalty * 10 + self.deals // 2) // self.deals if self.deals else 0

    def encode(self):
        vals = [self.deals, self.matches, self.match_wins, self.streak, self.best,
                self.penalty >> 16, self.penalty & 0xFFFF] + self.played + self.wins
        out = bytearray([_VERSION])
        for v in vals:
            out.append(v >> 8)
            out.append(v & 0xFF)
        return bytes(out)

    @staticmethod
    def decode(data):
        """Stats from encode(); ValueError if the bytes are not a stats record."""
        n = 7 + 2 * _SLOTS
        if len(data) != SIZE or data[0] != _VERSION:
            raise ValueError("not a stats record")
        v = [(data[1 + 2 * i] << 8) | data[2 + 2 * i] for i in range(n)]
        s = Stats()
        s.deals, s.matches, s.match_wins, s.streak, s.best = v[0], v[1], v[2], v[3], v[4]
        s.penalty = (v[5] << 16) | v[6]
        s.played = v[7:7 + _SLOTS]
        s.wins = v[7 + _SLOTS:]
        return s
