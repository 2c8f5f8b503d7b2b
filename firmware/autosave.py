"""What the badge keeps while it is off: the game record and the prefs record.

Both are engine.records.Record (two alternating slots, sequence numbers, CRC) in the
HAL's store (nvm on CircuitPython, files on MicroPython and in the simulator), so a
power cut during a write leaves the previous good record, and a damaged game record
cannot take the settings and statistics with it.

game payload: b"" (no match), or 10 bytes of the app's own (header version, the match's
preset index, its statistics level, the 7 seats' bot levels) then engine.save's record,
whose screen byte is kind * 32 + hand cursor (kind: TABLE, RESULTS, STANDINGS, FINISHED;
header 1 had kind * 16, which clamped the cursor of an 18-card hand).

A record whose newest slot cannot be loaded falls back to the other slot; "damaged" is
said only when no slot holds a record that loads, or when a newer one failed beside "no
match" (a torn write beside a good slot is the power cut the two slots are there for).

prefs payload: version, the settings bytes (Auto-play's from version 5), next deal number
(4), the 7 seat levels, the last deal counted in the statistics (4), New game's rule set (a
length byte, then engine.rules.Rules.encode(); not in version 1), the opener picked on New
game (a card, 255 the player left of the dealer, NO_PICK none; from version 4: a free
opening's rule set holds the forced left of the dealer instead),
engine.stats.Stats.encode(), then the last finished deal as engine.save bytes, for the
replay (none, or not in versions 1 and 2: the game record holds the deal that is being
played, so a power cut mid-deal lost it).
"""
from engine.portable import const
from engine.records import Record
from engine import save
from engine.stats import Stats, SIZE as STATS_SIZE
from engine.rules import PRESETS

_GAME_KIND = const(1)
_PREFS_KIND = const(2)
_GAME_HEAD = const(2)
SCREEN = 32      # screen byte = kind * SCREEN + cursor (16 under header 1)
# prefs versions: 2 with New game's rule set, 3 the last finished deal, 4 the opener picked, 5 Auto-play
_PREFS_VERSION = const(5)
NO_PICK = const(254)        # settings["opener"] when no opener was picked

TABLE = 0        # mid-deal, at the table
RESULTS = 1      # the deal is settled, its results page
STANDINGS = 2    # the standings after it
FINISHED = 3     # the match is over and left: only kept for the replay

# settings kept in the prefs record, with how many values each may take
SETTINGS = (("lang", 3), ("sound", 2), ("speed", 3), ("bright", 5),
            ("preset", len(PRESETS)), ("players", 8), ("level", 3), ("auto", 2))


class Saved:
    """A game read back from flash."""

    def __init__(self, match, kind, cursor, preset, level, seats, record):
        self.match = match
        self.kind = kind
        self.cursor = cursor
        self.preset = preset
        self.level = level
        self.seats = seats
        self.record = record        # engine.save bytes (for the replay)


def _u32(b, at):
    return (b[at] << 24) | (b[at + 1] << 16) | (b[at + 2] << 8) | b[at + 3]


def _put32(out, v):
    out.extend(bytes(((v >> 24) & 0xFF, (v >> 16) & 0xFF, (v >> 8) & 0xFF, v & 0xFF)))


class Saves:
    """The two records of one store. Writes never raise: a full or read-only store only
    means nothing is kept (returns False)."""

    def __init__(self, store):
        self.store = store
        self.game = Record(store, "game", _GAME_KIND)
        self.prefs = Record(store, "prefs", _PREFS_KIND)
        self.unread = []        # records whose slots could not be read at power-up

    def _write(self, rec, payload):
        if rec in self.unread:  # not over what may still be whole: it comes back at the next power-up
            return False
        try:
            return rec.write(payload)
        except (OSError, ValueError):
            return False

    def _read(self, rec):
        """(good payloads, newest first; damaged). A zero-length slot file is damage too
        (a store never writes one). A read that fails is tried once more: a glitch at
        power-up must not reset the settings and statistics, whose reset is then written.
        A record that still cannot be read is not written until the next power-up: reads
        that work again a moment later wrote the reset over the whole records."""
        for _ in range(2):
            try:
                payloads, damaged = rec.read_all()
                for name in rec.names:
                    d = self.store.load(name)
                    if d is not None and len(d) == 0:
                        damaged = True
                return payloads, damaged or self.store.damaged      # records lost beside the slots
            except (OSError, ValueError, IndexError):
                pass
        self.unread.append(rec)
        return [], True

    # ---- game ------------------------------------------------------------------
    def save_game(self, match, kind, cursor, preset, level, seats):
        rec = save.encode(match, kind * SCREEN + min(cursor, SCREEN - 1))
        head = bytearray((_GAME_HEAD, preset, level))
        head.extend(bytes(seats[0:7]))
        return self._write(self.game, bytes(head) + rec)

    def clear_game(self):
        return self._write(self.game, b"")

    def load_game(self):
        """(Saved or None, damaged): the newest slot that loads; None without damage when
        the record says no match is running."""
        payloads, damaged = self._read(self.game)
        for i in range(len(payloads)):
            payload = payloads[i]
            if not payload:      # no match: only a newer record that failed to load is lost
                return None, i > 0
            try:
                return _game(payload), damaged
            except (ValueError, IndexError):     # save.SaveError is a ValueError
                pass
        return None, damaged or bool(payloads)

    # ---- settings and statistics ----------------------------------------------------
    def save_prefs(self, settings, seats, stats, counted, rules=b"", replay=b""):
        out = bytearray((_PREFS_VERSION,))
        for key, n in SETTINGS:
            out.append(settings[key])
        _put32(out, settings["deal"])
        out.extend(bytes(seats[0:7]))
        _put32(out, counted)
        out.append(len(rules))
        out.extend(rules)
        out.append(settings["opener"])
        out.extend(stats.encode())
        out.extend(replay)
        return self._write(self.prefs, bytes(out))

    def load_prefs(self):
        """(settings dict, seats, Stats, counted, rules bytes, replay bytes) or None, and
        damaged: the newest slot that loads."""
        payloads, damaged = self._read(self.prefs)
        for payload in payloads:
            try:
                return _prefs(payload), damaged
            except (ValueError, IndexError):
                pass
        return None, damaged or bool(payloads)


def _game(payload):
    """Saved from a game payload; ValueError or IndexError if it cannot be loaded."""
    if payload[0] not in (1, _GAME_HEAD):
        raise ValueError("header")
    preset, level = payload[1], payload[2]
    seats = bytearray(payload[3:10])
    if preset >= len(PRESETS) or level > 2 or max(seats) > 2:
        raise ValueError("header")
    record = bytes(payload[10:])
    match, screen = save.decode(record)
    per = SCREEN if payload[0] == _GAME_HEAD else 16
    kind = screen // per
    if kind > FINISHED or (kind != TABLE and match.result is None):
        raise ValueError("screen")
    return Saved(match, kind, screen % per, preset, level, seats, record)


def _prefs(payload):
    """(settings dict, seats, Stats, counted, rules bytes: b"" from version 1, the replay's
    engine.save bytes: b"" before version 3, or where they no longer load) from a prefs
    payload; ValueError or IndexError if it cannot be loaded."""
    if not 1 <= payload[0] <= _PREFS_VERSION:
        raise ValueError("version")
    settings = {"auto": 0}          # Auto-play: off before version 5
    at = 1
    for key, n in SETTINGS if payload[0] > 4 else SETTINGS[:-1]:
        if payload[at] >= n:
            raise ValueError(key)
        settings[key] = payload[at]
        at += 1
    settings["deal"] = _u32(payload, at)
    at += 4
    if not 1 <= settings["deal"] <= 99999 or settings["players"] < 3:    # (SETTINGS: at most 7)
        raise ValueError("deal")
    seats = bytearray(payload[at:at + 7])
    if max(seats) > 2:
        raise ValueError("seats")
    at += 7
    counted = _u32(payload, at)
    at += 4
    rules = b""
    if payload[0] > 1:
        rules = bytes(payload[at + 1:at + 1 + payload[at]])
        at += 1 + len(rules)
    settings["opener"] = NO_PICK
    if payload[0] > 3:
        settings["opener"] = payload[at]
        if payload[at] < NO_PICK and (payload[at] > 51 or payload[at] % 13 != 6):     # not a seven
            raise ValueError("opener")
        at += 1
    end = at + STATS_SIZE
    replay = bytes(payload[end:])
    if replay:
        try:
            save.decode(replay)
        except (ValueError, IndexError):
            replay = b""             # the settings and statistics still load
    return settings, seats, Stats.decode(payload[at:end]), counted, rules, replay
